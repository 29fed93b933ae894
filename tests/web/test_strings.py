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
