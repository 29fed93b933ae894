"""Component data (TOR-038..040, the GAP blocks) and its validation on import."""

from __future__ import annotations

import pytest

from core.games.valley_of_the_torii import data


def test_tile_manifest() -> None:
    """TOR-038 TOR-039 TOR-040 TOR-GAP05 TOR-GAP06 TOR-GAP07: 108 tiles of 5 landscapes,
    35 torii (7 per colour), 7 paintbrush icons on bamboo only, none with both."""
    tiles = data.LANDSCAPE_TILES
    assert len(tiles) == 108
    assert {t.landscape for t in tiles} == set(data.LANDSCAPE_IDS) and len(data.LANDSCAPE_IDS) == 5
    torii = [t.torii for t in tiles if t.torii]
    assert len(torii) == 35 and all(torii.count(c) == 7 for c in data.COLOUR_IDS)
    brushes = [t for t in tiles if t.brush]
    assert len(brushes) == 7 and {t.landscape for t in brushes} == {"bamboo"}
    assert not any(t.brush and t.torii for t in tiles)


def test_every_name_a_player_sees_has_english_and_japanese() -> None:
    """Names: the rulebook's Japanese terms (竹, 桜, 山, 水, 村; 大ホイール; 絵筆...)."""
    named = [*data.LANDSCAPES, *data.TORII_COLOURS, *data.WHEELS, *data.SEALS]
    named += [data.SCROLL_NAME, data.PAINTBRUSH, data.RAINBOW_NAME]
    named += [n for n, _ in data.LAYOUTS.values()] + [n for n, _ in data.DIFFICULTIES.values()]
    assert all(n.name_en and n.name_ja for n in named)
    assert all(o.name_en and o.name_ja and o.text_ja for o in data.OBJECTIVES)
    assert [x.name_ja for x in data.LANDSCAPES] == ["竹", "桜", "山", "水", "村"]


def test_board_geometry() -> None:
    """TOR-GAP01 TOR-GAP02: 23 slots in 5 rows; ≠ lines in rows 2 and 4; scroll slot
    r3c4; the top row is the end row; only r3c0 uses the edge."""
    assert data.SLOT_COUNT == 23
    assert [data.SLOTS[i].id for i in data.SEAL_LINES[0]] == ["r2c1", "r2c2", "r2c3"]
    assert [data.SLOTS[i].id for i in data.SEAL_LINES[1]] == ["r4c0", "r4c1", "r4c2"]
    assert data.SLOTS[data.SCROLL_SLOT].id == "r3c4"
    assert [data.SLOTS[i].id for i in data.END_SLOTS] == ["r5c0", "r5c1", "r5c2"]
    assert [s.id for s in data.SLOTS if s.edge] == ["r3c0"]


def test_broken_data_fails_at_import(monkeypatch: pytest.MonkeyPatch) -> None:
    """_validate() refuses data that breaks a count the rules rely on."""
    monkeypatch.setattr(data, "LANDSCAPE_TILES", data.LANDSCAPE_TILES[:-1])
    with pytest.raises(ValueError, match="108 landscape tiles"):
        data._validate()
    monkeypatch.undo()
    monkeypatch.setattr(data, "SCROLL_STACKS", {2: ("SCROLL_3", "SCROLL_5")})
    with pytest.raises(ValueError, match="TOR-006"):
        data._validate()


def test_objective_texts_in_japanese_follow_the_house_style() -> None:
    """The PWA shows `text_ja` as it is: one word for victory points (勝利点, as the
    web glossary has it), no Latin letters, full-width punctuation, no space between a
    number and Japanese (tests/web/test_japanese.py's rules for the UI's own strings)."""
    import re

    for card in data.OBJECTIVES:
        text = card.text_ja
        assert not re.search(r"[A-Za-z]", text), text
        assert not re.search(r"[:(),]", text), text
        assert not re.search(r"[0-9] |\s[0-9]|[0-9]\s", text), text
        assert "点" not in text.replace("勝利点", ""), text
    assert sum("勝利点" in card.text_ja for card in data.OBJECTIVES) == 15
