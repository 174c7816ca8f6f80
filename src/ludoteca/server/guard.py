"""What keeps one client from harming the others: request size, headers, rates and link tokens.

These are small ASGI pieces around FastAPI, because neither Starlette nor uvicorn bounds a request
body or sets security headers by itself; uvicorn's own settings (keep-alive timeout, connection
limit, WebSocket frame size) are used where they exist (see `app.run`).
"""

from __future__ import annotations

import asyncio
import ipaddress
import json
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Iterable, Mapping, Sequence
from typing import Any

from pydantic import BaseModel, ConfigDict
from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from ludoteca.core import LudotecaError
from ludoteca.core.messages import Message as CatalogueMessage
from ludoteca.core.messages import Verbatim, languages

from .messages import MESSAGES
from .store import Store, hash_token


class RequestBody(BaseModel):
    """A JSON body the server reads: a key it does not know is refused (422 naming the key), not
    ignored, so that a misspelt or misplaced field (`"bots"` for `"seats"`) is not silently lost."""

    model_config = ConfigDict(extra="forbid")


def validation_problems(errors: Sequence[Mapping[str, Any]]) -> dict[str, str]:
    """What is wrong with a request body, `field: problem; ...`, in every language.

    Pydantic words its errors in English; the types of error our request models can raise are in
    the catalogue (`request.problem.<type>`, filled from pydantic's context: the limit broken, the
    values expected), and a type not there keeps pydantic's own words. Pydantic joins expected
    values with an English "or", which each language's text replaces with its own word.
    """
    return {lang: "; ".join(_problem(error, lang) for error in errors)[:2000] for lang in languages()}


def _problem(error: Mapping[str, Any], lang: str) -> str:
    """One of pydantic's errors as `field: what is wrong`, in `lang`."""
    where = ".".join(str(part) for part in error["loc"] if part != "body")
    context = dict(error.get("ctx") or {})
    if error["type"] == "json_invalid":  # its place is a character of the body, not a field
        where, context["at"] = "", error["loc"][-1]
    field = where or MESSAGES.text("request.whole", lang)
    code = f"request.problem.{error['type']}"
    if code not in MESSAGES:
        return f"{field}: {error['msg']}"
    if "expected" in context:
        context["expected"] = str(context["expected"]).replace(" or ", MESSAGES.text("request.or", lang))
    return f"{field}: {MESSAGES.text(code, lang, **context)}"


Scope = dict[str, Any]
Message = dict[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

TOKEN = re.compile(r"[A-Za-z0-9_-]{8,64}")

PAGE_POLICY = (
    "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
# FastAPI's interactive documentation loads Swagger UI / ReDoc from their CDN with an inline script.
DOCS_POLICY = (
    "default-src 'self'; script-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net; "
    "style-src 'self' 'unsafe-inline' https://cdn.jsdelivr.net https://fonts.googleapis.com; "
    "font-src https://fonts.gstatic.com; img-src 'self' data: https://fastapi.tiangolo.com; "
    "connect-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'"
)


class Malformed(LudotecaError):
    """A link token that cannot be one of ours (wrong characters or length)."""


class TokenMissing(LudotecaError):
    """A route that needs a seat's link token got none (422, as a missing required field)."""


def token_digest(token: str) -> str:
    """The stored digest of `token`, once it is known to have the shape of our tokens; checked before
    hashing so that any byte string a client sends is refused cleanly, never a server error."""
    if not TOKEN.fullmatch(token):
        raise Malformed(MESSAGES.message("link.malformed"))
    return hash_token(token)


PROTOCOL = "ludoteca"  # the WebSocket subprotocol the server speaks, echoed when offered
TOKEN_PROTOCOL = "ludoteca-token."  # a WebSocket subprotocol carrying a link token


def presented_token(
    headers: Mapping[str, str], *given: str | None, subprotocols: Iterable[str] = ()
) -> str | None:
    """The link token a request presents, wherever the client put it: an `Authorization: Bearer`
    header (programs), a `ludoteca-token.<token>` WebSocket subprotocol (browsers, which cannot
    set a WebSocket's headers but can offer subprotocols), or one of `given` (an action's JSON
    body; the deprecated `?token=`, which reverse proxies tend to log). None: a spectator.

    Headers and bodies stay out of access logs, query strings do not: hence these. Two different
    tokens in one request are refused, so that no reader of the request can be misled."""
    found = [token for token in given if token]
    authorization = headers.get("authorization")
    if authorization is not None:
        scheme, _, value = authorization.strip().partition(" ")
        if scheme.lower() != "bearer" or not value.strip():
            raise Malformed(MESSAGES.message("link.authorization"))
        found.append(value.strip())
    found += [offered.removeprefix(TOKEN_PROTOCOL) for offered in subprotocols
              if offered.startswith(TOKEN_PROTOCOL)]
    if len(set(found)) > 1:
        raise Malformed(MESSAGES.message("link.two_tokens"))
    return found[0] if found else None


def same_digest(a: str, b: str) -> bool:
    return secrets.compare_digest(a.encode("ascii"), b.encode("ascii"))


class BodyLimit:
    """Refuses a request body over `limit` bytes with 413: at once when Content-Length says so
    (nothing is read), and as soon as a streamed body crosses the limit otherwise."""

    def __init__(self, app: ASGIApp, limit: int):
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            return await _too_large(send, self.limit)
        seen = 0
        refused = False

        async def counted_receive() -> Message:
            # Past the limit, answer 413 ourselves and tell the application the client left.
            nonlocal seen, refused
            if refused:
                return {"type": "http.disconnect"}
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                refused = True
                await _too_large(send, self.limit)
                return {"type": "http.disconnect"}
            return message

        async def guarded_send(message: Message) -> None:
            if not refused:
                await send(message)

        try:
            await self.app(scope, counted_receive, guarded_send)
        except Exception:
            if not refused:
                raise


def error_body(message: CatalogueMessage | Verbatim) -> dict[str, str | None]:
    """The JSON of an error answer: the English text (`detail`), the Spanish one (`detail_es`, which
    the web page shows a Spanish reader) and the message's `code`."""
    return {"detail": message.text("en"), "detail_es": message.text("es"), "code": message.code}


async def _too_large(send: Send, limit: int) -> None:
    body = json.dumps(error_body(MESSAGES.message("request.too_large", limit=limit))).encode()
    await send({
        "type": "http.response.start",
        "status": 413,
        "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode()),
                    (b"connection", b"close")],
    })
    await send({"type": "http.response.body", "body": body})


class SecurityHeaders:
    """Adds the headers that keep pages from being framed, sniffed, or leaking links as referrers."""

    def __init__(self, app: ASGIApp):
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        policy = DOCS_POLICY if scope["path"] in ("/docs", "/redoc") else PAGE_POLICY
        extra = [
            (b"content-security-policy", policy.encode()),
            (b"x-content-type-options", b"nosniff"),
            (b"referrer-policy", b"no-referrer"),  # a join link's token never leaves as a Referer
            (b"x-frame-options", b"DENY"),
            (b"cross-origin-opener-policy", b"same-origin"),
        ]

        async def with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {**message, "headers": [*message.get("headers", []), *extra]}
            await send(message)

        await self.app(scope, receive, with_headers)


class RateLimit:
    """A budget per client, shared by every process on the database: `burst` requests at once,
    refilled at `per_minute`. Kept in the database (`Store.take_rate`), since a client that
    spreads its requests over several processes must not get a budget from each.

    Memory and rows are bounded: a client's row exists only while its budget is not full again
    (at most `burst / per_minute` minutes after its last request), and such rows are deleted every
    so often; so the table never holds more rows than requests were allowed in that window."""

    def __init__(self, store: Store, kind: str, burst: int, per_minute: float):
        if burst < 1 or per_minute <= 0:
            raise ValueError(f"a rate limit needs burst >= 1 and per_minute > 0, not {burst}, {per_minute}")
        self.store = store
        self.kind = kind
        self.burst = burst
        self.interval = 60.0 / per_minute
        self.next_cleaning = 0.0

    def allow(self, client: str) -> float:
        """0 if `client` may go on now (and it is counted), else the seconds to wait. A database
        call: run it in a thread."""
        moment = time.time()  # shared by processes and hosts, unlike a monotonic clock
        if moment >= self.next_cleaning:
            self.next_cleaning = moment + max(60.0, self.burst * self.interval)
            self.store.forget_rates(moment)
        return self.store.take_rate(f"{self.kind} {client}", self.interval, self.burst, moment)


def client_key(host: str) -> str:
    """Who a per-client limit counts: the IPv4 address, or the /64 network of an IPv6 address (one
    subscriber usually holds a whole /64, and could otherwise take a fresh address per request)."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host[:64]  # not an address (a test client, a Unix socket): as it is
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is None:
        return str(ipaddress.ip_network(f"{address}/64", strict=False))
    return str(getattr(address, "ipv4_mapped", None) or address)


class HeaderTimeoutProtocol(HttpToolsProtocol):
    """uvicorn's HTTP protocol, closing a connection whose request headers do not arrive within
    `header_timeout` seconds (uvicorn only times out idle keep-alive connections, so a client that
    sends half a request would otherwise hold its socket forever)."""

    header_timeout: float = 10.0

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._header_timer: asyncio.TimerHandle | None = self.loop.call_later(
            self.header_timeout, self._headers_too_slow
        )

    def on_headers_complete(self) -> None:
        self._cancel_header_timer()
        super().on_headers_complete()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        if getattr(self, "_header_timer", None) is None and self.transport is not None:
            self._header_timer = self.loop.call_later(self.header_timeout, self._headers_too_slow)

    def connection_lost(self, exc: Exception | None) -> None:
        self._cancel_header_timer()
        super().connection_lost(exc)

    def _cancel_header_timer(self) -> None:
        timer = getattr(self, "_header_timer", None)
        if timer is not None:
            timer.cancel()
            self._header_timer = None

    def _headers_too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()


def header_timeout_protocol(seconds: float) -> type[HeaderTimeoutProtocol]:
    return type("HeaderTimeout", (HeaderTimeoutProtocol,), {"header_timeout": seconds})
