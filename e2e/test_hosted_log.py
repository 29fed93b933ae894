"""One move log for local and hosted games (issue #36): the log a hosted table shows
on both of its player's phones, built from the seat's copy of the record, reads line
for line as the log of the same record opened as a local game — the finished game's
shared replay, scrubbed back to the same move — where the seat's own moves say "You".
A whole Tulikko game against the server's bot: slow (run it with `-m slow`)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import PHONE_390, open_app
from helpers import click_move, new_game, seq, share_link, wait_idle
from test_devices import link, wait_rows

LOG = "els => els.map(li => li.innerText.replace(/\\s+/g, ' ').trim())"


def log_lines(page: Any) -> list[str]:
    lines: list[str] = page.eval_on_selector_all("#move-log li[data-seat]", LOG)
    return lines


def scrub_to(page: Any, value: int) -> None:
    page.evaluate(
        """(v) => {
          const slider = document.querySelector('#scrub');
          slider.value = String(v);
          slider.dispatchEvent(new Event('change', { bubbles: true }));
        }""",
        value,
    )
    page.wait_for_function(
        "(v) => document.querySelector('#scrub-label')?.textContent.startsWith(`Move ${v} of`)",
        arg=value,
    )
    wait_idle(page)


@pytest.mark.slow
def test_a_hosted_log_reads_as_the_local_log_of_its_record(server, new_context):
    a = open_app(new_context(PHONE_390).new_page(), server.url)
    table = new_game(a, "tulikko", ["human", "bot"], names=["Aiko"], online=True)
    wait_idle(a)
    b = open_app(new_context(PHONE_390).new_page(), server.url)  # Aiko's second phone
    link(a, b)
    wait_rows(b, 1)
    a.goto(a.url.split("#")[0] + f"#/game/{table}")
    wait_idle(a)
    for _ in range(12):  # a few turns of Aiko's, the server's bot answering
        click_move(a, 0)
    at = seq(a)
    hosted = log_lines(a)
    assert len(hosted) >= 4, hosted
    b.goto(b.url.split("#")[0] + f"#/game/{table}")
    b.wait_for_function("(v) => Number(document.querySelector('#turn')?.dataset.seq) === v", arg=at)
    wait_idle(b)
    assert log_lines(b) == hosted, "both of the player's phones say the same"

    for _ in range(600):  # to the end: then the record is public, and shared
        if a.query_selector("#end-screen"):
            break
        if a.query_selector("#move-list button"):
            click_move(a, 0)
        else:
            wait_idle(a)
    a.wait_for_selector("#end-screen", timeout=60_000)
    viewer = open_app(
        new_context(PHONE_390).new_page(), server.url, "/" + share_link(a).split("/", 3)[3]
    )
    viewer.wait_for_selector("#end-screen")
    scrub_to(viewer, at)
    local = log_lines(viewer)
    # the replay has no "You": the seat's own lines name it
    mine = [re.sub(r"\bYou\b", "Aiko", line) for line in hosted]
    assert local == mine
    assert a.errors == [] and b.errors == [] and viewer.errors == []
