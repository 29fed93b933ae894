"""PCG32 (O'Neill's XSH-RR 64/32): Kifu's only source of chance.

Its whole state is a msgspec Struct that lives inside each game's State, so a
take-back restores the generator too and undoing can never re-roll luck. The
reference test vectors (seed 42, stream 54) are pinned in tests/kernel.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from typing import TypeVar

import msgspec

T = TypeVar("T")

_MASK64 = (1 << 64) - 1
_MULTIPLIER = 6364136223846793005


class Rng(msgspec.Struct):
    """Mutable generator state; only ever mutated inside `evolve` on a cloned state."""

    state: int
    inc: int

    @classmethod
    def seeded(cls, seed: int, stream: int = 54) -> Rng:
        """pcg32_srandom_r(seed, stream) of the reference implementation."""
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
