"""Every title has the kit's shape (core/games/README.md, "How to add a title").

One test per title checks it all and lists every problem it finds, so a title
moving onto the kit sees what is left: the modules; `GAME` a `StepRules` whose
tables check and whose steps cover its `Phase`; the names every title uses; no
import cycles inside the package and a `view.py` that never imports `rules`; data
validated on import; `copy_state` equal to the kernel's `clone` (and sharing
nothing with its input) on states of random play; an expert module of its own for
every `group="module"` option; GameInfo in step with the title's constants.

Titles that have not moved onto the kit yet are listed in NOT_MIGRATED: their test
is expected to fail (strictly: it fails the moment the title follows the shape, and
the lead then removes the entry). Counting (tests/kernel/counting/), the kit's worked
example, must always pass.
"""

from __future__ import annotations
import __future__

import ast
import importlib
import importlib.util
import types
import typing
from pathlib import Path
from typing import Any

import msgspec
import pytest

import core.games
from core.kernel import Outcome, Rng, StepRules, canonical, clone
from core.kernel.steps import OVER, _check_tables

NOT_MIGRATED = {
    "tulikko": "moving onto StepRules and the kit's modules (issue #11)",
    "ducks-in-tow": "moving onto StepRules and the kit's modules (issue #11)",
}

MODULES = ("data", "state", "moves", "events", "rules", "evolve", "scoring", "view", "bots")
NAMES = {
    "state": ("State", "Phase", "copy_state"),
    "moves": ("Move",),
    "events": ("Event",),
    "view": ("View", "make_view", "redact_event", "redact_move"),
    "scoring": ("outcome",),
    "evolve": ("FOLDS",),
    "rules": ("RULES_VERSION", "OPTIONS"),
    "bots": ("greedy",),
}
EXAMPLE = "tests.kernel.counting"


def _package_of(game_id: str) -> str:
    return type(core.games.get(game_id)).__module__.rsplit(".", 1)[0]


def _titles() -> list[Any]:
    """Every built-in title (engines under core.games, not tests' extras), and the example."""
    params = []
    for game_id in core.games.ids():
        package = _package_of(game_id)
        if not package.startswith("core.games."):
            continue
        marks = []
        if game_id in NOT_MIGRATED:
            marks.append(pytest.mark.xfail(strict=True, reason=NOT_MIGRATED[game_id]))
        params.append(pytest.param(package, marks=marks, id=game_id))
    return [*params, pytest.param(EXAMPLE, id="counting-example")]


@pytest.mark.parametrize("package", _titles())
def test_title_has_the_kits_shape(package: str) -> None:
    problems = _shape_problems(package)
    assert not problems, f"{package} does not have the kit's shape:\n- " + "\n- ".join(problems)


def test_not_migrated_lists_only_registered_titles() -> None:
    assert set(NOT_MIGRATED) <= set(core.games.ids())


def _shape_problems(package: str) -> list[str]:
    missing = [m for m in MODULES if importlib.util.find_spec(f"{package}.{m}") is None]
    problems = [f"no module {package}.{m}" for m in missing]
    root = Path(importlib.import_module(package).__file__ or "").parent
    if not (root / "README.md").is_file():
        problems.append("no README.md with the title's decisions")
    if missing:
        return problems
    mods = {m: importlib.import_module(f"{package}.{m}") for m in MODULES}
    for module, names in NAMES.items():
        problems += [
            f"{module}.py has no {name}" for name in names if not hasattr(mods[module], name)
        ]
    if problems:
        return problems
    problems += _init_problems(importlib.import_module(package))
    game = importlib.import_module(package).GAME
    if not isinstance(game, StepRules):
        return [*problems, "GAME is not a core.kernel.StepRules"]
    problems += _engine_problems(game, mods)
    problems += _import_problems(package, root)
    problems += _data_problems(mods["data"], root)
    problems += _copy_problems(game, mods["state"].copy_state)
    return problems


def _init_problems(init: types.ModuleType) -> list[str]:
    public = {
        name
        for name, value in vars(init).items()
        if not name.startswith("_")
        and not isinstance(value, types.ModuleType | __future__._Feature)
    }
    return [] if public == {"GAME"} else [f"__init__.py holds {sorted(public)}, not GAME only"]


def _engine_problems(game: StepRules[Any, Any, Any, Any], mods: dict[str, Any]) -> list[str]:
    problems = []
    cls, state, rules = type(game), mods["state"], mods["rules"]
    try:
        _check_tables(cls)
    except TypeError as exc:
        problems.append(f"tables: {exc}")
    phases = typing.get_args(state.Phase)
    if not phases or phases[-1] != OVER:
        problems.append(f"Phase {phases} does not end in {OVER!r}")
    if "phase" not in getattr(state.State, "__struct_fields__", ()):
        problems.append("State has no phase field")
    steps = set(cls.steps)
    unstepped = [p for p in phases if p != OVER and p not in steps]
    problems += [f"phase {p!r} has no step" for p in unstepped]
    problems += [f"step {s!r} is not a Phase" for s in sorted(steps - set(phases))]
    if dict(cls.folds) != dict(mods["evolve"].FOLDS):
        problems.append("the class's folds are not evolve.FOLDS")
    expected = {
        "state_type": state.State,
        "move_type": mods["moves"].Move,
        "event_type": mods["events"].Event,
        "view_type": mods["view"].View,
    }
    problems += [f"{k} is not {v}" for k, v in expected.items() if getattr(cls, k) != v]
    if game.info.rules_version != rules.RULES_VERSION:
        problems.append("GameInfo.rules_version is not RULES_VERSION")
    if list(game.info.options) != list(rules.OPTIONS):
        problems.append("GameInfo.options are not OPTIONS")
    if game.info.solo != (game.info.min_players == 1):
        problems.append("GameInfo.solo disagrees with min_players == 1")
    outcomes = [
        v
        for v in vars(mods["scoring"]).values()
        if isinstance(v, type) and issubclass(v, Outcome) and v is not Outcome
    ]
    if not outcomes:
        problems.append("scoring.py has no <Title>Outcome(Outcome)")
    if "greedy" not in game.bots():
        problems.append("bots() does not offer 'greedy'")
    for spec in game.info.options:
        name = f"{cls.__module__.rsplit('.', 1)[0]}.modules.{spec.name}"
        if spec.group == "module" and importlib.util.find_spec(name) is None:
            problems.append(f"module option {spec.name!r} has no {name}")
    return problems


def _import_problems(package: str, root: Path) -> list[str]:
    graph = {name: _imports(package, root, name) for name in _module_names(package, root)}
    problems = []
    if f"{package}.rules" in graph.get(f"{package}.view", set()):
        problems.append("view.py imports rules")
    cycle = find_cycle(graph)
    if cycle:
        problems.append("import cycle: " + " -> ".join(cycle))
    return problems


def _module_names(package: str, root: Path) -> list[str]:
    names = []
    for path in sorted(root.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        names.append(".".join([package, *parts]))
    return names


def _imports(package: str, root: Path, module: str) -> set[str]:
    """The modules of `package` that `module` imports, anywhere in its code."""
    relative = module[len(package) :].lstrip(".").replace(".", "/")
    path = (
        root / relative / "__init__.py" if (root / relative).is_dir() else root / f"{relative}.py"
    )
    is_package = path.name == "__init__.py"
    known = set(_module_names(package, root))
    found = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            found |= {alias.name for alias in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = module if is_package else module.rsplit(".", 1)[0]
            for _ in range(node.level - 1):
                base = base.rsplit(".", 1)[0]
            target = (
                (f"{base}.{node.module}" if node.module else base)
                if node.level
                else node.module or ""
            )
            for alias in node.names:
                sub = f"{target}.{alias.name}"
                found.add(sub if sub in known else target)
    return {name for name in found if name in known and name != module}


def find_cycle(graph: dict[str, set[str]]) -> list[str]:
    """One cycle of the graph (its nodes, the first repeated at the end), or []."""
    done: set[str] = set()

    def visit(node: str, path: list[str]) -> list[str]:
        if node in path:
            return [*path[path.index(node) :], node]
        if node in done:
            return []
        for nxt in sorted(graph.get(node, ())):
            cycle = visit(nxt, [*path, node])
            if cycle:
                return cycle
        done.add(node)
        return []

    for start in sorted(graph):
        cycle = visit(start, [])
        if cycle:
            return cycle
    return []


def _data_problems(data: types.ModuleType, root: Path) -> list[str]:
    if not callable(getattr(data, "_validate", None)):
        return ["data.py has no _validate()"]
    tree = ast.parse((root / "data.py").read_text())
    called = any(
        isinstance(node, ast.Expr)
        and isinstance(node.value, ast.Call)
        and isinstance(node.value.func, ast.Name)
        and node.value.func.id == "_validate"
        for node in tree.body
    )
    if not called:
        return ["data.py does not call _validate() on import"]
    data._validate()
    return []


def _copy_problems(game: StepRules[Any, Any, Any, Any], copy_state: Any) -> list[str]:
    """copy_state and GAME.copy equal clone, and share nothing mutable with their input,
    on every state of a few random games (each player count, two seeds)."""
    info = game.info
    for seats in range(info.min_players, info.max_players + 1):
        for seed in (1, 2):
            state = game.initial(game.setup(seats, seed, {}))
            rng = Rng.seeded(seed, stream=5)
            for _ in range(400):
                for copy in (copy_state(state), game.copy(state)):
                    if canonical(copy) != canonical(clone(state)):
                        return [f"copy_state differs from clone ({seats} players, seed {seed})"]
                    shared = shared_part(state, copy)
                    if shared:
                        return [f"copy_state shares {shared} with its input"]
                movers = game.to_move(state)
                if not movers:
                    break
                seat = rng.choice(movers)
                _, state = game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
    return []


def shared_part(a: Any, b: Any, path: str = "state") -> str:
    """The path of a mutable object (list, dict, unfrozen struct) that `a` and `b` share."""
    if isinstance(a, list | dict | msgspec.Struct):
        frozen = isinstance(a, msgspec.Struct) and a.__struct_config__.frozen
        if a is b and not frozen:
            return path
    if isinstance(a, msgspec.Struct) and type(a) is type(b):
        for name in a.__struct_fields__:
            found = shared_part(getattr(a, name), getattr(b, name), f"{path}.{name}")
            if found:
                return found
    elif isinstance(a, list | tuple) and isinstance(b, list | tuple) and len(a) == len(b):
        for i, (x, y) in enumerate(zip(a, b, strict=True)):
            found = shared_part(x, y, f"{path}[{i}]")
            if found:
                return found
    elif isinstance(a, dict) and isinstance(b, dict):
        for key in sorted(a, key=repr):
            if key in b:
                found = shared_part(a[key], b[key], f"{path}[{key!r}]")
                if found:
                    return found
    return ""


def test_find_cycle_and_shared_part_find_what_they_look_for() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set(), "c": {"a"}}) == []
    state = _Outer(_Inner([1]), [[1], [2]])
    assert shared_part(state, clone(state)) == ""
    assert shared_part(state, _Outer(_Inner([1]), [[1], state.rows[1]])) == "state.rows[1]"
    assert shared_part(state, _Outer(state.inner, [[1], [2]])) == "state.inner"


class _Inner(msgspec.Struct):
    items: list[int]


class _Outer(msgspec.Struct):
    inner: _Inner
    rows: list[list[int]]


BREAKAGES = {
    "view-imports-rules": (
        "view.py",
        "from .state import State\n",
        "from .state import State\nfrom . import rules  # noqa: F401\n",
        ["view.py imports rules", "import cycle: "],
    ),
    "data-not-validated": ("data.py", "\n_validate()\n", "\n", ["does not call _validate()"]),
    "shallow-copy": ("state.py", "list(state.added)", "state.added", ["shares state.added"]),
    "phase-without-step": (
        "rules.py",
        '        "passing": Step("CNT-4", "wait", ()),\n',
        "",
        ["phase 'passing' has no step"],
    ),
    "two-names-in-init": (
        "__init__.py",
        '__all__ = ["GAME"]',
        '__all__ = ["GAME"]\nEXTRA = 1',
        ["holds ['EXTRA', 'GAME']"],
    ),
}


@pytest.mark.parametrize("breakage", sorted(BREAKAGES))
def test_the_shape_test_finds_each_breakage(
    breakage: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A copy of the example, broken one way, is reported for exactly that."""
    filename, old, new, expected = BREAKAGES[breakage]
    name = "broken_" + breakage.replace("-", "_")
    source = Path(importlib.import_module(EXAMPLE).__file__ or "").parent
    target = tmp_path / name
    target.mkdir()
    for path in source.iterdir():
        if path.is_file():
            (target / path.name).write_text(path.read_text())
    text = (target / filename).read_text()
    assert old in text
    (target / filename).write_text(text.replace(old, new))
    monkeypatch.syspath_prepend(str(tmp_path))
    problems = _shape_problems(name)
    assert len(problems) == len(expected), problems
    for problem, start in zip(problems, expected, strict=True):
        assert start in problem, problems
