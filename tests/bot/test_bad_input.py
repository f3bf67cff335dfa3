"""Bad input gets a clear private answer and changes nothing (issue 4: must show)."""

from __future__ import annotations

import rules
from bot.offline import component_for, start_match
from tests.bot.conftest import Table


async def snapshot(t: Table, gid: int) -> tuple[str, int]:
    row, _ = await t.bot.service.load(gid)
    return row.state, len(await t.bot.storage.actions(gid))


async def started(t: Table) -> tuple[int, object]:
    gid = await start_match(t.fake, t.bot, channel=t.channel, octopus=t.alice, shark=t.bob)
    row, _ = await t.bot.service.load(gid)
    return gid, t.fake.get_message(row.table_message_id)


def ephemeral_text(h: object) -> str:
    msgs = [m for m in h.messages if m.ephemeral]  # type: ignore[attr-defined]
    return " ".join(m.content for m in msgs)


async def test_wrong_user_and_spectator_on_seat_buttons(table: Table) -> None:
    t = table
    gid, tbl = await started(t)
    before = await snapshot(t, gid)
    po = next(c for c in tbl.custom_ids() if ":po:" in c)
    h = await t.fake.click(t.carol, tbl, po)
    assert "isn't your seat" in ephemeral_text(h) and "Board for me" in ephemeral_text(h)
    h = await t.fake.click(t.bob, tbl, po)
    assert "isn't your seat" in ephemeral_text(h) and "Shark" in ephemeral_text(h)
    pv = next(c for c in tbl.custom_ids() if ":pv:" in c)
    h = await t.fake.click(t.carol, tbl, pv)  # a spectator may look, privately
    assert h.reply.ephemeral and h.reply.attachments
    assert await snapshot(t, gid) == before


async def test_stale_panel_says_the_board_moved_on(table: Table) -> None:
    t = table
    gid, tbl = await started(t)
    po = next(c for c in tbl.custom_ids() if ":po:" in c)
    p1 = (await t.fake.click(t.alice, tbl, po)).reply
    p2 = (await t.fake.click(t.alice, tbl, po)).reply
    _, g = await t.bot.service.load(gid)
    legal = rules.legal_actions(g, "octopus")
    cid, _ = component_for(p1, legal, legal[0])
    await t.fake.select(t.alice, p1, cid, [cid and "0"])
    after = await snapshot(t, gid)
    h = await t.fake.select(t.alice, t.fake.get_message(p2.id), cid, ["1"])
    assert "moved on" in ephemeral_text(h)
    assert await snapshot(t, gid) == after
    fresh = t.fake.get_message(p2.id)  # the stale panel now shows the current position
    assert fresh.custom_ids() == t.fake.get_message(p1.id).custom_ids()


async def test_double_click_fired_concurrently_applies_once(table: Table) -> None:
    t = table
    gid, tbl = await started(t)
    po = next(c for c in tbl.custom_ids() if ":po:" in c)
    panel = (await t.fake.click(t.alice, tbl, po)).reply
    _, g = await t.bot.service.load(gid)
    legal = rules.legal_actions(g, "octopus")
    cid, values = component_for(panel, legal, legal[0])
    _, n = await snapshot(t, gid)
    h1 = await t.fake.select(t.alice, panel, cid, values, wait=False)
    h2 = await t.fake.select(t.alice, panel, cid, values, wait=False)
    await t.fake.wait_idle()
    _, n2 = await snapshot(t, gid)
    assert n2 == n + 1
    assert "moved on" in ephemeral_text(h1) + ephemeral_text(h2)


async def test_closed_dms_get_one_notice_in_the_thread(table: Table) -> None:
    t = table
    dave = t.fake.add_user(name="dave", dm_closed=True)
    gid = await start_match(t.fake, t.bot, channel=t.channel, octopus=dave, shark=t.bob)
    row, _ = await t.bot.service.load(gid)
    from bot.offline import play_match

    await play_match(t.fake, t.bot, channel=t.channel, octopus=dave, shark=t.bob, seed=2,
                     game_id=gid, stop_after=30)
    thread = t.fake.get_message(row.table_message_id).channel_id
    notices = [m for m in t.fake.messages_in(thread) if "can't send you direct" in m.content]
    assert len(notices) == 1 and f"<@{dave.id}>" in notices[0].content
    assert t.fake.dms_to(t.bob)  # the other player still gets their notes


async def test_malformed_and_misdirected_commands(table: Table) -> None:
    t = table
    gid, _ = await started(t)
    before = await snapshot(t, gid)
    h = await t.fake.slash(t.carol, "kelp board", game=999)
    assert "no such game" in ephemeral_text(h)
    h = await t.fake.slash(t.carol, "kelp concede", game=gid)
    assert "isn't your seat" in ephemeral_text(h)
    h = await t.fake.slash(t.carol, "kelp panel", game=gid)
    assert "aren't playing" in ephemeral_text(h)
    h = await t.fake.slash(t.alice, "kelp challenge", opponent=t.alice)
    assert "yourself" in ephemeral_text(h)
    assert await snapshot(t, gid) == before


async def test_lobby_rules_and_expiry(table: Table) -> None:
    t = table
    h = await t.fake.slash(t.alice, "kelp challenge", opponent=t.bob)
    lobby = h.reply
    accept = next(c for c in lobby.custom_ids() if c.endswith(":accept"))
    cancel = next(c for c in lobby.custom_ids() if c.endswith(":cancel"))
    h2 = await t.fake.click(t.carol, lobby, accept)
    assert "Only the challenged player" in ephemeral_text(h2)
    h2 = await t.fake.click(t.bob, lobby, cancel)
    assert "Only the challenger" in ephemeral_text(h2)
    t.fake.advance(t.bot.lobby_ttl + 1)
    await t.fake.click(t.bob, lobby, accept)
    assert "expired" in t.fake.get_message(lobby.id).content
    assert await t.bot.storage.games_of(t.alice.id) == []
