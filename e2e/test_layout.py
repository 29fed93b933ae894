"""The boards as a player sees them on a phone, a tablet and a laptop: a hand stays on
one row, nothing scrolls the page sideways, the goals are not under the top bar, and
every legal move drawn on the board is a tap target of at least TAP px.

TAP is 40 px, a little under the 44 px of the platform guidelines (iOS, and WCAG's
enhanced target size) so the Tulikko maps can sit side by side on a laptop; the move
list's buttons, the other way to play every move, are 44 px high. Screenshots of each
board at each size land in e2e/artifacts/.
"""

from __future__ import annotations

import pytest
from conftest import DESKTOP, PHONE, PHONE_390, open_app, shot
from helpers import (
    click_move,
    in_view,
    move_types,
    new_game,
    open_imported,
    seq,
    sideways_overflow,
    wait_idle,
)

from core import games
from core.kernel import Rng, Timeline, bots_of, new_record
from core.kernel.compact import decode_compact, encode_compact

TABLET = {"width": 768, "height": 1024}
SIZES = {"phone": PHONE, "tablet": TABLET, "desktop": DESKTOP}
TAP = 40


def boxes(page, selector: str) -> list[dict[str, float]]:
    return page.eval_on_selector_all(
        selector,
        """els => els.map(e => {
          const r = e.getBoundingClientRect();
          return {x: r.x, y: r.y, w: r.width, h: r.height, label: e.getAttribute('aria-label')};
        })""",
    )


def small_targets(page) -> list[dict[str, float]]:
    """Legal moves on the board (SVG targets and card buttons) smaller than TAP."""
    targets = boxes(page, "#board [data-move], #board button")
    assert targets, "the board offers legal moves"
    return [b for b in targets if min(b["w"], b["h"]) < TAP - 0.5]


def at_every_size(page, name: str, check) -> None:
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.wait_for_timeout(100)  # layout settles (media queries, SVG scaling)
        check(size)
        page.evaluate("window.scrollTo(0, 0)")  # sticky parts drawn where they rest
        shot(page, f"layout-{name}-{size}")
    page.set_viewport_size(PHONE)


def test_ducks_hand_one_row_and_targets(server, new_context):
    page = open_app(new_context(PHONE).new_page(), server.url)
    new_game(page, "ducks-in-tow", ["human", "bot"])

    def check(size):
        cards = boxes(page, ".dit-player .hand > .card.face")
        assert len(cards) >= 4, "the human's hand is drawn card by card"
        tops = {round(c["y"]) for c in cards}
        assert max(tops) - min(tops) <= 1, f"{size}: the hand wraps onto rows {sorted(tops)}"
        assert sideways_overflow(page) <= 0, f"{size}: the page scrolls sideways"
        small = small_targets(page)
        assert not small, f"{size}: targets under {TAP} px: {small}"

    at_every_size(page, "ducks", check)
    # Ending the turn at once leads to the food step (DIT-124): the food the player may
    # return is tapped on the board, each colour a button of its own.
    click_move(page, move_types(page).index("end-turn"))
    assert "return-food" in move_types(page)
    chips = boxes(page, "#board .dit-player.active button.food-chip")
    assert chips, "returnable food is a button on the board"
    assert all(min(c["w"], c["h"]) >= TAP - 0.5 for c in chips), chips
    assert all(c["label"].startswith("Return 1") for c in chips), chips
    before = page.get_attribute("#turn", "data-seq")
    page.click("#board .dit-player.active button.food-chip")
    page.wait_for_function("(b) => document.querySelector('#turn').dataset.seq !== b", arg=before)
    wait_idle(page)
    # Japanese words are longer on the wide side: still no sideways scroll on a phone.
    page.select_option("#lang-select", "ja")
    page.wait_for_function("document.documentElement.lang === 'ja'")
    page.wait_for_selector(".dit-player .hand > .card.face")
    assert sideways_overflow(page) <= 0
    shot(page, "layout-ducks-phone-ja")
    assert page.errors == []


def test_tulikko_goals_clear_of_header_and_targets(server, new_context):
    page = open_app(new_context(PHONE).new_page(), server.url)
    new_game(page, "tulikko", ["human", "bot"])

    def goals_in_sight(size):
        # on a phone the goals fold under the board (the board and its controls come first)
        page.eval_on_selector(".tul-goals-box", "e => { e.open = true; }")
        page.eval_on_selector(".tul-goals", "e => e.scrollIntoView({block: 'start'})")
        goals = boxes(page, ".tul-goals")[0]
        bar = boxes(page, ".topbar")[0]
        overlap = bar["y"] < goals["y"] + goals["h"] and goals["y"] < bar["y"] + bar["h"]
        assert not overlap, f"{size}: the top bar {bar} covers the goals {goals}"
        hit = page.evaluate(
            "([x, y]) => !!document.elementFromPoint(x, y)?.closest('.tul-goals')",
            [goals["x"] + 4, goals["y"] + 4],
        )
        assert hit, f"{size}: something is drawn over the goals' top"
        assert sideways_overflow(page) <= 0, f"{size}: the page scrolls sideways"

    def check(size):
        goals_in_sight(size)
        small = small_targets(page)
        assert not small, f"{size}: targets under {TAP} px: {small}"

    # The first placement (spaces of the map), then the slide arrows, then tokens on
    # edges if a tile lands next to another within a few turns: each checked once.
    kinds = ["place-token", "place", "slide"]
    seen: set[str] = set()
    for _ in range(8):
        types = move_types(page)
        new = [k for k in kinds if k in types and k not in seen]
        if new:
            at_every_size(page, f"tulikko-{new[0]}", check)
            seen.update(new)
        if seen == set(kinds):
            break
        click_move(page, next((types.index(k) for k in kinds if k in types), 0))
        wait_idle(page)
    assert {"place", "slide"} <= seen
    assert page.errors == []


def tulikko_at(kinds: list[str], seed: int, name: str) -> tuple[bytes, int]:
    """A Tulikko record (seeded random play, both seats human) stopped at the first turn
    whose legal moves are exactly the move kinds `kinds` (a sorted list of class names)."""
    game = games.get("tulikko")
    timeline = Timeline(game, new_record(game, record_id=f"r-{name}", seats=2, seed=seed))
    rng = Rng.seeded(seed, stream=3)
    while timeline.to_move():
        seat = timeline.to_move()[0]
        legal = timeline.legal_moves(seat)
        if sorted({type(move).__name__ for move in legal}) == kinds:
            return encode_compact(game, timeline.record), timeline.seq
        timeline.play(seat, rng.choice(legal), move_id=f"{seed}-{timeline.seq}")
    raise AssertionError(f"seed {seed} never reached a turn offering {kinds}")


def tulikko_at_a_discard_turn() -> tuple[bytes, int]:
    """Stopped where the pushed-out tile has no matching empty space: the turn offers
    only two step buttons, "Discard the tile" and the free-placement aurora (found by
    search; seed 22 reaches it at seq 53)."""
    return tulikko_at(["Discard", "UseFreePlacement"], 22, "discard-turn")


def woods_with_a_full_personal_area(seed: int) -> tuple[bytes, int]:
    """A Whispering Woods record (greedy play for both seats) stopped at the start of
    player 1's turn once their personal area holds 9 pieces, a keep-or-refresh step:
    seed 2 reaches 8 completed mission tiles (4 flipped) and a combo card at seq 71,
    seed 12 reaches 9 tiles (4 flipped) and two combo cards at seq 70."""
    game = games.get("whispering-woods")
    greedy = bots_of(game)["greedy"]
    timeline = Timeline(game, new_record(game, record_id="r-woods-area", seats=2, seed=seed))
    rng = Rng.seeded(seed, stream=3)
    while timeline.to_move():
        seat = timeline.to_move()[0]
        player = timeline.state.players[0]
        kinds = {type(move).__name__ for move in timeline.legal_moves(seat)}
        if seat == 0 and len(player.completed) + len(player.combos) >= 9 and "Refresh" in kinds:
            return encode_compact(game, timeline.record), timeline.seq
        timeline.play(seat, greedy(game, timeline.state, seat, rng), move_id=f"{timeline.seq}")
    raise AssertionError(f"seed {seed} never filled player 1's personal area")


def open_record(server, new_context, tmp_path, lang: str, *, data: bytes, at: int) -> object:
    """The record opened at 390 x 844 in `lang`, at entry `at`, past the hot-seat cover."""
    page = open_imported(new_context, server.url, tmp_path, lang, data)
    assert seq(page) == at
    return page


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tulikko_discard_turn_buttons_above_the_bottom_bar(server, new_context, tmp_path, lang):
    """The turn the tap-play e2e met only by chance (round 6 of some deals): both step
    buttons stand on screen above the bottom bar at 390x844, in both languages (their
    labels take two lines), nothing covers them, and tapping the discard plays it."""
    data, at = tulikko_at_a_discard_turn()
    page = open_record(server, new_context, tmp_path, lang, data=data, at=at)
    buttons = boxes(page, "#step-controls button.step")
    assert len(buttons) == 2, buttons
    where = in_view(page, "#board .tul-central")
    assert all(v in ("ok", "none") for v in where.values()), where
    bar = boxes(page, "#game-bar")[0]["y"]
    for button in buttons:
        assert button["y"] + button["h"] <= bar + 1, (button, bar)
        on_top = page.evaluate(
            "([x, y]) => !!document.elementFromPoint(x, y)?.closest('#step-controls button')",
            [button["x"] + button["w"] / 2, button["y"] + button["h"] / 2],
        )
        assert on_top, f"something is drawn over {button}"
    shot(page, f"layout-tulikko-discard-turn-390-{lang}")
    page.click("#step-controls button.step[data-move*='discard']")
    page.wait_for_function("(v) => Number(document.querySelector('#turn').dataset.seq) > v", arg=at)
    assert page.errors == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_tulikko_slide_with_aurora_picker_above_the_bottom_bar(server, new_context, tmp_path, lang):
    """The moment the tap-play e2e met by chance (stop 27): sliding the revealed tile in
    with a wildcard aurora in hand, early in the game (two-digit counts wrap the map's
    caption, the status takes two lines, the aurora's choices fold into a picker): the
    controls stood 6 px under the bottom bar. The acting map now gives way (seed 3
    reaches the turn at seq 18); the map's cells stay tap targets."""
    data, at = tulikko_at(["Slide", "UseWildcard"], 3, "slide-picker")
    page = open_record(server, new_context, tmp_path, lang, data=data, at=at)
    assert page.query_selector("#step-controls details.picker"), "the aurora's choices fold"
    where = in_view(page, "#board .tul-central")
    assert where == {"board": "ok", "acting": "ok", "controls": "ok"}, where
    assert small_targets(page) == []
    shot(page, f"layout-tulikko-slide-picker-390-{lang}")
    page.click("#step-controls details.picker > summary")
    page.click("#step-controls .picker-options button")
    page.wait_for_function("(v) => Number(document.querySelector('#turn').dataset.seq) > v", arg=at)
    assert page.errors == []


# The acting personal area's row, scrolled to `left` (px): its box, the refresh buttons'
# boxes and the widths of what it holds and what it shows.
AREA_ROW = """(left) => {
  const area = document.querySelector('#board [data-stage=acting] .ww-area');
  area.scrollLeft = left;
  const box = (e) => {
    const r = e.getBoundingClientRect();
    return {x: r.x, y: r.y, w: r.width, h: r.height};
  };
  return {area: box(area), scroll: area.scrollWidth, client: area.clientWidth,
          refresh: [...area.querySelectorAll('button.ww-done[data-move]')].map(box)};
}"""


@pytest.mark.parametrize("seed", [2, 12])
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_woods_acting_panel_with_a_full_personal_area_above_the_bottom_bar(
    server, new_context, tmp_path, lang, seed
):
    """Met by chance in the Woods tap-play e2e (stop 30): late in a game, the completed
    mission tiles and combo cards wrapped the personal area onto two or three rows, and
    the acting player's panel ran under the bottom bar at 390x844 (the old layout: seed
    2 14 px in Japanese, seed 12 18 px in English and 56 px in Japanese). On a phone
    the acting area is one row that scrolls sideways: the panel's height no longer grows
    with it, the refresh buttons (the unflipped tiles) lead the row and are all in sight,
    and scrolled to its end the row still does not widen the page (the tiles' hidden
    words, absolutely positioned, once took the page as their containing block and
    widened it by 19 px in the tap-play e2e)."""
    data, at = woods_with_a_full_personal_area(seed)
    page = open_record(server, new_context, tmp_path, lang, data=data, at=at)
    where = in_view(page, "#board .ww-market")
    assert where == {"board": "ok", "acting": "ok", "controls": "ok"}, where
    assert sideways_overflow(page) <= 0
    row = page.evaluate(AREA_ROW, 0)
    assert row["refresh"], "the unflipped tiles are refresh buttons"
    area = row["area"]
    for button in row["refresh"]:
        assert area["x"] <= button["x"] and button["x"] + button["w"] <= area["x"] + area["w"] + 1
        assert min(button["w"], button["h"]) >= TAP, button
    assert area["h"] <= 50, f"the area is one row: {area}"
    shot(page, f"layout-woods-full-area-{seed}-390-{lang}")
    end = page.evaluate(AREA_ROW, 10_000)
    assert end["scroll"] > end["client"], "the row holds more than it shows (the test's premise)"
    assert sideways_overflow(page) <= 0, "the row scrolled to its end widens the page"
    page.evaluate(AREA_ROW, 0)
    page.click("#board button.ww-done[data-move] >> nth=-1")
    page.wait_for_function("(v) => Number(document.querySelector('#turn').dataset.seq) > v", arg=at)
    assert page.errors == []


def test_torii_folds_show_their_arrow_and_undo_says_why_whole(server, new_context):
    """At 390 x 844, a Valley of the Torii game against a bot, in English then in
    Japanese (one page: the language switched over the same table).

    - Every folding section whose summary is a flex row (which drops the browser's
      marker) draws its own arrow: the other player's board and the objective cards
      read as empty headings without one.
    - The bar's undo column is 104 px: the full reason was cut to "まだ取り消せる操…".
      It shows a short reason that fits (the full one stays the button's title and
      what a screen reader reads), and the bar keeps its height (on two lines it grew
      and Tulikko's map gave way below 40 px targets)."""
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    new_game(page, "valley-of-the-torii", ["human", "bot"])
    full = {"en": "Nothing to take back yet.", "ja": "まだ取り消せる操作がありません。"}
    for lang in ("en", "ja"):
        page.select_option("#lang-select", lang)
        page.wait_for_function(
            "(text) => document.querySelector('#undo')?.title === text", arg=full[lang]
        )
        folds = page.eval_on_selector_all(
            "details > summary",
            """els => els.filter(s => getComputedStyle(s).display === 'flex').map(s => ({
              text: s.textContent, marker: getComputedStyle(s, '::before').content }))""",
        )
        assert len(folds) >= 2, folds  # the other player's board and the objective cards
        assert [f for f in folds if f["marker"] in ("none", "normal", "")] == [], folds
        shot(page, f"layout-torii-folds-390-{lang}")
        reason = page.eval_on_selector(
            "#undo-reason",
            """el => ({ shown: el.querySelector('[aria-hidden]')?.textContent,
                        read: el.querySelector('.visually-hidden')?.textContent,
                        fits: el.scrollWidth <= el.clientWidth,
                        title: document.querySelector('#undo').title })""",
        )
        assert reason["fits"] and reason["shown"], reason
        assert reason["read"] == reason["title"] == full[lang], reason
        bar = boxes(page, "#game-bar")[0]
        assert bar["h"] < 70, bar  # 65 on one line; two made it ~77
        shot(page, f"layout-undo-reason-390-{lang}")
    assert page.errors == []


TURN_ENDS = ("TurnEnded", "TurnPassed", "TurnStarted", "RoundClosed")


def solo_record(game_id: str, options: dict[str, object], entries: int) -> tuple[bytes, int]:
    """A solo game of `game_id` (greedy play) stopped after `entries` entries."""
    game = games.get(game_id)
    greedy = bots_of(game)["greedy"]
    record = new_record(game, record_id=f"r-solo-log-{game_id}", seats=1, seed=3, options=options)
    timeline = Timeline(game, record)
    rng = Rng.seeded(3, stream=3)
    while timeline.to_move() and timeline.seq < entries:
        timeline.play(0, greedy(game, timeline.state, 0, rng), move_id=f"{timeline.seq}")
    return encode_compact(game, timeline.record), timeline.seq


@pytest.mark.parametrize(
    ("game_id", "options"), [("whispering-woods", {"level": 1}), ("valley-of-the-torii", {})]
)
def test_a_solo_game_s_log_is_a_turn_a_line(server, new_context, tmp_path, game_id, options):
    """Every entry of a solo game is the one seat's, so the log, which groups a seat's
    consecutive entries, made the whole game one paragraph. It groups up to the end of
    each turn: as many groups as turns the record ended (counted here from its events),
    one more while a turn is under way."""
    data, at = solo_record(game_id, options, 30)
    game = games.get(game_id)
    record = decode_compact(data, game)
    ended = sum(
        any(type(event).__name__ in TURN_ENDS for event in entry.events) for entry in record.entries
    )
    page = open_record(server, new_context, tmp_path, "ja", data=data, at=at)
    groups = page.eval_on_selector_all("#move-log > li:not(.empty)", "els => els.length")
    assert ended >= 8 and ended <= groups <= ended + 1, (ended, groups)
    shot(page, f"layout-solo-log-{game_id}-390-ja")
    assert page.errors == []


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_rewild_action_card_halves_read_whole(server, new_context, lang):
    """At 390 x 844 the halves of Rewild's action cards are ~45 px wide: "アップグレード"
    kept on one line (`word-break: keep-all`) was clipped on both sides to "ップグレー".
    Every half's words fit its box, on two lines where they must."""
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    page.select_option("#lang-select", lang)
    new_game(page, "rewild-south-america", ["human", "bot"])
    # the screen can be still (new_game's wait) a moment before the first board is drawn
    page.wait_for_selector("#board .rw-half")
    halves = page.eval_on_selector_all(
        "#board .rw-half",
        "els => els.map(e => [e.textContent, e.scrollWidth, e.clientWidth])",
    )
    assert len(halves) >= 6, halves
    assert [h for h in halves if h[1] > h[2] + 1] == [], halves
    shot(page, f"layout-rewild-actions-390-{lang}")
    assert page.errors == []
