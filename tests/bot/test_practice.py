"""Practice games against the bot (issue 6): everything a two-player match has, and the
bot's turns resume after a restart."""

from __future__ import annotations

import multiprocessing
import random
import re

import pytest

import rules
from bot import practice
from bot.bench import run_bench
from bot.offline import MatchLog, SeatPlayer, random_policy
from bot.storage import GameRow
from tests.bot.conftest import Table
from tests.fakediscord import FakeUser
from tests.fakediscord.errors import missing_permissions
from tests.fakediscord.models import Call

TYPING = "/channels/{channel_id}/typing"


async def play_my_seat(t: Table, gid: int, seat: str, user: object, *, seed: int,
                       stop_after: int | None = None) -> int:
    """Click through my panel whenever I must decide; the bot answers by itself."""
    me = SeatPlayer(t.fake, t.bot, user, seat, random.Random(seed))
    log = MatchLog(gid)
    for _ in range(3000):
        row, g = await t.bot.service.load(gid)
        if g.phase == "over" or (stop_after is not None and log.steps >= stop_after):
            return log.steps
        assert seat in rules.pending(g)["seats"], "the bot left its own decision pending"
        await me.ensure_panel(row)
        await me.step(gid, log, random_policy)
    raise AssertionError("practice game did not finish")


async def test_practice_game_end_to_end_with_a_restart(table: Table) -> None:
    t = table
    h = await t.fake.slash(t.alice, "kelp practice", role="shark", level="easy")
    assert "Practice game" in h.reply.content
    gid = max(r.id for r in await t.bot.storage.games_of(t.alice.id))
    row, g = await t.bot.service.load(gid)
    assert row.octopus_id == t.bot.user.id and row.shark_id == t.alice.id
    assert g.phase == "shark"  # the bot placed the Shark and played its first turn
    await play_my_seat(t, gid, "shark", t.alice, seed=1, stop_after=12)
    assert t.fake.dms_to(t.alice)  # the human gets turn notes; the bot DMs nobody for itself
    await t.restart()
    await t.fake.wait_idle()
    await play_my_seat(t, gid, "shark", t.alice, seed=2)
    row, g = await t.bot.service.load(gid)
    assert g.phase == "over" and row.status == "finished"
    bot_moves = [a for _, s, a, _ in await t.bot.storage.actions(gid) if s == "octopus"]
    assert bot_moves and bot_moves[0].startswith("den ")
    assert rules.replay(rules.record(g)) == g


async def test_the_bot_seat_is_not_yours(table: Table) -> None:
    t = table
    await t.fake.slash(t.alice, "kelp practice", role="octopus", level="normal")
    gid = max(r.id for r in await t.bot.storage.games_of(t.alice.id))
    row, _ = await t.bot.service.load(gid)
    table_msg = t.fake.get_message(row.table_message_id)
    ps = next(c for c in table_msg.custom_ids() if ":ps:" in c)
    h = await t.fake.click(t.alice, table_msg, ps)
    assert "isn't your seat" in " ".join(m.content for m in h.messages)


async def test_the_bot_shows_it_is_typing_while_it_thinks(
        table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
    """At the hard level, which thinks for seconds a move, the match's thread shows the bot
    typing from before its first move of a run until the run ends, started once per run.
    The normal level's millisecond moves make no such call. A refused indicator (a
    permission lost in the thread) costs nothing: the bot plays its turn all the same."""
    monkeypatch.setitem(practice.THINK_SECONDS, "search", 0.02)
    t = table

    async def started(user: FakeUser, level: str) -> tuple[GameRow, rules.Game, list[Call]]:
        before = len(t.fake.calls)
        await t.fake.slash(user, "kelp practice", role="shark", level=level)
        gid = max(r.id for r in await t.bot.storage.games_of(user.id))
        row, g = await t.bot.service.load(gid)
        calls = [c for c in t.fake.calls[before:] if c.params.get("channel_id") == str(row.where)]
        return row, g, calls

    row, g, calls = await started(t.alice, "hard")
    assert g.phase == "shark"  # the bot placed the Octopus and played its first turn
    typing = [c for c in calls if c.route == TYPING]
    assert [c.status for c in typing] == [204]
    moves = [c for c in calls if c.method in ("POST", "PATCH") and c.route != TYPING]
    # the opening table, then the indicator, then the bot's moves announced one by one
    assert len(moves) > 2 and moves[0].seq < typing[0].seq < moves[1].seq

    _, g, calls = await started(t.bob, "normal")
    assert g.phase == "shark" and not [c for c in calls if c.route == TYPING]

    t.fake.refuse("POST", TYPING, missing_permissions())
    row, g, calls = await started(t.carol, "hard")
    assert [c.status for c in calls if c.route == TYPING] == [403]
    assert g.phase == "shark" and g.turn == "shark"
    bot_moves = [a for _, s, a, _ in await t.bot.storage.actions(row.id) if s == "octopus"]
    assert bot_moves[0].startswith("den ") and len(bot_moves) > 1


async def test_one_practice_game_at_a_time(table: Table) -> None:
    """A second practice game while one is going is refused privately, naming the game and
    how to end it, and creates nothing. Conceding frees the slot; a host's higher limit
    allows more, and the refusal then names every game; challenges don't count."""
    t = table
    await t.fake.slash(t.alice, "kelp practice", role="octopus", level="normal")
    first = max(r.id for r in await t.bot.storage.games_of(t.alice.id))
    first_row, _ = await t.bot.service.load(first)
    calls = len(t.fake.calls)
    h = await t.fake.slash(t.alice, "kelp practice", role="shark", level="easy")
    assert h.reply.ephemeral
    assert f"#{first} in <#{first_row.where}>" in h.reply.content
    assert f"/kelp concede game:{first}" in h.reply.content
    assert [r.id for r in await t.bot.storage.games_of(t.alice.id)] == [first]
    # nothing else reached Discord: no thread, no table, no bot move
    routes = [c.route for c in t.fake.calls[calls:]]
    assert len(routes) == 1 and routes[0].endswith("/callback")

    # someone else may still practise, and a challenge is no practice game
    await t.fake.slash(t.bob, "kelp practice", role="shark", level="easy")
    assert len(await t.bot.storage.games_of(t.bob.id)) == 1

    await t.fake.slash(t.alice, "kelp concede", game=first)
    h = await t.fake.slash(t.alice, "kelp practice", role="shark", level="easy")
    assert "Practice game" in h.reply.content
    second = max(r.id for r in await t.bot.storage.games_of(t.alice.id))
    assert second != first

    t.bot.practice_limit = 2
    await t.fake.slash(t.alice, "kelp practice", role="octopus", level="easy")
    h = await t.fake.slash(t.alice, "kelp practice", role="octopus", level="easy")
    going = [r.id for r in await t.bot.storage.games_of(t.alice.id)]
    assert len(going) == 2 and h.reply.ephemeral
    assert "2 practice games" in h.reply.content
    assert all(f"#{g}" in h.reply.content for g in going)

    t.bot.practice_limit = 0
    h = await t.fake.slash(t.carol, "kelp practice", role="octopus", level="easy")
    assert h.reply.ephemeral and "turned off" in h.reply.content
    assert await t.bot.storage.games_of(t.carol.id) == []


async def test_two_practice_commands_at_once_start_one_game(table: Table) -> None:
    """Two `/kelp practice` commands from one player arriving together: the limit holds,
    one game starts and the other command is refused."""
    t = table
    handles = [await t.fake.slash(t.alice, "kelp practice", role=role, level="easy",
                                  wait=False) for role in ("octopus", "shark")]
    for h in handles:
        await h.wait()
    await t.fake.wait_idle()
    assert len(await t.bot.storage.games_of(t.alice.id)) == 1
    replies = sorted(h.reply.content for h in handles)
    assert "Practice game" in replies[1] and "already have a practice game" in replies[0]


async def test_the_hard_level_thinks_in_a_process_that_may_die(
        table: Table, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    """The hard level thinks in a worker process, so its seconds of pure Python don't hold
    the bot's GIL (`kelp bench bot --practice`). A worker killed between decisions costs
    the player nothing: that decision is thought in a thread, the next in a new worker."""
    monkeypatch.setitem(practice.THINK_SECONDS, "search", 0.02)
    t = table
    await t.fake.slash(t.alice, "kelp practice", role="shark", level="hard")
    gid = max(r.id for r in await t.bot.storage.games_of(t.alice.id))
    _, g = await t.bot.service.load(gid)
    assert g.phase == "shark"  # the bot placed the Octopus and played its first turn
    workers = multiprocessing.active_children()
    assert workers, "the hard level thought in the bot's own process"
    for w in workers:
        w.kill()
        w.join()
    before = len(await t.bot.storage.actions(gid))
    await play_my_seat(t, gid, "shark", t.alice, seed=4, stop_after=40)
    moves = await t.bot.storage.actions(gid)
    bot_moves = [a for _, s, a, _ in moves[before:] if s == "octopus"]
    assert len(bot_moves) > 1  # the decision after the kill, and ones in the new worker
    assert "thinking process died" in caplog.text
    fresh = multiprocessing.active_children()
    assert fresh and not {w.pid for w in fresh} & {w.pid for w in workers}


async def test_the_bot_benchmark_plays_practice_games_alongside(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """`kelp bench bot --practice N` keeps N hard practice games going beside the timed
    two-player games, and says how much the bot played in them. (The first learner plays
    the Shark, so the bot, as the Octopus, moves as soon as the game starts.)"""
    monkeypatch.setitem(practice.THINK_SECONDS, "search", 0.02)
    out = await run_bench(games=2, steps=6, think=0.0, practice=1)
    lines = out.splitlines()
    assert lines[0].startswith("2 concurrent games, 12 clicks")
    moves = re.search(r"1 hard practice games at a time alongside, (\d+) in all, (\d+) bot moves",
                      lines[0])
    assert moves and int(moves[1]) >= 1 and int(moves[2]) >= 1
    assert "p50" in lines[1] and "p99" in lines[2]
