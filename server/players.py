"""A player across devices, without a password (issue #36).

A player is its devices: each holds a device token (a bearer token, stored as its
sha256 hash like every token here). A device that has one makes a one-time link
code; a second device that types it in within `link_code_seconds` becomes another
device of the same player. The server keeps, per player (`store.Player`), its
devices, its unused link codes and its library: the games the player holds (a
hosted game's seat, a local record), each with the client's own `meta` for its row,
so a second device lists and continues every game of the first.

The library never holds a game's token, only the fact. A device that wants to play
a listed game asks for a token of its own (`grant`): a new random token whose hash
goes on the game's stream as a grant tied to (player, device) (`GameStream.grant`),
which `auth.authorize` then takes like the seat or owner token (on a local record,
on its forks too: a fork is the same owner's). Every game token a device registered
or was granted is tied to it on the player's stream (`Player.tie_token`), so
removing the device revokes each on its game (`GameStream.revoke`): a removed
device gets nothing new and keeps nothing.

Link codes: 8 characters of Crockford's base32 (40 bits), shown as `ABCD-EFGH`,
stored as the hash of their normalized form as the id of a `LinkCode` aggregate
(looked up directly); `Used` is its last event, and the store's unique key lets one
of two devices using it at once in. Guessing is hopeless: 10 failed tries per
address per 10 minutes (quotas.py), at most 5 live codes per player, 10 minutes
each.

Players are read from the store on every request (the events past the version in
memory: several processes stay consistent) and written with its optimistic
concurrency, under one lock per player in this process.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
import threading
import time
import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any, TypeVar
from uuid import UUID

import msgspec
from eventsourcing.persistence import IntegrityError

from . import schemas as s
from .auth import Principal, authorize, new_token, token_hash
from .cache import RecordCache
from .names import MAX_CLUSTERS, clean_name, clusters
from .problems import ApiError
from .quotas import Quotas
from .store import LinkCode, Player, link_code_uuid, player_uuid

T = TypeVar("T")
CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"  # base32 without I L O U
CODE_LENGTH = 8
CODE_SHAPE = str.maketrans({"O": "0", "I": "1", "L": "1", " ": None, "-": None})
CODES_PER_PLAYER = 5  # unused, unexpired link codes at once
META_BYTES = 4096
MAX_RETRIES = 5
PLAYERS_KEPT = 10_000  # players held in memory (re-read from the store past it)
LINK_INVALID = "This code is wrong, used or expired."


def now_ms() -> int:
    return int(time.time() * 1000)


def normalize_code(raw: str) -> str:
    """A typed code as issued: upper case, no spaces or dashes, O read as 0, I and L
    as 1 (what Crockford's base32 reads them as)."""
    return raw.upper().translate(CODE_SHAPE)


def code_hash(normalized: str) -> str:
    return hashlib.sha256(f"link:{normalized}".encode()).hexdigest()


def device_name(raw: str) -> str:
    """A device's name, cleaned like a seat's name (names.py); past the 32 characters
    a name shows, cut."""
    parts = clusters(unicodedata.normalize("NFC", raw))
    return clean_name("".join(parts[:MAX_CLUSTERS]))


def game_key(kind: str, record_id: str, seat: int | None) -> str:
    return f"h:{record_id}:{seat}" if kind == "hosted" else f"l:{record_id}"


@dataclass(frozen=True)
class Held:
    """A player's devices and games as copied under its lock (writers change the
    aggregate in memory), in their order."""

    devices: list[tuple[str, dict[str, Any]]]
    games: list[tuple[str, dict[str, Any]]]


class Players:
    def __init__(
        self,
        cache: RecordCache,
        quotas: Quotas,
        *,
        link_code_seconds: float = 600.0,
        library_max: int = 2000,
        clock: Callable[[], int] = now_ms,
    ) -> None:
        self.cache = cache
        self.store = cache.store
        self.quotas = quotas
        self.link_ms = int(link_code_seconds * 1000)
        self.library_max = library_max
        self.clock = clock
        self._players: OrderedDict[str, Player] = OrderedDict()
        self._locks: dict[str, threading.RLock] = {}
        self._lock = threading.Lock()

    # -- the store ---------------------------------------------------------------

    def _fold(self, uid: UUID, agg: Any = None) -> Any:
        """The aggregate `uid` from its events (those past `agg`'s version onto it)."""
        events: Any = self.store.events.get(uid, gt=agg.version if agg is not None else None)
        for event in events:
            agg = event.mutate(agg)
        return agg

    def _player_lock(self, player_id: str) -> threading.RLock:
        with self._lock:
            lock = self._locks.get(player_id)
            if lock is None:
                if len(self._locks) > PLAYERS_KEPT:  # the older half not held now goes
                    for known in list(self._locks)[: len(self._locks) // 2]:
                        held = self._locks[known]
                        if known not in self._players and held.acquire(blocking=False):
                            del self._locks[known]
                            held.release()
                lock = self._locks[player_id] = threading.RLock()
            return lock

    def _player(self, player_id: str) -> Player:
        """The player as stored now (call under its lock); 404 if there is none."""
        with self._lock:
            held = self._players.get(player_id)
        player = self._fold(player_uuid(player_id), held)
        if not isinstance(player, Player):
            raise ApiError(404, "unknown-player", f"no player {player_id!r}")
        with self._lock:
            self._players[player_id] = player
            self._players.move_to_end(player_id)
            while len(self._players) > PLAYERS_KEPT:
                self._players.popitem(last=False)
        return player

    def _forget(self, player_id: str) -> None:
        with self._lock:
            self._players.pop(player_id, None)

    def _write(self, player_id: str, attempt: Callable[[Player], T]) -> T:
        """Run `attempt` (which ends by storing what it changed) on the stored player,
        again if another writer stored first."""
        with self._player_lock(player_id):
            for _ in range(MAX_RETRIES):
                player = self._player(player_id)
                version = player.version
                try:
                    return attempt(player)
                except IntegrityError:
                    self._forget(player_id)
                except BaseException:
                    if player.version != version:  # changed, maybe not stored
                        self._forget(player_id)
                    raise
        raise ApiError(409, "conflict", "the player changed too often; try again")

    @staticmethod
    def _device(player: Player, token: str | None) -> str:
        """The device whose token this is; 401 for none, another's or a removed one's."""
        if token:
            digest = token_hash(token)
            for device_id, device in player.devices.items():
                if hmac.compare_digest(device["token_hash"], digest) and not device["removed"]:
                    return device_id
        raise ApiError(401, "unauthorized", "this token is not a device of this player")

    def _authed(self, player_id: str, token: str | None) -> tuple[Held, str]:
        """What a reader needs of the player, and the device whose token this is."""
        with self._player_lock(player_id):
            player = self._player(player_id)
            device_id = self._device(player, token)
            held = Held(
                devices=[(k, dict(v)) for k, v in player.devices.items()],
                games=[(k, dict(v)) for k, v in player.games.items()],
            )
            return held, device_id

    # -- devices -----------------------------------------------------------------

    def create(self, req: s.NewPlayer, client: str) -> s.DeviceJoined:
        """A new player with its first device. Players are never deleted, so `client`
        (an address) has an hourly quota."""
        name = device_name(req.device_name)
        self.quotas.new_player(client)
        for _ in range(MAX_RETRIES):
            player_id = "p-" + secrets.token_hex(8)
            player = Player(player_id=player_id, created_at=self.clock())
            joined = self._add_device(player, name)
            try:
                self.cache.put(player)
            except IntegrityError:  # pragma: no cover - 64 random bits taken
                continue
            return joined
        raise ApiError(503, "unavailable", "could not allocate a player id")  # pragma: no cover

    def _add_device(self, player: Player, name: str, code: str = "") -> s.DeviceJoined:
        token = new_token()
        device_id = "d-" + secrets.token_hex(6)
        player.add_device(
            device_id=device_id,
            name=name,
            token_hash=token_hash(token),
            added_at=self.clock(),
            code_hash=code,
        )
        return s.DeviceJoined(player_id=player.player_id, device_id=device_id, device_token=token)

    def devices(self, player_id: str, token: str | None) -> s.DeviceList:
        player, me = self._authed(player_id, token)
        return s.DeviceList(
            devices=[
                s.DeviceInfo(
                    device_id=device_id,
                    name=device["name"],
                    added_at=device["added_at"],
                    current=device_id == me,
                )
                for device_id, device in player.devices
                if not device["removed"]
            ]
        )

    def link_code(self, player_id: str, token: str | None) -> s.LinkCodeCreated:
        """A new one-time code for another device to join this player."""

        def attempt(player: Player) -> s.LinkCodeCreated:
            self._device(player, token)
            now = self.clock()
            if sum(1 for expiry in player.codes.values() if expiry > now) >= CODES_PER_PLAYER:
                raise ApiError(
                    429,
                    "too-many",
                    f"this player has {CODES_PER_PLAYER} link codes not used yet; "
                    "use one or wait until they expire",
                    headers={"Retry-After": str(self.link_ms // 1000)},
                )
            code = "".join(secrets.choice(CROCKFORD) for _ in range(CODE_LENGTH))
            digest = code_hash(code)
            expires_at = now + self.link_ms
            player.issue_code(code_hash=digest, expires_at=expires_at)
            stored = LinkCode(code_hash=digest, player_id=player_id, expires_at=expires_at)
            self.cache.put(player, stored)  # a code taken already: IntegrityError, again
            return s.LinkCodeCreated(code=f"{code[:4]}-{code[4:]}", expires_at=expires_at)

        return self._write(player_id, attempt)

    def link(self, req: s.LinkDevice, client: str) -> s.DeviceJoined:
        """A new device of the player whose code this is: once, before it expires."""
        name = device_name(req.device_name)
        self.quotas.link_try(client)  # counted as failed until it worked
        invalid = ApiError(404, "link-code-invalid", LINK_INVALID)
        code = normalize_code(req.code)
        if len(code) != CODE_LENGTH or any(c not in CROCKFORD for c in code):
            raise invalid
        digest = code_hash(code)
        uid = link_code_uuid(digest)
        found = self._fold(uid)
        if not isinstance(found, LinkCode):
            raise invalid

        def attempt(player: Player) -> s.DeviceJoined:
            stored = self._fold(uid)  # as it is now: used meanwhile?
            if stored.used_by or stored.expires_at <= self.clock():
                raise invalid
            joined = self._add_device(player, name, digest)
            stored.use(device_id=joined.device_id)
            self.cache.put(player, stored)  # the second use of a code: IntegrityError
            return joined

        try:
            joined = self._write(found.player_id, attempt)
        except ApiError as exc:
            if exc.status == 404:
                raise invalid from None
            raise
        self.quotas.link_worked(client)
        return joined

    def remove_device(self, player_id: str, token: str | None, device_id: str) -> None:
        """Remove a device (this one or another of the player's): its token and every
        game token tied to it stop working. Again for a removed one: its revocations
        are made again (any a failure left out)."""

        def attempt(player: Player) -> dict[str, str]:
            self._device(player, token)
            device = player.devices.get(device_id)
            if device is None:
                raise ApiError(404, "not-found", f"no device {device_id!r} of this player")
            if not device["removed"]:
                player.remove_device(device_id=device_id)
                self.cache.put(player)
            return dict(player.ties.get(device_id, {}))

        # the player first: from then on the device is refused and gets no new tie;
        # then each tie it had (under the player's lock: no grant of it runs between)
        with self._player_lock(player_id):
            ties = self._write(player_id, attempt)
            by_record: dict[str, list[str]] = {}
            for digest, record_id in ties.items():
                by_record.setdefault(record_id, []).append(digest)
            for record_id, hashes in by_record.items():
                for live_id in self._with_forks(record_id):
                    self._revoke(live_id, hashes)

    def _with_forks(self, record_id: str) -> Iterator[str]:
        """A record and, for a local one, its forks and theirs (a fork is the same
        owner's: a grant on a record holds on its forks)."""
        seen: set[str] = set()
        todo = [record_id]
        while todo:
            current = todo.pop()
            if current in seen:
                continue
            seen.add(current)
            try:
                live = self.cache.get(current)
            except ApiError:
                continue
            yield current
            with live.lock:
                self.cache.refresh(live)
                todo.extend(fork[0] for fork in live.aggregate.forks)

    def _revoke(self, record_id: str, hashes: list[str]) -> None:
        live = self.cache.get(record_id)

        def attempt() -> None:
            revoked = live.aggregate.revoked_hashes()
            fresh = [digest for digest in hashes if digest not in revoked]
            if fresh:
                live.aggregate.revoke(token_hashes=fresh)
                self.cache.save(live)

        self.cache.write(live, attempt)

    # -- the library -------------------------------------------------------------

    def _seat_of(self, kind: str, record_id: str, token: str) -> int | None:
        """The seat (hosted) the token holds, or None (local: the owner's); 404 for no
        such game, 403 `not-yours` for a token that is not its seat's or owner's."""
        live = self.cache.get(record_id)
        with live.lock:
            self.cache.refresh(live)
            agg = live.aggregate
        if agg.kind != kind:
            raise ApiError(404, "not-found", f"no {kind} game {record_id!r}")
        try:
            who: Principal = authorize(agg, token)
        except ApiError:
            who = Principal("", None)
        wanted = "seat" if kind == "hosted" else "owner"
        if who.role != wanted:
            raise ApiError(403, "not-yours", f"this token is not a {wanted} token of {record_id!r}")
        return who.seat

    def keep(self, player_id: str, token: str | None, req: s.KeepGame) -> s.GameKey:
        """Put a game the device holds in the player's library (again: its meta
        changed, or nothing)."""
        record_id = req.game_id if req.kind == "hosted" else req.record_id
        if not record_id:
            field = "game_id" if req.kind == "hosted" else "record_id"
            raise ApiError(400, "bad-request", f"a {req.kind} game needs its {field}")
        meta = msgspec.json.encode(req.meta).decode()
        if len(meta.encode()) > META_BYTES:
            raise ApiError(413, "meta-too-large", f"meta may be up to {META_BYTES} bytes")
        self._authed(player_id, token)  # who asks, before the game is looked at
        kind = req.kind
        seat = self._seat_of(kind, record_id, req.token)
        key = game_key(kind, record_id, seat)
        digest = token_hash(req.token)

        def attempt(player: Player) -> s.GameKey:
            device_id = self._device(player, token)
            held = player.games.get(key)
            if held is None and len(player.games) >= self.library_max:
                raise ApiError(
                    429,
                    "library-full",
                    f"a player's library holds at most {self.library_max} games",
                )
            if held is None or held["meta"] != meta:
                player.keep_game(key=key, kind=kind, record_id=record_id, seat=seat, meta=meta)
            if digest not in player.ties.get(device_id, {}):
                player.tie_token(device_id=device_id, record_id=record_id, token_hash=digest)
            if player.pending_events:
                self.cache.put(player)
            return s.GameKey(key=key)

        return self._write(player_id, attempt)

    def drop(self, player_id: str, token: str | None, key: str) -> None:
        """The game leaves the player's list (a key not in it: nothing to do)."""

        def attempt(player: Player) -> None:
            self._device(player, token)
            if key in player.games:
                player.drop_game(key=key)
                self.cache.put(player)

        self._write(player_id, attempt)

    def grant(self, player_id: str, token: str | None, key: str) -> s.GrantedToken:
        """A new token for the calling device for a game of the library: the seat's
        (hosted) or the owner's (local, on the record and its forks)."""
        fresh = new_token()
        digest = token_hash(fresh)

        def attempt(player: Player) -> tuple[str, dict[str, Any]]:
            device_id = self._device(player, token)
            held = player.games.get(key)
            if held is None:
                raise ApiError(404, "not-found", f"no game {key!r} in this player's library")
            # tied first: a removal from now on revokes it, even before it is granted
            player.tie_token(device_id=device_id, record_id=held["record_id"], token_hash=digest)
            self.cache.put(player)
            return device_id, held

        with self._player_lock(player_id):
            device_id, held = self._write(player_id, attempt)
            hosted = held["kind"] == "hosted"
            records = [held["record_id"]] if hosted else list(self._with_forks(held["record_id"]))
            for record_id in records:
                live = self.cache.get(record_id)

                def put(live: Any = live) -> None:
                    live.aggregate.grant(
                        token_hash=digest,
                        role="seat" if hosted else "owner",
                        seat=held["seat"] if hosted else None,
                        player_id=player_id,
                        device_id=device_id,
                    )
                    self.cache.save(live)

                self.cache.write(live, put)
        return s.GrantedToken(token=fresh)

    def library(self, player_id: str, token: str | None) -> s.Library:
        """The player's games in the order added, each with its current seq, tip and
        whether it is over (and a local record's forks with theirs)."""
        player, _ = self._authed(player_id, token)
        games = []
        for key, held in player.games:
            record_id = held["record_id"]
            seq, tip, over, forks = self._state(record_id)
            hosted = held["kind"] == "hosted"
            listed = []
            if not hosted:
                for fork_id, parent_seq, *_ in forks:
                    fork_seq, fork_tip, _, _ = self._state(fork_id)
                    listed.append(
                        s.LibraryFork(
                            record_id=fork_id,
                            seq=fork_seq,
                            tip_hash=fork_tip,
                            parent_seq=parent_seq,
                        )
                    )
            games.append(
                s.LibraryGame(
                    key=key,
                    kind=held["kind"],
                    game_id=record_id if hosted else None,
                    record_id=None if hosted else record_id,
                    seat=held["seat"],
                    meta=msgspec.json.decode(held["meta"]),
                    seq=seq,
                    tip_hash=tip,
                    over=over,
                    forks=listed,
                )
            )
        return s.Library(games=games)

    def _state(self, record_id: str) -> tuple[int, str, bool, list[Any]]:
        """A record's seq, tip hash, whether it is over, and its forks, as the record
        cache has them now."""
        try:
            live = self.cache.get(record_id)
        except ApiError:
            return 0, "", False, []
        with live.lock:
            self.cache.refresh(live)
            return live.tl.seq, live.tl.tip_hash, live.over(), list(live.aggregate.forks)
