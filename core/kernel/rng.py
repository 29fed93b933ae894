"""PCG32 (O'Neill's XSH-RR 64/32): Kifu's only source of chance.

Its whole state is a msgspec Struct that lives inside each game's State, so a
take-back restores the generator too and undoing can never re-roll luck. The
reference test vectors (seed 42, stream 54) are pinned in tests/kernel.

Seeds. A game's seed is an int in 0..2**128-1 (`SEED_LIMIT`); new games get 128
random bits, since the seed decides every hidden card and `seed_hash` (record.py)
publishes a hash of it: 2**64 guesses must not reveal a game. A seed below 2**64
seeds the generator as the reference does (`pcg32_srandom_r(seed, stream)`), as it
always has, so every record made with one replays as it was played. A larger seed
gives its low 64 bits to the state, as the reference does, and its high 64 bits to
the stream: `pcg32_srandom_r(low, mix64(high) ^ stream)`, `mix64` a bijection of 64
bits. So on each stream 128-bit seeds give 2**127 distinct generators, all PCG32 has
(64 bits of state, 63 of stream: two high halves share a stream only where their
mix64 differs in the top bit alone, which the stream drops).
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import msgspec

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULTIPLIER = 6364136223846793005

SEED_LIMIT = 1 << 128
"""Seeds are below this: 128 bits (new games use them all)."""


def _mix64(x: int) -> int:
    """splitmix64's finalizer: a bijection of 64-bit ints (0 only for 0)."""
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & _MASK64
    return x ^ (x >> 31)


class Rng(msgspec.Struct):
    """Mutable generator state; only ever mutated inside `evolve` on a cloned state."""

    state: int
    inc: int

    @classmethod
    def seeded(cls, seed: int, stream: int = 54) -> Rng:
        """pcg32_srandom_r(seed, stream) of the reference implementation, for a seed
        below 2**64; a larger one (below `SEED_LIMIT`) also picks the stream (see the
        module docstring)."""
        if seed > _MASK64:
            if seed >= SEED_LIMIT:
                raise ValueError(f"seed must be below 2**128, got {seed}")
            stream ^= _mix64(seed >> 64)
        rng = cls(0, ((stream << 1) | 1) & _MASK64)
        rng.next_u32()
        rng.state = (rng.state + (seed & _MASK64)) & _MASK64
        rng.next_u32()
        return rng

    def next_u32(self) -> int:
        old = self.state
        self.state = (old * _MULTIPLIER + self.inc) & _MASK64
        xorshifted = (((old >> 18) ^ old) >> 27) & 0xFFFFFFFF
        rot = old >> 59
        return ((xorshifted >> rot) | (xorshifted << ((-rot) & 31))) & 0xFFFFFFFF

    def below(self, bound: int) -> int:
        """Uniform integer in [0, bound), without modulo bias (pcg32_boundedrand_r)."""
        if not 0 < bound <= 0xFFFFFFFF:
            raise ValueError(f"bound must be in 1..2**32-1, got {bound}")
        threshold = (0x100000000 - bound) % bound
        while True:
            r = self.next_u32()
            if r >= threshold:
                return r % bound

    def randint(self, low: int, high: int) -> int:
        """Uniform integer in [low, high], both ends included."""
        return low + self.below(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        if not items:
            raise ValueError("choice from an empty sequence")
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Fisher-Yates in place, from the back, so the result depends only on the state."""
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def split(self, stream: int) -> Rng:
        """An independent generator (for bots) seeded from this one's next output."""
        return Rng.seeded((self.next_u32() << 32) | self.next_u32(), stream)
