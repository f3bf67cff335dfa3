"""A restart mid-game loses nothing: a new bot on the same database keeps playing on the
messages the first bot posted, and the game ends exactly as one never restarted."""

from __future__ import annotations

import random

import pytest

import rules
from bot.offline import component_for, play_match
from rules import Action
from tests.bot.conftest import Table


def by_version(g: rules.Game, seat: str, legal: list[Action], rng: random.Random) -> Action:
    """Choices that depend only on the position, so two runs can be compared."""
    return random.Random(g.version * 7919 + 17).choice([a for a in legal if a.verb != "cancel"])


@pytest.mark.parametrize(("expansion", "seed", "stop_after"),
                         [("none", 77, 25), ("offshore_offspring", 91, 40)])
async def test_restart_then_finish_identically(table: Table, expansion: str, seed: int,
                                               stop_after: int) -> None:
    t = table
    t.bot.game_seed = lambda: seed
    t.seeds = lambda: seed
    first = await play_match(t.fake, t.bot, channel=t.channel, octopus=t.alice, shark=t.bob,
                             seed=1, choose=by_version, stop_after=stop_after,
                             expansion=expansion)
    gid = first.game_id
    _, g = await t.bot.service.load(gid)
    assert g.phase != "over"
    seat = rules.pending(g)["seats"][0]
    user = t.alice if seat == "octopus" else t.bob
    old_panel = t.fake.get_message(first.panels[seat])
    log_before = len(await t.bot.storage.actions(gid))

    bot2 = await t.restart()
    # A click on an ephemeral panel the first bot sent is handled by the new process.
    legal = rules.legal_actions(g, seat)
    cid, values = component_for(old_panel, legal, by_version(g, seat, legal, random.Random()))
    if values or cid.split(":")[2].startswith(("s", "m")):
        h = await t.fake.select(user, old_panel, cid, values, bot=bot2)
    else:
        h = await t.fake.click(user, old_panel, cid, bot=bot2)
    assert not h.failed and h.acknowledged
    assert len(await bot2.storage.actions(gid)) == log_before + 1
    # …and so are the table buttons the first bot posted.
    await play_match(t.fake, bot2, channel=t.channel, octopus=t.alice, shark=t.bob, seed=1,
                     choose=by_version, game_id=gid)
    row, restarted = await bot2.service.load(gid)
    assert restarted.phase == "over"
    assert row.options.get("expansion", "none") == expansion

    # The same game, never restarted.
    bot2.game_seed = lambda: seed
    again = await play_match(t.fake, bot2, channel=t.channel, octopus=t.alice, shark=t.bob,
                             seed=1, choose=by_version, expansion=expansion)
    _, plain = await bot2.service.load(again.game_id)
    assert rules.dump(plain) == rules.dump(restarted)
