"""The `/kelp` commands besides play: board, games, rules, settings, config, help."""

from __future__ import annotations

import pytest

from bot.offline import play_match, start_match
from tests.bot.conftest import Table


def text_of(h: object) -> str:
    return " ".join(m.content + " ".join(e.get("description", "") for e in m.embeds)
                    for m in h.messages)  # type: ignore[attr-defined]


async def test_board_posts_the_public_board_here(table: Table) -> None:
    t = table
    gid = await start_match(t.fake, t.bot, channel=t.channel, octopus=t.alice, shark=t.bob)
    h = await t.fake.slash(t.carol, "kelp board", game=gid)
    public = [m for m in h.messages if not m.ephemeral]
    assert len(public) == 1 and public[0].attachments[0].description
    assert public[0].embeds and not public[0].components


async def test_games_lists_active_games(table: Table) -> None:
    t = table
    gid = await start_match(t.fake, t.bot, channel=t.channel, octopus=t.alice, shark=t.bob)
    h = await t.fake.slash(t.carol, "kelp games")
    assert f"#{gid}" in text_of(h) and h.reply.ephemeral


async def test_rules_lookup_and_autocomplete(table: Table) -> None:
    t = table
    h = await t.fake.autocomplete(t.carol, "kelp rules", "topic", "confront")
    assert h.choices and len(h.choices) <= 25
    assert any(c["value"].startswith("X-") for c in h.choices)
    h = await t.fake.slash(t.carol, "kelp rules", topic="S-3")
    assert h.reply.ephemeral and "strictly decrease" in text_of(h)


async def test_settings_dm_off_stops_direct_messages(table: Table) -> None:
    t = table
    await t.fake.slash(t.bob, "kelp settings", options={"dm": "off"})
    gid = await start_match(t.fake, t.bot, channel=t.channel, octopus=t.alice, shark=t.bob)
    await play_match(t.fake, t.bot, channel=t.channel, octopus=t.alice, shark=t.bob, seed=3,
                     game_id=gid, stop_after=20)
    assert t.fake.dms_to(t.bob) == []
    assert t.fake.dms_to(t.alice)


@pytest.mark.parametrize("admin", [True, False])
async def test_config_spectator_channel_needs_manage_server(table: Table, admin: bool) -> None:
    t = table
    spectators = next(t.fake.channels[c] for c in t.guild.channel_ids
                      if t.fake.channels[c].name == "spectators")
    if admin:
        t.fake.add_role(t.guild, "admins", permissions=0x20, members=[t.carol])
    h = await t.fake.slash(t.carol, "kelp config", spectator_channel=spectators)
    if not admin:
        assert "Manage Server" in text_of(h)
        return
    assert "mirrored" in text_of(h)
    await play_match(t.fake, t.bot, channel=t.channel, octopus=t.alice, shark=t.bob, seed=4,
                     stop_after=40)
    mirrored = t.fake.messages_in(spectators)
    assert mirrored and all(m.attachments for m in mirrored)


async def test_help(table: Table) -> None:
    h = await table.fake.slash(table.carol, "kelp help")
    assert "challenge" in text_of(h) and h.reply.ephemeral
    assert "/kelp practice" in text_of(h)  # every command a newcomer can start a game with
