"""Web Push: "your turn" to a seat's devices while Kifu is closed (issue #40).

The standards: a push service holds each browser's subscription (RFC 8030); the
server signs every request with its VAPID key (RFC 8292) and encrypts the payload
for the subscription's keys (RFC 8291, aes128gcm) — `pywebpush` does both. The VAPID
key is made once and kept in the data directory (`vapid_private.pem`): the browser
binds a subscription to the public key it was made with, so a new key would orphan
every subscription.

What a payload says: the kind ("turn", "takeback", "over", "reminder": a quarter
of the table's time per move is left, clock.py), the game's id and the
seat it is for, and words in the subscriber's language that name the game's title
and the players — never a card, a tile or a view: a push service sees the
ciphertext's size and timing, and the device shows the words on a lock screen.

Subscriptions are kept with the seat they were made for (the game's event stream,
store.py): a stranger's game never holds one. Sending runs off the request path on
one background thread with a bounded queue (a full queue drops the push: a turn is
announced at most once anyway). A 404 or 410 from the push service means the
subscription is gone: it is dropped. Endpoints must be on a push service the
settings allow (`push_hosts`): the server POSTs to them, so an open list would let
anyone aim it at any address (SSRF).
"""

from __future__ import annotations

import base64
import logging
import queue
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

import msgspec
from cryptography.hazmat.primitives import serialization
from py_vapid import Vapid02

from .names import shown_name

if TYPE_CHECKING:
    from .cache import Live

log = logging.getLogger("kifu.push")

KEY_FILE = "vapid_private.pem"
QUEUE_MAX = 1000
SEND_TIMEOUT = 10.0
TTL = 24 * 3600  # seconds a push service keeps an undelivered message

WORDS = {
    "en": {
        "turn": "Your turn in {title}: {name} has moved.",
        "takeback": "{name} asks to take back a move in {title}.",
        "over": "{title} is over.",
        "reminder": "{title}: your move — time runs out in {left}.",
    },
    "ja": {
        "turn": "{title}：{name}さんがターンを終えました。あなたのターンです。",
        "takeback": "{title}：{name}さんが操作の取り消しを求めています。",
        "over": "{title}が終わりました。",
        "reminder": "{title}：あなたのターンです。持ち時間は残り{left}です。",
    },
}
KINDS = tuple(WORDS["en"])


class Payload(msgspec.Struct, kw_only=True):
    """What a notification carries: nothing hidden, ever (see the module docstring)."""

    kind: str  # "turn" | "takeback" | "over" | "reminder"
    game_id: str
    seat: int
    title: str
    text: str


def words(kind: str, lang: str, *, title: str, name: str, left: str = "") -> str:
    return WORDS.get(lang, WORDS["en"])[kind].format(title=title, name=name, left=left)


def time_left(ms: int, lang: str) -> str:
    """A time left in words, rounded up: "15 min", "6 h", "2 days" (「15分」「6時間」「2日」)."""
    minutes = max(1, -(-ms // 60_000))
    if minutes < 60:
        return f"{minutes}分" if lang == "ja" else f"{minutes} min"
    hours = -(-minutes // 60)
    if hours < 48:
        return f"{hours}時間" if lang == "ja" else f"{hours} h"
    days = -(-hours // 24)
    return f"{days}日" if lang == "ja" else f"{days} days"


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def vapid_key(data_dir: str) -> Vapid02:
    """The server's VAPID key, made on first use and kept (0600) in `data_dir`."""
    path = Path(data_dir) / KEY_FILE
    if path.exists():
        return Vapid02.from_file(str(path))
    path.parent.mkdir(parents=True, exist_ok=True)
    key = Vapid02()
    key.generate_keys()
    tmp = path.with_suffix(".tmp")
    tmp.write_bytes(
        key.private_key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    tmp.chmod(0o600)
    tmp.replace(path)  # two processes starting at once: one key wins, both read it
    return Vapid02.from_file(str(path))


def public_key(key: Vapid02) -> str:
    """The applicationServerKey a browser subscribes with (uncompressed point, base64url)."""
    raw = key.public_key.public_bytes(
        serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
    )
    return b64url(raw)


def endpoint_allowed(endpoint: str, hosts: Sequence[str]) -> bool:
    """An https endpoint on an allowed push service (a host or its subdomain); plain
    http only for a host listed with its scheme ("http://127.0.0.1", the tests')."""
    parts = urlsplit(endpoint)
    host = (parts.hostname or "").lower()
    for allowed in hosts:
        if allowed.startswith("http://"):
            if parts.scheme == "http" and host == urlsplit(allowed).hostname:
                return True
        elif parts.scheme == "https" and (host == allowed or host.endswith("." + allowed)):
            return True
    return False


@dataclass(frozen=True)
class Delivery:
    game_id: str
    endpoint: str
    keys: dict[str, str]
    payload: Payload


Send = Callable[[dict[str, Any], str, Vapid02, dict[str, str | int]], int]


def send_webpush(
    subscription: dict[str, Any], data: str, key: Vapid02, claims: dict[str, str | int]
) -> int:
    """One push through pywebpush; the push service's status code."""
    from pywebpush import WebPushException, webpush

    try:
        response: Any = webpush(
            subscription,
            data,
            vapid_private_key=key,
            vapid_claims=dict(claims),
            timeout=SEND_TIMEOUT,
            ttl=TTL,
        )
    except WebPushException as exc:
        return exc.status_code or 0
    return int(response.status_code)


class Pusher:
    """Sends payloads on one background thread; `gone(game_id, endpoint)` hears of a
    subscription the push service no longer knows (404/410)."""

    def __init__(
        self,
        key: Vapid02,
        subject: str,
        *,
        gone: Callable[[str, str], None],
        send: Send = send_webpush,
    ) -> None:
        self.key = key
        self.subject = subject
        self.gone = gone
        self.send = send
        self.queue: queue.Queue[Delivery | None] = queue.Queue(QUEUE_MAX)
        self.sent = 0
        self.thread = threading.Thread(target=self._run, name="kifu-push", daemon=True)
        self.thread.start()

    def post(self, delivery: Delivery) -> None:
        try:
            self.queue.put_nowait(delivery)
        except queue.Full:
            log.warning("push queue full: a notification was dropped")

    def close(self) -> None:
        self.queue.put(None)
        self.thread.join(timeout=SEND_TIMEOUT + 1)

    def drain(self) -> None:
        """Wait until everything posted so far was handled (tests, shutdown)."""
        self.queue.join()

    def _run(self) -> None:
        while (delivery := self.queue.get()) is not None:
            try:
                self._deliver(delivery)
            except Exception:  # a push service's failure never stops the others
                log.exception("push failed")
            finally:
                self.queue.task_done()
        self.queue.task_done()

    def _deliver(self, delivery: Delivery) -> None:
        parts = urlsplit(delivery.endpoint)
        claims: dict[str, str | int] = {
            "sub": self.subject,
            "aud": f"{parts.scheme}://{parts.netloc}",
        }
        subscription = {"endpoint": delivery.endpoint, "keys": delivery.keys}
        data = msgspec.json.encode(delivery.payload).decode()
        status = self.send(subscription, data, self.key, claims)
        self.sent += 1
        if status in (404, 410):
            self.gone(delivery.game_id, delivery.endpoint)
        elif not 200 <= status < 300:
            log.info("push refused", extra={"fields": {"status": status}})


class Announcer:
    """Decides who hears what after a change at a hosted table, and posts it: a seat
    whose turn begins ("turn"), the seats a take-back ask needs ("takeback"), every
    other person at the end ("over"). Once per turn: a seat hears of its turn only
    when it was not to move before the change."""

    def __init__(self, pusher: Pusher) -> None:
        self.pusher = pusher

    def entries(self, live: Live, mover: int, before: list[int]) -> None:
        """After entries by `mover`'s request; `before`: who was to move before them."""
        agg = live.aggregate
        bots = agg.bot_seats()
        if live.over():
            seats = [s for s in range(len(agg.seat_hashes)) if s != mover and s not in bots]
            self._post(live, "over", seats, mover)
        else:
            after = live.tl.to_move()
            fresh = [s for s in after if s not in before and s != mover and s not in bots]
            self._post(live, "turn", fresh, mover)

    def takeback(self, live: Live, asker: int, needs: list[int]) -> None:
        self._post(live, "takeback", needs, asker)

    def reminder(self, live: Live, seats: list[int], left_ms: int) -> None:
        """The seats to move: a quarter of their time per move is left (clock.py)."""
        self._post(live, "reminder", seats, seats[0] if seats else 0, left_ms=left_ms)

    def abandoned(self, live: Live, seat: int) -> None:
        """The table ended: `seat` ran out of time; everyone else hears it is over."""
        bots = live.aggregate.bot_seats()
        others = [s for s in range(len(live.aggregate.seat_hashes)) if s != seat and s not in bots]
        self._post(live, "over", others, seat)

    def _post(self, live: Live, kind: str, seats: list[int], by: int, left_ms: int = 0) -> None:
        if not seats:
            return
        agg, info = live.aggregate, live.engine.info
        for endpoint, sub in agg.push_subscriptions().items():
            if sub["seat"] not in seats:
                continue
            lang = sub["lang"] if sub["lang"] in WORDS else "en"
            title = info.title_ja if lang == "ja" else info.title_en
            payload = Payload(
                kind=kind,
                game_id=agg.record_id,
                seat=sub["seat"],
                title=title,
                text=words(
                    kind,
                    lang,
                    title=title,
                    name=player_name(agg, by, lang),
                    left=time_left(left_ms, lang),
                ),
            )
            keys = {"p256dh": sub["p256dh"], "auth": sub["auth"]}
            self.pusher.post(Delivery(agg.record_id, endpoint, keys, payload))


def player_name(agg: Any, seat: int, lang: str) -> str:
    """A seat's name as every screen shows it: the one its player chose, else the
    app's "Player N" (seats counted from 1)."""
    name = shown_name(agg.seat_name(seat))
    if name:
        return name
    return f"プレイヤー{seat + 1}" if lang == "ja" else f"Player {seat + 1}"
