"""End to end: from `/kelp challenge` to a finished game, every move made by clicking the
real buttons and selects of the private panels (issue 4: must show)."""

from __future__ import annotations

import pytest

import rules
from bot.offline import play_match
from tests.bot.conftest import Table
from tests.bot.policies import hunter, passive_shark


@pytest.mark.parametrize(("seed", "policy", "winner"), [
    (3, passive_shark, "octopus"),
    (4, passive_shark, "octopus"),
    (5, hunter, "shark"),
    (6, hunter, "shark"),
])
async def test_a_whole_match_through_the_panels(table: Table, seed: int, policy: object,
                                                winner: str) -> None:
    t = table
    for _ in range(seed):  # vary the game seed with the test seed
        t.seeds()
    log = await play_match(t.fake, t.bot, channel=t.channel, octopus=t.alice, shark=t.bob,
                           seed=seed, choose=policy)
    row, g = await t.bot.service.load(log.game_id)
    assert g.phase == "over" and g.winner == winner
    assert row.status == "finished" and row.winner == winner
    # Every accepted step is in the log, in order, and replays to the stored game.
    logged = await t.bot.storage.actions(log.game_id)
    assert [a for _, _, a, _ in logged] == [a for _, a in g.history]
    assert rules.replay(rules.record(g)) == g
    # The match has its own thread, a table per turn and the final reveal in it.
    thread = t.fake.threads_of(t.channel)[0]
    assert "Kelp · alice (Octopus) vs bob (Shark)" in thread.name
    public = t.fake.messages_in(thread)
    assert any("is over" in m.content and m.attachments for m in public)
    tables = [m for m in public if m.embeds and m.attachments]
    assert len(tables) >= g.round
    assert all(a.description for m in tables for a in m.attachments)  # alt text
