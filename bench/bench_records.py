"""Record size per entry (issue #21), not part of the test suite:

    .venv/bin/python bench/bench_records.py [--games 3] [--store-entries 300]
        [--store-tables 10] [--store-layouts after,cache] [--no-pg]

For every registered title, seeded random games played to the end through a Timeline,
with what the PWA writes: a random UUID device id per seat, millisecond clocks and
move ids of 16 hex digits, counting up per device from a random start as it makes
them now (`counted ids`) or random, as it made them before (the rows without that
label). Prints bytes per entry, before (record format 2: a state hash on every entry,
as the engines before format 3 made them; the commitments as today's) and after
(format 4: since format 3 a state hash every 32nd entry; since format 4 an open
entry's commitments re-derived by every copy):

- the record as JSON and msgpack (what the API sends, and what the PWA kept in
  IndexedDB before it kept compact bytes: a row's `record_json`), gzipped, and the
  compact form (core/kernel/compact.py, a row's `record_kifu` today), of
  the whole record and of a seat's copy of a game in progress (no seed: its move and
  events commitments cannot be recomputed, so they are stored);
- `game only`: the moves and events alone (msgpack), the floor;
- a hosted seat's pull (``GET /api/games/{id}/record``, a game in progress), as JSON
  (the RecordResponse the server encodes) and in the compact form (``Accept:
  application/vnd.kifu.record``, core/wire.py's compact pull): the whole copy from 0,
  and one entry at a time (what a live game pays a move: each reply gzipped on its
  own, as HTTP compresses it);
- on disk in the server's store, one write per move as a hosted game makes them: a
  `Chunk` event (the packed entries, nothing derivable), and `through the cache`, the
  server's own write path, which also stores checkpoints (store.py). SQLite file
  growth and PostgreSQL's table size (indexes and TOAST included), the first
  `--store-entries` entries of one game per title, `--store-tables` copies of it
  played side by side. (The layouts of earlier servers, an `EntryAppended` event
  holding the entry's JSON and the `EntriesPacked` chunk with its seqs, are no longer
  written by anything: their figures are in the history of this file and
  server/README.md.)
- in IndexedDB (`--indexeddb`): the records stored as the PWA's rows held them
  (`record_json`, format 2 and format 3) and hold them now (`record_kifu`, compact
  bytes as a Uint8Array), in headless Chromium
  (a real profile directory, its IndexedDB files measured on disk after the browser
  closes: LevelDB, snappy-compressed).
"""

from __future__ import annotations

import argparse
import contextlib
import gzip
import os
import sqlite3
import sys
import tempfile
import uuid
from pathlib import Path
from typing import Any

import msgspec

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from core import games, wire
from core.kernel import (
    Entry,
    Rng,
    Timeline,
    canonical,
    encode_compact,
    encode_record,
    entry_hash,
    genesis_hash,
    new_record,
    redact_record,
)
from core.kernel.packing import Tables

PG_URL = "postgresql://postgres@127.0.0.1:5432/kifu_bench_records"


def played(game: Any, seats: int, seed: int, *, counted: bool = True) -> Any:
    """A seeded random game with the PWA's move ids: `counted` as it makes them now (16
    hex digits counting up from a random start, per device), else as it made them
    before (16 random hex digits). The same game either way."""
    record = new_record(game, record_id=str(uuid.UUID(int=seed)), seats=seats, seed=seed)
    timeline = Timeline(game, record)
    rng = Rng.seeded(seed, stream=9)
    devices = [random_uuid(rng) for _ in range(seats)]
    counts = [rng.below(2**32 - 1) << 32 for _ in devices]
    at = 1_764_547_200_000
    while timeline.to_move():
        seat = timeline.to_move()[0]
        move = rng.choice(timeline.legal_moves(seat))
        at += 500 + rng.below(20_000)
        move_id = f"{rng.below(2**32 - 1):08x}{rng.below(2**32 - 1):08x}"
        counts[seat] += 1
        if counted:
            move_id = f"{counts[seat]:016x}"
        timeline.play(seat, move, move_id=move_id, device_id=devices[seat], at=at)
    return timeline.record


def random_uuid(rng: Rng) -> str:
    """A version-4 UUID as a browser's crypto.randomUUID makes them (122 random bits)."""
    value = 0
    for _ in range(4):
        value = value << 32 | rng.below(2**32 - 1)
    return str(uuid.UUID(int=value, version=4))


def as_format_2(game: Any, record: Any) -> Any:
    """The same game as format 2 recorded it: a state hash on every entry, rechained."""
    timeline = Timeline(game, record)
    prev = genesis_hash(record.genesis)
    entries = []
    for entry in record.entries:
        state = entry.state_hash or timeline.state_commitment(entry.seq)
        entry = msgspec.structs.replace(entry, state_hash=state, prev_hash=prev)
        entries.append(entry)
        prev = entry_hash(entry)
    return msgspec.structs.replace(record, entries=entries, format=2)


def seat_copy(game: Any, record: Any) -> Any:
    """Seat 0's copy of the game in progress (no seed, others' secrets redacted)."""
    return redact_record(game, record, 0, over=False)


def per_entry(records: list[Any], encode: Any) -> tuple[float, float]:
    blobs = [encode(r) for r in records]
    entries = sum(len(r.entries) for r in records)
    raw = sum(len(b) for b in blobs)
    packed = sum(len(gzip.compress(b, 9)) for b in blobs)
    return raw / entries, packed / entries


def record_figures(
    game: Any, after: list[Any], random_ids: list[Any]
) -> dict[str, tuple[float, float]]:
    """`after` with today's counted move ids; `random_ids`, the same games with the
    random ones the PWA made before."""
    before = [as_format_2(game, r) for r in random_ids]
    out: dict[str, tuple[float, float]] = {}
    for label, records in (("format 2", before), ("format 4", random_ids)):
        out[f"{label} JSON"] = per_entry(records, lambda r: encode_record(r, "json"))
        out[f"{label} msgpack"] = per_entry(records, lambda r: encode_record(r, "msgpack"))
        out[f"{label} compact"] = per_entry(records, lambda r: encode_compact(game, r))
    out["format 4 compact, counted ids"] = per_entry(after, lambda r: encode_compact(game, r))
    copies = [seat_copy(game, r) for r in random_ids]
    out["format 4 seat copy compact"] = per_entry(copies, lambda r: encode_compact(game, r))
    copies = [seat_copy(game, r) for r in after]
    out["format 4 seat copy JSON"] = per_entry(copies, lambda r: encode_record(r, "json"))
    out["seat copy compact, counted ids"] = per_entry(copies, lambda r: encode_compact(game, r))
    out.update(pull_figures(game, copies, after))
    out["game only (moves+events)"] = per_entry(
        after,
        lambda r: msgspec.msgpack.encode(
            [[e.move, e.events] for e in r.entries if isinstance(e, Entry)]
        ),
    )
    return out


def pull_figures(
    game: Any, copies: list[Any], records: list[Any]
) -> dict[str, tuple[float, float]]:
    """Bytes per entry of seat 0's hosted pulls, JSON and compact side by side."""
    blobs: dict[str, list[bytes]] = {}
    for copy, record in zip(copies, records, strict=True):
        hashes = [genesis_hash(copy.genesis)] + [entry_hash(e) for e in record.entries]
        for since, upto in [(0, len(copy.entries))] + [
            (n, n + 1) for n in range(len(copy.entries))
        ]:
            part = msgspec.structs.replace(copy, entries=copy.entries[since:upto])
            after = record.entries[since - 1] if since else None
            label = "from 0" if upto - since > 1 else "one entry"
            reply = wire.RecordResponse(
                record_id=copy.id,
                genesis=copy.genesis,
                entries=part.entries,
                since=since,
                seq=upto,
                tip_hash=hashes[upto],
                over=False,
                rules_version=copy.genesis.rules_version,
            )
            packed = wire.encode_pull(
                game, part, since=since, after=after, seq=upto, tip=hashes[upto], over=False
            )
            blobs.setdefault(f"pull {label}, JSON", []).append(msgspec.json.encode(reply))
            blobs.setdefault(f"pull {label}, compact", []).append(packed)
    entries = sum(len(c.entries) for c in copies)
    return {
        name: (sum(map(len, data)) / entries, sum(len(gzip.compress(b, 9)) for b in data) / entries)
        for name, data in blobs.items()
    }


def store_bytes(
    game: Any, record: Any, url: str | None, layout: str, tables: int, games_per_slot: int = 0
) -> tuple[float, float]:
    """Bytes per entry the server's store grows by: `tables` games played side by side,
    one save per entry, a move of each game in turn as a server's concurrent games
    write ("cache": each write through the server's cache, which stores checkpoints
    as it goes). Then the same after a full vacuum (`VACUUM FULL`, SQLite's
    `VACUUM`): the rows alone, in pages packed full, without the space a store keeps
    free as it goes.

    By default the `tables` games start and end together. With `games_per_slot`, a
    server at work: slot k starts k/tables of a game late and plays that many games
    back to back, so games start and end at every moment; counted when the last
    slot's games are played, with the others' last games part-way."""
    from server.cache import RecordCache, record_entries
    from server.store import open_store

    n = len(record.entries)
    starts = [k * n // tables if games_per_slot else 0 for k in range(tables)]
    rounds = max(games_per_slot, 1) * n + starts[-1]
    with tempfile.TemporaryDirectory() as data_dir:
        store = open_store(data_dir, url)
        size = _sizer(store, data_dir, url)
        slots = [
            [
                hosted_stream(f"{record.id}-{k}-{g}", record)
                for g in range((rounds - starts[k] + n - 1) // n)
            ]
            for k in range(tables)
        ]
        store.save(*(agg for slot in slots for agg in slot))
        start = size()
        cache = RecordCache(store, max_bytes=2**28, serialize_writes=url is None)
        table_sets: dict[str, Tables] = {}
        writes = 0
        for round_ in range(rounds):
            for k, slot in enumerate(slots):
                if round_ < starts[k]:
                    continue
                played_, index = divmod(round_ - starts[k], n)
                if played_ >= len(slot):
                    continue
                agg, entry = slot[played_], record.entries[index]
                held = record.entries[index - 1] if index else None
                writes += 1
                if layout == "cache":
                    live = cache.get(agg.record_id)

                    def attempt(entry: Any = entry, live: Any = live) -> None:
                        live.tl.append(entry, check="replay")
                        cache.append(live, [entry])
                        cache.save(live)

                    cache.write(live, attempt, fresh=False)
                    continue
                tables_ = table_sets.setdefault(agg.record_id, Tables())
                record_entries(agg, game, record.genesis, [entry], after=held, tables=tables_)
                store.save(agg)
        if url:
            _vacuum(url)
        grown = size() - start
        store.close()
        if url:
            _vacuum(url, "FULL")
            packed = size() - start
        else:
            path = os.path.join(data_dir, "kifu.sqlite3")
            with contextlib.closing(sqlite3.connect(path)) as conn:
                conn.execute("VACUUM")
            packed = os.path.getsize(path) - start
        return grown / writes, packed / writes


def _vacuum(url: str, how: str = "") -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        for table in STORE_TABLES:
            conn.execute(f"VACUUM {how} {table}")


STORE_TABLES = ("kifustore_events", "kifustore_checkpoints")


def _sizer(store: Any, data_dir: str, url: str | None) -> Any:
    if url is None:
        path = os.path.join(data_dir, "kifu.sqlite3")

        def sqlite_size() -> int:
            conn = store.recorder.datastore  # the library's own connection
            with conn.transaction(commit=True) as cursor:
                cursor.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            return os.path.getsize(path)

        return sqlite_size
    import psycopg

    def pg_size() -> int:
        with psycopg.connect(url) as conn:
            total = 0
            for table in STORE_TABLES:
                row = conn.execute("SELECT pg_total_relation_size(%s)", (table,)).fetchone()
                total += int(row[0]) if row else 0
        return total

    return pg_size


IDB_PAGE = b"<!doctype html><meta charset=utf-8><title>records</title>"
IDB_STORE = """async ([name, rows]) => {
  const db = await new Promise((ok, fail) => {
    const open = indexedDB.open(name, 1);
    open.onupgradeneeded = () => open.result.createObjectStore('games', { keyPath: 'id' });
    open.onsuccess = () => ok(open.result);
    open.onerror = () => fail(open.error);
  });
  const tx = db.transaction('games', 'readwrite');
  for (const [id, value] of rows) {
    const record = typeof value === 'string' ? value : new Uint8Array(value);
    tx.objectStore('games').put({ id, record });
  }
  await new Promise((ok) => { tx.oncomplete = ok; });
  db.close();
}"""


def indexeddb_bytes(layouts: dict[str, list[Any]]) -> dict[str, float]:
    """Bytes on disk per entry for each layout's rows, one fresh profile per layout."""
    import http.server
    import threading

    from playwright.sync_api import sync_playwright

    class Page(http.server.BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            self.send_response(200)
            self.send_header("content-type", "text/html")
            self.end_headers()
            self.wfile.write(IDB_PAGE)

        def log_message(self, *_: Any) -> None:
            pass

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Page)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    url = f"http://127.0.0.1:{server.server_address[1]}/"
    out: dict[str, float] = {}
    with sync_playwright() as pw:
        for name, (rows, entries) in layouts.items():
            with tempfile.TemporaryDirectory() as profile:
                context = pw.chromium.launch_persistent_context(
                    profile, executable_path="/usr/bin/chromium", headless=True
                )
                page = context.new_page()
                page.goto(url)
                page.evaluate(IDB_STORE, ["empty", []])
                context.close()
                empty = _dir_size(Path(profile) / "Default" / "IndexedDB")
                context = pw.chromium.launch_persistent_context(
                    profile, executable_path="/usr/bin/chromium", headless=True
                )
                page = context.new_page()
                page.goto(url)
                page.evaluate(IDB_STORE, ["kifu", rows])
                context.close()
                full = _dir_size(Path(profile) / "Default" / "IndexedDB")
                out[name] = (full - empty) / entries
    server.shutdown()
    return out


def _dir_size(path: Path) -> int:
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def hosted_stream(record_id: str, record: Any) -> Any:
    """A hosted table of `record`'s game and genesis under `record_id` (no seat taken),
    for the store benches to write `record`'s entries into."""
    from server.store import GameStream

    return GameStream(
        record_id=record_id,
        kind="hosted",
        game=record.genesis.game,
        genesis=canonical(record.genesis).decode(),
        invite_hashes=["x" * 64] * record.genesis.seats,
        spectator_hash="x" * 64,
        owner_hash="",
        names=[],
        fork_of="",
        fork_seq=0,
        shares_prefix=False,
    )


def fresh_pg(url: str = PG_URL) -> str | None:
    """`url`'s database made anew (dropped first), or None without a PostgreSQL."""
    server, name = url.rsplit("/", 1)
    try:
        import psycopg

        with psycopg.connect(server + "/postgres", autocommit=True) as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
            conn.execute(f'CREATE DATABASE "{name}"')
    except Exception as exc:
        print(f"(no PostgreSQL: {exc})")
        return None
    return url


def main() -> None:
    parser = argparse.ArgumentParser(description="Kifu record size per entry")
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--store-entries", type=int, default=300)
    parser.add_argument("--store-tables", type=int, default=10, help="games side by side")
    parser.add_argument("--store-layouts", default="", help="after or cache (default: both)")
    parser.add_argument(
        "--store-games", type=int, default=0, help="games each side-by-side slot plays, staggered"
    )
    parser.add_argument("--no-pg", action="store_true")
    parser.add_argument("--indexeddb", action="store_true")
    args = parser.parse_args()
    print(f"{'title':21} {'layout':32} {'bytes/entry':>12} {'gzipped':>9}")
    for game_id in games.ids():
        game = games.get(game_id)
        info = game.info
        seats = [
            info.min_players + seed % (info.max_players - info.min_players + 1)
            for seed in range(1, args.games + 1)
        ]
        records = [played(game, n, seed) for seed, n in enumerate(seats, 1)]
        random_ids = [played(game, n, seed, counted=False) for seed, n in enumerate(seats, 1)]
        for name, (raw, packed) in record_figures(game, records, random_ids).items():
            print(f"{game_id:21} {name:32} {raw:12.1f} {packed:9.1f}")
        if args.indexeddb:
            entries = sum(len(r.entries) for r in records)
            old = [as_format_2(game, r) for r in random_ids]
            layouts = {
                "record_json, format 2": (
                    [[r.id, encode_record(r).decode()] for r in old],
                    entries,
                ),
                "record_json, format 4": (
                    [[r.id, encode_record(r).decode()] for r in random_ids],
                    entries,
                ),
                "compact bytes, random ids": (
                    [[r.id, list(encode_compact(game, r))] for r in random_ids],
                    entries,
                ),
                "compact bytes": (
                    [[r.id, list(encode_compact(game, r))] for r in records],
                    entries,
                ),
            }
            for name, per in indexeddb_bytes(layouts).items():
                print(f"{game_id:21} {'IndexedDB ' + name:32} {per:12.1f} {'':>9}")
        sample, old_ids = (
            msgspec.structs.replace(r, entries=r.entries[: args.store_entries])
            for r in (records[0], random_ids[0])
        )
        stores = [("SQLite", None)] + ([] if args.no_pg else [("PostgreSQL", "pg")])
        for db, url in stores:
            layouts_on_disk = (
                ("after", "after", old_ids),
                ("after, counted ids", "after", sample),
                ("through the cache, counted ids", "cache", sample),
            )
            for name, layout, record in layouts_on_disk:
                if args.store_layouts and layout not in args.store_layouts.split(","):
                    continue
                where = fresh_pg() if url else None
                if url and where is None:
                    continue
                grown, packed = store_bytes(
                    game, record, where, layout, args.store_tables, args.store_games
                )
                print(f"{game_id:21} {db + ' store, ' + name:32} {grown:12.1f} {'':>9}")
                print(f"{game_id:21} {db + ' store, vacuumed, ' + name:32} {packed:12.1f} {'':>9}")


if __name__ == "__main__":
    main()
