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
