"""The worlds a policy may think about: a seat's information set, drawn afresh.

A fair policy must decide from what its seat may know (kelp-spec.md §8), never from the
true hidden state. `rules.resample(g, seat, seed)` already redraws everything unseen, but
the *order* of a few face-down piles (the Shark deck, the piles below their top cards, the
Octopus's own draw pile) survives into the copy it shuffles, so two worlds the seat can't
tell apart could still resample differently. `world` first puts every such pile in a
canonical order, so the result depends only on the seat's information and the seed: any
policy that reads only `world(...)` output (plus its own rng) can't peek, by construction.
"""

from __future__ import annotations

import random

from ..actions import CANCEL, Action
from ..engine import legal_actions
from ..resample import resample
from ..state import Game

SEED_BITS = 62


def canonical(g: Game, seat: str) -> Game:
    """A copy with every pile whose order `seat` can't know sorted, and no history.

    Nothing here changes what the seat knows: the Shark deck and the piles below their
    top cards are unknown to both players, and the Octopus doesn't know its draw order.
    The Shark's unknowns (hidden blocks, the Octopus's hand and draw pile) are redrawn
    canonically by `resample` itself.
    """
    c = g.clone()
    c.deck = sorted(c.deck)
    c.piles = {p: [*sorted(pile[:-1]), pile[-1]] if pile else [] for p, pile in c.piles.items()}
    if seat == "octopus":
        c.draw = sorted(c.draw)
    c.history = []
    c.last_events = []
    return c


def world(g: Game, seat: str, seed: int) -> Game:
    """A complete game consistent with `seat`'s knowledge, drawn from `seed` alone."""
    return resample(canonical(g, seat), seat, seed)


def draw_world(g: Game, seat: str, rng: random.Random) -> Game:
    """`world` with a seed taken from the policy's own rng."""
    return world(g, seat, rng.getrandbits(SEED_BITS))


def options(g: Game, seat: str) -> list[Action]:
    """The seat's legal steps without `cancel`: a policy always finishes its commands."""
    return [a for a in legal_actions(g, seat) if a != CANCEL]
