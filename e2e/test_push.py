"""Web Push on the device (issue #40): the service worker shows what the server pushes
(server/push.py's payload: words in the player's language, nothing hidden) as a notice
of that table, and a tap on it opens the table. Chromium here reaches no push service,
so the push is delivered through the DevTools protocol (ServiceWorker.deliverPushMessage),
as a push service would hand it to the browser; the server's side is tested against a
real RFC 8030 receiver in tests/server/test_push.py."""

from __future__ import annotations

import json
import time

from conftest import PHONE, open_app, wait_sw
from helpers import new_game

NOTICES = """navigator.serviceWorker.ready
  .then((r) => r.getNotifications())
  .then((ns) => ns.map((n) => ({title: n.title, body: n.body, tag: n.tag, data: n.data})))"""


def test_a_push_shows_its_words_and_a_tap_opens_the_table(server, new_context):
    ctx = new_context(PHONE)
    ctx.grant_permissions(["notifications"], origin=server.url)
    page = open_app(ctx.new_page(), server.url)
    wait_sw(page)
    row_id = new_game(page, "high-card", ["human", "bot"], online=True)
    assert row_id.startswith("hosted-")
    game_id = row_id.removeprefix("hosted-").rsplit("-", 1)[0]

    cdp = ctx.new_cdp_session(page)
    registrations: list[dict] = []
    cdp.on(
        "ServiceWorker.workerRegistrationUpdated",
        lambda e: registrations.extend(e["registrations"]),
    )
    cdp.send("ServiceWorker.enable")
    deadline = time.monotonic() + 10
    while not registrations and time.monotonic() < deadline:
        page.wait_for_timeout(100)
    (registration,) = [
        r for r in registrations if r["scopeURL"].startswith(server.url) and not r["isDeleted"]
    ][:1]
    payload = {
        "kind": "turn",
        "game_id": game_id,
        "seat": 0,
        "title": "High card",
        "text": "Your turn in High card: Player 2 has moved.",
    }
    page.goto(server.url + "/#/")  # the table is not on screen: the notice brings it back
    page.wait_for_selector("#main")
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    notices: list = []
    for _ in range(3):  # a push the worker was not awake for yet is delivered again
        cdp.send(
            "ServiceWorker.deliverPushMessage",
            {
                "origin": server.url,
                "registrationId": registration["registrationId"],
                "data": json.dumps(payload),
            },
        )
        for _ in range(50):
            notices = page.evaluate(NOTICES)
            if notices:
                break
            page.wait_for_timeout(100)
        if notices:
            break
    assert notices == [
        {
            "title": "High card",
            "body": "Your turn in High card: Player 2 has moved.",
            "tag": row_id,
            "data": {"url": f"/#/game/{row_id}", "kind": "turn"},
        }
    ]
    # A tap on the notice: the service worker's own notificationclick handler, given
    # the event the browser would give it (a script's event cannot waitUntil: its
    # promise is awaited here instead).
    (worker,) = ctx.service_workers
    worker.evaluate(
        """self.registration.getNotifications().then((ns) => {
             const event = new NotificationEvent('notificationclick', {notification: ns[0]});
             let done = null;
             event.waitUntil = (promise) => { done = promise; };
             self.dispatchEvent(event);
             return done;
           })"""
    )
    page.wait_for_url(f"**/#/game/{row_id}", timeout=10_000)
    page.wait_for_selector("#turn")
    assert page.errors == []
