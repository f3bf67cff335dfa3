"""Restart-proof buttons and selects: `DynamicItem`s whose custom_id carries only ids.

custom_id shapes (≤ 100 characters, never a secret):
- ``kelp:<game>:a<i>:<v>``   panel button: the i-th legal action of that seat at panel version v
- ``kelp:<game>:s<k>:<v>``   panel select of action indices (k numbers the select)
- ``kelp:<game>:m<verb>:<v>`` panel multi-select of a set action (zones, dice, cards)
- ``kelp:<game>:po:<v>`` / ``ps`` / ``pv``  table buttons: Octopus panel, Shark panel, board
- ``kelpl:<lobby>:accept|decline|cancel``  challenge lobby buttons
The version in a panel id is the seat's *panel version* (the game version at which that
seat's choices last changed), so a panel stays valid while only the other player acts.
"""

from __future__ import annotations

import math
import re
from collections import OrderedDict
from typing import TYPE_CHECKING, Any

import discord

from rules import Action

from .labels import GROUP_TITLE, SET_VERBS, copy_value, item_label, label

if TYPE_CHECKING:
    from .client import KelpBot

BUTTON_TEMPLATE = r"kelp:(?P<game>\d+):(?P<verb>a\d+|po|ps|pv):(?P<ver>\d+)"
SELECT_TEMPLATE = r"kelp:(?P<game>\d+):(?P<verb>s\d+|m[a-z_]+):(?P<ver>\d+)"
LOBBY_TEMPLATE = r"kelpl:(?P<lobby>\d+):(?P<verb>accept|decline|cancel)"

PRIMARY = frozenset({"draw", "end", "go", "done", "use", "stop", "pass"})


def _bot(interaction: discord.Interaction[Any]) -> KelpBot:
    return interaction.client  # type: ignore[return-value]


class GameButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=BUTTON_TEMPLATE):
    def __init__(self, game: int, verb: str, ver: int, *, label: str = "…",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary,
                 emoji: str | None = None) -> None:
        super().__init__(discord.ui.Button(label=label, style=style, emoji=emoji,
                                           custom_id=f"kelp:{game}:{verb}:{ver}"))
        self.game, self.verb, self.ver = game, verb, ver

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Button[Any], match: re.Match[str], /
                             ) -> GameButton:
        return cls(int(match["game"]), match["verb"], int(match["ver"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _bot(interaction).handlers.button(interaction, self.game, self.verb, self.ver)


class GameSelect(discord.ui.DynamicItem[discord.ui.Select[Any]], template=SELECT_TEMPLATE):
    def __init__(self, game: int, verb: str, ver: int, *,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "",
                 min_values: int = 1, max_values: int = 1) -> None:
        super().__init__(discord.ui.Select(
            custom_id=f"kelp:{game}:{verb}:{ver}", options=options or [
                discord.SelectOption(label="…", value="0")],
            placeholder=placeholder[:150] or None, min_values=min_values,
            max_values=max_values))
        self.game, self.verb, self.ver = game, verb, ver

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Select[Any], match: re.Match[str], /
                             ) -> GameSelect:
        return cls(int(match["game"]), match["verb"], int(match["ver"]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = list((interaction.data or {}).get("values", []))  # type: ignore[union-attr]
        await _bot(interaction).handlers.select(interaction, self.game, self.verb, self.ver,
                                                values)


class LobbyButton(discord.ui.DynamicItem[discord.ui.Button[Any]], template=LOBBY_TEMPLATE):
    def __init__(self, lobby: int, verb: str) -> None:
        labels = {"accept": ("Accept", discord.ButtonStyle.success),
                  "decline": ("Decline", discord.ButtonStyle.danger),
                  "cancel": ("Cancel challenge", discord.ButtonStyle.secondary)}
        text, style = labels[verb]
        super().__init__(discord.ui.Button(label=text, style=style,
                                           custom_id=f"kelpl:{lobby}:{verb}"))
        self.lobby, self.verb = lobby, verb

    @classmethod
    async def from_custom_id(cls, interaction: discord.Interaction[Any],
                             item: discord.ui.Button[Any], match: re.Match[str], /
                             ) -> LobbyButton:
        return cls(int(match["lobby"]), match["verb"])

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _bot(interaction).handlers.lobby(interaction, self.lobby, self.verb)


def lobby_view(lobby: int) -> discord.ui.View:
    v = discord.ui.View(timeout=None)
    for verb in ("accept", "decline", "cancel"):
        v.add_item(LobbyButton(lobby, verb))
    return v


def table_view(game: int, version: int) -> discord.ui.View:
    v = discord.ui.View(timeout=None)
    v.add_item(GameButton(game, "po", version, label="Octopus panel", emoji="🐙",
                          style=discord.ButtonStyle.primary))
    v.add_item(GameButton(game, "ps", version, label="Shark panel", emoji="🦈",
                          style=discord.ButtonStyle.primary))
    v.add_item(GameButton(game, "pv", version, label="Board for me", emoji="🗺️"))
    return v


def panel_view(game: int, ver: int, legal: list[Action], kind: str = "") -> discord.ui.View:
    """Buttons and selects for a seat's legal actions, within Discord's 5 rows.

    Verbs with one action become buttons; verbs with several become one select each (one
    of up to 25 options); set actions become a multi-select of their items. If that needs
    more than five rows, every single-choice action is folded into shared selects. `kind`
    is the decision being made, for the labels of words that differ by step.
    """
    groups: OrderedDict[str, list[tuple[int, Action]]] = OrderedDict()
    for i, a in enumerate(legal):
        groups.setdefault(a.verb, []).append((i, a))
    buttons: list[tuple[int, Action]] = []
    index_selects: list[tuple[str, list[tuple[int, Action]]]] = []
    set_selects: list[tuple[str, list[str], int, int]] = []
    for verb, items in groups.items():
        if verb in SET_VERBS and len(items) > 1:
            # A set may hold the same item twice (two 6B dice in the pool): a select's
            # values must be unique, so the k-th copy of an item is offered as `item~k`.
            universe: list[str] = []
            for _, a in items:
                for x in a.args:
                    k = a.args.count(x)
                    universe.extend(copy_value(x, n) for n in range(1, k + 1)
                                    if copy_value(x, n) not in universe)
            sizes = [len(a.args) for _, a in items]
            set_selects.append((verb, universe, min(sizes), max(sizes)))
        elif len(items) == 1:
            buttons.append(items[0])
        else:
            for k in range(0, len(items), 25):
                index_selects.append((verb, items[k:k + 25]))
    rows = math.ceil(len(buttons) / 5) + len(index_selects) + len(set_selects)
    if rows > 5:
        keep = [b for b in buttons if b[1].verb == "cancel"]
        pool = [b for b in buttons if b[1].verb != "cancel"]
        pool += [it for _, items in index_selects for it in items]
        pool.sort()
        index_selects = [("", pool[k:k + 25]) for k in range(0, len(pool), 25)]
        buttons = keep
    view = discord.ui.View(timeout=None)
    for verb, universe, lo, hi in set_selects[:5]:
        opts = [discord.SelectOption(label=item_label(verb, x)[:100], value=x)
                for x in universe]
        view.add_item(GameSelect(game, f"m{verb}", ver, options=opts,
                                 placeholder=GROUP_TITLE.get(verb, verb), min_values=lo,
                                 max_values=min(hi, len(opts))))
    for n, (verb, items) in enumerate(index_selects):
        if len(view.children) >= 5 - math.ceil(len(buttons) / 5):
            break
        opts = [discord.SelectOption(label=label(a, kind)[:100], value=str(i))
                for i, a in items]
        view.add_item(GameSelect(game, f"s{n}", ver, options=opts,
                                 placeholder=GROUP_TITLE.get(verb, "Choose an action")))
    for i, a in buttons[:5 * (5 - len(view.children))]:
        style = (discord.ButtonStyle.danger if a.verb == "cancel" else
                 discord.ButtonStyle.primary if a.verb in PRIMARY else
                 discord.ButtonStyle.secondary)
        view.add_item(GameButton(game, f"a{i}", ver, label=label(a, kind), style=style))
    return view
