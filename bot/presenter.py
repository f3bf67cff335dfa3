"""What the bot shows: the public table, private panels, DMs, the final reveal.

Every public payload (table, spectator mirror, `/kelp board`) is built from the
spectator view alone; panels and DMs from their owner's view. Nothing here changes a
game: it is only called after the change was committed.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord

import rules
from rules.data import CONF_COLOURS
from rules.names import WIN_TEXT

from . import images
from .components import panel_view, table_view
from .labels import decision_text, expansion_name, label, shark_name
from .storage import GameRow

if TYPE_CHECKING:
    from .client import KelpBot
    from .service import Outcome

log = logging.getLogger("kelp.bot")
NO_PINGS = discord.AllowedMentions.none()
SEAT_ICON = {"octopus": "🐙", "shark": "🦈"}
EMBED_COLOUR = 0x0072B2


def table_key(g: rules.Game) -> str:
    """One table message per turn: a new key means a fresh message."""
    return f"{g.round}:{g.turn}:{g.phase == 'over'}"


def jump_link(row: GameRow, message_id: int | None) -> str:
    guild = row.guild_id if row.guild_id is not None else "@me"
    if message_id is None:
        return f"https://discord.com/channels/{guild}/{row.where}"
    return f"https://discord.com/channels/{guild}/{row.where}/{message_id}"


def status_lines(v: dict[str, Any]) -> list[str]:
    """The state in words, from one view (spectator for anything public)."""
    sh, oc = v["shark_side"], v["octopus_side"]
    dec = v["decision"]
    lines = []
    if v["phase"] == "over":
        lines.append(f"🏁 **The {v['winner'].capitalize()} wins**: "
                     f"{WIN_TEXT.get(v['win_reason'], v['win_reason'])}.")
    elif dec["kind"] == "confront":
        lines.append("⚔ **Confrontation!** Both players choose a colour in secret.")
        for seat, side in (("octopus", oc), ("shark", sh)):
            mark = "🔒 locked in" if side["locked"] else "⏳ choosing"
            lines.append(f"{SEAT_ICON[seat]} {seat.capitalize()}: {mark}")
    else:
        who = " & ".join(s.capitalize() for s in dec["seats"])
        lines.append(f"**{who}** to decide: {decision_text(dec['kind'], dec['text'])}.")
    lines.append(f"🍽 Food {len(oc['food_track'])}/{oc['food_max']} · "
                 f"😫 Hunger {len(sh['hunger'])}/{sh['hunger_max']} · "
                 f"🃏 Octopus hand {oc['hand_count']}/{oc['hand_limit']}")
    left = [c for c in CONF_COLOURS if c in oc["colours"]]
    lines.append("Confrontation colours left: " + ", ".join(left))
    if v.get("offspring"):
        lines.extend(offspring_lines(v))
    return lines


def offspring_lines(v: dict[str, Any]) -> list[str]:
    """Offshore Offspring state in words, from the same view (only public keys are read:
    a spectator view carries no secret, so neither do these lines)."""
    oo = v["offspring"]
    sharks = " · ".join(f"{shark_name(s['name'])} {s['notation']}" for s in v.get("sharks", []))
    lines = [f"🦈 {sharks or 'no Shark in play'} · Juvenile Sharks left "
             f"{oo['juvenile_sharks_left']}"]
    wounds = f"🩸 Mother's wounds {oo['mother_wounds']}" + (
        "" if oo.get("mother_alive", True) else " (removed)")
    boards = [b["name"] + (" ✔" if b["flipped"] else "") for b in oo["wound_boards"]]
    lines.append(wounds + (" · Wound boards: " + ", ".join(boards) if boards else ""))
    tracks = [f"{t['colour'].capitalize()} {t['shells']}/{t['slots']}"
              + (" 🔓" if t["unlocked"] else "") + (" + token" if t["token_unlocked"] else "")
              for t in oo["tracks"]]
    extra = []
    if oo["hunger_tokens_held"]:
        extra.append(f"Hunger tokens held {len(oo['hunger_tokens_held'])}")
    if oo["escape_route"] is not None:
        extra.append(f"Escape Route on den {oo['escape_route']}")
    if oo["events_waiting"]:
        extra.append(f"Event cards waiting {len(oo['events_waiting'])}")
    lines.append("🎨 Camouflage: " + ", ".join(tracks) + "".join(f" · {x}" for x in extra))
    return lines


def recent(v: dict[str, Any], n: int = 6) -> str:
    texts = [e["text"] for e in v["last_events"] if e["type"] not in ("turn",)]
    return "\n".join(f"• {t}" for t in texts[-n:])[:1000]


def table_embed(row: GameRow, v: dict[str, Any]) -> discord.Embed:
    title = f"Kelp · round {v['round']}" if v["round"] else "Kelp · setting up"
    if x := expansion_name(row.options):
        title += f" · {x}"
    e = discord.Embed(title=title, description="\n".join(status_lines(v)),
                      colour=EMBED_COLOUR)
    e.add_field(name="Players",
                value=f"🐙 <@{row.octopus_id}> (Octopus) vs 🦈 <@{row.shark_id}> (Shark)",
                inline=False)
    last = recent(v)
    if last:
        e.add_field(name="Last move", value=last, inline=False)
    e.set_image(url="attachment://board.png")
    e.set_footer(text=f"Game #{row.id} · Shark at {v['shark']['notation'] if v['shark'] else '—'}")
    return e


class Presenter:
    def __init__(self, bot: KelpBot) -> None:
        self.bot = bot

    # -- public --------------------------------------------------------------------------
    async def public_payload(self, row: GameRow, g: rules.Game) -> dict[str, Any]:
        v = rules.view(g, "spectator")
        return {"embed": table_embed(row, v), "file": await images.board_file(v),
                "allowed_mentions": NO_PINGS}

    async def show_table(self, row: GameRow, g: rules.Game) -> discord.Message | None:
        """Edit the turn's table message, or post a fresh one when a new turn begins."""
        payload = await self.public_payload(row, g)
        view = None if g.phase == "over" else table_view(row.id, g.moves)
        key = table_key(g)
        channel = self.bot.get_partial_messageable(row.where)
        if row.table_message_id and row.table_key == key:
            msg = channel.get_partial_message(row.table_message_id)
            try:
                return await msg.edit(embed=payload["embed"], attachments=[payload["file"]],
                                      view=view, allowed_mentions=NO_PINGS)
            except discord.NotFound:
                log.warning("table message of game %s vanished; posting a new one", row.id)
        msg = await channel.send(**payload, view=view)
        await self.bot.storage.set_places(row.id, table_message_id=msg.id, table_key=key)
        if row.table_message_id and row.table_message_id != msg.id:
            old = channel.get_partial_message(row.table_message_id)
            try:
                await old.edit(view=None)
            except discord.HTTPException:
                log.info("could not retire the old table of game %s", row.id)
        row.table_message_id, row.table_key = msg.id, key
        await self.mirror(row, g)
        return msg

    async def mirror(self, row: GameRow, g: rules.Game) -> None:
        """A fresh public board in the server's spectator channel after each turn."""
        target = await self.bot.storage.spectator_channel(row.guild_id)
        if not target or target == row.where:
            return
        payload = await self.public_payload(row, g)
        payload["embed"].add_field(name="Watch", value=jump_link(row, row.table_message_id),
                                   inline=False)
        try:
            await self.bot.get_partial_messageable(target).send(**payload)
        except discord.HTTPException as e:
            log.warning("spectator mirror for game %s failed: %s", row.id, e)

    # -- private -------------------------------------------------------------------------
    async def panel_payload(self, row: GameRow, g: rules.Game, seat: str) -> dict[str, Any]:
        v = rules.view(g, seat)
        legal = rules.legal_actions(g, seat)
        dec = v["decision"]
        kind = dec["kind"]
        dec_text = decision_text(kind, dec["text"])
        lines = [f"{SEAT_ICON[seat]} **Your panel** — you are the {seat.capitalize()} "
                 f"(game #{row.id})."]
        if g.phase == "over":
            lines.append("The game is over.")
        elif legal:
            lines.append(f"**Your move:** {dec_text}.")
            partial = v[f"{seat}_side"].get("partial") or []
            if partial:
                lines.append("So far: " + " → ".join(label(rules.parse_action(t), kind)
                                                      for t in partial))
        else:
            lines.append(f"Nothing to decide now: {dec_text}.")
        embed = discord.Embed(description="\n".join(status_lines(v)), colour=EMBED_COLOUR)
        embed.set_image(url="attachment://panel.png")
        ver = row.panel_versions.get(seat, [g.version])[0]
        view = panel_view(row.id, ver, legal, kind) if legal else discord.ui.View()
        return {"content": "\n".join(lines), "embed": embed,
                "file": await images.board_file(v, "panel.png"), "view": view}

    async def dm(self, row: GameRow, seat: str, content: str,
                 file: discord.File | None = None) -> None:
        """DM a player if they allow it; say once in the match if their DMs are closed."""
        uid = row.user_of(seat)
        if (self.bot.user and uid == self.bot.user.id) or not await self.bot.storage.dm_enabled(
                uid):
            return
        try:
            user = self.bot.get_user(uid) or await self.bot.fetch_user(uid)
            kwargs: dict[str, Any] = {"content": content[:2000]}
            if file is not None:
                kwargs["file"] = file
            await user.send(**kwargs)
        except discord.Forbidden:
            if await self.bot.storage.first_dm_failure(row.id, uid):
                await self.bot.get_partial_messageable(row.where).send(
                    f"<@{uid}> I can't send you direct messages, so use the "
                    f"**{seat.capitalize()} panel** button on the table to play.",
                    allowed_mentions=discord.AllowedMentions(users=True))
        except discord.HTTPException as e:
            log.warning("DM to %s for game %s failed: %s", uid, row.id, e)

    # -- after a change ---------------------------------------------------------------------
    async def after(self, outcome: Outcome) -> None:
        """Tell everyone what a committed step changed (partial steps change nothing public)."""
        if not outcome.completed:
            return
        row, g = outcome.row, outcome.game
        msg = await self.show_table(row, g)
        link = jump_link(row, msg.id if msg else row.table_message_id)
        if g.phase == "over":
            await self.reveal(row, g)
            return
        # DMs only when a player becomes the one to decide: a note with a jump link, and
        # for the Octopus its private board (no DM burst for every step of a turn).
        p = rules.pending(g)
        text = decision_text(p["kind"], p["text"])
        if "octopus" in outcome.newly_deciding:
            await self.dm(row, "octopus", f"🐙 Your decision in game #{row.id}: {text}. {link}",
                          await images.board_file(rules.view(g, "octopus"), "octopus.png"))
        if "shark" in outcome.newly_deciding:
            await self.dm(row, "shark", f"🦈 Your decision in game #{row.id}: {text}. {link}")

    async def reveal(self, row: GameRow, g: rules.Game) -> None:
        """I-4: at the end everything is shown to everyone, with a summary."""
        v = rules.view(g, "omniscient")
        winner = row.user_of(v["winner"])
        text = (f"🏁 **Game #{row.id} is over: the {v['winner'].capitalize()} (<@{winner}>) "
                f"wins** — {WIN_TEXT.get(v['win_reason'], v['win_reason'])}, in round "
                f"{v['round']}. Here is everything that was hidden:")
        for where in {row.where, await self.bot.storage.spectator_channel(row.guild_id)}:
            if where:
                await self.bot.get_partial_messageable(where).send(
                    text, file=await images.board_file(v, "reveal.png"),
                    allowed_mentions=NO_PINGS)
        for seat in rules.SEATS:
            await self.dm(row, seat, text.replace("Here is everything that was hidden:", "")
                          + f" {jump_link(row, None)}")
