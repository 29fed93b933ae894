"""Build the browser bundle into pyodide/dist/ (run by `make bundle`; output never committed).

What lands in dist/, all loaded by name from the same origin (no CDN, no network at run time):

- the Pyodide runtime (pyodide.mjs, pyodide.asm.*, python_stdlib.zip) copied from the npm
  package `pyodide`, pinned exactly in pyodide/package.json + package-lock.json;
- msgspec's wasm wheel from PyPI (pinned below, sha256 checked), cached in pyodide/wheels/;
- the `core` wheel, built here from the repo's core/ package only (never server/), its
  modules compiled to bytecode by Pyodide's own CPython (pyodide/compile.mjs under Node,
  cached in pyodide/wheels/ by the sources' hash) and shipped without their sources, so
  a phone imports `core` without compiling it; fixed timestamps and hash-based .pyc
  files, so the same sources give the same bytes and the same sha256;
- pyodide-lock.json listing exactly those packages (names `msgspec` and `kifu-core`), so
  `pyodide.loadPackage("kifu-core")` resolves everything from dist/.

The build is incremental: npm runs only when node_modules does not hold the pinned
version, the download only when the cached wheel is missing, and files are rewritten only
when their bytes change (so mtimes, and HTTP caches keyed on them, stay put).

Usage: python pyodide/build.py [--check]   (--check: exit 1 if dist/ is not up to date)
"""

from __future__ import annotations

import argparse
import base64
import contextlib
import fcntl
import gzip
import hashlib
import io
import json
import os
import shutil
import subprocess
import sys
import time
import zipfile
from collections.abc import Iterator
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
DIST = HERE / "dist"
WHEELS = HERE / "wheels"
NPM_PYODIDE = HERE / "node_modules" / "pyodide"

PYODIDE_VERSION = "314.0.7"  # must equal pyodide/package.json
PLATFORM = "pyemscripten_2026_0_wasm32"
MSGSPEC_VERSION = "0.23.0"  # the same version as the CPython side (pyproject: msgspec)
MSGSPEC_WHEEL = f"msgspec-{MSGSPEC_VERSION}-cp314-cp314-{PLATFORM}.whl"
MSGSPEC_SHA256 = "1836f50ad87e7c56600b648a1b75c3bbcce62835cb1f489435fc5fee8d068831"

# pytest inside Pyodide (the kernel's tests under tests/pyodide): pure wheels, test-only,
# cached in pyodide/wheels/test/ and never part of dist/.
TEST_WHEELS = {
    "pytest-9.2.0-py3-none-any.whl": (
        "07acdcf88ec174f907dc01af70bf52d49b014bbab03faeeade31c96b18c2e588"
    ),
    "pluggy-1.7.0-py3-none-any.whl": (
        "7dd7b0d8832ba3cb632c306926ded123429211b83641b35dc5c41ad2d34f9bec"
    ),
    "iniconfig-2.3.1-py3-none-any.whl": (
        "9121e2c1fdb355232495be3194c8dfe87ccc2d5dee45947b78e68f499790d7a7"
    ),
    "packaging-26.4-py3-none-any.whl": (
        "81383611a09c1bc0b08b76e0fd5829d7c6824c65b27a6aee339da133f4233ea2"
    ),
    "pygments-2.21.0-py3-none-any.whl": (
        "2363c69b61c4a97c838da3b130dcd6468f4848992b21a82f2a63ec34377137d9"
    ),
}

CORE_DIST_NAME = "kifu_core"
CORE_PYTHON = "3.14"  # Pyodide's CPython, whose bytecode the core wheel holds (checked)
CORE_PACKAGE = "kifu-core"  # the name the browser loads
# What the worker loads: the ES module, the emscripten glue, the wasm, the stdlib (the
# UMD pyodide.js, the type stubs and the package's own lock file are left out, so the
# service worker precaches only what is used).
RUNTIME_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
)
# Written gzipped beside themselves (`<name>.gz`, level 9, no timestamp): the server
# sends these bytes instead of gzipping 11 MB in its first second (server/static.py).
PREBUILT_GZIP = ("pyodide.asm.mjs", "pyodide.asm.wasm")
ZIP_EPOCH = (2020, 1, 1, 0, 0, 0)  # fixed timestamps: reproducible wheel bytes


def log(message: str) -> None:
    print(f"[bundle] {message}", flush=True)


def write_if_changed(path: Path, data: bytes) -> bool:
    """Write `data` unless the file already holds exactly it. True if written."""
    if path.exists() and path.stat().st_size == len(data) and path.read_bytes() == data:
        return False
    tmp = path.with_name(f"{path.name}.{os.getpid()}.tmp")
    tmp.write_bytes(data)
    tmp.replace(path)
    return True


def sha256(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def core_version() -> str:
    namespace: dict[str, str] = {}
    source = (ROOT / "core" / "__init__.py").read_text()
    for line in source.splitlines():
        if line.startswith("__version__"):
            exec(line, namespace)
    return namespace["__version__"]


# -- the runtime -------------------------------------------------------------------------


def ensure_npm() -> None:
    """`npm ci` when node_modules lacks the pinned pyodide (uses package-lock.json)."""
    installed = NPM_PYODIDE / "package.json"
    if installed.exists() and json.loads(installed.read_text())["version"] == PYODIDE_VERSION:
        return
    pinned = json.loads((HERE / "package.json").read_text())["dependencies"]["pyodide"]
    if pinned != PYODIDE_VERSION:
        sys.exit(f"package.json pins pyodide {pinned}, build.py expects {PYODIDE_VERSION}")
    log(f"npm ci (pyodide {PYODIDE_VERSION})")
    subprocess.run(
        ["npm", "ci", "--no-audit", "--no-fund", "--loglevel=error"], cwd=HERE, check=True
    )


def copy_runtime() -> int:
    changed = 0
    for name in RUNTIME_FILES:
        source = NPM_PYODIDE / name
        target = DIST / name
        if (
            target.exists()
            and target.stat().st_size == source.stat().st_size
            and target.stat().st_mtime_ns >= source.stat().st_mtime_ns
        ):
            continue
        shutil.copyfile(source, target)
        changed += 1
    return changed


def gzip_runtime() -> int:
    """The runtime's big files gzipped beside them, when missing or older than the file."""
    changed = 0
    for name in PREBUILT_GZIP:
        source = DIST / name
        target = DIST / f"{name}.gz"
        if target.exists() and target.stat().st_mtime_ns >= source.stat().st_mtime_ns:
            continue
        write_if_changed(target, gzip.compress(source.read_bytes(), compresslevel=9, mtime=0))
        os.utime(target)  # newer than its file even when the bytes were already there
        changed += 1
    return changed


# -- msgspec -----------------------------------------------------------------------------


def msgspec_wheel() -> bytes:
    """The pinned wasm wheel: from the cache, else from PyPI; sha256 checked either way."""
    cached = WHEELS / MSGSPEC_WHEEL
    if not cached.exists():
        WHEELS.mkdir(parents=True, exist_ok=True)
        log(f"downloading {MSGSPEC_WHEEL}")
        subprocess.run(
            [
                sys.executable,
                "-m",
                "pip",
                "download",
                "--quiet",
                "--no-deps",
                "--only-binary=:all:",
                "--platform",
                PLATFORM,
                "--python-version",
                "3.14",
                "--implementation",
                "cp",
                "--abi",
                "cp314",
                "--dest",
                str(WHEELS),
                f"msgspec=={MSGSPEC_VERSION}",
            ],
            check=True,
        )
    data = cached.read_bytes()
    if sha256(data) != MSGSPEC_SHA256:
        cached.unlink()
        sys.exit(f"{MSGSPEC_WHEEL}: sha256 mismatch (cache removed; run again)")
    return data


def test_wheels() -> Path:
    """pytest and its dependencies for Pyodide (pure wheels, pinned, sha256 checked)."""
    folder = WHEELS / "test"
    missing = [name for name in TEST_WHEELS if not (folder / name).exists()]
    if missing:
        folder.mkdir(parents=True, exist_ok=True)
        log(f"downloading {', '.join(missing)}")
        pins = ["==".join(name.split("-")[:2]) for name in missing]
        subprocess.run(
            [
                *(sys.executable, "-m", "pip", "download", "--quiet", "--no-deps"),
                *("--only-binary=:all:", "--dest", str(folder), *pins),
            ],
            check=True,
        )
    for name, digest in TEST_WHEELS.items():
        if sha256((folder / name).read_bytes()) != digest:
            (folder / name).unlink()
            sys.exit(f"{name}: sha256 mismatch (cache removed; run again)")
    return folder


# -- the core wheel ----------------------------------------------------------------------


def core_files() -> list[tuple[str, bytes]]:
    """(archive name, bytes) of every file of the core package, sorted."""
    files = []
    for path in sorted((ROOT / "core").rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts:
            continue
        if path.suffix not in {".py", ".json"} and path.name != "py.typed":
            continue
        files.append((path.relative_to(ROOT).as_posix(), path.read_bytes()))
    return files


def compiled_core_files() -> list[tuple[str, bytes]]:
    """core's files as the wheel ships them: each module as Pyodide's bytecode in its
    source's place (`name.pyc`), the data files as they are; sorted. Compiling boots
    Pyodide under Node (~2.5 s), so the result is kept per hash of the sources (and of
    the compiler)."""
    files = core_files()
    sources = {name: data.decode() for name, data in files if name.endswith(".py")}
    text = json.dumps(sources, sort_keys=True).encode()
    compiler = (HERE / "compile.mjs").read_bytes()
    key = sha256(PYODIDE_VERSION.encode() + b"\0" + compiler + b"\0" + text)[:16]
    cache = WHEELS / f"core-pyc-{key}.json"
    if not cache.exists():
        compiled = subprocess.run(
            ["node", str(HERE / "compile.mjs")], input=text, capture_output=True, check=False
        )
        if compiled.returncode != 0:
            sys.exit(f"compiling core in Pyodide failed:\n{compiled.stderr.decode()}")
        for old in WHEELS.glob("core-pyc-*.json"):
            old.unlink()
        cache.write_bytes(compiled.stdout)
    pyc = {name: base64.b64decode(data) for name, data in json.loads(cache.read_bytes()).items()}
    data = [(name, blob) for name, blob in files if not name.endswith(".py")]
    return sorted([*data, *pyc.items()])


def build_core_wheel(version: str) -> tuple[str, bytes]:
    """A wheel of core/ alone, compiled for Pyodide's CPython, byte-for-byte reproducible."""
    tag = "cp" + CORE_PYTHON.replace(".", "")  # bytecode: this CPython only
    name = f"{CORE_DIST_NAME}-{version}-{tag}-none-any.whl"
    info = f"{CORE_DIST_NAME}-{version}.dist-info"
    metadata = (
        "Metadata-Version: 2.1\n"
        f"Name: {CORE_PACKAGE}\n"
        f"Version: {version}\n"
        "Summary: Kifu's pure-Python core (kernel and rules engines), for Pyodide\n"
        "Requires-Python: >=3.11\n"
        "Requires-Dist: msgspec\n"
    ).encode()
    wheel_meta = (
        b"Wheel-Version: 1.0\nGenerator: kifu pyodide/build.py\n"
        b"Root-Is-Purelib: true\nTag: " + tag.encode() + b"-none-any\n"
    )
    entries = [
        *compiled_core_files(),
        (f"{info}/METADATA", metadata),
        (f"{info}/WHEEL", wheel_meta),
        (f"{info}/top_level.txt", b"core\n"),
    ]
    record_lines = []
    for arcname, data in entries:
        b64 = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        record_lines.append(f"{arcname},sha256={b64},{len(data)}")
    record_lines.append(f"{info}/RECORD,,")
    entries.append((f"{info}/RECORD", ("\n".join(record_lines) + "\n").encode()))
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w", zipfile.ZIP_DEFLATED) as archive:
        for arcname, data in entries:
            zinfo = zipfile.ZipInfo(arcname, ZIP_EPOCH)
            zinfo.compress_type = zipfile.ZIP_DEFLATED
            zinfo.external_attr = 0o644 << 16
            archive.writestr(zinfo, data, compresslevel=9)
    return name, buffer.getvalue()


# -- the lock file -----------------------------------------------------------------------


def lock_entry(
    name: str, version: str, file_name: str, data: bytes, *, imports: list[str], depends: list[str]
) -> dict[str, object]:
    return {
        "name": name,
        "version": version,
        "file_name": file_name,
        "install_dir": "site",
        "sha256": sha256(data),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
    }


@contextlib.contextmanager
def _exclusive() -> Iterator[None]:
    """One build at a time (parallel test workers may all ask for the bundle)."""
    WHEELS.mkdir(parents=True, exist_ok=True)
    with open(WHEELS / ".build.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def build(check: bool = False) -> bool:
    """Bring dist/ up to date. Returns True if anything changed."""
    with _exclusive():
        return _build(check)


def _build(check: bool) -> bool:
    started = time.monotonic()
    ensure_npm()
    DIST.mkdir(parents=True, exist_ok=True)
    msgspec_data = msgspec_wheel()
    version = core_version()
    core_name, core_data = build_core_wheel(version)
    upstream = json.loads((NPM_PYODIDE / "pyodide-lock.json").read_text())
    if not str(upstream["info"]["python"]).startswith(CORE_PYTHON + "."):
        sys.exit(f"Pyodide runs Python {upstream['info']['python']}: set CORE_PYTHON")
    lock = {
        "info": upstream["info"],
        "packages": {
            "msgspec": lock_entry(
                "msgspec",
                MSGSPEC_VERSION,
                MSGSPEC_WHEEL,
                msgspec_data,
                imports=["msgspec"],
                depends=[],
            ),
            CORE_PACKAGE: lock_entry(
                CORE_PACKAGE, version, core_name, core_data, imports=["core"], depends=["msgspec"]
            ),
        },
    }
    lock_bytes = (json.dumps(lock, indent=2, sort_keys=True) + "\n").encode()
    manifest = {
        "pyodide": PYODIDE_VERSION,
        "python": upstream["info"]["python"],
        "msgspec": MSGSPEC_VERSION,
        "core": version,
        "core_sha256": sha256(core_data),
    }
    manifest_bytes = (json.dumps(manifest, indent=2, sort_keys=True) + "\n").encode()
    if check:
        wanted = {
            MSGSPEC_WHEEL: msgspec_data,
            core_name: core_data,
            "pyodide-lock.json": lock_bytes,
            "kifu-bundle.json": manifest_bytes,
        }
        stale = [n for n, d in wanted.items() if not (DIST / n).exists()]
        stale += [n for n, d in wanted.items() if n not in stale and (DIST / n).read_bytes() != d]
        stale += [n for n in RUNTIME_FILES if not (DIST / n).exists()]
        stale += [f"{n}.gz" for n in PREBUILT_GZIP if not (DIST / f"{n}.gz").exists()]
        if stale:
            log(f"out of date: {', '.join(stale)}")
            return True
        return False
    changed = copy_runtime()
    changed += gzip_runtime()
    changed += write_if_changed(DIST / MSGSPEC_WHEEL, msgspec_data)
    changed += write_if_changed(DIST / core_name, core_data)
    changed += write_if_changed(DIST / "pyodide-lock.json", lock_bytes)
    changed += write_if_changed(DIST / "kifu-bundle.json", manifest_bytes)
    keep = {*RUNTIME_FILES, MSGSPEC_WHEEL, core_name, "pyodide-lock.json", "kifu-bundle.json"}
    keep |= {f"{name}.gz" for name in PREBUILT_GZIP}
    for stale_file in DIST.iterdir():
        if stale_file.name not in keep:
            stale_file.unlink()
            changed += 1
    elapsed = time.monotonic() - started
    log(f"dist/ {'updated' if changed else 'up to date'} ({changed} files, {elapsed:.2f}s)")
    return bool(changed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if dist/ is out of date")
    args = parser.parse_args()
    stale = build(check=args.check)
    if args.check and stale:
        sys.exit(1)


if __name__ == "__main__":
    main()
