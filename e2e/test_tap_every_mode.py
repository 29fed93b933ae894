"""Every title and every mode its rulebook describes, played whole at 390 × 844 by
tapping the board and the controls beside it only, in English and in Japanese (#38):
at every step the score so far is on screen and the turn banner speaks words (no rule
code, id or placeholder); every offered move plays when tapped (a refusal fails the
step with its words); the game reaches its end screen. One person against the title's
easy bot (the solo modes: the person alone).

About half an hour of taps in all, so the whole matrix runs with the slow tests;
test_tap_play.py taps a whole game of Tulikko in the default run."""

from __future__ import annotations

import re
from typing import Any

import pytest
from conftest import PHONE_390, open_app, shot
from helpers import FIRST_ONLY, TAP_ORDERS, fix_seeds, new_game, tap_once, wait_idle

# (title, players, options): each mode the rulebook describes
MODES: list[tuple[str, int, dict[str, Any]]] = [
    ("tulikko", 2, {}),
    ("tulikko", 2, {"beginner": True}),
    ("ducks-in-tow", 2, {}),
    ("valley-of-the-torii", 2, {}),
    ("valley-of-the-torii", 2, {"board_layout": "ALT1", "rainbow": True}),
    ("valley-of-the-torii", 1, {}),
    ("whispering-woods", 2, {}),
    ("whispering-woods", 1, {"level": 1}),
    ("whispering-woods", 1, {"level": 6}),
    ("rewild-south-america", 2, {}),
    (
        "rewild-south-america",
        2,
        {"long_game": True, "expert_plants": True, "expert_board": True, "expert_cards": True},
    ),
    ("rewild-south-america", 1, {}),
    ("rewild-south-america", 1, {"challenge": True}),
]
NOT_WORDS = re.compile(r"[A-Z]{2,}-\d|\[[A-Z]+-\d+\]|[{}]|undefined|null|NaN")
SCORE = """() => [...document.querySelectorAll('#score-strip .score-seat')].map((el) => {
  const r = el.getBoundingClientRect();
  return { total: el.querySelector('.score-total')?.textContent ?? '',
           shown: r.height > 0 && r.bottom > 0 && r.top < innerHeight };
})"""


def mode_id(mode: tuple[str, int, dict[str, Any]]) -> str:
    game, players, options = mode
    chosen = [k if v is True else f"{k}-{v}" for k, v in options.items()]
    return "-".join([game, f"{players}p", *chosen])


def check_step(page: Any, where: str) -> None:
    """What a player sees before each tap: the score so far, and words."""
    wait_idle(page)
    page.evaluate("window.scrollTo(0, 0)")
    chips = page.evaluate(SCORE)
    assert chips and chips[0]["shown"], f"{where}: no score on screen"
    assert all(re.fullmatch(r"-?\d+", chip["total"].strip()) for chip in chips), (where, chips)
    banner = page.inner_text("#turn")
    assert not NOT_WORDS.search(banner), (where, banner)


@pytest.mark.slow
@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("mode", MODES, ids=mode_id)
def test_a_whole_game_of_every_mode_by_tapping(server, new_context, mode, lang):
    game, players, options = mode
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    page.select_option("#lang-select", lang)
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)
    fix_seeds(page, 7, 8)
    new_game(page, game, ["human"] + ["bot"] * (players - 1), options=options)
    order = list(TAP_ORDERS.get(game, []))
    taps = 0
    while True:
        wait_idle(page)
        if page.query_selector("#end-screen"):
            break
        if page.is_visible("#cover-ready"):
            page.click("#cover-ready")
            continue
        if page.get_attribute("#turn", "data-seat") == "":
            continue  # a bot is moving
        check_step(page, f"{mode_id(mode)} {lang} tap {taps}")
        kind, _ = tap_once(page, order)
        if kind in FIRST_ONLY:
            order = [k for k in order if k != kind]
        taps += 1
        assert taps < 800, "the game did not end"
    assert page.inner_text("#end-screen").strip()
    shot(page, f"every-mode-{mode_id(mode)}-{lang}-end")
    assert page.errors == []
