"""An undo tapped while the hard bot thinks, at 390 × 844 (Valley of the Torii: a turn
reveals nothing until the bot's reply, so a casual table may take it back): the search
stops at its next slice, the bot's move never lands, the undo does, and the game goes
on. The thinking shows its progress in words and a bar ("Hard bot is thinking… 40%").

Also measured, side by side: the cancel's latency (tap to the undone position on
screen) and what the other way out would cost, a fresh engine worker booted and the
game loaded into it (printed with `-s`)."""

from __future__ import annotations

import re
from typing import Any

import msgspec
from conftest import PHONE_390, open_app, shot
from helpers import game_rows, row_record

from core.kernel import encode_record

THINKING = "() => !!document.querySelector('#bot-progress')"
PROGRESS = re.compile(r"^Hard bot is thinking… (\d+)%$")

# The thinking as shown, read at one instant (the search may end at any moment):
# [turn words, seq, [bar value, bar max], aria-busy], or null once it has ended.
THINKING_NOW = """() => {
  const bar = document.querySelector('#bot-progress');
  const turn = document.querySelector('#turn');
  if (!bar) return null;
  return [turn.innerText, turn.dataset.seq, [bar.value, bar.max], turn.getAttribute('aria-busy')];
}"""
# The bar reports a first slice of thinking, or the thinking has already ended.
PROGRESS_SHOWN_OR_DONE = (
    "() => Number(document.querySelector('#bot-progress')?.value) > 0"
    " || !document.querySelector('#bot-progress')"
)

# Tap undo; resolve with the ms until the undone position is on screen (the seq moved
# on and the person has moves again).
UNDO_TIMED = """() => new Promise((resolve) => {
  const before = document.querySelector('#turn').dataset.seq;
  const start = performance.now();
  document.querySelector('#undo').click();
  const tick = () => {
    const turn = document.querySelector('#turn');
    if (turn.dataset.seq !== before && document.querySelectorAll('#move-list button').length) {
      resolve(performance.now() - start);
    } else setTimeout(tick, 2);
  };
  tick();
})"""

# The other way to stop a search: a new worker, booted, with the game loaded.
RESTART_TIMED = """async (recordJson) => {
  const { EngineClient } = await import('/engine/client.js');
  const start = performance.now();
  const client = new EngineClient({});
  await client.ready;
  await client.load(recordJson);
  const ms = performance.now() - start;
  client.terminate();
  return ms;
}"""


def start_against_hard(page: Any, server_url: str) -> str:
    page.goto(server_url + "/#/new")
    page.wait_for_selector("#ng-create")
    page.select_option("#ng-game", "valley-of-the-torii")
    page.select_option("#ng-players", "2")
    page.select_option("#ng-seat-0-kind", "human")
    page.select_option("#ng-seat-1-kind", "bot")
    page.select_option("#ng-seat-1-bot", "hard")
    page.select_option("#ng-takeback", "casual")
    page.click("#ng-create")
    page.wait_for_url("**/#/game/**")
    page.wait_for_selector("#turn")
    return page.url.split("#/game/")[1]


def play_until_the_bot_thinks(page: Any) -> None:
    """Make the person's moves (the first listed) until the hard bot thinks about a
    reply the person may take back (the undo button is on)."""
    for _ in range(40):
        page.wait_for_function(
            "() => document.querySelectorAll('#move-list button').length"
            " || document.querySelector('#bot-progress')",
            timeout=120_000,
        )
        if page.query_selector("#bot-progress"):
            if page.is_enabled("#undo"):
                return
            page.wait_for_function(  # the bot's opening moves: nothing to take back yet
                "() => !document.querySelector('#bot-progress')", timeout=120_000
            )
            continue
        if page.get_attribute("details.all-moves", "open") is None:
            page.click("#all-moves")
        before = page.get_attribute("#turn", "data-seq")
        page.click("#move-list li:nth-child(1) button")
        page.wait_for_function(
            "(b) => document.querySelector('#turn').dataset.seq !== b", arg=before
        )
    raise AssertionError("the bot never thought about a reply that may be taken back")


def entries(page: Any, game_id: str) -> list[dict[str, Any]]:
    row = next(r for r in game_rows(page) if r["id"] == game_id)
    out: list[dict[str, Any]] = msgspec.to_builtins(row_record(row).entries)
    return out


def bot_moves(log: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [e for e in log if e["seat"] == 1 and "to_seq" not in e]


def test_undo_while_the_hard_bot_thinks(server, new_context):
    ctx = new_context(PHONE_390)
    page = open_app(ctx.new_page(), server.url)
    game_id = start_against_hard(page, server.url)
    for _ in range(3):  # again if the search ended first (a loaded machine)
        play_until_the_bot_thinks(page)
        # the thinking shows how far it got, in words and a determinate bar
        page.wait_for_function(PROGRESS_SHOWN_OR_DONE)
        seen = page.evaluate(THINKING_NOW)
        if seen is None:
            continue  # it replied before a slice was reported: play on, try again
        words, thinking_seq, bar, busy = seen
        words, thinking_seq = words.strip(), int(thinking_seq)
        cancel_ms = page.evaluate(UNDO_TIMED)  # right away: the search is still running
        log = entries(page, game_id)
        if len(log) == thinking_seq + 1:  # the take-back follows the person's move
            break
        # its move landed first: the undo took back its reply and the person's move
        assert page.inner_text("#turn").strip() == "Your turn."
    else:
        raise AssertionError("the search ended before every tap: nothing was cancelled")
    shown = PROGRESS.match(words)
    assert shown, words
    assert 0 < bar[0] < bar[1] == 500  # Torii's hard budget
    assert 0 <= int(shown[1]) < 100
    assert busy == "true"
    assert page.inner_text("#turn").strip() == "Your turn."
    assert page.query_selector("#bot-progress") is None
    assert page.get_attribute("#turn", "aria-busy") is None
    undone_seq = int(page.get_attribute("#turn", "data-seq"))
    assert undone_seq == thinking_seq + 1  # the take-back is an entry of its own
    assert "to_seq" in log[-1] and log[-1]["seat"] == 0
    assert log[-2]["seat"] == 0  # the person's move, no bot reply after it
    # long past when the search would have ended: its move never lands
    page.wait_for_timeout(6000)
    assert int(page.get_attribute("#turn", "data-seq")) == undone_seq
    assert page.inner_text("#turn").strip() == "Your turn."
    assert len(entries(page, game_id)) == undone_seq
    bot_before = bot_moves(log)

    restart_ms = page.evaluate(RESTART_TIMED, record_json(page, game_id))
    print(f"\ncancel by slices: {cancel_ms:.0f} ms; a fresh worker + load: {restart_ms:.0f} ms")
    assert cancel_ms < restart_ms

    # the game goes on: the person moves again, the bot thinks it through and replies
    play_until_the_bot_thinks(page)
    page.wait_for_function(PROGRESS_SHOWN_OR_DONE)
    if page.query_selector("#bot-progress"):
        shot(page, "bot-thinking-phone")
    page.wait_for_function(
        "() => document.querySelectorAll('#move-list button').length"
        " && !document.querySelector('#bot-progress')",
        timeout=120_000,
    )
    assert page.inner_text("#turn").strip() == "Your turn."
    assert len(bot_moves(entries(page, game_id))) > len(bot_before)
    assert page.errors == []


def record_json(page: Any, game_id: str) -> str:
    """The game's record as JSON text (the row keeps it compact)."""
    row = next(r for r in game_rows(page) if r["id"] == game_id)
    return encode_record(row_record(row)).decode()


def test_going_back_in_history_or_leaving_stops_the_thinking(server, new_context):
    """Scrubbing back while the bot thinks stops it (no move lands while the past is on
    screen); back at the live end it thinks again and replies. Leaving the game stops
    it too: the stored game gains no move."""
    ctx = new_context(PHONE_390)
    page = open_app(ctx.new_page(), server.url)
    game_id = start_against_hard(page, server.url)
    for _ in range(3):  # again if the search ended before the tap (a loaded machine)
        play_until_the_bot_thinks(page)
        seq = int(page.get_attribute("#turn", "data-seq"))
        page.click("#scrub-prev")  # right away: the search is still running
        page.wait_for_selector("#scrub-live")
        log = entries(page, game_id)
        if len(log) == seq:  # no reply landed before the tap
            break
        page.click("#scrub-live")  # it replied first: back to the person's turn
        page.wait_for_function("() => document.querySelectorAll('#move-list button').length")
    else:
        raise AssertionError("the search ended before every tap: nothing was stopped")
    bot_before = bot_moves(log)
    assert page.query_selector("#bot-progress") is None
    page.wait_for_timeout(6000)
    assert int(page.get_attribute("#turn", "data-seq")) == seq
    assert bot_moves(entries(page, game_id)) == bot_before

    page.click("#scrub-live")
    page.wait_for_function(THINKING)
    page.wait_for_function(
        "() => document.querySelectorAll('#move-list button').length"
        " && !document.querySelector('#bot-progress')",
        timeout=120_000,
    )
    replied = bot_moves(entries(page, game_id))
    assert len(replied) > len(bot_before)

    play_until_the_bot_thinks(page)
    thinking = entries(page, game_id)
    page.evaluate("location.hash = '#/'")  # leave for the home screen
    page.wait_for_selector("#turn", state="detached")
    page.wait_for_timeout(6000)
    assert entries(page, game_id) == thinking
    assert page.errors == []
