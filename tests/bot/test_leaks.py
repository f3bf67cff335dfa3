"""No leaks at the Discord boundary: for two games that differ only in hidden information
(`rules.resample`), everything a spectator or the Shark is sent — public boards and their
images and alt text, embeds, button labels and custom_ids, the Shark's own panel — is
identical, byte for byte once the game's own id is factored out."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest

import rules
from bot.offline import play_match
from tests.bot.conftest import Table

SNOWFLAKE = re.compile(r"\d{15,}")


def normal(message: Any, gid: int) -> dict[str, Any]:
    """A message as its reader sees it, with the game's id and message ids replaced."""
    def clean(x: Any) -> Any:
        if isinstance(x, str):
            x = x.replace(f"#{gid}", "#GAME").replace(f"kelp:{gid}:", "kelp:GAME:")
            return SNOWFLAKE.sub("ID", x)
        if isinstance(x, dict):
            return {k: clean(v) for k, v in x.items() if k not in ("id",)}
        if isinstance(x, list):
            return [clean(v) for v in x]
        return x

    return {
        "content": clean(message.content),
        "embeds": clean(message.embeds),
        "components": clean(message.components),
        "files": [(a.filename, a.description, a.data) for a in message.attachments],
    }


async def twin_game(t: Table, gid: int, seed: int,
                    differ: Callable[[rules.Game, rules.Game], bool] | None = None) -> int:
    """A second game in the same thread whose hidden information is redrawn from the
    Shark's knowledge (`differ(original, twin)` picks a twin that differs where it matters:
    by default the blocks or the hand)."""
    row, g = await t.bot.service.load(gid)
    worlds = [rules.resample(g, "shark", seed * 100 + k) for k in range(40)]
    test = differ or (lambda a, b: a.zones != b.zones or sorted(a.hand) != sorted(b.hand))
    twin = next((w for w in worlds if test(g, w)), worlds[0])
    assert rules.view(twin, "spectator") == rules.view(g, "spectator")
    tid = await t.bot.storage.create_game(
        guild_id=row.guild_id, channel_id=row.channel_id, octopus_id=row.octopus_id,
        shark_id=row.shark_id, options=row.options, state=rules.dump(twin),
        version=twin.version, panel_versions=row.panel_versions)
    await t.bot.storage.set_places(tid, thread_id=row.thread_id)
    return tid


async def shown(t: Table, gid: int) -> list[dict[str, Any]]:
    """What a spectator's `/kelp board` and the Shark's `/kelp panel` show for a game."""
    board = await t.fake.slash(t.carol, "kelp board", game=gid)
    panel = await t.fake.slash(t.bob, "kelp panel", game=gid)
    return [normal(m, gid) for m in [*board.messages, *panel.messages]]


@pytest.mark.parametrize(("seed", "steps"), [(1, 12), (2, 35), (3, 60), (4, 75)])
async def test_what_the_shark_and_spectators_see_is_identical(table: Table, seed: int,
                                                             steps: int) -> None:
    t = table
    log = await play_match(t.fake, t.bot, channel=t.channel, octopus=t.alice, shark=t.bob,
                           seed=seed, stop_after=steps)
    a = log.game_id
    _, g = await t.bot.service.load(a)
    if g.phase == "over":
        pytest.skip("the game ended before the probe point")
    b = await twin_game(t, a, seed)
    assert await shown(t, a) == await shown(t, b)


async def test_a_locked_confrontation_colour_never_shows(table: Table) -> None:
    """X-1 at the Discord boundary: once the Octopus has locked its colour, the table, the
    public board and the Shark's panel are the same whatever that colour is."""
    import random

    from bot.offline import MatchLog, SeatPlayer, start_match
    from tests.bot.policies import hunter

    t = table

    async def until_locked(seed: int) -> tuple[int, Any, rules.Game] | None:
        gid = await start_match(t.fake, t.bot, channel=t.channel, octopus=t.alice,
                                shark=t.bob)
        rng = random.Random(seed)
        players = {"octopus": SeatPlayer(t.fake, t.bot, t.alice, "octopus", rng),
                   "shark": SeatPlayer(t.fake, t.bot, t.bob, "shark", rng)}
        log = MatchLog(gid)
        for _ in range(2000):
            row, g = await t.bot.service.load(gid)
            if g.phase == "over":
                return None
            if g.locked["octopus"] and not g.locked["shark"]:
                return gid, row, g
            seats = rules.pending(g)["seats"]
            p = players["octopus" if "octopus" in seats else seats[0]]
            await p.ensure_panel(row)
            await p.step(gid, log, hunter)
        return None

    found = None
    for seed in range(6):
        found = await until_locked(seed)
        if found:
            break
    assert found, "no confrontation happened"
    gid, row, g = found
    table_msg = t.fake.get_message(row.table_message_id)
    words = table_msg.embeds[0]["description"]
    assert "🔒 locked in" in words and "⏳ choosing" in words
    for colour in ("red", "yellow", "turquoise"):
        assert f"chose {colour}" not in words
    others = [c for c in g.conf["octopus"] if c != g.locked["octopus"]]
    b = await twin_game(t, gid, 1)
    _, gb = await t.bot.service.load(b)
    gb.locked["octopus"] = others[0]  # make sure the twin locked a different colour
    await t.bot.storage.db.execute("UPDATE games SET state = ? WHERE id = ?",
                                   (rules.dump(gb), b))
    await t.bot.storage.db.commit()
    assert await shown(t, gid) == await shown(t, b)
