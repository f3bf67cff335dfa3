"""Build exact positions for rule tests.

Tests set up a position by editing a fresh game's fields (the only way to reach a rare
situation quickly), then act only through the public API (`legal_actions`, `apply`,
`view`). `refresh_knowledge` keeps the public-knowledge trackers consistent with an edited
board so views and `resample` stay meaningful.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import rules
from rules.data import ZONE_INDEX, ZONES
from rules.engine import advance
from rules.state import Game


def started(seed: int = 0, den: int = 1, board: str = "day") -> Game:
    """A new game with the Shark placed on `den`: the Octopus's first turn."""
    g = rules.new_game(seed, board=board)
    rules.apply(g, "octopus", f"den {den}")
    return g


def texts(g: Game, seat: str) -> list[str]:
    return [a.text for a in rules.legal_actions(g, seat)]


def do(g: Game, seat: str, *steps: str) -> list[dict[str, Any]]:
    """Apply several steps for one seat; returns all events."""
    out: list[dict[str, Any]] = []
    for s in steps:
        out.extend(rules.apply(g, seat, s))
    return out


def set_board(g: Game, blocks: dict[str, str], revealed: Iterable[str] = ()) -> None:
    """Put the given kinds on zones ("A1": "octopus"), hide all but `revealed`."""
    for z, kind in blocks.items():
        g.zones[ZONE_INDEX[z]] = kind
    shown = {ZONE_INDEX[z] for z in revealed}
    g.hidden = [z not in shown for z in range(9)]
    refresh_knowledge(g)


def refresh_knowledge(g: Game) -> None:
    """Forget history: revealed blocks are known, hidden ones could be any hidden kind."""
    hidden_kinds = tuple(sorted({g.zones[z] for z in range(9) if g.hidden[z]}))
    g.know_pub = [hidden_kinds if g.hidden[z] else (g.zones[z],) for z in range(9)]
    g.know_shark = list(g.know_pub)
    g._cache = {}


def octopus_turn(g: Game, *, hand: list[str] | None = None, actions: int = 0) -> None:
    g.phase, g.turn, g.step, g.actions = "octopus", "octopus", "", actions
    if hand is not None:
        give_hand(g, hand)
    g._cache = {}


def give_hand(g: Game, hand: list[str]) -> None:
    """Make `hand` the Octopus's hand (cards come from wherever they are)."""
    for c in hand:
        for pile in (g.draw, g.discard, g.hand, *g.piles.values()):
            if c in pile:
                pile.remove(c)
                break
    for c in list(g.hand):
        g.draw.append(c)
    g.hand = list(hand)
    g.hand_known = list(hand)
    g.unknown_cards = list(g.draw)
    g.draw_cands = list(g.draw)
    g._cache = {}


def shark_turn(g: Game, *, pool: list[str] | None = None, at: int | None = None,
               facing: int | None = None, step: str = "roll") -> None:
    """Jump to the Shark's turn with a chosen pool (taken out of the bag)."""
    g.phase, g.turn, g.step = "shark", "shark", step
    g.tf = {"rerolls": 0, "bumped": False}
    if at is not None:
        g.shark_at, g.facing = at, facing
    if pool is not None:
        for d in g.pool:
            g.bag[d[1]] += 1
        for d in pool:
            g.bag[d[1]] -= 1
        g.pool = list(pool)
    g._cache = {}


def dice_on(g: Game, placed: dict[int, str]) -> None:
    """Put Current dice on spaces (taken from the supply, to keep 35 dice in play)."""
    for s, d in placed.items():
        g.supply_dice[d[1]] -= 1
        g.dice_on[s] = d
    g._cache = {}


def keep(g: Game, *cards: str) -> None:
    """Give the Shark kept cards (taken from the deck or display)."""
    for c in cards:
        if c in g.deck:
            g.deck.remove(c)
        elif c in g.display:
            g.display[g.display.index(c)] = None
        g.kept.append(c)
    g._cache = {}


def settle(g: Game) -> None:
    """Let the engine run the steps the rules leave no choice about."""
    advance(g)
    g._cache = {}


def zone(g: Game, name: str) -> str:
    return g.zones[ZONE_INDEX[name]]


def is_hidden(g: Game, name: str) -> bool:
    return g.hidden[ZONE_INDEX[name]]


def event_types(events: list[dict[str, Any]]) -> list[str]:
    return [e["type"] for e in events]


ALL_ZONES = ZONES
