"""The core wheel the browser loads: compiled by Pyodide's CPython, no sources, the
same bytes for the same sources (tests/pyodide/test_parity.py checks that it computes
what CPython computes)."""

from __future__ import annotations

import importlib.util
import io
import zipfile
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[2]


def _build_module() -> ModuleType:
    spec = importlib.util.spec_from_file_location("kifu_pyodide_build", ROOT / "pyodide/build.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_core_wheel_holds_bytecode_for_every_module_and_no_source() -> None:
    build = _build_module()
    build.build()
    first = build.build_core_wheel(build.core_version())
    name, data = build.build_core_wheel(build.core_version())
    assert (name, data) == first, "the same sources give the same bytes"
    assert name.endswith("-cp314-none-any.whl")
    names = zipfile.ZipFile(io.BytesIO(data)).namelist()
    modules = sorted(p.relative_to(ROOT).as_posix() for p in (ROOT / "core").rglob("*.py"))
    assert sorted(n for n in names if n.endswith(".pyc")) == [m + "c" for m in modules]
    assert not [n for n in names if n.endswith(".py")], "the wheel ships no sources"
    magic = zipfile.ZipFile(io.BytesIO(data)).read("core/__init__.pyc")[:4]
    flags = zipfile.ZipFile(io.BytesIO(data)).read("core/__init__.pyc")[4:8]
    assert magic[2:] == b"\r\n", "a CPython .pyc"
    assert flags == b"\x01\x00\x00\x00", "hash-based and unchecked (PEP 552)"
    assert (ROOT / "pyodide/dist" / name).read_bytes() == data
