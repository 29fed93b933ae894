"""The Litestar application: routes, static files, middleware.

`create_app(settings)` builds it; `create_app_from_env()` is the uvicorn factory
(`uvicorn --factory server.app:create_app_from_env`, settings from `KIFU_*`
variables, see settings.py). The handlers are thin: they take the bearer token
and the body, call `Service` (service.py) in a worker thread (a quick request
on SQLite runs on the event loop; calls.py), and publish a "record changed" note
on the game's channel after each new entry. The note holds only the new seq:
every subscribed WebSocket (live.py), in whichever server process, reads the
entry from its own cache or the database and redacts it for its seat.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import signal
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Annotated, Any

import msgspec
from litestar import Litestar, Request, Response, delete, get, post, put
from litestar.channels import ChannelsPlugin
from litestar.channels.backends.base import ChannelsBackend
from litestar.channels.backends.memory import MemoryChannelsBackend
from litestar.config.compression import CompressionConfig
from litestar.config.cors import CORSConfig
from litestar.datastructures import State
from litestar.middleware import DefineMiddleware
from litestar.openapi.config import OpenAPIConfig
from litestar.openapi.plugins import JsonRenderPlugin, RedocRenderPlugin, SwaggerRenderPlugin
from litestar.openapi.spec import Components, SecurityScheme
from litestar.params import FromPath, JSONBody, QueryParameter

from core.kernel.compact import MEDIA_TYPE

from . import schemas as s
from .calls import bearer, channel, client_of, publish, run, run_heavy, run_quick, service_of
from .clock import TableClock
from .guard import SECURITY_HEADERS, Guard, media_type
from .hosted import now_ms
from .live import SocketCount, live
from .logs import RequestLog, configure_logging
from .orphans import die_with_parent
from .problems import EXCEPTION_HANDLERS
from .service import VERSION, Service
from .settings import Settings
from .static import SKIP_COMPRESSION, static_folder
from .store import open_store, postgres_dsn

log = logging.getLogger("kifu.server")

SECURITY: list[dict[str, list[str]]] = [{"bearer": []}]
JSON = "application/json"
PULL_TYPES = [JSON, MEDIA_TYPE]  # a hosted pull's forms, JSON first (the default)
PROBLEM_RESPONSES: dict[int, Any] = {}


# -- health and catalogue ------------------------------------------------------


@get("/health", tags=["meta"])
async def health(request: Request[Any, Any, Any]) -> Response[s.Health]:
    """200 when the database answers, 503 (same body, status "unavailable") otherwise."""
    state = request.app.state
    try:
        await run(service_of(request).ping)
        status = "ok"
    except Exception:
        log.exception("health check: the database does not answer")
        status = "unavailable"
    body = s.Health(
        status=status,
        version=VERSION,
        database=state.database_kind,
        channels=state.channels_kind,
    )
    return Response(body, status_code=200 if status == "ok" else 503)


@get("/api/catalogue", tags=["meta"], sync_to_thread=False)
def catalogue(request: Request[Any, Any, Any]) -> s.Catalogue:
    return service_of(request).catalogue()


# -- hosted games --------------------------------------------------------------


@post("/api/games", tags=["hosted games"], status_code=201)
async def create_game(
    request: Request[Any, Any, Any], data: JSONBody[s.CreateGame]
) -> s.GameCreated:
    return await run(service_of(request).hosted.create, data, client_of(request))


@post("/api/games/{game_id:str}/seats", tags=["hosted games"], status_code=201)
async def claim_seat(
    request: Request[Any, Any, Any], game_id: FromPath[str], data: JSONBody[s.ClaimSeat]
) -> s.SeatClaimed:
    return await run_quick(request, service_of(request).hosted.claim_seat, game_id, data)


@get("/api/games/{game_id:str}", tags=["hosted games"], security=SECURITY)
async def game_summary(request: Request[Any, Any, Any], game_id: FromPath[str]) -> s.GameSummary:
    return await run_quick(request, service_of(request).hosted.summary, game_id, bearer(request))


@get("/api/games/{game_id:str}/view", tags=["hosted games"], security=SECURITY)
async def game_view(
    request: Request[Any, Any, Any],
    game_id: FromPath[str],
    at: Annotated[int | None, QueryParameter(ge=0, le=2**53)] = None,
) -> s.ViewResponse:
    """The caller's view now, or after entry `at` (scrubbing a running game)."""
    return await run_quick(request, service_of(request).hosted.view, game_id, bearer(request), at)


@get("/api/games/{game_id:str}/record", tags=["hosted games"], security=SECURITY)
async def game_record(
    request: Request[Any, Any, Any],
    game_id: FromPath[str],
    since: Annotated[int, QueryParameter(ge=0, le=2**53)] = 0,
) -> Response[s.RecordResponse | bytes]:
    """JSON (RecordResponse), or the same packed (core.wire's compact pull) for a
    client whose Accept prefers `application/vnd.kifu.record`."""
    compact = request.accept.best_match(PULL_TYPES, default=JSON) == MEDIA_TYPE
    body = await run_quick(
        request, service_of(request).hosted.record_since, game_id, bearer(request), since, compact
    )
    headers = {"Vary": "Accept"}
    if isinstance(body, bytes):
        return Response(body, media_type=MEDIA_TYPE, headers=headers)
    return Response(body, headers=headers)


@post("/api/games/{game_id:str}/moves", tags=["hosted games"], security=SECURITY)
async def submit_move(
    request: Request[Any, Any, Any], game_id: FromPath[str], data: JSONBody[s.SubmitMove]
) -> Response[s.MoveAccepted]:
    result, stored = await run_quick(
        request, service_of(request).hosted.submit_move, game_id, bearer(request), data
    )
    if stored:
        publish(request, game_id, result.seq)
    return Response(result, status_code=201 if stored else 200)


@post("/api/games/{game_id:str}/takebacks", tags=["hosted games"], security=SECURITY)
async def submit_takeback(
    request: Request[Any, Any, Any], game_id: FromPath[str], data: JSONBody[s.SubmitTakeBack]
) -> Response[s.MoveAccepted]:
    result, stored = await run_quick(
        request, service_of(request).hosted.submit_takeback, game_id, bearer(request), data
    )
    if stored:
        publish(request, game_id, result.seq)
    return Response(result, status_code=201 if stored else 200)


@post(
    "/api/games/{game_id:str}/takeback-asks",
    tags=["hosted games"],
    security=SECURITY,
    status_code=201,
)
async def ask_takeback(
    request: Request[Any, Any, Any], game_id: FromPath[str], data: JSONBody[s.AskTakeBack]
) -> s.TakebackAsk:
    """Ask the players whose moves an undo takes back to agree (UndoState.ask)."""
    ask = await run_quick(
        request, service_of(request).hosted.ask_takeback, game_id, bearer(request), data
    )
    publish(request, game_id, ask.to_seq, table=True)
    return ask


@post(
    "/api/games/{game_id:str}/takeback-asks/{ask_id:str}/answer",
    tags=["hosted games"],
    security=SECURITY,
    status_code=200,
)
async def answer_takeback(
    request: Request[Any, Any, Any],
    game_id: FromPath[str],
    ask_id: FromPath[str],
    data: JSONBody[s.AnswerTakeBack],
) -> s.TakebackAnswered:
    """Agree to (or refuse) a take-back of one's moves; the last consent makes it."""
    answered, stored = await run_quick(
        request,
        service_of(request).hosted.answer_takeback,
        game_id,
        bearer(request),
        ask_id,
        data,
    )
    if stored and answered.taken is not None:
        publish(request, game_id, answered.taken.seq)
    publish(request, game_id, 0, table=True)
    return answered


@get("/api/push/key", tags=["notifications"], sync_to_thread=False)
def push_key(request: Request[Any, Any, Any]) -> s.PushKey:
    """The server's VAPID public key: the applicationServerKey to subscribe with."""
    return service_of(request).push_key()


@post("/api/games/{game_id:str}/push", tags=["notifications"], security=SECURITY, status_code=204)
async def subscribe_push(
    request: Request[Any, Any, Any], game_id: FromPath[str], data: JSONBody[s.PushSubscribe]
) -> None:
    """Notify this device when it is the seat's turn (a browser PushSubscription)."""
    await run(service_of(request).hosted.subscribe_push, game_id, bearer(request), data)


@post(
    "/api/games/{game_id:str}/push/unsubscribe",
    tags=["notifications"],
    security=SECURITY,
    status_code=204,
)
async def unsubscribe_push(
    request: Request[Any, Any, Any], game_id: FromPath[str], data: JSONBody[s.PushUnsubscribe]
) -> None:
    """Mute the table on this device."""
    await run(service_of(request).hosted.unsubscribe_push, game_id, bearer(request), data)


@post("/api/games/{game_id:str}/share", tags=["sharing"], security=SECURITY, status_code=201)
async def share_game(request: Request[Any, Any, Any], game_id: FromPath[str]) -> s.ShareCreated:
    """Share a finished game. Optional body (s.ShareBody): `{"review": ...}`, the review the
    client made of the record, shown with the replay once the server made the same."""
    return await _share(request, game_id, hosted=True)


async def _share(
    request: Request[Any, Any, Any], record_id: str, *, hosted: bool
) -> s.ShareCreated:
    svc = service_of(request)
    body = await request.body()
    token, client = bearer(request), client_of(request)
    return await run(
        lambda: svc.sharing.share(record_id, token, hosted=hosted, body=body, client=client)
    )


# -- local records -------------------------------------------------------------


@post("/api/records", tags=["local records"], security=SECURITY)
async def upload_record(request: Request[Any, Any, Any]) -> Response[s.RecordStored]:
    """Body: a kernel Record (s.RecordUpload). Decoded and stored in a thread of its own
    (calls.run_heavy), verified in the child process, awaited on the event loop: an
    upload holds no request worker; 503 `busy` when `heavy_queue` are under way."""
    body = await request.body()
    compact = media_type(request.headers.get("content-type", "")) == MEDIA_TYPE
    svc = service_of(request)
    steps = svc.local.upload(
        body, bearer(request), client_of(request), fmt="compact" if compact else "json"
    )
    result, status = await run_heavy(svc.heavy, steps)
    return Response(result, status_code=status)


@post("/api/records/{record_id:str}/entries", tags=["local records"], security=SECURITY)
async def append_entries(
    request: Request[Any, Any, Any], record_id: FromPath[str]
) -> Response[s.AppendResult]:
    """Body: s.AppendEntries, decoded in the worker thread, never on the event loop."""
    body = await request.body()
    result = await run(
        service_of(request).local.append, record_id, bearer(request), body, client_of(request)
    )
    return Response(result, status_code=201 if result.status == "forked" else 200)


@get("/api/records/{record_id:str}", tags=["local records"], security=SECURITY)
async def download_record(
    request: Request[Any, Any, Any], record_id: FromPath[str]
) -> s.RecordDownload:
    return await run(service_of(request).local.download, record_id, bearer(request))


@get("/api/records/{record_id:str}/record.kifu", tags=["local records"], security=SECURITY)
async def download_compact(
    request: Request[Any, Any, Any], record_id: FromPath[str]
) -> Response[bytes]:
    """The whole record in the compact form (`application/vnd.kifu.record`)."""
    data = await run(service_of(request).local.download_compact, record_id, bearer(request))
    return Response(data, media_type=MEDIA_TYPE)


@post("/api/records/{record_id:str}/share", tags=["sharing"], security=SECURITY, status_code=201)
async def share_record(request: Request[Any, Any, Any], record_id: FromPath[str]) -> s.ShareCreated:
    """Share a finished local record; the optional body as for a hosted game's share."""
    return await _share(request, record_id, hosted=False)


@get("/api/shared/{share_id:str}", tags=["sharing"])
async def shared(request: Request[Any, Any, Any], share_id: FromPath[str]) -> s.SharedRecord:
    return await run(service_of(request).sharing.shared, share_id)


@get("/api/shared/{share_id:str}/record.kifu", tags=["sharing"])
async def shared_compact(
    request: Request[Any, Any, Any], share_id: FromPath[str]
) -> Response[bytes]:
    """The shared record in the compact form (`application/vnd.kifu.record`)."""
    data = await run(service_of(request).sharing.shared_compact, share_id)
    return Response(data, media_type=MEDIA_TYPE)


# -- players across devices (players.py) -------------------------------------------


@post("/api/players", tags=["players"], status_code=201)
async def create_player(
    request: Request[Any, Any, Any], data: JSONBody[s.NewPlayer]
) -> s.DeviceJoined:
    """A new player and its first device (the device token is the bearer token of the
    player's routes)."""
    return await run(service_of(request).players.create, data, client_of(request))


@post("/api/link", tags=["players"], status_code=201)
async def link_device(
    request: Request[Any, Any, Any], data: JSONBody[s.LinkDevice]
) -> s.DeviceJoined:
    """A new device of the player whose one-time link code this is."""
    return await run(service_of(request).players.link, data, client_of(request))


@post(
    "/api/players/{player_id:str}/link-codes", tags=["players"], security=SECURITY, status_code=201
)
async def new_link_code(
    request: Request[Any, Any, Any], player_id: FromPath[str]
) -> s.LinkCodeCreated:
    return await run(service_of(request).players.link_code, player_id, bearer(request))


@get("/api/players/{player_id:str}/devices", tags=["players"], security=SECURITY)
async def player_devices(request: Request[Any, Any, Any], player_id: FromPath[str]) -> s.DeviceList:
    return await run(service_of(request).players.devices, player_id, bearer(request))


@delete(
    "/api/players/{player_id:str}/devices/{device_id:str}",
    tags=["players"],
    security=SECURITY,
    status_code=204,
)
async def remove_device(
    request: Request[Any, Any, Any], player_id: FromPath[str], device_id: FromPath[str]
) -> None:
    """Remove a device: its token and every game token tied to it stop working."""
    await run(service_of(request).players.remove_device, player_id, bearer(request), device_id)


@get("/api/players/{player_id:str}/games", tags=["players"], security=SECURITY)
async def player_games(request: Request[Any, Any, Any], player_id: FromPath[str]) -> s.Library:
    return await run(service_of(request).players.library, player_id, bearer(request))


@put("/api/players/{player_id:str}/games", tags=["players"], security=SECURITY, status_code=200)
async def keep_game(
    request: Request[Any, Any, Any], player_id: FromPath[str], data: JSONBody[s.KeepGame]
) -> s.GameKey:
    """Put a game this device holds (its seat or owner token) in the player's library."""
    return await run(service_of(request).players.keep, player_id, bearer(request), data)


@delete(
    "/api/players/{player_id:str}/games/{key:str}",
    tags=["players"],
    security=SECURITY,
    status_code=204,
)
async def drop_game(
    request: Request[Any, Any, Any], player_id: FromPath[str], key: FromPath[str]
) -> None:
    await run(service_of(request).players.drop, player_id, bearer(request), key)


@post(
    "/api/players/{player_id:str}/games/{key:str}/token",
    tags=["players"],
    security=SECURITY,
    status_code=201,
)
async def grant_token(
    request: Request[Any, Any, Any], player_id: FromPath[str], key: FromPath[str]
) -> s.GrantedToken:
    """A token of this device's own for a game of the library."""
    return await run(service_of(request).players.grant, player_id, bearer(request), key)


# -- bug reports ---------------------------------------------------------------


@post("/api/reports", tags=["bug reports"], status_code=201)
async def upload_report(request: Request[Any, Any, Any]) -> s.ReportStored:
    """Body: a core.kernel.BugReport (s.ReportUpload); like upload_record, re-run in the
    child process without holding a request worker."""
    body = await request.body()
    svc = service_of(request)
    return await run_heavy(svc.heavy, svc.reports.upload(body, client_of(request)))


@get("/api/reports/{report_id:str}", tags=["bug reports"])
async def get_report(request: Request[Any, Any, Any], report_id: FromPath[str]) -> s.ReportStored:
    return await run(service_of(request).reports.get, report_id)


# -- static files --------------------------------------------------------------

PLACEHOLDER = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Kifu</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: system-ui, sans-serif; max-width: 40em; margin: 3em auto">
<h1>Kifu 棋譜</h1>
<p>The server is running. The web app has not been built yet (<code>web/dist/</code>
is missing); the API is at <a href="/api/schema/swagger">/api/schema</a>.</p>
</body></html>
"""


@get("/", include_in_schema=False, sync_to_thread=False)
def placeholder() -> Response[str]:
    return Response(PLACEHOLDER, media_type="text/html; charset=utf-8")


def static_routes(settings: Settings) -> list[Any]:
    routes: list[Any] = []
    if Path(settings.pyodide_dist).is_dir():
        routes += static_folder("/pyodide", Path(settings.pyodide_dist), "pyodide")
    if Path(settings.web_engine).is_dir():
        routes += static_folder("/engine", Path(settings.web_engine), "engine")
    if Path(settings.web_dist).is_dir():
        routes += static_folder("", Path(settings.web_dist), "web", index=True, immutable="assets/")
    else:
        routes.append(placeholder)
    return routes


# -- the app -------------------------------------------------------------------


def channels_backend(settings: Settings) -> tuple[ChannelsBackend, str]:
    url = settings.channels_url
    if url and url.startswith(("redis://", "rediss://")):
        from litestar.channels.backends.redis import RedisChannelsPubSubBackend
        from redis.asyncio import Redis

        return RedisChannelsPubSubBackend(redis=Redis.from_url(url)), "redis"
    if url == "memory":
        return MemoryChannelsBackend(), "memory"
    pg = url if url and url.startswith(("postgresql://", "postgres://")) else None
    if pg is None and settings.is_postgres:
        pg = settings.database_url
    if pg:
        from .channels import PgChannels

        return PgChannels(pg_dsn=postgres_dsn(pg)), "postgresql"
    return MemoryChannelsBackend(), "memory"


def create_app(settings: Settings | None = None) -> Litestar:
    settings = settings or Settings.from_env()
    configure_logging(settings.log_level)
    store = open_store(settings.data_dir, settings.database_url)
    service = Service(store, settings, serialize_writes=not settings.is_postgres)
    backend, channels_kind = channels_backend(settings)
    channels = ChannelsPlugin(backend=backend, arbitrary_channels_allowed=True)

    def ring(game_id: str, seq: int, table: bool) -> None:
        message = {"seq": seq, "table": True} if table else {"seq": seq}
        channels.publish(msgspec.json.encode(message), channel(game_id))

    # the tables' clocks (clock.py): a task on this process's event loop
    clock = TableClock(service.hosted.clock_tick, service.hosted.clocked.open_ids, ring, now=now_ms)
    service.hosted.watch = clock.watch

    @contextlib.asynccontextmanager
    async def lifespan(app: Litestar) -> AsyncIterator[None]:
        log.info(
            "server started",
            extra={
                "fields": {
                    "database": "postgresql" if settings.is_postgres else "sqlite",
                    "channels": channels_kind,
                }
            },
        )
        clock.start()
        try:
            yield
        finally:
            await clock.stop()
            service.heavy.close()
            service.review_checker.close()
            service.pusher.close()
            store.close()

    middleware: list[Any] = [
        DefineMiddleware(
            Guard,
            rate_limit_per_minute=settings.rate_limit_per_minute,
            trusted_proxies=settings.trusted_proxies,
            limits_url=settings.limits_url,
        ),
    ]

    app = Litestar(
        route_handlers=[
            health,
            catalogue,
            create_game,
            claim_seat,
            game_summary,
            game_view,
            game_record,
            submit_move,
            submit_takeback,
            ask_takeback,
            answer_takeback,
            push_key,
            subscribe_push,
            unsubscribe_push,
            share_game,
            live,
            upload_record,
            append_entries,
            download_record,
            download_compact,
            share_record,
            shared,
            shared_compact,
            upload_report,
            get_report,
            create_player,
            link_device,
            new_link_code,
            player_devices,
            remove_device,
            player_games,
            keep_game,
            drop_game,
            grant_token,
            *static_routes(settings),
        ],
        plugins=[channels],
        middleware=middleware,
        exception_handlers=EXCEPTION_HANDLERS,
        compression_config=CompressionConfig(
            backend="gzip",
            minimum_size=500,
            gzip_compress_level=6,
            exclude_opt_key=SKIP_COMPRESSION,
        ),
        cors_config=CORSConfig(allow_origins=settings.cors_origins)
        if settings.cors_origins
        else None,
        openapi_config=OpenAPIConfig(
            title="Kifu",
            version=VERSION,
            description="Kifu game server: hosted games, local record sync, sharing, bug "
            "reports. Errors are application/problem+json (see server/API.md).",
            path="/api/schema",
            # The docs pages load scripts from a CDN, on the origin where the PWA keeps
            # its tokens: off unless asked for (the JSON schema is always served).
            render_plugins=[SwaggerRenderPlugin(), RedocRenderPlugin()]
            if settings.api_docs
            else [JsonRenderPlugin()],
            components=Components(
                security_schemes={
                    "bearer": SecurityScheme(type="http", scheme="bearer", description="token")
                }
            ),
        ),
        request_max_body_size=settings.max_body_bytes,
        lifespan=[lifespan],
        state=State(
            {
                "service": service,
                "clock": clock,
                "sockets": SocketCount(settings.sockets_per_address, settings.sockets_per_token),
                "settings": settings,
                "database_kind": "postgresql" if settings.is_postgres else "sqlite",
                "channels_kind": channels_kind,
            }
        ),
        debug=False,
    )
    # Outermost, around Litestar's router and its exception handler: the request id,
    # the security headers and the access line reach every answer, a path no route
    # matches (404) or a method it does not take (405) included; route middleware
    # (Guard) only runs for matched routes.
    app.asgi_handler = RequestLog(app.asgi_handler, settings.access_log, SECURITY_HEADERS)
    return app


def create_app_from_env() -> Litestar:
    """The uvicorn factory. In a worker process of `uvicorn --workers` (`kifu serve
    --workers N`) the worker stops with its supervisor, `kill -9` included (orphans.py):
    uvicorn's workers would otherwise go on serving the shared socket on their own."""
    parent = multiprocessing.parent_process()
    if parent is not None and parent.pid is not None:
        die_with_parent(parent.pid, signal.SIGTERM)
    return create_app(Settings.from_env())
