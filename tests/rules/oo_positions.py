"""Offshore Offspring positions for rule tests (kelp-spec.md §10).

The module is not yet offered by the public `new_game` (SUPPORTED_EXPANSIONS is empty until
complete random games of it run to the end); tests reach it through the engine's private
`_unfinished` keyword, here only.
"""

from __future__ import annotations

import rules
from rules.engine import new_game
from rules.offspring import OO
from rules.state import Game


def oo_game(seed: int = 0, board: str = "day") -> Game:
    return new_game(seed, board=board, expansions=(OO,), _unfinished=True)


def oo_started(seed: int = 0, den: int = 1, board: str = "day") -> Game:
    """An Offshore Offspring game with the Shark placed on `den`: the Octopus's first turn."""
    g = oo_game(seed, board)
    rules.apply(g, "octopus", f"den {den}")
    return g
