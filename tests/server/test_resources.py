"""What an anonymous client can make the server hold: memory, storage, CPU, sockets.

Each test measures the growth it bounds (resident memory of a server process,
bytes on disk, latency of an unrelated game) against the load that once made it
grow without bound.
"""

from __future__ import annotations

import json
import statistics
import threading
import time
import uuid
from pathlib import Path
from typing import Any

import httpx
import msgspec
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect

from core.kernel import Timeline, encode_record, entry_hash, genesis_hash, new_record
from tests.kernel.fixture_game import GAME
from tests.server.conftest import ProcessServer, Table, ThreadServer, make_settings

pytestmark = pytest.mark.timeout(300)
MiB = 1024 * 1024


def sqlite(tmp_path: Path) -> dict[str, Any]:
    return {"data_dir": str(tmp_path / "data"), "database_url": None}


def rss(server: ProcessServer) -> int:
    assert server.proc is not None
    for line in Path(f"/proc/{server.proc.pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise AssertionError("no VmRSS")


def move_undo(record_id: str, entries: int, seed: int = 5) -> Timeline[Any, Any, Any]:
    """A valid record that is long for its size: play a card, take it back, again."""
    tl: Timeline[Any, Any, Any] = Timeline(
        GAME, new_record(GAME, record_id=record_id, seats=2, seed=seed)
    )
    n = 0
    while tl.seq < entries:
        seat = tl.to_move()[0]
        tl.play(seat, tl.legal_moves(seat)[0], move_id=f"m{n}")
        tl.take_back(seat, None, move_id=f"u{n}")
        n += 1
    return tl


def with_id(tl: Timeline[Any, Any, Any], record_id: str) -> bytes:
    return encode_record(msgspec.structs.replace(tl.record, id=record_id))


def test_records_in_memory_are_bounded_in_bytes(tmp_path: Path) -> None:
    """16 uploads of a 1.9 MB record, each read back (which loads it): the cache
    holds KIFU_CACHE_BYTES of them, not every record (once 68 -> 618 MB for 30:
    ~20 MB a record, so the 11 after the warm-up would have grown by ~200 MB)."""
    long = move_undo("big", 5650)  # ~1.9 MB in record format 3 (JSON)
    env = {"KIFU_CACHE_BYTES": str(24 * MiB)}
    with ProcessServer(sqlite(tmp_path), **env) as srv, srv.client() as client:
        tokens = {}
        for i in range(16):
            body = with_id(long, f"big-{i}")
            assert len(body) > 1.8 * MiB
            stored = client.post("/api/records", content=body)
            assert stored.status_code == 201, stored.text
            tokens[i] = stored.json()["owner_token"]
            got = client.get(
                f"/api/records/big-{i}", headers={"authorization": f"Bearer {tokens[i]}"}
            )
            assert got.status_code == 200
            if i == 4:
                warm = rss(srv)
        grown = rss(srv) - warm
        assert grown < 60 * MiB, f"grew {grown / MiB:.0f} MiB over 11 records"
        again = client.get("/api/records/big-0", headers={"authorization": f"Bearer {tokens[0]}"})
        assert again.status_code == 200 and again.json()["seq"] == long.seq  # reloaded


def fork_branch(base: Timeline[Any, Any, Any], i: int) -> list[Any]:
    """The last entry again, with its own move id: a branch off entry seq - 1."""
    last = base.record.entries[-1]
    return [msgspec.to_builtins(msgspec.structs.replace(last, move_id=f"fork-{i}"))]


def test_forks_refer_to_their_parent(tmp_path: Path) -> None:
    """20 forks of a 1 MB record, each a one-entry branch: storage and memory grow by
    what the branches hold, not by a copy of the record each (once 4.3 MB of
    database and 6.5 MB of memory per fork)."""
    base = move_undo("forked", 3000)
    with ProcessServer(sqlite(tmp_path)) as srv, srv.client() as client:
        owner = {"authorization": "Bearer " + "o" * 20}
        assert (
            client.post("/api/records", content=with_id(base, "forked"), headers=owner).status_code
            == 201
        )
        database = Path(tmp_path / "data" / "kifu.sqlite3")
        tip = entry_hash(base.record.entries[-2])
        forks = []
        for i in range(20):
            body = {"expected_tip": tip, "entries": fork_branch(base, i)}
            response = client.post("/api/records/forked/entries", json=body, headers=owner)
            assert response.status_code == 201, response.text
            forks.append(response.json()["fork"])
            if i == 1:
                disk, memory = database.stat().st_size, rss(srv)
        disk_growth = database.stat().st_size - disk
        memory_growth = rss(srv) - memory
        assert disk_growth < 18 * 64 * 1024, f"{disk_growth} bytes on disk for 18 forks"
        assert memory_growth < 20 * MiB, f"{memory_growth / MiB:.0f} MiB for 18 forks"
        # a fork opens whole: the parent's prefix and its own entry
        fork = client.get(f"/api/records/{forks[-1]['record_id']}", headers=owner).json()
        assert fork["seq"] == base.seq and fork["fork_of"]["parent_seq"] == base.seq - 1
        assert fork["record"]["entries"][-1]["move_id"] == "fork-19"
        assert [e["move_id"] for e in fork["record"]["entries"][:-1]] == [
            e.move_id for e in base.record.entries[:-1]
        ]
        # a retried fork finds its fork again
        body = {"expected_tip": tip, "entries": fork_branch(base, 7)}
        retried = client.post("/api/records/forked/entries", json=body, headers=owner).json()
        assert retried["fork"]["record_id"] == forks[7]["record_id"]


def stored_bytes(data_dir: Path) -> tuple[int, int]:
    """The bytes of the store's events' states and of its snapshots' (checkpoints)."""
    import sqlite3

    with sqlite3.connect(data_dir / "kifu.sqlite3") as db:
        events = db.execute("SELECT SUM(LENGTH(state)) FROM stored_events").fetchone()[0]
        tables = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type='table'")]
        snapshots = sum(
            db.execute(f"SELECT COALESCE(SUM(LENGTH(state)), 0) FROM {t}").fetchone()[0]
            for t in tables
            if "snapshot" in t or "checkpoint" in t
        )
    return events, snapshots


def test_storage_grows_linearly_with_the_record(tmp_path: Path) -> None:
    """A 600-entry move/undo hosted game: the database holds its events and
    checkpoints that hold each entry once more (store.py), not snapshots of every
    prefix (once 1.5 MB of events and 18.7 MB of snapshots for 3,000 entries:
    snapshots grew with the square of the length). Twice the entries, twice the
    checkpoints' bytes, not four times (measured: 38 KB at 600 entries, 77 KB at
    1,200, where the events took 47 and 95 KB; 600 entries tell it as well as 1,200
    in half the time)."""
    grown = []
    with ThreadServer(make_settings(sqlite(tmp_path))) as srv, srv.client() as client:
        table = Table(client, 2, options={"deck_size": 40, "hand_size": 2})
        for n in range(300):
            view = table.view(0) if n % 2 == 0 else table.view(1)
            seat = view["to_move"][0]
            view = table.view(seat)
            table.seq = view["seq"]
            assert table.move(seat, view["legal_moves"][0]).status_code == 201
            undo = client.post(
                f"/api/games/{table.id}/takebacks",
                json={"move_id": uuid.uuid4().hex, "expected_seq": table.seq},
                headers=table.auth(seat),
            )
            assert undo.status_code == 201, undo.text
            table.seq = undo.json()["seq"]
            if table.seq in (300, 600):
                grown.append(stored_bytes(tmp_path / "data"))
        assert table.seq == 600
    (half_events, half), (events, snapshots) = grown
    print(f"{half_events}, {events} bytes of events; {half}, {snapshots} of checkpoints")
    assert events < 0.6 * MiB
    assert snapshots <= events, f"{snapshots} bytes of checkpoints for {events} of events"
    assert snapshots < 2.4 * half, f"{half} bytes of checkpoints at 300 entries, {snapshots} at 600"


def latency(client: httpx.Client, table: Table, moves: int) -> list[float]:
    times = []
    for _ in range(moves):
        view = table.view(0)
        seat = view["to_move"][0]
        view = table.view(seat)
        table.seq = view["seq"]
        start = time.perf_counter()
        response = table.move(seat, view["legal_moves"][0])
        times.append(time.perf_counter() - start)
        assert response.status_code == 201
        undo = client.post(
            f"/api/games/{table.id}/takebacks",
            json={"move_id": uuid.uuid4().hex},
            headers=table.auth(seat),
        )
        assert undo.status_code == 201
    return times


def test_uploads_do_not_starve_other_games(tmp_path: Path) -> None:
    """Moves on one game while two clients upload 1.9 MB records back to back: the
    move's median latency stays near an idle server's (once 2 -> 88 ms, when uploads
    were verified on the event loop). The bound is wide (3x idle + 40 ms): a loaded
    machine passes it, that regression would not."""
    long = move_undo("noisy", 5300)
    with ProcessServer(sqlite(tmp_path)) as srv, srv.client() as client:
        table = Table(client, 2, options={"deck_size": 40, "hand_size": 2})
        idle = statistics.median(latency(client, table, 40))
        stop = threading.Event()
        done = [0]

        def upload(worker: int) -> None:
            with srv.client() as uploader:
                n = 0
                while not stop.is_set():
                    body = with_id(long, f"noisy-{worker}-{n}")
                    response = uploader.post("/api/records", content=body)
                    assert response.status_code in (201, 429), response.text
                    done[0] += 1
                    n += 1

        threads = [threading.Thread(target=upload, args=(w,), daemon=True) for w in range(2)]
        for thread in threads:
            thread.start()
        time.sleep(0.5)
        busy = statistics.median(latency(client, table, 40))
        stop.set()
        for thread in threads:
            thread.join(timeout=60)
        assert done[0] >= 2
        print(f"median move {idle * 1000:.1f} -> {busy * 1000:.1f} ms")
        assert busy < 3 * idle + 40e-3, f"median move {idle * 1000:.1f} -> {busy * 1000:.1f} ms"


def p99(times: list[float]) -> float:
    ordered = sorted(times)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def upload(
    srv: ProcessServer | ThreadServer,
    body: bytes,
    start: threading.Barrier,
    answers: list[httpx.Response],
) -> None:
    """POST the record once `start` opens; the answer to `answers`."""
    with srv.client() as uploader:
        start.wait(timeout=30)
        answers.append(uploader.post("/api/records", content=body))


def test_an_upload_burst_holds_no_request_worker(tmp_path: Path) -> None:
    """24 valid ~470 KB uploads at once (within one address's quotas) beside /health and
    POST /api/games (issue #39 item 2): each upload used to hold one of the request
    worker threads while it queued for the verifying child, so /health's p99 went from
    ~2 ms to 150-300 ms here (2.4 s in the issue's probe). Now uploads wait on the event
    loop, not in a worker: /health and new games stay near idle. The bound is wide (5x
    idle p99, at least 120 ms; idle measured before each of three bursts, all counted)
    and the best burst counts: the stall measured 153-300 ms on a quiet machine, the
    new code 6-18 ms there and 84-148 ms beside two busy loops (make test's load
    check), so a busy machine passes and the stall fails every burst."""
    long = move_undo("burst", 1400)
    assert 400_000 < len(with_id(long, "burst-0-0")) < 600_000
    game = {"game": "high-card", "players": 2}
    idle: dict[str, list[float]] = {"health": [], "games": []}
    busy: dict[str, list[float]] = {"health": [], "games": []}  # each burst's p99
    with (
        ProcessServer(sqlite(tmp_path), KIFU_GAMES_PER_HOUR="100000") as srv,
        srv.client() as client,
        srv.client() as creator,
    ):
        warm = client.post("/api/records", content=with_id(move_undo("warm", 4), "warm"))
        assert warm.status_code == 201  # the verifying child is up
        calls = {
            "health": lambda: client.get("/health"),
            "games": lambda: creator.post("/api/games", json=game),
        }

        def timed(what: str) -> float:
            start = time.perf_counter()
            response = calls[what]()
            assert response.status_code in (200, 201), response.text
            return time.perf_counter() - start

        def probe(what: str, threads: list[threading.Thread], times: list[float]) -> None:
            while any(t.is_alive() for t in threads):
                times.append(timed(what))

        for burst in range(3):  # 73 records: within records_per_hour (100)
            idle["health"] += [timed("health") for _ in range(100)]
            idle["games"] += [timed("games") for _ in range(30)]
            bodies = [with_id(long, f"burst-{burst}-{i}") for i in range(24)]
            start = threading.Barrier(len(bodies) + 1)
            answers: list[httpx.Response] = []
            threads = [
                threading.Thread(target=upload, args=(srv, b, start, answers), daemon=True)
                for b in bodies
            ]
            for thread in threads:
                thread.start()
            start.wait(timeout=30)
            began = time.perf_counter()
            times: dict[str, list[float]] = {"health": [], "games": []}
            creating = threading.Thread(target=probe, args=("games", threads, times["games"]))
            creating.start()
            probe("health", threads, times["health"])
            creating.join(timeout=60)
            assert [a.status_code for a in answers] == [201] * len(bodies)
            for what, p99s in busy.items():
                p99s.append(p99(times[what]))
            print(
                f"24 uploads in {time.perf_counter() - began:.2f} s: /health p99 "
                f"{busy['health'][-1] * 1000:.1f} ms ({len(times['health'])} calls), "
                f"POST /api/games p99 {busy['games'][-1] * 1000:.1f} ms "
                f"({len(times['games'])} calls)"
            )
    bounds = {what: max(120e-3, 5 * p99(idle[what])) for what in idle}
    print(f"idle p99: /health {p99(idle['health']) * 1000:.1f} ms, POST /api/games "
          f"{p99(idle['games']) * 1000:.1f} ms")  # fmt: skip
    over = {what: p99s for what, p99s in busy.items() if min(p99s) >= bounds[what]}
    assert not over, (over, bounds)


def test_a_full_heavy_queue_answers_503_at_once(tmp_path: Path) -> None:
    """Past `heavy_queue` uploads and bug reports under way, the next is refused at once
    with 503 `busy` and a Retry-After, and charges no quota; a burst against a queue of
    one gets 201s and 503s, nothing else and no stall."""
    settings = make_settings(sqlite(tmp_path), heavy_queue=1, reports_per_hour=1)
    short = move_undo("queued", 6)
    with ThreadServer(settings) as srv, srv.client() as client:
        heavy = srv.app.state.service.heavy
        with heavy.admitted():  # the one place taken
            began = time.perf_counter()
            refused = client.post("/api/records", content=with_id(short, "queued-1"))
            assert time.perf_counter() - began < 1.0
            assert refused.status_code == 503, refused.text
            assert refused.json()["code"] == "busy"
            assert int(refused.headers["retry-after"]) >= 1
            report = {"game": "high-card", "engine_version": "x", "record": {}, "error": "e"}
            refused = client.post("/api/reports", json=report)
            assert refused.status_code == 503 and refused.json()["code"] == "busy"
            assert int(refused.headers["retry-after"]) >= 1
        stored = client.post("/api/records", content=with_id(short, "queued-1"))
        assert stored.status_code == 201, stored.text
        counted = client.post("/api/reports", json=report)  # the 503 was not counted
        assert counted.status_code == 400 and counted.json()["code"] == "bad-report"

        long = move_undo("queued", 1400)
        start = threading.Barrier(13)
        answers: list[httpx.Response] = []
        threads = [
            threading.Thread(
                target=upload, args=(srv, with_id(long, f"q-{i}"), start, answers), daemon=True
            )
            for i in range(12)
        ]
        for thread in threads:
            thread.start()
        start.wait(timeout=30)
        for thread in threads:
            thread.join(timeout=60)
        codes = sorted(a.status_code for a in answers)
        assert len(codes) == 12 and set(codes) <= {201, 503}, codes
        assert 201 in codes and 503 in codes, codes
        assert all(int(a.headers["retry-after"]) >= 1 for a in answers if a.status_code == 503)
        assert heavy._under_way == 0


def test_quotas_per_address_and_per_record(tmp_path: Path) -> None:
    settings = make_settings(
        sqlite(tmp_path),
        records_per_hour=3,
        reports_per_hour=2,
        max_report_bytes=64 * 1024,
        max_entries=12,
        forks_per_record=2,
    )
    with ThreadServer(settings) as srv, srv.client() as client:
        short = move_undo("q", 4)
        answers = [client.post("/api/records", content=with_id(short, f"q-{i}")) for i in range(4)]
        assert [a.status_code for a in answers] == [201, 201, 201, 429]
        assert answers[3].json()["code"] == "quota-exceeded"
        assert 3000 <= int(answers[3].headers["retry-after"]) <= 3600
        # entries per record, hosted and uploaded
        table = Table(client, 2, options={"deck_size": 40, "hand_size": 2})
        statuses = [latency_status(client, table) for _ in range(7)]
        assert statuses == [None] * 6 + [422] and table.seq == 12
        seat = table.view(0)["to_move"][0]
        full = table.move(seat, table.view(seat)["legal_moves"][0])
        assert full.status_code == 422 and full.json()["code"] == "record-full"
        long = move_undo("long", 14)
        refused = client.post("/api/records", content=with_id(long, "long"))
        assert refused.status_code == 422 and refused.json()["code"] == "record-full"
        # bug reports: size and count
        report = {"game": "high-card", "engine_version": "x", "record": {}, "error": "e"}
        big = dict(report, note="x" * 70_000)
        assert client.post("/api/reports", json=big).status_code == 413
        codes = [client.post("/api/reports", json=report).status_code for _ in range(3)]
        assert codes[-1] == 429


def latency_status(client: httpx.Client, table: Table) -> int | None:
    view = table.view(0)
    if not view["to_move"]:
        return None
    seat = view["to_move"][0]
    view = table.view(seat)
    table.seq = view["seq"]
    response = table.move(seat, view["legal_moves"][0])
    if response.status_code != 201:
        return response.status_code
    undo = client.post(
        f"/api/games/{table.id}/takebacks",
        json={"move_id": uuid.uuid4().hex},
        headers=table.auth(seat),
    )
    return None if undo.status_code == 201 else undo.status_code


def test_forks_per_record_are_capped(tmp_path: Path) -> None:
    settings = make_settings(sqlite(tmp_path), forks_per_record=2)
    base = move_undo("capped", 10)
    owner = {"authorization": "Bearer " + "o" * 20}
    with ThreadServer(settings) as srv, srv.client() as client:
        assert (
            client.post("/api/records", content=with_id(base, "capped"), headers=owner).status_code
            == 201
        )
        tip = entry_hash(base.record.entries[-2])
        codes = [
            client.post(
                "/api/records/capped/entries",
                json={"expected_tip": tip, "entries": fork_branch(base, i)},
                headers=owner,
            )
            for i in range(3)
        ]
        assert [c.status_code for c in codes] == [201, 201, 422]
        assert codes[2].json()["code"] == "too-many-forks"
        assert genesis_hash(base.record.genesis)  # the record itself is untouched
        assert client.get("/api/records/capped", headers=owner).json()["seq"] == base.seq


def test_live_sockets_share_their_views_and_are_capped(tmp_path: Path) -> None:
    """40 spectator sockets and 10 moves: each spectator view is made once per entry
    (not once per socket), and a token gets at most sockets_per_token sockets."""
    settings = make_settings(sqlite(tmp_path), sockets_per_token=50, sockets_per_address=60)
    with ThreadServer(settings) as srv, srv.client() as client:
        table = Table(client, 2, options={"deck_size": 40, "hand_size": 2})
        calls = {"spectator": 0}
        original = GAME.view

        def counting(state: Any, seat: int | None) -> Any:
            if seat is None:
                calls["spectator"] += 1
            return original(state, seat)

        GAME.view = counting  # type: ignore[method-assign]
        url = f"ws://127.0.0.1:{srv.port}/api/games/{table.id}/live?token={table.spectator}"
        sockets = [connect(url, open_timeout=10) for _ in range(40)]
        try:
            for sock in sockets:
                assert json.loads(sock.recv(timeout=10))["type"] == "hello"
            hellos = calls["spectator"]
            for _ in range(5):
                latency_status(client, table)
            for sock in sockets:
                seqs = []
                while len(seqs) < 10:
                    seqs.append(json.loads(sock.recv(timeout=10))["seq"])
                assert seqs == list(range(1, 11))
            assert calls["spectator"] - hellos <= 10 + 2, calls
            start = time.perf_counter()
            assert client.get("/health").status_code == 200
            assert time.perf_counter() - start < 0.5
        finally:
            GAME.view = original  # type: ignore[method-assign]
            for sock in sockets:
                sock.close()
    settings = make_settings(sqlite(tmp_path), sockets_per_token=3)
    with ThreadServer(settings) as srv, srv.client() as client:
        table = Table(client, 2)
        url = f"ws://127.0.0.1:{srv.port}/api/games/{table.id}/live?token={table.spectator}"
        kept = [connect(url, open_timeout=10) for _ in range(3)]
        try:
            for sock in kept:
                assert json.loads(sock.recv(timeout=10))["type"] == "hello"
            with connect(url, open_timeout=10) as extra:
                with pytest.raises(ConnectionClosed):
                    extra.recv(timeout=10)
                assert extra.close_code == 4429
        finally:
            for sock in kept:
                sock.close()


def test_uploads_survive_the_verifying_child_dying(tmp_path: Path) -> None:
    import os
    import signal

    with ThreadServer(make_settings(sqlite(tmp_path))) as srv, srv.client() as client:
        short = move_undo("child", 6)
        assert client.post("/api/records", content=with_id(short, "child-1")).status_code == 201
        pool = srv.app.state.service.heavy._pool
        for pid in list(pool._processes):
            os.kill(pid, signal.SIGKILL)
        time.sleep(0.5)
        assert client.post("/api/records", content=with_id(short, "child-2")).status_code == 201


def test_hosted_games_per_address_have_an_hourly_quota(tmp_path: Path) -> None:
    """Hosted games are never deleted: an address may create `games_per_hour` an
    hour (429 quota-exceeded with Retry-After past it); another address may still
    create, and the records quota does not count them."""
    settings = make_settings(sqlite(tmp_path), games_per_hour=3, records_per_hour=1)
    with ThreadServer(settings) as srv, srv.client() as client:
        body = {"game": "high-card", "players": 2}
        answers = [client.post("/api/games", json=body) for _ in range(4)]
        assert [a.status_code for a in answers] == [201, 201, 201, 429]
        assert answers[3].json()["code"] == "quota-exceeded"
        assert 3000 <= int(answers[3].headers["retry-after"]) <= 3600
        assert (
            client.post("/api/records", content=with_id(move_undo("g", 4), "g")).status_code == 201
        )
        transport = httpx.HTTPTransport(local_address="127.0.0.2")
        with srv.client(transport=transport) as elsewhere:
            assert elsewhere.post("/api/games", json=body).status_code == 201
