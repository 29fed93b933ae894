"""Player names every seat can trust: what a player types is what the others see.

A name is shown to every seat and spectator, so one with a right-to-left override
(U+202E) could show as another player's, one with zero-width characters could copy
another's exactly, and control characters (NUL, ESC, newlines) reach terminals and
logs. `clean_name` (on the way in: creating a table, claiming a seat) takes a name:

- Unicode-normalised to NFC (the same letters, however the keyboard composed them);
- surrounding spaces stripped, runs of spaces inside kept as one;
- refused (422 `bad-name`) if it holds a control character, a format character
  (bidi embeddings, overrides and isolates, LRM/RLM, zero-width space/joiners, the
  BOM, soft hyphen, tags), a line or paragraph separator, a surrogate or
  private-use character, a noncharacter, or a blank that draws nothing (Hangul
  fillers, the braille blank, the combining grapheme joiner); or more than
  `MAX_MARKS` combining marks on one character (text that spills over the
  names around it); or more than `MAX_CLUSTERS` characters as a reader counts
  them (grapheme clusters).

Grapheme clusters are approximated with `unicodedata` (no segmentation library is
installed): a cluster is a character with the combining marks, variation
selectors and emoji skin-tone modifiers after it, and a pair of regional
indicators (a flag) is one. Emoji joined with ZWJ are refused with the other
zero-width characters, so that approximation and Unicode's rules agree on every
name accepted.

Names stored before these rules are shown through `shown_name` (the same rules,
dropping what `clean_name` would refuse and cutting at `MAX_CLUSTERS`); the stored
events are never rewritten.
"""

from __future__ import annotations

import functools
import unicodedata

from .problems import ApiError

MAX_CLUSTERS = 32  # what a seat label shows; the request's cap is 100 code points
MAX_MARKS = 4  # Vietnamese takes two on a letter, Indic and Tibetan stacks up to four

REFUSED_CATEGORIES = {
    "Cc": "a control character",
    "Cf": "an invisible formatting character (bidi control, zero-width character, BOM)",
    "Cs": "a surrogate",
    "Co": "a private-use character",
    "Zl": "a line separator",
    "Zp": "a paragraph separator",
}
# Characters of visible categories that draw nothing
BLANKS = frozenset("\u034f\u115f\u1160\u17b4\u17b5\u180b\u180c\u180d\u180f\u2800\u3164\uffa0")
SKIN_TONES = range(0x1F3FB, 0x1F400)
REGIONAL = range(0x1F1E6, 0x1F200)


def _refusal(char: str) -> str | None:
    """Why `char` may not be in a name, None if it may."""
    category = unicodedata.category(char)
    if category in REFUSED_CATEGORIES:
        return REFUSED_CATEGORIES[category]
    code = ord(char)
    if char in BLANKS:
        return "a blank character"
    if 0xFDD0 <= code <= 0xFDEF or code & 0xFFFE == 0xFFFE:
        return "a noncharacter"
    return None


def _extends(char: str) -> bool:
    """`char` belongs to the cluster before it (approximately: see the module doc)."""
    return (
        unicodedata.category(char) in ("Mn", "Mc", "Me")
        or unicodedata.combining(char) != 0
        or ord(char) in SKIN_TONES
    )


def clusters(text: str) -> list[str]:
    """`text` cut into grapheme clusters (the approximation above)."""
    out: list[str] = []
    for char in text:
        if out and (
            _extends(char)
            or (ord(char) in REGIONAL and len(out[-1]) == 1 and ord(out[-1]) in REGIONAL)
        ):
            out[-1] += char
        else:
            out.append(char)
    return out


def _marks(cluster: str) -> int:
    return sum(1 for char in cluster[1:] if ord(char) not in SKIN_TONES)


def _spaced(text: str) -> str:
    """Stripped, and each run of white space inside kept as its first character."""
    out: list[str] = []
    for char in text.strip():
        if char.isspace() and out and out[-1].isspace():
            continue
        out.append(char)
    return "".join(out)


def _describe(char: str) -> str:
    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X}" + (f" {name}" if name else "")


def clean_name(raw: str) -> str:
    """The name to store, or ApiError 422 `bad-name` saying what is wrong."""
    name = unicodedata.normalize("NFC", raw)
    for char in name:  # before stripping: a trailing newline is refused, not dropped
        why = _refusal(char)
        if why is not None:
            raise ApiError(422, "bad-name", f"a name may not contain {why} ({_describe(char)})")
    name = _spaced(name)
    parts = clusters(name)
    if parts and _extends(parts[0][0]):
        raise ApiError(422, "bad-name", "a name may not start with a combining mark")
    if any(_marks(part) > MAX_MARKS for part in parts):
        raise ApiError(
            422, "bad-name", f"a name may carry at most {MAX_MARKS} marks on one character"
        )
    if len(parts) > MAX_CLUSTERS:
        raise ApiError(
            422,
            "bad-name",
            f"a name may be at most {MAX_CLUSTERS} characters long, not {len(parts)}",
        )
    return name


@functools.lru_cache(maxsize=4096)
def shown_name(stored: str) -> str:
    """A stored name as it may be shown: what `clean_name` refuses dropped (a line
    break or tab becomes a space), at most `MAX_CLUSTERS` clusters."""
    text = unicodedata.normalize("NFC", stored)
    kept = "".join(
        " " if char in "\t\n\r\v\f\x85\u2028\u2029" else char
        for char in text
        if _refusal(char) is None or char in "\t\n\r\v\f\x85\u2028\u2029"
    )
    parts = [part[: 1 + MAX_MARKS] for part in clusters(_spaced(kept))]
    while parts and _extends(parts[0][0]):
        parts.pop(0)
    return "".join(parts[:MAX_CLUSTERS]).strip()
