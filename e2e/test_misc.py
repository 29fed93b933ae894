"""Keyboard play on an SVG board, export and import of a record file, "report a problem"
online (uploaded) and offline (downloaded), and screenshots of every screen for a phone
and a desktop, in English and Japanese."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from conftest import DESKTOP, PHONE, open_app, shot
from helpers import click_move, new_game, pass_cover, record_file, seq, wait_idle


def enter_plays(page) -> None:
    """Enter on the focused target makes a move (the seq goes up)."""
    before = seq(page)
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(b) => Number(document.querySelector('#turn').dataset.seq) > b", arg=before
    )
    wait_idle(page)


def test_keyboard_play_on_the_board(server, new_context):
    page = open_app(new_context(DESKTOP).new_page(), server.url)
    new_game(page, "tulikko", ["human", "bot"])
    target = page.query_selector("#board [data-move]")
    assert target.get_attribute("role") == "button"
    label = target.get_attribute("aria-label")
    assert label.startswith("Place the tile on row")
    # Tab reaches the board's targets; Enter plays the focused one.
    page.focus("#board [data-move]")
    enter_plays(page)
    # Focus comes back to the board's next legal target: play on with the keyboard alone.
    page.wait_for_function("!!document.activeElement?.dataset?.move")
    enter_plays(page)
    cells = page.eval_on_selector_all(
        "#board [data-cell]", "els => els.map(e => e.getAttribute('aria-label'))"
    )
    assert any("forest tile" in c for c in cells), "the placed tile is announced"
    assert page.errors == []


def test_export_import_and_report(server, new_context):
    page = open_app(new_context(PHONE).new_page(), server.url)
    new_game(page, "high-card", ["human", "bot"], title="Exported")
    click_move(page, 0)
    with page.expect_download() as info:
        page.click("#export")
    path = info.value.path()
    assert info.value.suggested_filename.endswith(".kifu")  # the compact form
    record = record_file(path)
    assert record.genesis.game == "high-card"
    assert len(record.entries) == seq(page)

    page.click("#report")
    # it asks what went wrong and shows what will be sent before anything is
    page.wait_for_selector("#report-dialog[open]")
    assert "whole record" in page.inner_text("#report-sent")
    page.fill("#report-text", "the card did not move")
    page.click("#report-send")
    page.wait_for_selector(".toast:has-text('was sent')")

    other = new_context(DESKTOP)
    second = open_app(other.new_page(), server.url)
    second.set_input_files("#import-file", path)
    second.wait_for_url("**/#/game/**")
    wait_idle(second)
    assert seq(second) == seq(page)
    # The same record is already on the server (the first device uploaded it): this
    # device's copy goes up under a derived id (core.sync), not as a conflict.
    second.wait_for_function(
        "document.querySelector('#sync-status').dataset.state === 'synced'", timeout=30_000
    )
    # Offline, the report is saved as a file instead.
    pass_cover(second)  # an imported record has every seat on this device: hot seat
    other.set_offline(True)
    second.click("#report")
    with second.expect_download() as info:
        second.click("#report-send")
    report = json.loads(Path(info.value.path()).read_text())
    assert report["record"]["id"] == record.id and report["game"] == "high-card"
    assert len(report["record"]["entries"]) == len(record.entries)  # JSON, from the bytes
    assert second.errors == []


def fits(page) -> None:
    """Nothing wider than the viewport: no sideways scrolling on a 375 px phone."""
    width = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
    assert width[0] <= width[1], f"page is {width[0]} px wide in a {width[1]} px viewport"


@pytest.mark.parametrize(("viewport", "label"), [(PHONE, "phone"), (DESKTOP, "desktop")])
def test_screens(server, new_context, viewport, label):
    page = open_app(new_context(viewport).new_page(), server.url)
    fits(page)
    shot(page, f"screen-home-empty-{label}")
    page.goto(server.url + "/#/new")
    page.wait_for_selector("#ng-create")
    page.select_option("#ng-game", "ducks-in-tow")
    page.select_option("#ng-players", "3")
    shot(page, f"screen-new-game-{label}")
    fits(page)
    new_game(page, "ducks-in-tow", ["human", "bot", "bot"])
    shot(page, f"screen-ducks-{label}")
    fits(page)
    new_game(page, "tulikko", ["human", "bot", "bot", "bot"])
    click_move(page, 0)
    shot(page, f"screen-tulikko-{label}")
    fits(page)
    page.select_option("#lang-select", "ja")
    page.wait_for_function("document.documentElement.lang === 'ja'")
    wait_idle(page)
    shot(page, f"screen-tulikko-ja-{label}")
    fits(page)
    page.goto(server.url + "/#/")
    page.wait_for_selector(".game-item")
    shot(page, f"screen-home-ja-{label}")
    fits(page)
    assert page.errors == []


def test_a_record_made_under_older_rules_says_so(server, new_context):
    """Issue #12: a Tulikko record of rules version 1 (tests/corpus, made by the engines
    before the rules were revised) opens, replays as played and is labelled."""
    record = Path(__file__).resolve().parents[1] / "tests/corpus/tulikko-3p-202.record.json"
    page = open_app(new_context(DESKTOP).new_page(), server.url)
    page.set_input_files("#import-file", str(record))
    page.wait_for_url("**/#/game/**")
    wait_idle(page)
    assert seq(page) == len(json.loads(record.read_text())["entries"])
    notices = page.inner_text(".game-notices")
    assert "rules version 1" in notices and "version 2" in notices, notices
    assert page.errors == []


def options_in_words(page, random_seat: str) -> int:
    """Check the form's every option in the language on screen: the choices seen."""
    seen = 0
    for game in page.eval_on_selector_all("#ng-game option", "els => els.map(e => e.value)"):
        page.select_option("#ng-game", game)
        for players in page.eval_on_selector_all(
            "#ng-players option", "els => els.map(e => e.value)"
        ):
            page.select_option("#ng-players", players)
            fields = page.eval_on_selector_all(
                "fieldset.options .field",
                """els => els.map(f => ({
                  label: f.querySelector('label').textContent,
                  seat: !!f.querySelector('select[data-seat-option]'),
                  options: [...f.querySelectorAll('select option')]
                    .map(o => [o.value, o.textContent]),
                }))""",
            )
            for field in fields:
                where = f"{game} {players}p {field['label']}"
                assert "-1" not in field["label"], where
                for value, text in field["options"]:
                    seen += 1
                    # a count picked from a short range is its number (1, 2, 3)
                    assert text != value or value.isdigit(), f"{where}: {value!r} shown as it is"
                    if field["seat"] and value == "-1":
                        assert text == random_seat, f"{where}: -1 reads {text!r}"
    return seen


def test_the_new_game_form_shows_every_option_in_words(server, new_context):
    """Every title's options, at every player count, in words, in English then in
    Japanese (one page): a choice is never its raw value (`STANDARD`, `easy`), a seat
    option offers "at random" for the engine's -1 (it read "Player 0", a seat that does
    not exist), and no label names -1."""
    page = open_app(new_context(PHONE).new_page(), server.url)
    random_seat = {"en": "At random", "ja": "ランダム"}
    for lang in ("en", "ja"):
        page.goto(server.url + "/#/")
        page.select_option("#lang-select", lang)
        page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
        page.goto(server.url + "/#/new")
        page.wait_for_selector("#ng-create")
        seen = options_in_words(page, random_seat[lang])
        assert seen > 20, (lang, seen)  # the choices of Tulikko, Torii and the seats
    assert page.errors == []
