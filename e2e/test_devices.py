"""A player across devices (issue #36): a second phone links to the first by a
one-time code and from then on holds every game of the player — local records and
hosted seats, with their titles, names and bots — in sync both ways; moves made
offline on both meet as a fork that both phones show; a removed phone gets nothing new.
"""

from __future__ import annotations

from typing import Any

from conftest import PHONE_390, open_app, shot
from helpers import click_move, game_rows, new_game, row_record, seq, wait_idle

LIBRARY_WAIT = 60_000  # the sync loop goes every 5 s; a new row also waits for the engine


def setting(page: Any, key: str) -> Any:
    """A value of the PWA's settings store (IndexedDB 'kifu', store 'settings')."""
    return page.evaluate(
        """(key) => new Promise((resolve, reject) => {
          const open = indexedDB.open('kifu');
          open.onerror = () => reject(open.error);
          open.onsuccess = () => {
            const get = open.result.transaction('settings').objectStore('settings').get(key);
            get.onsuccess = () => resolve(get.result ?? null);
          };
        })""",
        key,
    )


def wait_rows(page: Any, count: int) -> None:
    page.goto(page.url.split("#")[0] + "#/")
    page.wait_for_function(
        "(n) => document.querySelectorAll('.game-list .game-item').length === n",
        arg=count,
        timeout=LIBRARY_WAIT,
    )


def wait_backed_up(page: Any) -> None:
    """Every local game of this device is stored on the server up to its last move."""
    for _ in range(150):
        rows = [r for r in game_rows(page) if r["kind"] == "local"]
        if rows and all(
            (r.get("sync") or {}).get("owner_token") and r["sync"].get("acked_seq") == r["seq"]
            for r in rows
        ):
            return
        page.wait_for_timeout(200)
    raise AssertionError(f"not backed up: {[r.get('sync') for r in game_rows(page)]}")


def lines(page: Any) -> dict[str, tuple[int, list[str]]]:
    """Each local game's line on the server: {server id: (seq, its entries' move ids)}."""
    out = {}
    for row in game_rows(page):
        if row["kind"] == "local":
            entries = row_record(row).entries
            out[row["sync"]["server_id"]] = (row["seq"], [e.move_id for e in entries])
    return out


def hosted_seq(page: Any) -> int:
    (row,) = [r for r in game_rows(page) if r["kind"] == "hosted"]
    return int(row["seq"])


def open_game(page: Any, row_id: str) -> None:
    page.goto(page.url.split("#")[0] + f"#/game/{row_id}")
    page.wait_for_selector("#turn[data-seq]")
    wait_idle(page)


def link(a: Any, b: Any, typed: Any = None) -> str:
    """A's code for another device, typed into B's home screen; returns the code."""
    a.goto(a.url.split("#")[0] + "#/")
    a.click("#link-new")
    code = a.inner_text("#link-code-shown")
    b.goto(b.url.split("#")[0] + "#/")
    b.fill("#link-code", typed(code) if typed else code)
    b.click("#link-submit")
    return code


def test_a_linked_phone_holds_every_game_and_offline_moves_meet_as_a_fork(server, new_context):
    ctx_a, ctx_b = new_context(PHONE_390), new_context(PHONE_390)
    a = open_app(ctx_a.new_page(), server.url)
    local_id = new_game(
        a,
        "high-card",
        ["human", "bot"],
        options={"deck_size": 30},
        title="Kitchen table",
        names=["Aiko"],
    )
    click_move(a, 0)
    new_game(
        a,
        "high-card",
        ["human", "bot"],
        options={"deck_size": 30},
        title="Server table",
        online=True,
    )
    wait_idle(a)
    wait_backed_up(a)

    b = open_app(ctx_b.new_page(), server.url)
    code = link(a, b, typed=lambda c: " " + c.lower().replace("-", " ") + " ")  # typed loosely
    b.wait_for_selector("#devices-status:has-text('Linked')")
    wait_rows(b, 2)
    shot(a, "devices-code-phone")
    shot(b, "devices-linked-phone")
    assert len(code) == 9 and code[4] == "-"
    # A's code gives way to the device that used it; both devices listed on both
    a.wait_for_selector("#link-joined")
    for page in (a, b):
        page.wait_for_function("document.querySelectorAll('#device-list li').length === 2")
        assert page.locator("#device-list li[data-current=true]").count() == 1
    rows_a = {r["kind"]: r for r in game_rows(a)}
    rows_b = {r["kind"]: r for r in game_rows(b)}
    for kind in ("local", "hosted"):
        assert rows_b[kind]["title"] == rows_a[kind]["title"]
        assert rows_b[kind]["seatKinds"] == rows_a[kind]["seatKinds"]
    assert rows_b["local"]["names"][0] == "Aiko"
    assert rows_b["local"]["bots"] == rows_a["local"]["bots"]
    assert lines(b) == lines(a)
    assert hosted_seq(b) == hosted_seq(a)
    # B's token is its own: the first device's token never left it
    assert rows_b["local"]["sync"]["owner_token"] != rows_a["local"]["sync"]["owner_token"]
    assert rows_b["hosted"]["hosted"]["token"] != rows_a["hosted"]["hosted"]["token"]

    # A moves on, online: B's copy follows, its open screen too
    open_game(b, local_id)
    before = seq(b)
    open_game(a, local_id)
    click_move(a, 0)
    wait_backed_up(a)
    b.wait_for_function(
        "(v) => Number(document.querySelector('#turn')?.dataset.seq) > v",
        arg=before,
        timeout=LIBRARY_WAIT,
    )
    wait_idle(b)
    assert seq(b) == seq(a)
    assert lines(b) == lines(a)

    # both offline, both move at the same point of the local game; A also at the table
    ctx_a.set_offline(True)
    ctx_b.set_offline(True)
    at = seq(a)
    click_move(a, 0)
    click_move(b, 0)
    hosted_row = next(r["id"] for r in game_rows(a) if r["kind"] == "hosted")
    open_game(a, hosted_row)
    a.click("#all-moves")
    a.click("#move-list li:nth-child(1) button")  # queued until the server is back
    a.wait_for_function("document.querySelector('#turn').dataset.pending === '1'")
    ctx_a.set_offline(False)
    wait_backed_up(a)
    ctx_b.set_offline(False)
    # B's line went up second: the server kept it as a fork; both phones hold both lines
    wait_rows(b, 3)
    wait_rows(a, 3)
    for _ in range(100):
        if lines(a) == lines(b) and hosted_seq(a) == hosted_seq(b):
            break
        a.wait_for_timeout(300)
    assert lines(a) == lines(b), (lines(a), lines(b))
    assert len(lines(a)) == 2 and all(n > at for n, _ in lines(a).values())
    assert hosted_seq(a) == hosted_seq(b)
    for page in (a, b):  # the line that is not this phone's own is named as such
        titles = sorted(r["title"] for r in game_rows(page) if r["kind"] == "local")
        assert titles == ["Kitchen table", "Kitchen table (the other line)"], titles
    # each phone says so: a fork notice on the home screen
    for page in (a, b):
        page.wait_for_selector(".notices .notice", timeout=LIBRARY_WAIT)
    shot(b, "devices-fork-notice-phone")
    b.select_option("#lang-select", "ja")
    b.wait_for_selector("#devices-title:has-text('あなたの端末')")
    shot(b, "devices-ja-phone")
    assert a.errors == [] and b.errors == []


def test_codes_work_once_and_a_removed_phone_gets_nothing_new(server, new_context):
    a = open_app(new_context(PHONE_390).new_page(), server.url)
    b = open_app(new_context(PHONE_390).new_page(), server.url)
    c = open_app(new_context(PHONE_390).new_page(), server.url)
    new_game(a, "high-card", ["human", "bot"], options={"deck_size": 30}, title="First")
    click_move(a, 0)
    wait_backed_up(a)
    a.goto(a.url.split("#")[0] + "#/")
    a.click("#link-new")
    code = a.inner_text("#link-code-shown")
    # a wrong code joins nothing, and says so in words
    b.goto(b.url.split("#")[0] + "#/")
    b.fill("#link-code", "ZZZZ-ZZZZ" if code != "ZZZZ-ZZZZ" else "YYYY-YYYY")
    b.click("#link-submit")
    b.wait_for_selector("#devices-status.error")
    assert "wrong, used or expired" in b.inner_text("#devices-status")
    assert setting(b, "player") is None
    # the right one links B; the same code again links no one
    b.fill("#link-code", code)
    b.click("#link-submit")
    b.wait_for_selector("#devices-status:has-text('Linked')")
    wait_rows(b, 1)
    c.goto(c.url.split("#")[0] + "#/")
    c.fill("#link-code", code)
    c.click("#link-submit")
    c.wait_for_selector("#devices-status.error")
    assert setting(c, "player") is None

    # A removes B: B forgets the player at its next sync and gets no new game
    a.reload()
    a.wait_for_function("document.querySelectorAll('#device-list li').length === 2")
    a.once("dialog", lambda dialog: dialog.accept())
    a.click("#device-list li[data-current=false] button")
    a.wait_for_function("document.querySelectorAll('#device-list li').length === 1")
    new_game(a, "high-card", ["human", "bot"], options={"deck_size": 30}, title="Second")
    click_move(a, 0)
    wait_backed_up(a)
    for _ in range(100):
        if setting(b, "player") is None:
            break
        b.wait_for_timeout(300)
    assert setting(b, "player") is None, "the removed phone still holds the player"
    b.wait_for_timeout(6000)  # a whole sync round more
    assert [r["title"] for r in game_rows(b)] == ["First"]
    shot(a, "devices-removed-phone")
    assert a.errors == [] and b.errors == [] and c.errors == []
