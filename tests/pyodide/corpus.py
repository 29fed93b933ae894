"""Seeded bot games recorded on CPython: the corpus Pyodide must replay hash for hash.

Shared by the parity test (tests/pyodide/test_parity.py) and the browser benchmark.
Every game id in `core.games.ids()` whose engine module exists takes part, plus the
kernel's fixture game; an engine that is listed but not written yet is skipped
(and named), while an engine that fails to import fails the run.
"""

from __future__ import annotations

from typing import Any

import msgspec

from core import games
from core.browser import state_hashes
from core.kernel import Rng, SetupError, Timeline, bots_of, digest, encode_record, new_record
from tests.kernel.fixture_game import GAME as FIXTURE

FIXTURE_MODULE = "tests/kernel/fixture_game.py"


class Game(msgspec.Struct, kw_only=True):
    game: str
    seed: int
    record_json: str
    hashes: list[str]  # CPython's state hash after every entry


def available() -> tuple[list[str], list[str]]:
    """(game ids whose engine loads, game ids listed but not written yet)."""
    games.register(FIXTURE)
    ready, missing = [], []
    for game_id in games.ids():
        try:
            games.get(game_id)
        except ModuleNotFoundError as exc:
            if exc.name and exc.name.startswith("core.games."):
                missing.append(game_id)
                continue
            raise
        except AttributeError as exc:  # the package exists, its GAME is not written yet
            if "GAME" not in str(exc):
                raise
            missing.append(game_id)
            continue
        ready.append(game_id)
    return ready, missing


def play(
    game_id: str,
    seed: int,
    *,
    seats: int | None = None,
    options: dict[str, Any] | None = None,
    undo_odds: tuple[int, int] = (1, 9),
    max_entries: int = 2_000,
) -> Any:
    """One seeded bot game; after a move, a take-back (when the policy allows it) with
    odds `undo_odds` (a in b). Returns its Timeline."""
    game = games.get(game_id)
    info = game.info
    span = info.max_players - info.min_players + 1
    n = seats if seats is not None else info.min_players + seed % span
    record = new_record(game, record_id=f"{game_id}-{seed}", seats=n, seed=seed, options=options)
    timeline: Timeline[Any, Any, Any] = Timeline(game, record)
    bots = bots_of(game)
    # the bots the corpus was made with: the search levels cost too much for it
    names = [name for name in sorted(bots) if name in {"greedy", "random"}]
    rng = Rng.seeded(seed, stream=7)
    while timeline.seq < max_entries:
        movers = timeline.to_move()
        if not movers:
            break
        seat = movers[0]
        bot = bots[names[(seat + seed) % len(names)]]
        move = bot(game, timeline.state, seat, rng)
        timeline.play(seat, move, move_id=f"m{timeline.seq + 1}", device_id="cpython")
        target = timeline.undo_target()
        if (
            target is not None
            and rng.below(undo_odds[1]) < undo_odds[0]
            and timeline.takeback_refusal(seat, target) is None
        ):
            timeline.take_back(seat, target, move_id=f"u{timeline.seq + 1}")
    return timeline


# Titles whose options depend on one another (and on the seat count) list the
# combinations to replay; `options_for` cycles through them instead.
OPTION_SETS: dict[str, list[dict[str, Any]]] = {
    "rewild-south-america": [
        {"long_game": True},
        {"expert_plants": True},
        {"expert_board": True},
        {"expert_cards": True},
        {"long_game": True, "expert_plants": True, "expert_board": True, "expert_cards": True},
        {"challenge": True},  # solo only; the defaults otherwise
    ],
    "valley-of-the-torii": [
        {"rainbow": True},
        {"board_layout": "ALT1", "objectives": "A"},
        {"board_layout": "ALT2", "rainbow": True, "start_player": 0},
        {"board_layout": "ALT3", "objectives": "C"},
        {"board_layout": "CUSTOM", "custom_paper": 4100, "rainbow": True},
        {"difficulty": "hard", "objectives": "B"},  # solo only; the defaults otherwise
        {"difficulty": "easy", "rainbow": True, "board_layout": "ALT2"},
    ],
}


def options_for(game_id: str, index: int, seats: int) -> dict[str, Any]:
    """Table options that vary with the game's index, so variants are replayed too.

    Game 0 takes every default (and a solitaire level, for titles with one); then a
    title's OPTION_SETS cycle, or else each bool flips every other game, each choice
    cycles, each int alternates between its default and its maximum (below the seat
    count when it names a seat). A combination the engine refuses falls back to the
    defaults.
    """
    mode = _level_mode(game_id, index, seats)
    if index == 0:
        return mode
    if game_id in OPTION_SETS:
        sets = OPTION_SETS[game_id]
        options = dict(sets[(index - 1) % len(sets)])
    else:
        options = _varied(game_id, index, seats)
    options.update(mode)
    try:
        games.get(game_id).setup(seats, 0, options)
    except SetupError:
        return mode
    return options


def _varied(game_id: str, index: int, seats: int) -> dict[str, Any]:
    options: dict[str, Any] = {}
    for spec in games.get(game_id).info.options:
        if spec.kind == "bool":
            options[spec.name] = bool(index % 2) != bool(spec.default)
        elif spec.kind == "choice" and spec.choices:
            options[spec.name] = spec.choices[(index // 3) % len(spec.choices)]
        elif spec.kind == "int":
            high = spec.maximum if spec.maximum is not None else int(spec.default)
            if "player" in spec.name or "seat" in spec.name:
                high = min(high, seats - 1)
            values = [int(spec.default), max(high, int(spec.default))]
            options[spec.name] = values[(index // 2) % 2]
    return options


# Titles whose solitaire mode is a level option: 0 with several seats, 1..max solo.
LEVEL_OPTION: dict[str, str] = {"whispering-woods": "level"}


def _level_mode(game_id: str, index: int, seats: int) -> dict[str, Any]:
    name = LEVEL_OPTION.get(game_id)
    if name is None:
        return {}
    spec = next(s for s in games.get(game_id).info.options if s.name == name)
    top = int(spec.maximum or 1)
    return {name: 1 + index % top if seats == 1 else 0}


def corpus(
    per_game: int = 50, *, full_games: int = 5, cap: int = 250
) -> tuple[list[Game], list[str]]:
    """`per_game` games of every available title, and the titles skipped.

    Seats cycle through the title's range and options through its variants
    (`options_for`). The first `full_games` of each title are played to the end;
    the others stop after `cap` entries (a prefix of a record is a record), which
    keeps a title with long games (Ducks in Tow: ~1,700 entries) to seconds.
    """
    ready, missing = available()
    out = []
    for game_id in ready:
        for index in range(per_game):
            seed = 1_000 + index * 7_919
            limit = 2_000 if index < full_games else cap
            info = games.get(game_id).info
            seats = info.min_players + seed % (info.max_players - info.min_players + 1)
            options = options_for(game_id, index, seats)
            timeline = play(game_id, seed, seats=seats, options=options, max_entries=limit)
            text = encode_record(timeline.record)
            hashes = state_hashes(text)
            assert hashes.error is None, hashes.error
            stored = [digest(timeline.state_at(e.seq)) for e in timeline.record.entries]
            assert hashes.hashes == stored, f"{game_id} seed {seed}: replay differs on CPython"
            out.append(Game(game=game_id, seed=seed, record_json=text.decode(), hashes=stored))
    return out, missing


def long_record(entries: int = 300) -> tuple[str, str]:
    """(game id, record text) of exactly `entries` entries, for the benchmark.

    A real title's bot game when one is long enough (a prefix of a valid record is
    valid), else the fixture game with many take-backs.
    """
    ready, _ = available()
    for game_id in [g for g in ready if g != FIXTURE.info.id]:
        for seed in range(1, 20):
            timeline = play(game_id, seed, undo_odds=(0, 1))
            if timeline.seq >= entries:
                record = timeline.record
                record.entries = record.entries[:entries]
                return game_id, encode_record(record).decode()
    options = {"deck_size": 40, "hand_size": 3}
    for seed in range(1, 1_000):
        timeline = play(FIXTURE.info.id, seed, seats=4, options=options, undo_odds=(3, 4))
        if timeline.seq >= entries:
            record = timeline.record
            record.entries = record.entries[:entries]
            return FIXTURE.info.id, encode_record(record).decode()
    raise AssertionError(f"no game reached {entries} entries")
