"""Position helpers for the Shark-side rule tests (test_rules_shark, test_rules_confrontation).

They only edit a fresh game's fields to reach a position quickly; the tests then act
through the public API alone (`rules.legal_actions`, `rules.apply`, `rules.view`). Dice
put on the Shark's side are taken from the supply so the 35 dice of C-1 stay in play.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import rules
from rules.state import Game
from tests.rules.positions import ALL_ZONES, do, set_board, shark_turn, started


def shells(**blocks: str) -> dict[str, str]:
    """A board of shells, except the named zones (``shells(B1="octopus")``)."""
    out = {z: "shell" for z in ALL_ZONES}
    out.update(blocks)
    return out


def from_supply(g: Game, dice: list[str]) -> list[str]:
    """Take the given dice out of the supply (for pools, Energy, Hunger, Growth)."""
    for d in dice:
        g.supply_dice[d[1]] -= 1
    g._cache = {}
    return list(dice)


def set_bag(g: Game, b: int, y: int, r: int) -> None:
    """Make the bag hold exactly b blue, y yellow, r red; the difference goes to the supply."""
    for c, n in zip("BYR", (b, y, r), strict=True):
        g.supply_dice[c] += g.bag[c] - n
        g.bag[c] = n
    g._cache = {}


def set_display(g: Game, cards: list[str | None]) -> None:
    """Make the display exactly `cards` (None = empty slot); the rest stays in the deck."""
    for c in g.display:
        if c is not None:
            g.deck.append(c)
    for c in cards:
        if c is not None:
            g.deck.remove(c)
    g.display = list(cards)
    g._cache = {}


def shark_at_step(
    g: Game,
    step: str,
    *,
    pool: Sequence[str] = (),
    at: int | None = None,
    facing: int | None = None,
    energy: Sequence[str] | None = None,
    hunger: Sequence[str] | None = None,
) -> None:
    """Jump to the Shark's turn at `step` with the given pool (and, when given, Energy and
    Hunger dice; otherwise those stay as they are). Replaced dice go back to the supply."""
    shark_turn(g, at=at, facing=facing, step=step)
    _to_supply(g, g.pool)
    g.pool = from_supply(g, list(pool))
    if energy is not None:
        _to_supply(g, g.energy)
        g.energy = from_supply(g, list(energy))
    if hunger is not None:
        _to_supply(g, g.hunger)
        g.hunger = from_supply(g, list(hunger))
    g._cache = {}


def _to_supply(g: Game, dice: Sequence[str]) -> None:
    for d in dice:
        g.supply_dice[d[1]] += 1


def game_at_assign(
    blocks: dict[str, str],
    pool: list[str],
    at: int,
    *,
    seed: int = 0,
    revealed: tuple[str, ...] = (),
    energy: Sequence[str] = (),
    hunger: Sequence[str] = (),
    facing: int | None = 0,
) -> Game:
    """A game whose Shark, on space `at`, is about to assign the dice of `pool`."""
    g = started(seed)
    set_board(g, blocks, revealed)
    shark_at_step(g, "assign", pool=pool, at=at, facing=facing, energy=energy, hunger=hunger)
    return g


def strike_octopus(seed: int = 0, *, extra: dict[str, str] | None = None,
                   hunger: Sequence[str] = (),
                   energy: Sequence[str] = ()) -> Game:
    """The Shark on space 5 (B1/B2) strikes the hidden Octopus in B1 with 6R.

    Returns the game with the confrontation pending (unless it ended at once).
    """
    g = game_at_assign(shells(B1="octopus", **(extra or {})), ["6R"], 5, seed=seed,
                       hunger=hunger, energy=energy)
    do(g, "shark", "assign 6R B1", "go")
    return g


def events_of(events: list[dict[str, Any]], kind: str) -> list[dict[str, Any]]:
    return [e for e in events if e["type"] == kind]


def first_index(events: list[dict[str, Any]], kind: str, **match: Any) -> int:
    """Index of the first event of `kind` whose fields match; -1 when there is none."""
    for i, e in enumerate(events):
        if e["type"] == kind and all(e.get(k) == v for k, v in match.items()):
            return i
    return -1


def dice_total(g: Game) -> int:
    """All dice the game can see: 35 at every step (C-1)."""
    return (sum(g.bag.values()) + sum(g.supply_dice.values()) + len(g.pool)
            + len(g.assigned) + len(g.energy) + len(g.hunger) + len(g.dice_on)
            + sum(len(t) for t in g.growth))


def pending_kind(g: Game) -> str:
    return str(rules.pending(g)["kind"])


def pending_seats(g: Game) -> list[str]:
    return list(rules.pending(g)["seats"])
