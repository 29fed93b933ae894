// Cross-runtime determinism check: CPython and Pyodide must compute the same hashes.
//
//   node pyodide/parity.mjs --job JOB.json [--dist pyodide/dist] [--repo .]
//                           [--pytest-wheels pyodide/wheels/test]
//
// JOB.json (written by tests/pyodide/test_parity.py from CPython):
//   { "games": ["high-card", ...],               // ids to register/load
//     "suite": { name: value, ... },              // tests/pyodide/parity_suite.run() on CPython
//     "corpus": [ {game, seed, record_json, hashes: [...]}, ... ],
//     "pytest": ["tests/kernel", "--ignore=...", ...] }  // optional: pytest args, repo-relative
//
// With "pytest", the kernel's own tests also run inside Pyodide (pytest and its pure
// dependencies unpacked from --pytest-wheels; --import-mode=append so `core` still comes
// from the wheel, and no bytecode or cache is written into the repo).
//
// It boots Pyodide from the built bundle exactly as the browser does (runtime, msgspec
// wasm wheel and the core wheel all from dist/, by name through pyodide-lock.json, no
// network), mounts the repo read-only at /repo for the test helpers only (tests.*;
// `core` must come from the wheel, which is checked), runs the parity suite, then
// re-decides every corpus record with core.browser's "hashes" op and compares every
// entry's state hash with CPython's. The first difference fails with its game, seed and
// seq. Exit 0: all equal; 1: a difference; 2: the runtime or the job is broken.

import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

function parseArgs(argv) {
  const args = {
    dist: path.join(here, "dist"),
    repo: path.dirname(here),
    job: null,
    "pytest-wheels": path.join(here, "wheels", "test"),
  };
  for (let i = 0; i < argv.length; i += 2) {
    const key = argv[i].replace(/^--/, "");
    if (!(key in args)) throw new Error(`unknown option ${argv[i]}`);
    args[key] = path.resolve(argv[i + 1]);
  }
  if (!args.job) throw new Error("--job JOB.json is required");
  return args;
}

function firstDifference(expected, actual) {
  const n = Math.max(expected.length, actual.length);
  for (let i = 0; i < n; i++) {
    if (expected[i] !== actual[i]) return i;
  }
  return -1;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const job = JSON.parse(readFileSync(args.job, "utf8"));
  const started = performance.now();
  const { loadPyodide } = await import(pathToFileURL(path.join(args.dist, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: args.dist + path.sep });
  await pyodide.loadPackage("kifu-core", { messageCallback: () => {} });
  const booted = performance.now();

  pyodide.FS.mkdirTree("/repo");
  pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: args.repo }, "/repo");
  pyodide.globals.set("GAME_IDS", pyodide.toPy(job.games));
  pyodide.runPython(`
import sys
sys.path.append("/repo")  # after site-packages: tests.* from the repo, core from the wheel
sys.dont_write_bytecode = True
import core, core.browser, msgspec
assert not core.__file__.startswith("/repo"), f"core was imported from the repo: {core.__file__}"
from core import games
from tests.kernel.fixture_game import GAME as FIXTURE
games.register(FIXTURE)
for game_id in GAME_IDS:
    games.get(game_id)
RUNTIME = f"Python {sys.version.split()[0]} / msgspec {msgspec.__version__} / core {core.__version__}"
`);
  console.log(`runtime: ${pyodide.globals.get("RUNTIME")} (boot ${(booted - started).toFixed(0)} ms)`);

  // 1. The parity suite: pure values.
  const suite = JSON.parse(
    pyodide.runPython(`
import json
from tests.pyodide.parity_suite import run
json.dumps(run(list(GAME_IDS)))
`),
  );
  const names = Object.keys(job.suite);
  let suiteFailures = 0;
  for (const name of names) {
    const want = JSON.stringify(job.suite[name]);
    const got = JSON.stringify(suite[name]);
    if (want !== got) {
      suiteFailures++;
      console.log(`SUITE DIFFERS ${name}\n  cpython: ${want}\n  pyodide: ${got}`);
    }
  }
  for (const name of Object.keys(suite)) {
    if (!(name in job.suite)) {
      suiteFailures++;
      console.log(`SUITE DIFFERS ${name}: only in pyodide`);
    }
  }
  console.log(`suite: ${names.length} values, ${suiteFailures} different`);

  // 2. The corpus: every entry's state hash.
  const handle = pyodide.globals.get("core").browser.handle;
  let entries = 0;
  const perGame = {};
  for (const game of job.corpus) {
    const reply = JSON.parse(handle(JSON.stringify({ op: "hashes", record_json: game.record_json })));
    if (!reply.ok) {
      console.log(`FAIL ${game.game} seed ${game.seed}: ${reply.error.text}`);
      process.exit(1);
    }
    const got = reply.result.hashes;
    const at = firstDifference(game.hashes, got);
    if (at >= 0 || reply.result.error) {
      const seq = at >= 0 ? at + 1 : got.length + 1;
      console.log(
        `DIVERGES ${game.game} seed ${game.seed} at seq ${seq}` +
          (reply.result.error ? ` (${reply.result.error})` : "") +
          `\n  cpython: ${game.hashes[seq - 1]}\n  pyodide: ${got[seq - 1]}`,
      );
      process.exit(1);
    }
    entries += got.length;
    perGame[game.game] = (perGame[game.game] || 0) + 1;
  }
  const summary = Object.entries(perGame)
    .map(([g, n]) => `${g} ${n}`)
    .join(", ");
  console.log(`corpus: ${job.corpus.length} games (${summary}), ${entries} entries, all equal`);

  // 3. The kernel's own tests, under pytest, inside Pyodide.
  let pytestExit = 0;
  if (job.pytest) {
    pyodide.FS.mkdirTree("/wheels");
    pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: args["pytest-wheels"] }, "/wheels");
    pyodide.globals.set("PYTEST_ARGS", pyodide.toPy(job.pytest));
    pytestExit = pyodide.runPython(`
import os, site, zipfile
target = site.getsitepackages()[0]
for name in sorted(os.listdir("/wheels")):
    if name.endswith(".whl"):
        zipfile.ZipFile(f"/wheels/{name}").extractall(target)
import pytest
os.chdir("/repo")
args = [a if a.startswith("-") else f"/repo/{a}" for a in PYTEST_ARGS]
int(pytest.main(["-q", "-p", "no:cacheprovider", "--import-mode=append", "-o", "addopts=", *args]))
`);
    console.log(`pytest in pyodide: exit ${pytestExit}`);
  }
  console.log(`total ${(performance.now() - started).toFixed(0)} ms`);
  process.exit(suiteFailures || pytestExit ? 1 : 0);
}

main().catch((err) => {
  console.error(err && err.stack ? err.stack : err);
  process.exit(2);
});
