"""The server's store: bytes a stored entry and a stored game's load time (issue #35).

    .venv/bin/python bench/bench_store.py [--game ducks-in-tow] [--entries 300,1500]
        [--tables 4] [--repeat 15] [--no-pg] [--no-sqlite]

For each database (a SQLite file, a fresh PostgreSQL database) and each length: the
first `--entries` entries of one seeded random game (bench_records' `played`: the
PWA's move ids, devices and clocks), `--tables` copies of it played side by side, one
write per entry through the server's own write path (`RecordCache.write`, as a hosted
game's moves are stored), then:

- bytes per entry the store grew by: the SQLite file (after a WAL checkpoint), or
  PostgreSQL's tables (`kifustore_*`, indexes and TOAST included) after a `VACUUM`,
  as played, and after `VACUUM FULL` (the rows alone, pages packed full);
- the cold load of one of those games: a new `RecordCache` on the open store (so not
  the server's in-memory copy; the database's pages are in memory, as a busy
  server's are) reading it to a `Timeline`, the median and the fastest of `--repeat`
  loads, ms.

The script only uses what every version of the store has (`open_store`,
`RecordCache`), so a checkout of an earlier commit runs it as it is.
"""

from __future__ import annotations

import argparse
import gc
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_records import fresh_pg, hosted_stream, played

from core import games

PG_URL = "postgresql://postgres@127.0.0.1:5432/kifu_bench_store"


def write_games(store: Any, record: Any, tables: int) -> list[str]:
    """`tables` copies of `record`, a write per entry, one entry of each in turn; their
    ids."""
    from server.cache import RecordCache

    ids = [f"{record.id}-{k}" for k in range(tables)]
    store.save(*(hosted_stream(record_id, record) for record_id in ids))
    cache = RecordCache(store, max_bytes=2**28, serialize_writes=True)
    lives = [cache.get(record_id) for record_id in ids]
    for entry in record.entries:
        for live in lives:

            def attempt(entry: Any = entry, live: Any = live) -> None:
                live.tl.append(entry, check="replay")
                cache.append(live, [entry])
                cache.save(live)

            cache.write(live, attempt, fresh=False)
    return ids


def load_ms(store: Any, record_id: str, entries: int, repeat: int) -> tuple[float, float]:
    """The cold load of `record_id`, ms: the median and the fastest (the machine may be
    shared: the fastest is the one others disturbed least)."""
    from server.cache import RecordCache

    times = []
    for _ in range(repeat):
        cache = RecordCache(store, max_bytes=2**28, serialize_writes=True)
        gc.collect()
        start = time.perf_counter()
        live = cache.get(record_id)
        times.append(time.perf_counter() - start)
        assert live.tl.seq == entries, live.tl.seq
    return statistics.median(times) * 1000, min(times) * 1000


def sqlite_bytes(store: Any, data_dir: str) -> int:
    with store.recorder.datastore.transaction(commit=True) as cursor:
        cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return os.path.getsize(os.path.join(data_dir, "kifu.sqlite3"))


def pg_bytes(url: str, how: str = "") -> int:
    """The store's tables (heap, indexes, TOAST) after a VACUUM (`how`: FULL)."""
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        names = [
            row[0]
            for row in conn.execute(
                "SELECT relname FROM pg_class WHERE relname LIKE 'kifustore_%' AND relkind = 'r'"
            )
        ]
        total = 0
        for name in names:
            conn.execute(f"VACUUM {how} {name}")
            row = conn.execute("SELECT pg_total_relation_size(%s)", (name,)).fetchone()
            total += int(row[0]) if row else 0
        return total


def measure(record: Any, url: str | None, tables: int, repeat: int) -> dict[str, float]:
    from server.store import open_store

    n = len(record.entries)
    with tempfile.TemporaryDirectory() as data_dir:
        store = open_store(data_dir, url)
        empty = sqlite_bytes(store, data_dir) if url is None else pg_bytes(url)
        ids = write_games(store, record, tables)
        out: dict[str, float] = {}
        full = sqlite_bytes(store, data_dir) if url is None else pg_bytes(url)
        out["bytes/entry"] = (full - empty) / (n * tables)
        out["load ms"], out["load ms, fastest"] = load_ms(store, ids[0], n, repeat)
        store.close()
        if url is not None:
            out["bytes/entry, VACUUM FULL"] = (pg_bytes(url, "FULL") - empty) / (n * tables)
        return out


def main() -> None:
    parser = argparse.ArgumentParser(description="Kifu store: bytes an entry, load time")
    parser.add_argument("--game", default="ducks-in-tow")
    parser.add_argument("--entries", default="300,1500")
    parser.add_argument("--tables", type=int, default=4, help="games written side by side")
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--no-pg", action="store_true")
    parser.add_argument("--no-sqlite", action="store_true")
    args = parser.parse_args()
    game = games.get(args.game)
    full = played(game, 2, args.seed)
    import msgspec

    print(f"{'database':11} {'entries':>7} {'figure':26} {'value':>9}")
    for db in ("SQLite", "PostgreSQL"):
        if (db == "PostgreSQL" and args.no_pg) or (db == "SQLite" and args.no_sqlite):
            continue
        for n in map(int, args.entries.split(",")):
            if n > len(full.entries):
                sys.exit(f"the game has {len(full.entries)} entries, not {n}")
            record = msgspec.structs.replace(full, entries=full.entries[:n])
            url = fresh_pg(PG_URL) if db == "PostgreSQL" else None
            if db == "PostgreSQL" and url is None:
                continue
            for name, value in measure(record, url, args.tables, args.repeat).items():
                print(f"{db:11} {n:7} {name:26} {value:9.1f}", flush=True)


if __name__ == "__main__":
    main()
