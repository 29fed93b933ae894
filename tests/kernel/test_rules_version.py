"""A record played under earlier rules opens, replays as played and is labelled (#12),
on the fixture game with its rules version bumped (fixture_game_v2.py)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import msgspec
import pytest

from core import browser, games
from core.kernel import (
    Rng,
    Timeline,
    encode_record,
    new_record,
    play_bots,
    random_bot,
    verify,
)

from .fixture_game import GAME, HighCard, Pass
from .fixture_game_v2 import GAME as V2
from .fixture_game_v2 import StateV2
from .test_cli import ROOT, kifu

# The CLI runs as a subprocess, which Pyodide (the parity run of these tests) has not.
NEEDS_PROCESSES = pytest.mark.skipif(sys.platform == "emscripten", reason="no processes")


def rules_1_record(seed: int = 5) -> Any:
    """A whole game played by random bots under the fixture's rules 1; some passes."""
    timeline = Timeline(GAME, new_record(GAME, record_id="old", seats=2, seed=seed))
    play_bots(timeline, dict.fromkeys(range(2), random_bot), Rng.seeded(seed, stream=3))
    record = timeline.record
    assert record.genesis.engine_version.endswith("/high-card-1")
    passes = [e for e in record.entries if isinstance(getattr(e, "move", None), Pass)]
    assert any(e.seq < len(record.entries) - 2 for e in passes)  # a pass with cards left
    return record


def test_the_record_rules_version_reaches_initial() -> None:
    record = rules_1_record()
    assert record.genesis.rules_version == "1"
    assert record.genesis.setup().rules_version == "1"
    assert V2.setup(2, 5, {}).rules_version == "2"  # a new game: the engine's current
    assert isinstance(V2.initial(V2.setup(2, 5, {})), StateV2)
    assert not isinstance(Timeline(V2, record).state_at(0), StateV2)


def test_an_older_record_replays_as_played_under_new_rules() -> None:
    record = rules_1_record()
    old = Timeline(GAME, record)
    new = Timeline(V2, record, check="hashes")  # every stored state hash checks
    assert new.state == old.state
    assert new.game.outcome(new.state) == GAME.outcome(old.state)  # scores single, as played
    fresh = Timeline(V2, new_record(V2, record_id="new", seats=2, seed=5))
    first = GAME.legal_moves(fresh.state, 0)[0]
    fresh.play(0, first, move_id="m1")
    assert fresh.state.scores[0] == 2 * first.card  # while new games play the new rules


def test_verify_says_the_rules_changed_naming_both_versions() -> None:
    divergence = verify(V2, rules_1_record())
    assert divergence is not None and divergence.kind == "rules-changed"
    assert (divergence.recorded_rules, divergence.engine_rules) == ("1", "2")
    assert "rules 1 -> 2" in divergence.message and "HC-6" in divergence.message


def test_a_real_divergence_is_reported_under_the_records_own_rules() -> None:
    """Replay (stored events) failing is a divergence whatever the rules version; and a
    record of the current rules that does not re-decide is a divergence too."""
    record = rules_1_record()
    entry = record.entries[3]
    record.entries[3] = msgspec.structs.replace(entry, state_hash="0" * 64)
    divergence = verify(V2, record)
    assert divergence is not None and divergence.kind == "divergence"
    assert divergence.seq == 4 and "under its rules 1" in divergence.message
    same = rules_1_record()
    assert verify(GAME, same) is None
    broken = msgspec.structs.replace(same.entries[1], state_hash="f" * 64)
    same.entries[1] = broken
    divergence = verify(GAME, same)
    assert divergence is not None and divergence.kind == "divergence"
    assert divergence.recorded_rules == divergence.engine_rules == "1"


def test_the_browser_door_labels_the_rules_version(monkeypatch: pytest.MonkeyPatch) -> None:
    text = encode_record(rules_1_record()).decode()
    monkeypatch.setitem(games._LOADED, "high-card", V2)
    engine = browser.Engine()
    reply = json.loads(engine.handle(json.dumps({"op": "load", "record_json": text})))
    assert reply["ok"], reply
    summary = reply["result"]
    assert (summary["rules_version"], summary["engine_rules_version"]) == ("1", "2")
    checked = json.loads(engine.handle(json.dumps({"op": "verify", "record_json": text})))
    assert checked["result"]["kind"] == "rules-changed"
    games.register(GAME)


@NEEDS_PROCESSES
def test_kifu_verify_and_replay_name_the_rules(tmp_path: Path) -> None:
    """The CLI runs the fixture at rules 1; a record made under rules "0" (the
    fixture before this test's imagined change) says so instead of diverging."""
    older = HighCard()
    older.info = msgspec.structs.replace(HighCard.info, rules_version="0")  # type: ignore[misc]
    timeline = Timeline(older, new_record(older, record_id="r0", seats=2, seed=5))
    play_bots(timeline, dict.fromkeys(range(2), random_bot), Rng.seeded(5, stream=3))
    path = tmp_path / "r0.kifu.json"
    path.write_bytes(encode_record(timeline.record))
    checked = kifu("verify", str(path))
    assert checked.returncode == 0, checked.stderr
    assert "high-card rules 0; this engine has rules 1" in checked.stdout
    replayed = kifu("replay", str(path), "--at", "3")
    assert replayed.returncode == 0, replayed.stderr
    assert "high-card rules 0; this engine has rules 1" in replayed.stdout.splitlines()[0]


@NEEDS_PROCESSES
def test_kifu_verify_says_the_rules_changed(tmp_path: Path) -> None:
    path = tmp_path / "old.kifu.json"
    path.write_bytes(encode_record(rules_1_record()))
    env = {
        **os.environ,
        "KIFU_EXTRA_GAMES": "tests.kernel.fixture_game_v2",
        "PYTHONPATH": str(ROOT),
    }
    checked = subprocess.run(
        [sys.executable, "-m", "server.cli", "verify", str(path)],
        capture_output=True, text=True, env=env, timeout=120, check=False,
    )  # fmt: skip
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.startswith("rules changed: ") and "rules 1 -> 2" in checked.stdout


@NEEDS_PROCESSES
@pytest.mark.parametrize("name", ["tulikko-3p-202.record.json", "ducks-in-tow-2p-404.record.json"])
def test_kifu_verify_names_both_rules_on_the_titles_older_records(name: str) -> None:
    """The corpus's rules-1 records of both titles (made by the engines of 4fca50b):
    `kifu verify` re-runs them under their own rules, passes, and names the rules they
    were recorded under beside this engine's; `kifu replay` says the same."""
    path = ROOT / "tests" / "corpus" / name
    genesis = json.loads(path.read_text())["genesis"]
    game = games.get(genesis["game"])
    recorded = genesis["engine_version"].split(f"/{genesis['game']}-", 1)[1]
    assert recorded != game.info.rules_version
    label = f"{game.info.id} rules {recorded}; this engine has rules {game.info.rules_version}"
    checked = kifu("verify", str(path))
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.startswith("ok: ") and label in checked.stdout, checked.stdout
    replayed = kifu("replay", str(path), "--at", "5")
    assert replayed.returncode == 0, replayed.stderr
    assert label in replayed.stdout.splitlines()[0]
