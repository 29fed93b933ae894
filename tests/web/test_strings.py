"""Every string exists in English and Japanese, and every key the code names exists.

The app's strings are web/src/strings/{en,ja}.js (+ rules.{en,ja}.js); each title's own
words are web/src/titles/<id>/strings.js (`en` and `ja`), added by the registry.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

SRC = Path(__file__).resolve().parents[2] / "web" / "src"
KEY = re.compile(r"'([\w.-]+)':")
TITLES = sorted(p.parent.name for p in (SRC / "titles").glob("*/strings.js"))


def keys(text: str) -> set[str]:
    return set(KEY.findall(text))


def title_keys(title: str) -> tuple[set[str], set[str]]:
    en, ja = (SRC / "titles" / title / "strings.js").read_text().split("export const ja")
    return keys(en), keys(ja)


def test_app_strings_in_both_languages():
    en = keys((SRC / "strings" / "en.js").read_text())
    ja = keys((SRC / "strings" / "ja.js").read_text())
    assert sorted(en - ja) == [] and sorted(ja - en) == []


@pytest.mark.parametrize("title", TITLES)
def test_title_strings_in_both_languages(title):
    en, ja = title_keys(title)
    assert sorted(en - ja) == [] and sorted(ja - en) == []


def test_every_key_the_code_names_exists():
    defined = keys((SRC / "strings" / "en.js").read_text()) | keys(
        (SRC / "strings" / "rules.en.js").read_text()
    )
    for title in TITLES:
        defined |= title_keys(title)[0]
    used = set()
    for path in SRC.rglob("*.js"):
        if "strings" in path.parts or path.name == "strings.js":
            continue
        used |= set(re.findall(r"\bt\('([\w.-]+)'", path.read_text()))
    assert sorted(used - defined) == []


def test_every_choice_of_every_option_has_words_in_both_languages():
    """The new-game form shows a choice as `option.<name>.<choice>` (its raw value when
    that is missing: STANDARD, easy): every choice of every title has both."""
    from core import games

    en = keys((SRC / "strings" / "en.js").read_text())
    ja = keys((SRC / "strings" / "ja.js").read_text())
    for title in TITLES:
        title_en, title_ja = title_keys(title)
        en, ja = en | title_en, ja | title_ja
    wanted = {
        f"option.{spec.name}.{choice}"
        for game_id in games.ids()
        for spec in games.get(game_id).info.options
        for choice in spec.choices
    }
    assert sorted(wanted - en) == [] and sorted(wanted - ja) == []


def test_no_option_label_names_a_raw_value():
    """A seat option's -1 ("at random") is offered in words by the form; a label that
    says "-1" shows a player the engine's number."""
    from core import games

    labels = [
        (game_id, spec.name, label)
        for game_id in games.ids()
        for spec in games.get(game_id).info.options
        for label in (spec.label_en, spec.label_ja)
    ]
    assert [item for item in labels if "-1" in item[2]] == []


# A plural in brackets, "1 action(s) left", "tile(s)": a count takes its real form
# (i18n.js `{n|one|other}`), never "(s)" (#38 item 6).
BRACKET_PLURAL = re.compile(r"\w[(（](?:s|es)[)）]")
QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"|`((?:[^`\\]|\\.)*)`")


def engine_texts() -> dict[str, str]:
    """Every string literal of the engines (core/, docstrings aside): option labels, data
    names, the refusals' messages an English screen shows where no wording exists."""
    from tests.web.test_japanese import source_literals

    return {
        f"{path.name}:{line}": text
        for path in sorted((SRC.parents[1] / "core").rglob("*.py"))
        for line, text in source_literals(path).items()
    }


def web_texts() -> dict[str, str]:
    """Every quoted text of the string tables, how-to-play pages and boards, English and
    Japanese (a comment's words aside)."""
    out: dict[str, str] = {}
    for path in sorted(SRC.rglob("*.js")):
        source = re.sub(r"^\s*(//|/?\*).*$", "", path.read_text(), flags=re.M)
        for n, groups in enumerate(QUOTED.findall(source)):
            out[f"{path.relative_to(SRC)}#{n}"] = "".join(groups)
    return out


def test_no_plural_in_brackets():
    texts = web_texts() | engine_texts()
    assert len(texts) > 5000
    found = [f"{where}: {text}" for where, text in texts.items() if BRACKET_PLURAL.search(text)]
    assert found == []


def test_the_plural_check_can_fail():
    for text in ("1 action(s) left", "{n} tile(s)", "match(es)", "カード（s）"):
        assert BRACKET_PLURAL.search(text), text
    for text in ("{n|# action|# actions} left", "(s) => s.seat", "map((s) => s)"):
        assert not BRACKET_PLURAL.search(text), text
