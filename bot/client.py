"""The Discord client: wires storage, services, handlers and the command tree together."""

from __future__ import annotations

import logging
import time
from collections.abc import Callable
from typing import Any

import discord
from discord import app_commands

from .commands import KelpCommands
from .components import GameButton, GameSelect, LobbyButton
from .handlers import Handlers
from .practice import Autoplayer
from .presenter import Presenter
from .service import GameService, Refused
from .storage import Storage

log = logging.getLogger("kelp.bot")


class KelpBot(discord.Client):
    """One bot process. State lives in SQLite; everything else can be rebuilt at start."""

    storage: Storage
    service: GameService

    def __init__(self, *, db_path: str, dev_guild: int | None = None, sync: bool = False,
                 lobby_ttl: float = 900.0, clock: Callable[[], float] = time.time,
                 game_seed: Callable[[], int] | None = None, practice_limit: int = 1) -> None:
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(intents=intents, allowed_mentions=discord.AllowedMentions.none())
        self.db_path = db_path
        self.dev_guild = dev_guild
        self.sync_commands = sync
        self.lobby_ttl = lobby_ttl
        self.clock = clock
        self.game_seed = game_seed  # tests and the demo fix seeds; None = secrets
        # Unfinished practice games a player may have at once (`Handlers.new_practice`).
        self.practice_limit = practice_limit
        # Optional latency observer (kind, seconds since the interaction, game id): the
        # benchmark listens here; a deployment could feed its metrics.
        self.observe: Callable[[str, float, int], None] | None = None
        self.tree = app_commands.CommandTree(self)
        self.tree.add_command(KelpCommands())
        self.tree.on_error = self.on_app_command_error  # type: ignore[method-assign]
        self.handlers = Handlers(self)
        self.presenter = Presenter(self)
        self.autoplayer = Autoplayer(self)

    async def setup_hook(self) -> None:
        self.storage = await Storage.open(self.db_path)
        self.service = GameService(self.storage)
        self.add_dynamic_items(GameButton, GameSelect, LobbyButton)
        # The bot's own turns in practice games go on after a restart.
        await self.autoplayer.resume_all()
        if self.sync_commands:
            if self.dev_guild:
                guild = discord.Object(id=self.dev_guild)
                self.tree.copy_global_to(guild=guild)
                await self.tree.sync(guild=guild)
            else:
                await self.tree.sync()

    async def close(self) -> None:
        """Close Discord, then the database (once: discord.py may call close twice, and
        aiosqlite's worker thread is not a daemon, so a leaked connection hangs the exit)."""
        await self.autoplayer.stop()
        await super().close()
        storage = self.__dict__.pop("storage", None)
        if storage is not None:
            await storage.close()

    async def on_app_command_error(self, it: discord.Interaction[Any],
                                   error: app_commands.AppCommandError) -> None:
        original = getattr(error, "original", error)
        text = original.text if isinstance(original, Refused) else (
            "Something went wrong on our side; nothing was changed. Please try again.")
        if not isinstance(original, Refused):
            log.error("command failed", exc_info=error)
        if it.response.is_done():
            await it.followup.send(text, ephemeral=True)
        else:
            await it.response.send_message(text, ephemeral=True)
