"""Play Kelp through the real bot code on the offline Discord backend.

`kelp demo` and `kelp bench bot` use this: two fake users play a complete match by
clicking the actual buttons and selects of their private panels, exactly as a person
would, while the bot runs unchanged on the fake transport (`tests/fakediscord`).
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

import rules
from rules import Action

from .labels import copy_value

if TYPE_CHECKING:
    from tests.fakediscord import FakeDiscord

    from .client import KelpBot


@dataclass
class MatchLog:
    game_id: int
    steps: int = 0
    stale: int = 0
    first_response: list[float] = field(default_factory=list)
    finished: list[float] = field(default_factory=list)
    panels: dict[str, int] = field(default_factory=dict)  # seat -> its open panel message


def component_for(message: Any, legal: list[Action], action: Action) -> tuple[str, list[str]]:
    """The panel component (custom_id, select values) that sends `action`; () if a button."""
    i = legal.index(action)
    for c in message.iter_components():
        cid = c.get("custom_id", "")
        parts = cid.split(":")
        if len(parts) != 4:
            continue
        verb = parts[2]
        if c.get("type") == 2 and verb == f"a{i}":
            return cid, []
        if c.get("type") == 3 and verb.startswith("s") and any(
                o["value"] == str(i) for o in c.get("options", [])):
            return cid, [str(i)]
        if c.get("type") == 3 and verb == f"m{action.verb}":
            # The n-th copy of a repeated item (two 6B dice) has its own value `6B~n`.
            args = list(action.args)
            return cid, [copy_value(x, args[:i].count(x) + 1) for i, x in enumerate(args)]
    raise LookupError(f"no component for {action.text!r} (index {i}) on the panel: "
                      f"{[a.text for a in legal]} / {message.custom_ids()} / "
                      f"{message.content!r} {message.components}")


class SeatPlayer:
    """One fake user playing one seat through its private panel."""

    def __init__(self, fake: FakeDiscord, bot: KelpBot, user: Any, seat: str,
                 rng: random.Random) -> None:
        self.fake, self.bot, self.user, self.seat, self.rng = fake, bot, user, seat, rng
        self.panel: Any = None

    async def open_panel(self, table: Any, game_id: int) -> None:
        verb = "po" if self.seat == "octopus" else "ps"
        cid = next(c for c in table.custom_ids() if c.split(":")[2] == verb)
        h = await self.fake.click(self.user, table, cid, bot=self.bot)
        self.panel = h.reply

    async def ensure_panel(self, row: Any) -> None:
        """Reopen the panel from the table when it is missing or no longer current (what a
        person does when the panel says the board has moved on)."""
        want = str(row.panel_versions.get(self.seat, [0])[0])
        if self.panel is not None:
            ids = self.fake.get_message(self.panel.id).custom_ids()
            if ids and all(c.split(":")[3] == want for c in ids if c.startswith("kelp:")):
                return
        await self.open_panel(self.fake.get_message(row.table_message_id), row.id)

    async def step(self, game_id: int, log: MatchLog, choose: Any) -> None:
        _, g = await self.bot.service.load(game_id)
        legal = rules.legal_actions(g, self.seat)
        action = choose(g, self.seat, legal, self.rng)
        panel = self.fake.get_message(self.panel.id)
        cid, values = component_for(panel, legal, action)
        t0 = time.perf_counter()
        if values or cid.split(":")[2].startswith(("s", "m")):
            h = await self.fake.select(self.user, panel, cid, values, bot=self.bot)
        else:
            h = await self.fake.click(self.user, panel, cid, bot=self.bot)
        log.finished.append(time.perf_counter() - t0)
        log.steps += 1
        if any("moved on" in m.content for m in h.followups):
            log.stale += 1  # the panel was refreshed in place; nothing was applied


def random_policy(g: rules.Game, seat: str, legal: list[Action], rng: random.Random) -> Action:
    """Any legal step but `cancel`, uniformly: every command gets finished."""
    return rng.choice([a for a in legal if a.verb != "cancel"])


def ai_policy(level: str) -> Any:
    """A `rules.ai` level as a driver policy (it decides from its seat's view only)."""
    from rules.ai import choose

    def policy(g: rules.Game, seat: str, legal: list[Action], rng: random.Random) -> Action:
        return choose(g, seat, rng, level=level)

    return policy


async def start_match(fake: FakeDiscord, bot: KelpBot, *, channel: Any, octopus: Any,
                      shark: Any, board: str = "day", expansion: str = "none") -> int:
    """`/kelp challenge` by the Octopus player, accepted by the Shark player."""
    extra = {"expansion": expansion} if expansion != "none" else {}
    h = await fake.slash(octopus, "kelp challenge", channel=channel, bot=bot,
                         opponent=shark, role="octopus", board=board, **extra)
    lobby = h.reply
    accept = next(c for c in lobby.custom_ids() if c.endswith(":accept"))
    await fake.click(shark, lobby, accept, bot=bot)
    rows = await bot.storage.games_of(octopus.id)
    return max(r.id for r in rows)


async def play_match(fake: FakeDiscord, bot: KelpBot, *, channel: Any, octopus: Any,
                     shark: Any, seed: int, board: str = "day", choose: Any = random_policy,
                     max_steps: int = 5000, game_id: int | None = None,
                     stop_after: int | None = None, expansion: str = "none") -> MatchLog:
    """From `/kelp challenge` to the end of the game, every move through the panels.

    With `game_id`, continue that game instead; with `stop_after`, stop after that many
    steps (the restart test picks the game up again with another bot).
    """
    rng = random.Random(seed)
    if game_id is None:
        game_id = await start_match(fake, bot, channel=channel, octopus=octopus, shark=shark,
                                    board=board, expansion=expansion)
    log = MatchLog(game_id)
    players = {"octopus": SeatPlayer(fake, bot, octopus, "octopus", rng),
               "shark": SeatPlayer(fake, bot, shark, "shark", rng)}
    for _ in range(max_steps):
        row, g = await bot.service.load(game_id)
        if g.phase == "over" or (stop_after is not None and log.steps >= stop_after):
            return log
        seats = rules.pending(g)["seats"]
        seat = "octopus" if "octopus" in seats else seats[0]
        p = players[seat]
        await p.ensure_panel(row)
        await p.step(game_id, log, choose)
        log.panels = {s: pl.panel.id for s, pl in players.items() if pl.panel is not None}
    raise RuntimeError(f"game {game_id} did not finish in {max_steps} steps")
