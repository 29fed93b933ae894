"""Local games (this device decides), on the kernel's fixture game for speed: undo and
take-back per the table's policy, scrubbing and "play from here", finishing and sharing
(the shared link opened in a fresh context, then again offline), and playing offline
with the server stopped, then syncing when it is back."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import unquote

from conftest import DESKTOP, PHONE, open_app, shot, wait_engine, wait_sw
from helpers import (
    COUNT_ENGINE_CALLS,
    click_move,
    game_rows,
    move_types,
    new_game,
    pass_cover,
    play_until_over,
    record_file,
    row_record,
    seq,
    share_link,
    wait_idle,
)


def test_undo_and_takeback_policy(server, new_context):
    page = open_app(new_context(PHONE).new_page(), server.url)
    new_game(page, "high-card", ["human", "bot"], takeback="casual")
    assert page.is_disabled("#undo")
    assert "Nothing to take back" in page.inner_text("#undo-reason")
    assert move_types(page) == ["play", "play"]
    click_move(page, 0)  # play a card: nothing hidden is revealed
    assert set(move_types(page)) == {"draw", "pass"}
    assert page.is_enabled("#undo")
    page.click("#undo")
    page.wait_for_function(
        "document.querySelector('#turn').dataset.seq === '2'"
    )  # the take-back is an entry
    wait_idle(page)
    assert move_types(page) == ["play", "play"]
    shot(page, "undo-phone")
    # Drawing reveals a card: casual take-back stops there, with the rule's wording.
    click_move(page, 0)
    click_move(page, move_types(page).index("draw"))
    wait_idle(page)
    # The kernel is asked before any tap: the button is off, with the rule's reason.
    assert page.is_disabled("#undo")
    reason = page.inner_text("#undo-reason")
    assert "revealed hidden information" in reason
    assert "table:takeback" not in reason, "no rule ID in the player's text"
    shot(page, "undo-refused-phone")

    new_game(page, "high-card", ["human", "bot"], takeback="strict")
    click_move(page, 0)
    assert page.is_disabled("#undo")
    assert "does not allow take-backs" in page.inner_text("#undo-reason")
    assert page.errors == []


def test_scrub_and_branch(server, new_context):
    page = open_app(new_context(DESKTOP).new_page(), server.url)
    original = new_game(page, "high-card", ["human", "human"], options={"deck_size": 20})
    for _ in range(4):
        if page.is_visible("#cover-ready"):
            page.click("#cover-ready")
            wait_idle(page)
        click_move(page, 0)
    assert seq(page) == 4
    # Hot seat: the next player's hand stays behind the "pass the device" screen.
    assert page.is_visible("#cover-ready")
    assert "Pass the device to Player 1" in page.inner_text(".cover")
    assert not page.query_selector(".generic-board"), (
        "no hand on screen while the device changes hands"
    )
    shot(page, "pass-device-desktop")
    page.click("#cover-ready")
    wait_idle(page)
    assert "Your seat: Player 1" in page.inner_text("#board"), "now Player 1's own view"
    page.click("#scrub-first")
    page.wait_for_selector("#play-from-here")
    assert page.get_attribute("#scrub", "aria-valuetext") == "Move 0 of 4"
    assert not page.query_selector("#move-list"), "history is read-only"
    page.click("#scrub-next")
    page.click("#scrub-next")
    page.wait_for_function("document.querySelector('#scrub').value === '2'")
    assert "Move 2 of 4" in page.inner_text("#scrub-label")
    shot(page, "scrub-desktop")
    page.click("#play-from-here")
    page.wait_for_function("(id) => !location.hash.endsWith(id)", arg=original)
    wait_idle(page)
    assert seq(page) == 2, "the branch repeats the first two moves"
    branch = page.url.split("#/game/")[1]
    assert branch != original
    # The kernel's branch: the new record names its parent and seq.
    pass_cover(page)  # hot seat: the controls show once the device has changed hands
    with page.expect_download() as info:
        page.click("#export")
    assert info.value.suggested_filename.endswith(".kifu")
    record = record_file(info.value.path())
    assert record.id == branch and len(record.entries) == 2
    assert (record.genesis.parent.record_id, record.genesis.parent.seq) == (original, 2)
    page.goto(server.url + "/#/")
    page.wait_for_selector(f"[data-id='{branch}']")
    assert page.query_selector(f"[data-id='{original}']")
    assert page.errors == []


def test_new_game_offers_the_games_bots_by_name(server, new_context):
    page = open_app(new_context(DESKTOP).new_page(), server.url)
    page.goto(server.url + "/#/new")
    page.wait_for_selector("#ng-create")
    page.select_option("#ng-game", "tulikko")
    page.select_option("#ng-players", "2")
    page.select_option("#ng-seat-0-kind", "human")
    page.select_option("#ng-seat-1-kind", "bot")
    assert page.is_hidden("#ng-seat-0-bot"), "a human seat has no bot to pick"
    names = page.eval_on_selector_all("#ng-seat-1-bot option", "els => els.map(e => e.value)")
    assert names == ["random", "greedy", "medium", "hard"]
    labels = page.eval_on_selector_all("#ng-seat-1-bot option", "els => els.map(e => e.text)")
    assert labels == ["Random bot", "Easy bot", "Medium bot", "Hard bot"]
    chosen = page.eval_on_selector("#ng-seat-1-bot", "el => el.value")
    assert chosen == "greedy", "a new opponent is the title's own bot, not random moves"
    page.select_option("#ng-seat-1-bot", "greedy")
    page.click("#ng-create")
    page.wait_for_url("**/#/game/**")
    page.wait_for_selector("#turn")
    game_id = page.url.split("#/game/")[1]
    bots = next(r["bots"] for r in game_rows(page) if r["id"] == game_id)
    assert bots == [None, "greedy"]
    assert page.errors == []


def finish_small_game(page, names: list[str] | None = None) -> str:
    game_id = new_game(
        page, "high-card", ["human", "bot"], options={"deck_size": 4, "hand_size": 1}, names=names
    )
    play_until_over(page)
    return game_id


def test_finish_share_and_open_shared_offline(server, new_context):
    page = open_app(new_context(PHONE).new_page(), server.url)
    finish_small_game(page, names=["Aiko"])
    assert "Winner" in page.inner_text("#end-screen")
    page.wait_for_function(
        "document.querySelector('#sync-status').dataset.state === 'synced'", timeout=20_000
    )
    link = share_link(page)
    assert "/#/shared/" in link and "Aiko" in unquote(link)  # the names travel in the link
    page.uncheck("#share-names")  # the sharer may keep them out
    assert "names=" not in page.input_value("#share-link")
    page.check("#share-names")
    shot(page, "finished-phone")

    ctx = new_context(DESKTOP)
    viewer = open_app(ctx.new_page(), server.url, "/" + link.split("/", 3)[3])
    viewer.wait_for_selector("#end-screen")
    assert viewer.query_selector("svg, .generic-board")
    assert "Replay" in viewer.inner_text(".game-head")
    # A first visit has no cached catalogue: the game is named once the engine is up.
    viewer.wait_for_function(
        "document.querySelector('.game-head').innerText.includes('High Card (fixture)')"
    )
    # the players keep their names; the page is named after the game and the players
    assert "Aiko" in viewer.inner_text("#end-screen")
    assert "Random bot" in viewer.inner_text("#end-screen")
    assert "Player 1" not in viewer.inner_text("#end-screen")
    viewer.wait_for_function(
        "document.title.includes('High Card') && document.title.includes('Aiko')"
    )
    # autoplay: from the start, move by move, back to the results at the end
    viewer.select_option("#autoplay-speed", "4")
    viewer.click("#autoplay")
    viewer.wait_for_function("document.querySelector('#turn').dataset.viewing === '1'")
    assert viewer.is_visible("#history-banner")
    viewer.wait_for_function("document.querySelector('#turn').dataset.viewing === '3'")
    viewer.wait_for_selector("#end-screen", timeout=30_000)
    assert viewer.get_attribute("#turn", "data-viewing") == ""
    viewer.click("#scrub-first")
    viewer.wait_for_selector("#play-from-here")
    shot(viewer, "shared-replay-desktop")
    wait_sw(viewer)
    # After the first visit the replay opens with the server gone and the network off.
    server.stop()
    ctx.set_offline(True)
    viewer.reload()
    wait_engine(viewer)
    viewer.wait_for_selector("#end-screen")
    assert "Winner" in viewer.inner_text("#end-screen")
    server.start()


def test_play_again_deals_a_new_game_with_the_same_table(server, new_context):
    page = open_app(new_context(PHONE).new_page(), server.url)
    finished = finish_small_game(page)
    page.click("#rematch")
    page.wait_for_function(f"!location.hash.includes({finished!r})")
    page.wait_for_selector("#turn")
    rows = [{**r, "options": row_record(r).genesis.options} for r in game_rows(page)]
    old = next(r for r in rows if r["id"] == finished)
    new = next(r for r in rows if r["id"] != finished)
    assert old["over"] and not new["over"]
    for key in ("seatKinds", "bots", "takeback", "options"):
        assert new[key] == old[key], key
    assert new["options"] == {"deck_size": 4, "hand_size": 1}
    assert page.errors == []


def test_offline_play_then_sync(server, new_context):
    ctx = new_context(PHONE)
    page = open_app(ctx.new_page(), server.url)
    wait_sw(page)
    new_game(page, "high-card", ["human", "bot"], options={"deck_size": 40})
    click_move(page, 0)
    page.wait_for_function(
        "document.querySelector('#sync-status').dataset.state === 'synced'", timeout=20_000
    )

    server.stop()
    ctx.set_offline(True)
    page.reload()
    wait_engine(page)  # Pyodide, the wheels and the worker come from the service worker
    page.wait_for_selector("#turn")
    wait_idle(page)
    before = seq(page)
    click_move(page, 0)
    if "play" in move_types(page):
        click_move(page, 0)
    assert seq(page) > before
    page.wait_for_function("document.querySelector('#sync-status').dataset.state === 'offline'")
    assert "Offline" in page.inner_text("#sync-status")
    assert "pending" in page.inner_text("#sync-status")
    shot(page, "offline-phone")

    server.start()
    ctx.set_offline(False)
    page.wait_for_function(
        "document.querySelector('#sync-status').dataset.state === 'synced'", timeout=30_000
    )
    assert "Synced" in page.inner_text("#sync-status")
    assert page.errors == []


def test_fork_kept_when_another_device_moved_first(server, new_context):
    """The server already holds another continuation of this local game: this device's
    move is kept as a fork and the player is told, nothing is lost."""
    import msgspec

    from core import games
    from core.kernel import Timeline
    from tests.kernel import fixture_game

    games.register(fixture_game.GAME)
    page = open_app(new_context(PHONE).new_page(), server.url)
    game_id = new_game(page, "high-card", ["human", "bot"], options={"deck_size": 20})
    page.wait_for_function(
        "document.querySelector('#sync-status').dataset.state === 'synced'", timeout=30_000
    )
    sync = next(row["sync"] for row in game_rows(page) if row["id"] == game_id)
    # "Another device" (the same owner) continues the game on the server first.
    held = server.api("GET", f"/api/records/{sync['server_id']}", token=sync["owner_token"])
    game, record = games.load_record(json.dumps(held["record"]).encode())
    timeline = Timeline(game, record)
    tip = timeline.tip_hash
    seat = timeline.to_move()[0]
    entry = timeline.play(seat, timeline.legal_moves(seat)[-1], move_id="other-device")
    body = {"expected_tip": tip, "entries": [json.loads(msgspec.json.encode(entry))]}
    server.api("POST", f"/api/records/{sync['server_id']}/entries", body, token=sync["owner_token"])

    click_move(page, 0)  # this device plays another card at the same point
    page.wait_for_selector(".game-notices .notice", timeout=30_000)
    assert "kept as a fork" in page.inner_text(".game-notices")
    page.wait_for_function("document.querySelector('#sync-status').dataset.state === 'conflict'")
    shot(page, "fork-kept-phone")
    # The other device's line can be opened here too: both lines are kept.
    mine = page.url
    page.click("#open-other-line")
    page.wait_for_function("(u) => location.href !== u", arg=mine)
    wait_idle(page)
    assert seq(page) == 1
    other_card = entry.move.card
    assert f"Play card {other_card}" in page.inner_text("#scrub-label")
    page.goto(mine)
    page.wait_for_selector("#dismiss-notice")
    page.click("#dismiss-notice")
    page.wait_for_function(
        "document.querySelector('#sync-status').dataset.state === 'synced'", timeout=30_000
    )
    assert page.errors == []


DATABASES = "indexedDB.databases().then((all) => all.map((d) => d.name))"


def test_deleting_a_game_forgets_its_sync_state_too(server, new_context):
    """A game's backup state is in its row (no database beside it): the row goes, and
    with it everything the sync client held of that game."""
    page = open_app(new_context(PHONE).new_page(), server.url)
    game_id = new_game(page, "high-card", ["human", "bot"], options={"deck_size": 40})
    click_move(page, 0)
    page.wait_for_function(
        "document.querySelector('#sync-status').dataset.state === 'synced'", timeout=20_000
    )
    row = next(r for r in game_rows(page) if r["id"] == game_id)
    assert row["sync"]["owner_token"] and row["sync"]["acked_seq"] == row["seq"]
    assert page.evaluate(DATABASES) == ["kifu"]
    page.goto(page.url.split("#")[0] + "#/")
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("button.icon.danger")
    page.wait_for_function("(id) => !document.querySelector(`[data-id='${id}']`)", arg=game_id)
    assert all(row["id"] != game_id for row in game_rows(page))
    assert page.evaluate(DATABASES) == ["kifu"]
    assert page.errors == []


ROW_WRITES = """(id) => {
  window.rowWrites = [];
  window.addEventListener('kifu:games-changed', (e) => {
    if (e.detail.id === id) window.rowWrites.push(performance.now());
  });
}"""


def test_each_entry_is_kept_with_the_screen_in_one_row_write(server, new_context):
    """A move (and a bot's reply, and a take-back) writes its game's row once: the
    record and what the screen shows (instant open) together, not one after the other.
    Offline, so that no backup's reply writes the row's sync state in between; the new
    game's first backup settles first (under load its reply came after the count began:
    7 writes for 6 entries)."""
    ctx = new_context(PHONE)
    page = open_app(ctx.new_page(), server.url)
    game_id = new_game(page, "high-card", ["human", "bot"], options={"deck_size": 40})
    page.wait_for_function(
        "document.querySelector('#sync-status').dataset.state === 'synced'", timeout=20_000
    )
    ctx.set_offline(True)
    page.evaluate(ROW_WRITES, game_id)
    before = seq(page)
    click_move(page, 0)  # play a card (nothing hidden is revealed)
    page.click("#undo")  # a take-back entry
    page.wait_for_function(f"document.querySelector('#turn').dataset.seq === '{before + 2}'")
    wait_idle(page)
    click_move(page, 0)
    click_move(page, move_types(page).index("pass"))  # the bot's turn: it replies at once
    after = seq(page)
    assert after >= before + 5, "play, take-back, play, pass, and the bot's reply"
    writes = page.evaluate("window.rowWrites")
    assert len(writes) == after - before, "one write per entry"
    row = next(r for r in game_rows(page) if r["id"] == game_id)
    assert row["seq"] == row["shown"]["seq"] == after
    assert page.errors == []


def test_a_local_move_is_one_engine_round_trip(server, new_context):
    """A tap's move, a take-back and a bot's reply each cross to the engine worker once:
    the reply carries the screen and the record to keep (core.browser `screen`); before,
    a move took six round trips (play, entries, summary, view, legal_moves, record) and
    a take-back probe one more per redraw. The backup that follows runs beside it
    (offline here: counted apart)."""
    ctx = new_context(PHONE)
    ctx.add_init_script(COUNT_ENGINE_CALLS)
    page = open_app(ctx.new_page(), server.url)
    new_game(page, "high-card", ["human", "bot"], options={"deck_size": 40})
    page.wait_for_function(
        "document.querySelector('#sync-status').dataset.state === 'synced'", timeout=20_000
    )
    ctx.set_offline(True)

    def engine_ops(action: Any) -> list[str]:
        page.evaluate("window.engineCalls = []")
        action()
        wait_idle(page)
        ops: list[str] = page.evaluate("window.engineCalls")
        return [op for op in ops if not op.startswith("sync:")]

    assert engine_ops(lambda: click_move(page, 0)) == ["play"]
    before = seq(page)
    assert engine_ops(lambda: page.click("#undo")) == ["undo"]
    page.wait_for_function(f"document.querySelector('#turn').dataset.seq === '{before + 1}'")
    click_move(page, 0)
    before = seq(page)
    ops = engine_ops(lambda: click_move(page, move_types(page).index("pass")))
    bot_moves = seq(page) - before - 1
    assert bot_moves >= 1
    # the pass, then each of the (one-step) bot's moves in its own single round trip
    assert ops == ["play"] + ["bot_begin"] * bot_moves, ops
    assert page.errors == []
