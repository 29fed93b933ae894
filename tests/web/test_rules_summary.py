"""The how-to-play summaries (web/src/titles/<game>/howto.js) cite only rules that exist.

Every rule ID an item cites is a rule of shared/rules/<game>.md, and the English and
Japanese summaries have the same sections and the same rule IDs item by item.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TITLES = ROOT / "web" / "src" / "titles"
SPECS = ROOT.parent / "shared" / "rules"
GAMES = {
    "tulikko": "TUL",
    "ducks-in-tow": "DIT",
    "valley-of-the-torii": "TOR",
    "whispering-woods": "WW",
    "rewild-south-america": "RW",
}
TOKEN = re.compile(r"\{ title: '|\{ text: '(?:[^'\\]|\\.)+', rules: \[([^\]]*)\] \}")


def parse(source: str) -> list[list[list[str]]]:
    """Sections, each a list of items, each the list of its rule IDs, in file order."""
    sections: list[list[list[str]]] = []
    for match in TOKEN.finditer(source):
        if match.group(1) is None:
            sections.append([])
        else:
            sections[-1].append(re.findall(r"'([A-Z]+-\d{3})'", match.group(1)))
    return sections


def summaries(game: str) -> dict[str, list[list[list[str]]]]:
    source = (TITLES / game / "howto.js").read_text()
    en, ja = source.split("export const ja = ")
    return {"en": parse(en.split("export const en = ")[1]), "ja": parse(ja)}


@pytest.mark.parametrize("game", GAMES)
def test_cited_rules_exist(game):
    spec = set(re.findall(r"\*\*([A-Z]+-\d{3})\*\*", (SPECS / f"{game}.md").read_text()))
    assert len(spec) > 100
    for lang, sections in summaries(game).items():
        cited = [rule for section in sections for item in section for rule in item]
        assert len(cited) > 40, lang
        assert all(rule.startswith(GAMES[game] + "-") for rule in cited), lang
        assert set(cited) - spec == set(), lang
        assert all(item for section in sections for item in section), f"{lang}: no rule cited"


@pytest.mark.parametrize("game", GAMES)
def test_english_and_japanese_match(game):
    both = summaries(game)
    assert len(both["en"]) >= 7
    assert both["en"] == both["ja"]
    lines = sum(len(section) for section in both["en"])
    assert 25 <= lines <= 45, lines
