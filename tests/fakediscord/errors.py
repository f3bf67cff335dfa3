"""Discord-style API errors for the fake backend.

Route handlers raise :class:`DiscordAPIError`; the transport seams convert it into the very
exception discord.py's own HTTP code would raise for that status and JSON body
(``discord.Forbidden`` for 403, ``discord.NotFound`` for 404, ``discord.HTTPException``
otherwise), so bot code sees exactly what real Discord would make it see.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import discord

_REASONS: dict[int, str] = {
    400: "Bad Request",
    401: "Unauthorized",
    403: "Forbidden",
    404: "Not Found",
    405: "Method Not Allowed",
    413: "Payload Too Large",
    429: "Too Many Requests",
    500: "Internal Server Error",
}


class FakeResponse:
    """The minimum of ``aiohttp.ClientResponse`` that ``discord.HTTPException`` reads."""

    def __init__(self, status: int, method: str, url: str) -> None:
        self.status = status
        self.reason = _REASONS.get(status, "Error")
        self.method = method
        self.url = url
        self.headers: dict[str, str] = {"content-type": "application/json"}

    def __repr__(self) -> str:
        return f"<FakeResponse {self.status} {self.method} {self.url}>"


class DiscordAPIError(Exception):
    """An error answer of the fake API: HTTP status plus Discord's JSON error body."""

    def __init__(
        self,
        status: int,
        code: int,
        message: str,
        errors: Mapping[str, Any] | None = None,
    ) -> None:
        super().__init__(f"{status} {code}: {message}")
        self.status = status
        self.code = code
        self.message = message
        self.errors = dict(errors) if errors else None

    def body(self) -> dict[str, Any]:
        """The JSON body Discord would send."""
        body: dict[str, Any] = {"message": self.message, "code": self.code}
        if self.errors:
            body["errors"] = self.errors
        return body

    def to_discord_exception(self, method: str, url: str) -> discord.HTTPException:
        """The exception discord.py raises for this status/body."""
        response = FakeResponse(self.status, method, url)
        body = self.body()
        if self.status == 403:
            return discord.Forbidden(response, body)  # type: ignore[arg-type]
        if self.status == 404:
            return discord.NotFound(response, body)  # type: ignore[arg-type]
        if self.status >= 500:
            return discord.DiscordServerError(response, body)  # type: ignore[arg-type]
        return discord.HTTPException(response, body)  # type: ignore[arg-type]


# Constructors for the errors the fake produces, named after Discord's JSON error codes.


def unknown_interaction() -> DiscordAPIError:
    """10062: the first response came too late (or the interaction never existed)."""
    return DiscordAPIError(404, 10062, "Unknown interaction")


def already_acknowledged() -> DiscordAPIError:
    """40060: a second initial response to the same interaction."""
    return DiscordAPIError(400, 40060, "Interaction has already been acknowledged.")


def invalid_webhook_token() -> DiscordAPIError:
    """50027: followups / ``@original`` edits after the 15-minute token lifetime."""
    return DiscordAPIError(401, 50027, "Invalid Webhook Token")


def unknown_webhook() -> DiscordAPIError:
    """10015: e.g. a followup before the interaction was acknowledged."""
    return DiscordAPIError(404, 10015, "Unknown Webhook")


def cannot_send_to_user() -> DiscordAPIError:
    """50007: the user blocks DMs from the server or from the bot."""
    return DiscordAPIError(403, 50007, "Cannot send messages to this user")


def unknown_message() -> DiscordAPIError:
    """10008."""
    return DiscordAPIError(404, 10008, "Unknown Message")


def unknown_channel() -> DiscordAPIError:
    """10003."""
    return DiscordAPIError(404, 10003, "Unknown Channel")


def unknown_user() -> DiscordAPIError:
    """10013."""
    return DiscordAPIError(404, 10013, "Unknown User")


def unknown_member() -> DiscordAPIError:
    """10007."""
    return DiscordAPIError(404, 10007, "Unknown Member")


def unknown_guild() -> DiscordAPIError:
    """10004."""
    return DiscordAPIError(404, 10004, "Unknown Guild")


def unknown_command() -> DiscordAPIError:
    """10063."""
    return DiscordAPIError(404, 10063, "Unknown application command")


def cannot_edit_others_message() -> DiscordAPIError:
    """50005."""
    return DiscordAPIError(403, 50005, "Cannot edit a message authored by another user")


def empty_message() -> DiscordAPIError:
    """50006."""
    return DiscordAPIError(400, 50006, "Cannot send an empty message")


def entity_too_large() -> DiscordAPIError:
    """40005: an uploaded file exceeds the size limit (Discord answers HTTP 413)."""
    return DiscordAPIError(413, 40005, "Request entity too large")


def invalid_form_body(errors: Mapping[str, Any]) -> DiscordAPIError:
    """50035 with Discord's nested ``errors`` object."""
    return DiscordAPIError(400, 50035, "Invalid Form Body", errors)


def unauthorized() -> DiscordAPIError:
    """0 / 401: bad bot token."""
    return DiscordAPIError(401, 0, "401: Unauthorized")


def missing_permissions() -> DiscordAPIError:
    """50013: the bot lacks a permission the request needs (Send Messages, say)."""
    return DiscordAPIError(403, 50013, "Missing Permissions")


def thread_archived() -> DiscordAPIError:
    """50083: sending into an archived, locked thread."""
    return DiscordAPIError(400, 50083, "Thread is archived")


def invalid_recipient() -> DiscordAPIError:
    """50033: creating a DM with an unknown user."""
    return DiscordAPIError(400, 50033, "Invalid Recipient(s)")


def no_handler(method: str, template: str, path: str) -> DiscordAPIError:
    """The fake does not implement this route: fail loudly instead of pretending."""
    return DiscordAPIError(
        404,
        0,
        f"fakediscord: no handler for {method} {template} (path {path}); "
        "implement it in tests/fakediscord/server.py or avoid the call",
    )
