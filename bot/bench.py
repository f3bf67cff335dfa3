"""`kelp bench bot`: many concurrent games through the real bot on the offline backend.

Each game's players think for a random while (mean `think` seconds) between clicks, as
people do; the bot reports, per click, the time from the interaction to its first
response (the defer) and to the end of its work (panel, table and DMs updated).

`practice` adds that many hard practice games played at the same time, their human seat
answering at once, so the bot thinks (1.5 s a decision) all along: what the two-player
games' clicks cost while it does (`thinker`). Only the two-player games' clicks count.
"""

from __future__ import annotations

import asyncio
import logging
import random
import statistics
import tempfile
import time
from collections import defaultdict
from pathlib import Path
from typing import Any

import rules

from .client import KelpBot
from .offline import MatchLog, SeatPlayer, component_for, random_policy, start_match


def _pct(xs: list[float], p: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(p * len(xs)))] * 1000


async def run_bench(games: int, steps: int, think: float, practice: int = 0) -> str:
    from tests.fakediscord import FakeDiscord

    logging.getLogger("discord").setLevel(logging.ERROR)
    tmp = Path(tempfile.mkdtemp())
    fake = FakeDiscord(quiescence_timeout=120.0)
    fake.add_guild("Bench", channels=("kelp",))
    users = [fake.add_user(name=f"p{i}") for i in range(2 * games)]
    learners = [fake.add_user(name=f"l{i}") for i in range(practice)]
    bot = await fake.start_bot(lambda: KelpBot(db_path=str(tmp / "bench.sqlite3"),
                                               clock=fake.clock.now))
    seen: dict[str, list[float]] = defaultdict(list)
    done: dict[int, asyncio.Event] = defaultdict(asyncio.Event)

    ids: list[int] = []

    def observe(kind: str, dt: float, game: int) -> None:
        if game in ids:
            seen[kind].append(dt)
        if kind == "finished":
            done[game].set()

    bot.observe = observe
    for i in range(games):
        ids.append(await start_match(fake, bot, channel=fake.default_channel,
                                     octopus=users[2 * i], shark=users[2 * i + 1]))
    playing = True
    drilled: list[int] = []

    async def drill(i: int, user: Any, seat: str) -> None:
        """A learner's side of practice games, one after another: a random step as soon
        as it may, so the bot is thinking nearly all the time."""
        me = SeatPlayer(fake, bot, user, seat, random.Random(1000 + i))
        gid, log = 0, MatchLog(0)
        while playing:
            if not gid:
                await fake.slash(user, "kelp practice", channel=fake.default_channel,
                                 bot=bot, role=seat, level="hard")
                gid = max(r.id for r in await bot.storage.games_of(user.id))
                drilled.append(gid)
                me.panel, log = None, MatchLog(gid)
            row, g = await bot.service.load(gid)
            if g.phase == "over":
                gid = 0
                continue
            if seat not in rules.pending(g)["seats"]:
                await asyncio.sleep(0.05)  # the bot is thinking
                continue
            await me.ensure_panel(row)
            await me.step(gid, log, random_policy)

    async def play(i: int, gid: int) -> int:
        rng = random.Random(i)
        players = {"octopus": SeatPlayer(fake, bot, users[2 * i], "octopus", rng),
                   "shark": SeatPlayer(fake, bot, users[2 * i + 1], "shark", rng)}
        made = 0
        for _ in range(steps):
            row, g = await bot.service.load(gid)
            if g.phase == "over":
                break
            seat = rules.pending(g)["seats"][0]
            p = players[seat]
            await p.ensure_panel(row)
            await asyncio.sleep(rng.expovariate(1 / think) if think else 0)
            row, g = await bot.service.load(gid)
            await p.ensure_panel(row)
            legal = rules.legal_actions(g, seat)
            action = random_policy(g, seat, legal, rng)
            panel = fake.get_message(p.panel.id)
            cid, values = component_for(panel, legal, action)
            done[gid].clear()
            if values or cid.split(":")[2].startswith(("s", "m")):
                await fake.select(p.user, panel, cid, values, wait=False, bot=bot)
            else:
                await fake.click(p.user, panel, cid, wait=False, bot=bot)
            await asyncio.wait_for(done[gid].wait(), timeout=60)
            made += 1
        return made

    t0 = time.perf_counter()
    drilling = [asyncio.create_task(drill(i, user, ("shark", "octopus")[i % 2]))
                for i, user in enumerate(learners)]
    made = sum(await asyncio.gather(*(play(i, gid) for i, gid in enumerate(ids))))
    wall = time.perf_counter() - t0
    playing = False
    await asyncio.gather(*drilling)
    me = bot.user.id if bot.user else 0
    bot_moves = 0
    for gid in drilled:
        row = await bot.storage.game(gid)
        assert row is not None
        bot_moves += sum(1 for _, seat, _, _ in await bot.storage.actions(gid)
                         if row.user_of(seat) == me)
    await fake.stop_bot(bot)
    await fake.aclose()
    first, fin = seen["first_response"], seen["finished"]
    alongside = (f"; {practice} hard practice games at a time alongside, {len(drilled)} in "
                 f"all, {bot_moves} bot moves in them" if practice else "")
    return (
        f"{games} concurrent games, {made} clicks in {wall:.1f} s "
        f"(think time mean {think:.1f} s; {made / wall:.1f} clicks/s{alongside})\n"
        f"interaction → first response  p50 {_pct(first, 0.5):.0f} ms  "
        f"p99 {_pct(first, 0.99):.0f} ms\n"
        f"interaction → finished (panel, table, DMs)  p50 {_pct(fin, 0.5):.0f} ms  "
        f"p99 {_pct(fin, 0.99):.0f} ms  (mean {statistics.mean(fin) * 1000:.0f} ms)"
    )


def main(games: int, steps: int, think: float, practice: int = 0) -> int:
    print(asyncio.run(run_bench(games, steps, think, practice)))
    return 0
