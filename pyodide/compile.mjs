// Compile `core`'s sources to CPython bytecode inside Pyodide (the npm package's
// CPython), for the core wheel (pyodide/build.py): this machine has no CPython of
// Pyodide's version, and bytecode is tied to it.
//
//   node pyodide/compile.mjs < SOURCES.json > PYC.json
//
// SOURCES.json: {"name.py": "<source text>", ...} (paths relative to the site root,
// e.g. "core/kernel/rng.py"); PYC.json: {"core/kernel/rng.pyc": "<base64>", ...}: each
// beside where its source was, which the wheel leaves out (a sourceless module, imported
// as it is: no compiling on a phone, and fewer bytes than source and bytecode both),
// docstrings left out.
// Each .pyc is "unchecked-hash" (PEP 552): a hash of its source, not a timestamp, so
// the same sources give the same bytes.

import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const runtime = path.join(here, "node_modules", "pyodide");

const sources = JSON.parse(readFileSync(0, "utf8"));
const { loadPyodide } = await import(pathToFileURL(path.join(runtime, "pyodide.mjs")).href);
// no column ranges in the bytecode (tracebacks keep their line numbers): a third smaller
const pyodide = await loadPyodide({ indexURL: runtime + path.sep, env: { PYTHONNODEBUGRANGES: "1" } });
pyodide.globals.set("SOURCES", pyodide.toPy(sources));
const compiled = pyodide.runPython(`
import ast, base64, importlib.util, json
from importlib._bootstrap_external import _code_to_hash_pyc

def without_docstrings(tree):
    """Docstrings say why to a reader of the source; the wheel ships none (they were
    ~40% of its bytes), and nothing in core reads __doc__."""
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            first = node.body[0] if node.body else None
            if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \\
                    and isinstance(first.value.value, str):
                node.body = node.body[1:] or [ast.copy_location(ast.Pass(), first)]
    return tree

out = {}
for name in sorted(SOURCES):
    source = SOURCES[name].encode("utf-8")
    tree = without_docstrings(ast.parse(source, filename=name))
    code = compile(tree, name, "exec", dont_inherit=True)
    pyc = _code_to_hash_pyc(code, importlib.util.source_hash(source), checked=False)
    out[name + "c"] = base64.b64encode(bytes(pyc)).decode()
json.dumps(out)
`);
process.stdout.write(compiled);
