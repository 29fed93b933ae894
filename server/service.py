"""The server's logic, independent of HTTP, one object per resource.

`Service` wires them to one record cache (cache.py), one set of quotas
(quotas.py) and one child process for CPU-heavy work (heavy.py): `hosted`
(hosted.py: games, seats, moves, take-backs, bots), `updates` (updates.py:
live-update messages), `local` (local.py: uploaded records and forks),
`sharing` (sharing.py), `reports` (reports.py), `players` (players.py: a
player's devices, link codes and library).

All methods are synchronous and thread-safe (one lock per record); the HTTP
layer calls them in worker threads, except a request that `is_quick` (SQLite,
record in memory, no bots), which it runs on the event loop. Uploads and bug
reports are steps (generators, heavy.py) that yield their work for the child
process; calls.run_heavy drives them.
"""

from __future__ import annotations

from uuid import UUID

import core.games
from core import __version__ as core_version

from . import schemas as s
from .cache import RecordCache
from .heavy import Heavy
from .hosted import HostedGames
from .local import LocalRecords
from .players import Players
from .push import Announcer, Pusher, public_key, vapid_key
from .quotas import Quotas
from .reports import Reports
from .settings import Settings
from .sharing import Sharing
from .store import KifuStore
from .updates import LiveUpdates

VERSION = core_version


class Service:
    def __init__(self, store: KifuStore, settings: Settings, *, serialize_writes: bool) -> None:
        self.store = store
        self.cache = RecordCache(
            store, max_bytes=settings.cache_bytes, serialize_writes=serialize_writes
        )
        self.quotas = Quotas(settings)
        self.vapid = vapid_key(settings.data_dir)
        self.pusher = Pusher(self.vapid, settings.push_subject, gone=self._push_gone)
        self.hosted = HostedGames(
            self.cache,
            self.quotas,
            ask_ms=int(settings.takeback_ask_seconds * 1000),
            announcer=Announcer(self.pusher),
            push_hosts=settings.push_hosts,
            push_per_seat=settings.push_per_seat,
        )
        self.updates = LiveUpdates(self.cache)
        self.heavy = Heavy(settings.heavy_queue)
        self.local = LocalRecords(self.cache, self.quotas, self.heavy)
        # shared reviews are recomputed in a child of their own: a whole game's review
        # takes seconds, which an upload must never wait behind (sharing.py)
        self.review_checker = Heavy(settings.review_queue)
        self.sharing = Sharing(
            self.cache,
            self.quotas,
            self.review_checker,
            review_queue=settings.review_queue,
            max_review_bytes=settings.max_review_bytes,
        )
        self.reports = Reports(self.cache, self.quotas, self.heavy)
        self.players = Players(
            self.cache,
            self.quotas,
            link_code_seconds=settings.link_code_seconds,
            library_max=settings.library_max,
        )

    def _push_gone(self, game_id: str, endpoint: str) -> None:
        self.hosted.push_gone(game_id, endpoint)

    def push_key(self) -> s.PushKey:
        return s.PushKey(public_key=public_key(self.vapid))

    def is_quick(self, record_id: str) -> bool:
        """Whether a move or read of this record is short enough to run on the event
        loop rather than in a worker thread: writes are serialized anyway (SQLite;
        on the loop they join a group commit, cache.quick), the record is in memory
        (no replay) and has no bot seats (whose replies may run long). The thread
        hand-off would cost more than the work itself."""
        if not self.cache.serialize_writes:
            return False
        live = self.cache.peek(record_id)
        return live is not None and not live.aggregate.bot_seats()

    def ping(self) -> None:
        """One cheap query: raises if the database does not answer."""
        list(self.store.recorder.select_events(UUID(int=0), limit=1))

    def catalogue(self) -> s.Catalogue:
        games = []
        for game_id in core.games.ids():
            try:
                games.append(core.games.listed(core.games.get(game_id)))
            except Exception:  # an engine not there yet is simply not listed
                continue
        return s.Catalogue(games=games)
