"""Hosted games (the server decides): two browser contexts as two devices on one game.
One goes offline and moves; both converge when it is back. A move queued offline that
the server rejects is shown with the rule's wording. A game against the server's bot,
scrubbed while it runs (online from the server, offline a clear "needs a connection")."""

from __future__ import annotations

import json
from typing import Any

from conftest import DESKTOP, PHONE, open_app, shot, wait_engine, wait_sw
from helpers import (
    COUNT_ENGINE_CALLS,
    click_move,
    game_rows,
    join_game,
    move_types,
    new_game,
    play_until_over,
    seq,
    share_link,
    wait_idle,
    wait_seq,
)


def view_field(page, name: str) -> str:
    """A field of the generic board (the fixture game's view) by its label."""
    return page.evaluate(
        """(name) => {
          const dts = [...document.querySelectorAll('.generic-board dt')];
          const dt = dts.find(d => d.textContent === name);
          return dt ? dt.nextElementSibling.textContent : null;
        }""",
        name,
    )


def wait_my_turn(page, timeout: float = 20_000) -> None:
    page.wait_for_function(
        "document.querySelectorAll('#move-list button').length > 0", timeout=timeout
    )
    wait_idle(page)


def two_devices(server, new_context):
    ctx_a = new_context(PHONE)
    a = open_app(ctx_a.new_page(), server.url)
    new_game(a, "high-card", ["human", "remote"], options={"deck_size": 30})
    a.wait_for_selector(".invites code")
    code = a.inner_text(".invites code")
    shot(a, "hosted-invite-phone")
    ctx_b = new_context(DESKTOP)
    b = open_app(ctx_b.new_page(), server.url)
    join_game(b, code, "Guest")  # the guest chooses the name the table sees
    return ctx_a, a, ctx_b, b


def test_two_devices_one_offline_converge(server, new_context):
    ctx_a, a, _ctx_b, b = two_devices(server, new_context)
    assert "Your turn" in a.inner_text("#turn")
    assert "Waiting" in b.inner_text("#turn")
    click_move(a, 0)  # A plays a card
    wait_seq(a, 1)
    click_move(a, move_types(a).index("pass"))
    wait_seq(a, 2)
    wait_seq(b, 2)
    wait_my_turn(b)
    # B may not take back A's moves (the server says so in B's view); A may take its own
    b.wait_for_function("document.querySelector('#undo').disabled")
    assert "only they can take it back" in b.get_attribute("#undo", "title")
    assert a.is_enabled("#undo")
    click_move(b, 0)
    click_move(b, move_types(b).index("pass"))
    wait_seq(b, 4)
    wait_seq(a, 4)
    wait_my_turn(a)

    wait_sw(a)
    ctx_a.set_offline(True)
    a.click("#move-list li:nth-child(1) button")  # queued: the server cannot be reached
    a.wait_for_function("document.querySelector('#turn').dataset.pending === '1'")
    a.wait_for_function("document.querySelector('#sync-status').dataset.state === 'offline'")
    assert "pending 1" in a.inner_text("#sync-status")
    shot(a, "hosted-offline-pending-phone")
    # The queue survives a reload (offline: the app comes from the service worker).
    a.reload()
    wait_engine(a)
    a.wait_for_function("document.querySelector('#turn')?.dataset.pending === '1'")
    assert "pending 1" in a.inner_text("#sync-status")
    assert a.query_selector_all("#move-list button") == [], "the board shows the move waiting"
    b.wait_for_timeout(2000)
    assert seq(b) == 4, "the other device cannot see a move that was never sent"

    ctx_a.set_offline(False)
    wait_seq(a, 5, timeout=30_000)
    wait_seq(b, 5, timeout=30_000)
    a.wait_for_function(
        "document.querySelector('#sync-status').dataset.state === 'synced'", timeout=30_000
    )
    assert a.get_attribute("#turn", "data-pending") == "0"
    # Both devices show the same table.
    assert view_field(a, "scores") == view_field(b, "scores")
    assert view_field(a, "deck size") == view_field(b, "deck size")
    assert set(move_types(a)) == {"draw", "pass"}
    assert a.errors == [] and b.errors == []


def move_posts(page) -> list[tuple[str, Any]]:
    """(move_id, expected_seq) of every move submission of this page the server answered."""
    posts: list[tuple[str, Any]] = []

    def seen(request: Any) -> None:
        if request.method == "POST" and request.url.endswith("/moves"):
            body = json.loads(request.post_data or "{}")
            posts.append((body["move_id"], body.get("expected_seq")))

    page.on("requestfinished", seen)
    return posts


def test_rejected_pending_move_is_shown(server, new_context):
    ctx_a, a, _ctx_b, b = two_devices(server, new_context)
    posts = move_posts(a)
    click_move(a, 0)
    click_move(a, move_types(a).index("pass"))
    wait_seq(b, 2)
    wait_my_turn(b)
    click_move(b, 0)
    click_move(b, move_types(b).index("pass"))  # A's turn now
    wait_seq(a, 4)
    wait_my_turn(a)

    ctx_a.set_offline(True)
    a.click("#move-list li:nth-child(1) button")  # queued offline
    a.wait_for_function("document.querySelector('#turn').dataset.pending === '1'")
    # Meanwhile B takes its pass back (casual table): it is B's turn again.
    b.click("#undo")
    wait_seq(b, 5)
    assert set(move_types(b)) == {"draw", "pass"}

    ctx_a.set_offline(False)
    a.wait_for_selector(".game-notices .notice", timeout=30_000)
    notice = a.inner_text(".game-notices")
    assert "was rejected" in notice
    assert "not-your-turn" in notice or "turn" in notice
    assert len(a.query_selector_all(".game-notices .notice")) == 1, "one rejection, shown once"
    # Sent against seq 4, then (the record moved on) against 5: never twice the same.
    queued = posts[-1][0]
    assert [p for p in posts if p[0] == queued] == [(queued, 4), (queued, 5)], posts
    a.wait_for_function("document.querySelector('#sync-status').dataset.state === 'conflict'")
    shot(a, "hosted-rejected-phone")
    a.click("#dismiss-notice")
    a.wait_for_function("document.querySelector('#sync-status').dataset.state !== 'conflict'")
    assert a.get_attribute("#turn", "data-pending") == "0"
    assert a.errors == [] and b.errors == []


LEGACY_QUEUE = """async () => {
  const open = (name) => new Promise((resolve, reject) => {
    const request = indexedDB.open(name);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  const run = (db, store, mode, action) => new Promise((resolve, reject) => {
    const t = db.transaction(store, mode);
    const request = action(t.objectStore(store));
    t.oncomplete = () => resolve(request.result);
    t.onerror = () => reject(t.error);
  });
  const kifu = await open('kifu');
  const rows = await run(kifu, 'games', 'readonly', (s) => s.getAll());
  const row = rows.find((r) => r.kind === 'hosted');
  const move = row.hosted.legal[0];
  const item = { kind: 'move', move_id: 'legacy-1', move, expected_seq: row.hosted.seq, at: 1 };
  delete row.hosted.state;  // that form had no sync state, its own queue instead
  delete row.hosted.copyJson;
  row.hosted.pending = [item];
  await run(kifu, 'games', 'readwrite', (s) => s.put(row));
  return row.id;
}"""


def test_a_queue_of_the_old_hosted_rows_moves_into_the_sync_client(server, new_context):
    """A row written before hosted games went through core.sync holds its own queue
    (hosted.pending) and no sync state: its move is sent once, from the client."""
    ctx_a, a, _ctx_b, b = two_devices(server, new_context)
    click_move(a, 0)
    click_move(a, move_types(a).index("pass"))
    wait_seq(b, 2)
    wait_my_turn(b)
    click_move(b, 0)
    click_move(b, move_types(b).index("pass"))
    wait_seq(a, 4)
    wait_my_turn(a)
    a.close()
    # No app on this page (same origin): nothing syncs while the rows are rewritten.
    bare = ctx_a.new_page()
    bare.goto(server.url + "/health")
    row_id = bare.evaluate(LEGACY_QUEUE)
    bare.close()

    page = ctx_a.new_page()
    posts = move_posts(page)  # before the app opens: it may send the queued move at once
    a = open_app(page, server.url, f"/#/game/{row_id}")
    wait_seq(b, 5, timeout=30_000)
    wait_seq(a, 5, timeout=30_000)
    a.wait_for_function(
        "document.querySelector('#sync-status').dataset.state === 'synced'", timeout=30_000
    )
    assert a.get_attribute("#turn", "data-pending") == "0"
    assert [p for p in posts if p[0] == "legacy-1"] == [("legacy-1", 4)]
    a.wait_for_timeout(6000)  # more sync rounds: it is not sent again
    assert [p for p in posts if p[0] == "legacy-1"] == [("legacy-1", 4)]
    assert a.errors == [] and b.errors == []


QUEUE_DURING_A_ROUND = """async (second) => {
  const { EngineClient } = await import('/engine/client.js');
  const { SyncClient } = await import('/engine/sync.js');
  const rows = await new Promise((resolve, reject) => {
    const request = indexedDB.open('kifu');
    request.onerror = () => reject(request.error);
    request.onsuccess = () => {
      const get = request.result.transaction('games').objectStore('games').getAll();
      get.onsuccess = () => resolve(get.result);
    };
  });
  const { gameId, token, legal } = rows.find((r) => r.kind === 'hosted').hosted;
  const first = legal.find((m) => m.type === 'play');
  // The first submission waits at a gate: a move is queued while the round is out.
  let release, sent;
  const gate = new Promise((r) => (release = r));
  const posted = new Promise((r) => (sent = r));
  let gated = false;
  const slow = async (url, init) => {
    if (init.method === 'POST' && !gated) {
      gated = true;
      sent();
      await gate;
    }
    return fetch(url, init);
  };
  // The fixture game comes in as the app's engine gets it (e2e/conftest.py).
  const register = JSON.parse(localStorage.getItem('kifu.extraEngines') || '[]');
  const engine = new EngineClient({ deviceId: 'e2e', register });
  await engine.ready;
  const sync = new SyncClient({ engine, fetch: slow, dbName: 'kifu-sync-e2e', deviceId: 'e2e' });
  await sync.joinHosted(gameId, 0, token);
  await sync.queueMove(gameId, { seat: 0, move: first, based_on: 0, move_id: 'm1' });
  const round = sync.syncHosted(gameId);
  const same = sync.syncHosted(gameId) === round;  // one round per game at a time
  await Promise.race([posted, round]);  // (a round that fails never posts)
  await sync.queueMove(gameId, { seat: 0, move: second, based_on: 1, move_id: 'm2' });
  release();
  const out = await round;
  const held = await sync.hosted(gameId);
  return { same, steps: out.steps.map((s) => s.event), held, gameId, token };
}"""


def test_a_move_queued_while_a_round_is_out_is_kept_and_sent(server, new_context):
    """SyncClient: a round's write after a reply never drops what was queued meanwhile."""
    ctx = new_context(DESKTOP)
    a = open_app(ctx.new_page(), server.url)
    new_game(a, "high-card", ["human", "remote"], options={"deck_size": 30})
    a.wait_for_selector(".invites code")
    wait_my_turn(a)
    a.close()
    page = ctx.new_page()
    page.goto(server.url + "/health")  # same origin, no app: only this client sends
    out = page.evaluate(QUEUE_DURING_A_ROUND, {"type": "pass"})
    assert out["same"]
    assert out["steps"] == ["pulled", "accepted", "accepted"]
    state = out["held"]["state"]
    assert state["pending"] == [] and state["rejected"] == []
    entries = json.loads(out["held"]["record_json"])["entries"]
    assert [e["move_id"] for e in entries] == ["m1", "m2"]
    view = page.evaluate(
        """async ([id, token]) => (await fetch(`/api/games/${id}/view`,
             { headers: { Authorization: `Bearer ${token}` } })).json()""",
        [out["gameId"], out["token"]],
    )
    assert view["seq"] == 2


def test_hosted_game_to_the_end_then_replay_and_share(server, new_context):
    ctx_a = new_context(DESKTOP)
    a = open_app(ctx_a.new_page(), server.url)
    new_game(a, "high-card", ["human", "remote"], options={"deck_size": 4, "hand_size": 1})
    code = a.inner_text(".invites code")
    b = open_app(new_context(PHONE).new_page(), server.url)
    b.fill("#join-code", code)
    b.click("#join-code ~ button[type=submit]")
    b.fill("#join-name", "Guest")  # the guest chooses the name the table sees
    b.click("#join-claim")
    b.wait_for_url("**/#/game/hosted-**")
    for _ in range(40):
        if a.query_selector("#end-screen") and b.query_selector("#end-screen"):
            break
        for page in (a, b):
            wait_idle(page)
            if move_types(page):
                click_move(page, 0)
    a.wait_for_selector("#end-screen", timeout=30_000)
    b.wait_for_selector("#end-screen", timeout=30_000)
    assert a.inner_text("#winners") == b.inner_text("#winners")
    # The finished game opens from its full record: scrub it, share it.
    a.wait_for_selector("#scrub-first")
    a.click("#scrub-first")
    a.wait_for_selector("#play-from-here")
    a.click("#scrub-live")
    link = share_link(a)
    viewer = open_app(new_context(PHONE).new_page(), server.url, "/" + link.split("/", 3)[3])
    viewer.wait_for_selector("#end-screen")
    assert viewer.inner_text("#winners") == a.inner_text("#winners")
    shot(a, "hosted-finished-desktop")
    assert a.errors == [] and b.errors == [] and viewer.errors == []


def scrub_to(page, seq_value: int) -> None:
    page.wait_for_function(
        "(v) => document.querySelector('#scrub-label')?.textContent.startsWith(`Move ${v} of`)",
        arg=seq_value,
    )
    wait_idle(page)


def test_hosted_game_against_a_server_bot_scrubbed_mid_game(server, new_context):
    ctx = new_context(PHONE)
    a = open_app(ctx.new_page(), server.url)
    a.goto(a.url.split("#")[0] + "#/new")
    a.wait_for_selector("#ng-create")
    a.select_option("#ng-game", "high-card")
    a.select_option("#ng-players", "2")
    a.select_option("#ng-seat-0-kind", "human")
    a.select_option("#ng-seat-1-kind", "bot")
    a.select_option("#ng-seat-1-bot", "random")
    a.fill("#ng-opt-deck_size", "8")
    a.set_checked("#ng-online", True)  # hosted: the server deals and plays the bot
    assert "plays the bots" in a.inner_text("#ng-mode")
    shot(a, "hosted-bot-new-game-phone")
    sockets: list[str] = []
    a.on("websocket", lambda socket: sockets.append(socket.url))
    a.click("#ng-create")
    a.wait_for_url("**/#/game/hosted-**")
    a.wait_for_selector("#turn")
    wait_idle(a)
    assert not a.query_selector(".invites code"), "a bot seat has no invitation"
    for _ in range(50):  # the live socket opens once the sync client holds the seat
        if any("/live?" in url for url in sockets):
            break
        a.wait_for_timeout(100)
    assert any("/live?" in url for url in sockets), "the game follows the server live"
    click_move(a, 0)  # play a card
    click_move(a, move_types(a).index("pass"))  # the server's bot answers at once
    wait_my_turn(a)
    assert seq(a) == 4, "the bot's play and its draw or pass are in the record"
    hand_now = view_field(a, "hand")

    # Scrub the running game: each point is this seat's view then, from the server.
    a.click("#scrub-first")
    scrub_to(a, 0)
    assert view_field(a, "hand") != hand_now  # the card played at move 1 is back in hand
    assert a.is_disabled("#play-from-here")  # and it says why: the seed is still secret
    assert "over" in a.inner_text("#no-branch-reason")
    a.click("#scrub-next")
    scrub_to(a, 1)
    a.click("#scrub-last")
    a.click("#scrub-prev")
    scrub_to(a, 3)
    assert "Random bot" in a.inner_text("#scrub-label")  # the bot seat by its bot's name
    assert view_field(a, "hand") == hand_now  # the bot's move changed nothing in this hand
    shot(a, "hosted-bot-scrub-phone")

    # Offline, a point not fetched yet says history needs a connection: no wrong board.
    ctx.set_offline(True)
    a.click("#scrub-first")
    scrub_to(a, 0)  # fetched already: still shown
    assert a.query_selector(".generic-board") and not a.query_selector("#scrub-unavailable")
    a.click("#scrub-next")
    scrub_to(a, 1)
    a.click("#scrub-next")
    scrub_to(a, 2)
    assert "connect" in a.inner_text("#scrub-unavailable")
    assert not a.query_selector(".generic-board")
    shot(a, "hosted-bot-scrub-offline-phone")
    ctx.set_offline(False)
    a.click("#scrub-live")
    wait_idle(a)

    # To the end through the UI; then the full record is public and branching opens.
    play_until_over(a)
    a.wait_for_selector("#end-screen", timeout=30_000)
    a.set_viewport_size(DESKTOP)
    shot(a, "hosted-bot-finished-desktop")
    a.wait_for_selector("#scrub-first")
    a.click("#scrub-first")
    a.wait_for_selector("#play-from-here:not([disabled])")
    a.click("#scrub-live")  # the results (and "play again") are at the end of the history

    # Play again: a new hosted table with the same server bot, this device's seat claimed.
    finished = a.url.split("#/game/")[1]
    a.click("#rematch")
    a.wait_for_function(f"!location.hash.includes({finished!r})")
    a.wait_for_selector("#turn")
    hosted = [r for r in game_rows(a) if r["kind"] == "hosted"]
    assert len(hosted) == 2
    again = next(r for r in hosted if r["id"] != finished)
    old = next(r for r in hosted if r["id"] == finished)
    assert again["hosted"]["gameId"] != old["hosted"]["gameId"]
    assert again["seatKinds"] == old["seatKinds"] and again["bots"] == old["bots"]
    assert not again["over"]
    assert a.errors == []


NOTICES = """async () => (await (await navigator.serviceWorker.ready).getNotifications())
  .map((n) => ({ tag: n.tag, title: n.title, body: n.body }))"""


def test_your_turn_notice_while_kifu_is_in_the_background(server, new_context):
    ctx_a, a, _ctx_b, b = two_devices(server, new_context)
    ctx_a.grant_permissions(["notifications"], origin=server.url)
    click_move(a, 0)
    click_move(a, move_types(a).index("pass"))
    wait_seq(a, 2)
    row_id = a.url.split("#/game/")[1]
    wait_sw(a)
    a.goto(a.url.split("#")[0] + "#/")
    a.check("#notify-turn")
    a.wait_for_function("document.querySelector('#notify-turn').checked")
    # Kifu goes to the background (another app in front); the other player moves.
    a.evaluate(
        "Object.defineProperty(document, 'visibilityState', "
        "{configurable: true, get: () => 'hidden'})"
    )
    assert a.evaluate(NOTICES) == [], "this seat's own moves notify no one"
    wait_my_turn(b)
    click_move(b, 0)
    click_move(b, move_types(b).index("pass"))
    wait_seq(b, 4)
    notices: list[dict[str, Any]] = []
    for _ in range(100):  # the sync loop polls every 5 s
        notices = a.evaluate(NOTICES)
        if notices:
            break
        a.wait_for_timeout(200)
    assert [(n["tag"], n["title"]) for n in notices] == [(row_id, "Your turn")]
    assert "High Card" in notices[0]["body"]
    assert a.errors == [] and b.errors == []


NOTE_LIVE_HELLO = """
const Socket = window.WebSocket;
window.WebSocket = function (...args) {
  const socket = new Socket(...args);
  socket.addEventListener('message', (e) => {
    if (String(e.data).includes('"hello"')) window.liveHello = true;
  });
  return socket;
};
window.WebSocket.prototype = Socket.prototype;
Object.assign(window.WebSocket, { OPEN: 1, CLOSED: 3, CONNECTING: 0, CLOSING: 2 });
"""


def test_a_hosted_move_is_three_engine_round_trips(server, new_context):
    """A hosted move crosses to the engine worker three times: queue it, fold the
    server's answer, fold the pull of what the server's bot did (each core.sync reply
    names the request to send next); before, six (a hosted.next before each send and a
    hosted.pull before the pull)."""
    ctx = new_context(PHONE)
    ctx.add_init_script(COUNT_ENGINE_CALLS)
    ctx.add_init_script(NOTE_LIVE_HELLO)
    a = open_app(ctx.new_page(), server.url)
    new_game(a, "high-card", ["human", "bot"], options={"deck_size": 8}, online=True)
    wait_my_turn(a)
    # the live socket is up (else the fallback poll, every 1.5 s till then, pulls too)
    a.wait_for_function("window.liveHello === true")
    a.wait_for_timeout(1600)  # the poll set before the socket was up (1.5 s) has gone
    wait_idle(a)
    a.evaluate("window.engineCalls = []")
    click_move(a, 0)
    wait_idle(a)
    calls = a.evaluate("window.engineCalls")
    # The move's own calls: queue, reply, pulled, in that order. The screen's fallback
    # poll (every 6 s with the socket up) may have had a pull of its own in flight as the
    # move began, folded anywhere among them: at most one more pull, nothing else.
    queue, reply, pulled = "sync:hosted.queue", "sync:hosted.reply", "sync:hosted.pulled"
    assert set(calls) == {queue, reply, pulled}, calls
    assert calls.count(queue) == calls.count(reply) == 1 and calls.count(pulled) in (1, 2), calls
    last_pull = len(calls) - 1 - calls[::-1].index(pulled)
    assert calls.index(queue) < calls.index(reply) < last_pull, calls
    assert seq(a) == 1
    assert a.errors == []
