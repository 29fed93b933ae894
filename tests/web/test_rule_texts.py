"""Every refusal the kernel and the engines can raise has a wording in both languages.

The codes are read from the source (`ensure(...)` and `IllegalMove(...)` calls, with
`ast`) of the kernel and of every title registered in `core.games` (its whole package,
sub-packages included), so a new rule check without a wording in
web/src/strings/rules.{en,ja}.js fails here; random play with illegal candidates checks
that reading misses nothing. A code whose rule ID decide picks at runtime from a table
(`wrong-step`: the rule of the step at hand, from the title's `steps`) needs a wording
for each rule of the table. The kernel's step dispatch (core/kernel/steps.py) refuses
moves on behalf of the title written on it, so its codes are that title's, worded per
title.
"""

from __future__ import annotations

import ast
import functools
import inspect
import random
import re
from pathlib import Path
from typing import Any

import pytest

from core import games
from core.kernel import IllegalMove, StepRules

ROOT = Path(__file__).resolve().parents[2]
KERNEL = ROOT / "core" / "kernel"
# The kit's step dispatch refuses moves (game over, not your turn, unknown move, wrong
# step) on a title's behalf: its codes are the title's, worded per title.
STEP_DISPATCH = KERNEL / "steps.py"
# The registered titles (not the fixture engines tests may register): every one is a
# StepRules title, its package the folder of the module its engine is defined in.
TITLES = {
    game_id: games.get(game_id)
    for game_id in games.ids()
    if type(games.get(game_id)).__module__.startswith("core.games.")
}
PACKAGES = {
    "kernel": KERNEL,
    **{game_id: Path(inspect.getfile(type(game))).parent for game_id, game in TITLES.items()},
}
STRINGS = ROOT / "web" / "src" / "strings"
# Calls whose code is not a literal, by (file, enclosing function): each must say why.
NON_LITERAL = {
    ("contract.py", "ensure"),  # ensure() hands its caller's literal code to IllegalMove
}
# Each title's rule prefix, read from the rules its steps cite (TUL-019 -> TUL).
PREFIXES = {
    game_id: {step.rule.split("-")[0] for step in game.steps.values()}
    for game_id, game in TITLES.items()
}
RULE_ID = re.compile(rf"^({'|'.join(sorted(set().union(*PREFIXES.values())))})-\d{{3}}$")
# Codes whose rule ID is chosen at runtime, by game: code -> the rules it can cite. Each
# rule has its own wording (rules.<game>.<code>.<rule>); a generic one would be dead.
CHOSEN_RULES: dict[str, dict[str, list[str]]] = {
    "kernel": {},
    **{
        game_id: {"wrong-step": [step.rule for step in game.steps.values()]}
        for game_id, game in TITLES.items()
    },
}


def literal_codes(node: ast.expr) -> set[str] | None:
    """The codes an argument can evaluate to, if it is written out (a constant or a
    conditional between constants); None for anything computed."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return {node.value}
    if isinstance(node, ast.IfExp):
        body, orelse = literal_codes(node.body), literal_codes(node.orelse)
        if body is not None and orelse is not None:
            return body | orelse
    return None


class _Refusals(ast.NodeVisitor):
    """Collects the code argument of every ensure/IllegalMove call in one file."""

    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.function = ""
        self.codes: set[str] = set()
        self.computed: set[tuple[str, str]] = set()

    def visit_FunctionDef(self, node: ast.FunctionDef) -> None:
        outer, self.function = self.function, node.name
        self.generic_visit(node)
        self.function = outer

    def visit_Call(self, node: ast.Call) -> None:
        func = node.func
        name = func.id if isinstance(func, ast.Name) else getattr(func, "attr", "")
        position = {"ensure": 1, "IllegalMove": 0}.get(name)
        if position is not None:
            keyword = [k.value for k in node.keywords if k.arg == "code"]
            arg = keyword[0] if keyword else node.args[position]
            codes = literal_codes(arg)
            if codes is None:
                self.computed.add((self.filename, self.function))
            else:
                self.codes |= codes
        self.generic_visit(node)


def sources(game: str) -> list[Path]:
    """The files whose refusals speak for `game`."""
    if game == "kernel":
        return [path for path in sorted(KERNEL.glob("*.py")) if path != STEP_DISPATCH]
    return [*sorted(PACKAGES[game].rglob("*.py")), STEP_DISPATCH]


def scan(game: str) -> _Refusals:
    found = _Refusals("")
    for path in sources(game):
        visitor = _Refusals(path.name)
        visitor.visit(ast.parse(path.read_text(), str(path)))
        found.codes |= visitor.codes
        found.computed |= visitor.computed
    return found


@functools.cache
def rule_ids(game: str) -> frozenset[str]:
    """Every rule ID written as a string in the game's source (read once per game)."""
    return frozenset(
        node.value
        for path in sources(game)
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant) and isinstance(node.value, str)
        if RULE_ID.match(node.value)
    )


def keys(lang: str) -> set[str]:
    text = (STRINGS / f"rules.{lang}.js").read_text()
    return set(re.findall(r"^\s*'(rules\.[\w.-]+)':\s*'[^']+',$", text, re.M))


SCANS = {game: scan(game) for game in PACKAGES}


def test_every_title_is_read() -> None:
    """All five titles, each a StepRules title (its refusals include the step
    dispatch's) whose steps cite rules of its own single prefix."""
    assert len(TITLES) == 5 and {"tulikko", "rewild-south-america"} <= set(TITLES)
    assert all(isinstance(game, StepRules) for game in TITLES.values())
    assert all(len(prefixes) == 1 for prefixes in PREFIXES.values()), PREFIXES
    assert PACKAGES["rewild-south-america"] / "modules" / "expert_cards.py" in set(
        sources("rewild-south-america")
    )


def test_the_scan_finds_the_known_refusals() -> None:
    # A sanity anchor: the reading works on codes known to exist in each place.
    assert {"takeback-revealed", "not-your-turn", "move-id-reused"} <= SCANS["kernel"].codes
    assert {"unknown-move", "wrong-step"} <= SCANS["tulikko"].codes
    assert {"wrong-symbol", "must-place", "aurora-spent"} <= SCANS["tulikko"].codes
    assert {"tow-full", "no-match", "not-least"} <= SCANS["ducks-in-tow"].codes
    assert {"no-such-wheel", "paper", "choose-seal"} <= SCANS["valley-of-the-torii"].codes
    assert {"bag-short", "splits-forest", "wrong-colours"} <= SCANS["whispering-woods"].codes
    assert {"one-kind", "no-retrigger", "mixed"} <= SCANS["rewild-south-america"].codes


def test_computed_codes_are_listed() -> None:
    computed = set().union(*(found.computed for found in SCANS.values()))
    assert computed == NON_LITERAL, "a refusal code is computed: list it and word every value"


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(PACKAGES))
def test_every_refusal_code_has_a_wording(game: str, lang: str) -> None:
    chosen = CHOSEN_RULES[game]
    wanted = {f"rules.{game}.{code}" for code in SCANS[game].codes - set(chosen)}
    wanted |= {f"rules.{game}.{code}.{rule}" for code, rules in chosen.items() for rule in rules}
    missing = wanted - keys(lang)
    assert not missing, f"rules.{lang}.js lacks {sorted(missing)}"


@pytest.mark.parametrize("game", list(TITLES))
def test_each_chosen_rule_names_one_situation(game: str) -> None:
    """No two steps cite the same rule, so rules.<game>.wrong-step.<rule> is one step's
    wording; and the scan sees the code the table's refusal raises."""
    for code, rules in CHOSEN_RULES[game].items():
        assert rules and len(set(rules)) == len(rules), f"{game} {code}: {rules}"
        assert code in SCANS[game].codes


def test_both_languages_hold_the_same_keys() -> None:
    en, ja = keys("en"), keys("ja")
    assert en and en == ja, f"only en: {sorted(en - ja)}; only ja: {sorted(ja - en)}"


def test_no_wording_is_stale() -> None:
    """Each key names a code its game raises; a refinement, a rule ID its source uses
    (for a code with runtime-chosen rules: one of those, and never the bare code)."""
    for key in keys("en"):
        game, code, *rule = key.removeprefix("rules.").split(".", 2)
        assert code in SCANS[game].codes, f"{key}: {game} raises no {code!r}"
        if code in CHOSEN_RULES[game]:
            assert rule and rule[0] in CHOSEN_RULES[game][code], f"{key}: never looked up"
        elif rule:
            assert rule[0] in rule_ids(game), f"{key}: no rule {rule[0]} in {game}"


def _candidates(game: Any, state: Any, seats: int, seen: list[Any]) -> list[tuple[int, Any]]:
    """Moves to try: every seat's legal moves (most are someone else's turn) and moves
    that were legal earlier in the game (mostly the wrong step now)."""
    moves = [(seat, m) for seat in range(seats) for m in game.legal_moves(state, seat)]
    return moves + [(seat, m) for seat in range(seats) for m in seen]


@pytest.mark.parametrize("game_id", list(TITLES))
def test_random_play_raises_only_scanned_codes(game_id: str) -> None:
    game = TITLES[game_id]
    rnd = random.Random(7)
    raised: set[str] = set()
    chosen = CHOSEN_RULES[game_id]
    for seed in range(3):
        seats = game.info.max_players if seed % 2 else game.info.min_players
        state = game.initial(game.setup(seats, seed, {}))
        seen: list[Any] = []
        for _ in range(120):
            to_move = game.to_move(state)
            if not to_move:
                break
            candidates = _candidates(game, state, seats, seen[-40:])
            for seat, move in rnd.sample(candidates, min(25, len(candidates))):
                try:
                    game.decide(state, seat, move)
                except IllegalMove as exc:
                    raised.add(exc.code)
                    assert exc.rule_id, f"{exc.code} has no rule ID"
                    assert exc.rule_id in chosen.get(exc.code, [exc.rule_id]), exc
            seat = rnd.choice(to_move)
            move = rnd.choice(game.legal_moves(state, seat))
            seen.append(move)
            _, state = game.apply(state, seat, move)
    assert len(raised) >= 3 and "wrong-step" in raised, f"too few refusals: {raised}"
    assert raised <= SCANS[game_id].codes, f"codes the scan missed: {raised - SCANS[game_id].codes}"
