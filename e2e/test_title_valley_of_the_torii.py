"""Valley of the Torii at 390 × 844: whole games of every mode the brief names (the base
game with 2 artists, solo against the opponent board, an alternative painting board with
the rainbow tile), played by tapping only the wheels' tiles, the board's slots, the
drawn tiles and the step's controls (never the fallback move list); a bot takes the
other seat. At each step the wheels, the acting board and the step's controls are on
screen and nothing scrolls sideways. Undo once, scrub the history, open the shared
replay, the Japanese UI; screenshots (phone, tablet, desktop) into e2e/artifacts/."""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import helpers
from conftest import DESKTOP, PHONE_390, TABLET, open_app
from helpers import (
    fix_seeds,
    in_view,
    new_game,
    seq,
    share_link,
    sideways_overflow,
    wait_idle,
    wait_played,
)

GAME = "valley-of-the-torii"
SHOTS = Path(os.environ.get("KIFU_TITLE_SHOTS", Path(__file__).parent / "artifacts"))

# Which tap to take when several are offered: finish the turn, decline the optional
# effects (reserve, rainbow swap, cherry seal) so games stay short.
ORDER = [
    "place",
    "take",
    "take-reserved",
    "pick",
    "skip-reserve",
    "rainbow-skip",
    "skip-cherry",
    "rainbow-pick",
    "rainbow-put",
    "reserve",
    "use-cherry",
    "cherry-replace",
    "draw-village",
]

# Every move offered on the board and beside it: the move, its slot's row, the size of
# its tap target, whether it is a step control. A slot whose placement gains a seal to
# choose leads to its moves (data-leads): tapped, then one of the seals beside it.
OFFERED = """() => [...document.querySelectorAll('#board [data-move], #board [data-leads]')]
  .map((el, i) => {
  el.dataset.pick = String(i);
  const r = el.getBoundingClientRect();
  const move = JSON.parse(el.dataset.move || JSON.parse(el.dataset.leads)[0]);
  return { i, move, lead: !el.dataset.move, row: Number(el.dataset.row || 0),
           label: el.getAttribute('aria-label') || '',
           w: r.width, h: r.height, control: !!el.closest('#step-controls'),
           picker: el.closest('details.picker')?.dataset.type ?? null };
})"""


# Ready for a tap (the human's step drawn with its targets), the cover, or the end.
READY = """() => {
  const turn = document.querySelector('#turn');
  const cover = document.querySelector('#cover-ready');
  const targets = document.querySelectorAll(
    '#board [data-move], #board [data-select], #board [data-leads]').length;
  return [turn?.dataset.seq, turn?.dataset.seat, targets, !!document.querySelector('#end-screen'),
    !!cover && !document.querySelector('.cover').hidden];
}"""


def settle(page: Any) -> None:
    """Until the screen is ready for the next tap and stays so for two looks (faster than
    helpers.wait_idle, which the scrubbing and sharing steps keep)."""
    last = None
    for _ in range(400):
        state = page.evaluate(READY)
        ready = state[3] or state[4] or (state[1] != "" and state[2] > 0)
        if ready and state == last:
            return
        last = state if ready else None
        page.wait_for_timeout(60)
    raise AssertionError(f"the game screen did not settle: {last}")


def snap(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(450)  # the moves' animations end (kit/animate.js: 420 ms)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def tap_step(page: Any, order: list[str], rainbow_first: bool = False) -> tuple[str, str]:
    offered = page.evaluate(OFFERED)
    assert offered, f"nothing to tap: {page.inner_text('#turn')}"
    rank = {kind: n for n, kind in enumerate(order)}

    def key(o: dict[str, Any]) -> tuple[int, int, int, int]:
        move = o["move"]
        # the rainbow tile, then the small wheel (it empties first: a refill) when asked
        want = 0
        if rainbow_first and move["type"] == "take":
            want = 0 if "rainbow" in o["label"] else 1 if move["wheel"] == "small" else 2
        return (rank.get(move["type"], 99), want, -o["row"], o["i"])

    # the highest slot first (the top row ends the game), else the first offered
    choice = min(offered, key=key)
    if not choice["control"]:
        assert choice["w"] >= 40 and choice["h"] >= 40, choice  # a finger-sized target
    if choice["picker"]:
        page.click(f"details.picker[data-type='{choice['picker']}'] > summary")
    before = page.get_attribute("#turn", "data-seq")
    page.click(f"[data-pick='{choice['i']}']")
    if choice["lead"]:  # the slot is chosen; the seal next, beside it
        page.click("#tor-seal-choice [data-move] >> nth=0")
    wait_played(page, before)
    return str(choice["move"]["type"]), "control" if choice["control"] else "board"


def play(
    page: Any,
    limit: int,
    *,
    undo_once: bool = False,
    shots: str = "",
    order: list[str] = ORDER,
    rainbow_first: bool = False,
) -> list[str]:
    played: list[str] = []
    undone = not undo_once
    while True:
        settle(page)
        if page.query_selector("#end-screen"):
            wait_idle(page)
            return played
        if page.is_visible("#cover-ready"):
            page.click("#cover-ready")
            continue
        if page.get_attribute("#turn", "data-seat") == "":
            continue  # the bot is moving
        where = in_view(page, "#board .tor-wheels")
        assert all(v in ("ok", "none") for v in where.values()), (where, played[-5:])
        assert sideways_overflow(page) <= 0
        assert page.query_selector("details.all-moves[open]") is None
        if shots and len(played) in (0, 1):
            snap(page, f"{shots}-step{len(played)}-390")
        kind, _ = tap_step(page, order, rainbow_first)
        if shots and kind not in played and kind not in ("take", "place"):
            wait_idle(page)
            snap(page, f"{shots}-after-{kind}-390")  # each kind of step once
        played.append(kind)
        if not undone and kind == "take" and len(played) > 4:
            wait_idle(page)
            if page.is_enabled("#undo"):  # a take that refilled a wheel cannot be undone
                at = seq(page)
                page.click("#undo")
                page.wait_for_function(
                    "(s) => Number(document.querySelector('#turn').dataset.seq) !== s", arg=at
                )
                wait_idle(page)  # back to choosing: the taken tile is on its wheel again
                assert page.query_selector("#board [data-move*='\"take\"']")
                played.append("undo")
                undone = True
        assert len(played) < limit, "the game did not end"


def end_checks(page: Any, name: str, boards: int, rows: int) -> None:
    """`rows`: the table's ways to score and the total (TOR-107..111: scroll, 5 cards,
    torii; the paintbrush among artists, the rainbow tile with its variant, TOR-165; the
    opponent's bonus in solo, TOR-153)."""
    box = page.eval_on_selector("#end-screen", "e => e.getBoundingClientRect().toJSON()")
    assert 0 <= box["top"] < 300, box
    sheet = page.inner_text("#tor-sheet")
    # every board has a column and every way to score a row; no engine id on screen
    assert page.eval_on_selector_all("#tor-sheet thead th", "els => els.length") == boards + 1
    assert page.eval_on_selector_all("#tor-sheet tbody tr", "els => els.length") == rows
    text = page.inner_text("body")
    for leak in ("OBJ_", "SCROLL_", "T0", "r1c", "r2c", "TOR-"):
        assert leak not in text, (leak, sheet)
    assert sideways_overflow(page) <= 0
    snap(page, f"{name}-end-390")


def test_base_game_two_artists_with_undo_scrub_and_shared_replay(server, new_context):
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    fix_seeds(page, 7, 7)
    new_game(page, GAME, ["human", "bot"], options={"objectives": "A", "start_player": "0"})
    snap(page, "tor-base-start-390")
    played = play(page, 120, undo_once=True, shots="tor-base")
    assert {"take", "place", "undo"} <= set(played)
    end_checks(page, "tor-base", 2, rows=9)  # + the paintbrush
    log = page.inner_text("#move-log")
    assert "placed" in log and "took" in log
    # scrub back: an earlier board, read-only, the way back at the top
    page.click("#scrub-first")
    page.wait_for_function("document.querySelector('#turn').dataset.viewing === '0'")
    assert page.query_selector("#board .tor-wheels") and not page.query_selector(
        "#board [data-move]"
    )
    page.click("#scrub-next")
    page.wait_for_function("document.querySelector('#turn').dataset.viewing === '1'")
    snap(page, "tor-base-scrub-390")
    page.click("#scrub-last")
    page.wait_for_selector("#end-screen")
    for name, size in (("tablet", TABLET), ("desktop", DESKTOP)):
        page.set_viewport_size(size)
        wait_idle(page)
        snap(page, f"tor-base-end-{name}")
    # the shared replay of the finished game, in a fresh context
    page.wait_for_function(
        "document.querySelector('#sync-status').dataset.state === 'synced'", timeout=20_000
    )
    link = share_link(page)
    viewer = open_app(new_context(PHONE_390).new_page(), server.url, "/" + link.split("/", 3)[3])
    viewer.wait_for_selector("#end-screen")
    viewer.wait_for_selector("#tor-sheet")
    viewer.click("#scrub-first")
    viewer.wait_for_selector("#board .tor-wheels")
    snap(viewer, "tor-shared-replay-390")
    assert page.errors == [] and viewer.errors == []


def test_solo_against_the_opponent_board_in_japanese(server, new_context):
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    page.select_option("#lang-select", "ja")
    page.wait_for_function("document.documentElement.lang === 'ja'")
    fix_seeds(page, 11, 11)
    new_game(page, GAME, ["human"], options={"difficulty": "easy"})
    snap(page, "tor-solo-ja-start-390")
    played = play(page, 80, shots="tor-solo-ja")
    assert {"take", "place"} <= set(played)
    end_checks(page, "tor-solo-ja", 2, rows=9)  # + the bonus
    # the opponent is 相手 as a player (its board is 相手のボード)
    assert "相手" in page.inner_text("#tor-sheet")
    # the opponent board ranks in the score table too, with its pad's total
    totals = page.eval_on_selector_all(
        "#tor-sheet tr.total td", "tds => tds.map(td => td.textContent)"
    )
    rows = helpers.score_rows(page)
    lost = page.inner_text("#winners") == "あなたの敗北です。"
    assert [rank for rank, _, _ in rows] == ["1", "2"], rows
    assert rows[0 if lost else 1][1:] == ["相手", totals[-1]], (rows, totals)
    assert rows[1 if lost else 0][2] == totals[0], (rows, totals)
    # no tie, so no tie-break lines ("同点判定前に並んだアーティスト：なし")
    assert "同点" not in page.inner_text("#end-screen")
    board = page.inner_text("#board") + page.inner_text("#move-log")
    assert "VP" not in page.inner_text("#tor-sheet") and "配置しました" in board
    page.click("#scrub-first")
    page.wait_for_function("document.querySelector('#turn').dataset.viewing === '0'")
    snap(page, "tor-solo-ja-scrub-390")
    page.set_viewport_size(DESKTOP)
    wait_idle(page)
    snap(page, "tor-solo-ja-desktop")
    # How to play, in the rulebook's words, each point citing its rules
    page.set_viewport_size(PHONE_390)
    page.goto(page.url.split("#")[0] + f"#/rules/{GAME}")
    page.wait_for_selector(f"#rules-summary[data-game='{GAME}']")
    page.wait_for_function(
        "document.querySelector('#rules-title')?.textContent.endsWith('の遊び方')"
    )
    rules = page.inner_text("#rules-summary")
    assert "刻印" in rules and "絵画ボード" in rules
    assert page.locator("#rules-summary [id='rule-TOR-167']").count() == 1  # "なぜ？" lands there
    assert page.locator("#rules-summary section").count() >= 7
    assert sideways_overflow(page) <= 0
    snap(page, "tor-rules-ja-390")
    assert page.errors == []


def test_alternative_board_with_the_rainbow_tile(server, new_context):
    """Seed 28 puts the rainbow tile first in the bag: the first refill brings it to the
    arrow; the tapping artist takes it, and both artists resolve its swap (TOR-167)."""
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    fix_seeds(page, 28, 28)
    new_game(
        page,
        GAME,
        ["human", "bot"],
        options={"board_layout": "ALT2", "rainbow": True, "start_player": "0"},
    )
    # paper tiles are drawn on every board, never a target
    papers = page.eval_on_selector_all(
        "#board [data-slot] title",
        "els => els.filter(e => e.textContent.startsWith('Paper')).length",
    )
    assert papers >= 6
    snap(page, "tor-alt2-start-390")
    order = ["rainbow-pick", "rainbow-put", *(k for k in ORDER if not k.startswith("rainbow"))]
    played = play(page, 120, shots="tor-alt2", order=order, rainbow_first=True)
    assert {"take", "place", "rainbow-pick", "rainbow-put"} <= set(played), played
    assert "rainbow tile" in page.inner_text("#move-log")
    end_checks(page, "tor-alt2", 2, rows=10)  # + paintbrush, rainbow
    page.goto(page.url.split("#")[0] + f"#/rules/{GAME}")
    page.wait_for_selector(f"#rules-summary[data-game='{GAME}']")
    assert page.inner_text("#rules-title").startswith("How to play")
    assert page.locator("#rules-summary [id='rule-TOR-060']").count() == 1  # "Why?" lands there
    snap(page, "tor-rules-en-390")
    assert page.errors == []


def bot_record(path: Path, seed: int, moves: int) -> Path:
    """A 2-artist record: greedy bots play both seats for `moves` moves from `seed`."""
    from core.games import get
    from core.kernel import Rng, encode_record
    from core.kernel.bots import bots_of
    from core.kernel.timeline import Timeline, new_record

    game = get(GAME)
    greedy = bots_of(game)["greedy"]
    record = new_record(
        game, record_id=f"r-torii-{seed}", seats=2, seed=seed, options={"start_player": 0}
    )
    timeline = Timeline(game, record)
    while timeline.seq < moves:
        seat = timeline.to_move()[0]
        move = greedy(game, timeline.state, seat, Rng.seeded(1, stream=timeline.seq + 1))
        timeline.play(seat, move, move_id=f"m{timeline.seq}")
    assert timeline.to_move() == [0]
    path.write_bytes(encode_record(timeline.record, "json"))
    return path


def open_record(page: Any, server: Any, path: Path) -> None:
    page.goto(server.url + "/#/")
    page.wait_for_selector("#import-file", state="attached")
    page.set_input_files("#import-file", str(path))
    page.wait_for_url("**/#/game/**")
    settle(page)
    if page.is_visible("#cover-ready"):
        page.click("#cover-ready")
        settle(page)


def tap(page: Any, selector: str) -> None:
    before = page.get_attribute("#turn", "data-seq")
    page.click(selector)
    page.wait_for_function("(b) => document.querySelector('#turn')?.dataset.seq !== b", arg=before)
    settle(page)
    if page.is_visible("#cover-ready"):  # every seat of an imported record plays here
        page.click("#cover-ready")
        settle(page)


def water_seal_and_paintbrush(page: Any, server: Any, tmp_path: Path) -> None:
    """TOR-070 TOR-092: the water seal is tapped, then two tiles of one wheel; the
    paintbrush is tapped, then any tile around the wheels (not only the available ones).
    Neither leaves a long list of choices beside the board."""
    # seed 27 after 52 moves: the first artist holds the water seal and the paintbrush
    open_record(page, server, bot_record(tmp_path / "water.kifu.json", 27, 52))
    assert page.query_selector("details.picker") is None  # no 94-choice swap picker
    assert not page.query_selector("#board [data-move*='swap-wheel']")
    page.click("#tor-water")
    page.wait_for_selector("#board [data-select]")
    snap(page, "tor-water-first-390")
    page.click("#board .tor-wheels [data-wheel='large'][data-select]")
    page.wait_for_selector("#board [data-move*='swap-wheel']")
    snap(page, "tor-water-second-390")
    tap(page, "#board [data-move*='swap-wheel']")
    assert "with the water seal" in page.inner_text("#move-log")
    # the water seal went back; the paintbrush now: every tile of the wheels is a target
    assert not page.query_selector("#tor-water")
    page.click("#tor-brush")
    targets = page.eval_on_selector_all("#board [data-move*='\"paint\"']", "els => els.length")
    available = page.eval_on_selector_all("#board [data-move*='\"take\"']", "els => els.length")
    assert targets > 4 and available == 0, (targets, available)
    snap(page, "tor-brush-390")
    tap(page, "#board [data-move*='\"paint\"']")
    assert "with the paintbrush" in page.inner_text("#move-log")
    tap(page, "#board [data-move*='\"place\"']")
    assert sideways_overflow(page) <= 0


def test_seals_and_paintbrush_by_tapping(server, new_context, tmp_path):
    """Records played by bots up to the moment a seal or the paintbrush acts, imported
    (every seat then plays on this device). Water seal and paintbrush: above.
    TOR-078 TOR-079: the village seal token draws 3 tiles, one is tapped and placed.
    TOR-073: after a refill the mountain-seal holder taps a tile of that wheel to reserve
    it. TOR-083 TOR-084: at the end the cherry seal token is tapped, then a drawn tile,
    then the board tile it replaces; the end screen follows."""
    page = open_app(new_context(PHONE_390).new_page(), server.url)
    water_seal_and_paintbrush(page, server, tmp_path)
    open_record(page, server, bot_record(tmp_path / "village.kifu.json", 8, 44))
    tap(page, "#board [data-move*='draw-village']")
    assert page.eval_on_selector_all("#tor-tray [data-move*='\"pick\"']", "els => els.length") == 3
    snap(page, "tor-village-390")
    tap(page, "#tor-tray [data-move*='\"pick\"']")
    tap(page, "#board [data-move*='\"place\"']")
    assert "with the village seal" in page.inner_text("#move-log")

    open_record(page, server, bot_record(tmp_path / "mountain.kifu.json", 2, 51))
    snap(page, "tor-reserve-390")
    tap(page, "#board .tor-wheels [data-move*='\"reserve\"']")
    assert "reserved" in page.inner_text("#move-log")

    open_record(page, server, bot_record(tmp_path / "cherry.kifu.json", 12, 64))
    tap(page, "#board [data-move*='use-cherry']")
    assert not page.query_selector("details.picker")  # no 80-choice replacement picker
    page.click("#tor-tray [data-select]")
    page.wait_for_selector("#board [data-move*='cherry-replace']")
    snap(page, "tor-cherry-390")
    tap(page, "#board [data-move*='cherry-replace']")
    page.wait_for_selector("#end-screen")
    assert "cherry blossom seal" in page.inner_text("#move-log")
    assert page.errors == []
