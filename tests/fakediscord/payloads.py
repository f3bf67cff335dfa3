"""Builders for the ``data`` part of interactions, from the registered command schema.

A Discord client only lets a user invoke commands that exist, fill options of the right type,
pick one of the declared choices and respect min/max constraints.  These builders apply the
same rules (raising ``ValueError`` on what a real client would not send) and attach the
``resolved`` objects Discord includes for user/channel/role/attachment options.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from .models import FakeAttachment, FakeChannel, FakeMember, FakeRole, FakeUser

if TYPE_CHECKING:
    from .server import DiscordServer

SUB_COMMAND = 1
SUB_COMMAND_GROUP = 2
STRING, INTEGER, BOOLEAN, USER, CHANNEL, ROLE, MENTIONABLE, NUMBER, ATTACHMENT = (
    3,
    4,
    5,
    6,
    7,
    8,
    9,
    10,
    11,
)


@dataclass
class Upload:
    """A file a user attaches to an attachment option."""

    filename: str
    data: bytes
    content_type: str | None = None


@dataclass
class Resolved:
    """Accumulates Discord's ``resolved`` object for an interaction."""

    users: dict[str, Any] = field(default_factory=dict)
    members: dict[str, Any] = field(default_factory=dict)
    channels: dict[str, Any] = field(default_factory=dict)
    roles: dict[str, Any] = field(default_factory=dict)
    attachments: dict[str, Any] = field(default_factory=dict)

    def payload(self) -> dict[str, Any]:
        """Only the non-empty sections, as Discord sends them."""
        return {k: v for k, v in vars(self).items() if v}


class OptionResolver:
    """Turns test-side values (``FakeUser``, ``FakeChannel``…) into option values."""

    def __init__(self, server: DiscordServer, guild_id: int | None) -> None:
        self.server = server
        self.guild_id = guild_id
        self.resolved = Resolved()

    def user(self, value: Any) -> str:
        """Resolve a user (or member) option value."""
        if isinstance(value, FakeMember):
            value = value.user
        user = value if isinstance(value, FakeUser) else self.server.users.get(int(value))
        if user is None:
            raise ValueError(f"unknown user {value!r}")
        self.resolved.users[str(user.id)] = user.payload()
        if self.guild_id is not None:
            guild = self.server.guilds[self.guild_id]
            member = guild.members.get(user.id)
            if member is not None:
                self.resolved.members[str(user.id)] = {
                    **member.payload(with_user=False),
                    "permissions": str(guild.member_permissions(user.id)),
                }
        return str(user.id)

    def channel(self, value: Any, channel_types: list[int] | None) -> str:
        """Resolve a channel option value (checking ``channel_types``)."""
        channel = value if isinstance(value, FakeChannel) else self.server.channels.get(int(value))
        if channel is None:
            raise ValueError(f"unknown channel {value!r}")
        if channel_types and channel.type not in channel_types:
            raise ValueError(f"channel type {channel.type} not allowed here ({channel_types})")
        data = channel.payload(self.server.users)
        data["permissions"] = str(
            self.server._channel_permissions(channel, self.server.bot_user.id)
        )
        self.resolved.channels[str(channel.id)] = data
        return str(channel.id)

    def role(self, value: Any) -> str:
        """Resolve a role option value."""
        if not isinstance(value, FakeRole):
            guild = self.server.guilds[self.guild_id] if self.guild_id else None
            value = guild.roles.get(int(value)) if guild else None
        if value is None:
            raise ValueError("unknown role")
        self.resolved.roles[str(value.id)] = value.payload()
        return str(value.id)

    def attachment(self, value: Any) -> str:
        """Resolve an attachment option value (an :class:`Upload`)."""
        if not isinstance(value, Upload):
            raise ValueError("attachment options take fakediscord.Upload(filename, data)")
        stored = FakeAttachment(
            id=self.server.snowflakes.next(),
            filename=value.filename,
            data=value.data,
            content_type=value.content_type,
            ephemeral=True,
        )
        self.server._cdn[stored.url] = stored
        self.resolved.attachments[str(stored.id)] = stored.payload()
        return str(stored.id)


def _check_choices(option: Mapping[str, Any], value: Any) -> None:
    choices = option.get("choices")
    if choices and value not in [c["value"] for c in choices]:
        names = [c["value"] for c in choices]
        raise ValueError(f"option {option['name']!r} must be one of {names}, got {value!r}")


def _option_value(option: Mapping[str, Any], value: Any, resolver: OptionResolver) -> Any:
    otype = option["type"]
    name = option["name"]
    if otype == STRING:
        if not isinstance(value, str):
            raise ValueError(f"option {name!r} takes a string, got {value!r}")
        if len(value) < option.get("min_length", 0) or len(value) > option.get("max_length", 6000):
            raise ValueError(f"option {name!r}: length of {value!r} out of bounds")
        _check_choices(option, value)
        return value
    if otype in (INTEGER, NUMBER):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise ValueError(f"option {name!r} takes a number, got {value!r}")
        if otype == INTEGER and not isinstance(value, int):
            raise ValueError(f"option {name!r} takes an integer, got {value!r}")
        if "min_value" in option and value < option["min_value"]:
            raise ValueError(f"option {name!r}: {value} < min {option['min_value']}")
        if "max_value" in option and value > option["max_value"]:
            raise ValueError(f"option {name!r}: {value} > max {option['max_value']}")
        _check_choices(option, value)
        return value
    if otype == BOOLEAN:
        if not isinstance(value, bool):
            raise ValueError(f"option {name!r} takes a bool, got {value!r}")
        return value
    if otype == USER:
        return resolver.user(value)
    if otype == CHANNEL:
        return resolver.channel(value, option.get("channel_types"))
    if otype == ROLE:
        return resolver.role(value)
    if otype == MENTIONABLE:
        return resolver.role(value) if isinstance(value, FakeRole) else resolver.user(value)
    if otype == ATTACHMENT:
        return resolver.attachment(value)
    raise ValueError(f"unsupported option type {otype} for {name!r}")


def build_command_data(
    schema: Mapping[str, Any],
    invocation: str,
    values: Mapping[str, Any],
    resolver: OptionResolver,
    *,
    focused: str | None = None,
) -> dict[str, Any]:
    """``data`` of an APPLICATION_COMMAND (or AUTOCOMPLETE when ``focused`` is set).

    ``invocation`` is what the user types after the slash, e.g. ``"kelp challenge"``: the
    first word is the command, the rest select a subcommand group and/or subcommand.
    """
    words = invocation.split()
    data: dict[str, Any] = {"id": schema["id"], "name": schema["name"], "type": 1}
    if schema.get("guild_id"):
        data["guild_id"] = str(schema["guild_id"])
    container: dict[str, Any] = data
    option_schema: list[Mapping[str, Any]] = list(schema.get("options") or [])
    for word in words[1:]:
        match = next(
            (
                o
                for o in option_schema
                if o["name"] == word and o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
            ),
            None,
        )
        if match is None:
            subs = [
                o["name"] for o in option_schema if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)
            ]
            raise ValueError(f"/{invocation}: no subcommand {word!r} (have {subs})")
        node: dict[str, Any] = {"name": word, "type": match["type"], "options": []}
        container.setdefault("options", []).append(node)
        container = node
        option_schema = list(match.get("options") or [])
    nested = [o["name"] for o in option_schema if o["type"] in (SUB_COMMAND, SUB_COMMAND_GROUP)]
    if nested:
        raise ValueError(f"/{invocation} is not invocable; pick a subcommand from {nested}")

    known = {o["name"] for o in option_schema}
    unknown = set(values) - known
    if unknown:
        raise ValueError(
            f"/{invocation} has no option(s) {sorted(unknown)}; options: {sorted(known)}"
        )
    if focused is not None and focused not in known:
        raise ValueError(f"/{invocation} has no option {focused!r} to autocomplete")
    options: list[dict[str, Any]] = []
    for option in option_schema:
        name = option["name"]
        if name == focused:
            raw = values.get(name, "")
            options.append({"name": name, "type": option["type"], "value": raw, "focused": True})
            continue
        if name not in values:
            if option.get("required") and focused is None:
                raise ValueError(f"/{invocation}: required option {name!r} missing")
            continue
        value = _option_value(option, values[name], resolver)
        options.append({"name": name, "type": option["type"], "value": value})
    container["options"] = options
    resolved = resolver.resolved.payload()
    if resolved:
        data["resolved"] = resolved
    return data


def _with_id(answer: dict[str, Any], component: Mapping[str, Any]) -> dict[str, Any]:
    """Copy the numeric component ``id`` Discord echoes back, when the modal had one."""
    if component.get("id") is not None:
        answer["id"] = component["id"]
    return answer


def build_modal_submit_components(
    modal: Mapping[str, Any], values: Mapping[str, Any]
) -> list[dict[str, Any]]:
    """``data.components`` of a MODAL_SUBMIT mirroring the modal the bot sent."""
    remaining = dict(values)

    def answer(component: Mapping[str, Any]) -> dict[str, Any] | None:
        custom_id = component.get("custom_id")
        ctype = component.get("type")
        if custom_id is None:
            return None
        if ctype == 4:
            value = remaining.pop(custom_id, component.get("value") or "")
            if component.get("required", True) and not value:
                raise ValueError(f"modal text input {custom_id!r} is required")
            return _with_id({"type": 4, "custom_id": custom_id, "value": value}, component)
        value = remaining.pop(custom_id, [])
        values_list = value if isinstance(value, list) else [value]
        return _with_id(
            {"type": ctype, "custom_id": custom_id, "values": [str(v) for v in values_list]},
            component,
        )

    result: list[dict[str, Any]] = []
    for row in modal.get("components") or []:
        if row.get("type") == 1:
            children = [a for c in row.get("components") or [] if (a := answer(c)) is not None]
            result.append(_with_id({"type": 1, "components": children}, row))
        elif row.get("type") == 18:
            child = answer(row.get("component") or {})
            if child is not None:
                result.append(_with_id({"type": 18, "component": child}, row))
    if remaining:
        raise ValueError(f"modal has no inputs {sorted(remaining)}")
    return result
