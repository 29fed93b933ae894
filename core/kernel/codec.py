"""Records as bytes: JSON, msgpack (the record's own shape) and the compact form.

Reading msgpack also reads the compact form (compact.py), which is an array where a
record is a map, so every caller that opens msgpack records opens compact ones too.
A genesis seed above 2**64 - 1 (every new game's: 128 bits), which no msgpack int
holds, is written in msgpack as its big-endian bytes, as the compact form writes it
(`genesis_builtins`); JSON holds it as the number it is.
"""

from __future__ import annotations

from typing import Any, Literal

import msgspec

from .compact import compact_game, decode_compact, encode_compact, is_compact
from .contract import Decider
from .errors import RecordError
from .record import RECORD_FORMAT, Record, genesis_builtins, genesis_of_builtins

Format = Literal["json", "msgpack", "compact"]


class _Header(msgspec.Struct):
    genesis: _GameOnly


class _GameOnly(msgspec.Struct):
    game: str


def record_game(data: bytes, fmt: Format = "json") -> str:
    """The game id of an encoded record, read before its typed decode."""
    if fmt != "json" and is_compact(data):
        return compact_game(data)
    decode = msgspec.json.decode if fmt == "json" else msgspec.msgpack.decode
    try:
        header = decode(data, type=_Header)
    except msgspec.DecodeError as exc:
        raise RecordError(f"not a Kifu record: {exc}") from None
    return header.genesis.game


def record_type(game: Decider[Any, Any, Any, Any]) -> Any:
    """Record[Move, Event] for this game: the type to decode its records as."""
    return Record[game.move_type, game.event_type]  # type: ignore[name-defined]


def decode_record(data: bytes, game: Decider[Any, Any, Any, Any], fmt: Format = "json") -> Any:
    """A typed record of `game`; RecordError (one line) if it does not decode.

    "msgpack" and "compact" read either (the compact form is told by its first byte).
    """
    if fmt != "json" and is_compact(data):
        record = decode_compact(data, game)
    else:
        decode = msgspec.json.decode if fmt == "json" else msgspec.msgpack.decode
        try:
            try:
                record = decode(data, type=record_type(game))
            except msgspec.ValidationError:
                if fmt == "json":
                    raise
                record = _with_bytes_seed(data, game)
        except (msgspec.DecodeError, ValueError) as exc:
            raise RecordError(f"not a valid {game.info.id} record: {exc}") from None
    if record.genesis.game != game.info.id:
        raise RecordError(f"record is for {record.genesis.game!r}, not {game.info.id!r}")
    if record.format > RECORD_FORMAT:
        raise RecordError(
            f"record format {record.format} is newer than this Kifu reads ({RECORD_FORMAT})"
        )
    return record


def encode_record(
    record: Record[Any, Any],
    fmt: Format = "json",
    game: Decider[Any, Any, Any, Any] | None = None,
) -> bytes:
    """The record as bytes; the compact form needs its `game` (to pack its moves)."""
    if fmt == "compact":
        if game is None:
            raise TypeError("the compact form needs the record's game")
        return encode_compact(game, record)
    if fmt == "json":
        return msgspec.json.encode(record)
    seed = genesis_builtins(record.genesis)["seed"]
    if isinstance(seed, bytes):  # msgspec writes what a field holds: here the bytes
        record = msgspec.structs.replace(
            record, genesis=msgspec.structs.replace(record.genesis, seed=seed)
        )
    return msgspec.msgpack.encode(record)


def _with_bytes_seed(data: bytes, game: Decider[Any, Any, Any, Any]) -> Any:
    """A msgpack record whose genesis seed is bytes (`encode_record`), typed; the
    ValidationError of the typed decode again when its seed is not the trouble."""
    raw = msgspec.msgpack.decode(data)
    genesis = raw.get("genesis") if isinstance(raw, dict) else None
    if not isinstance(genesis, dict) or not isinstance(genesis.get("seed"), bytes):
        return msgspec.msgpack.decode(data, type=record_type(game))
    raw["genesis"] = msgspec.to_builtins(genesis_of_builtins(genesis))
    return msgspec.convert(raw, record_type(game))
