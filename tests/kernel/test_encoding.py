"""Canonical encoding: the bytes behind every state hash."""

from __future__ import annotations

import msgspec

from core.kernel import canonical, clone, digest


class Inner(msgspec.Struct):
    values: list[int]
    names: dict[str, int]


def test_dict_keys_are_sorted_so_insertion_order_does_not_matter() -> None:
    a = Inner([1], {"b": 1, "a": 2})
    b = Inner([1], {"a": 2, "b": 1})
    assert canonical(a) == canonical(b) == b'{"values":[1],"names":{"a":2,"b":1}}'
    assert digest(a) == digest(b)


def test_digest_is_sha256_of_the_canonical_json_and_pinned() -> None:
    import hashlib

    assert canonical([1, "x", None]) == b'[1,"x",null]'
    assert digest([1, "x", None]) == hashlib.sha256(b'[1,"x",null]').hexdigest()
    assert digest([1, "x", None]) == (
        "c3462050a94ca819b16ded452c5ac9dc70605f7e5c841ab7bff396cf60e2cc67"
    )


def test_clone_is_deep() -> None:
    original = Inner([1, 2], {"a": 1})
    copy = clone(original)
    copy.values.append(3)
    copy.names["b"] = 2
    assert original == Inner([1, 2], {"a": 1})
    assert copy == Inner([1, 2, 3], {"a": 1, "b": 2})
