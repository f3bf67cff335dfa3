"""Offline fake Discord backend driving the real discord.py 2.7.1 client.

The fake plugs in at discord.py's lowest seams only – ``HTTPClient.request`` (REST),
``AsyncWebhookAdapter.request`` (interaction webhooks) and ``HTTPClient.ws_connect`` (gateway)
– so ``commands.Bot``, ``CommandTree``, ``DynamicItem``/``ViewStore``, ``ConnectionState`` and
``DiscordWebSocket`` all run unchanged, while the fake enforces Discord's rules (3 s first
response, 15 min tokens, double acknowledgement, DM refusal, payload limits).

Entry points: :class:`FakeDiscord` and the ``fake_discord`` fixture from
:mod:`tests.fakediscord.pytest_plugin`.
"""

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
