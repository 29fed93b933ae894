"""One error shape for every failure: RFC 9457 problem details (`schemas.Problem`).

Handlers raise `ApiError`; Litestar's own exceptions (validation, 404, 405, 413,
429) and anything unexpected are mapped to the same shape here. Unexpected
exceptions are logged with a request id and answered 500 `internal` without
details.
"""

from __future__ import annotations

import logging
from typing import Any

import msgspec
from eventsourcing.persistence import IntegrityError, PersistenceError
from litestar import MediaType, Request, Response
from litestar.exceptions import HTTPException, ValidationException

from .schemas import Problem

log = logging.getLogger("kifu.server")

PROBLEM_BASE = "https://kifu.invalid/problems/"

TITLES = {
    400: "Bad request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not found",
    405: "Method not allowed",
    408: "Request timeout",
    409: "Conflict",
    413: "Request body too large",
    414: "URL too long",
    415: "Unsupported media type",
    422: "Unprocessable request",
    429: "Too many requests",
    431: "Request headers too large",
    500: "Internal server error",
    503: "Service unavailable",
}

DEFAULT_CODES = {
    400: "bad-request",
    401: "unauthorized",
    403: "forbidden",
    404: "not-found",
    405: "method-not-allowed",
    408: "request-timeout",
    409: "conflict",
    413: "body-too-large",
    414: "url-too-long",
    415: "unsupported-media-type",
    422: "unprocessable",
    429: "rate-limited",
    431: "headers-too-large",
    500: "internal",
    503: "unavailable",
}


class ApiError(Exception):
    """A problem to report: status, machine code, human detail, optional extras."""

    def __init__(
        self,
        status: int,
        code: str,
        detail: str,
        *,
        title: str | None = None,
        rule_id: str | None = None,
        headers: dict[str, str] | None = None,
        **extra: Any,
    ) -> None:
        super().__init__(detail)
        self.status = status
        self.code = code
        self.detail = detail
        self.title = title or TITLES.get(status, "Error")
        self.rule_id = rule_id
        self.headers = headers or {}
        self.extra = extra

    def problem(self) -> Problem:
        return Problem(
            type=PROBLEM_BASE + self.code,
            title=self.title,
            status=self.status,
            detail=self.detail,
            code=self.code,
            rule_id=self.rule_id,
            **self.extra,
        )


def problem_response(error: ApiError, request_id: str | None = None) -> Response[Any]:
    problem = error.problem()
    if request_id:
        problem.request_id = request_id
    return Response(
        content=msgspec.json.encode(problem),
        status_code=error.status,
        media_type="application/problem+json",
        headers=error.headers,
    )


def _validation_detail(exc: ValidationException) -> str:
    extra = exc.extra
    parts: list[str] = []
    if isinstance(extra, list):
        for item in extra:
            if isinstance(item, dict):
                key = item.get("key")
                message = str(item.get("message", ""))
                parts.append(f"{key}: {message}" if key else message)
            else:
                parts.append(str(item))
    elif extra:
        parts.append(str(extra))
    detail = "; ".join(p for p in parts if p)
    return detail or str(exc.detail)


def _request_id(request: Request[Any, Any, Any]) -> str | None:
    return request.scope.get("state", {}).get("request_id")


def handle_api_error(request: Request[Any, Any, Any], exc: ApiError) -> Response[Any]:
    return problem_response(exc, _request_id(request))


def handle_http_exception(request: Request[Any, Any, Any], exc: HTTPException) -> Response[Any]:
    status = exc.status_code
    if isinstance(exc, ValidationException):
        detail = _validation_detail(exc)
        if "Request Entity Too Large" in detail or "too large" in detail.lower():
            status = 413
        error = ApiError(400 if status != 413 else 413, DEFAULT_CODES[status], detail)
    else:
        if status >= 500 and exc.detail == "client disconnected prematurely":
            log.info("client disconnected", extra={"fields": {"path": request.url.path}})
        elif status >= 500:
            log.error("http error", extra={"fields": {"status": status, "detail": str(exc.detail)}})
        detail = str(exc.detail) if exc.detail else TITLES.get(status, "error")
        if status == 413:
            detail = "the request body is larger than this server accepts"
        error = ApiError(
            status,
            DEFAULT_CODES.get(status, "error"),
            detail,
            headers=dict(exc.headers or {}),
        )
    return problem_response(error, _request_id(request))


def handle_unexpected(request: Request[Any, Any, Any], exc: Exception) -> Response[Any]:
    request_id = _request_id(request)
    log.exception(
        "unhandled error",
        extra={"fields": {"request_id": request_id, "path": request.url.path}},
    )
    error = ApiError(500, "internal", "an internal error occurred; it has been logged")
    return problem_response(error, request_id)


def handle_recursion(request: Request[Any, Any, Any], exc: RecursionError) -> Response[Any]:
    """JSON nested deeper than msgspec (or Python) will follow: bad input, not a bug."""
    log.warning("recursion limit", extra={"fields": {"path": request.url.path}})
    error = ApiError(400, "bad-request", "the JSON body is nested too deeply")
    return problem_response(error, _request_id(request))


def handle_persistence(request: Request[Any, Any, Any], exc: PersistenceError) -> Response[Any]:
    """The database refused (a write conflict no handler expected: 409) or is
    unreachable (503, retry later)."""
    request_id = _request_id(request)
    if isinstance(exc, IntegrityError):
        error = ApiError(409, "conflict", "another request changed this record first; retry")
    else:
        log.error(
            "database unavailable",
            extra={"fields": {"request_id": request_id, "error": repr(exc)}},
        )
        error = ApiError(
            503,
            "unavailable",
            "the database is not answering; retry shortly",
            headers={"Retry-After": "2"},
        )
    return problem_response(error, request_id)


EXCEPTION_HANDLERS: dict[Any, Any] = {
    ApiError: handle_api_error,
    HTTPException: handle_http_exception,
    PersistenceError: handle_persistence,
    RecursionError: handle_recursion,
    Exception: handle_unexpected,
}

JSON = MediaType.JSON
