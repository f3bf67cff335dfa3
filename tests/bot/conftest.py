"""A Kelp bot running on the offline Discord backend, with two players and a spectator."""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from bot.client import KelpBot
from tests.fakediscord import FakeDiscord


@dataclass
class Table:
    fake: FakeDiscord
    bot: KelpBot
    db: str
    guild: Any
    channel: Any
    alice: Any  # plays the Octopus unless a test says otherwise
    bob: Any  # plays the Shark
    carol: Any  # a spectator
    seeds: Callable[[], int]

    async def restart(self) -> KelpBot:
        """Stop the bot and start a new process on the same database and Discord."""
        await self.fake.stop_bot(self.bot)
        self.bot = await self.fake.start_bot(lambda: make_bot(self.db, self.seeds,
                                                              self.fake))
        return self.bot


def make_bot(db: str, seeds: Callable[[], int], fake: FakeDiscord) -> KelpBot:
    return KelpBot(db_path=db, clock=fake.clock.now, game_seed=seeds)


def seed_counter(start: int) -> Callable[[], int]:
    it = itertools.count(start)
    return lambda: next(it)


@pytest.fixture
async def table(fake_discord: FakeDiscord, tmp_path: Path) -> AsyncIterator[Table]:
    guild = fake_discord.add_guild("Kelp Club", channels=("general", "spectators"))
    alice = fake_discord.add_user(name="alice")
    bob = fake_discord.add_user(name="bob")
    carol = fake_discord.add_user(name="carol")
    db = str(tmp_path / "kelp.sqlite3")
    seeds = seed_counter(1)
    bot = await fake_discord.start_bot(lambda: make_bot(db, seeds, fake_discord))
    t = Table(fake_discord, bot, db, guild, fake_discord.default_channel, alice, bob, carol,
              seeds)
    yield t
    for b in list(fake_discord.running_bots):
        await fake_discord.stop_bot(b)
