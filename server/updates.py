"""Live-update messages for a hosted game's WebSockets.

After each new entry every socket of the game (in any process) is woken with
`{"seq": n}` and sends one message per entry it has not sent: the entry and the
view after it, redacted for its seat. A message depends only on the entry, the
seat and whether the game is over, so it is made once per seat and entry, kept
on the record's `Live`, and shared by every socket of that seat: a hundred
spectators cost one spectator view per entry, and a socket whose messages are
all made already is served on the event loop without a worker thread.
"""

from __future__ import annotations

import msgspec

from core.kernel import entry_hash, redact_entry

from .auth import Principal
from .cache import Live, RecordCache
from .hosted import redacted


class LiveUpdates:
    def __init__(self, cache: RecordCache) -> None:
        self.cache = cache

    def hello(self, game_id: str, who: Principal, since: int) -> tuple[bytes, int]:
        live = self.cache.get(game_id)
        with live.lock:
            self.cache.refresh(live)
            tl, game = live.tl, live.engine
            since = max(0, min(since, tl.seq))
            message = {
                "type": "hello",
                "seat": who.seat,
                "seq": tl.seq,
                "tip_hash": tl.tip_hash,
                "entries": redacted(live, who.seat, since).entries,
                "view": game.view(tl.state, who.seat),
                "to_move": tl.to_move(),
                "outcome": game.outcome(tl.state),
            }
            return msgspec.json.encode(message), tl.seq

    def ready(
        self, game_id: str, who: Principal, after: int, known: int | None
    ) -> list[bytes] | None:
        """The messages after `after` if every one is made already and the cache is
        known to be current (`known` = the seq the note announced); else None."""
        live = self.cache.peek(game_id)
        tl = live.timeline if live is not None else None  # None while being rebuilt
        if live is None or tl is None or known is None or known > tl.seq:
            return None
        over = live.engine.outcome(tl.state) is not None
        messages = []
        for seq in range(after + 1, tl.seq + 1):
            message = live.messages.get((seq, who.seat, over))
            if message is None:
                return None
            messages.append(message)
        return messages

    def since(
        self, game_id: str, who: Principal, after: int, known: int | None
    ) -> tuple[list[bytes], int]:
        """One message per entry after `after`: the entry and the view after it."""
        live = self.cache.get(game_id)
        with live.lock:
            if known is None or known > live.tl.seq:
                self.cache.refresh(live)
            tl = live.tl
            over = live.over()
            return [
                self._message(live, seq, who.seat, over) for seq in range(after + 1, tl.seq + 1)
            ], tl.seq

    def _message(self, live: Live, seq: int, seat: int | None, over: bool) -> bytes:
        key = (seq, seat, over)
        message = live.messages.get(key)
        if message is None:
            tl, game = live.tl, live.engine
            state = tl.state_at(seq)
            entry = tl.record.entries[seq - 1]
            message = msgspec.json.encode(
                {
                    "type": "entry",
                    "entry": entry if over else redact_entry(game, entry, seat),
                    "seq": seq,
                    "tip_hash": entry_hash(entry),
                    "view": game.view(state, seat),
                    "to_move": game.to_move(state),
                    "outcome": game.outcome(state),
                }
            )
            live.remember(key, message)
        return message
