"""The `kifu` CLI driven as a subprocess, as a person would use it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from core.kernel import Outcome
from server.cli import _describe_outcome

ROOT = Path(__file__).resolve().parents[2]


def kifu(*args: str, stdin: str = "", cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "KIFU_EXTRA_GAMES": "tests.kernel.fixture_game",
        "PYTHONPATH": str(ROOT),
    }
    return subprocess.run(
        [sys.executable, "-m", "server.cli", *args],
        input=stdin,
        check=False,
        capture_output=True,
        text=True,
        env=env,
        cwd=cwd,
        timeout=120,
    )


def test_new_bot_verify_replay_on_the_fixture_game(tmp_path: Path) -> None:
    path = tmp_path / "g.kifu.json"
    made = kifu("new", "high-card", "--players", "3", "--seed", "7", "-o", str(path))
    assert made.returncode == 0, made.stderr
    assert json.loads(path.read_text())["genesis"]["seed"] == 7

    bot = kifu("bot", str(path), "--bot", "random")
    assert bot.returncode == 0, bot.stderr
    assert "game over: winners" in bot.stdout
    entries = json.loads(path.read_text())["entries"]
    assert entries

    verified = kifu("verify", str(path))
    assert verified.returncode == 0
    assert f"ok: {len(entries)} entries verify" in verified.stdout

    replay = kifu("replay", str(path), "--at", "2", "--seat", "1")
    assert replay.returncode == 0, replay.stderr
    assert replay.stdout.startswith(f"seq 2 of {len(entries)}")
    view = json.loads(replay.stdout.split("\n", 1)[1].rsplit("game over", 1)[0])
    assert view["hand"] is not None and "deck" not in view


def test_msgpack_records_work_too(tmp_path: Path) -> None:
    path = tmp_path / "g.kifu.msgpack"
    assert (
        kifu("new", "high-card", "--players", "2", "--seed", "1", "-o", str(path)).returncode == 0
    )
    assert kifu("bot", str(path), "--max-moves", "3").returncode == 0
    assert "ok: 3 entries verify" in kifu("verify", str(path)).stdout


def test_kifu_files_are_the_compact_form(tmp_path: Path) -> None:
    compact, plain = tmp_path / "g.kifu", tmp_path / "g.kifu.json"
    for path in (compact, plain):
        made = kifu("new", "high-card", "--players", "2", "--seed", "3", "-o", str(path))
        assert made.returncode == 0, made.stderr
        assert kifu("bot", str(path), "--bot", "random").returncode == 0
    assert compact.read_bytes()[:6] == b"\x97\xa4kifu"  # ["kifu", 3, ...]
    assert compact.stat().st_size * 4 < plain.stat().st_size
    entries = len(json.loads(plain.read_text())["entries"])
    assert f"ok: {entries} entries verify" in kifu("verify", str(compact)).stdout


def test_play_reads_numbered_choices_and_undo(tmp_path: Path) -> None:
    path = tmp_path / "p.kifu.json"
    kifu("new", "high-card", "--players", "2", "--seed", "4", "-o", str(path))
    session = kifu("play", str(path), stdin='1\nundo\n1\n99999\n{"type": "pass"}\nquit\n')
    assert session.returncode == 0, session.stderr
    assert session.stdout.count("> ! ") == 1  # only 99999 was refused
    assert "! not a high-card move" in session.stdout
    kinds = [entry["kind"] for entry in json.loads(path.read_text())["entries"]]
    assert kinds == ["entry", "takeback", "entry", "entry"]


def test_a_divergent_record_fails_verify_with_the_seq(tmp_path: Path) -> None:
    path = tmp_path / "g.kifu.json"
    kifu("new", "high-card", "--players", "2", "--seed", "3", "-o", str(path))
    kifu("bot", str(path))
    record = json.loads(path.read_text())
    record["entries"][2]["state_hash"] = "0" * 64
    path.write_text(json.dumps(record))
    result = kifu("verify", str(path))
    assert result.returncode == 1
    assert "seq 3: state hash differs" in result.stderr


def test_report_and_repro_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "g.kifu.json"
    kifu("new", "high-card", "--players", "2", "--seed", "3", "-o", str(path))
    kifu("bot", str(path), "--max-moves", "4")
    report = tmp_path / "r.json"
    made = kifu("report", str(path), "--seat", "1", "--move", '{"type":"draw"}', "-o", str(report))
    assert made.returncode == 0, made.stderr
    repro = kifu("repro", str(report), "--at", "2")
    assert repro.returncode == 0, repro.stderr
    assert "reproduced" in repro.stdout and "NOT" not in repro.stdout
    assert "observed: IllegalMove" in repro.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["new", "chess", "--players", "2"], "unknown game 'chess'"),
        (["new", "high-card", "--players", "9"], "1-4 players, not 9"),
        (["new", "high-card", "--players", "2", "--option", "x"], "NAME=VALUE"),
        (["verify", "missing.kifu.json"], "cannot read missing.kifu.json"),
        (["repro", "missing.json"], "cannot read missing.json"),
    ],
)
def test_bad_input_is_one_line_and_non_zero(tmp_path: Path, args: list[str], message: str) -> None:
    result = kifu(*args, cwd=tmp_path)
    assert result.returncode == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1


def test_malformed_record_and_illegal_move_leave_the_file_untouched(tmp_path: Path) -> None:
    broken = tmp_path / "broken.kifu.json"
    broken.write_text('{"genesis": ')
    result = kifu("bot", str(broken))
    assert result.returncode == 2 and "not a Kifu record" in result.stderr
    assert broken.read_text() == '{"genesis": '

    path = tmp_path / "g.kifu.json"
    kifu("new", "high-card", "--players", "2", "--seed", "3", "-o", str(path))
    before = path.read_bytes()
    session = kifu(
        "play", str(path), stdin='{"type": "play", "card": 999}\n{"type": "nope"}\nquit\n'
    )
    assert "! you do not hold it [HC-3]" in session.stdout
    assert "! not a high-card move" in session.stdout
    assert path.read_bytes() == before


def test_new_refuses_to_overwrite_without_force(tmp_path: Path) -> None:
    path = tmp_path / "g.kifu.json"
    kifu("new", "high-card", "--players", "2", "--seed", "3", "-o", str(path))
    again = kifu("new", "high-card", "--players", "2", "--seed", "4", "-o", str(path))
    assert again.returncode == 2 and "exists" in again.stderr
    assert json.loads(path.read_text())["genesis"]["seed"] == 3


def test_a_solo_result_says_won_or_lost() -> None:
    """A solo game's one seat ranks first even when the rules' opponent beat it: the
    CLI's line says won or lost, not "winners [0]"."""
    lost = Outcome(scores=[90], ranks=[1], winners=[0], won=False)
    assert _describe_outcome(lost) == "game over: lost, scores [90]"
    won = Outcome(scores=[90], ranks=[1], winners=[0], won=True)
    assert _describe_outcome(won) == "game over: won, scores [90]"
    duel = Outcome(scores=[3, 5], ranks=[2, 1], winners=[1])
    assert _describe_outcome(duel) == "game over: winners [1], scores [3, 5]"
