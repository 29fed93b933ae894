"""Who is at a hosted table right now: a seat is online while one of its devices holds
the game's live socket (live.py), offline since the last one closed. Kept per server
process, in memory (a restart forgets it: every seat reads offline until it
reconnects, within seconds); behind several processes each knows its own sockets only.
"""

from __future__ import annotations

import threading
import time

from . import schemas as s


def now_ms() -> int:
    return int(time.time() * 1000)


class Presence:
    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.open: dict[tuple[str, int], int] = {}  # (game, seat) -> live sockets
        self.since: dict[tuple[str, int], int] = {}  # (game, seat) -> ms of the last change

    def join(self, game_id: str, seat: int) -> None:
        with self.lock:
            key = (game_id, seat)
            self.open[key] = self.open.get(key, 0) + 1
            if self.open[key] == 1:
                self.since[key] = now_ms()

    def leave(self, game_id: str, seat: int) -> None:
        with self.lock:
            key = (game_id, seat)
            left = self.open.get(key, 0) - 1
            if left > 0:
                self.open[key] = left
                return
            self.open.pop(key, None)
            self.since[key] = now_ms()

    def of(self, game_id: str, seats: int) -> list[s.SeatPresence]:
        """Each seat's presence (`since` 0: not seen by this process since it started)."""
        with self.lock:
            return [
                s.SeatPresence(
                    seat=seat,
                    online=(game_id, seat) in self.open,
                    since=self.since.get((game_id, seat), 0),
                )
                for seat in range(seats)
            ]
