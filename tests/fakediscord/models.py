"""State kept by the fake Discord backend: users, guilds, channels, messages, interactions.

These are plain records, not discord.py objects: they describe what *Discord* knows, and
render themselves into the JSON payloads Discord would send.  Tests read them to assert what
a user would see (content, embeds, components, attachments with their bytes and alt text,
ephemerality).
"""

from __future__ import annotations

import copy
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .limits import FLAG_EPHEMERAL, FLAG_LOADING, iter_components

#: Permissions an ordinary member gets unless told otherwise: view, send, read history, embed,
#: attach, react, use application commands, send in threads, create threads.
DEFAULT_MEMBER_PERMISSIONS = (
    (1 << 10)
    | (1 << 11)
    | (1 << 16)
    | (1 << 14)
    | (1 << 15)
    | (1 << 6)
    | (1 << 31)
    | (1 << 38)
    | (1 << 35)
    | (1 << 36)
)
#: All permission bits Discord currently defines (what the guild owner effectively has).
ALL_PERMISSIONS = (1 << 53) - 1

TEXT_CHANNEL = 0
DM_CHANNEL = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = frozenset({10, PUBLIC_THREAD, PRIVATE_THREAD})


@dataclass
class FakeUser:
    """A Discord user; ``dm_closed`` makes DMs to them fail with 403/50007."""

    id: int
    name: str
    global_name: str | None = None
    bot: bool = False
    dm_closed: bool = False

    @property
    def mention(self) -> str:
        """``<@id>``, as a bot would write it."""
        return f"<@{self.id}>"

    def payload(self) -> dict[str, Any]:
        """The user object Discord sends."""
        return {
            "id": str(self.id),
            "username": self.name,
            "discriminator": "0",
            "global_name": self.global_name,
            "avatar": None,
            "bot": self.bot,
            "public_flags": 0,
            "flags": 0,
        }


@dataclass
class FakeRole:
    """A guild role (the ``@everyone`` role has the guild's id)."""

    id: int
    guild_id: int
    name: str
    permissions: int
    position: int = 0

    def payload(self) -> dict[str, Any]:
        """The role object Discord sends."""
        return {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "colors": {"primary_color": 0, "secondary_color": None, "tertiary_color": None},
            "hoist": False,
            "icon": None,
            "unicode_emoji": None,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": False,
            "mentionable": False,
            "flags": 0,
        }


@dataclass
class FakeMember:
    """A user's membership in a guild; ``permissions`` overrides the computed value."""

    user: FakeUser
    guild_id: int
    joined_at: str
    nick: str | None = None
    roles: list[int] = field(default_factory=list)
    permissions: int | None = None

    def payload(self, *, with_user: bool = True) -> dict[str, Any]:
        """The guild member object Discord sends."""
        data: dict[str, Any] = {
            "roles": [str(r) for r in self.roles],
            "nick": self.nick,
            "avatar": None,
            "banner": None,
            "joined_at": self.joined_at,
            "premium_since": None,
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "communication_disabled_until": None,
        }
        if with_user:
            data["user"] = self.user.payload()
        return data


@dataclass
class FakeGuild:
    """A guild with its roles, members and channel ids."""

    id: int
    name: str
    owner_id: int
    roles: dict[int, FakeRole] = field(default_factory=dict)
    members: dict[int, FakeMember] = field(default_factory=dict)
    channel_ids: list[int] = field(default_factory=list)
    locale: str = "en-US"

    def member_permissions(self, user_id: int) -> int:
        """Guild-level permissions of a member (owner and administrators get everything)."""
        if user_id == self.owner_id:
            return ALL_PERMISSIONS
        member = self.members.get(user_id)
        if member is None:
            return 0
        if member.permissions is not None:
            return member.permissions
        value = self.roles[self.id].permissions
        for role_id in member.roles:
            role = self.roles.get(role_id)
            if role is not None:
                value |= role.permissions
        if value & (1 << 3):  # administrator
            return ALL_PERMISSIONS
        return value


@dataclass
class FakeChannel:
    """A text channel, thread or DM channel."""

    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None
    position: int = 0
    topic: str | None = None
    recipient_ids: list[int] = field(default_factory=list)
    owner_id: int | None = None
    archived: bool = False
    locked: bool = False
    invitable: bool = True
    auto_archive_duration: int = 1440
    archive_timestamp: str | None = None
    thread_member_ids: set[int] = field(default_factory=set)
    last_message_id: int | None = None
    message_count: int = 0
    deleted: bool = False

    @property
    def is_thread(self) -> bool:
        """Whether this channel is a thread."""
        return self.type in THREAD_TYPES

    @property
    def is_dm(self) -> bool:
        """Whether this is a one-to-one DM channel."""
        return self.type == DM_CHANNEL

    @property
    def mention(self) -> str:
        """``<#id>``."""
        return f"<#{self.id}>"

    def payload(self, users: Mapping[int, FakeUser] | None = None) -> dict[str, Any]:
        """The channel object Discord sends."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "last_message_id": str(self.last_message_id) if self.last_message_id else None,
            "flags": 0,
        }
        if self.is_dm:
            data["recipients"] = [users[uid].payload() for uid in self.recipient_ids if users]
            return data
        data.update(
            {
                "guild_id": str(self.guild_id),
                "name": self.name,
                "position": self.position,
                "permission_overwrites": [],
                "parent_id": str(self.parent_id) if self.parent_id else None,
                "nsfw": False,
                "rate_limit_per_user": 0,
            }
        )
        if self.is_thread:
            data.update(
                {
                    "owner_id": str(self.owner_id),
                    "message_count": self.message_count,
                    "member_count": len(self.thread_member_ids),
                    "total_message_sent": self.message_count,
                    "thread_metadata": {
                        "archived": self.archived,
                        "auto_archive_duration": self.auto_archive_duration,
                        "archive_timestamp": self.archive_timestamp,
                        "locked": self.locked,
                        "invitable": self.invitable,
                        "create_timestamp": self.archive_timestamp,
                    },
                }
            )
        else:
            data["topic"] = self.topic
        return data


@dataclass
class FakeAttachment:
    """An uploaded file: name, alt text (``description``) and the raw bytes."""

    id: int
    filename: str
    data: bytes
    description: str | None = None
    content_type: str | None = None
    channel_id: int = 0
    ephemeral: bool = False

    @property
    def size(self) -> int:
        """Size in bytes."""
        return len(self.data)

    @property
    def url(self) -> str:
        """CDN-style url; ``HTTPClient.get_from_cdn`` on the fake resolves it to the bytes."""
        return f"https://cdn.discordapp.com/attachments/{self.channel_id}/{self.id}/{self.filename}"

    @property
    def spoiler(self) -> bool:
        """Discord marks spoilers by the ``SPOILER_`` filename prefix."""
        return self.filename.startswith("SPOILER_")

    def payload(self) -> dict[str, Any]:
        """The attachment object Discord sends."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": self.size,
            "url": self.url,
            "proxy_url": self.url.replace("cdn.discordapp.com", "media.discordapp.net"),
            "content_type": self.content_type,
            "flags": 0,
        }
        if self.description is not None:
            data["description"] = self.description
        if self.ephemeral:
            data["ephemeral"] = True
        return data


@dataclass
class FakeMessage:
    """A message as Discord stores it, plus who may see it (for ephemerals)."""

    id: int
    channel_id: int
    author: FakeUser
    timestamp: str
    guild_id: int | None = None
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[FakeAttachment] = field(default_factory=list)
    flags: int = 0
    type: int = 0
    webhook_id: int | None = None
    application_id: int | None = None
    interaction_metadata: dict[str, Any] | None = None
    interaction_id: int | None = None
    visible_to: int | None = None
    edited_timestamp: str | None = None
    message_reference: dict[str, Any] | None = None
    tts: bool = False
    pinned: bool = False
    deleted: bool = False
    reactions: dict[str, set[int]] = field(default_factory=dict)
    history: list[dict[str, Any]] = field(default_factory=list)

    # -- reading helpers for tests ---------------------------------------------------------

    @property
    def ephemeral(self) -> bool:
        """Whether only ``visible_to`` can see this message."""
        return bool(self.flags & FLAG_EPHEMERAL)

    @property
    def loading(self) -> bool:
        """Whether this is still a deferred "Bot is thinking…" placeholder."""
        return bool(self.flags & FLAG_LOADING)

    def is_visible_to(self, user_id: int) -> bool:
        """Whether ``user_id`` would see this message in their client."""
        if self.deleted:
            return False
        return not self.ephemeral or self.visible_to == user_id

    def iter_components(self) -> Iterator[dict[str, Any]]:
        """Every component (rows, buttons, selects, V2 containers…) depth first."""
        yield from iter_components(self.components)  # type: ignore[misc]

    def custom_ids(self) -> list[str]:
        """All ``custom_id`` values of interactive components, in order."""
        return [c["custom_id"] for c in self.iter_components() if c.get("custom_id")]

    def component(self, custom_id: str) -> dict[str, Any]:
        """The component with this ``custom_id`` (``KeyError`` if absent)."""
        for component in self.iter_components():
            if component.get("custom_id") == custom_id:
                return component
        raise KeyError(f"message {self.id} has no component {custom_id!r}; has {self.custom_ids()}")

    def buttons(self) -> list[dict[str, Any]]:
        """All buttons."""
        return [c for c in self.iter_components() if c.get("type") == 2]

    def button_labels(self) -> list[str | None]:
        """Labels of all buttons, in order."""
        return [b.get("label") for b in self.buttons()]

    def attachment(self, filename: str) -> FakeAttachment:
        """The attachment with this filename (``KeyError`` if absent)."""
        for attachment in self.attachments:
            if attachment.filename == filename:
                return attachment
        names = [a.filename for a in self.attachments]
        raise KeyError(f"message {self.id} has no attachment {filename!r}; has {names}")

    @property
    def text(self) -> str:
        """Content plus embed titles/descriptions/fields: handy for 'user sees X' asserts."""
        parts = [self.content]
        for embed in self.embeds:
            parts.extend(str(embed.get(k) or "") for k in ("title", "description"))
            for embed_field in embed.get("fields") or []:
                parts.extend((embed_field.get("name", ""), embed_field.get("value", "")))
            parts.append((embed.get("footer") or {}).get("text", ""))
        return "\n".join(p for p in parts if p)

    # -- payloads ----------------------------------------------------------------------------

    def snapshot(self) -> dict[str, Any]:
        """A copy of the editable fields, kept in :attr:`history` before each edit."""
        return {
            "content": self.content,
            "embeds": copy.deepcopy(self.embeds),
            "components": copy.deepcopy(self.components),
            "attachments": [a.filename for a in self.attachments],
            "flags": self.flags,
            "edited_timestamp": self.edited_timestamp,
        }

    def payload(self, guild_member: FakeMember | None = None) -> dict[str, Any]:
        """The message object Discord sends (REST answers, gateway events, interactions)."""
        data: dict[str, Any] = {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": self.author.payload(),
            "content": self.content,
            "timestamp": self.timestamp,
            "edited_timestamp": self.edited_timestamp,
            "tts": self.tts,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [a.payload() for a in self.attachments],
            "embeds": copy.deepcopy(self.embeds),
            "pinned": self.pinned,
            "type": self.type,
            "flags": self.flags,
            "components": copy.deepcopy(self.components),
        }
        if self.reactions:
            data["reactions"] = [
                {
                    "count": len(users),
                    "count_details": {"burst": 0, "normal": len(users)},
                    "me": self.author.id in users,
                    "me_burst": False,
                    "burst_colors": [],
                    "emoji": {"id": None, "name": emoji},
                }
                for emoji, users in self.reactions.items()
                if users
            ]
        if self.guild_id is not None:
            data["guild_id"] = str(self.guild_id)
            if guild_member is not None:
                data["member"] = guild_member.payload(with_user=False)
        if self.webhook_id is not None:
            data["webhook_id"] = str(self.webhook_id)
        if self.application_id is not None:
            data["application_id"] = str(self.application_id)
        if self.interaction_metadata is not None:
            data["interaction_metadata"] = copy.deepcopy(self.interaction_metadata)
        if self.message_reference is not None:
            data["message_reference"] = copy.deepcopy(self.message_reference)
        return data


@dataclass
class UploadedFile:
    """A file as received by the fake in one request (recorded in :class:`Call`)."""

    index: int
    filename: str
    data: bytes
    description: str | None = None

    @property
    def size(self) -> int:
        """Size in bytes."""
        return len(self.data)


@dataclass
class Call:
    """One request that discord.py made to the fake (REST or interaction webhook)."""

    seq: int
    transport: str
    method: str
    route: str
    path: str
    params: dict[str, str]
    query: dict[str, Any]
    json: Any
    files: list[UploadedFile]
    at: float
    reason: str | None = None
    status: int = 0
    error_code: int | None = None
    error_message: str | None = None
    response: Any = None

    @property
    def ok(self) -> bool:
        """Whether the fake answered with a 2xx status."""
        return 200 <= self.status < 300

    def __str__(self) -> str:
        outcome = f"{self.status}" + (f"/{self.error_code}" if self.error_code is not None else "")
        return f"#{self.seq} {self.method} {self.path} -> {outcome}"


@dataclass
class CallbackRecord:
    """The accepted initial response to an interaction."""

    type: int
    data: dict[str, Any] | None
    at: float
    message_id: int | None = None


@dataclass
class InteractionRecord:
    """Everything the fake knows about one interaction it dispatched."""

    id: int
    token: str
    type: int
    user_id: int
    channel_id: int
    guild_id: int | None
    created_at: float
    payload: dict[str, Any]
    source_message_id: int | None = None
    callback: CallbackRecord | None = None
    rejected: list[Call] = field(default_factory=list)
    original_message_id: int | None = None
    followup_ids: list[int] = field(default_factory=list)
    deferred_ephemeral: bool = False
    modal: dict[str, Any] | None = None
    choices: list[dict[str, Any]] | None = None
