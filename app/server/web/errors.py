"""How the HTTP API refuses: every refusal is JSON `{"detail", "code", "args"}` (PROTOCOL.md),
whatever raised it: a `Refused` of a route, a request of the wrong shape, a method the path
does not serve, or a database that is away."""

from __future__ import annotations

import logging
from typing import Any

from fastapi import HTTPException, Request, Response
from fastapi.exception_handlers import http_exception_handler
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.routing import APIRoute
from starlette.exceptions import HTTPException as StarletteHTTPException

from app.server.wire.errors import ErrorArg, HttpErrorCode
from app.store import is_outage

log = logging.getLogger(__name__)


class Refused(HTTPException):
    """A refused request: its status, the English `detail`, and a `code` with `args` that a
    client words in its reader's language (`refused` writes the body)."""

    def __init__(self, status: int, code: str, detail: str, **args: ErrorArg) -> None:
        # A refusal that says when to come back (`retry_after`) says it in the header too.
        wait = args.get("retry_after")
        super().__init__(status, detail, {"Retry-After": str(wait)} if wait else None)
        self.code = code
        self.details = args


def refused(request: Request, exc: Exception) -> JSONResponse:
    """The body of a `Refused`: `{"detail", "code", "args"}`."""
    assert isinstance(exc, Refused)
    detail: object = exc.detail
    if exc.status_code == 422:
        # every 422 has the shape the API documents for it (FastAPI's validation errors)
        detail = [{"loc": ["body"], "msg": exc.detail, "type": exc.code}]
    return JSONResponse({"detail": detail, "code": exc.code, "args": exc.details},
                        status_code=exc.status_code, headers=exc.headers)


async def method_not_allowed(request: Request, exc: Exception) -> Response:
    """A 405's `Allow` names every method of the path: a path served by two routes (GET and
    POST of a review) is two routes to Starlette, which names the first one's alone."""
    assert isinstance(exc, StarletteHTTPException)
    if exc.status_code != 405:
        return await http_exception_handler(request, exc)
    allowed = sorted({method for route in request.app.routes
                      if isinstance(route, APIRoute) and route.path_regex.match(request.url.path)
                      for method in route.methods or ()})
    return JSONResponse({"detail": exc.detail}, status_code=405,
                        headers={"Allow": ", ".join(allowed)})


RETRY_AFTER_SECONDS = 5  # what a 503 asks a client to wait before it tries again


def unavailable(request: Request, exc: Exception) -> JSONResponse:
    """A request the database could not serve (away, refusing connections, full): a JSON 503
    with `Retry-After`, its traceback logged once a spell (`observe/outages.py`). Any other
    database error is a fault of ours: a JSON 500, logged with its traceback."""
    if not is_outage(exc):
        log.error("%s %s failed", request.method, request.url.path, exc_info=exc)
        return JSONResponse({"detail": "Something went wrong on the server.",
                             "code": HttpErrorCode.SERVER_ERROR, "args": {}}, status_code=500)
    request.app.state.metrics.outages.failed(
        "database", f"{request.method} {request.url.path}: the database failed", exc)
    return JSONResponse(
        {"detail": "The database is not answering; try again shortly.",
         "code": HttpErrorCode.UNAVAILABLE, "args": {"retry_after": RETRY_AFTER_SECONDS}},
        status_code=503, headers={"Retry-After": str(RETRY_AFTER_SECONDS)},
    )


def validation_error(request: Request, exc: Exception) -> JSONResponse:
    """A request that does not have the expected shape: 422 with where and what, never the
    input itself (which may not even be writable as JSON, such as NaN or a lone surrogate)."""
    errors = exc.errors() if isinstance(exc, RequestValidationError) else []
    return JSONResponse(
        status_code=422,
        content={"detail": [
            {"loc": [str(part) for part in error.get("loc", ())], "msg": _message(error),
             "type": str(error.get("type"))}
            for error in errors
        ], "code": HttpErrorCode.BAD_REQUEST, "args": {}},
    )


def _message(error: dict[str, Any]) -> str:
    reason = (error.get("ctx") or {}).get("error") if error.get("type") == "json_invalid" else None
    # The parser's reason names a position, never the input ("unexpected character: line 1").
    return f"{error.get('msg')}: {reason}" if isinstance(reason, str) else str(error.get("msg"))
