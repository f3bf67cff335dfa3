"""Practice games against the bot: the computer plays one seat through the same services.

The bot's moves are chosen by `rules.ai` from what its seat may know, off the event loop
(the hard level in a worker process, `thinker`) so the bot keeps answering Discord, and
applied and announced exactly like a player's (same lock, same commit-before-announce).
Pending bot turns resume after a restart. While a level that thinks for seconds plays, the
match's channel shows the bot typing, so the player can tell a bot at work from a stuck one.
"""

from __future__ import annotations

import asyncio
import logging
import random
from contextlib import AsyncExitStack
from typing import TYPE_CHECKING

import discord

import rules

from .service import Refused
from .thinker import Thinker

if TYPE_CHECKING:
    from .client import KelpBot

log = logging.getLogger("kelp.bot")
LEVELS = {"easy": "random", "normal": "greedy", "hard": "search"}
THINK_SECONDS = {"search": 1.5}


class Typing:
    """The bot typing in a match's channel, for one run of its moves.

    Shown once the bot starts a move at a level that thinks for seconds and kept until the
    run ends (discord.py renews it every 5 s; Discord clears it when the bot posts, and
    the next renewal shows it again). Started once per run, since each start is a
    rate-limited API call. It is a courtesy: if Discord refuses it (a locked thread, a
    lost permission) the bot plays on."""

    def __init__(self, bot: KelpBot, game_id: int) -> None:
        self.bot = bot
        self.game_id = game_id
        self.shown = False
        self._stack = AsyncExitStack()

    async def __aenter__(self) -> Typing:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self._stack.aclose()

    async def show(self, where: int) -> None:
        if self.shown:
            return
        self.shown = True
        try:
            await self._stack.enter_async_context(self.bot.get_partial_messageable(where).typing())
        except discord.HTTPException as e:
            log.info("practice game %s: can't show the bot typing: %s", self.game_id, e)


class Autoplayer:
    def __init__(self, bot: KelpBot) -> None:
        self.bot = bot
        self.thinker = Thinker()
        self._tasks: dict[int, asyncio.Task[None]] = {}

    def kick(self, game_id: int) -> None:
        """Make sure the bot plays its seat in this game if it has to decide."""
        task = self._tasks.get(game_id)
        if task is None or task.done():
            self._tasks[game_id] = asyncio.create_task(self._play(game_id),
                                                       name=f"kelp-practice-{game_id}")

    async def stop(self) -> None:
        """Cancel the bot's thinking before the database closes (it resumes at start)."""
        tasks = [t for t in self._tasks.values() if not t.done()]
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        self._tasks.clear()
        self.thinker.close()

    async def resume_all(self) -> None:
        for row in await self.bot.storage.practice_games():
            self.kick(row.id)

    async def _play(self, game_id: int) -> None:
        try:
            async with Typing(self.bot, game_id) as typing:
                while await self._one_move(game_id, typing):
                    await asyncio.sleep(0)
        except Exception:
            log.exception("the bot failed to move in practice game %s", game_id)

    async def _one_move(self, game_id: int, typing: Typing) -> bool:
        me = self.bot.user.id if self.bot.user else None
        async with self.bot.service.lock(game_id):
            row, g = await self.bot.service.load(game_id)
            level = LEVELS.get(str(row.options.get("practice")), "greedy")
            seats = [s for s in rules.pending(g)["seats"] if row.user_of(s) == me]
            if g.phase == "over" or not seats:
                return False
            seat = seats[0]
            if level in THINK_SECONDS:
                await typing.show(row.where)
            rng = random.Random(f"{game_id}:{g.version}:{seat}")
            action = await self.thinker.think(g, seat, rng, level, THINK_SECONDS.get(level))
            try:
                outcome = await self.bot.service.act(game_id, row.user_of(seat),
                                                     expected_version=None, text=action.text)
            except Refused as e:
                log.error("practice game %s: the bot's move %s was refused: %s", game_id,
                          action.text, e.text)
                return False
            await self.bot.presenter.after(outcome)
        return True
