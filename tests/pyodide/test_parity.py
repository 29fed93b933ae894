"""CPython and Pyodide compute the same hashes (pyodide/parity.mjs under Node).

Three checks in one Node run: the pure parity suite (tests/pyodide/parity_suite.py),
every entry of a corpus of seeded bot games of every available title, and the
kernel's own tests under pytest inside Pyodide. The default run replays a sample of
the corpus (8 games a title, 2 of them whole: about a CPU-minute, most of it CPython
recording the games); the slow run replays all of it (50 a title, 5 whole: ~5 CPU-minutes).

Builds the browser bundle if it is out of date (pyodide/build.py: incremental, a
no-op when nothing changed), records the corpus on CPython, then lets Node boot
Pyodide from the bundle and replay it. Needs `node` (20+) and, on first run, the
npm registry and PyPI (cached in pyodide/node_modules and pyodide/wheels).
"""

from __future__ import annotations

import importlib.util
import shutil
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

from tests.pyodide.corpus import available, corpus
from tests.pyodide.parity_suite import run

ROOT = Path(__file__).resolve().parents[2]


# The kernel's tests that also run inside Pyodide: all but the CLI (subprocesses), the
# hypothesis properties (hypothesis ships compiled wheels only, none for wasm) and the
# review's (minutes under Pyodide; the suite compares a review's bytes instead).
KERNEL_TESTS = [
    "tests/kernel",
    "--ignore=tests/kernel/test_cli.py",
    "--ignore=tests/kernel/test_properties.py",
    "--ignore=tests/kernel/test_review.py",
]


def _build_bundle() -> Path:
    """Build dist/ if stale; the folder of the pytest wheels for Pyodide."""
    spec = importlib.util.spec_from_file_location("kifu_pyodide_build", ROOT / "pyodide/build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.build()
    return Path(module.test_wheels())


@pytest.mark.timeout(300)
def test_pyodide_replays_a_sample_of_the_corpus_hash_for_hash(tmp_path: Path) -> None:
    _check_parity(tmp_path, per_game=8, full_games=2)


@pytest.mark.slow
@pytest.mark.timeout(900)
def test_pyodide_replays_the_whole_corpus_hash_for_hash(tmp_path: Path) -> None:
    _check_parity(tmp_path, per_game=50, full_games=5)


def _check_parity(tmp_path: Path, *, per_game: int, full_games: int) -> None:
    if shutil.which("node") is None:
        pytest.fail("node is not installed: the parity check needs Node 20+")
    wheels = _build_bundle()
    ready, missing = available()
    games, _ = corpus(per_game, full_games=full_games)
    job = {"games": ready, "suite": run(ready), "corpus": games, "pytest": KERNEL_TESTS}
    job_path = tmp_path / "job.json"
    job_path.write_bytes(msgspec.json.encode(job))
    result = subprocess.run(
        [
            "node",
            str(ROOT / "pyodide/parity.mjs"),
            *("--job", str(job_path), "--pytest-wheels", str(wheels)),
        ],
        capture_output=True,
        text=True,
        timeout=540,
        check=False,
    )
    report = result.stdout + result.stderr
    sys.stdout.write(report)
    if missing:
        sys.stdout.write(f"not in the corpus yet (engine not written): {', '.join(missing)}\n")
    assert result.returncode == 0, report
    assert f"corpus: {len(games)} games" in report
    assert "pytest in pyodide: exit 0" in report
    assert len(games) == per_game * len(ready)
