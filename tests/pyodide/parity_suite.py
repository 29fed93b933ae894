"""Pure computations whose results must be byte-identical on CPython and in Pyodide.

`run()` returns {name: value} (JSON-able strings and ints). The parity test runs it
on CPython, pyodide/parity.mjs runs it inside Pyodide from the built bundle, and
any name whose value differs fails the test. It covers what state hashes are made
of: the PCG32 stream and its bounded draws and shuffles, canonical JSON (key
order, unicode, 64-bit and negative ints, nesting), sha256, msgpack cloning, the
record hashes (genesis, entries, seed commitment), and for every available game
the initial state, legal moves and every seat's view for several seeds, and the bytes
of a short game review (core.kernel.review: its worlds, floats and rounding).
"""

from __future__ import annotations

from typing import Any

import msgspec

from core import games
from core.kernel import (
    Rng,
    Timeline,
    canonical,
    clone,
    digest,
    genesis_hash,
    new_record,
    seed_commitment,
    tip_hash,
)
from core.kernel.review import Budget, encode_review, review


class _Sample(msgspec.Struct):
    name: str
    values: list[int]
    nested: dict[str, list[int | None]]
    flag: bool = False


def _rng_values() -> dict[str, Any]:
    out: dict[str, Any] = {}
    ref = Rng.seeded(42, 54)
    out["pcg32/42/54"] = [ref.next_u32() for _ in range(6)]
    for seed in (0, 1, 2**32 - 1, 2**63 + 12345, 2**64 - 1, 2**64, 2**127 + 2**64 + 5, 2**128 - 1):
        rng = Rng.seeded(seed)
        out[f"pcg32/{seed}/below"] = [rng.below(b) for b in (1, 2, 3, 7, 10, 52, 2**31 + 1)]
        deck = list(range(60))
        rng.shuffle(deck)
        out[f"pcg32/{seed}/shuffle"] = deck
        child = rng.split(3)
        out[f"pcg32/{seed}/split"] = [child.next_u32(), child.state, child.inc]
    return out


def _encoding_values() -> dict[str, Any]:
    samples: dict[str, Any] = {
        "ints": [0, -1, 1, 2**31, -(2**31), 2**53 + 1, 2**63 - 1, -(2**63), 2**64 - 1],
        "keys": {"b": 1, "a": 2, "é": 3, "Z": 4, "日本": 5, "": 6, "a b": 7, "10": 8, "9": 9},
        "text": ["", "棋譜", '\u0000\u001f"\\/', "emoji 🀄", "\u2028\u2029"],
        "struct": _Sample("x", [3, 1, 2], {"z": [None, 1], "a": []}, True),
        "nested": [[[]], {}, {"k": [{"y": 1, "x": 2}]}],
    }
    out: dict[str, Any] = {}
    for name, value in samples.items():
        out[f"canonical/{name}"] = canonical(value).decode()
        out[f"digest/{name}"] = digest(value)
    out["clone/struct"] = digest(clone(samples["struct"]))
    out["seed_commitment"] = [seed_commitment(s) for s in (0, 7, 2**64 - 1, 2**128 - 1)]
    return out


def _game_values(game_id: str) -> dict[str, Any]:
    game = games.get(game_id)
    info = game.info
    out: dict[str, Any] = {}
    for seats in range(info.min_players, info.max_players + 1):
        for seed in (0, 1, 99, 2**40 + 3):
            record = new_record(game, record_id=f"p-{seats}-{seed}", seats=seats, seed=seed)
            key = f"{game_id}/{seats}/{seed}"
            out[f"{key}/genesis"] = genesis_hash(record.genesis)
            timeline: Timeline[Any, Any, Any] = Timeline(game, record)
            rng = Rng.seeded(seed, stream=11)
            trail = []
            for _ in range(12):  # a short walk: legal moves and views along the way
                movers = timeline.to_move()
                if not movers:
                    break
                seat = movers[0]
                moves = timeline.legal_moves(seat)
                trail.append(digest(moves))
                trail.append(digest([game.view(timeline.state, s) for s in [None, *movers]]))
                timeline.play(seat, rng.choice(moves), move_id=f"w{timeline.seq}")
                trail.append(digest(timeline.state))
            out[f"{key}/walk"] = digest(trail)
            out[f"{key}/tip"] = tip_hash(timeline.record)
    return out


def _review_values(game_id: str) -> dict[str, Any]:
    """A review of a short random game, on a small budget (kernel tests of the review
    itself run on CPython only: under Pyodide they took minutes of the default run)."""
    game = games.get(game_id)
    seats = max(2, game.info.min_players)
    timeline: Timeline[Any, Any, Any] = Timeline(
        game, new_record(game, record_id=f"r-{game_id}", seats=seats, seed=17)
    )
    rng = Rng.seeded(17, stream=5)
    for _ in range(10):
        movers = timeline.to_move()
        if not movers:
            break
        seat = movers[0]
        timeline.play(seat, rng.choice(timeline.legal_moves(seat)), move_id=f"r{timeline.seq}")
    done = review(timeline, seed=3, budget=Budget(worlds=2, effort=150, candidates=2))
    return {f"{game_id}/review": digest(encode_review(done).decode())}


def run(game_ids: list[str]) -> dict[str, Any]:
    """Every value of the suite, keyed by a stable name."""
    out: dict[str, Any] = {}
    out.update(_rng_values())
    out.update(_encoding_values())
    for game_id in game_ids:
        out.update(_game_values(game_id))
        if game_id in games.titles():  # the titles have a judge; a test's game may not
            out.update(_review_values(game_id))
    return out
