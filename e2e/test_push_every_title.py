"""Web Push on every move of every title, end to end (issue #40's "Done when"): two
browser contexts play a hosted table of each title; every turn that passes to the
other seat reaches that seat — and only that seat — as one "turn" push, in its
language, through a real RFC 8030 push service (tests/server/push_receiver.py: it
checks the server's VAPID JWT and decrypts the aes128gcm payload with the
subscription's keys); the decrypted payload is then handed to that context's service
worker (CDP `ServiceWorker.deliverPushMessage`, as a push service hands it to the
browser) and the notice it shows is checked. The home inbox lists the tables waiting
for the player first, in English and, after a switch, in Japanese.

How the subscriptions reach the receiver: through the PWA's own code. Chromium here
reaches no push service, so an init script stubs `PushManager.subscribe` /
`getSubscription` to return a subscription whose endpoint and keys are the receiver's
(and records the applicationServerKey it was asked for: the server's VAPID key).
Everything else is the product's path: the notices switched on on the home screen
(`#notify-turn`, setNotify), then notify.js `syncPush` POSTs each new hosted seat's
subscription with the app's language, as in production; the test waits for the
PWA's own record of it (the setting `pushedSeats`). The server is started with
KIFU_PUSH_HOSTS=http://127.0.0.1 so that it may push to the receiver.

What is checked per push: exactly the pushes the turn order calls for, at every
point (a missing, duplicated or misdirected push, one to the mover, or one in the
other seat's language fails), each payload equal to what public facts give (the
kind, game, seat, the title's name in the seat's language, the words naming the
mover) with exactly server/push.py's Payload fields — so it carries no card or tile
(tests/server/test_push.py checks that on 40 moves of every title, server-side).
"""

from __future__ import annotations

import json
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from conftest import DESKTOP, PHONE, Server, open_app, wait_sw
from helpers import click_move, join_game, move_types, new_game, seq, wait_seq

from core import games
from server.push import Payload
from tests.kernel import fixture_game
from tests.server.push_receiver import PushService, Subscription

# The browser's PushManager, answering with the receiver's subscription (see the
# module docstring); the key the PWA subscribes with is kept in localStorage.
STUB = """
(() => {
  if (typeof PushManager === 'undefined' || typeof localStorage === 'undefined') return;
  const sub = %s;
  const subscription = {
    endpoint: sub.endpoint,
    expirationTime: null,
    options: { userVisibleOnly: true },
    toJSON: () => ({ endpoint: sub.endpoint, expirationTime: null, keys: sub.keys }),
    unsubscribe: async () => true,
  };
  const b64url = (bytes) => btoa(String.fromCharCode(...new Uint8Array(bytes)))
    .replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  PushManager.prototype.getSubscription = async function () {
    return localStorage.getItem('test.pushKey') ? subscription : null;
  };
  PushManager.prototype.subscribe = async function (options) {
    localStorage.setItem('test.pushKey', b64url(options.applicationServerKey));
    return subscription;
  };
})();
"""

NOTICES = """navigator.serviceWorker.ready
  .then((r) => r.getNotifications())
  .then((ns) => ns.map((n) => ({title: n.title, body: n.body, tag: n.tag, data: n.data})))"""
CLOSE_NOTICES = """navigator.serviceWorker.ready
  .then((r) => r.getNotifications()).then((ns) => { ns.forEach((n) => n.close()); })"""
SETTING = """(key) => new Promise((resolve, reject) => {
  const open = indexedDB.open('kifu');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const get = open.result.transaction('settings').objectStore('settings').get(key);
    get.onsuccess = () => resolve(get.result ?? null);
    get.onerror = () => reject(get.error);
  };
})"""

LOCALES = {"en": "en-GB", "ja": "ja-JP"}
# server/push.py's words, written out here: a push in the wrong language fails
WORDS = {
    "turn": {
        "en": "Your turn in {title}: {name} has moved.",
        "ja": "{title}：{name}さんがターンを終えました。あなたのターンです。",
    },
    "over": {"en": "{title} is over.", "ja": "{title}が終わりました。"},
}
HEADING = {"en": "Your turn at {n} tables", "ja": "あなたのターンの対戦：{n}"}
# moves that end a turn soonest, where the move list offers one (else the first move)
ENDING = ["end-turn", "end", "pass", "finish-food", "stop-drawing"]
# (A's language, B's language): the same for some titles, each seat its own for others
LANGS = {
    "tulikko": ("en", "en"),
    "ducks-in-tow": ("ja", "ja"),
    "valley-of-the-torii": ("en", "ja"),
    "whispering-woods": ("ja", "en"),
    "rewild-south-america": ("ja", "ja"),
}
NAMES = {"en": ("Aino", "Basil"), "ja": ("あやめ", "健二")}
PUSHES = 3  # turn pushes a title's default run waits for (both seats hear at least one)


@pytest.fixture
def service() -> Iterator[PushService]:
    with PushService() as push_service:
        yield push_service


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    """`kifu serve` allowed to push to the receiver on 127.0.0.1 (plain http)."""
    srv = Server(tmp_path, env={"KIFU_PUSH_HOSTS": "http://127.0.0.1"})
    srv.start()
    yield srv
    srv.stop()


@dataclass
class Device:
    """One browser context: its page, the receiver's subscription it was given, its
    language and the service worker registration pushes are delivered to."""

    name: str
    page: Any
    sub: Subscription
    lang: str
    cdp: Any
    registration: str
    row_id: str = ""

    @property
    def seat(self) -> int:
        return int(self.row_id.rsplit("-", 1)[1])

    def setting(self, key: str) -> Any:
        return self.page.evaluate(SETTING, key)


def device(
    new_context: Any, server: Server, service: PushService, *, name: str, lang: str, viewport: Any
) -> Device:
    """A fresh browser in `lang` with the notices switched on (the home screen's box)."""
    ctx = new_context(viewport, locale=LOCALES[lang])
    ctx.grant_permissions(["notifications"], origin=server.url)
    sub = service.subscribe(name)
    ctx.add_init_script(STUB % json.dumps(sub.json()))
    page = open_app(ctx.new_page(), server.url)
    wait_sw(page)
    assert page.evaluate("document.documentElement.lang") == lang
    page.check("#notify-turn")
    deadline = time.monotonic() + 10
    while page.evaluate(SETTING, "notifyTurn") is not True:
        assert time.monotonic() < deadline, "the notices did not switch on"
        page.wait_for_timeout(100)
    cdp = ctx.new_cdp_session(page)
    registrations: list[dict[str, Any]] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda e: registrations.extend(e["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    while not registrations and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    ours = [r for r in registrations if r["scopeURL"].startswith(server.url) and not r["isDeleted"]]
    assert ours, "the service worker's registration"
    return Device(name, page, sub, lang, cdp, ours[0]["registrationId"])


def wait_subscribed(dev: Device, server: Server) -> None:
    """Until the PWA's syncPush has POSTed this seat's subscription (its own record),
    made with the server's VAPID key."""
    deadline = time.monotonic() + 15
    while (dev.setting("pushedSeats") or {}).get(dev.row_id) != dev.sub.endpoint:
        assert time.monotonic() < deadline, f"{dev.name}: the seat was not subscribed"
        dev.page.wait_for_timeout(100)
    key = server.api("GET", "/api/push/key")["public_key"]
    assert dev.page.evaluate("localStorage.getItem('test.pushKey')") == key


def game_id_of(row_id: str) -> str:
    """The server's game id in a hosted seat's row id (`hosted-<game id>-<seat>`)."""
    return row_id.removeprefix("hosted-").rsplit("-", 1)[0]


def token_of(dev: Device) -> str:
    row = dev.page.evaluate(
        """(id) => new Promise((resolve) => {
          const open = indexedDB.open('kifu');
          open.onsuccess = () => {
            const get = open.result.transaction('games').objectStore('games').get(id);
            get.onsuccess = () => resolve(get.result);
          };
        })""",
        dev.row_id,
    )
    token: str = row["hosted"]["token"]
    return token


def expected_push(
    kind: str, game: str, game_id: str, seat: int, *, lang: str, mover_name: str
) -> dict[str, Any]:
    """A push as public facts give it: nothing but whose turn, where, by whom."""
    if game == "high-card":  # the fixture game (conftest registers it on the server)
        games.register(fixture_game.GAME)
    info = games.get(game).info
    title = info.title_ja if lang == "ja" else info.title_en
    return {
        "kind": kind,
        "game_id": game_id,
        "seat": seat,
        "title": title,
        "text": WORDS[kind][lang].format(title=title, name=mover_name),
    }


def wait_received(
    service: PushService, expected: dict[str, list[dict[str, Any]]], timeout: float = 15
) -> None:
    """Until each subscription has at least the pushes expected so far, then: exactly
    those. The server sends one push at a time, in order, so a push that should not
    have been sent before the awaited one has arrived by now."""
    deadline = time.monotonic() + timeout
    while any(len(service.of(name)) < len(want) for name, want in expected.items()):
        assert time.monotonic() < deadline, ({n: service.of(n) for n in expected}, expected)
        time.sleep(0.05)
    for name, want in expected.items():
        assert service.of(name) == want, name
    assert service.refused == []


def show(dev: Device, server: Server, payload: dict[str, Any]) -> list[dict[str, Any]]:
    """Hand a decrypted push to the device's service worker; the notices it shows."""
    dev.page.evaluate(CLOSE_NOTICES)
    notices: list[dict[str, Any]] = []
    for _ in range(3):  # a push the worker was not awake for yet is delivered again
        dev.cdp.send(
            "ServiceWorker.deliverPushMessage",
            {
                "origin": server.url,
                "registrationId": dev.registration,
                "data": json.dumps(payload),
            },
        )
        for _ in range(50):
            notices = dev.page.evaluate(NOTICES)
            if notices:
                return notices
            dev.page.wait_for_timeout(100)
    return notices


def check_push(dev: Device, server: Server, payload: dict[str, Any]) -> None:
    """The payload is the Payload's fields exactly; the device shows it as its notice."""
    assert set(payload) == set(Payload.__struct_fields__)
    assert show(dev, server, payload) == [
        {
            "title": payload["title"],
            "body": payload["text"],
            "tag": dev.row_id,
            "data": {"url": f"/#/game/{dev.row_id}", "kind": payload["kind"]},
        }
    ]


def play_turns(
    server: Server,
    service: PushService,
    game: str,
    devices: list[Device],
    *,
    names: list[str],
    pushes: int,
    limit: int,
) -> dict[str, list[dict[str, Any]]]:
    """Play from the move lists (a turn-ending move where offered) until `pushes`
    turns have passed to the other seat (or `limit` moves, or the end); after every
    move, the pushes received are exactly those the turn order calls for."""
    by_seat = {dev.seat: dev for dev in devices}
    game_id = game_id_of(devices[0].row_id)
    token = token_of(devices[0])
    expected: dict[str, list[dict[str, Any]]] = {dev.name: [] for dev in devices}
    sent = 0
    for _ in range(limit):
        view = server.api("GET", f"/api/games/{game_id}/view", token=token)
        if view["over"]:
            break
        before = view["to_move"]
        mover = before[0]
        page = by_seat[mover].page
        wait_seq(page, view["seq"])  # the mover's screen has the table as it stands
        types = move_types(page)
        assert types, f"seat {mover} is to move but its move list is empty"
        choice = next((types.index(kind) for kind in ENDING if kind in types), 0)
        click_move(page, choice)
        assert page.is_hidden("#move-error"), page.inner_text("#move-error")
        deadline = time.monotonic() + 15
        while (after := server.api("GET", f"/api/games/{game_id}/view", token=token))[
            "seq"
        ] <= view["seq"]:
            assert time.monotonic() < deadline, "the move did not reach the server"
            time.sleep(0.05)
        assert after["seq"] == view["seq"] + 1
        other = 1 - mover
        listener = by_seat[other]
        if after["over"]:  # the last move: the other seat hears that the table is over
            payload = expected_push(
                "over", game, game_id, other, lang=listener.lang, mover_name=names[mover]
            )
        elif other in before or other not in after["to_move"]:
            continue  # the turn did not pass to the other seat: no push
        else:
            payload = expected_push(
                "turn", game, game_id, other, lang=listener.lang, mover_name=names[mover]
            )
        expected[listener.name].append(payload)
        wait_received(service, expected)
        check_push(listener, server, service.of(listener.name)[-1])
        sent += 1
        if sent >= pushes or after["over"]:
            break
    assert sent >= min(pushes, 2), f"only {sent} turns passed between the seats"
    time.sleep(1.0)  # a late duplicate of the last push would have arrived by now
    wait_received(service, expected)
    return expected


def hosted_table(
    new_context: Any, server: Server, service: PushService, game: str
) -> tuple[list[Device], list[str]]:
    """A hosts `game` online with a remote seat, B joins by the invitation; both seats
    subscribed through the PWA."""
    lang_a, lang_b = LANGS[game]
    names = [NAMES[lang_a][0], NAMES[lang_b][1]]
    a = device(new_context, server, service, name="A", lang=lang_a, viewport=PHONE)
    b = device(new_context, server, service, name="B", lang=lang_b, viewport=DESKTOP)
    a.row_id = new_game(a.page, game, ["human", "remote"], online=True, names=names[:1])
    a.page.wait_for_selector("#invites code")
    code = a.page.inner_text("#invites code")
    b.row_id = join_game(b.page, code, names[1])
    assert (a.seat, b.seat) == (0, 1)
    for dev in (a, b):
        wait_subscribed(dev, server)
    assert service.received == [], "nobody has moved yet"
    token = token_of(a)
    view = server.api("GET", f"/api/games/{game_id_of(a.row_id)}/view", token=token)
    assert view["names"] == names, "the names the pushes should give"
    return [a, b], names


@pytest.mark.parametrize("game", games.titles())
def test_every_turn_is_pushed_to_the_other_seat_only(server, service, new_context, game):
    devices, names = hosted_table(new_context, server, service, game)
    play_turns(server, service, game, devices, names=names, pushes=PUSHES, limit=30)
    for dev in devices:
        assert dev.page.errors == []


@pytest.mark.slow
@pytest.mark.parametrize("game", games.titles())
def test_every_turn_of_a_long_game_is_pushed(server, service, new_context, game):
    """The same for as many turns as 300 moves give (most of a game, or all of it)."""
    devices, names = hosted_table(new_context, server, service, game)
    play_turns(server, service, game, devices, names=names, pushes=1000, limit=300)
    for dev in devices:
        assert dev.page.errors == []


def test_the_inbox_lists_my_waiting_tables_first_in_both_languages(server, service, new_context):
    """Three tables of A's with B (B moves first at each): B plays a turn at two of
    them, so A hears of each once, and A's home inbox lists those two first under
    "Your turn at 2 tables"; in Japanese after the language switch, the same — and
    the next push A hears is in Japanese too."""
    a = device(new_context, server, service, name="A", lang="en", viewport=PHONE)
    b = device(new_context, server, service, name="B", lang="en", viewport=DESKTOP)
    rows: list[tuple[str, str]] = []  # (A's row, B's row)
    for title in ("First table", "Second table", "Third table"):
        a.row_id = new_game(
            a.page, "high-card", ["remote", "human"], options={"deck_size": 30}, title=title
        )
        wait_subscribed(a, server)
        a.page.wait_for_selector("#invites code")
        b.row_id = join_game(b.page, a.page.inner_text("#invites code"), "Basil")
        wait_subscribed(b, server)
        rows.append((a.row_id, b.row_id))
    expected: dict[str, list[dict[str, Any]]] = {"A": [], "B": []}
    for a_row, b_row in (rows[0], rows[2]):
        pass_turn(b, server, b_row)
        game_id = game_id_of(a_row)
        expected["A"].append(
            expected_push("turn", "high-card", game_id, 1, lang="en", mover_name="Basil")
        )
        wait_received(service, expected)
        a.row_id = a_row
        check_push(a, server, service.of("A")[-1])
    a.page.goto(server.url + "/#/")
    mine = [rows[0][0], rows[2][0]]
    a.page.wait_for_function(
        """(mine) => {
          const items = [...document.querySelectorAll('#inbox .inbox-item')];
          return items.length === 3 && items.slice(0, 2).every((i) => i.dataset.mine === 'true')
            && items[2].dataset.mine === 'false'
            && mine.every((id) => items.slice(0, 2).some((i) => i.dataset.id === id));
        }""",
        arg=mine,
        timeout=30_000,
    )
    assert a.page.inner_text("#inbox h2") == HEADING["en"].format(n=2)
    assert "Waiting for Basil" in a.page.inner_text("#inbox .inbox-item:nth-child(3)")
    posted: list[int] = []  # the subscriptions the PWA sends again, in its new language
    a.page.on(
        "response",
        lambda r: (
            posted.append(r.status)
            if r.request.method == "POST" and r.url.endswith("/push")
            else None
        ),
    )
    a.page.select_option("#lang-select", "ja")
    a.page.wait_for_function(
        "(h) => document.querySelector('#inbox h2')?.textContent === h",
        arg=HEADING["ja"].format(n=2),
    )
    items = a.page.eval_on_selector_all("#inbox .inbox-item", "els => els.map(e => e.dataset.id)")
    assert items[:2] == [i for i in items if i in mine] and set(items[:2]) == set(mine)
    assert "Basilを待っています" in a.page.inner_text("#inbox .inbox-item:nth-child(3)")
    # From now on A hears in Japanese: B passes the turn at the second table.
    deadline = time.monotonic() + 10
    while len(posted) < len(rows):
        assert time.monotonic() < deadline, f"the subscriptions were not renewed: {posted}"
        a.page.wait_for_timeout(100)
    assert set(posted) == {204}
    pass_turn(b, server, rows[1][1])
    game_id = game_id_of(rows[1][0])
    expected["A"].append(
        expected_push("turn", "high-card", game_id, 1, lang="ja", mover_name="Basil")
    )
    wait_received(service, expected)
    a.row_id = rows[1][0]
    check_push(a, server, service.of("A")[-1])
    a.page.wait_for_function(
        "(h) => document.querySelector('#inbox h2')?.textContent === h",
        arg=HEADING["ja"].format(n=3),
        timeout=30_000,
    )
    time.sleep(1.0)  # a late push would have arrived by now
    wait_received(service, expected)
    assert a.page.errors == [] and b.page.errors == []


def pass_turn(b: Device, server: Server, row_id: str) -> None:
    """High card, on B's screen: a card, then a pass (A's turn)."""
    b.page.goto(f"{server.url}/#/game/{row_id}")
    b.page.wait_for_selector("#move-list button", state="attached")
    for kind in ("play", "pass"):
        before = seq(b.page)
        click_move(b.page, move_types(b.page).index(kind))
        wait_seq(b.page, before + 1)
