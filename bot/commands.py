"""The `/kelp` slash-command group: thin wrappers over the handlers and services."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Literal

import discord
from discord import app_commands

import rules

from . import rules_help
from .handlers import deferred_load
from .labels import expansion_name
from .presenter import NO_PINGS, SEAT_ICON
from .service import Refused
from .storage import GameRow

if TYPE_CHECKING:
    from .client import KelpBot

HELP = """**Kelp: Shark vs Octopus** — two players, one secret.
• `/kelp challenge opponent:@user [role] [board] [expansion]` — challenge someone; they accept
  in the channel. `expansion:offshore_offspring` plays the **Offshore Offspring** module
  (Juvenile Octopuses and Sharks, Camouflage, Events, wounds): its new choices — colours,
  Deimatic Display, Ink Decoy, Peek, Hunger tokens, which Shark moves, wounds — are made in
  the same panel; decisions outside your turn reach you by DM and in your panel.
  `/kelp rules topic:OO` lists its rules.
• `/kelp practice [role] [level:easy|normal|hard] [board]` — play against the bot, one
  practice game at a time; it thinks up to 1.5 s a move at `hard`.
• The match gets its own thread with a **table**: the public board, the state in words and
  the **🐙 Octopus panel / 🦈 Shark panel** buttons. Your panel is private: all your moves are
  made there with buttons and menus, step by step. Reopen it any time from the table or with
  `/kelp panel`.
• `/kelp board` reposts the public board here · `/kelp games` lists matches in this server.
• `/kelp concede` · `/kelp rules topic` · `/kelp settings dm:on|off` (turn notes by DM).
• Admins: `/kelp config spectator_channel:#channel` mirrors every match's board there."""


def _bot(it: discord.Interaction[Any]) -> KelpBot:
    return it.client  # type: ignore[return-value]


async def find_game(it: discord.Interaction[Any], game: int | None) -> GameRow:
    """The game named, else the one played in this channel, else the caller's only game."""
    storage = _bot(it).storage
    if game is not None:
        row = await storage.game(game)
        if row is None:
            raise Refused("no_game", f"(#{game})")
        return row
    here = [r for r in await storage.active_games(it.guild_id) if r.where == it.channel_id]
    if len(here) == 1:
        return here[0]
    mine = await storage.games_of(it.user.id)
    if len(mine) == 1:
        return mine[0]
    if not mine:
        raise Refused("no_game", "Name it with the `game` option.")
    raise Refused("no_game", "You have several: " + ", ".join(f"#{r.id}" for r in mine)
                  + ". Name one with the `game` option.")


async def load_game(it: discord.Interaction[Any], game: int | None
                    ) -> tuple[GameRow, rules.Game]:
    row = await find_game(it, game)
    return await _bot(it).service.load(row.id)


class KelpCommands(app_commands.Group):
    def __init__(self) -> None:
        super().__init__(name="kelp", description="Play Kelp: Shark vs Octopus")

    @app_commands.command(description="Challenge someone to a game of Kelp")
    @app_commands.describe(opponent="who you challenge", role="the side you play",
                           board="day (default) or night (for experienced players)",
                           expansion="none (default) or the Offshore Offspring module")
    async def challenge(self, it: discord.Interaction[Any], opponent: discord.User,
                        role: Literal["octopus", "shark", "random"] = "random",
                        board: Literal["day", "night"] = "day",
                        expansion: Literal["none", "offshore_offspring"] = "none") -> None:
        await _bot(it).handlers.new_lobby(it, opponent, role, board, expansion)

    @app_commands.command(description="Practise against the bot")
    @app_commands.describe(role="the side you play", level="how well the bot plays",
                           board="day (default) or night",
                           expansion="Offshore Offspring (only with level easy for now)")
    async def practice(self, it: discord.Interaction[Any],
                       role: Literal["octopus", "shark"] = "octopus",
                       level: Literal["easy", "normal", "hard"] = "normal",
                       board: Literal["day", "night"] = "day",
                       expansion: Literal["none", "offshore_offspring"] = "none") -> None:
        await _bot(it).handlers.new_practice(it, role, level, board, expansion)

    @app_commands.command(description="Post the current public board of a game here")
    async def board(self, it: discord.Interaction[Any], game: int | None = None) -> None:
        # Deferred privately so a refusal stays private; the board itself is then a
        # second, public followup.
        found = await deferred_load(it, lambda: load_game(it, game))
        if found is None:
            return
        row, g = found
        await it.followup.send(f"Posting the public board of game #{row.id} here.",
                               ephemeral=True)
        await it.followup.send(**await _bot(it).presenter.public_payload(row, g))

    @app_commands.command(description="Open your private panel for a game")
    async def panel(self, it: discord.Interaction[Any], game: int | None = None) -> None:
        found = await deferred_load(it, lambda: load_game(it, game))
        if found is None:
            return
        row, g = found
        seat = row.seat_of(it.user.id)
        if seat is None:
            await it.followup.send("You aren't playing in this game.", ephemeral=True)
            return
        await it.followup.send(**await _bot(it).presenter.panel_payload(row, g, seat),
                               ephemeral=True)

    @app_commands.command(description="Concede a game you are playing")
    async def concede(self, it: discord.Interaction[Any], game: int | None = None) -> None:
        await it.response.defer(ephemeral=True, thinking=True)
        bot = _bot(it)
        try:
            row = await find_game(it, game)
            async with bot.service.lock(row.id):
                outcome = await bot.service.act(row.id, it.user.id, expected_version=None,
                                                text="concede")
                await it.followup.send(f"You conceded game #{row.id}.", ephemeral=True)
                await bot.presenter.after(outcome)
        except Refused as e:
            await it.followup.send(e.text, ephemeral=True)

    @app_commands.command(description="Active Kelp games in this server")
    async def games(self, it: discord.Interaction[Any]) -> None:
        rows = await _bot(it).storage.active_games(it.guild_id)
        if not rows:
            await it.response.send_message("No Kelp games are running here. Start one with "
                                           "`/kelp challenge`.", ephemeral=True)
            return
        lines = [f"#{r.id}: 🐙 <@{r.octopus_id}> vs 🦈 <@{r.shark_id}> in <#{r.where}>"
                 + (f" · {x}" if (x := expansion_name(r.options)) else "")
                 for r in rows[:40]]
        await it.response.send_message("\n".join(lines), ephemeral=True,
                                       allowed_mentions=NO_PINGS)

    @app_commands.command(description="Look up a rule (by id like S-3, or a word)")
    async def rules(self, it: discord.Interaction[Any], topic: str = "") -> None:
        e = rules_help.lookup(topic) if topic else None
        if e is None:
            await it.response.send_message(
                "Rule ids: " + ", ".join(x["id"] for x in rules_help.entries())
                + ". Try `/kelp rules topic:S-3` or a word like `confrontation`.",
                ephemeral=True)
            return
        embed = discord.Embed(title=f"{e['id']} — {e['section']}", description=e["text"][:4000],
                              colour=0x56B4E9)
        await it.response.send_message(embed=embed, ephemeral=True)

    @rules.autocomplete("topic")
    async def rules_topic(self, it: discord.Interaction[Any], current: str
                          ) -> list[app_commands.Choice[str]]:
        return [app_commands.Choice(name=rules_help.title(e), value=e["id"])
                for e in rules_help.search(current)]

    @app_commands.command(description="Your Kelp settings")
    @app_commands.describe(dm="turn notes and the Octopus's private board by direct message")
    async def settings(self, it: discord.Interaction[Any], dm: Literal["on", "off"]) -> None:
        await _bot(it).storage.set_dm(it.user.id, dm == "on")
        await it.response.send_message(
            f"Direct messages are now **{dm}**. Your panel works either way.", ephemeral=True)

    @app_commands.command(description="Server settings (Manage Server)")
    @app_commands.default_permissions(manage_guild=True)
    @app_commands.guild_only()
    async def config(self, it: discord.Interaction[Any],
                     spectator_channel: discord.TextChannel) -> None:
        if it.guild_id is None or not it.permissions.manage_guild:
            await it.response.send_message("You need the Manage Server permission.",
                                           ephemeral=True)
            return
        await _bot(it).storage.set_spectator_channel(it.guild_id, spectator_channel.id)
        await it.response.send_message(
            f"Every match's public board will be mirrored in <#{spectator_channel.id}>.",
            ephemeral=True)

    @app_commands.command(description="How to play Kelp on Discord")
    async def help(self, it: discord.Interaction[Any]) -> None:
        await it.response.send_message(HELP, ephemeral=True)


__all__ = ["SEAT_ICON", "KelpCommands", "find_game"]
