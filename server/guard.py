"""The ASGI middleware in front of every HTTP request: who is asking, may they, and
the headers every answer carries.

- **Client address**: the TCP peer, unless that peer is one of the configured
  `trusted_proxies` (addresses or networks); then the right-most address of
  `X-Forwarded-For` that is not itself a trusted proxy. Nothing else is
  believed: a client cannot pick its own address by sending the header.
  (`serve` runs uvicorn with its own proxy-header handling off, so the peer
  the app sees is the real one.)
- **Write rate**: POST/PUT/PATCH/DELETE per client address per minute; over it,
  429 `rate-limited` with `Retry-After`.
- **JSON only**: a write body under `/api/` must be `application/json` (or a
  `+json` type; `POST /api/records` also takes the compact record form,
  `application/vnd.kifu.record`): 415 `unsupported-media-type` otherwise, so a form
  post from another site can never be read as a request. A write without a body (share)
  needs no type.
- **Security headers** (`SECURITY_HEADERS`, added to every answer by the outermost
  layer, logs.RequestLog, and to the HTTP layer's own refusals, slow_clients.py): a
  Content-Security-Policy that lets the PWA run (its own scripts, WebAssembly for
  Pyodide, its worker, same-origin fetches and sockets) and nothing from elsewhere;
  `nosniff`; no framing; no referrer.

The address is left in `scope["state"]["client"]` for the quotas the service
keeps per address.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable

from litestar.types import ASGIApp, Receive, Scope, Send

from core.kernel.compact import MEDIA_TYPE

from .limits import window
from .problems import ApiError, problem_response

CSP = (
    "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; "
    "connect-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; "
    "font-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'self'; "
    "form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS: list[tuple[bytes, bytes]] = [
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"no-referrer"),
    (b"cross-origin-opener-policy", b"same-origin"),
]
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})

Network = ipaddress.IPv4Network | ipaddress.IPv6Network


def networks(specs: Iterable[str]) -> list[Network]:
    """`trusted_proxies` entries as networks ("10.0.0.0/8", "127.0.0.1", "::1")."""
    return [ipaddress.ip_network(spec.strip(), strict=False) for spec in specs if spec.strip()]


def _trusted(address: str, trusted: list[Network]) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return any(ip in net for net in trusted)


def client_address(scope: Scope, trusted: list[Network]) -> str:
    peer = scope.get("client")
    address = peer[0] if peer else "unknown"
    if not trusted or not _trusted(address, trusted):
        return address
    forwarded: list[str] = []
    for name, value in scope["headers"]:
        if name == b"x-forwarded-for":
            forwarded += [part.strip() for part in value.decode("latin-1").split(",")]
    for hop in reversed(forwarded):
        if hop and not _trusted(hop, trusted):
            return hop
    return address


def media_type(content_type: str) -> str:
    """The media type of a Content-Type header, without its parameters."""
    return content_type.split(";", 1)[0].strip().lower()


def _is_json(content_type: str) -> bool:
    media = media_type(content_type)
    return media == "application/json" or (
        media.startswith("application/") and media.endswith("+json")
    )


def _accepted(content_type: str, path: str) -> bool:
    """JSON anywhere; the compact record form where a whole record is uploaded (not a
    CORS-safelisted type either, so a hostile page cannot send it without a preflight)."""
    media = media_type(content_type)
    return _is_json(content_type) or (media == MEDIA_TYPE and path == "/api/records")


class Guard:
    def __init__(
        self,
        app: ASGIApp,
        *,
        rate_limit_per_minute: int,
        trusted_proxies: list[str],
        limits_url: str | None = None,
    ) -> None:
        self.app = app
        self.trusted = networks(trusted_proxies)
        self.writes = window(limits_url, "writes", rate_limit_per_minute, 60.0)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":  # type: ignore[comparison-overlap]
            if scope["type"] == "websocket":  # type: ignore[comparison-overlap]
                scope.setdefault("state", {})["client"] = client_address(scope, self.trusted)  # type: ignore[typeddict-item]
            await self.app(scope, receive, send)
            return
        address = client_address(scope, self.trusted)
        scope.setdefault("state", {})["client"] = address  # type: ignore[typeddict-item]

        refusal = await self._refusal(scope, address)
        if refusal is not None:
            response = problem_response(refusal, scope["state"].get("request_id"))  # type: ignore[typeddict-item]
            await response.to_asgi_response(app=None, request=None)(scope, receive, send)  # type: ignore[arg-type]
            return
        await self.app(scope, receive, send)

    async def _refusal(self, scope: Scope, address: str) -> ApiError | None:
        if scope["method"] not in WRITES:  # type: ignore[typeddict-item]
            return None
        retry = await self.writes.ahit(address)
        if retry is not None:
            return ApiError(
                429,
                "rate-limited",
                "too many writes from this address; retry later",
                headers={"Retry-After": str(retry)},
            )
        if scope["path"].startswith("/api/"):
            headers = dict(scope["headers"])
            content_type = headers.get(b"content-type", b"").decode("latin-1")
            bodiless = headers.get(b"content-length", b"0") == b"0" and (
                b"transfer-encoding" not in headers
            )
            if not _accepted(content_type, scope["path"]) and not (bodiless and not content_type):
                return ApiError(
                    415,
                    "unsupported-media-type",
                    f"request bodies must be application/json, not {content_type or 'untyped'}",
                )
        return None
