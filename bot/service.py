"""Game actions for the bot, independent of Discord: lock, load, apply, commit.

SpellBot-style layering: Discord handlers are thin and call these services; a service
takes a per-game lock, loads the game from SQLite, applies one step through the rules
engine with the version the player saw, and commits state + log row in one transaction
(with a version compare-and-set) before returning. Only then may anything be announced.
"""

from __future__ import annotations

import asyncio
import secrets
import zlib
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

import rules
from rules import Action, IllegalAction

from .labels import SET_VERBS, copy_item
from .storage import GameRow, Storage, VersionConflict

REFUSALS = {
    "not_your_seat": "This isn't your seat: only the players of this match can use it.",
    "not_your_turn": "It isn't your decision right now.",
    "stale_version": "The board has moved on since these buttons were made.",
    "illegal": "That move isn't allowed in this position.",
    "malformed": "That command couldn't be understood.",
    "game_over": "This game is over.",
    "no_game": "There is no such game.",
}


class Refused(Exception):
    """A private, clear answer to bad input; nothing was changed."""

    def __init__(self, code: str, detail: str = "") -> None:
        super().__init__(code)
        self.code = code
        self.detail = detail

    @property
    def text(self) -> str:
        base = REFUSALS.get(self.code, "That didn't work.")
        return f"{base} {self.detail}".strip()


@dataclass
class Outcome:
    """What one accepted step changed, for the presentation layer."""

    row: GameRow
    game: rules.Game
    seat: str
    action: Action
    events: list[dict[str, Any]]
    deciders_before: tuple[str, ...]
    completed: bool
    newly_deciding: list[str] = field(default_factory=list)


def panel_sig(g: rules.Game, seat: str) -> int:
    """Fingerprint of a seat's choices: its own step count and its legal actions."""
    own = sum(1 for s, _ in g.history if s == seat)
    texts = "\n".join(a.text for a in rules.legal_actions(g, seat))
    return zlib.crc32(f"{own}|{g.phase}|{texts}".encode())


def panel_versions(g: rules.Game, old: dict[str, list[Any]]) -> dict[str, list[Any]]:
    """A per-seat serial number that moves each time that seat's choices change.

    Panel components carry this number, so a player's open panel stays valid while only
    the other player acts (a confrontation, a trap choice) and goes stale as soon as its
    own choices change — which is also what stops a double click from acting twice. It
    counts only the seat's own choice changes, so it says nothing about the other
    player's private steps.
    """
    out: dict[str, list[Any]] = {}
    for seat in rules.SEATS:
        sig = panel_sig(g, seat)
        serial, old_sig = old.get(seat, [0, None])
        out[seat] = [serial, sig] if old_sig == sig else [serial + 1, sig]
    return out


class GameService:
    def __init__(self, storage: Storage) -> None:
        self.storage = storage
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    def lock(self, game_id: int) -> asyncio.Lock:
        return self._locks[game_id]

    async def create(self, *, guild_id: int | None, channel_id: int, octopus_id: int,
                     shark_id: int, board: str, seed: int | None = None,
                     practice: str | None = None, expansion: str = "none"
                     ) -> tuple[GameRow, rules.Game]:
        """A new game row. The expansion is kept in `options` too (the state has it as well)
        so listings can name it without loading and parsing every game's state."""
        expansions = () if expansion == "none" else (expansion,)
        g = rules.new_game(secrets.randbits(62) if seed is None else seed, board=board,
                           expansions=expansions)
        options: dict[str, Any] = {"board": board}
        if expansions:
            options["expansion"] = expansion
        if practice:
            options["practice"] = practice
        gid = await self.storage.create_game(
            guild_id=guild_id, channel_id=channel_id, octopus_id=octopus_id,
            shark_id=shark_id, options=options, state=rules.dump(g),
            version=g.version, panel_versions=panel_versions(g, {}))
        row = await self.storage.game(gid)
        assert row is not None
        return row, g

    async def load(self, game_id: int) -> tuple[GameRow, rules.Game]:
        row = await self.storage.game(game_id)
        if row is None:
            raise Refused("no_game")
        return row, rules.load(row.state)

    @staticmethod
    def resolve(g: rules.Game, seat: str, *, index: int | None = None,
                verb: str | None = None, values: list[str] | None = None,
                text: str | None = None) -> Action:
        """Turn what a component sent (an index, a set, or text) into one legal action."""
        legal = rules.legal_actions(g, seat)
        if text is not None:
            try:
                return rules.parse_action(text)
            except IllegalAction as e:
                raise Refused("malformed", e.message) from e
        if index is not None:
            if not 0 <= index < len(legal):
                raise Refused("stale_version")
            return legal[index]
        if verb in SET_VERBS and values is not None:
            want = sorted(copy_item(v) for v in values)  # `6B~2`: a second 6B
            for a in legal:
                if a.verb == verb and sorted(a.args) == want:
                    return a
            raise Refused("illegal", "That combination can't be chosen: pick another set.")
        raise Refused("malformed")

    async def act(self, game_id: int, user_id: int, *, expected_version: int | None,
                  index: int | None = None, verb: str | None = None,
                  values: list[str] | None = None, text: str | None = None) -> Outcome:
        """Apply one step for a player. The caller holds `lock(game_id)` (and keeps it while
        presenting the result, so announcements come out in commit order)."""
        if not self.lock(game_id).locked():
            raise RuntimeError("GameService.act needs the game's lock")
        row, g = await self.load(game_id)
        seat = row.seat_of(user_id)
        if seat is None:
            raise Refused("not_your_seat")
        if g.phase == "over":
            raise Refused("game_over")
        seen = row.panel_versions.get(seat, [None])[0]
        if expected_version is not None and expected_version != seen:
            raise Refused("stale_version")
        version = g.version
        action = self.resolve(g, seat, index=index, verb=verb, values=values, text=text)
        before = tuple(rules.pending(g)["seats"])
        try:
            events = rules.apply(g, seat, action, expected_version=version)
        except IllegalAction as e:
            raise Refused(e.code, e.message if e.code == "illegal" else "") from e
        try:
            await self.storage.commit_action(
                game_id, expected_version=version, new_version=g.version,
                state=rules.dump(g), seat=seat, user_id=user_id, action=action.text,
                winner=g.winner, win_reason=g.win_reason,
                panel_versions=panel_versions(g, row.panel_versions))
        except VersionConflict as e:
            raise Refused("stale_version") from e
        row = await self.storage.game(game_id)
        assert row is not None
        after = rules.pending(g)["seats"]
        return Outcome(row=row, game=g, seat=seat, action=action, events=events,
                       deciders_before=before,
                       completed=action.verb != "cancel" and not g.partial[seat],
                       newly_deciding=[s for s in after if s not in before])
