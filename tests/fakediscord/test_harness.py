"""Tests of the fake Discord harness itself, using a throwaway bot defined here.

The bot below is *not* project code: it exercises exactly the discord.py paths the harness
must carry (app command groups, ephemeral replies, defer + followup, files with alt text,
DMs, persistent DynamicItem buttons, selects, autocomplete, modals, threads) so that the
harness's fidelity is tested independently of the Kelp bot.
"""

from __future__ import annotations

import inspect
import io
import logging
import re
from collections.abc import Callable
from contextvars import ContextVar
from typing import Any

import discord
import pytest
from discord import app_commands
from discord.ext import commands
from discord.http import Route

from tests.fakediscord import FakeDiscord, FakeUser
from tests.fakediscord.errors import missing_permissions
from tests.fakediscord.limits import (
    FormErrors,
    validate_components_v1,
    validate_embeds,
    validate_message_fields,
)
from tests.fakediscord.pytest_plugin import DiscordErrorLogged, check_discord_errors

# ---------------------------------------------------------------------------------------------
# The throwaway bot
# ---------------------------------------------------------------------------------------------

COLOURS = ["red", "green", "blue", "black", "white"]


def counter_view(n: int) -> discord.ui.View:
    """A view holding one persistent counter button."""
    view = discord.ui.View(timeout=None)
    view.add_item(DemoCounter(n))
    return view


class DemoCounter(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"demo:(?P<n>\d+)"
):
    """A button whose state lives in its custom_id, so it works after a restart."""

    def __init__(self, n: int) -> None:
        super().__init__(
            discord.ui.Button(
                label=f"Count {n}", style=discord.ButtonStyle.primary, custom_id=f"demo:{n}"
            )
        )
        self.n = n

    @classmethod
    async def from_custom_id(
        cls,
        interaction: discord.Interaction[Any],
        item: discord.ui.Button[discord.ui.View],
        match: re.Match[str],
        /,
    ) -> DemoCounter:
        return cls(int(match["n"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.edit_message(
            content=f"count {self.n + 1}", view=counter_view(self.n + 1)
        )


class PickView(discord.ui.View):
    """A select menu answered ephemerally."""

    @discord.ui.select(
        custom_id="demo:pick",
        options=[discord.SelectOption(label=c.title(), value=c) for c in COLOURS[:3]],
        max_values=2,
    )
    async def pick(
        self, interaction: discord.Interaction[Any], select: discord.ui.Select[PickView]
    ) -> None:
        await interaction.response.send_message(f"picked {','.join(select.values)}", ephemeral=True)


class DemoModal(discord.ui.Modal, title="Demo form"):
    """A one-field modal."""

    text: discord.ui.TextInput[DemoModal] = discord.ui.TextInput(
        label="Say something", custom_id="demo:form:text"
    )

    async def on_submit(self, interaction: discord.Interaction[Any]) -> None:
        await interaction.response.send_message(f"got {self.text.value}", ephemeral=True)


demo = app_commands.Group(name="demo", description="Harness demo commands")
admin = app_commands.Group(name="admin", description="Admin tools", parent=demo)


def _bot(interaction: discord.Interaction[Any]) -> DemoBot:
    client = interaction.client
    assert isinstance(client, DemoBot)
    return client


@demo.command(description="Answer pong")
async def ping(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("pong")


@demo.command(description="Echo privately")
async def echo(interaction: discord.Interaction[Any], text: str) -> None:
    await interaction.response.send_message(f"echo: {text}", ephemeral=True)


@demo.command(description="Post a persistent counter")
async def counter(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("count 0", view=counter_view(0))


@demo.command(description="Send a DM")
async def dm(interaction: discord.Interaction[Any]) -> None:
    try:
        await interaction.user.send("psst")
    except discord.Forbidden as exc:
        _bot(interaction).errors.append(exc)
        await interaction.response.send_message("I can't DM you", ephemeral=True)
    else:
        await interaction.response.send_message("sent you a DM", ephemeral=True)


@demo.command(description="Defer, then follow up")
async def slow(interaction: discord.Interaction[Any]) -> None:
    _bot(interaction).last_interaction = interaction
    await interaction.response.defer(ephemeral=True, thinking=True)
    await interaction.followup.send("done")


@demo.command(description="Send a file with alt text")
async def file(interaction: discord.Interaction[Any]) -> None:
    upload = discord.File(
        io.BytesIO(b"\x89PNG fake"), filename="board.png", description="the board"
    )
    await interaction.response.send_message("here", file=upload)


@demo.command(description="Reply too late")
async def late(interaction: discord.Interaction[Any]) -> None:
    _bot(interaction).before_reply()
    await interaction.response.send_message("too late")


@demo.command(description="Respond twice")
async def twice(interaction: discord.Interaction[Any]) -> None:
    bot = _bot(interaction)
    await interaction.response.send_message("first")
    try:
        await interaction.response.send_message("second")
    except discord.InteractionResponded as exc:
        bot.errors.append(exc)
    try:  # bypass discord.py's own guard to see what Discord says
        await discord.InteractionResponse(interaction).send_message("third")
    except discord.HTTPException as exc:
        bot.errors.append(exc)


@demo.command(description="Send an over-long custom_id")
async def badid(interaction: discord.Interaction[Any]) -> None:
    view = discord.ui.View()
    view.add_item(discord.ui.Button(label="x", custom_id="x" * 101))
    try:
        await interaction.response.send_message("bad", view=view)
    except discord.HTTPException as exc:
        _bot(interaction).errors.append(exc)


@demo.command(description="Post a select menu")
async def pick(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_message("pick colours", view=PickView())


@demo.command(description="Choose a colour")
async def colour(interaction: discord.Interaction[Any], name: str) -> None:
    await interaction.response.send_message(f"colour {name}")


@colour.autocomplete("name")
async def colour_autocomplete(
    interaction: discord.Interaction[Any], current: str
) -> list[app_commands.Choice[str]]:
    return [app_commands.Choice(name=c, value=c) for c in COLOURS if c.startswith(current)]


@demo.command(description="Open a form")
async def form(interaction: discord.Interaction[Any]) -> None:
    await interaction.response.send_modal(DemoModal())


@demo.command(description="Open a thread")
async def thread(interaction: discord.Interaction[Any]) -> None:
    channel = interaction.channel
    assert isinstance(channel, discord.TextChannel)
    created = await channel.create_thread(name="demo game", type=discord.ChannelType.public_thread)
    await created.send("thread opened")
    await interaction.response.send_message(f"opened {created.mention}")


@admin.command(description="Reset a player")
async def reset(
    interaction: discord.Interaction[Any], player: discord.Member, where: discord.TextChannel
) -> None:
    await interaction.response.send_message(f"reset {player.display_name} in #{where.name}")


class DemoBot(commands.Bot):
    """The throwaway bot: registers the dynamic item and syncs the tree in setup_hook."""

    def __init__(self, *, before_reply: Callable[[], None] = lambda: None) -> None:
        super().__init__(command_prefix="!", intents=discord.Intents.default())
        self.errors: list[BaseException] = []
        self.last_interaction: discord.Interaction[Any] | None = None
        self.before_reply = before_reply

    async def setup_hook(self) -> None:
        self.add_dynamic_items(DemoCounter)
        self.tree.add_command(demo)
        await self.tree.sync()


# ---------------------------------------------------------------------------------------------
# Fixtures
# ---------------------------------------------------------------------------------------------


@pytest.fixture
def alice(fake_discord: FakeDiscord) -> FakeUser:
    """A member of a guild created on the fly."""
    fake_discord.add_guild("Harness Guild")
    return fake_discord.add_user(name="alice")


# ---------------------------------------------------------------------------------------------
# Tests
# ---------------------------------------------------------------------------------------------


async def test_slash_response_recorded(fake_discord: FakeDiscord, alice: FakeUser) -> None:
    bot = await fake_discord.start_bot(DemoBot)
    bob = fake_discord.add_user(name="bob")
    channel = fake_discord.default_channel

    handle = await fake_discord.slash(alice, "demo ping")
    assert handle.response_type == 4
    assert handle.reply.content == "pong" and not handle.reply.ephemeral
    assert fake_discord.messages_in(channel) == [handle.reply]
    assert handle.calls[0].json["type"] == 4
    assert [c.route for c in fake_discord.calls_to("PUT")] == [
        "/applications/{application_id}/commands"
    ]
    (registered,) = fake_discord.registered_commands()
    assert registered["name"] == "demo"
    assert "admin" in [o["name"] for o in registered["options"]]

    private = await fake_discord.slash(alice, "demo echo", text="hi")
    assert private.reply.content == "echo: hi" and private.reply.ephemeral
    assert fake_discord.ephemerals_for(alice) == [private.reply]
    assert fake_discord.ephemerals_for(bob) == []
    assert private.reply not in fake_discord.visible_messages(bob, channel)
    assert private.reply in fake_discord.visible_messages(alice, channel)
    # MESSAGE_CREATE was echoed for the public reply only, so the bot cache matches Discord.
    cached = {m.id for m in bot.cached_messages}
    assert handle.reply.id in cached and private.reply.id not in cached

    nested = await fake_discord.slash(alice, "demo admin reset", player=bob, where=channel)
    assert nested.reply.content == f"reset bob in #{channel.name}"
    with pytest.raises(ValueError, match="required option 'where' missing"):
        await fake_discord.slash(alice, "demo admin reset", player=bob)


async def test_defer_followup_file_and_thread(fake_discord: FakeDiscord, alice: FakeUser) -> None:
    bot = await fake_discord.start_bot(DemoBot)

    deferred = await fake_discord.slash(alice, "demo slow")
    assert deferred.response_type == 5
    # The first followup replaced the "thinking" placeholder and kept the defer's ephemerality.
    assert deferred.reply.content == "done" and deferred.reply.ephemeral
    assert not deferred.reply.loading and deferred.followups == []

    sent = await fake_discord.slash(alice, "demo file")
    attachment = sent.reply.attachment("board.png")
    assert attachment.description == "the board"
    assert attachment.data == b"\x89PNG fake"
    assert fake_discord.attachment_bytes(sent.reply, "board.png") == b"\x89PNG fake"
    channel = bot.get_channel(sent.reply.channel_id)
    assert isinstance(channel, discord.TextChannel)
    fetched = await channel.fetch_message(sent.reply.id)
    assert await fetched.attachments[0].read() == b"\x89PNG fake"

    opened = await fake_discord.slash(alice, "demo thread")
    (created,) = fake_discord.threads_of(fake_discord.default_channel)
    assert opened.reply.content == f"opened <#{created.id}>"
    assert [m.content for m in fake_discord.messages_in(created)] == ["thread opened"]
    inside = await fake_discord.slash(alice, "demo ping", channel=created)
    assert inside.reply.channel_id == created.id


async def test_dynamic_button_survives_restart(fake_discord: FakeDiscord, alice: FakeUser) -> None:
    first = await fake_discord.start_bot(DemoBot)
    posted = (await fake_discord.slash(alice, "demo counter")).reply
    assert posted.custom_ids() == ["demo:0"]
    await fake_discord.stop_bot(first)

    second = await fake_discord.start_bot(DemoBot)
    assert second is not first
    clicked = await fake_discord.click(alice, posted, "demo:0")
    assert clicked.response_type == 7
    assert posted.content == "count 1"
    assert posted.custom_ids() == ["demo:1"]
    assert posted.history[0]["content"] == "count 0"


async def test_select_autocomplete_and_modal(fake_discord: FakeDiscord, alice: FakeUser) -> None:
    await fake_discord.start_bot(DemoBot)

    menu = (await fake_discord.slash(alice, "demo pick")).reply
    picked = await fake_discord.select(alice, menu, "demo:pick", ["red", "blue"])
    assert picked.reply.content == "picked red,blue" and picked.reply.ephemeral
    with pytest.raises(ValueError, match="no option"):
        await fake_discord.select(alice, menu, "demo:pick", ["purple"])

    suggestions = await fake_discord.autocomplete(alice, "demo colour", "name", "bl")
    assert suggestions.response_type == 8
    assert [c["value"] for c in suggestions.choices or []] == ["blue", "black"]

    opened = await fake_discord.slash(alice, "demo form")
    assert opened.response_type == 9 and opened.modal is not None
    submitted = await fake_discord.submit_modal(alice, opened, {"demo:form:text": "hello"})
    assert submitted.reply.content == "got hello"


@pytest.mark.discord_errors_expected(match="Unknown interaction")
async def test_first_response_after_three_seconds_is_10062(
    fake_discord: FakeDiscord, alice: FakeUser, discord_error_records: list[logging.LogRecord]
) -> None:
    await fake_discord.start_bot(lambda: DemoBot(before_reply=lambda: fake_discord.advance(3.5)))

    slow = await fake_discord.slash(alice, "demo late")
    assert slow.failed
    assert [c.error_code for c in slow.rejected] == [10062]
    (record,) = discord_error_records
    assert record.exc_info is not None
    original = getattr(record.exc_info[1], "original", None)
    assert isinstance(original, discord.NotFound) and original.code == 10062

    lagged = await fake_discord.slash(alice, "demo ping", age=3.2)
    assert lagged.failed and lagged.rejected[0].error_code == 10062


async def test_double_response(fake_discord: FakeDiscord, alice: FakeUser) -> None:
    bot = await fake_discord.start_bot(DemoBot)
    handle = await fake_discord.slash(alice, "demo twice")
    assert handle.reply.content == "first"
    responded, rejected = bot.errors
    assert isinstance(responded, discord.InteractionResponded)
    assert isinstance(rejected, discord.HTTPException) and rejected.code == 40060
    assert [c.error_code for c in handle.rejected] == [40060]


async def test_followup_after_fifteen_minutes_is_50027(
    fake_discord: FakeDiscord, alice: FakeUser
) -> None:
    bot = await fake_discord.start_bot(DemoBot)
    await fake_discord.slash(alice, "demo slow")
    interaction = bot.last_interaction
    assert interaction is not None

    fake_discord.advance(15 * 60 + 1)
    with pytest.raises(discord.HTTPException) as followup:
        await interaction.followup.send("too late")
    assert followup.value.status == 401 and followup.value.code == 50027
    with pytest.raises(discord.HTTPException) as edit:
        await interaction.edit_original_response(content="edited")
    assert edit.value.code == 50027


async def test_dm_to_closed_user_is_forbidden_50007(
    fake_discord: FakeDiscord, alice: FakeUser
) -> None:
    bot = await fake_discord.start_bot(DemoBot)
    closed = fake_discord.add_user(name="closed", dm_closed=True)

    refused = await fake_discord.slash(closed, "demo dm")
    (error,) = bot.errors
    assert isinstance(error, discord.Forbidden) and error.code == 50007
    assert refused.reply.content == "I can't DM you" and refused.reply.ephemeral
    assert fake_discord.dms_to(closed) == []

    delivered = await fake_discord.slash(alice, "demo dm")
    assert delivered.reply.content == "sent you a DM"
    assert [m.content for m in fake_discord.dms_to(alice)] == ["psst"]


async def test_custom_id_over_100_chars_is_rejected(
    fake_discord: FakeDiscord, alice: FakeUser
) -> None:
    bot = await fake_discord.start_bot(DemoBot)
    handle = await fake_discord.slash(alice, "demo badid")
    (error,) = bot.errors
    assert isinstance(error, discord.HTTPException)
    assert (error.status, error.code) == (400, 50035)
    assert "data.components.0.components.0.custom_id" in error.text
    assert handle.failed


async def test_unknown_route_fails_loudly(fake_discord: FakeDiscord, alice: FakeUser) -> None:
    bot = await fake_discord.start_bot(DemoBot)
    guild = next(iter(fake_discord.guilds.values()))
    with pytest.raises(
        discord.NotFound, match=re.escape("no handler for GET /guilds/{guild_id}/preview")
    ):
        await bot.fetch_guild_preview(guild.id)
    with pytest.raises(discord.NotFound, match="no handler"):
        await bot.http.request(Route("POST", "/made/up/{thing}", thing=1))
    assert [c.route for c in fake_discord.take_unhandled()] == [
        "/guilds/{guild_id}/preview",
        "/made/up/{thing}",
    ]


async def test_a_refused_route_raises_what_discord_would_until_allowed_again(
    fake_discord: FakeDiscord, alice: FakeUser
) -> None:
    bot = await fake_discord.start_bot(DemoBot)
    channel = bot.get_partial_messageable(fake_discord.default_channel.id)
    route = "/channels/{channel_id}/typing"
    fake_discord.refuse("POST", route, missing_permissions())
    with pytest.raises(discord.Forbidden) as refused:
        await channel.typing()
    assert (refused.value.status, refused.value.code) == (403, 50013)
    await channel.send("sending is another route")
    fake_discord.refuse("POST", route, None)
    await channel.typing()
    assert [c.status for c in fake_discord.calls_to("POST", route)] == [403, 204]


@pytest.mark.parametrize(
    ("payload", "path"),
    [
        ({"content": "x" * 2001}, "content"),
        ({"embeds": [{"title": "t"}] * 11}, "embeds"),
        ({"embeds": [{"title": "t" * 257}]}, "embeds.0.title"),
        ({"embeds": [{"description": "d" * 4097}]}, "embeds.0.description"),
        ({"embeds": [{"fields": [{"name": "n", "value": "v"}] * 26}]}, "embeds.0.fields"),
        ({"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]}, "embeds"),
        (
            {
                "components": [
                    {"type": 1, "components": [{"type": 2, "style": 1, "custom_id": "a"}]}
                ]
                * 6
            },
            "components",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "custom_id": str(i)} for i in range(6)
                        ],
                    }
                ]
            },
            "components.0.components",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {
                                "type": 3,
                                "custom_id": "s",
                                "options": [{"label": str(i), "value": str(i)} for i in range(26)],
                            }
                        ],
                    }
                ]
            },
            "components.0.components.0.options",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {
                                "type": 3,
                                "custom_id": "s",
                                "options": [{"label": "l" * 101, "value": "v"}],
                            }
                        ],
                    }
                ]
            },
            "components.0.components.0.options.0.label",
        ),
        (
            {"components": [{"type": 1, "components": [{"type": 2, "style": 1}]}]},
            "components.0.components.0.custom_id",
        ),
        (
            {
                "components": [
                    {
                        "type": 1,
                        "components": [
                            {"type": 2, "style": 1, "custom_id": "same"},
                            {"type": 2, "style": 1, "custom_id": "same"},
                        ],
                    }
                ]
            },
            "components.0.components.1.custom_id",
        ),
    ],
)
def test_limits_use_discord_error_paths(payload: dict[str, Any], path: str) -> None:
    errors = FormErrors()
    validate_message_fields(payload, errors)
    flat = discord.errors._flatten_error_dict(errors.to_dict())
    assert path in flat, flat


def test_limits_accept_valid_payloads() -> None:
    errors = FormErrors()
    validate_embeds([{"title": "t" * 256, "description": "d" * 4096}], errors)
    row = {
        "type": 1,
        "components": [{"type": 2, "style": 1, "custom_id": f"b{i}"} for i in range(5)],
    }
    validate_components_v1([row] * 1, errors)
    assert not errors


def test_error_log_guard_function() -> None:
    record = logging.LogRecord(
        "discord.app_commands.tree",
        logging.ERROR,
        __file__,
        1,
        "Ignoring exception in command %r",
        ("demo",),
        None,
    )
    with pytest.raises(DiscordErrorLogged, match="Ignoring exception in command 'demo'"):
        check_discord_errors([record])
    check_discord_errors([record], expected=True)
    check_discord_errors([record], expected=True, match="Ignoring exception")
    with pytest.raises(DiscordErrorLogged):
        check_discord_errors([record], expected=True, match="something else")
    check_discord_errors([])


@pytest.mark.discord_errors_expected
def test_error_log_guard_fails_tests(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(
        """
        import logging
        import pytest

        def test_logged_error():
            logging.getLogger("discord.app_commands.tree").error("Ignoring exception in command")

        @pytest.mark.discord_errors_expected
        def test_expected_error():
            logging.getLogger("discord.client").error("boom")

        def test_warning_is_fine():
            logging.getLogger("discord.client").warning("meh")

        def test_other_loggers_are_fine():
            logging.getLogger("kelp").error("not discord.py")
        """
    )
    result = pytester.runpytest_inprocess(
        "-p",
        "tests.fakediscord.pytest_plugin",
        "-q",
        "-o",
        "asyncio_default_fixture_loop_scope=function",
    )
    result.assert_outcomes(passed=3, failed=1)
    result.stdout.fnmatch_lines(
        [
            "*DiscordErrorLogged: discord.py logged 1 error(s)*",
            "*discord.app_commands.tree ERROR: Ignoring exception in command",
        ]
    )


def test_private_seams_still_exist() -> None:
    """The harness reaches into these discord.py internals; a library bump must fail here."""
    assert discord.__version__ == "2.7.1"
    from discord import client as client_module
    from discord import gateway, http, state
    from discord.ui import view as view_module
    from discord.webhook import async_ as webhook_module

    assert client_module.HTTPClient is http.HTTPClient
    request = inspect.signature(http.HTTPClient.request).parameters
    assert {"route", "files", "form"} <= set(request)
    assert "compress" in inspect.signature(http.HTTPClient.ws_connect).parameters
    for name in ("static_login", "get_from_cdn", "close", "ws_connect"):
        assert callable(getattr(http.HTTPClient, name))
    assert http.Route.BASE.startswith("https://discord.com/api/v")
    assert {"path", "method", "url"} <= set(vars(http.Route("GET", "/x")))

    assert isinstance(webhook_module.async_context, ContextVar)
    adapter_request = inspect.signature(webhook_module.AsyncWebhookAdapter.request).parameters
    assert {"route", "session", "payload", "multipart", "files", "params"} <= set(adapter_request)

    ws = gateway.DiscordWebSocket
    assert callable(ws.from_client) and callable(ws.poll_event)
    assert ws.HELLO == 10 and ws.IDENTIFY == 2 and ws.DISPATCH == 0

    parsers = set(state.ConnectionState.__dict__)
    for event in (
        "ready",
        "guild_create",
        "interaction_create",
        "message_create",
        "message_update",
        "thread_create",
        "guild_members_chunk",
    ):
        assert f"parse_{event}" in parsers
    assert callable(view_module.ViewStore.dispatch_view)
    assert callable(view_module.ViewStore.dispatch_dynamic_items)
    source = inspect.getsource(discord.Interaction._from_data)
    assert "attachment_size_limit" in source

    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    assert bot.tree._http is bot.http
    assert bot._connection.http is bot.http
    assert bot._connection._command_tree is bot.tree
    assert bot._connection.guild_ready_timeout == 2.0
