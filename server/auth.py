"""Bearer tokens: who a token is on a record. Only sha256 hashes are stored."""

from __future__ import annotations

import hashlib
import hmac
import secrets
from dataclasses import dataclass

from .problems import ApiError
from .store import GameStream


@dataclass(frozen=True)
class Principal:
    role: str  # "seat" | "spectator" | "owner"
    seat: int | None


def token_hash(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def new_token() -> str:
    return secrets.token_urlsafe(24)


def authorize(agg: GameStream, token: str | None) -> Principal:
    """The token's role on this record; 401 without a token or with another's. A token
    granted to a player's device (players.py) has the role granted; a revoked one
    (its device was removed) none, whatever it was."""
    if not token:
        raise ApiError(401, "unauthorized", "a bearer token is required")
    digest = token_hash(token)
    state = agg.__dict__  # a record stored before players has no grants
    revoked = state.get("revoked")
    if revoked and digest in revoked:
        raise ApiError(401, "unauthorized", "this token is not valid for this game")
    for seat, known in enumerate(agg.seat_hashes):
        if known and hmac.compare_digest(known, digest):
            return Principal("seat", seat)
    if agg.spectator_hash and hmac.compare_digest(agg.spectator_hash, digest):
        return Principal("spectator", None)
    if agg.owner_hash and hmac.compare_digest(agg.owner_hash, digest):
        return Principal("owner", None)
    for known, (role, seat, *_) in state.get("grants", {}).items():
        if hmac.compare_digest(known, digest):
            return Principal(role, seat)
    raise ApiError(401, "unauthorized", "this token is not valid for this game")


def seat_of(principal: Principal, claimed: int | None) -> int:
    """The seat a seat token acts for (403 for others, or when it claims another seat)."""
    if principal.role != "seat" or principal.seat is None:
        raise ApiError(403, "forbidden", "only a seat's token may act in this game")
    if claimed is not None and claimed != principal.seat:
        raise ApiError(
            403, "forbidden", f"this token is seat {principal.seat}'s, not seat {claimed}'s"
        )
    return principal.seat
