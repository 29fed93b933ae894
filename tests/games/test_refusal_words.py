"""A refused move tells the player what is wrong in words (English: the engine's own
message is what the PWA shows, after "Not allowed:").

Read from the titles' source: every `ensure(...)` and `IllegalMove(...)` with a literal
message. A fragment ("sorted", "its prey", "") said nothing to a player.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

GAMES = Path(__file__).resolve().parents[2] / "core" / "games"
SOURCES = sorted(GAMES.rglob("*.py"))


def refusal_messages(path: Path) -> list[tuple[int, str]]:
    found = []
    for node in ast.walk(ast.parse(path.read_text())):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
        position = {"ensure": 2, "IllegalMove": 1}.get(name or "")
        if position is None or len(node.args) <= position:
            continue
        message = node.args[position]
        if isinstance(message, ast.Constant) and isinstance(message.value, str):
            found.append((node.lineno, message.value))
    return found


def test_the_scan_finds_the_titles_refusals() -> None:
    assert sum(len(refusal_messages(path)) for path in SOURCES) > 100


@pytest.mark.parametrize("path", SOURCES, ids=lambda p: str(p.relative_to(GAMES)))
def test_every_refusal_is_a_sentence_a_player_can_read(path: Path) -> None:
    fragments = [(line, text) for line, text in refusal_messages(path) if len(text.split()) < 3]
    assert not fragments, f"{path.name}: say what is wrong in words: {fragments}"
