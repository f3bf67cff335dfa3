"""Confrontation colours (X-1): the matching game's equilibrium, with every escape priced.

A confrontation looks like matching pennies, where a uniform choice is the safe one. It
isn't: the Octopus escapes with *its* colour, and the escapes differ (D-5). Fight puts one
more die on the Hunger Track but leaves the Octopus where the Shark found it; Flinch hides
it among two neighbouring zones; Flight hides it among three zones of its choosing. In
1,600 greedy games the Octopus went on to win 78 % of the games where it escaped a first
confrontation with Flight, 68 % with Fight and 62 % with Flinch (docs/balance.md, session
16). Each side plays the mixed strategy of the zero-sum game

    the Octopus's payoff = 0 if the colours match, else v[its colour]

where `v[c]` is the Octopus's chance of winning after escaping with `c`
(`escape_values`). No opponent can exploit it: the Octopus plays `c` with probability
proportional to 1/v[c] and the Shark guards `c` with probability 1 − V/v[c], so every
reply of the other side pays the game's value `V`.

`v` comes from a small logistic model of the outcomes of escapes (`ESCAPE_WEIGHTS`,
fitted by `python -m rules.ai.fit --escapes`) on public facts only — Hunger after the
escape, pairs left, food eaten, the Shark's Strike dice, what the escape does — so the
choice can't reveal or use a secret.
"""

from __future__ import annotations

import random
from functools import cache

from ..actions import Action
from ..data import data
from ..state import Game
from .logistic import chance

ESCAPE_FEATURES = ("bias", "hunger", "hunger_hi", "pairs", "food", "reds", "hide_adjacent",
                   "hide_any")
# Fitted by `python -m rules.ai.fit --escapes --games 2400 --seed 600000 --jobs 2` on the
# 1,534 escapes of greedy-against-greedy games (log-loss 0.528 against 0.637 for a
# constant; docs/balance.md, session 16). `hunger` counts the dice on the track after the
# escape (the Strike die, and Fight's); `hide_adjacent` / `hide_any` the blocks the
# Octopus may shuffle itself among, next to it or anywhere.
ESCAPE_WEIGHTS: dict[str, float] = {
    "bias": -3.0366, "hunger": 0.3451, "hunger_hi": 0.6679, "pairs": 0.9738, "food": 0.38,
    "reds": -0.3305, "hide_adjacent": 0.6297, "hide_any": 0.6363,
}


@cache
def escape_kind(colour: str) -> tuple[int, int, int]:
    """What a colour's escape does, read from the card data: (extra Hunger dice, blocks it
    may hide among next to the Octopus, blocks it may hide among anywhere)."""
    extra = adjacent = anywhere = 0
    for e in data().colours.get(colour, {}).get("effects", ()):
        if e["op"] == "hunger":
            extra += 1
        elif e["op"] == "hide_shuffle":
            n = int(e.get("n", e.get("max", 0)))
            if e.get("with") == "adjacent":
                adjacent += n
            else:
                anywhere += n
    return extra, adjacent, anywhere


@cache
def fight_colours() -> frozenset[str]:
    """Colours whose escape puts a die on the Hunger Track (base data: red's Fight)."""
    return frozenset(c for c in data().colours if escape_kind(c)[0] > 0)


def reds(g: Game) -> int:
    """The Shark's Strike dice in play (bag, pool, Energy, on zones), at most 4."""
    n = g.bag["R"] + sum(1 for d in [*g.pool, *g.energy] if d[1] == "R")
    n += sum(1 for _, d, *_ in [*g.assigned, *g.limbo] if d[1] == "R")
    return min(n, 4)


def escape_features(g: Game, colour: str, pairs: int | None = None) -> dict[str, float]:
    """The escape model's inputs for escaping with `colour` from `g` (holding `pairs`
    confrontation pairs, by default the Octopus's): the escape's die and the pair it
    trashes are counted here. All public."""
    extra, adjacent, anywhere = escape_kind(colour)
    h = len(g.hunger) + 1 + extra
    held = len(g.conf["octopus"]) if pairs is None else pairs
    return {"bias": 1.0, "hunger": float(h), "hunger_hi": float(max(0, h - 4)),
            "pairs": float(held - 1), "food": float(len(g.food_track)),
            "reds": float(reds(g)), "hide_adjacent": float(adjacent),
            "hide_any": float(anywhere)}


def escape_value(g: Game, colour: str, pairs: int | None = None,
                 weights: dict[str, float] | None = None) -> float:
    """The Octopus's chance of winning after escaping with `colour`: 1 when the escape's
    own dice fill the Hunger Track (G-2)."""
    track = int(data().comp["shark"]["hunger_track"])
    if len(g.hunger) + 1 + escape_kind(colour)[0] >= track:
        return 1.0
    return chance(ESCAPE_WEIGHTS if weights is None else weights,
                  escape_features(g, colour, pairs))


def escape_values(g: Game, left: list[str] | None = None) -> dict[str, float]:
    """`escape_value` of each colour the Octopus holds (or of `left`)."""
    cols = sorted(g.conf["octopus"] if left is None else left)
    return {c: escape_value(g, c, len(cols)) for c in cols}


def equilibrium(v: dict[str, float]) -> tuple[dict[str, float], dict[str, float], float]:
    """The matching game's equilibrium for escape values `v`: (the Octopus's mix, the
    Shark's mix, the Octopus's value). Both mixes cover the colours worth at least the
    value; a colour worth less is never played by the Octopus, so the Shark needn't guard
    it."""
    cols = sorted(v, key=lambda c: (-v[c], c))
    if len(cols) <= 1:
        return ({c: 1.0 for c in cols}, {c: 1.0 for c in cols}, 0.0)
    k = len(cols)
    while k > 2:
        value = (k - 1) / sum(1.0 / v[c] for c in cols[:k])
        if v[cols[k - 1]] >= value:
            break
        k -= 1
    support = cols[:k]
    inv = sum(1.0 / v[c] for c in support)
    value = (k - 1) / inv
    octopus = {c: ((1.0 / v[c]) / inv if c in support else 0.0) for c in cols}
    shark = {c: (1.0 - value / v[c] if c in support else 0.0) for c in cols}
    return octopus, shark, value


def weights(g: Game, seat: str) -> dict[str, float]:
    """`seat`'s equilibrium probability for each colour it still holds."""
    left = sorted(g.conf[seat])
    if len(left) <= 1:
        return {c: 1.0 for c in left}
    octopus, shark, _ = equilibrium(escape_values(g, left))
    return octopus if seat == "octopus" else shark


def octopus_chance(g: Game) -> float:
    """The Octopus's chance from a confrontation about to be decided, both sides playing
    the equilibrium: the game's value (0 with one pair left, X-1)."""
    if len(g.conf["octopus"]) <= 1:
        return 0.0
    return equilibrium(escape_values(g))[2]


def match_chance(g: Game, left: list[str] | None = None) -> float:
    """The chance the colours match (the Shark wins) when both play the equilibrium."""
    cols = sorted(g.conf["shark"] if left is None else left)
    if len(cols) <= 1:
        return 1.0
    octopus, shark, _ = equilibrium(escape_values(g, cols))
    return sum(octopus[c] * shark[c] for c in cols)


def hostile_pick(g: Game) -> str:
    """The colour Hostile should name: the pair whose loss leaves the Octopus the least
    (its best escape, since the value falls with every escape taken away)."""
    cols = sorted(g.conf["octopus"])

    def left_value(c: str) -> tuple[float, str]:
        rest = [x for x in cols if x != c]
        return (equilibrium(escape_values(g, rest))[2] if len(rest) > 1 else 0.0, c)

    return min(cols, key=left_value)


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
