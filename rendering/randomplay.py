"""Real positions for the benchmark and the sample images: seeded random play.

Uses only the public rules API (`pending`, `legal_actions`, `apply`), so positions are
whatever the engine really produces, and the same seed always gives the same position.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import rules

Policy = Callable[[str, list[rules.Action], random.Random], rules.Action]


def uniform(seat: str, acts: list[rules.Action], rng: random.Random) -> rules.Action:
    """Any legal step, all equally likely."""
    return rng.choice(acts)


def steps(seed: int, *, board: str = "day", policy: Policy = uniform,
          expansions: tuple[str, ...] = ()) -> Iterator[rules.Game]:
    """Yield the game after every step of one random game (the same object, mutated);
    `expansions` as `rules.new_game` (a base game when empty)."""
    g = rules.new_game(seed, board=board, expansions=expansions) if expansions else \
        rules.new_game(seed, board=board)
    rng = random.Random(seed * 7919 + 17)
    yield g
    while g.phase != "over":
        seats = list(rules.pending(g)["seats"])
        seat = rng.choice(seats)
        acts = [a for a in rules.legal_actions(g, seat) if a.text != "cancel"]
        rules.apply(g, seat, policy(seat, acts, rng))
        yield g


def position(seed: int, depth: int | None, *, board: str = "day",
             expansions: tuple[str, ...] = ()) -> rules.Game:
    """The game after `depth` random steps (None: played to the end)."""
    last = None
    for i, g in enumerate(steps(seed, board=board, expansions=expansions)):
        last = g
        if depth is not None and i >= depth:
            break
    assert last is not None
    return last


def first(pred: Callable[[rules.Game], bool], seeds: range, *, board: str = "day",
          policy: Policy = uniform, expansions: tuple[str, ...] = ()) -> rules.Game | None:
    """The first position (over `seeds`, step by step) where `pred` holds; a copy."""
    for seed in seeds:
        for g in steps(seed, board=board, policy=policy, expansions=expansions):
            if pred(g):
                return rules.load(rules.dump(g))
    return None
