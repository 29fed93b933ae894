"""The Decider contract every game implements, and the structs around it.

A game is a stateless object: `initial` builds the state from a Setup,
`decide` turns a move into events (or raises IllegalMove), `evolve` folds one
event into a *new* state (the input is never mutated: snapshots share states),
`legal_moves` lists every legal move in a stable order, `view`/`redact`/
`redact_move` cut what a seat may see. Moves, events, states and views are msgspec Structs;
moves and events are tagged unions.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, ClassVar, Generic, Literal, TypeVar

import msgspec

from .errors import IllegalMove, SetupError
from .rng import SEED_LIMIT, Rng

S = TypeVar("S")
M = TypeVar("M")
E = TypeVar("E")
V = TypeVar("V")

OptionValue = bool | int | str
TakeBackPolicy = Literal["casual", "friendly", "strict"]
TAKEBACK_POLICIES: tuple[TakeBackPolicy, ...] = ("casual", "friendly", "strict")


class OptionSpec(msgspec.Struct, kw_only=True):
    """One table option (variant, module, solo level...) as a UI can render it."""

    name: str
    kind: Literal["bool", "int", "choice"]
    default: OptionValue
    label_en: str
    label_ja: str
    choices: list[str] = []
    minimum: int | None = None
    maximum: int | None = None
    rule_id: str = ""
    # What the option is, so a new-game form can group it: a plain setup choice, a
    # rulebook variant, an expansion/expert module, a mode (solo level...) or a promo.
    group: Literal["setup", "variant", "module", "mode", "promo"] = "setup"
    # When the option applies, so a form offers it only then (left out, it takes its
    # default, which the engine accepts at any table): at these player counts (empty:
    # any), and while every option named in `when` holds one of its listed values.
    players: list[int] = []
    when: dict[str, list[str]] = {}
    # The values of an int option a form offers, each in words (empty: minimum..maximum).
    offered: list[int] = []
    # An int option that is a set of places, bit i for place i, laid out as a board:
    # places per row, bottom row first, and each row's first place in half places from
    # the left, so a form draws the places to tap instead of asking for a number.
    rows: list[int] = []
    row_offsets: list[int] = []

    def check(self, value: OptionValue) -> OptionValue:
        """The value if this option accepts it; SetupError naming the option otherwise."""
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
        elif self.kind == "int":
            if isinstance(value, int) and not isinstance(value, bool):
                low_ok = self.minimum is None or value >= self.minimum
                high_ok = self.maximum is None or value <= self.maximum
                if low_ok and high_ok:
                    return value
        elif isinstance(value, str) and value in self.choices:
            return value
        allowed = {
            "bool": "true or false",
            "int": f"an integer in {self.minimum}..{self.maximum}",
            "choice": " | ".join(self.choices),
        }[self.kind]
        raise SetupError(f"option {self.name!r}: {value!r} is not {allowed}")


class GameInfo(msgspec.Struct, kw_only=True):
    """Registry metadata: what a game list, a new-game form and a record need."""

    id: str
    title_en: str
    title_ja: str
    min_players: int
    max_players: int
    rules_version: str
    options: list[OptionSpec] = []
    # The rules the kernel cites when it refuses a move before the engine sees it:
    # a seat that is not to move, a game that is over (e.g. "TUL-023", "TUL-104").
    turn_rule: str = ""
    end_rule: str = ""
    # What kind of game it is, read by the PWA and the server instead of game ids.
    lower_score_wins: bool = False  # the lowest score ranks first (e.g. Tulikko)
    solo: bool = False  # a one-player mode exists (min_players == 1)
    cooperative: bool = False  # the table wins or loses together (Outcome.won)


class Setup(msgspec.Struct, kw_only=True):
    """Everything `initial` needs; options are already checked and complete.

    `rules_version` is the rules the game is played under: the engine's current
    (`GameInfo.rules_version`) for a new game, the record's for a recorded one
    (`Genesis.setup`), "" when a caller builds a Setup by hand (read it as the
    current). A title that changes behaviour bumps its rules_version and gates the
    change on this (keeping it in the state where `evolve` needs it), so records
    made under earlier rules replay exactly as they were played.
    """

    game: str
    seats: int
    seed: int
    options: dict[str, OptionValue] = {}
    rules_version: str = ""


class Outcome(msgspec.Struct, kw_only=True):
    """Final result. `ranks[seat]` is 1 for the winners (shared victory: several 1s).

    Games subclass it to add their scoring trail (tie-break values, per-card
    points) so the end screen can explain every point.
    """

    scores: list[int]
    ranks: list[int]
    winners: list[int]
    won: bool | None = None  # for solo and co-operative modes: did the table win?


Bot = Callable[["Decider[Any, Any, Any, Any]", Any, int, Rng], Any]


class Decider(Generic[S, M, E, V]):
    """Base class of a rules engine. Subclasses set the class attributes and
    implement the methods that raise NotImplementedError."""

    info: ClassVar[GameInfo]
    state_type: ClassVar[type[Any]]
    move_type: ClassVar[Any]
    event_type: ClassVar[Any]
    view_type: ClassVar[Any]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        """A title (a class that sets `info`) must implement the whole contract:
        a forgotten method is a TypeError when the module is imported, not a
        NotImplementedError in the middle of someone's game. Its GameInfo must
        be consistent too (`solo` exactly when one player may play)."""
        super().__init_subclass__(**kwargs)
        if "info" not in cls.__dict__:
            return
        missing = [name for name in _REQUIRED if getattr(cls, name) is getattr(Decider, name)] + [
            name for name in _TYPES if not hasattr(cls, name)
        ]
        if missing:
            raise TypeError(f"{cls.__name__} does not implement {', '.join(missing)}")
        info = cls.__dict__["info"]
        if info.solo != (info.min_players == 1):
            raise TypeError(f"{cls.__name__}: GameInfo.solo must say whether min_players is 1")

    def initial(self, setup: Setup) -> S:
        raise NotImplementedError

    def decide(self, state: S, seat: int, move: M) -> list[E]:
        raise NotImplementedError

    def evolve(self, state: S, event: E) -> S:
        raise NotImplementedError

    def legal_moves(self, state: S, seat: int) -> list[M]:
        raise NotImplementedError

    def to_move(self, state: S) -> list[int]:
        """Seats that may move now (empty once the game is over)."""
        raise NotImplementedError

    def turn(self, state: S) -> int:
        """A counter that changes whenever the turn passes: the 'friendly' take-back scope."""
        raise NotImplementedError

    def view(self, state: S, seat: int | None) -> V:
        raise NotImplementedError

    def outcome(self, state: S) -> Outcome | None:
        raise NotImplementedError

    def redact(self, event: E, seat: int | None) -> E:
        """The event as `seat` may see it; games with hidden draws override this."""
        return event

    def redact_move(self, move: M, seat: int | None) -> M:
        """The move as `seat` (None: a spectator) may see it, asked for every seat but
        the mover: a move that names something hidden (a face-down discard) is cut
        the way `redact` cuts events. The record commits to the whole move apart, so
        a redacted copy still chains."""
        return move

    def reveals(self, event: E) -> bool:
        """Did this event show something that was hidden (a draw, a flip)?

        Casual and friendly take-backs stop at such an event: undoing it would
        let a player choose again knowing what was revealed.
        """
        return False

    def seat_count(self, state: S) -> int:
        """How many seats the game has (titles whose State has no `seats` override it)."""
        return int(state.seats)  # type: ignore[attr-defined]

    def determinize(self, state: S, seat: int, rng: Rng) -> S:
        """A state `seat` cannot tell apart from `state`: everything hidden from it
        (other hands, deck and bag order, the game's own Rng) re-dealt from `rng`,
        consistently with what it sees. The result must depend only on the seat's
        view and `rng`: the search bot's promise never to peek rests on it. A title
        without it offers no search bot."""
        raise NotImplementedError

    def bots(self) -> Mapping[str, Bot]:
        """Named bots; the kernel adds 'random' for every game."""
        return {}

    def apply(self, state: S, seat: int, move: M) -> tuple[list[E], S]:
        """decide, then fold the events: the step every caller needs."""
        events = self.decide(state, seat, move)
        for event in events:
            state = self.evolve(state, event)
        return events, state

    def setup(self, seats: int, seed: int, options: Mapping[str, OptionValue]) -> Setup:
        """Check seats and options against `info`, fill defaults, build the Setup."""
        info = self.info
        if not info.min_players <= seats <= info.max_players:
            raise SetupError(
                f"{info.id} takes {info.min_players}-{info.max_players} players, not {seats}"
            )
        specs = {spec.name: spec for spec in info.options}
        unknown = sorted(set(options) - set(specs))
        if unknown:
            known = ", ".join(specs) or "none"
            raise SetupError(f"{info.id} has no option {unknown[0]!r} (options: {known})")
        checked = {
            spec.name: spec.check(options[spec.name]) if spec.name in options else spec.default
            for spec in info.options
        }
        if not 0 <= seed < SEED_LIMIT:
            raise SetupError(f"seed must be in 0..2**128-1, got {seed}")
        setup = Setup(
            game=info.id, seats=seats, seed=seed, options=checked, rules_version=info.rules_version
        )
        self.check_setup(setup)
        return setup

    def check_setup(self, setup: Setup) -> None:
        """Raise SetupError for option values that depend on each other or on the
        seat count (each option alone was already checked against its spec)."""


_REQUIRED = ("initial", "decide", "evolve", "legal_moves", "to_move", "turn", "view", "outcome")
_TYPES = ("state_type", "move_type", "event_type", "view_type")


def ensure(condition: bool, code: str, message: str, rule_id: str = "") -> None:
    """Raise IllegalMove unless `condition`: keeps each rule check to one line."""
    if not condition:
        raise IllegalMove(code, message, rule_id)
