"""Confrontation colours (X-1): the matching game's equilibrium, with Fight priced in.

A confrontation looks like matching pennies, where a uniform choice is the safe one. It
isn't quite: the Octopus escapes with *its* colour, and the red escape (Fight, D-5) puts
one more die on the Hunger Track. So the Shark leans to red (an escape after it never
costs the extra die) and the Octopus leans away from red (the Shark is there more often).
Each side plays the mixed strategy of the zero-sum game

    Shark payoff = 1 if the colours match, else ESCAPED - (cost of the escape's Hunger)

which no opponent can exploit: a uniform player is worse against a best reply. With one
Fight-like colour among `p` left, and `x` the Shark's prospects after a plain escape and
`f` the extra die's cost, both mixes have the closed form in `weights`. All of it is public
(pairs left, Hunger, card data), so the choice can't reveal or use a secret.
"""

from __future__ import annotations

import random
from functools import cache

from ..actions import Action
from ..data import data
from ..state import Game

ESCAPED = 0.5  # the Shark's prospects after an escape that costs no extra Hunger [rough]
EXTRA_DIE = 0.15  # what one more Hunger die costs it while that die isn't the last


@cache
def fight_colours() -> frozenset[str]:
    """Colours whose escape puts a die on the Hunger Track (base data: red's Fight)."""
    return frozenset(c for c, spec in data().colours.items()
                     if any(e["op"] == "hunger" for e in spec["effects"]))


def weights(g: Game, seat: str) -> dict[str, float]:
    """`seat`'s equilibrium probability for each colour it still holds."""
    left = sorted(g.conf[seat])
    fights = [c for c in left if c in fight_colours()]
    p = len(left)
    track = int(data().comp["shark"]["hunger_track"])
    h = len(g.hunger)
    # One pair, no Fight colour left, or an escape whose own Strike die already loses:
    # only matching counts, and a fair choice is the equilibrium.
    if p <= 1 or len(fights) != 1 or h + 1 >= track:
        return {c: 1.0 / p for c in left}
    x = ESCAPED
    f = x if h + 2 >= track else EXTRA_DIE  # Fight's die would be the seventh
    q = (1 - x) / ((1 - x) + (p - 1) * (1 - x + f))  # Shark's other colours; Octopus's red
    red = fights[0]
    if seat == "shark":
        return {c: (1 - (p - 1) * q) if c == red else q for c in left}
    other = (1 - q) / (p - 1)
    return {c: q if c == red else other for c in left}


def choose(g: Game, seat: str, opts: list[Action], rng: random.Random) -> Action:
    """A colour drawn from `seat`'s equilibrium mix (one rng draw, whatever the mix)."""
    w = weights(g, seat)
    u = rng.random()
    acc = 0.0
    for a in opts:
        acc += w.get(a.args[0], 0.0)
        if u < acc:
            return a
    return opts[-1]
