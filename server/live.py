"""Live updates: `GET /api/games/{id}/live` as a WebSocket.

Each new entry of the game, and the view after it, redacted for the token's seat:
the socket subscribes to the game's channel (calls.py), whose notes hold only the
new seq, and reads the entries from the service. Sockets are capped per client
address and per token (`SocketCount`); a reader too slow to take a message within
SEND_TIMEOUT is dropped.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

import msgspec
from litestar import websocket
from litestar.channels import ChannelsPlugin
from litestar.connection import WebSocket
from litestar.exceptions import WebSocketDisconnect
from litestar.params import FromPath

from .auth import Principal
from .calls import channel, client_of, run, service_of
from .problems import ApiError
from .service import Service

log = logging.getLogger("kifu.server")
SEND_TIMEOUT = 10.0  # seconds a live socket may take to accept one message


class SocketCount:
    """Open live sockets per client address and per token (this process)."""

    def __init__(self, per_address: int, per_token: int) -> None:
        self.limits = {"address": per_address, "token": per_token}
        self.open: dict[tuple[str, str], int] = {}

    def admit(self, address: str, token: str) -> list[tuple[str, str]] | None:
        keys = [("address", address), ("token", token)]
        if any(self.open.get(key, 0) >= self.limits[key[0]] for key in keys):
            return None
        for key in keys:
            self.open[key] = self.open.get(key, 0) + 1
        return keys

    def release(self, keys: list[tuple[str, str]]) -> None:
        for key in keys:
            self.open[key] -= 1
            if not self.open[key]:
                del self.open[key]


def table_ring(seat: int) -> bytes:
    """The channel message that makes each socket of the table but `seat`'s own say
    "table" (a seat came or went: the others fetch the view)."""
    return msgspec.json.encode({"seq": 0, "table": True, "seat": seat})


async def send_or_drop(socket: WebSocket[Any, Any, Any], message: bytes) -> None:
    """Send, or give up on a reader too slow to take it (its buffers are full)."""
    await asyncio.wait_for(socket.send_data(message.decode()), SEND_TIMEOUT)


@websocket("/api/games/{game_id:str}/live")
async def live(socket: WebSocket[Any, Any, Any], game_id: FromPath[str]) -> None:
    """Each new entry and the view after it, redacted for the token's seat."""
    svc = service_of(socket)
    token = socket.query_params.get("token") or ""
    try:
        since = int(socket.query_params.get("since", "0"))
    except ValueError:
        since = 0
    await socket.accept()
    sockets: SocketCount = socket.app.state.sockets
    admitted = sockets.admit(client_of(socket), token)
    if admitted is None:
        await socket.close(code=4429, reason="too many live sockets")
        return
    try:
        await follow(socket, svc, game_id, token, since)
    finally:
        sockets.release(admitted)
        with contextlib.suppress(Exception):
            await socket.close()


async def still_valid(svc: Service, game_id: str, token: str) -> bool:
    """Whether the socket's token is still taken by its game (a removed device's is not)."""
    try:
        await run(svc.hosted.principal, game_id, token)
    except ApiError as exc:
        if exc.status == 401:
            return False
        raise
    return True


async def follow(
    socket: WebSocket[Any, Any, Any], svc: Service, game_id: str, token: str, since: int
) -> None:
    try:
        who: Principal = await run(svc.hosted.principal, game_id, token)
    except Exception as exc:
        status = getattr(exc, "status", 500)
        await socket.close(code=4404 if status == 404 else 4401, reason=str(exc)[:100])
        return
    updates = svc.updates
    channels = socket.app.plugins.get(ChannelsPlugin)
    async with channels.start_subscription([channel(game_id)]) as subscriber:
        hello, last = await run(updates.hello, game_id, who, since)
        await send_or_drop(socket, hello)
        if who.seat is not None:  # the table sees this seat come (and go, below)
            svc.hosted.presence.join(game_id, who.seat)
            await channels.wait_published(table_ring(who.seat), [channel(game_id)])

        async def pump() -> None:
            nonlocal last
            async for raw in subscriber.iter_events():
                try:
                    rung = msgspec.json.decode(raw)
                    known = int(rung["seq"])
                except Exception:
                    rung, known = {}, None
                if rung.get("table") and rung.get("seat", -1) == who.seat:
                    continue  # its own coming or going
                if not await still_valid(svc, game_id, token):
                    # its device was removed meanwhile (players.py): nothing more for it
                    await socket.close(code=4401, reason="this token is no longer valid")
                    return
                if rung.get("table"):  # a take-back ask, an answer, a seat came or went
                    await send_or_drop(socket, b'{"type":"table"}')
                    continue
                if known is not None and known <= last:
                    continue
                ready = updates.ready(game_id, who, last, known)
                if ready is None:
                    messages, last = await run(updates.since, game_id, who, last, known)
                else:
                    messages, last = ready, last + len(ready)
                for message in messages:
                    await send_or_drop(socket, message)

        async def listen() -> None:
            while True:
                data = await socket.receive_data(mode="text")
                with contextlib.suppress(Exception):
                    if msgspec.json.decode(data).get("type") == "ping":
                        await send_or_drop(socket, b'{"type":"pong"}')

        tasks = [asyncio.create_task(pump()), asyncio.create_task(listen())]
        try:
            done, _ = await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
            for task in done:
                error = task.exception()
                if error is not None and not isinstance(error, WebSocketDisconnect):
                    log.info("live socket ended", extra={"fields": {"error": repr(error)}})
        finally:
            for task in tasks:
                task.cancel()
            with contextlib.suppress(Exception):
                await asyncio.gather(*tasks, return_exceptions=True)
            if who.seat is not None:
                svc.hosted.presence.leave(game_id, who.seat)
                with contextlib.suppress(Exception):
                    channels.publish(table_ring(who.seat), [channel(game_id)])
