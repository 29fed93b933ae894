"""A real RFC 8030 push service for the tests, on 127.0.0.1.

It does what a browser vendor's push service and the browser do between them: it
checks each request's VAPID authorization (RFC 8292: an ES256 JWT for this origin,
signed by the key the subscription was made with) and decrypts the aes128gcm payload
(RFC 8291) with the subscription's private key, as the browser would. Each
subscription is made here the way a browser makes one: a P-256 key pair and a 16-byte
auth secret.
"""

from __future__ import annotations

import base64
import json
import os
import threading
import time
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

import http_ece
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import encode_dss_signature


def b64url(data: bytes) -> str:
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def unb64url(text: str) -> bytes:
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


@dataclass
class Subscription:
    name: str
    endpoint: str
    private_key: ec.EllipticCurvePrivateKey
    auth: bytes
    status: int = 201  # what the service answers a push to it (410: gone)

    def json(self, lang: str = "en") -> dict[str, Any]:
        """The browser's PushSubscription.toJSON(), with the app's language."""
        public = self.private_key.public_key().public_bytes(
            serialization.Encoding.X962, serialization.PublicFormat.UncompressedPoint
        )
        return {
            "endpoint": self.endpoint,
            "expirationTime": None,
            "keys": {"p256dh": b64url(public), "auth": b64url(self.auth)},
            "lang": lang,
        }


@dataclass
class Received:
    name: str
    payload: dict[str, Any]
    claims: dict[str, Any]
    key: str  # the VAPID public key the request was signed with
    ttl: int


@dataclass
class PushService:
    """Start with `with PushService() as service:`; `received` fills as pushes arrive."""

    subscriptions: dict[str, Subscription] = field(default_factory=dict)
    received: list[Received] = field(default_factory=list)
    refused: list[str] = field(default_factory=list)  # why a request was turned away

    def __enter__(self) -> PushService:
        service = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
                headers = {name.lower(): value for name, value in self.headers.items()}
                status = service.accept(self.path, headers, body)
                self.send_response(status)
                self.send_header("Content-Length", "0")
                self.end_headers()

            def log_message(self, *args: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.origin = f"http://127.0.0.1:{self.server.server_address[1]}"
        self.thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self.thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.server.shutdown()
        self.server.server_close()

    def subscribe(self, name: str, status: int = 201) -> Subscription:
        sub = Subscription(
            name=name,
            endpoint=f"{self.origin}/push/{name}",
            private_key=ec.generate_private_key(ec.SECP256R1()),
            auth=os.urandom(16),
            status=status,
        )
        self.subscriptions[name] = sub
        return sub

    def of(self, name: str) -> list[dict[str, Any]]:
        return [r.payload for r in self.received if r.name == name]

    def accept(self, path: str, headers: dict[str, str], body: bytes) -> int:
        """A push request (`headers` by lower-case name): its status, as a service's."""
        name = path.rsplit("/", 1)[-1]
        sub = self.subscriptions.get(name)
        if sub is None:
            return 404
        try:
            claims, key = self.check_vapid(headers.get("authorization", ""))
            if headers.get("content-encoding") != "aes128gcm":
                raise ValueError("not aes128gcm")
            plain = http_ece.decrypt(
                body, private_key=sub.private_key, auth_secret=sub.auth, version="aes128gcm"
            )
        except Exception as exc:  # what a real service answers a bad request
            self.refused.append(f"{name}: {exc}")
            return 400 if not isinstance(exc, PermissionError) else 401
        if sub.status < 300:
            ttl = int(headers.get("ttl", "0"))
            self.received.append(Received(name, json.loads(plain), claims, key, ttl))
        return sub.status

    def check_vapid(self, authorization: str) -> tuple[dict[str, Any], str]:
        """RFC 8292's `vapid t=<jwt>, k=<key>`: the JWT is ES256 over the key, for us."""
        scheme, _, params = authorization.partition(" ")
        fields = dict(part.strip().split("=", 1) for part in params.split(","))
        if scheme.lower() != "vapid" or "t" not in fields or "k" not in fields:
            raise PermissionError(f"no VAPID authorization: {authorization!r}")
        head, claims_part, signature = fields["t"].split(".")
        if json.loads(unb64url(head)).get("alg") != "ES256":
            raise PermissionError("the JWT is not ES256")
        public = ec.EllipticCurvePublicKey.from_encoded_point(ec.SECP256R1(), unb64url(fields["k"]))
        raw = unb64url(signature)
        der = encode_dss_signature(int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big"))
        public.verify(der, f"{head}.{claims_part}".encode(), ec.ECDSA(hashes.SHA256()))
        claims = json.loads(unb64url(claims_part))
        if claims.get("aud") != self.origin:
            raise PermissionError(f"the JWT is for {claims.get('aud')!r}, not {self.origin!r}")
        if not time.time() < claims.get("exp", 0) <= time.time() + 24 * 3600:
            raise PermissionError("the JWT has expired or lives too long")
        if not str(claims.get("sub", "")).startswith(("mailto:", "https:")):
            raise PermissionError("the JWT names no contact")
        return claims, fields["k"]
