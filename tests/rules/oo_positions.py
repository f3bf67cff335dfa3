"""Offshore Offspring positions for rule tests (kelp-spec.md §10)."""

from __future__ import annotations

import rules
from rules.offspring import OO
from rules.state import Game


def oo_game(seed: int = 0, board: str = "day") -> Game:
    return rules.new_game(seed, board=board, expansions=(OO,))


def oo_started(seed: int = 0, den: int = 1, board: str = "day") -> Game:
    """An Offshore Offspring game with the Shark placed on `den`: the Octopus's first turn."""
    g = oo_game(seed, board)
    rules.apply(g, "octopus", f"den {den}")
    return g


def oo_at_assign(blocks: dict[str, str], pool: list[str], at: int, *, seed: int = 0,
                 revealed: tuple[str, ...] = (), facing: int | None = 0,
                 hunger: tuple[str, ...] = ()) -> Game:
    """An Offshore Offspring game whose Mother Shark, on `at`, is about to assign `pool`."""
    from tests.rules.positions import set_board
    from tests.rules.shark_setup import shark_at_step

    g = oo_started(seed)
    set_board(g, blocks, revealed)
    shark_at_step(g, "assign", pool=pool, at=at, facing=facing, hunger=list(hunger))
    return g


def octopus_draw_pile(g: Game, hand: list[str], draw: list[str]) -> None:
    """Make the hand and draw pile exactly these (the draw pile's last card is drawn first)."""
    g.hand = list(hand)
    g.hand_known = list(hand)
    g.draw = list(draw)
    g.unknown_cards = [c for c in draw if c not in ("offspring_arriving", "juvenile")]
    g.draw_cands = list(g.unknown_cards)
    g.oo["oa_bottom"] = bool(draw) and draw[0] == "offspring_arriving"
    g._cache = {}


def add_juvenile_shark(g: Game, space: int, facing: int | None = None) -> str:
    """Put a Juvenile Shark in play on `space` (as if it had entered)."""
    name = f"j{g.oo['juv_next']}"
    g.oo["juv_next"] += 1
    g.oo["juv_left"] -= 1
    g.juv_sharks = [*g.juv_sharks, [name, space, facing]]
    g._cache = {}
    return name


def flip_growth(g: Game, tile: int) -> None:
    g.flipped[tile - 1] = True
    g._cache = {}
