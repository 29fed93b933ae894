"""Moves and events as short positional arrays, for the compact record (compact.py).

A title's moves and events are msgspec structs encoded as maps: every field name and
every tag is spelled out in every entry, and strings ("tile-placed", "orange") were
most of a record's bytes. Packed, a struct is ``[schema, value, ...]`` where
`schema` indexes a table of ``[tag, tag_field, [field names]]`` that travels with the
record, and every value a title's types declare as a string (a `str`, a string
`Literal`, a dict's string keys) is an index into the record's string table. Both
tables grow as entries are packed, so a chunk of entries carries only what is new.

The field names in the schema table, not the struct definitions of the day, say
which value is which: a title may add fields with defaults (trailing fields equal to
their default are left out) or reorder them and its old records still read. Packing
is driven by the declared types (`msgspec.inspect`), so a title needs no code for it;
a type it cannot pack positionally (a union of a struct with a list, say) is kept as
msgspec's plain builtins, which is always correct, only less compact.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import msgspec
from msgspec import inspect as mi

Encode = Callable[[Any, "Tables"], Any]
Decode = Callable[[Any, "Tables"], Any]


class Tables:
    """The string, schema and device tables of one stream of packed entries, and
    each device's last move id.

    Packing adds what it meets first to `new` lists, which the caller writes with the
    chunk (`take_new`); unpacking a chunk first extends the tables with its additions.
    """

    def __init__(self) -> None:
        self.strings: list[str] = []
        self.schemas: list[list[Any]] = []
        self.devices: list[str] = []
        # per schema, each struct codec's way of reading it (`_StructCodec.plan`)
        self.plans: list[dict[Any, Any]] = []
        self._string_index: dict[str, int] = {}
        self._schema_index: dict[tuple[Any, ...], int] = {}
        self._device_index: dict[str, int] = {}
        self._new: tuple[int, int, int] = (0, 0, 0)
        # per device index, the last of its move ids that are 16 hex digits, as a number
        # (compact.py stores the id after it, its next count, as nil)
        self.last_ids: dict[int, int] = {}

    def string(self, value: str) -> int:
        index = self._string_index.get(value)
        if index is None:
            index = self._string_index[value] = len(self.strings)
            self.strings.append(value)
        return index

    def schema(self, key: tuple[Any, ...]) -> int:
        index = self._schema_index.get(key)
        if index is None:
            index = self._schema_index[key] = len(self.schemas)
            self.schemas.append([key[0], key[1], list(key[2:])])
            self.plans.append({})
        return index

    def device(self, value: str) -> int:
        index = self._device_index.get(value)
        if index is None:
            index = self._device_index[value] = len(self.devices)
            self.devices.append(value)
        return index

    def take_new(self) -> list[list[Any]]:
        """What the tables gained since the last call: [strings, schemas, devices]."""
        s, c, d = self._new
        self._new = (len(self.strings), len(self.schemas), len(self.devices))
        return [self.strings[s:], self.schemas[c:], self.devices[d:]]

    def add(self, new: list[list[Any]]) -> None:
        """Extend the tables with a chunk's additions (the reverse of `take_new`)."""
        strings, schemas, devices = new
        for value in strings:
            self.string(value)
        for tag, tag_field, names in schemas:
            self.schema((tag, tag_field, *names))
        for value in devices:
            self.device(value)
        self._new = (len(self.strings), len(self.schemas), len(self.devices))


def _passthrough() -> tuple[Encode, Decode]:
    return (lambda value, _: msgspec.to_builtins(value)), _same


def _same(value: Any, _: Tables) -> Any:
    return value


SCALARS = (mi.IntType, mi.BoolType, mi.FloatType, mi.NoneType)


def _string() -> tuple[Encode, Decode]:
    return (lambda value, t: t.string(value)), (lambda value, t: t.strings[value])


def _optional(inner: tuple[Encode, Decode]) -> tuple[Encode, Decode]:
    enc, dec = inner

    def encode(value: Any, t: Tables) -> Any:
        return None if value is None else enc(value, t)

    def decode(value: Any, t: Tables) -> Any:
        return None if value is None else dec(value, t)

    return encode, decode


class _Compiler:
    """Builds one (encode, decode) pair per declared type, structs memoized (and so
    recursive structs terminate)."""

    def __init__(self) -> None:
        self.structs: dict[type, _StructCodec] = {}

    def codec(self, info: mi.Type) -> tuple[Encode, Decode]:
        if isinstance(info, mi.StrType) or (
            isinstance(info, mi.LiteralType) and all(isinstance(v, str) for v in info.values)
        ):
            return _string()
        if isinstance(info, SCALARS):
            return _same, _same
        if isinstance(info, mi.StructType):
            struct = self.struct(info)
            return struct.encode, struct.decode
        if isinstance(info, (mi.ListType, mi.VarTupleType)):
            return self.sequence(self.codec(info.item_type))
        if isinstance(info, mi.TupleType):
            return self.fixed(tuple(self.codec(item) for item in info.item_types))
        if isinstance(info, mi.DictType):
            return self.mapping(self.codec(info.key_type), self.codec(info.value_type))
        if isinstance(info, mi.UnionType):
            return self.union(info)
        return _passthrough()

    def struct(self, info: mi.StructType) -> _StructCodec:
        codec = self.structs.get(info.cls)
        if codec is None:
            codec = self.structs[info.cls] = _StructCodec(info)
            codec.fields = [(f, self.codec(f.type)) for f in info.fields]
            codec.by_name = {f.encode_name: c for f, c in codec.fields}
        return codec

    @staticmethod
    def sequence(item: tuple[Encode, Decode]) -> tuple[Encode, Decode]:
        enc, dec = item
        return (
            lambda value, t: [enc(x, t) for x in value],
            lambda value, t: [dec(x, t) for x in value],
        )

    @staticmethod
    def fixed(items: tuple[tuple[Encode, Decode], ...]) -> tuple[Encode, Decode]:
        return (
            lambda value, t: [c[0](x, t) for c, x in zip(items, value, strict=True)],
            lambda value, t: [c[1](x, t) for c, x in zip(items, value, strict=True)],
        )

    @staticmethod
    def mapping(key: tuple[Encode, Decode], item: tuple[Encode, Decode]) -> tuple[Encode, Decode]:
        kenc, kdec = key
        venc, vdec = item
        return (
            lambda value, t: {kenc(k, t): venc(v, t) for k, v in value.items()},
            lambda value, t: {kdec(k, t): vdec(v, t) for k, v in value.items()},
        )

    def union(self, info: mi.UnionType) -> tuple[Encode, Decode]:
        members = [m for m in info.types if not isinstance(m, mi.NoneType)]
        optional = len(members) < len(info.types)
        if len(members) == 1:
            inner = self.codec(members[0])
            return _optional(inner) if optional else inner
        if not all(isinstance(m, mi.StructType) and m.tag is not None for m in members):
            return _passthrough()
        tagged = {m.tag: self.struct(m) for m in members if isinstance(m, mi.StructType)}

        def encode(value: Any, t: Tables) -> Any:
            return None if value is None else self.structs[type(value)].encode(value, t)

        def decode(value: Any, t: Tables) -> Any:
            if value is None:
                return None
            tag = t.schemas[value[0]][0]
            member = tagged.get(tag)
            if member is None:
                raise msgspec.ValidationError(f"unknown tag {tag!r}")
            return member.decode(value, t)

        return encode, decode


class _StructCodec:
    """One struct type: [schema index, field values...] with trailing defaults left out."""

    def __init__(self, info: mi.StructType) -> None:
        self.info = info
        self.tag = info.tag
        self.tag_field = info.tag_field
        self.fields: list[tuple[mi.Field, tuple[Encode, Decode]]] = []
        self.by_name: dict[str, tuple[Encode, Decode]] = {}
        names = [f.encode_name for f in info.fields]
        self.key = (info.tag, info.tag_field, *names)

    def encode(self, value: Any, t: Tables) -> list[Any]:
        values = [getattr(value, f.name) for f, _ in self.fields]
        keep = len(values)
        while keep and self._is_default(keep - 1, values[keep - 1]):
            keep -= 1
        out: list[Any] = [t.schema(self.key)]
        for (_, (enc, _)), field_value in zip(self.fields[:keep], values, strict=False):
            out.append(enc(field_value, t))
        return out

    def _is_default(self, index: int, value: Any) -> bool:
        field = self.fields[index][0]
        if field.default is not msgspec.NODEFAULT:
            return bool(value == field.default)
        if field.default_factory is not msgspec.NODEFAULT:
            return bool(value == field.default_factory())
        return False

    def decode(self, value: list[Any], t: Tables) -> dict[str, Any]:
        """The struct as the dict msgspec.convert takes (its tag included)."""
        plans = t.plans[value[0]]
        plan = plans.get(self)
        if plan is None:
            plan = plans[self] = self.plan(t.schemas[value[0]])
        head, fields = plan
        out = dict(head)
        for (name, decode), field_value in zip(fields, value[1:], strict=False):
            out[name] = field_value if decode is None else decode(field_value, t)
        return out

    def plan(self, schema: list[Any]) -> tuple[dict[str, Any], list[tuple[str, Decode | None]]]:
        """How this struct reads a schema: its tag, and per field the decoder (None
        where the value is taken as it is: a scalar, or a field it no longer has).
        Made once per schema of a record, not looked up again for every value."""
        tag, tag_field, names = schema
        head = {} if tag is None else {tag_field: tag}
        fields = []
        for name in names:
            codec = self.by_name.get(name)
            decode = None if codec is None or codec[1] is _same else codec[1]
            fields.append((name, decode))
        return head, fields


class Packer:
    """Packs and unpacks values of one declared type (a title's move or event type)."""

    def __init__(self, declared: Any) -> None:
        self.type = declared
        self._encode, self._decode = _Compiler().codec(mi.type_info(declared))
        # msgspec.convert recompiles a generic or union type on every call (~100 us);
        # a typed decoder is compiled once, and re-encoding the builtins is cheap
        self._typed = msgspec.msgpack.Decoder(declared)
        self._builtins = msgspec.msgpack.Encoder()

    def pack(self, value: Any, tables: Tables) -> Any:
        return self._encode(value, tables)

    def unpack(self, packed: Any, tables: Tables) -> Any:
        """The typed value; msgspec.ValidationError (or IndexError, KeyError, TypeError
        on a malformed array) when `packed` is not one."""
        return self._typed.decode(self._builtins.encode(self._decode(packed, tables)))
