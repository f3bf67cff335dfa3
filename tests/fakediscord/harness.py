"""Test-facing API: run real discord.py bots against the fake backend and drive them.

Typical use (see ``test_harness.py``)::

    fake = FakeDiscord()
    guild = fake.add_guild("Kelp Test")
    alice = fake.add_user(name="alice")
    bot = await fake.start_bot(make_bot)          # real login → setup_hook → gateway READY
    reply = await fake.slash(alice, "kelp challenge", opponent=bob)
    assert reply.response_type == 4 and "challenge" in reply.reply.content
    await fake.stop_bot(bot)

Every ``slash``/``click``/``select``/``autocomplete``/``submit_modal`` returns an
:class:`InteractionHandle` after the bot went quiet (all tasks spawned by the interaction
finished), so assertions see the final state without sleeps.
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import inspect
from collections.abc import Awaitable, Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import discord
import discord.client
from discord.webhook.async_ import async_context

from .clock import FakeClock
from .limits import FILE_SIZE_MAX, SELECT_TYPES
from .models import (
    Call,
    CallbackRecord,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeUser,
    InteractionRecord,
)
from .payloads import OptionResolver, build_command_data, build_modal_submit_components
from .server import DiscordServer
from .transport import FakeGatewaySocket, FakeHTTPClient

BotT = TypeVar("BotT", bound=discord.Client)
BotFactory = Callable[[], "BotT | Awaitable[BotT]"]
UserLike = FakeUser | FakeMember


#: The adapter ``async_context`` returns where nothing was set (discord.py's module default).
_DEFAULT_ADAPTER = contextvars.Context().run(async_context.get)


class QuiescenceTimeout(AssertionError):
    """The bot did not go quiet in time (a handler hangs or waits for something)."""


class InteractionHandle:
    """What the bot did with one interaction: callback, original message, followups, errors."""

    def __init__(
        self,
        fake: FakeDiscord,
        record: InteractionRecord,
        before: set[asyncio.Task[Any]],
        processed: asyncio.Future[None],
    ) -> None:
        self.fake = fake
        self.record = record
        self._before = before
        self._processed = processed

    def __repr__(self) -> str:
        return (
            f"<InteractionHandle id={self.record.id} type={self.record.type} "
            f"response={self.response_type} messages={len(self.messages)}>"
        )

    @property
    def id(self) -> int:
        """Interaction id."""
        return self.record.id

    @property
    def token(self) -> str:
        """Interaction token (appears in webhook paths)."""
        return self.record.token

    async def wait(self, timeout: float | None = None) -> InteractionHandle:
        """Wait until the bot processed the dispatch and every task it spawned is done."""
        limit = self.fake.quiescence_timeout if timeout is None else timeout
        try:
            await asyncio.wait_for(asyncio.shield(self._processed), limit)
        except TimeoutError:
            raise QuiescenceTimeout(
                f"bot did not read INTERACTION_CREATE {self.record.id} within {limit}s"
            ) from None
        await self.fake._wait_quiet(self._before, limit)
        return self

    # -- what the bot answered ---------------------------------------------------------------

    @property
    def response(self) -> CallbackRecord | None:
        """The accepted initial response, if any."""
        return self.record.callback

    @property
    def response_type(self) -> int | None:
        """4 message, 5 deferred message, 6 deferred update, 7 update, 8 autocomplete, 9 modal."""
        return self.record.callback.type if self.record.callback else None

    @property
    def acknowledged(self) -> bool:
        """Whether Discord accepted an initial response."""
        return self.record.callback is not None

    @property
    def failed(self) -> bool:
        """Whether the user sees "This interaction failed" (no accepted initial response)."""
        return self.record.callback is None

    @property
    def original(self) -> FakeMessage | None:
        """The ``@original`` message: the response message, or the clicked one for 6/7."""
        message_id = self.record.original_message_id
        return self.fake.messages.get(message_id) if message_id else None

    @property
    def followups(self) -> list[FakeMessage]:
        """Followup messages (excluding the one that replaced a deferred placeholder)."""
        return [self.fake.messages[m] for m in self.record.followup_ids]

    @property
    def messages(self) -> list[FakeMessage]:
        """Messages this interaction created (original response, then followups), not deleted."""
        found = []
        original = self.original
        if original is not None and original.interaction_id == self.record.id:
            found.append(original)
        found.extend(self.followups)
        return [m for m in found if not m.deleted]

    @property
    def reply(self) -> FakeMessage:
        """What the user sees as the answer: the first message this interaction created, or
        – for a component answered by 6/7 – the (updated) clicked message.  Fails the test if
        there is none."""
        messages = self.messages
        if not messages and self.response_type in (6, 7) and self.original is not None:
            return self.original
        if not messages:
            raise AssertionError(
                f"interaction {self.record.id} produced no message "
                f"(response={self.response_type}, errors={[str(c) for c in self.errors]})"
            )
        return messages[0]

    @property
    def modal(self) -> dict[str, Any] | None:
        """The modal the bot opened (callback type 9)."""
        return self.record.modal

    @property
    def choices(self) -> list[dict[str, Any]] | None:
        """Autocomplete choices the bot returned (callback type 8)."""
        return self.record.choices

    @property
    def calls(self) -> list[Call]:
        """Every webhook call made for this interaction (callback, followups, edits)."""
        return [
            c
            for c in self.fake.calls
            if c.transport == "webhook" and c.params.get("webhook_token") == self.record.token
        ]

    @property
    def errors(self) -> list[Call]:
        """Calls for this interaction that the fake answered with an error."""
        return [c for c in self.calls if not c.ok]

    @property
    def rejected(self) -> list[Call]:
        """Calls rejected by Discord's interaction rules (10062, 40060, 50027, 50035…)."""
        return list(self.record.rejected)


@dataclass
class _RunningBot:
    bot: discord.Client
    connect_task: asyncio.Task[None]


def _is_library_timer(task: asyncio.Task[Any]) -> bool:
    """discord.py tasks that just sleep for minutes (view timeouts, ``delete_after``)."""
    coro = task.get_coro()
    qualname = getattr(coro, "__qualname__", "")
    if "timeout_task_impl" in qualname:
        return True
    code = getattr(coro, "cr_code", None)
    filename = getattr(code, "co_filename", "")
    leaf = qualname.rsplit(".", 1)[-1]
    return "<locals>" in qualname and leaf in {"inner_call", "delete"} and "discord" in filename


class FakeDiscord(DiscordServer):
    """The fake Discord plus everything a test needs to run and poke real bots.

    Parameters beyond :class:`DiscordServer`'s: ``quiescence_timeout`` bounds every wait for
    the bot to go quiet; ``guild_ready_timeout`` replaces discord.py's 2 s wait for further
    GUILD_CREATEs after READY (the fake sends them all at once).
    """

    def __init__(
        self,
        *,
        clock: FakeClock | None = None,
        token: str = "fake-bot-token",
        bot_name: str = "FakeBot",
        application_id: int | None = None,
        file_size_limit: int = FILE_SIZE_MAX,
        require_synced_commands: bool = False,
        quiescence_timeout: float = 5.0,
        guild_ready_timeout: float = 0.05,
    ) -> None:
        super().__init__(
            clock=clock,
            token=token,
            bot_name=bot_name,
            application_id=application_id,
            file_size_limit=file_size_limit,
            require_synced_commands=require_synced_commands,
        )
        self.quiescence_timeout = quiescence_timeout
        self.guild_ready_timeout = guild_ready_timeout
        #: Extra predicates marking tasks the quiescence wait should ignore (long-lived loops).
        self.ignore_task_predicates: list[Callable[[asyncio.Task[Any]], bool]] = []
        self._running: dict[int, _RunningBot] = {}
        self._adapter_token: contextvars.Token[Any] | None = None
        self._patched_default = False
        self._baseline: set[asyncio.Task[Any]] = set()

    # ======================================================================================
    # Bot lifecycle
    # ======================================================================================

    @contextlib.contextmanager
    def patch_http_client(self) -> Iterator[None]:
        """While active, every new ``discord.Client`` gets a :class:`FakeHTTPClient`.

        Patching at construction matters because ``CommandTree`` copies ``client.http``
        into ``tree._http`` in its constructor.
        """
        original = discord.client.HTTPClient
        discord.client.HTTPClient = functools.partial(FakeHTTPClient, self)  # type: ignore[misc]
        try:
            yield
        finally:
            discord.client.HTTPClient = original  # type: ignore[misc]

    def install(self, bot: discord.Client) -> None:
        """Point all of a bot's HTTP references at this fake (for bots built elsewhere)."""
        http = bot.http
        if not isinstance(http, FakeHTTPClient) or http.fake_server is not self:
            http = FakeHTTPClient(
                self,
                http.loop,
                proxy=http.proxy,
                proxy_auth=http.proxy_auth,
                max_ratelimit_timeout=http.max_ratelimit_timeout,
            )
            bot.http = http
        bot._connection.http = http
        tree = bot._connection._command_tree
        if tree is not None:
            tree._http = http

    def _install_adapter(self) -> None:
        """``async_context.set`` the fake adapter for the caller (and the bot's tasks).

        As a safety net, discord.py's default adapter instance is also pointed at the fake
        while bots run, so webhook calls made from a context that never saw the ``set``
        (e.g. a test body after an async fixture started the bot) cannot reach the network.
        """
        if self._adapter_token is None:
            self._adapter_token = async_context.set(self.webhook_adapter)
        if "request" not in vars(_DEFAULT_ADAPTER):
            _DEFAULT_ADAPTER.request = self.webhook_adapter.request  # type: ignore[method-assign]
            self._patched_default = True

    def _reset_adapter(self) -> None:
        if self._patched_default:
            vars(_DEFAULT_ADAPTER).pop("request", None)
            self._patched_default = False
        token, self._adapter_token = self._adapter_token, None
        if token is not None:
            # Teardown may run in another context (pytest-asyncio fixtures); then there is
            # nothing to undo in this one.
            with contextlib.suppress(ValueError):
                async_context.reset(token)

    async def start_bot(
        self,
        bot_factory: BotFactory[BotT] | type[BotT] | BotT,
        *,
        token: str | None = None,
        ready_timeout: float = 5.0,
    ) -> BotT:
        """Construct (with the fakes installed), log in, connect and wait for READY.

        ``bot_factory`` may be a bot class, a (sync or async) factory, or an already
        constructed client (its HTTP references are then re-pointed at the fake).
        """
        self._install_adapter()
        with self.patch_http_client():
            made: Any = bot_factory() if callable(bot_factory) else bot_factory
            if inspect.isawaitable(made):
                made = await made
        bot: BotT = made
        self.install(bot)
        bot._connection.guild_ready_timeout = self.guild_ready_timeout
        context = contextvars.copy_context()
        context.run(async_context.set, self.webhook_adapter)
        try:
            await asyncio.create_task(bot.login(token or self.token), context=context)
        except BaseException:
            # A failing setup_hook must not leak the aiohttp session or the adapter.
            await bot.close()
            if not self._running:
                self._reset_adapter()
            raise
        connect = asyncio.create_task(
            bot.connect(reconnect=False), context=context, name="fakediscord-gateway"
        )
        self._running[id(bot)] = _RunningBot(bot=bot, connect_task=connect)
        ready = asyncio.ensure_future(bot.wait_until_ready())
        done, _ = await asyncio.wait(
            {connect, ready}, timeout=ready_timeout, return_when=asyncio.FIRST_COMPLETED
        )
        if ready not in done:
            ready.cancel()
            problem = connect.exception() if connect.done() and not connect.cancelled() else None
            await self.stop_bot(bot, raise_errors=False)
            raise RuntimeError(f"bot did not become ready within {ready_timeout}s") from problem
        await self._sockets_idle(ready_timeout)
        for _ in range(3):
            await asyncio.sleep(0)
        self._baseline = set(asyncio.all_tasks())
        return bot

    async def stop_bot(self, bot: discord.Client, *, raise_errors: bool = True) -> None:
        """``await bot.close()`` and wait for its gateway task to end."""
        running = self._running.pop(id(bot), None)
        await bot.close()
        if running is not None:
            try:
                await asyncio.wait_for(running.connect_task, timeout=5.0)
            except Exception:
                if raise_errors:
                    raise
        if not self._running:
            self._reset_adapter()

    async def aclose(self) -> None:
        """Stop every bot still running and release the webhook adapter."""
        for running in list(self._running.values()):
            await self.stop_bot(running.bot, raise_errors=False)
        for socket in self.sockets:
            socket.abort()
        self._reset_adapter()

    @property
    def running_bots(self) -> list[discord.Client]:
        """Bots started by :meth:`start_bot` and not stopped yet."""
        return [r.bot for r in self._running.values()]

    # ======================================================================================
    # Quiescence
    # ======================================================================================

    def _ignorable(self, task: asyncio.Task[Any]) -> bool:
        if task.get_name().startswith("fakediscord-"):
            return True
        if _is_library_timer(task):
            return True
        return any(predicate(task) for predicate in self.ignore_task_predicates)

    async def _sockets_idle(self, timeout: float) -> None:
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        while any(not s.idle for s in self.sockets):
            if loop.time() > deadline:
                raise QuiescenceTimeout("gateway frames were not consumed by the bot")
            await asyncio.sleep(0.001)

    async def _wait_quiet(self, before: set[asyncio.Task[Any]], timeout: float) -> None:
        """Until no task created after ``before`` runs and every gateway frame is processed."""
        loop = asyncio.get_running_loop()
        deadline = loop.time() + timeout
        current = asyncio.current_task()
        calm_rounds = 0
        while True:
            pending = [
                t
                for t in asyncio.all_tasks()
                if t is not current and t not in before and not t.done() and not self._ignorable(t)
            ]
            busy = [s for s in self.sockets if not s.idle]
            if not pending and not busy:
                calm_rounds += 1
                if calm_rounds >= 3:
                    return
                await asyncio.sleep(0)
                continue
            calm_rounds = 0
            remaining = deadline - loop.time()
            if remaining <= 0:
                raise QuiescenceTimeout(self._describe_pending(pending, busy, timeout))
            if pending:
                await asyncio.wait(
                    pending, timeout=min(remaining, 0.05), return_when=asyncio.FIRST_COMPLETED
                )
            else:
                await asyncio.sleep(0.001)

    @staticmethod
    def _describe_pending(
        pending: Sequence[asyncio.Task[Any]], busy: Sequence[FakeGatewaySocket], timeout: float
    ) -> str:
        lines = [f"bot still busy after {timeout}s:"]
        for task in pending:
            frames = task.get_stack(limit=3)
            where = ", ".join(f"{f.f_code.co_name}@{f.f_lineno}" for f in frames)
            lines.append(f"  task {task.get_name()} ({where})")
        if busy:
            lines.append(f"  {len(busy)} gateway connection(s) with unprocessed frames")
        lines.append(
            "Use wait=False for interactions whose handler waits on purpose, or add a predicate "
            "to FakeDiscord.ignore_task_predicates for long-lived background tasks."
        )
        return "\n".join(lines)

    async def wait_idle(self, timeout: float | None = None) -> None:
        """Wait until every task started since the last bot became ready has finished."""
        await self._wait_quiet(
            self._baseline, self.quiescence_timeout if timeout is None else timeout
        )

    # ======================================================================================
    # Driving interactions
    # ======================================================================================

    def _socket_for(self, bot: discord.Client | None) -> FakeGatewaySocket:
        live = self.live_sockets()
        if bot is not None:
            live = [s for s in live if s.owner is bot.http]
        if not live:
            raise RuntimeError("no connected bot to deliver the interaction to (start_bot first)")
        return live[-1]

    def _bot_for(self, socket: FakeGatewaySocket) -> discord.Client | None:
        for running in self._running.values():
            if running.bot.http is socket.owner:
                return running.bot
        return None

    @staticmethod
    def _as_user(user: UserLike) -> FakeUser:
        return user.user if isinstance(user, FakeMember) else user

    @property
    def default_channel(self) -> FakeChannel:
        """First text channel of the first guild (where interactions happen by default)."""
        for guild in self.guilds.values():
            for channel_id in guild.channel_ids:
                channel = self.channels[channel_id]
                if channel.type == 0 and not channel.deleted:
                    return channel
        raise ValueError("no guild text channel; add_guild() first or pass channel=")

    async def _dispatch(
        self, record: InteractionRecord, socket: FakeGatewaySocket, wait: bool
    ) -> InteractionHandle:
        before = set(asyncio.all_tasks())
        processed = socket.dispatch("INTERACTION_CREATE", record.payload)
        handle = InteractionHandle(self, record, before, processed)
        if wait:
            await handle.wait()
        return handle

    def _command_data(
        self,
        user: FakeUser,
        command: str,
        channel: FakeChannel,
        values: Mapping[str, Any],
        socket: FakeGatewaySocket,
        focused: str | None = None,
    ) -> dict[str, Any]:
        bot = self._bot_for(socket)
        tree = bot._connection._command_tree if bot is not None else None
        schema = self.command_schema(command.split()[0], channel.guild_id, tree)
        if channel.guild_id is None:
            contexts = schema.get("contexts")
            if (
                schema.get("guild_id")
                or schema.get("dm_permission") is False
                or (contexts is not None and 1 not in contexts)
            ):
                raise ValueError(f"/{command} is not available in DMs")
        else:
            required = schema.get("default_member_permissions")
            granted = self.guilds[channel.guild_id].member_permissions(user.id)
            if required is not None and int(required) & granted != int(required):
                raise ValueError(f"{user.name} lacks the permissions to see /{command}")
        resolver = OptionResolver(self, channel.guild_id)
        return build_command_data(schema, command, values, resolver, focused=focused)

    def _channel_for(self, user: FakeUser, channel: FakeChannel | None, dm: bool) -> FakeChannel:
        if dm:
            return self.dm_channel(user)
        return channel or self.default_channel

    async def slash(
        self,
        user: UserLike,
        command: str,
        /,
        *,
        channel: FakeChannel | None = None,
        dm: bool = False,
        options: Mapping[str, Any] | None = None,
        wait: bool = True,
        age: float = 0.0,
        locale: str = "en-US",
        bot: discord.Client | None = None,
        **kw_options: Any,
    ) -> InteractionHandle:
        """``user`` runs ``/command`` (e.g. ``"kelp challenge"``) with options.

        Options come as keywords or via ``options=`` (for names clashing with parameters).
        ``age`` pretends the interaction was created that many seconds ago (gateway lag).
        """
        person = self._as_user(user)
        socket = self._socket_for(bot)
        where = self._channel_for(person, channel, dm)
        values = {**(options or {}), **kw_options}
        data = self._command_data(person, command, where, values, socket)
        record = self.new_interaction(
            itype=2, user=person, channel=where, data=data, age=age, locale=locale
        )
        return await self._dispatch(record, socket, wait)

    async def autocomplete(
        self,
        user: UserLike,
        command: str,
        /,
        focused: str,
        value: str,
        *,
        channel: FakeChannel | None = None,
        dm: bool = False,
        options: Mapping[str, Any] | None = None,
        wait: bool = True,
        age: float = 0.0,
        bot: discord.Client | None = None,
        **kw_options: Any,
    ) -> InteractionHandle:
        """``user`` types ``value`` into option ``focused`` of ``/command``."""
        person = self._as_user(user)
        socket = self._socket_for(bot)
        where = self._channel_for(person, channel, dm)
        values = {**(options or {}), **kw_options, focused: value}
        data = self._command_data(person, command, where, values, socket, focused=focused)
        record = self.new_interaction(itype=4, user=person, channel=where, data=data, age=age)
        return await self._dispatch(record, socket, wait)

    def _message_for(self, user: FakeUser, message: FakeMessage | int | Any) -> FakeMessage:
        message_id = message if isinstance(message, int) else message.id
        found = self.messages.get(message_id)
        if found is None or found.deleted:
            raise AssertionError(f"message {message_id} does not exist (or was deleted)")
        if not found.is_visible_to(user.id):
            raise AssertionError(f"{user.name} cannot see message {message_id}")
        channel = self.channels[found.channel_id]
        if channel.is_dm and user.id not in channel.recipient_ids:
            raise AssertionError(f"{user.name} cannot see a DM of someone else")
        return found

    async def click(
        self,
        user: UserLike,
        message: FakeMessage | int | Any,
        custom_id: str,
        *,
        wait: bool = True,
        age: float = 0.0,
        bot: discord.Client | None = None,
    ) -> InteractionHandle:
        """``user`` clicks the button ``custom_id`` on ``message`` (as Discord sends it)."""
        person = self._as_user(user)
        socket = self._socket_for(bot)
        found = self._message_for(person, message)
        try:
            component = found.component(custom_id)
        except KeyError as exc:
            raise AssertionError(str(exc)) from None
        if component.get("type") != 2:
            raise ValueError(f"{custom_id!r} is not a button; use select()")
        if component.get("disabled"):
            raise AssertionError(f"button {custom_id!r} is disabled; a user cannot click it")
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": 2}
        if component.get("id") is not None:
            data["id"] = component["id"]
        record = self.new_interaction(
            itype=3,
            user=person,
            channel=self.channels[found.channel_id],
            data=data,
            message=found,
            age=age,
        )
        return await self._dispatch(record, socket, wait)

    async def select(
        self,
        user: UserLike,
        message: FakeMessage | int | Any,
        custom_id: str,
        values: Sequence[Any],
        *,
        wait: bool = True,
        age: float = 0.0,
        bot: discord.Client | None = None,
    ) -> InteractionHandle:
        """``user`` picks ``values`` in the select menu ``custom_id`` on ``message``."""
        person = self._as_user(user)
        socket = self._socket_for(bot)
        found = self._message_for(person, message)
        try:
            component = found.component(custom_id)
        except KeyError as exc:
            raise AssertionError(str(exc)) from None
        ctype = component.get("type")
        if ctype not in SELECT_TYPES:
            raise ValueError(f"{custom_id!r} is not a select menu; use click()")
        if component.get("disabled"):
            raise AssertionError(f"select {custom_id!r} is disabled")
        low, high = component.get("min_values", 1), component.get("max_values", 1)
        if not low <= len(values) <= high:
            raise ValueError(f"select {custom_id!r} takes {low}..{high} values, got {len(values)}")
        resolver = OptionResolver(self, found.guild_id)
        if ctype == 3:
            allowed = [o["value"] for o in component.get("options") or []]
            bad = [v for v in values if v not in allowed]
            if bad:
                raise ValueError(f"select {custom_id!r} has no option(s) {bad}; options: {allowed}")
            chosen = [str(v) for v in values]
        elif ctype == 5:
            chosen = [resolver.user(v) for v in values]
        elif ctype == 6:
            chosen = [resolver.role(v) for v in values]
        elif ctype == 8:
            chosen = [resolver.channel(v, component.get("channel_types")) for v in values]
        else:
            chosen = [
                resolver.role(v) if hasattr(v, "permissions") else resolver.user(v) for v in values
            ]
        data: dict[str, Any] = {"custom_id": custom_id, "component_type": ctype, "values": chosen}
        if component.get("id") is not None:
            data["id"] = component["id"]
        resolved = resolver.resolved.payload()
        if resolved:
            data["resolved"] = resolved
        record = self.new_interaction(
            itype=3,
            user=person,
            channel=self.channels[found.channel_id],
            data=data,
            message=found,
            age=age,
        )
        return await self._dispatch(record, socket, wait)

    async def submit_modal(
        self,
        user: UserLike,
        opened: InteractionHandle,
        values: Mapping[str, Any],
        *,
        wait: bool = True,
        age: float = 0.0,
        bot: discord.Client | None = None,
    ) -> InteractionHandle:
        """``user`` fills the modal the bot opened in ``opened`` (custom_id → value) and submits."""
        person = self._as_user(user)
        socket = self._socket_for(bot)
        modal = opened.record.modal
        if modal is None:
            raise AssertionError(f"interaction {opened.id} did not open a modal")
        data = {
            "custom_id": modal["custom_id"],
            "components": build_modal_submit_components(modal, values),
        }
        source = opened.record.source_message_id
        record = self.new_interaction(
            itype=5,
            user=person,
            channel=self.channels[opened.record.channel_id],
            data=data,
            message=self.messages[source] if source else None,
            age=age,
        )
        return await self._dispatch(record, socket, wait)

    async def user_message(
        self, user: UserLike, channel: FakeChannel, content: str, *, wait: bool = True
    ) -> FakeMessage:
        """``user`` posts a plain message (MESSAGE_CREATE reaches the bot per its intents)."""
        person = self._as_user(user)
        message = FakeMessage(
            id=self.snowflakes.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=person,
            timestamp=self.clock.iso(),
            content=content,
        )
        self.messages[message.id] = message
        channel.last_message_id = message.id
        before = set(asyncio.all_tasks())
        self._emit_message("MESSAGE_CREATE", message)
        if wait:
            await self._wait_quiet(before, self.quiescence_timeout)
        return message

    # ======================================================================================
    # Reading what users see
    # ======================================================================================

    def advance(self, seconds: float) -> None:
        """Shortcut for ``clock.advance``."""
        self.clock.advance(seconds)

    def get_message(self, message: FakeMessage | int | Any) -> FakeMessage:
        """Current state of a message by id (or any object with ``.id``)."""
        return self.messages[message if isinstance(message, int) else message.id]

    def messages_in(
        self, channel: FakeChannel | int, *, include_deleted: bool = False
    ) -> list[FakeMessage]:
        """Public (non-ephemeral) messages of a channel, oldest first."""
        channel_id = channel if isinstance(channel, int) else channel.id
        return sorted(
            (
                m
                for m in self.messages.values()
                if m.channel_id == channel_id
                and not m.ephemeral
                and (include_deleted or not m.deleted)
            ),
            key=lambda m: m.id,
        )

    def last_message(self, channel: FakeChannel | int) -> FakeMessage:
        """Newest public message of a channel."""
        messages = self.messages_in(channel)
        if not messages:
            raise AssertionError("channel has no messages")
        return messages[-1]

    def visible_messages(self, user: UserLike, channel: FakeChannel | int) -> list[FakeMessage]:
        """What ``user`` sees in a channel: public messages plus their own ephemerals."""
        person = self._as_user(user)
        channel_id = channel if isinstance(channel, int) else channel.id
        return sorted(
            (
                m
                for m in self.messages.values()
                if m.channel_id == channel_id and m.is_visible_to(person.id)
            ),
            key=lambda m: m.id,
        )

    def ephemerals_for(
        self, user: UserLike, channel: FakeChannel | None = None
    ) -> list[FakeMessage]:
        """Ephemeral messages only ``user`` can see (optionally in one channel), oldest first."""
        person = self._as_user(user)
        return sorted(
            (
                m
                for m in self.messages.values()
                if m.ephemeral
                and m.visible_to == person.id
                and not m.deleted
                and (channel is None or m.channel_id == channel.id)
            ),
            key=lambda m: m.id,
        )

    def dms_to(self, user: UserLike) -> list[FakeMessage]:
        """Messages the bot sent to ``user``'s DM channel, oldest first."""
        person = self._as_user(user)
        channel_id = self.dm_channel_ids.get(person.id)
        if channel_id is None:
            return []
        return [m for m in self.messages_in(channel_id) if m.author.id == self.bot_user.id]

    def threads_of(self, channel: FakeChannel) -> list[FakeChannel]:
        """Threads created under a text channel."""
        return [c for c in self.channels.values() if c.parent_id == channel.id and not c.deleted]

    def attachment_bytes(self, message: FakeMessage | int, filename: str) -> bytes:
        """Raw bytes of an attachment of a message."""
        return self.get_message(message).attachment(filename).data

    def registered_commands(self, guild: FakeGuild | None = None) -> list[dict[str, Any]]:
        """Commands registered by bulk upsert, globally or for ``guild``."""
        return list(self.commands.get(guild.id if guild else None, {}).values())

    def calls_to(
        self, method: str | None = None, route: str | None = None, *, transport: str | None = None
    ) -> list[Call]:
        """Recorded calls filtered by method, route template and transport.

        ``route`` is discord.py's template, e.g. ``/channels/{channel_id}/messages``;
        ``transport`` is ``"rest"`` or ``"webhook"``.
        """
        return [
            c
            for c in self.calls
            if (method is None or c.method == method)
            and (route is None or c.route == route)
            and (transport is None or c.transport == transport)
        ]

    def take_unhandled(self) -> list[Call]:
        """Return and forget calls to unimplemented routes (for tests that expect some)."""
        taken, self.unhandled[:] = list(self.unhandled), []
        return taken

    def assert_no_unhandled(self) -> None:
        """Fail if the bot hit a route the fake does not implement."""
        if self.unhandled:
            listing = "\n".join(f"  {c.method} {c.route} ({c.path})" for c in self.unhandled)
            raise AssertionError(
                f"bot called route(s) the fake Discord does not implement:\n{listing}"
            )


def users_named(fake: FakeDiscord, *names: str) -> list[FakeUser]:
    """Convenience: create several users at once."""
    return [fake.add_user(name=name) for name in names]
