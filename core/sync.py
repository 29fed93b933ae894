"""Client side of reconciliation (pure: no network). Filled in below."""

from __future__ import annotations

from typing import Any

import msgspec


def dispatch(call: str, args: msgspec.Raw) -> Any:
    raise NotImplementedError(call)
