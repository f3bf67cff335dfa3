"""The fake Discord backend: state, REST routes, interaction webhooks and the gateway.

:class:`DiscordServer` answers the calls that arrive through the seams in
:mod:`.transport` the way Discord does – same status codes, same JSON error bodies, same
gateway events – and enforces the rules a bot must survive in production:

* 10062 when the first interaction response comes more than 3 s after the interaction;
* 40060 on a second initial response;
* 50027 for followups / ``@original`` calls after the 15-minute token lifetime;
* 50007 when DMing a user who blocks DMs;
* 50035 for payloads over Discord's limits (see :mod:`.limits`), 40005/413 for big files;
* ephemeral messages are visible only to the interacting user and are never echoed on the
  gateway nor reachable through channel routes.

Unknown routes raise ``discord.NotFound`` with "no handler for …" and are collected in
:attr:`DiscordServer.unhandled` (the pytest fixture fails the test if any remain), so a
missing feature of the fake can never pass silently.
"""

from __future__ import annotations

import asyncio
import copy
import json
import mimetypes
import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any
from urllib.parse import unquote, urlsplit

import discord
from discord.http import Route

from . import errors as err
from .clock import FakeClock, SnowflakeFactory
from .errors import DiscordAPIError
from .limits import (
    FILE_SIZE_MAX,
    FILES_MAX,
    FLAG_COMPONENTS_V2,
    FLAG_EPHEMERAL,
    FLAG_LOADING,
    THREAD_NAME_MAX,
    FormErrors,
    iter_components,
    validate_autocomplete,
    validate_commands,
    validate_message_fields,
    validate_modal,
)
from .models import (
    ALL_PERMISSIONS,
    DEFAULT_MEMBER_PERMISSIONS,
    DM_CHANNEL,
    PRIVATE_THREAD,
    PUBLIC_THREAD,
    TEXT_CHANNEL,
    Call,
    CallbackRecord,
    FakeAttachment,
    FakeChannel,
    FakeGuild,
    FakeMember,
    FakeMessage,
    FakeRole,
    FakeUser,
    InteractionRecord,
    UploadedFile,
)
from .transport import FakeGatewaySocket, FakeWebhookAdapter

#: Seconds Discord allows for the first interaction response.
INITIAL_RESPONSE_DEADLINE = 3.0
#: Lifetime of an interaction token (followups, ``@original``).
TOKEN_LIFETIME = 15 * 60.0

# Gateway intents (bit numbers) that gate the events the fake emits.
INTENT_GUILDS = 0
INTENT_GUILD_MEMBERS = 1
INTENT_GUILD_MESSAGES = 9
INTENT_DIRECT_MESSAGES = 12
INTENT_MESSAGE_CONTENT = 15

# Message flags a bot may set when creating a message through REST.
_REST_CREATE_FLAGS = 4 | 4096 | FLAG_COMPONENTS_V2
# Message flags an edit may toggle (suppress embeds, components v2).
_EDIT_FLAGS = 4 | FLAG_COMPONENTS_V2

# Which initial response types Discord accepts for which interaction type.
_ALLOWED_CALLBACKS: dict[int, frozenset[int]] = {
    1: frozenset({1}),
    2: frozenset({4, 5, 9}),
    3: frozenset({4, 5, 6, 7, 9}),
    4: frozenset({8}),
    5: frozenset({4, 5, 6, 7}),
}

Handler = Callable[["Request"], Any]


@dataclass
class Request:
    """A decoded request as route handlers see it."""

    call: Call
    json: Any
    files: list[UploadedFile]

    @property
    def params(self) -> dict[str, str]:
        """URL parameters of the route template (``channel_id``, ``webhook_token``…)."""
        return self.call.params

    def int_param(self, name: str) -> int:
        """A snowflake URL parameter; malformed ids are a 404, as on Discord."""
        try:
            return int(self.call.params[name])
        except ValueError:
            raise DiscordAPIError(404, 0, "404: Not Found") from None

    @property
    def body(self) -> dict[str, Any]:
        """JSON body as a dict (empty if none)."""
        return self.json if isinstance(self.json, dict) else {}


def _json_copy(value: Any) -> Any:
    """Round-trip through JSON: what the bot gets can never alias the fake's state."""
    return json.loads(json.dumps(value))


_TEMPLATE_PARAM = re.compile(r"\{(\w+)\}")


class DiscordServer:
    """State and behaviour of the fake Discord API (no bot lifecycle; see ``FakeDiscord``)."""

    def __init__(
        self,
        *,
        clock: FakeClock | None = None,
        token: str = "fake-bot-token",
        bot_name: str = "FakeBot",
        application_id: int | None = None,
        file_size_limit: int = FILE_SIZE_MAX,
        require_synced_commands: bool = False,
    ) -> None:
        self.clock = clock or FakeClock()
        self.snowflakes = SnowflakeFactory(self.clock)
        self.token = token
        self.application_id = application_id or self.snowflakes.next()
        self.bot_user = FakeUser(id=self.application_id, name=bot_name, bot=True)
        self.file_size_limit = file_size_limit
        self.require_synced_commands = require_synced_commands

        self.users: dict[int, FakeUser] = {self.bot_user.id: self.bot_user}
        self.guilds: dict[int, FakeGuild] = {}
        self.channels: dict[int, FakeChannel] = {}
        self.messages: dict[int, FakeMessage] = {}
        self.dm_channel_ids: dict[int, int] = {}
        #: Registered application commands: scope (guild id or ``None``) → name → payload.
        self.commands: dict[int | None, dict[tuple[int, str], dict[str, Any]]] = {}
        self.interactions: dict[int, InteractionRecord] = {}
        self._interactions_by_token: dict[str, InteractionRecord] = {}
        #: Every request discord.py made, in order.
        self.calls: list[Call] = []
        #: Requests for routes the fake does not implement (each also raised NotFound).
        self.unhandled: list[Call] = []
        #: Errors to answer instead of a route's handler (`refuse`): (method, route) → error.
        self.refusals: dict[tuple[str, str], DiscordAPIError] = {}
        self.sockets: list[FakeGatewaySocket] = []
        self._cdn: dict[str, FakeAttachment] = {}
        self._synthetic_command_ids: dict[tuple[int | None, str], int] = {}
        self._template_regex: dict[str, re.Pattern[str]] = {}
        self.webhook_adapter = FakeWebhookAdapter(self)
        # Guilds being assembled by add_guild: their parts are announced by one GUILD_CREATE.
        self._building: set[int] = set()

        self._rest_routes: dict[tuple[str, str], Handler] = {
            ("GET", "/users/@me"): self._get_current_user,
            ("GET", "/oauth2/applications/@me"): self._get_application,
            ("GET", "/gateway"): self._get_gateway,
            ("GET", "/gateway/bot"): self._get_gateway_bot,
            ("GET", "/users/{user_id}"): self._get_user,
            ("POST", "/users/@me/channels"): self._create_dm,
            ("GET", "/guilds/{guild_id}"): self._get_guild,
            ("GET", "/guilds/{guild_id}/channels"): self._get_guild_channels,
            ("GET", "/guilds/{guild_id}/members"): self._list_members,
            ("GET", "/guilds/{guild_id}/members/{member_id}"): self._get_member,
            ("GET", "/channels/{channel_id}"): self._get_channel,
            ("PATCH", "/channels/{channel_id}"): self._edit_channel,
            ("DELETE", "/channels/{channel_id}"): self._delete_channel,
            ("POST", "/channels/{channel_id}/typing"): self._typing,
            ("GET", "/channels/{channel_id}/messages"): self._history,
            ("POST", "/channels/{channel_id}/messages"): self._send_message,
            ("GET", "/channels/{channel_id}/messages/{message_id}"): self._get_message,
            ("PATCH", "/channels/{channel_id}/messages/{message_id}"): self._edit_message,
            ("DELETE", "/channels/{channel_id}/messages/{message_id}"): self._delete_message,
            ("PUT", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"): (
                self._add_reaction
            ),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}/reactions/{emoji}/@me"): (
                self._remove_reaction
            ),
            ("POST", "/channels/{channel_id}/threads"): self._start_thread,
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads"): (
                self._start_thread_from_message
            ),
            ("PUT", "/channels/{channel_id}/thread-members/@me"): self._join_thread,
            ("DELETE", "/channels/{channel_id}/thread-members/@me"): self._leave_thread,
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}"): self._add_thread_member,
            ("DELETE", "/channels/{channel_id}/thread-members/{user_id}"): (
                self._remove_thread_member
            ),
            ("GET", "/channels/{channel_id}/thread-members"): self._list_thread_members,
            ("GET", "/applications/{application_id}/commands"): self._get_commands,
            ("PUT", "/applications/{application_id}/commands"): self._bulk_commands,
            ("GET", "/applications/{application_id}/guilds/{guild_id}/commands"): (
                self._get_commands
            ),
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands"): (
                self._bulk_commands
            ),
            ("GET", "/applications/{application_id}/commands/{command_id}"): self._get_command,
            ("GET", "/applications/{application_id}/guilds/{guild_id}/commands/{command_id}"): (
                self._get_command
            ),
        }
        wh = "/webhooks/{webhook_id}/{webhook_token}"
        self._webhook_routes: dict[tuple[str, str], Handler] = {
            ("POST", "/interactions/{webhook_id}/{webhook_token}/callback"): (
                self._interaction_callback
            ),
            ("POST", wh): self._followup,
            ("GET", wh + "/messages/@original"): self._get_original,
            ("PATCH", wh + "/messages/@original"): self._edit_original,
            ("DELETE", wh + "/messages/@original"): self._delete_original,
            ("GET", wh + "/messages/{message_id}"): self._get_followup,
            ("PATCH", wh + "/messages/{message_id}"): self._edit_followup,
            ("DELETE", wh + "/messages/{message_id}"): self._delete_followup,
        }

    # ======================================================================================
    # World building
    # ======================================================================================

    def add_user(
        self,
        user_id: int | None = None,
        name: str | None = None,
        *,
        dm_closed: bool = False,
        bot: bool = False,
        global_name: str | None = None,
        guilds: Iterable[FakeGuild] | None = None,
    ) -> FakeUser:
        """Create a user; they join ``guilds`` (default: every guild that exists)."""
        uid = user_id or self.snowflakes.next()
        user = FakeUser(
            id=uid,
            name=name or f"user{uid % 10000}",
            global_name=global_name,
            bot=bot,
            dm_closed=dm_closed,
        )
        self.users[uid] = user
        for guild in self.guilds.values() if guilds is None else guilds:
            self.add_member(guild, user)
        return user

    def add_guild(
        self,
        name: str = "Test Guild",
        *,
        guild_id: int | None = None,
        owner: FakeUser | None = None,
        channels: Sequence[str] = ("general",),
        everyone_permissions: int = DEFAULT_MEMBER_PERMISSIONS,
        bot_permissions: int = DEFAULT_MEMBER_PERMISSIONS | (1 << 13) | (1 << 34),
        members: Iterable[FakeUser] | None = None,
    ) -> FakeGuild:
        """Create a guild with an ``@everyone`` role, the bot, ``members`` and text channels.

        ``members`` defaults to every (non-bot) user that already exists, so the order of
        ``add_user``/``add_guild`` calls does not matter in single-guild tests.  The bot's
        member gets ``bot_permissions`` (default: member rights plus manage messages and
        manage threads).
        """
        gid = guild_id or self.snowflakes.next()
        if members is None:
            members = [u for u in self.users.values() if not u.bot]
        owner_user = owner or self.add_user(name="owner", guilds=())
        guild = FakeGuild(id=gid, name=name, owner_id=owner_user.id)
        guild.roles[gid] = FakeRole(
            id=gid, guild_id=gid, name="@everyone", permissions=everyone_permissions
        )
        self._building.add(gid)
        try:
            self.guilds[gid] = guild
            self.add_member(guild, owner_user)
            self.add_member(guild, self.bot_user, permissions=bot_permissions)
            for user in members:
                self.add_member(guild, user)
            for channel_name in channels:
                self.add_text_channel(guild, channel_name)
        finally:
            self._building.discard(gid)
        self._emit("GUILD_CREATE", lambda _sock: self._guild_payload(guild), INTENT_GUILDS)
        return guild

    def add_member(
        self,
        guild: FakeGuild,
        user: FakeUser,
        *,
        nick: str | None = None,
        roles: Sequence[FakeRole] = (),
        permissions: int | None = None,
    ) -> FakeMember:
        """Make ``user`` a member of ``guild`` (``permissions`` overrides role maths)."""
        member = FakeMember(
            user=user,
            guild_id=guild.id,
            joined_at=self.clock.iso(),
            nick=nick,
            roles=[r.id for r in roles],
            permissions=permissions,
        )
        is_new = user.id not in guild.members
        guild.members[user.id] = member
        if is_new and user.id != self.bot_user.id and guild.id not in self._building:
            self._emit(
                "GUILD_MEMBER_ADD",
                lambda _sock: {**member.payload(), "guild_id": str(guild.id)},
                INTENT_GUILD_MEMBERS,
            )
        return member

    def add_role(
        self, guild: FakeGuild, name: str, *, permissions: int = 0, members: Iterable[FakeUser] = ()
    ) -> FakeRole:
        """Create a role and give it to ``members``."""
        role = FakeRole(
            id=self.snowflakes.next(),
            guild_id=guild.id,
            name=name,
            permissions=permissions,
            position=len(guild.roles),
        )
        guild.roles[role.id] = role
        for user in members:
            guild.members[user.id].roles.append(role.id)
        return role

    def add_text_channel(
        self,
        guild: FakeGuild,
        name: str = "general",
        *,
        channel_id: int | None = None,
        topic: str | None = None,
    ) -> FakeChannel:
        """Create a text channel in ``guild``."""
        channel = FakeChannel(
            id=channel_id or self.snowflakes.next(),
            type=TEXT_CHANNEL,
            name=name,
            guild_id=guild.id,
            position=len(guild.channel_ids),
            topic=topic,
        )
        self.channels[channel.id] = channel
        guild.channel_ids.append(channel.id)
        if guild.id not in self._building:
            self._emit("CHANNEL_CREATE", lambda _sock: channel.payload(), INTENT_GUILDS)
        return channel

    def dm_channel(self, user: FakeUser) -> FakeChannel:
        """The DM channel between the bot and ``user`` (created on first use, as Discord does)."""
        channel_id = self.dm_channel_ids.get(user.id)
        if channel_id is None:
            channel = FakeChannel(
                id=self.snowflakes.next(), type=DM_CHANNEL, recipient_ids=[user.id]
            )
            self.channels[channel.id] = channel
            self.dm_channel_ids[user.id] = channel.id
            return channel
        return self.channels[channel_id]

    # ======================================================================================
    # Transport entry points (called by the seams)
    # ======================================================================================

    async def handle_rest(
        self,
        route: Route,
        *,
        files: Sequence[discord.File] | None = None,
        form: Iterable[dict[str, Any]] | None = None,
        **kwargs: Any,
    ) -> Any:
        """Entry point of :class:`FakeHTTPClient.request`."""
        body = kwargs.get("json")
        if form:
            body = self._payload_from_multipart(form)
        return await self._handle(
            "rest",
            self._rest_routes,
            route,
            body=body,
            files=files,
            query=kwargs.get("params") or {},
            reason=kwargs.get("reason"),
        )

    async def handle_webhook(
        self,
        route: Route,
        *,
        payload: dict[str, Any] | None,
        multipart: list[dict[str, Any]] | None,
        files: Sequence[discord.File] | None,
        params: dict[str, Any] | None,
        reason: str | None,
    ) -> Any:
        """Entry point of :class:`FakeWebhookAdapter.request`."""
        body: Any = payload
        if multipart:
            body = self._payload_from_multipart(multipart)
        return await self._handle(
            "webhook",
            self._webhook_routes,
            route,
            body=body,
            files=files,
            query=params or {},
            reason=reason,
        )

    @staticmethod
    def _payload_from_multipart(form: Iterable[dict[str, Any]]) -> Any:
        for part in form:
            if part.get("name") == "payload_json":
                return json.loads(part["value"])
        return None

    def _read_files(self, files: Sequence[discord.File] | None, body: Any) -> list[UploadedFile]:
        """Read uploaded bytes and pair them with the ``attachments`` metadata of the body."""
        if not files:
            return []
        metadata: dict[int, Mapping[str, Any]] = {}
        if isinstance(body, dict):
            source = body.get("attachments")
            if source is None and isinstance(body.get("data"), dict):
                source = body["data"].get("attachments")
            for item in source or []:
                try:
                    metadata[int(item["id"])] = item
                except (KeyError, TypeError, ValueError):
                    continue
        uploaded = []
        for index, file in enumerate(files):
            file.reset(seek=True)
            data = file.fp.read()
            file.reset(seek=True)
            meta = metadata.get(index, {})
            uploaded.append(
                UploadedFile(
                    index=index,
                    filename=meta.get("filename") or file.filename or f"file{index}",
                    data=bytes(data),
                    description=meta.get("description", file.description),
                )
            )
        return uploaded

    def _route_params(self, route: Route) -> tuple[str, dict[str, str]]:
        path = urlsplit(route.url).path
        path = re.sub(r"^/api/v\d+", "", path)
        regex = self._template_regex.get(route.path)
        if regex is None:
            pattern = _TEMPLATE_PARAM.sub(
                r"(?P<\1>[^/]+)", re.escape(route.path).replace(r"\{", "{").replace(r"\}", "}")
            )
            regex = self._template_regex[route.path] = re.compile("^" + pattern + "$")
        match = regex.match(path)
        params = {k: unquote(v) for k, v in match.groupdict().items()} if match else {}
        return path, params

    async def _handle(
        self,
        transport: str,
        table: Mapping[tuple[str, str], Handler],
        route: Route,
        *,
        body: Any,
        files: Sequence[discord.File] | None,
        query: Mapping[str, Any],
        reason: str | None,
    ) -> Any:
        path, params = self._route_params(route)
        body = _json_copy(body) if body is not None else None
        call = Call(
            seq=len(self.calls) + 1,
            transport=transport,
            method=route.method,
            route=route.path,
            path=path,
            params=params,
            query=dict(query),
            json=body,
            files=self._read_files(files, body),
            at=self.clock.now(),
            reason=reason,
        )
        self.calls.append(call)
        # Let other tasks run, as a network round trip would.
        await asyncio.sleep(0)
        handler = table.get((route.method, route.path))
        try:
            refusal = self.refusals.get((route.method, route.path))
            if refusal is not None:
                raise refusal
            if handler is None:
                self.unhandled.append(call)
                raise err.no_handler(route.method, route.path, path)
            result = handler(Request(call=call, json=body, files=call.files))
        except DiscordAPIError as exc:
            call.status = exc.status
            call.error_code = exc.code
            call.error_message = exc.message
            call.response = exc.body()
            raise exc.to_discord_exception(route.method, route.url) from None
        call.status = 200 if result is not None else 204
        call.response = result
        # discord.py returns the body text ("") for 204 No Content.
        return _json_copy(result) if result is not None else ""

    def refuse(self, method: str, route: str, error: DiscordAPIError | None) -> None:
        """Answer every `method` request to `route` (discord.py's template, e.g.
        ``/channels/{channel_id}/typing``) with `error` instead of its handler, or stop
        doing so (`error` None): for refusals the model has no state for, such as a
        permission the bot lost in a channel. The call is still recorded."""
        if error is None:
            self.refusals.pop((method, route), None)
        else:
            self.refusals[(method, route)] = error

    # ======================================================================================
    # Gateway
    # ======================================================================================

    def open_gateway(self, url: str, owner: object | None = None) -> FakeGatewaySocket:
        """Accept a gateway connection and say HELLO (heartbeats effectively disabled)."""
        socket = FakeGatewaySocket(self, url, owner)
        self.sockets.append(socket)
        socket.push(10, {"heartbeat_interval": 10**9, "_trace": ["fakediscord"]})
        return socket

    def live_sockets(self) -> list[FakeGatewaySocket]:
        """Identified, open gateway connections."""
        return [s for s in self.sockets if s.identified and not s.closed]

    def on_gateway_frame(self, socket: FakeGatewaySocket, frame: Mapping[str, Any]) -> None:
        """React to a frame sent by the bot."""
        op = frame.get("op")
        data = frame.get("d")
        if op == 1:  # heartbeat
            socket.push(11, None)
        elif op == 2:  # identify
            if data.get("token") != self.token:
                socket.push(9, False)
                return
            socket.intents = int(data.get("intents") or 0)
            socket.identified = True
            socket.session_id = f"fake-session-{len(self.sockets)}"
            socket.dispatch("READY", self._ready_payload(socket))
            for guild in self.guilds.values():
                socket.dispatch("GUILD_CREATE", self._guild_payload(guild))
        elif op == 6:  # resume
            socket.identified = True
            socket.session_id = data.get("session_id")
            socket.dispatch("RESUMED", {"_trace": ["fakediscord"]})
        elif op == 8:  # request guild members
            guild = self.guilds.get(int(data["guild_id"]))
            members = list(guild.members.values()) if guild else []
            wanted = data.get("user_ids")
            if wanted:
                wanted_ids = {int(u) for u in wanted}
                members = [m for m in members if m.user.id in wanted_ids]
            query = data.get("query")
            if query:
                members = [m for m in members if m.user.name.lower().startswith(query.lower())]
            chunk: dict[str, Any] = {
                "guild_id": str(data["guild_id"]),
                "members": [m.payload() for m in members],
                "chunk_index": 0,
                "chunk_count": 1,
            }
            if data.get("nonce"):
                chunk["nonce"] = data["nonce"]
            socket.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    def on_gateway_closed(self, socket: FakeGatewaySocket) -> None:
        """Hook for the socket's ``close``; the socket stays listed for assertions."""

    def _ready_payload(self, socket: FakeGatewaySocket) -> dict[str, Any]:
        return {
            "v": 10,
            "user": self._current_user_payload(),
            "guilds": [{"id": str(gid), "unavailable": True} for gid in self.guilds],
            "session_id": socket.session_id,
            "resume_gateway_url": "wss://fake-gateway.discord.invalid",
            "application": {"id": str(self.application_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "user_settings": {},
            "session_type": "normal",
            "_trace": ["fakediscord"],
        }

    def _guild_payload(self, guild: FakeGuild) -> dict[str, Any]:
        channels = [self.channels[c] for c in guild.channel_ids if not self.channels[c].deleted]
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.payload() for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "premium_subscription_count": 0,
            "preferred_locale": guild.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": self.clock.iso(),
            "large": False,
            "unavailable": False,
            "member_count": len(guild.members),
            "voice_states": [],
            "members": [m.payload() for m in guild.members.values()],
            "channels": [c.payload() for c in channels if not c.is_thread],
            "threads": [c.payload() for c in channels if c.is_thread and not c.archived],
            "presences": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def _emit(
        self,
        event: str,
        build: Callable[[FakeGatewaySocket], dict[str, Any]],
        intent: int | None,
    ) -> None:
        """Send a dispatch to every live connection whose intents allow it."""
        for socket in self.live_sockets():
            if intent is None or socket.intents & (1 << intent):
                socket.dispatch(event, build(socket))

    def _emit_message(self, event: str, message: FakeMessage) -> None:
        """MESSAGE_CREATE/UPDATE for non-ephemeral messages, honouring intents."""
        if message.ephemeral:
            return
        intent = INTENT_DIRECT_MESSAGES if message.guild_id is None else INTENT_GUILD_MESSAGES

        def build(socket: FakeGatewaySocket) -> dict[str, Any]:
            data = message.payload(self._member_of(message.guild_id, message.author.id))
            privileged = socket.intents & (1 << INTENT_MESSAGE_CONTENT)
            own = message.author.id == self.bot_user.id
            mentioned = self.bot_user.mention in message.content
            if message.guild_id is not None and not (privileged or own or mentioned):
                data.update(content="", embeds=[], attachments=[], components=[])
            return data

        self._emit(event, build, intent)

    def _emit_delete(self, message: FakeMessage) -> None:
        if message.ephemeral:
            return
        intent = INTENT_DIRECT_MESSAGES if message.guild_id is None else INTENT_GUILD_MESSAGES
        data: dict[str, Any] = {"id": str(message.id), "channel_id": str(message.channel_id)}
        if message.guild_id is not None:
            data["guild_id"] = str(message.guild_id)
        self._emit("MESSAGE_DELETE", lambda _sock: data, intent)

    # ======================================================================================
    # Lookup helpers
    # ======================================================================================

    def _member_of(self, guild_id: int | None, user_id: int) -> FakeMember | None:
        if guild_id is None:
            return None
        guild = self.guilds.get(guild_id)
        return guild.members.get(user_id) if guild else None

    def _channel(self, channel_id: int) -> FakeChannel:
        channel = self.channels.get(channel_id)
        if channel is None or channel.deleted:
            raise err.unknown_channel()
        return channel

    def _public_message(self, channel_id: int, message_id: int) -> FakeMessage:
        """A message reachable through channel routes (never an ephemeral one)."""
        message = self.messages.get(message_id)
        if (
            message is None
            or message.deleted
            or message.channel_id != channel_id
            or message.ephemeral
        ):
            raise err.unknown_message()
        return message

    def cdn_bytes(self, url: str) -> bytes:
        """Bytes behind an attachment url (``discord.Attachment.read``)."""
        base = url.split("?", 1)[0].replace("media.discordapp.net", "cdn.discordapp.com")
        attachment = self._cdn.get(base)
        if attachment is None:
            raise err.DiscordAPIError(404, 0, "asset not found").to_discord_exception("GET", url)
        return attachment.data

    def _current_user_payload(self) -> dict[str, Any]:
        return {
            **self.bot_user.payload(),
            "verified": True,
            "mfa_enabled": False,
            "locale": "en-US",
            "email": None,
        }

    def _channel_permissions(self, channel: FakeChannel, user_id: int) -> int:
        if channel.guild_id is None:
            return DEFAULT_MEMBER_PERMISSIONS
        return self.guilds[channel.guild_id].member_permissions(user_id)

    # ======================================================================================
    # Messages: validation, creation, edits
    # ======================================================================================

    def _check_files(self, files: Sequence[UploadedFile], prefix: tuple[str, ...]) -> None:
        for file in files:
            if file.size > self.file_size_limit:
                raise err.entity_too_large()
        if len(files) > FILES_MAX:
            errors = FormErrors()
            errors.add(
                ("attachments",), "BASE_TYPE_MAX_LENGTH", f"Must be {FILES_MAX} or fewer in length."
            )
            raise err.invalid_form_body(errors.to_dict(prefix))

    def _resolve_attachments(
        self,
        body: Mapping[str, Any],
        files: Sequence[UploadedFile],
        channel_id: int,
        existing: Sequence[FakeAttachment],
        *,
        ephemeral: bool,
    ) -> list[FakeAttachment] | None:
        """New attachment list after a create/edit, or ``None`` if unchanged."""
        metadata = body.get("attachments")
        if metadata is None and not files:
            return None
        by_index = {f.index: f for f in files}
        kept = {a.id: a for a in existing}
        result: list[FakeAttachment] = []
        used: set[int] = set()
        for item in metadata or []:
            try:
                ref = int(item.get("id"))
            except (TypeError, ValueError):
                continue
            if ref in by_index and ref not in used:
                used.add(ref)
                result.append(self._store_upload(by_index[ref], channel_id, ephemeral))
            elif ref in kept:
                result.append(kept[ref])
        for file in files:
            if file.index not in used:
                result.append(self._store_upload(file, channel_id, ephemeral))
        return result

    def _store_upload(self, file: UploadedFile, channel_id: int, ephemeral: bool) -> FakeAttachment:
        attachment = FakeAttachment(
            id=self.snowflakes.next(),
            filename=file.filename,
            data=file.data,
            description=file.description,
            content_type=mimetypes.guess_type(file.filename)[0],
            channel_id=channel_id,
            ephemeral=ephemeral,
        )
        self._cdn[attachment.url] = attachment
        return attachment

    @staticmethod
    def _number_components(components: list[dict[str, Any]]) -> None:
        """Give every component a numeric ``id`` as Discord does in its answers."""
        all_components = list(iter_components(components))
        used = {c["id"] for c in all_components if isinstance(c.get("id"), int)}
        next_id = 1
        for component in all_components:
            if not isinstance(component.get("id"), int):
                while next_id in used:
                    next_id += 1
                component["id"] = next_id  # type: ignore[index]
                used.add(next_id)

    def _validate_result(
        self,
        content: str,
        embeds: list[dict[str, Any]],
        components: list[dict[str, Any]],
        flags: int,
        attachments: Sequence[FakeAttachment],
        body: Mapping[str, Any],
        prefix: tuple[str, ...],
    ) -> None:
        errors = FormErrors()
        validate_message_fields(
            {
                "content": content,
                "embeds": embeds,
                "components": components,
                "flags": flags,
                "attachments": body.get("attachments") or [],
                "poll": body.get("poll"),
            },
            errors,
        )
        if errors:
            raise err.invalid_form_body(errors.to_dict(prefix))
        if not (
            content
            or embeds
            or components
            or attachments
            or body.get("poll")
            or body.get("sticker_ids")
        ):
            raise err.empty_message()

    def _new_message(
        self,
        channel: FakeChannel,
        body: Mapping[str, Any],
        files: Sequence[UploadedFile],
        *,
        flags: int,
        prefix: tuple[str, ...] = (),
        msg_type: int = 0,
        author: FakeUser | None = None,
        interaction: InteractionRecord | None = None,
        loading: bool = False,
    ) -> FakeMessage:
        """Validate and store a new message (no gateway event)."""
        self._check_files(files, prefix)
        ephemeral = bool(flags & FLAG_EPHEMERAL)
        attachments = (
            self._resolve_attachments(body, files, channel.id, [], ephemeral=ephemeral) or []
        )
        content = body.get("content") or ""
        embeds = copy.deepcopy(body.get("embeds") or [])
        components = copy.deepcopy(body.get("components") or [])
        if not loading:
            self._validate_result(content, embeds, components, flags, attachments, body, prefix)
        self._number_components(components)
        message = FakeMessage(
            id=self.snowflakes.next(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=author or self.bot_user,
            timestamp=self.clock.iso(),
            content=content,
            embeds=embeds,
            components=components,
            attachments=attachments,
            flags=flags | (FLAG_LOADING if loading else 0),
            type=msg_type,
            tts=bool(body.get("tts")),
            message_reference=body.get("message_reference"),
        )
        if interaction is not None:
            message.webhook_id = self.application_id
            message.application_id = self.application_id
            message.interaction_id = interaction.id
            message.interaction_metadata = self._interaction_metadata(interaction)
            if ephemeral:
                message.visible_to = interaction.user_id
        self.messages[message.id] = message
        channel.last_message_id = message.id
        channel.message_count += 1
        return message

    def _apply_edit(
        self,
        message: FakeMessage,
        body: Mapping[str, Any],
        files: Sequence[UploadedFile],
        *,
        prefix: tuple[str, ...] = (),
    ) -> None:
        """Validate and apply an edit (content/embeds/components/attachments/flags)."""
        self._check_files(files, prefix)
        attachments = self._resolve_attachments(
            body, files, message.channel_id, message.attachments, ephemeral=message.ephemeral
        )
        content = (body.get("content") or "") if "content" in body else message.content
        embeds = copy.deepcopy(body.get("embeds") or []) if "embeds" in body else message.embeds
        components = (
            copy.deepcopy(body.get("components") or [])
            if "components" in body
            else copy.deepcopy(message.components)
        )
        flags = message.flags & ~FLAG_LOADING
        if body.get("flags") is not None:
            flags = (flags & ~_EDIT_FLAGS) | (int(body["flags"]) & _EDIT_FLAGS)
        final_attachments = message.attachments if attachments is None else attachments
        self._validate_result(content, embeds, components, flags, final_attachments, body, prefix)
        self._number_components(components)
        was_loading = message.loading
        message.history.append(message.snapshot())
        message.content = content
        message.embeds = embeds
        message.components = components
        message.attachments = list(final_attachments)
        message.flags = flags
        if not was_loading:
            message.edited_timestamp = self.clock.iso()

    # ======================================================================================
    # REST handlers
    # ======================================================================================

    def _get_current_user(self, req: Request) -> dict[str, Any]:
        return self._current_user_payload()

    def _get_application(self, req: Request) -> dict[str, Any]:
        # The owner of the first guild plays the application owner (``Bot.is_owner``).
        first_guild = next(iter(self.guilds.values()), None)
        owner = self.users[first_guild.owner_id] if first_guild else self.bot_user
        return {
            "id": str(self.application_id),
            "name": self.bot_user.name,
            "icon": None,
            "description": "fake application",
            "rpc_origins": [],
            "bot_public": True,
            "bot_require_code_grant": False,
            "bot": self.bot_user.payload(),
            "owner": owner.payload(),
            "team": None,
            "verify_key": "0" * 64,
            "flags": 0,
            "tags": [],
            "redirect_uris": [],
            "interactions_endpoint_url": None,
            "approximate_guild_count": len(self.guilds),
        }

    def _get_gateway(self, req: Request) -> dict[str, Any]:
        return {"url": "wss://fake-gateway.discord.invalid"}

    def _get_gateway_bot(self, req: Request) -> dict[str, Any]:
        return {
            "url": "wss://fake-gateway.discord.invalid",
            "shards": 1,
            "session_start_limit": {
                "total": 1000,
                "remaining": 1000,
                "reset_after": 0,
                "max_concurrency": 1,
            },
        }

    def _get_user(self, req: Request) -> dict[str, Any]:
        user = self.users.get(req.int_param("user_id"))
        if user is None:
            raise err.unknown_user()
        return user.payload()

    def _create_dm(self, req: Request) -> dict[str, Any]:
        try:
            user = self.users[int(req.body["recipient_id"])]
        except (KeyError, TypeError, ValueError):
            raise err.invalid_recipient() from None
        return self.dm_channel(user).payload(self.users)

    def _guild(self, req: Request) -> FakeGuild:
        guild = self.guilds.get(req.int_param("guild_id"))
        if guild is None:
            raise err.unknown_guild()
        return guild

    def _get_guild(self, req: Request) -> dict[str, Any]:
        payload = self._guild_payload(self._guild(req))
        for key in ("members", "channels", "threads", "voice_states", "presences"):
            payload.pop(key)
        return payload

    def _get_guild_channels(self, req: Request) -> list[dict[str, Any]]:
        guild = self._guild(req)
        return [
            self.channels[c].payload()
            for c in guild.channel_ids
            if not self.channels[c].deleted and not self.channels[c].is_thread
        ]

    def _list_members(self, req: Request) -> list[dict[str, Any]]:
        guild = self._guild(req)
        limit = int(req.call.query.get("limit", 1))
        after = int(req.call.query.get("after", 0))
        members = sorted(guild.members.values(), key=lambda m: m.user.id)
        return [m.payload() for m in members if m.user.id > after][:limit]

    def _get_member(self, req: Request) -> dict[str, Any]:
        member = self._guild(req).members.get(req.int_param("member_id"))
        if member is None:
            raise err.unknown_member()
        return member.payload()

    def _get_channel(self, req: Request) -> dict[str, Any]:
        return self._channel(req.int_param("channel_id")).payload(self.users)

    def _edit_channel(self, req: Request) -> dict[str, Any]:
        channel = self._channel(req.int_param("channel_id"))
        body = req.body
        errors = FormErrors()
        if "name" in body:
            errors.length_between(("name",), body["name"], 1, THREAD_NAME_MAX)
        if errors:
            raise err.invalid_form_body(errors.to_dict())
        for key in ("name", "topic", "archived", "locked", "invitable", "auto_archive_duration"):
            if key in body:
                setattr(channel, key, body[key])
        if "archived" in body:
            channel.archive_timestamp = self.clock.iso()
        event = "THREAD_UPDATE" if channel.is_thread else "CHANNEL_UPDATE"
        self._emit(event, lambda _sock: channel.payload(), INTENT_GUILDS)
        return channel.payload(self.users)

    def _delete_channel(self, req: Request) -> dict[str, Any]:
        channel = self._channel(req.int_param("channel_id"))
        channel.deleted = True
        event = "THREAD_DELETE" if channel.is_thread else "CHANNEL_DELETE"
        payload = channel.payload(self.users)
        self._emit(event, lambda _sock: payload, INTENT_GUILDS)
        return payload

    def _typing(self, req: Request) -> None:
        self._channel(req.int_param("channel_id"))

    def _history(self, req: Request) -> list[dict[str, Any]]:
        channel = self._channel(req.int_param("channel_id"))
        query = req.call.query
        limit = int(query.get("limit", 50))
        messages = [
            m
            for m in self.messages.values()
            if m.channel_id == channel.id and not m.deleted and not m.ephemeral
        ]
        if "before" in query:
            messages = [m for m in messages if m.id < int(query["before"])]
        if "after" in query:
            messages = [m for m in messages if m.id > int(query["after"])]
        messages.sort(key=lambda m: m.id, reverse="after" not in query)
        return [m.payload(self._member_of(m.guild_id, m.author.id)) for m in messages[:limit]]

    def _send_message(self, req: Request) -> dict[str, Any]:
        channel = self._channel(req.int_param("channel_id"))
        if channel.is_dm:
            recipient = self.users[channel.recipient_ids[0]]
            if recipient.dm_closed:
                raise err.cannot_send_to_user()
        if channel.is_thread and channel.archived:
            if channel.locked:
                raise err.thread_archived()
            channel.archived = False
            self._emit("THREAD_UPDATE", lambda _sock: channel.payload(), INTENT_GUILDS)
        body = req.body
        flags = int(body.get("flags") or 0) & _REST_CREATE_FLAGS
        msg_type = 19 if body.get("message_reference") else 0
        message = self._new_message(channel, body, req.files, flags=flags, msg_type=msg_type)
        self._emit_message("MESSAGE_CREATE", message)
        return message.payload(self._member_of(message.guild_id, message.author.id))

    def _get_message(self, req: Request) -> dict[str, Any]:
        message = self._public_message(req.int_param("channel_id"), req.int_param("message_id"))
        return message.payload(self._member_of(message.guild_id, message.author.id))

    def _edit_message(self, req: Request) -> dict[str, Any]:
        message = self._public_message(req.int_param("channel_id"), req.int_param("message_id"))
        if message.author.id != self.bot_user.id:
            raise err.cannot_edit_others_message()
        self._apply_edit(message, req.body, req.files)
        self._emit_message("MESSAGE_UPDATE", message)
        return message.payload(self._member_of(message.guild_id, message.author.id))

    def _delete_message(self, req: Request) -> None:
        message = self._public_message(req.int_param("channel_id"), req.int_param("message_id"))
        message.deleted = True
        self._emit_delete(message)

    def _add_reaction(self, req: Request) -> None:
        message = self._public_message(req.int_param("channel_id"), req.int_param("message_id"))
        message.reactions.setdefault(req.params["emoji"], set()).add(self.bot_user.id)

    def _remove_reaction(self, req: Request) -> None:
        message = self._public_message(req.int_param("channel_id"), req.int_param("message_id"))
        message.reactions.get(req.params["emoji"], set()).discard(self.bot_user.id)

    def _create_thread(
        self,
        parent: FakeChannel,
        body: Mapping[str, Any],
        *,
        thread_id: int | None,
        thread_type: int,
    ) -> dict[str, Any]:
        if parent.type != TEXT_CHANNEL:
            raise DiscordAPIError(400, 50024, "Cannot execute action on this channel type")
        errors = FormErrors()
        errors.length_between(("name",), body.get("name"), 1, THREAD_NAME_MAX)
        if errors:
            raise err.invalid_form_body(errors.to_dict())
        assert parent.guild_id is not None
        thread = FakeChannel(
            id=thread_id or self.snowflakes.next(),
            type=thread_type,
            name=body["name"],
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=self.bot_user.id,
            auto_archive_duration=int(body.get("auto_archive_duration") or 1440),
            invitable=bool(body.get("invitable", True)),
            archive_timestamp=self.clock.iso(),
            thread_member_ids={self.bot_user.id},
        )
        self.channels[thread.id] = thread
        self.guilds[parent.guild_id].channel_ids.append(thread.id)
        self._emit(
            "THREAD_CREATE",
            lambda _sock: {**thread.payload(), "newly_created": True},
            INTENT_GUILDS,
        )
        return thread.payload()

    def _start_thread(self, req: Request) -> dict[str, Any]:
        parent = self._channel(req.int_param("channel_id"))
        thread_type = int(req.body.get("type") or PRIVATE_THREAD)
        if thread_type not in (PUBLIC_THREAD, PRIVATE_THREAD):
            errors = FormErrors()
            errors.add(("type",), "BASE_TYPE_CHOICES", "Value must be one of {11, 12}.")
            raise err.invalid_form_body(errors.to_dict())
        return self._create_thread(parent, req.body, thread_id=None, thread_type=thread_type)

    def _start_thread_from_message(self, req: Request) -> dict[str, Any]:
        parent = self._channel(req.int_param("channel_id"))
        message = self._public_message(parent.id, req.int_param("message_id"))
        if message.id in self.channels:
            raise DiscordAPIError(400, 160004, "A thread has already been created for this message")
        # Discord gives a thread started from a message the message's id.
        return self._create_thread(
            parent, req.body, thread_id=message.id, thread_type=PUBLIC_THREAD
        )

    def _thread(self, req: Request) -> FakeChannel:
        channel = self._channel(req.int_param("channel_id"))
        if not channel.is_thread:
            raise DiscordAPIError(400, 50024, "Cannot execute action on this channel type")
        return channel

    def _join_thread(self, req: Request) -> None:
        self._thread(req).thread_member_ids.add(self.bot_user.id)

    def _leave_thread(self, req: Request) -> None:
        self._thread(req).thread_member_ids.discard(self.bot_user.id)

    def _add_thread_member(self, req: Request) -> None:
        thread = self._thread(req)
        user_id = req.int_param("user_id")
        if self._member_of(thread.guild_id, user_id) is None:
            raise err.unknown_member()
        thread.thread_member_ids.add(user_id)

    def _remove_thread_member(self, req: Request) -> None:
        self._thread(req).thread_member_ids.discard(req.int_param("user_id"))

    def _list_thread_members(self, req: Request) -> list[dict[str, Any]]:
        thread = self._thread(req)
        return [
            {
                "id": str(thread.id),
                "user_id": str(uid),
                "join_timestamp": self.clock.iso(),
                "flags": 0,
            }
            for uid in sorted(thread.thread_member_ids)
        ]

    # -- application commands ----------------------------------------------------------------

    def _command_scope(self, req: Request) -> int | None:
        if req.int_param("application_id") != self.application_id:
            raise DiscordAPIError(403, 50001, "Missing Access")
        if "guild_id" in req.params:
            return self._guild(req).id
        return None

    def _get_commands(self, req: Request) -> list[dict[str, Any]]:
        return list(self.commands.get(self._command_scope(req), {}).values())

    def _get_command(self, req: Request) -> dict[str, Any]:
        command_id = req.params["command_id"]
        for command in self.commands.get(self._command_scope(req), {}).values():
            if command["id"] == command_id:
                return command
        raise err.unknown_command()

    def _bulk_commands(self, req: Request) -> list[dict[str, Any]]:
        scope = self._command_scope(req)
        body = req.json if isinstance(req.json, list) else []
        errors = FormErrors()
        validate_commands(body, errors)
        if errors:
            raise err.invalid_form_body(errors.to_dict())
        previous = self.commands.get(scope, {})
        registered: dict[tuple[int, str], dict[str, Any]] = {}
        for command in body:
            key = (int(command.get("type", 1)), command["name"])
            old = previous.get(key)
            stored = {
                "type": 1,
                "options": [],
                "default_member_permissions": None,
                "dm_permission": True,
                "nsfw": False,
                **copy.deepcopy(command),
                "id": old["id"] if old else str(self.snowflakes.next()),
                "application_id": str(self.application_id),
                "version": str(self.snowflakes.next()),
            }
            if scope is not None:
                stored["guild_id"] = str(scope)
            registered[key] = stored
        self.commands[scope] = registered
        return list(registered.values())

    # ======================================================================================
    # Interactions (webhook handlers)
    # ======================================================================================

    def _interaction_metadata(self, interaction: InteractionRecord) -> dict[str, Any]:
        user = self.users[interaction.user_id]
        owners = {"0": str(interaction.guild_id)} if interaction.guild_id else {"1": str(user.id)}
        data: dict[str, Any] = {
            "id": str(interaction.id),
            "type": interaction.type,
            "user": user.payload(),
            "authorizing_integration_owners": owners,
        }
        if interaction.type == 2:
            data["name"] = interaction.payload["data"]["name"]
        if interaction.source_message_id is not None:
            data["interacted_message_id"] = str(interaction.source_message_id)
        if interaction.original_message_id is not None:
            data["original_response_message_id"] = str(interaction.original_message_id)
        return data

    def _reject(
        self, interaction: InteractionRecord, call: Call, error: DiscordAPIError
    ) -> DiscordAPIError:
        interaction.rejected.append(call)
        return error

    def _interaction_callback(self, req: Request) -> dict[str, Any]:
        try:
            interaction = self.interactions[req.int_param("webhook_id")]
        except (KeyError, DiscordAPIError):
            raise err.unknown_interaction() from None
        if interaction.token != req.params["webhook_token"]:
            raise err.unknown_interaction()
        if interaction.callback is not None:
            raise self._reject(interaction, req.call, err.already_acknowledged())
        if self.clock.now() - interaction.created_at > INITIAL_RESPONSE_DEADLINE:
            raise self._reject(interaction, req.call, err.unknown_interaction())
        body = req.body
        rtype = body.get("type")
        data = body.get("data") if isinstance(body.get("data"), dict) else {}
        allowed = _ALLOWED_CALLBACKS.get(interaction.type, frozenset())
        from_message = interaction.source_message_id is not None
        if rtype not in allowed or (rtype in (6, 7) and not from_message):
            allowed_text = ", ".join(
                str(t) for t in sorted(allowed) if t not in (6, 7) or from_message
            )
            errors = FormErrors()
            errors.add(("type",), "BASE_TYPE_CHOICES", f"Value must be one of {{{allowed_text}}}.")
            raise self._reject(interaction, req.call, err.invalid_form_body(errors.to_dict()))
        channel = self.channels[interaction.channel_id]
        message: FakeMessage | None = None
        try:
            if rtype == 4:
                flags = int(data.get("flags") or 0) & (
                    FLAG_EPHEMERAL | 4 | 4096 | FLAG_COMPONENTS_V2
                )
                message = self._new_message(
                    channel,
                    data,
                    req.files,
                    flags=flags,
                    prefix=("data",),
                    msg_type=20 if interaction.type == 2 else 0,
                    interaction=interaction,
                )
                interaction.original_message_id = message.id
            elif rtype == 5:
                flags = int(data.get("flags") or 0) & FLAG_EPHEMERAL
                interaction.deferred_ephemeral = bool(flags)
                message = self._new_message(
                    channel,
                    {},
                    [],
                    flags=flags,
                    msg_type=20 if interaction.type == 2 else 0,
                    interaction=interaction,
                    loading=True,
                )
                interaction.original_message_id = message.id
            elif rtype in (6, 7):
                message = self.messages[interaction.source_message_id]  # type: ignore[index]
                interaction.original_message_id = message.id
                if rtype == 7:
                    self._apply_edit(message, data, req.files, prefix=("data",))
                else:
                    message = None
            elif rtype == 8:
                errors = FormErrors()
                validate_autocomplete(data, errors)
                if errors:
                    raise err.invalid_form_body(errors.to_dict(("data",)))
                interaction.choices = copy.deepcopy(data.get("choices"))
            elif rtype == 9:
                errors = FormErrors()
                validate_modal(data, errors)
                if errors:
                    raise err.invalid_form_body(errors.to_dict(("data",)))
                interaction.modal = copy.deepcopy(data)
        except DiscordAPIError as exc:
            raise self._reject(interaction, req.call, exc) from None

        interaction.callback = CallbackRecord(
            type=rtype,
            data=copy.deepcopy(data) or None,
            at=self.clock.now(),
            message_id=message.id if message else interaction.original_message_id,
        )
        if message is not None:
            event = "MESSAGE_UPDATE" if rtype == 7 else "MESSAGE_CREATE"
            self._emit_message(event, message)

        result: dict[str, Any] = {
            "interaction": {
                "id": str(interaction.id),
                "type": interaction.type,
                "response_message_id": (
                    str(interaction.original_message_id)
                    if interaction.original_message_id
                    else None
                ),
                "response_message_loading": rtype == 5,
                "response_message_ephemeral": bool(message is not None and message.ephemeral),
            },
            "resource": {"type": rtype},
        }
        if message is not None:
            result["resource"]["message"] = message.payload(
                self._member_of(message.guild_id, message.author.id)
            )
        return result

    def _webhook_interaction(self, req: Request) -> InteractionRecord:
        """The interaction behind a webhook token, enforcing the 15-minute lifetime."""
        if req.int_param("webhook_id") != self.application_id:
            raise err.unknown_webhook()
        interaction = self._interactions_by_token.get(req.params["webhook_token"])
        if interaction is None:
            raise err.invalid_webhook_token()
        if self.clock.now() - interaction.created_at > TOKEN_LIFETIME:
            raise self._reject(interaction, req.call, err.invalid_webhook_token())
        if interaction.callback is None:
            raise self._reject(interaction, req.call, err.unknown_webhook())
        return interaction

    def _interaction_message(
        self, interaction: InteractionRecord, message_id: int | None
    ) -> FakeMessage:
        if message_id is None:
            raise err.unknown_message()
        message = self.messages.get(message_id)
        allowed = {interaction.original_message_id, *interaction.followup_ids}
        if message is None or message.deleted or message_id not in allowed:
            raise err.unknown_message()
        return message

    def _followup(self, req: Request) -> dict[str, Any]:
        interaction = self._webhook_interaction(req)
        body = req.body
        original = (
            self.messages.get(interaction.original_message_id)
            if interaction.original_message_id
            else None
        )
        if (
            interaction.callback
            and interaction.callback.type == 5
            and original
            and original.loading
        ):
            # The first followup after a deferred response replaces the "thinking" message;
            # its ephemerality was fixed by the defer.
            self._apply_edit(original, body, req.files)
            self._emit_message("MESSAGE_UPDATE", original)
            return original.payload(self._member_of(original.guild_id, original.author.id))
        flags = int(body.get("flags") or 0) & (FLAG_EPHEMERAL | 4 | 4096 | FLAG_COMPONENTS_V2)
        channel = self.channels[interaction.channel_id]
        message = self._new_message(channel, body, req.files, flags=flags, interaction=interaction)
        interaction.followup_ids.append(message.id)
        self._emit_message("MESSAGE_CREATE", message)
        return message.payload(self._member_of(message.guild_id, message.author.id))

    def _get_original(self, req: Request) -> dict[str, Any]:
        interaction = self._webhook_interaction(req)
        message = self._interaction_message(interaction, interaction.original_message_id)
        return message.payload(self._member_of(message.guild_id, message.author.id))

    def _edit_interaction_message(self, req: Request, message: FakeMessage) -> dict[str, Any]:
        self._apply_edit(message, req.body, req.files)
        self._emit_message("MESSAGE_UPDATE", message)
        return message.payload(self._member_of(message.guild_id, message.author.id))

    def _edit_original(self, req: Request) -> dict[str, Any]:
        interaction = self._webhook_interaction(req)
        message = self._interaction_message(interaction, interaction.original_message_id)
        return self._edit_interaction_message(req, message)

    def _delete_original(self, req: Request) -> None:
        interaction = self._webhook_interaction(req)
        message = self._interaction_message(interaction, interaction.original_message_id)
        message.deleted = True
        self._emit_delete(message)

    def _get_followup(self, req: Request) -> dict[str, Any]:
        interaction = self._webhook_interaction(req)
        message = self._interaction_message(interaction, req.int_param("message_id"))
        return message.payload(self._member_of(message.guild_id, message.author.id))

    def _edit_followup(self, req: Request) -> dict[str, Any]:
        interaction = self._webhook_interaction(req)
        message = self._interaction_message(interaction, req.int_param("message_id"))
        return self._edit_interaction_message(req, message)

    def _delete_followup(self, req: Request) -> None:
        interaction = self._webhook_interaction(req)
        message = self._interaction_message(interaction, req.int_param("message_id"))
        message.deleted = True
        self._emit_delete(message)

    # ======================================================================================
    # Interaction creation (used by the harness)
    # ======================================================================================

    def new_interaction(
        self,
        *,
        itype: int,
        user: FakeUser,
        channel: FakeChannel,
        data: dict[str, Any] | None,
        message: FakeMessage | None = None,
        age: float = 0.0,
        locale: str = "en-US",
    ) -> InteractionRecord:
        """Build and remember an INTERACTION_CREATE payload (not yet dispatched)."""
        created_at = self.clock.now() - age
        interaction_id = self.snowflakes.next(created_at)
        token = f"fake-interaction-token.{interaction_id}"
        payload: dict[str, Any] = {
            "id": str(interaction_id),
            "application_id": str(self.application_id),
            "type": itype,
            "token": token,
            "version": 1,
            "locale": locale,
            "entitlements": [],
            "entitlement_sku_ids": [],
            "attachment_size_limit": self.file_size_limit,
            "channel_id": str(channel.id),
        }
        if data is not None:
            payload["data"] = data
        channel_payload = channel.payload(self.users)
        if channel.guild_id is not None:
            guild = self.guilds[channel.guild_id]
            member = guild.members.get(user.id)
            if member is None:
                raise ValueError(f"{user.name} is not a member of guild {guild.name!r}")
            permissions = guild.member_permissions(user.id)
            channel_payload["permissions"] = str(permissions)
            payload.update(
                guild_id=str(guild.id),
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                guild_locale=guild.locale,
                member={**member.payload(), "permissions": str(permissions)},
                app_permissions=str(guild.member_permissions(self.bot_user.id)),
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=user.payload(),
                app_permissions=str(ALL_PERMISSIONS & DEFAULT_MEMBER_PERMISSIONS),
                authorizing_integration_owners={"0": "0"},
                context=1,
            )
        payload["channel"] = channel_payload
        if message is not None:
            payload["message"] = message.payload(
                self._member_of(message.guild_id, message.author.id)
            )
        record = InteractionRecord(
            id=interaction_id,
            token=token,
            type=itype,
            user_id=user.id,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            created_at=created_at,
            payload=payload,
            source_message_id=message.id if message is not None else None,
        )
        self.interactions[interaction_id] = record
        self._interactions_by_token[token] = record
        return record

    def command_schema(self, name: str, guild_id: int | None, tree: Any | None) -> dict[str, Any]:
        """The registered command called ``name`` (guild scope first, then global).

        Falls back to the bot's own command tree when nothing was synced (as if the developer
        had synced earlier), unless ``require_synced_commands`` is set.
        """
        for scope in (guild_id, None) if guild_id is not None else (None,):
            command = self.commands.get(scope, {}).get((1, name))
            if command is not None:
                return command
        if self.require_synced_commands or tree is None:
            where = f"globally or for guild {guild_id}" if guild_id else "globally"
            raise LookupError(f"/{name} is not registered {where} with the fake Discord")
        command_obj = None
        scope_used: int | None = None
        if guild_id is not None:
            command_obj = tree.get_command(name, guild=discord.Object(guild_id))
            scope_used = guild_id
        if command_obj is None:
            command_obj = tree.get_command(name)
            scope_used = None
        if command_obj is None:
            raise LookupError(f"/{name} is neither registered nor in the bot's command tree")
        schema = command_obj.to_dict(tree)
        key = (scope_used, name)
        if key not in self._synthetic_command_ids:
            self._synthetic_command_ids[key] = self.snowflakes.next()
        schema["id"] = str(self._synthetic_command_ids[key])
        if scope_used is not None:
            schema["guild_id"] = str(scope_used)
        return schema
