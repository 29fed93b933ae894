"""Make the record corpus: seeded bot games of every title, written as their engines made them.

The corpus is what proves that records players already hold keep opening after an
engine or the record format changes, so it is made ONCE with the engines of the
day and checked in; regenerating it with newer engines would prove nothing. It was
made with the engines of commit 4fca50b (record format 1):

    git worktree add /tmp/corpus-src 4fca50b
    SP=$(ls -d .venv/lib/python3*/site-packages)
    PYTHONPATH=/tmp/corpus-src:$SP .venv/bin/python -S tests/corpus/make_corpus.py tests/corpus
    git worktree remove /tmp/corpus-src

(``-S`` keeps the editable install of this checkout off the path, so ``core`` is the
old one.) The ``f2-`` records are the same games made again, in record format 2 (salted
commitments, both titles on rules 2), with the engines of main at 337065c, extracted
with ``git archive 337065c core tests/corpus/make_corpus.py | tar -x -C /tmp/corpus-src``
and run the same way into a scratch folder; their files got the ``f2-`` prefix and
their manifest rows were appended to ``corpus.json``. Only kernel APIs that existed
then are used. What it holds: both titles at
every player count, options varied, take-backs, finished and unfinished games, a
branch ("play from here"), JSON and msgpack. Manifest: ``corpus.json``.

The ``f2-`` records of Valley of the Torii, Whispering Woods and Rewild (``NEW_TITLES``:
every player count, their solo modes and modules) were made with the engines of main
at 8f2caa5, the last in record format 2, and the ``f3-`` records of all five titles
(record format 3; ``.kifu`` files in the compact form) with those of the commit that
added them, both run as above with ``--prefix f2-``/``--prefix f3-`` and ``--titles``,
``--append`` adding their rows to the manifest. The ``c4-`` records (all five titles,
move ids counting up per device as the PWA's do, so the ``.kifu`` files are compact
version 4 with nil ids) were made with the engines of the commit that added them,
``--prefix c4- --titles all --kifu --counted-ids --append``. The ``f4-`` records, the
same games in record format 4 (open entries' commitments under the public key; the
``.kifu`` files compact version 5), with the engines of the commit that added them:
``--prefix f4- --titles all --kifu --counted-ids --append``, run with
``PYTHONPATH`` set to that checkout (the editable install points elsewhere).
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

from core import __version__, games
from core.kernel import Rng, Timeline, bots_of, encode_record, new_record

# (title, seats, seed, options, entry cap (None: to the end), undo odds in 10, format)
GAMES: list[tuple[str, int, int, dict[str, Any], int | None, int, str]] = [
    ("tulikko", 2, 101, {}, None, 2, "msgpack"),
    ("tulikko", 3, 202, {"beginner": True, "maps": "random"}, 60, 2, "json"),
    ("tulikko", 4, 303, {"first_player": 3}, 45, 3, "msgpack"),
    ("ducks-in-tow", 2, 11, {}, None, 1, "msgpack"),
    ("ducks-in-tow", 2, 404, {}, 80, 2, "json"),
    ("ducks-in-tow", 3, 505, {}, 60, 3, "msgpack"),
    ("ducks-in-tow", 4, 606, {}, 50, 0, "json"),
]

NEW_TITLES: list[tuple[str, int, int, dict[str, Any], int | None, int, str]] = [
    ("valley-of-the-torii", 1, 701, {"difficulty": "hard"}, None, 2, "json"),
    ("valley-of-the-torii", 2, 702, {"objectives": "A"}, None, 2, "msgpack"),
    ("valley-of-the-torii", 3, 703, {"board_layout": "ALT2", "rainbow": True}, 40, 0, "json"),
    ("valley-of-the-torii", 4, 704, {}, 30, 3, "msgpack"),
    ("whispering-woods", 1, 801, {"level": 4}, None, 2, "json"),
    ("whispering-woods", 2, 802, {}, None, 2, "msgpack"),
    ("whispering-woods", 3, 803, {"start_player": 2}, 40, 0, "json"),
    ("whispering-woods", 4, 804, {}, 30, 3, "msgpack"),
    ("rewild-south-america", 1, 901, {"challenge": True}, None, 2, "json"),
    ("rewild-south-america", 2, 902, {}, None, 2, "msgpack"),
    (
        "rewild-south-america",
        2,
        903,
        {"long_game": True, "expert_plants": True, "expert_board": True, "expert_cards": True},
        60,
        1,
        "json",
    ),
    ("rewild-south-america", 3, 904, {}, 40, 0, "msgpack"),
    ("rewild-south-america", 4, 905, {}, 30, 3, "json"),
]


def play(game_id: str, seats: int, seed: int, options: dict[str, Any], cap: int | None,
         undo_in_10: int, counted: bool = False) -> Timeline[Any, Any, Any]:  # fmt: skip
    """A bot game; after a move, a take-back when the policy allows it (odds in 10).
    Move ids "m<seq>" and "u<seq>", or, `counted`, as the PWA makes them since compact
    version 4: 16 hex digits, each device counting up from a start of its own."""
    game = games.get(game_id)
    record = new_record(
        game,
        record_id=f"corpus-{game_id}-{seats}p-{seed}",
        seats=seats,
        seed=seed,
        options=options,
        created_at=1_764_547_200_000,
    )
    timeline: Timeline[Any, Any, Any] = Timeline(game, record)
    bots = bots_of(game)
    # the bots the corpus was made with: the search levels cost too much for it
    names = [name for name in sorted(bots) if name in {"greedy", "random"}]
    rng = Rng.seeded(seed, stream=7)
    counts = [seed << 40 | seat << 32 for seat in range(seats)]

    def move_id(kind: str, seat: int) -> str:
        counts[seat] += 1
        return f"{counts[seat]:016x}" if counted else f"{kind}{timeline.seq + 1}"

    while cap is None or timeline.seq < cap:
        movers = timeline.to_move()
        if not movers:
            break
        seat = movers[0]
        move = bots[names[(seat + timeline.seq) % len(names)]](game, timeline.state, seat, rng)
        n = timeline.seq + 1
        timeline.play(seat, move, move_id=move_id("m", seat), device_id=f"dev{seat}", at=1000 * n)
        target = timeline.undo_target()
        if (
            target is not None
            and rng.below(10) < undo_in_10
            and timeline.takeback_refusal(seat, target) is None
        ):
            n = timeline.seq + 1
            timeline.take_back(
                seat, target, move_id=move_id("u", seat), device_id=f"dev{seat}", at=1000 * n
            )
    return timeline


def main(out: Path, *, prefix: str, titles: str, append: bool, kifu: bool, counted: bool) -> None:
    out.mkdir(parents=True, exist_ok=True)
    listed = json.loads((out / "corpus.json").read_text())["records"] if append else []
    manifest = []
    chosen = {"old": GAMES, "new": NEW_TITLES, "all": GAMES + NEW_TITLES}[titles]
    for game_id, seats, seed, options, cap, undo, fmt in chosen:
        if kifu and seed % 2:  # every other game in the compact form
            fmt = "kifu"
        timeline = play(game_id, seats, seed, options, cap, undo, counted)
        records = [(f"{game_id}-{seats}p-{seed}", timeline.record)]
        if (game_id, seed) == ("ducks-in-tow", 404):
            branch = timeline.branch(30, record_id=f"{timeline.record.id}-branch", created_at=1)
            records.append((f"{game_id}-{seats}p-{seed}-branch-30", branch))
        for name, record in records:
            game = games.get(game_id)
            path = out / f"{prefix}{name}.record.{fmt}"
            if fmt == "kifu":
                path.write_bytes(encode_record(record, "compact", game))  # type: ignore[call-arg]
            else:
                path.write_bytes(encode_record(record, fmt))  # type: ignore[arg-type]
            over = game.outcome(Timeline(game, record).state) is not None
            takebacks = sum(1 for e in record.entries if not hasattr(e, "events"))
            manifest.append(
                {
                    "file": path.name,
                    "game": game_id,
                    "seats": seats,
                    "options": options,
                    "entries": len(record.entries),
                    "takebacks": takebacks,
                    "over": over,
                    "branch_of": record.genesis.parent.record_id if record.genesis.parent else None,
                    "engine_version": record.genesis.engine_version,
                    "format": record.format,
                }
            )
            print(
                f"{path.name}: {len(record.entries)} entries, over={over}, {takebacks} take-backs"
            )
    (out / "corpus.json").write_text(
        json.dumps({"made_with_core": __version__, "records": listed + manifest}, indent=1) + "\n"
    )


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description="make the record corpus")
    parser.add_argument("out", type=Path)
    parser.add_argument("--prefix", default="")
    parser.add_argument("--titles", choices=["old", "new", "all"], default="old")
    parser.add_argument("--append", action="store_true")
    parser.add_argument("--kifu", action="store_true", help="odd seeds in the compact form")
    parser.add_argument("--counted-ids", action="store_true", help="move ids as the PWA's")
    args = parser.parse_args()
    main(
        args.out,
        prefix=args.prefix,
        titles=args.titles,
        append=args.append,
        kifu=args.kifu,
        counted=args.counted_ids,
    )
