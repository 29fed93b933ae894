"""No orphans (issue #39): whatever the server starts dies with it, `kill -9`
included (server/orphans.py): its heavy-work child and the multiprocessing
resource tracker, and under `--workers` uvicorn's workers.
"""

from __future__ import annotations

import contextlib
import os
import signal
import subprocess
import threading
import time
import uuid
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from core.kernel import encode_record, new_record
from tests.kernel.fixture_game import GAME
from tests.server.conftest import (
    PYTHON,
    REPO,
    ProcessServer,
    ThreadServer,
    free_port,
    make_settings,
    postgres_database,
)
from tests.server.test_deployment import sqlite

pytestmark = pytest.mark.timeout(120)


def descendants(pid: int) -> dict[int, str]:
    """{pid: command line} of every process below `pid`."""
    parents: dict[int, int] = {}
    commands: dict[int, str] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        with contextlib.suppress(OSError):
            stat = Path(f"/proc/{entry}/stat").read_text()
            parents[int(entry)] = int(stat.rsplit(")", 1)[1].split()[1])
            commands[int(entry)] = Path(f"/proc/{entry}/cmdline").read_bytes().decode()
    found: dict[int, str] = {}
    frontier = [pid]
    while frontier:
        parent = frontier.pop()
        for child, its_parent in parents.items():
            if its_parent == parent and child not in found:
                found[child] = commands[child].replace("\0", " ")
                frontier.append(child)
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")  # a zombie has let go of everything


def upload(client: httpx.Client, record_id: str) -> None:
    record = new_record(
        GAME, record_id=record_id, seats=2, seed=3, options={}, takeback="casual", created_at=1
    )
    response = client.post("/api/records", content=encode_record(record))
    assert response.status_code == 201, response.text


@contextlib.contextmanager
def reaped(pids: list[int]) -> Iterator[None]:
    """Whatever happens, leave no process of `pids` behind."""
    try:
        yield
    finally:
        for pid in pids:
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)


def test_kill_9_leaves_no_child_behind(tmp_path: Path) -> None:
    """The heavy-work child (spawned by an upload) and the resource tracker die with
    the server, within 2 s, when the server alone is killed with SIGKILL."""
    srv = ProcessServer(sqlite(tmp_path)).start()
    assert srv.proc is not None
    server_pid = srv.proc.pid
    with srv.client() as client:
        upload(client, f"orphan-{uuid.uuid4().hex[:8]}")
    children = descendants(server_pid)
    with reaped(list(children)):
        assert any("spawn_main" in cmd or "multiprocessing" in cmd for cmd in children.values())
        os.kill(server_pid, signal.SIGKILL)  # the server only, not its process group
        srv.proc.wait(timeout=10)
        deadline = time.monotonic() + 2
        while time.monotonic() < deadline and any(alive(pid) for pid in children):
            time.sleep(0.05)
        left = {pid: cmd for pid, cmd in children.items() if alive(pid)}
        assert not left, left
    srv.kill()


WORKERS_SCRIPT = """
import sys
sys.path.insert(0, {repo!r})
from server.main import serve
serve(host="127.0.0.1", port={port}, data_dir={data_dir!r}, database_url={url!r}, workers=2)
"""


@pytest.mark.postgres
def test_kill_9_of_the_supervisor_stops_its_workers(tmp_path: Path) -> None:
    """`kifu serve --workers 2`: uvicorn's workers stop with their supervisor when it
    alone is killed with SIGKILL (they used to go on serving the port on their own;
    a worker's heavy child then goes with its worker, as above)."""
    with postgres_database() as url:
        port = free_port()
        script = WORKERS_SCRIPT.format(repo=str(REPO), port=port, data_dir=str(tmp_path), url=url)
        env = {**os.environ, "KIFU_RATE_LIMIT": "0", "KIFU_ACCESS_LOG": "0"}
        proc = subprocess.Popen(
            [PYTHON, "-c", script], cwd=str(REPO), env=env, start_new_session=True,
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
        )  # fmt: skip
        try:
            base = f"http://127.0.0.1:{port}"
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                with contextlib.suppress(httpx.HTTPError):
                    if httpx.get(base + "/health", timeout=1).status_code == 200:
                        break
                time.sleep(0.2)
            children = descendants(proc.pid)
            with reaped(list(children)):
                assert sum("spawn_main" in cmd for cmd in children.values()) >= 2, children
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait(timeout=10)
                deadline = time.monotonic() + 5  # the workers shut down gracefully
                while time.monotonic() < deadline and any(alive(pid) for pid in children):
                    time.sleep(0.05)
                left = {pid: cmd for pid, cmd in children.items() if alive(pid)}
                assert not left, left
                with pytest.raises(httpx.HTTPError):
                    httpx.get(base + "/health", timeout=1)
        finally:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(proc.pid, signal.SIGKILL)


def test_heavy_child_outlives_the_threads_that_call_it(tmp_path: Path) -> None:
    """The parent-death signal follows the thread that started the child: the child
    is started from a thread of its own, so request threads ending (anyio retires
    idle ones) do not kill it. Two uploads from two threads: one child, kept."""
    with ThreadServer(make_settings(sqlite(tmp_path))) as srv, srv.client() as client:
        heavy = srv.app.state.service.heavy
        ran: list[int] = []

        def one(i: int) -> None:
            heavy.submit(os.getpid).result()  # any picklable call
            ran.append(i)

        first = threading.Thread(target=one, args=(1,))
        first.start()
        first.join()
        pids = set(heavy._pool._processes)
        time.sleep(0.5)  # the calling thread is gone
        second = threading.Thread(target=one, args=(2,))
        second.start()
        second.join()
        assert ran == [1, 2]
        assert set(heavy._pool._processes) == pids and all(alive(pid) for pid in pids)
        upload(client, "kept-child")
