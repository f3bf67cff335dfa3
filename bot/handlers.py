"""Thin Discord handlers: answer within 3 s, call a service, then present the result.

Each handler acknowledges first (defer) so database work and rendering never race
Discord's deadline; refusals are private and change nothing.
"""

from __future__ import annotations

import asyncio
import logging
import random
from collections import defaultdict
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any

import discord

import rules

from .components import lobby_view
from .labels import EXPANSION_NAME
from .presenter import NO_PINGS, SEAT_ICON
from .service import Refused
from .storage import GameRow

if TYPE_CHECKING:
    from .client import KelpBot

log = logging.getLogger("kelp.bot")


class Handlers:
    def __init__(self, bot: KelpBot) -> None:
        self.bot = bot
        # One practice start at a time per player, so two quick `/kelp practice` commands
        # can't both pass the limit check before either game exists.
        self._practice_starts: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    # -- table and panel components --------------------------------------------------------
    async def button(self, it: discord.Interaction[Any], game: int, verb: str, ver: int) -> None:
        if verb in ("po", "ps"):
            await self.open_panel(it, game, "octopus" if verb == "po" else "shark")
        elif verb == "pv":
            await self.board_for_me(it, game)
        else:
            await self.panel_step(it, game, ver, index=int(verb[1:]))

    async def select(self, it: discord.Interaction[Any], game: int, verb: str, ver: int,
                     values: list[str]) -> None:
        if verb.startswith("m"):
            await self.panel_step(it, game, ver, verb=verb[1:], values=values)
        else:
            if len(values) != 1 or not values[0].isdigit():
                await it.response.send_message(Refused("malformed").text, ephemeral=True)
                return
            await self.panel_step(it, game, ver, index=int(values[0]))

    async def open_panel(self, it: discord.Interaction[Any], game: int, seat: str) -> None:
        """The table's panel buttons: only that seat's player gets a private panel."""
        found = await deferred_load(it, lambda: self.bot.service.load(game))
        if found is None:
            return
        row, g = found
        mine = row.seat_of(it.user.id)
        if mine != seat:
            extra = (f" You are the {mine.capitalize()}: use the {SEAT_ICON[mine]} button."
                     if mine else " You can watch the table and use “Board for me”.")
            await it.followup.send(f"This isn't your seat.{extra}", ephemeral=True)
            return
        await it.followup.send(**await self.bot.presenter.panel_payload(row, g, seat),
                               ephemeral=True)

    async def board_for_me(self, it: discord.Interaction[Any], game: int) -> None:
        """Anyone may get the current public board privately (the table may be far up)."""
        found = await deferred_load(it, lambda: self.bot.service.load(game))
        if found is None:
            return
        row, g = found
        await it.followup.send(**await self.bot.presenter.public_payload(row, g),
                               ephemeral=True)

    async def panel_step(self, it: discord.Interaction[Any], game: int, ver: int, *,
                         index: int | None = None, verb: str | None = None,
                         values: list[str] | None = None) -> None:
        """A click in a private panel: apply one step, commit, then update everything."""
        await it.response.defer()
        self._observe("first_response", it, game)
        try:
            await self._panel_step(it, game, ver, index=index, verb=verb, values=values)
        finally:
            self._observe("finished", it, game)

    def _observe(self, kind: str, it: discord.Interaction[Any], game: int) -> None:
        if self.bot.observe is not None:
            self.bot.observe(kind, self.bot.clock() - it.created_at.timestamp(), game)

    async def _panel_step(self, it: discord.Interaction[Any], game: int, ver: int, *,
                          index: int | None, verb: str | None,
                          values: list[str] | None) -> None:
        service = self.bot.service
        async with service.lock(game):
            try:
                outcome = await service.act(game, it.user.id, expected_version=ver,
                                            index=index, verb=verb, values=values)
            except Refused as e:
                await self._refused(it, game, e)
                return
            seat = outcome.seat
            await it.edit_original_response(
                **_edit(await self.bot.presenter.panel_payload(outcome.row, outcome.game,
                                                               seat)))
            await self.bot.presenter.after(outcome)
        if outcome.row.options.get("practice"):
            self.bot.autoplayer.kick(game)

    async def _refused(self, it: discord.Interaction[Any], game: int, e: Refused) -> None:
        text = e.text
        if e.code == "stale_version":
            try:
                row, g = await self.bot.service.load(game)
            except Refused:
                row = None
            seat = row.seat_of(it.user.id) if row else None
            if row is not None and seat is not None:
                await it.edit_original_response(
                    **_edit(await self.bot.presenter.panel_payload(row, g, seat)))
                text += " Your panel now shows the current position."
        await it.followup.send(text, ephemeral=True)

    # -- lobby ---------------------------------------------------------------------------------
    async def lobby(self, it: discord.Interaction[Any], lobby_id: int, verb: str) -> None:
        storage = self.bot.storage
        lobby = await storage.lobby(lobby_id)
        if lobby is None:
            await it.response.send_message("This challenge no longer exists.", ephemeral=True)
            return
        uid = it.user.id
        allowed = lobby.challenged_id if verb in ("accept", "decline") else lobby.challenger_id
        if uid != allowed:
            who = "the challenged player" if verb != "cancel" else "the challenger"
            await it.response.send_message(f"Only {who} (<@{allowed}>) can do that.",
                                           ephemeral=True, allowed_mentions=NO_PINGS)
            return
        if lobby.status != "open":
            await it.response.send_message(f"This challenge is already {lobby.status}.",
                                           ephemeral=True)
            return
        if self.bot.clock() > lobby.expires_at:
            await storage.close_lobby(lobby_id, "expired")
            await it.response.edit_message(
                content=f"⌛ The challenge from <@{lobby.challenger_id}> to "
                        f"<@{lobby.challenged_id}> expired.", view=None,
                allowed_mentions=NO_PINGS)
            return
        if verb in ("decline", "cancel"):
            status = "declined" if verb == "decline" else "cancelled"
            if not await storage.close_lobby(lobby_id, status):
                await it.response.send_message("This challenge was already answered.",
                                               ephemeral=True)
                return
            await it.response.edit_message(
                content=f"The challenge from <@{lobby.challenger_id}> to "
                        f"<@{lobby.challenged_id}> was {status}.", embed=None, view=None,
                allowed_mentions=NO_PINGS)
            return
        await it.response.defer()
        if not await storage.close_lobby(lobby_id, "accepted"):
            await it.followup.send("This challenge was already answered.", ephemeral=True)
            return
        role = lobby.role if lobby.role != "random" else random.choice(["octopus", "shark"])
        octo, shark = ((lobby.challenger_id, lobby.challenged_id) if role == "octopus"
                       else (lobby.challenged_id, lobby.challenger_id))
        await self.start_match(it, lobby.guild_id, lobby.channel_id, octo, shark, lobby.board,
                               lobby_id=lobby_id, expansion=lobby.expansion)

    async def start_match(self, it: discord.Interaction[Any], guild_id: int | None,
                          channel_id: int, octo: int, shark: int, board: str, *,
                          lobby_id: int | None = None, practice: str | None = None,
                          expansion: str = "none") -> None:
        seed = self.bot.game_seed() if self.bot.game_seed else None
        row, g = await self.bot.service.create(guild_id=guild_id, channel_id=channel_id,
                                               octopus_id=octo, shark_id=shark, board=board,
                                               seed=seed, practice=practice,
                                               expansion=expansion)
        names = {uid: await self._name(it, uid) for uid in (octo, shark)}
        plus = f" · {EXPANSION_NAME[expansion]}" if expansion in EXPANSION_NAME else ""
        thread_name = f"Kelp · {names[octo]} (Octopus) vs {names[shark]} (Shark){plus}"[:100]
        where = channel_id
        channel = it.channel
        if isinstance(channel, discord.TextChannel):
            try:
                thread = await channel.create_thread(
                    name=thread_name, type=discord.ChannelType.public_thread,
                    auto_archive_duration=10080)
                where = thread.id
                await self.bot.storage.set_places(row.id, thread_id=thread.id)
                row.thread_id = thread.id
            except discord.HTTPException as e:
                log.info("no thread for game %s (%s): playing in the channel", row.id, e)
        what = f"Practice game ({practice})" if practice else "Challenge accepted"
        await it.edit_original_response(
            content=f"✅ {what}: 🐙 <@{octo}> (Octopus) vs 🦈 <@{shark}> (Shark){plus} — "
                    f"game #{row.id} in <#{where}>.", embed=None, view=None,
            allowed_mentions=NO_PINGS)
        await self.bot.presenter.show_table(row, g)
        link = f"https://discord.com/channels/{guild_id or '@me'}/{where}"
        await self.bot.presenter.dm(
            row, "octopus", f"🐙 Game #{row.id} starts{plus}: {rules.pending(g)['text']}. {link}")
        if practice:
            self.bot.autoplayer.kick(row.id)

    async def new_practice(self, it: discord.Interaction[Any], role: str, level: str,
                           board: str, expansion: str = "none") -> None:
        """A match against the bot, with everything a two-player match has.

        The computer players of `rules.ai` above `random` don't know the Offshore
        Offspring rules (their features read base-game state only), so with the expansion
        only the easy level is offered; asking for more gets a clear private refusal.

        A player may have `bot.practice_limit` unfinished practice games at once (one by
        default): the hard level thinks in the bot's few worker processes (`thinker`), shared
        by everyone, so one player playing several at once would make everyone else's bot
        wait its turn to think. Over the limit the refusal names the games and how to end
        one.
        """
        if expansion != "none" and level != "easy":
            await it.response.send_message(
                f"Practice with {EXPANSION_NAME.get(expansion, expansion)} is only available "
                "at `level:easy` for now: the stronger computer players don't know the "
                "expansion's rules yet. Use `level:easy`, or challenge a person.",
                ephemeral=True)
            return
        async with self._practice_starts[it.user.id]:
            going = [r for r in await self.bot.storage.games_of(it.user.id)
                     if r.options.get("practice")]
            limit = self.bot.practice_limit
            if len(going) >= limit:
                await it.response.send_message(too_many_practice_games(going, limit),
                                               ephemeral=True)
                return
            plus = f" with {EXPANSION_NAME[expansion]}" if expansion in EXPANSION_NAME else ""
            await it.response.send_message(
                f"Setting up a practice game: you play the {role.capitalize()}, the bot plays "
                f"the other side ({level}){plus}.", allowed_mentions=NO_PINGS)
            me = self.bot.user.id if self.bot.user else 0
            octo, shark = (it.user.id, me) if role == "octopus" else (me, it.user.id)
            await self.start_match(it, it.guild_id, it.channel_id or 0, octo, shark, board,
                                   practice=level, expansion=expansion)

    async def _name(self, it: discord.Interaction[Any], uid: int) -> str:
        member = it.guild.get_member(uid) if it.guild else None
        user = member or self.bot.get_user(uid)
        if user is None:
            try:
                user = await self.bot.fetch_user(uid)
            except discord.HTTPException:
                return str(uid)
        return user.display_name

    async def new_lobby(self, it: discord.Interaction[Any], opponent: discord.abc.User,
                        role: str, board: str, expansion: str = "none") -> None:
        if opponent.id == it.user.id:
            await it.response.send_message("You can't challenge yourself.", ephemeral=True)
            return
        if opponent.bot:
            await it.response.send_message("Bots can't play Kelp (yet).", ephemeral=True)
            return
        ttl = self.bot.lobby_ttl
        lobby_id = await self.bot.storage.create_lobby(
            guild_id=it.guild_id, channel_id=it.channel_id or 0, challenger_id=it.user.id,
            challenged_id=opponent.id, role=role, board=board, ttl=ttl, expansion=expansion)
        mine = {"octopus": "the Octopus", "shark": "the Shark", "random": "a random side"}[role]
        extra = (f" · with the **{EXPANSION_NAME[expansion]}** expansion"
                 if expansion in EXPANSION_NAME else "")
        embed = discord.Embed(
            title="🐙 Kelp challenge 🦈",
            description=(f"<@{it.user.id}> challenges <@{opponent.id}> to a game of Kelp.\n"
                         f"Challenger plays {mine} · {board} board{extra}.\n"
                         f"Expires in {int(ttl // 60)} minutes."), colour=0x009E73)
        await it.response.send_message(content=f"<@{opponent.id}>", embed=embed,
                                       view=lobby_view(lobby_id),
                                       allowed_mentions=discord.AllowedMentions(users=True))
        msg = await it.original_response()
        await self.bot.storage.set_lobby_message(lobby_id, msg.id)


def too_many_practice_games(going: list[GameRow], limit: int) -> str:
    """The private refusal of a practice game over the limit: which games are going, where,
    and how to end one (or, with the limit at 0, that the host turned practice off)."""
    if limit <= 0:
        return "Practice games are turned off on this bot. Challenge a person instead."
    where = ", ".join(f"#{r.id} in <#{r.where}>" for r in going)
    if len(going) == 1:
        return (f"You already have a practice game going: {where}. Finish it there, or end "
                f"it with `/kelp concede game:{going[0].id}`, before starting another.")
    return (f"You already have {len(going)} practice games going: {where}, as many as this "
            "bot allows at once. Finish one, or end one with `/kelp concede game:<number>`, "
            "before starting another.")


async def deferred_load(
    it: discord.Interaction[Any], load: Callable[[], Awaitable[tuple[GameRow, rules.Game]]]
) -> tuple[GameRow, rules.Game] | None:
    """Defer privately (before any database work), then load a game or say why not."""
    await it.response.defer(ephemeral=True, thinking=True)
    try:
        return await load()
    except Refused as e:
        await it.followup.send(e.text, ephemeral=True)
        return None


def _edit(payload: dict[str, Any]) -> dict[str, Any]:
    """A send payload turned into an edit payload (files become attachments)."""
    out = dict(payload)
    f = out.pop("file", None)
    if f is not None:
        out["attachments"] = [f]
    return out
