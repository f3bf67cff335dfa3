"""Offline fake Discord backend driving the real discord.py 2.7.1 client.

The fake plugs in at discord.py's lowest seams only – ``HTTPClient.request`` (REST),
``AsyncWebhookAdapter.request`` (interaction webhooks) and ``HTTPClient.ws_connect`` (gateway)
– so ``commands.Bot``, ``CommandTree``, ``DynamicItem``/``ViewStore``, ``ConnectionState`` and
``DiscordWebSocket`` all run unchanged, while the fake enforces Discord's rules (3 s first
response, 15 min tokens, double acknowledgement, DM refusal, payload limits).

Entry points: :class:`FakeDiscord` and the ``fake_discord`` fixture from
:mod:`tests.fakediscord.pytest_plugin`.  Exports are imported lazily so that loading the
pytest plugin does not import discord.py for test runs that never start a bot.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .clock import FakeClock
    from .errors import DiscordAPIError
    from .harness import FakeDiscord, InteractionHandle, QuiescenceTimeout
    from .models import (
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
    from .payloads import Upload
    from .server import INITIAL_RESPONSE_DEADLINE, TOKEN_LIFETIME, DiscordServer
    from .transport import FakeGatewaySocket, FakeHTTPClient, FakeWebhookAdapter

_EXPORTS: dict[str, str] = {
    "FakeClock": ".clock",
    "DiscordAPIError": ".errors",
    "FakeDiscord": ".harness",
    "InteractionHandle": ".harness",
    "QuiescenceTimeout": ".harness",
    "Call": ".models",
    "CallbackRecord": ".models",
    "FakeAttachment": ".models",
    "FakeChannel": ".models",
    "FakeGuild": ".models",
    "FakeMember": ".models",
    "FakeMessage": ".models",
    "FakeRole": ".models",
    "FakeUser": ".models",
    "InteractionRecord": ".models",
    "UploadedFile": ".models",
    "Upload": ".payloads",
    "INITIAL_RESPONSE_DEADLINE": ".server",
    "TOKEN_LIFETIME": ".server",
    "DiscordServer": ".server",
    "FakeGatewaySocket": ".transport",
    "FakeHTTPClient": ".transport",
    "FakeWebhookAdapter": ".transport",
}

__all__ = [
    "INITIAL_RESPONSE_DEADLINE",
    "TOKEN_LIFETIME",
    "Call",
    "CallbackRecord",
    "DiscordAPIError",
    "DiscordServer",
    "FakeAttachment",
    "FakeChannel",
    "FakeClock",
    "FakeDiscord",
    "FakeGatewaySocket",
    "FakeGuild",
    "FakeHTTPClient",
    "FakeMember",
    "FakeMessage",
    "FakeRole",
    "FakeUser",
    "FakeWebhookAdapter",
    "InteractionHandle",
    "InteractionRecord",
    "QuiescenceTimeout",
    "Upload",
    "UploadedFile",
]


def __getattr__(name: str) -> Any:
    """Import the defining module on first access (PEP 562)."""
    try:
        module_name = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = getattr(importlib.import_module(module_name, __name__), name)
    globals()[name] = value
    return value
