"""Japanese strings follow each title's glossary and the house style.

The rulebooks are Japanese (shared/seeds/000* Tulikko, 004* Ducks in Tow): every game
word in the UI is the rulebook's own (web/src/titles/<id>/glossary.json lists the one
form the UI uses and the variants it rejects; web/src/kit/glossary.json the app's own
words). House style: no Latin letters outside {placeholders}, no space between a number
(or a placeholder) and Japanese, full-width ：（）、「」.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from core import games

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "web" / "src"
TITLES = sorted(p.name for p in (SRC / "titles").iterdir() if (p / "glossary.json").exists())
PAIR = re.compile(r"'([\w.-]+)':\s*(?:'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\")")
ITEM = re.compile(r"(?:text|title): '((?:[^'\\]|\\.)*)'")
PLACEHOLDER = re.compile(r"\{\w+\}")
JA = r"\u3040-\u30ff\u4e00-\u9fff"


def ja_part(path: Path) -> str:
    source = path.read_text()
    return source.split("export const ja")[1] if "export const ja" in source else source


def shared_strings() -> dict[str, str]:
    """Every Japanese string outside the titles: key -> text."""
    out: dict[str, str] = {}
    for name in ("ja.js", "rules.ja.js"):
        for key, a, b in PAIR.findall((SRC / "strings" / name).read_text()):
            out[f"strings/{name}:{key}"] = a or b
    return out


def engine_strings(title: str) -> dict[str, str]:
    """What the engine itself names in Japanese: the title and its options' labels
    (the new-game form shows them as they are)."""
    info = games.get(title).info
    out = {f"{title} engine:title_ja": info.title_ja}
    out.update({f"{title} engine:option {o.name}": o.label_ja for o in info.options})
    return out


def title_strings(title: str) -> dict[str, str]:
    """A title's Japanese strings: its words, its how-to-play, its refusals, and what
    its engine names."""
    out = engine_strings(title) | {
        f"{title}/strings.js:{k}": a or b
        for k, a, b in PAIR.findall(ja_part(SRC / "titles" / title / "strings.js"))
    }
    for n, text in enumerate(ITEM.findall(ja_part(SRC / "titles" / title / "howto.js"))):
        out[f"{title}/howto.js#{n}"] = text
    for key, text in shared_strings().items():
        if f":rules.{title}." in key:
            out[key] = text
    return out


def glossary(path: Path) -> list[tuple[str, str]]:
    """(rejected pattern, the form to use) from a glossary file."""
    data = json.loads(path.read_text())
    return [(bad, term["ja"]) for term in data["terms"] for bad in term.get("rejected", [])]


APP = glossary(SRC / "kit" / "glossary.json")


def style_problems(text: str) -> list[str]:
    bare = PLACEHOLDER.sub("0", text)
    problems = []
    if re.search(r"[A-Za-z]", bare):
        problems.append(f"Latin letters: {re.findall(r'[A-Za-z]+', bare)}")
    if re.search(rf"[0-9][ \u3000][{JA}]|[{JA}][ \u3000][0-9]", bare):
        problems.append("a space between a number and Japanese")
    if re.search(rf"[{JA}][ \u3000][{JA}（「]|[{JA}）」][ \u3000][{JA}]", bare):
        problems.append("a space inside Japanese")
    half = re.findall(r"[:(),\"]", bare)
    if half:
        problems.append(f"half-width punctuation: {half}")
    return problems


def check(strings: dict[str, str], rules: list[tuple[str, str]]) -> list[str]:
    found = []
    for where, text in strings.items():
        found += [f"{where}: {p}: {text}" for p in style_problems(text)]
        for bad, good in rules:
            if re.search(bad, text):
                found.append(f"{where}: {bad!r} is not the rulebook's word (use {good}): {text}")
    return found


def test_app_strings():
    strings = {
        k: v for k, v in shared_strings().items() if ":rules." not in k or ":rules.kernel." in k
    }
    assert check(strings, APP) == []


@pytest.mark.parametrize("title", TITLES)
def test_title_strings(title):
    assert (
        check(title_strings(title), APP + glossary(SRC / "titles" / title / "glossary.json")) == []
    )


@pytest.mark.parametrize("title", TITLES)
def test_glossary_terms_are_the_rulebooks(title):
    """Each glossary form the UI uses appears in the rulebook (provisional data aside;
    `in_rulebook` names the conjugated form a verb takes there)."""
    data = json.loads((SRC / "titles" / title / "glossary.json").read_text())
    rulebook = (ROOT.parent / data["rulebook"]).read_text()
    app_words = {"ターン", "ポイント", "移動"}
    missing = [
        t["ja"]
        for t in data["terms"]
        if t.get("in_rulebook", t["ja"]) not in rulebook and t["ja"] not in app_words
    ]
    assert missing == []


def test_checks_can_fail():
    """The checks catch what they are for (else a passing run means nothing)."""
    assert style_problems("タイル {n} 枚")
    assert style_problems("Kifu では")
    assert style_problems("手札(4枚)")
    assert not style_problems("タイル{n}枚（残り）")
    ducks = glossary(SRC / "titles" / "ducks-in-tow" / "glossary.json")
    assert check({"x": "板（トウ）"}, ducks)
    assert check({"x": "スタートカード"}, ducks)
    assert not check({"x": "プレイヤーコマを移動させる"}, ducks)
