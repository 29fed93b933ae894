"""The `kifu` command line: make, play, replay, verify and repro game records.

argparse rather than Typer or Click: the CLI ships beside a core that depends on
msgspec only, and a dozen subcommands do not need a framework. Every failure is
one line on stderr and a non-zero exit; a record file is only ever replaced
whole (write to a temporary file, then rename), after the change succeeded.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import secrets
import sys
import tempfile
import time
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import msgspec

from core import games
from core.kernel import (
    TAKEBACK_POLICIES,
    Attempt,
    KifuError,
    Rng,
    Timeline,
    bots_of,
    digest,
    encode_record,
    make_report,
    new_record,
    play_bots,
    report_type,
    reproduce,
    verify,
)
from core.kernel.codec import Format
from core.kernel.compact import counted_ids

EXTRA_GAMES_ENV = "KIFU_EXTRA_GAMES"


class CliError(Exception):
    """A problem with the command line or a file, reported as one line."""


# -- files -----------------------------------------------------------------


def _format_of(path: Path) -> Format:
    """`.kifu`: the compact form; `.msgpack`: the record as msgpack; else JSON."""
    return {".kifu": "compact", ".msgpack": "msgpack"}.get(path.suffix, "json")  # type: ignore[return-value]


def load_record(path: Path) -> tuple[Any, Any]:
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror}") from None
    return games.load_record(data, _format_of(path))


def save_record(path: Path, record: Any) -> None:
    game = games.get(record.genesis.game)
    write_atomically(path, encode_record(record, _format_of(path), game))


def write_atomically(path: Path, data: bytes) -> None:
    """Replace `path` whole or not at all."""
    handle, temporary = tempfile.mkstemp(dir=path.parent or Path("."), prefix=f".{path.name}.")
    try:
        with os.fdopen(handle, "wb") as out:
            out.write(data)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def _now_ms() -> int:
    return int(time.time() * 1000)


def _new_id() -> str:
    return str(uuid.uuid4())


_move_ids = counted_ids(secrets.randbits(64))


def _new_move_id() -> str:
    """A move id as the PWA makes them: 16 hex digits counting up from a random start
    (the compact record stores each one after the first as one byte)."""
    return next(_move_ids)


def _print_json(obj: Any) -> None:
    print(json.dumps(msgspec.to_builtins(obj), ensure_ascii=False, indent=2))


# -- commands --------------------------------------------------------------


def cmd_games(_: argparse.Namespace) -> int:
    for info in games.catalogue():
        players = f"{info.min_players}-{info.max_players}"
        print(f"{info.id:24s} {players:5s} {info.title_en} / {info.title_ja}")
        for option in info.options:
            print(f"    --option {option.name}={option.default!s:10s} {option.label_en}")
    return 0


def parse_option(text: str) -> tuple[str, bool | int | str]:
    """NAME=VALUE as typed in --option: true/false a bool, digits an int, else text."""
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise CliError(f"--option takes NAME=VALUE, not {text!r}")
    value: bool | int | str = raw
    if raw.lower() in {"true", "false"}:
        value = raw.lower() == "true"
    elif raw.lstrip("-").isdigit():
        value = int(raw)
    return name, value


def cmd_new(args: argparse.Namespace) -> int:
    game = games.get(args.game)
    options = dict(parse_option(text) for text in args.option)
    seed = args.seed if args.seed is not None else secrets.randbits(128)
    record = new_record(
        game,
        record_id=_new_id(),
        seats=args.players,
        seed=seed,
        options=options,
        takeback=args.takeback,
        created_at=_now_ms(),
    )
    path = Path(args.output or f"{args.game}-{seed}.kifu.json")
    if path.exists() and not args.force:
        raise CliError(f"{path} exists (use --force to replace it)")
    save_record(path, record)
    print(path)
    return 0


def cmd_bot(args: argparse.Namespace) -> int:
    path = Path(args.record)
    game, record = load_record(path)
    timeline = Timeline(game, record)
    available = bots_of(game)
    if args.bot not in available:
        raise CliError(f"{game.info.id} has no bot {args.bot!r} (bots: {', '.join(available)})")
    seats = args.seats if args.seats is not None else list(range(record.genesis.seats))
    bot_seed = args.bot_seed if args.bot_seed is not None else timeline.seq
    made = play_bots(
        timeline,
        dict.fromkeys(seats, available[args.bot]),
        Rng.seeded(bot_seed, stream=99),
        max_entries=timeline.seq + args.max_moves,
        move_id=lambda _: _new_move_id(),
        at=_now_ms(),
    )
    save_record(path, timeline.record)
    outcome = game.outcome(timeline.state)
    print(f"{made} moves; " + (_describe_outcome(outcome) if outcome else "game goes on"))
    return 0


def _describe_outcome(outcome: Any) -> str:
    """The result in one line; a solo or co-operative game says whether the table won
    (its one seat always "wins" the ranking, even when it lost to the rules)."""
    if outcome.won is not None:
        return f"game over: {'won' if outcome.won else 'lost'}, scores {outcome.scores}"
    return f"game over: winners {outcome.winners}, scores {outcome.scores}"


def cmd_replay(args: argparse.Namespace) -> int:
    game, record = load_record(Path(args.record))
    timeline = Timeline(game, record)
    seq = timeline.seq if args.at is None else args.at
    state = timeline.state_at(seq)
    print(f"seq {seq} of {timeline.seq}, state {digest(state)[:16]}, {_rules(game, record)}")
    _print_json(game.view(state, args.seat))
    outcome = game.outcome(state)
    if outcome is not None:
        print(_describe_outcome(outcome))
    return 0


def cmd_verify(args: argparse.Namespace) -> int:
    game, record = load_record(Path(args.record))
    divergence = verify(game, record)
    if divergence is None:
        print(f"ok: {len(record.entries)} entries verify ({_rules(game, record)})")
        return 0
    if divergence.kind == "rules-changed":  # the record is fine: the rules moved on
        print(f"rules changed: {divergence.message}")
        return 0
    print(f"kifu: seq {divergence.seq}: {divergence.message}", file=sys.stderr)
    if divergence.expected_hash:
        print(f"  expected state {divergence.expected_hash}", file=sys.stderr)
        print(f"  actual state   {divergence.actual_hash}", file=sys.stderr)
    if divergence.expected_events is not None:
        print(f"  stored events  {_compact(divergence.expected_events)}", file=sys.stderr)
        print(f"  engine events  {_compact(divergence.actual_events)}", file=sys.stderr)
    return 1


def _rules(game: Any, record: Any) -> str:
    """The rules a record was played under, and this engine's when they differ."""
    recorded, current = record.genesis.rules_version, game.info.rules_version
    label = f"{game.info.id} rules {recorded}"
    return label if recorded == current else f"{label}; this engine has rules {current}"


def _compact(obj: Any) -> str:
    return msgspec.json.encode(obj).decode()


def cmd_report(args: argparse.Namespace) -> int:
    game, record = load_record(Path(args.record))
    attempt = None
    if args.move is not None:
        move = _decode_move(game, args.move)
        attempt = Attempt(seat=args.seat, move=move)
    report = make_report(game, record, attempt=attempt, note=args.note, created_at=_now_ms())
    out = Path(args.output or f"{Path(args.record).name}.report.json")
    write_atomically(out, msgspec.json.encode(report))
    print(f"{out}: {report.error}")
    return 0


def cmd_repro(args: argparse.Namespace) -> int:
    path = Path(args.report)
    try:
        data = path.read_bytes()
        game_id = msgspec.json.decode(data, type=_ReportHeader).game
    except OSError as exc:
        raise CliError(f"cannot read {path}: {exc.strerror}") from None
    except msgspec.DecodeError as exc:
        raise CliError(f"{path} is not a Kifu bug report: {exc}") from None
    game = games.get(game_id)
    try:
        report = msgspec.json.decode(data, type=report_type(game))
    except msgspec.DecodeError as exc:
        raise CliError(f"{path} is not a valid {game_id} bug report: {exc}") from None
    result = reproduce(game, report)
    print(f"engine {result.engine_version} (report made with {report.engine_version})")
    print(f"reported: {result.reported}")
    print(f"observed: {result.observed}")
    print("reproduced" if result.reproduced else "NOT reproduced")
    if args.at is not None:
        timeline = Timeline(game, report.record)
        _print_json(game.view(timeline.state_at(args.at), args.seat))
    return 0 if result.reproduced else 1


class _ReportHeader(msgspec.Struct):
    game: str


def _decode_move(game: Any, text: str) -> Any:
    try:
        return msgspec.json.decode(text, type=game.move_type)
    except msgspec.DecodeError as exc:
        raise CliError(f"not a {game.info.id} move: {exc}") from None


def cmd_play(args: argparse.Namespace) -> int:
    path = Path(args.record)
    game, record = load_record(path)
    timeline = Timeline(game, record)
    return PlayLoop(game, timeline, path, input, print).run()


class PlayLoop:
    """Terminal play: show the view, number the legal moves, read a choice."""

    def __init__(
        self,
        game: Any,
        timeline: Timeline[Any, Any, Any],
        path: Path,
        read: Callable[[str], str],
        write: Callable[[str], None],
    ) -> None:
        self.game, self.timeline, self.path = game, timeline, path
        self.read, self.write = read, write

    def run(self) -> int:
        while True:
            seats = self.timeline.to_move()
            if not seats:
                self.write(_describe_outcome(self.game.outcome(self.timeline.state)))
                return 0
            seat = seats[0]
            moves = self.timeline.legal_moves(seat)
            self.write(_compact(self.game.view(self.timeline.state, seat)))
            for number, move in enumerate(moves, 1):
                self.write(f"  {number:3d}. {_compact(move)}")
            try:
                answer = self.read(f"seat {seat} [1-{len(moves)}, JSON move, undo, quit]> ")
            except EOFError:
                return 0
            if not self._handle(seat, moves, answer.strip()):
                return 0

    def _handle(self, seat: int, moves: Sequence[Any], answer: str) -> bool:
        if answer in {"quit", "q"}:
            return False
        try:
            if answer == "undo":
                self.timeline.take_back(seat, move_id=_new_move_id(), at=_now_ms())
            else:
                if answer.isdigit() and 1 <= int(answer) <= len(moves):
                    move = moves[int(answer) - 1]
                else:
                    move = _decode_move(self.game, answer)
                self.timeline.play(seat, move, move_id=_new_move_id(), at=_now_ms())
        except (KifuError, CliError) as exc:
            self.write(f"! {exc}")
            return True
        save_record(self.path, self.timeline.record)
        return True


def cmd_serve(args: argparse.Namespace) -> int:
    from server.main import serve

    serve(
        host=args.host,
        port=args.port,
        data_dir=args.data_dir,
        database_url=args.database_url,
        workers=args.workers,
    )
    return 0


# -- wiring ----------------------------------------------------------------


def _register_extra_games() -> None:
    """Engines outside core (the kernel's fixture game in tests) named by an env var."""
    for module_name in filter(None, os.environ.get(EXTRA_GAMES_ENV, "").split(",")):
        games.register(importlib.import_module(module_name.strip()).GAME)


def _seat_list(text: str) -> list[int]:
    try:
        return [int(part) for part in text.split(",")]
    except ValueError:
        raise argparse.ArgumentTypeError(f"seats are numbers like 0,2, not {text!r}") from None


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="kifu", description=__doc__.splitlines()[0])
    sub = parser.add_subparsers(dest="command", required=True)

    sub.add_parser("games", help="list the games").set_defaults(func=cmd_games)

    new = sub.add_parser("new", help="start a game record")
    new.add_argument("game")
    new.add_argument("--players", type=int, required=True)
    new.add_argument("--seed", type=int, help="deal seed (random if left out)")
    new.add_argument("--option", action="append", default=[], metavar="NAME=VALUE")
    new.add_argument("--takeback", choices=TAKEBACK_POLICIES, default="casual")
    new.add_argument("-o", "--output", help="record file (.kifu.json or .kifu.msgpack)")
    new.add_argument("--force", action="store_true", help="replace an existing file")
    new.set_defaults(func=cmd_new)

    play = sub.add_parser("play", help="play in the terminal")
    play.add_argument("record")
    play.set_defaults(func=cmd_play)

    bot = sub.add_parser("bot", help="let bots play on")
    bot.add_argument("record")
    bot.add_argument("--bot", default="random")
    bot.add_argument("--seats", type=_seat_list, help="bot seats, e.g. 1,2 (default: all)")
    bot.add_argument("--max-moves", type=int, default=100_000)
    bot.add_argument("--bot-seed", type=int)
    bot.set_defaults(func=cmd_bot)

    replay = sub.add_parser("replay", help="show the game at a point of its history")
    replay.add_argument("record")
    replay.add_argument("--at", type=int, help="seq (default: the last)")
    replay.add_argument("--seat", type=int, help="whose view (default: spectator)")
    replay.set_defaults(func=cmd_replay)

    ver = sub.add_parser("verify", help="re-run every move and compare")
    ver.add_argument("record")
    ver.set_defaults(func=cmd_verify)

    report = sub.add_parser("report", help="package a record (and a failing move) as a report")
    report.add_argument("record")
    report.add_argument("--seat", type=int, default=0)
    report.add_argument("--move", help="the move that failed, as JSON")
    report.add_argument("--note", default="")
    report.add_argument("-o", "--output")
    report.set_defaults(func=cmd_report)

    repro = sub.add_parser("repro", help="re-execute a bug report")
    repro.add_argument("report")
    repro.add_argument("--at", type=int, help="also print the view at this seq")
    repro.add_argument("--seat", type=int)
    repro.set_defaults(func=cmd_repro)

    serve = sub.add_parser("serve", help="run the server and the PWA")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--data-dir", default="data")
    serve.add_argument("--database-url", default=os.environ.get("KIFU_DATABASE_URL"))
    serve.add_argument("--workers", type=int, default=1)
    serve.set_defaults(func=cmd_serve)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        _register_extra_games()
        result: int = args.func(args)
    except (KifuError, CliError) as exc:
        print(f"kifu: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
    return result


if __name__ == "__main__":
    sys.exit(main())
