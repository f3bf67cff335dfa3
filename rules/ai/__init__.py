"""Computer opponents that never peek: `choose(game, seat, rng, level=...)`.

Three levels behind one interface (see `POLICIES`):

- ``random`` — a uniformly random legal step (never ``cancel``);
- ``greedy`` — one-turn heuristics on the seat's own information;
- ``search`` — information-set Monte Carlo tree search over worlds drawn from the seat's
  information set.

Every policy decides from a world drawn with `world.world(game, seat, seed)` — a complete
game consistent with what `seat` knows, with everything unseen drawn from the seed — or
from the seat's legal steps, plus its own `rng`. So for a fixed rng state (and, for
``search``, an iteration budget rather than a time budget) the chosen action is the same
in every game the seat can't tell apart: the policies can't peek, by construction, and
``tests/rules/test_ai.py`` checks it on many positions.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from ..actions import Action
from ..state import Game
from . import greedy_octopus, greedy_shark
from .world import draw_world, options

Policy = Callable[..., Action]


def random_policy(game: Game, seat: str, rng: random.Random, **_: object) -> Action:
    """A uniformly random legal step; never `cancel`, so every command gets finished."""
    return rng.choice(options(game, seat))


def greedy_policy(game: Game, seat: str, rng: random.Random, **_: object) -> Action:
    """One-turn heuristics on a world drawn from the seat's information set."""
    opts = options(game, seat)
    if len(opts) == 1:
        return opts[0]
    w = draw_world(game, seat, rng)
    mod = greedy_shark if seat == "shark" else greedy_octopus
    return mod.choose(w, rng)


def search_policy(game: Game, seat: str, rng: random.Random, *, iterations: int | None = None,
                  seconds: float | None = None) -> Action:
    """Information-set MCTS (see `rules.ai.search`)."""
    from .search import search

    return search(game, seat, rng, iterations=iterations, seconds=seconds)


POLICIES: dict[str, Policy] = {
    "random": random_policy,
    "greedy": greedy_policy,
    "search": search_policy,
}
LEVELS = tuple(POLICIES)
# The greedy heuristics and the search's evaluation know only the base game's cards and
# pieces; a uniformly random player needs nothing but the legal steps.
EXPANSION_LEVELS = ("random",)


def choose(game: Game, seat: str, rng: random.Random, *, level: str = "random",
           iterations: int | None = None, seconds: float | None = None) -> Action:
    """The `level` policy's next step for `seat` (which must have a decision to make).

    `iterations` and `seconds` budget the ``search`` level (default: 2 seconds); the
    other levels ignore them. Only an iteration budget makes ``search`` reproducible.
    """
    policy = POLICIES.get(level)
    if policy is None:
        raise ValueError(f"unknown level {level!r}; choose one of {', '.join(LEVELS)}")
    if game.expansions and level not in EXPANSION_LEVELS:
        raise ValueError(f"the {level} level plays the base game only; with "
                         f"{', '.join(game.expansions)} only {', '.join(EXPANSION_LEVELS)} plays")
    if not options(game, seat):
        raise ValueError(f"the {seat} has nothing to decide now")
    return policy(game, seat, rng, iterations=iterations, seconds=seconds)


__all__ = ["EXPANSION_LEVELS", "LEVELS", "POLICIES", "choose", "greedy_policy", "random_policy",
           "search_policy"]
