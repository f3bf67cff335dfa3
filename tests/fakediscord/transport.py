"""The three seams where the fake plugs into the real discord.py client.

1. :class:`FakeHTTPClient` replaces ``HTTPClient.request`` (all REST), ``ws_connect`` (the
   gateway socket) and ``get_from_cdn`` (attachment downloads).  Everything above it –
   ``ConnectionState``, ``CommandTree``, ``ViewStore``, the models – is the real library.
2. :class:`FakeWebhookAdapter` replaces ``AsyncWebhookAdapter.request``: interaction
   callbacks, followups and ``@original`` edits.
3. :class:`FakeGatewaySocket` stands in for the aiohttp websocket that the real
   ``DiscordWebSocket`` reads from and writes to.

The seams only translate; all Discord behaviour lives in :mod:`.server`.
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any

import aiohttp
import discord
from discord.http import HTTPClient, Route
from discord.webhook.async_ import AsyncWebhookAdapter

if TYPE_CHECKING:
    from .server import DiscordServer


class FakeHTTPClient(HTTPClient):
    """discord.py's HTTP client with its network edge replaced by the fake server.

    Subclassing (instead of mocking) keeps every convenience method (``send_message``,
    ``start_thread_without_message``, ``bulk_upsert_guild_commands``…) real: they build the
    same ``Route`` objects and bodies they would send to Discord.
    """

    def __init__(self, server: DiscordServer, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fake_server = server

    async def request(
        self,
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Iterable[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        """Answer a REST call from the fake instead of discord.com."""
        return await self.fake_server.handle_rest(route, files=files, form=form, **kwargs)

    async def ws_connect(self, url: str, *, compress: int = 0) -> Any:
        """Open a fake gateway connection (the real ``DiscordWebSocket`` drives it)."""
        return self.fake_server.open_gateway(url, owner=self)

    async def get_from_cdn(self, url: str) -> bytes:
        """Serve attachment bytes the fake stored (``Attachment.read()`` ends here)."""
        return self.fake_server.cdn_bytes(url)


class FakeWebhookAdapter(AsyncWebhookAdapter):
    """Interaction webhook transport answered by the fake server."""

    def __init__(self, server: DiscordServer) -> None:
        super().__init__()
        self.fake_server = server

    async def request(
        self,
        route: Route,
        session: aiohttp.ClientSession,
        *,
        payload: dict[str, Any] | None = None,
        multipart: list[dict[str, Any]] | None = None,
        proxy: str | None = None,
        proxy_auth: aiohttp.BasicAuth | None = None,
        files: Sequence[discord.File] | None = None,
        reason: str | None = None,
        auth_token: str | None = None,
        params: dict[str, Any] | None = None,
    ) -> Any:
        """Answer an interaction webhook call from the fake instead of discord.com."""
        return await self.fake_server.handle_webhook(
            route, payload=payload, multipart=multipart, files=files, params=params, reason=reason
        )


_CLOSED = aiohttp.WSMessage(aiohttp.WSMsgType.CLOSED, None, None)


class FakeGatewaySocket:
    """Duck-typed ``aiohttp.ClientWebSocketResponse`` speaking the gateway protocol.

    Frames sent by the bot go to the server (IDENTIFY, heartbeats, member requests); frames
    for the bot are queued here.  Each queued frame carries a future that resolves once the
    bot asks for the *next* frame, i.e. once ``DiscordWebSocket.received_message`` finished
    parsing it and every task the parse spawned exists – that is how the harness knows when
    to start waiting for handlers.
    """

    def __init__(self, server: DiscordServer, url: str, owner: object | None = None) -> None:
        self._server = server
        self.url = url
        #: The ``FakeHTTPClient`` (hence the bot) that opened this connection.
        self.owner = owner
        self._queue: asyncio.Queue[tuple[aiohttp.WSMessage, asyncio.Future[None]]] = asyncio.Queue()
        self._in_flight: asyncio.Future[None] | None = None
        self._seq = 0
        self.closed = False
        self.close_code: int | None = None
        self.intents = 0
        self.identified = False
        self.session_id: str | None = None
        self.received_frames: list[dict[str, Any]] = []

    # -- aiohttp websocket API used by DiscordWebSocket ---------------------------------------

    async def receive(self, timeout: float | None = None) -> aiohttp.WSMessage:
        """Next frame for the bot.  ``timeout`` is ignored: the fake never goes silent."""
        self._finish_in_flight()
        if self.closed and self._queue.empty():
            return _CLOSED
        message, processed = await self._queue.get()
        self._in_flight = processed
        return message

    async def send_str(self, data: str, compress: int | None = None) -> None:
        """A frame from the bot."""
        if self.closed:
            raise ConnectionResetError("fake gateway socket is closed")
        frame = json.loads(data)
        self.received_frames.append(frame)
        self._server.on_gateway_frame(self, frame)

    async def close(self, *, code: int = 1000, message: bytes = b"") -> bool:
        """Close from the bot's side (``Client.close`` → ``DiscordWebSocket.close``)."""
        if self.closed:
            return False
        self.closed = True
        self.close_code = code
        self._queue.put_nowait((_CLOSED, asyncio.get_running_loop().create_future()))
        self._server.on_gateway_closed(self)
        return True

    def exception(self) -> BaseException | None:
        """aiohttp API: no transport errors in the fake."""
        return None

    # -- server side --------------------------------------------------------------------------

    def _finish_in_flight(self) -> None:
        if self._in_flight is not None and not self._in_flight.done():
            self._in_flight.set_result(None)
        self._in_flight = None

    def push(self, op: int, data: Any, event: str | None = None) -> asyncio.Future[None]:
        """Queue a frame; the returned future resolves once the bot has processed it."""
        frame: dict[str, Any] = {"op": op, "d": data, "s": None, "t": event}
        if op == 0:
            self._seq += 1
            frame["s"] = self._seq
        processed: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        if self.closed:
            processed.set_result(None)
            return processed
        message = aiohttp.WSMessage(aiohttp.WSMsgType.TEXT, json.dumps(frame), None)
        self._queue.put_nowait((message, processed))
        return processed

    def dispatch(self, event: str, data: Any) -> asyncio.Future[None]:
        """Queue a DISPATCH (op 0) event."""
        return self.push(0, data, event)

    @property
    def idle(self) -> bool:
        """No queued frames and the last delivered one is fully processed."""
        in_flight_done = self._in_flight is None or self._in_flight.done()
        return self.closed or (self._queue.empty() and in_flight_done)

    def abort(self) -> None:
        """Release anything waiting on this socket (used on teardown)."""
        self._finish_in_flight()
        while not self._queue.empty():
            _, processed = self._queue.get_nowait()
            if not processed.done():
                processed.set_result(None)
