"""A position's worth: the chance that the Octopus wins, estimated from a few features.

The search stops its look-ahead a turn or so ahead and asks this for the rest. The
features are what decides Kelp games between sensible players: how full the Hunger Track
is, how many confrontation pairs are left, food eaten, the danger the Octopus is in next
turn and how sure the Shark is of where it is, Strike dice in play, Hostile. The weights
are a logistic regression fitted to the outcomes of greedy-against-greedy games
(`rules.ai.fit`); a world's features are all things its seat's side of the table may
measure there (the Octopus's zone is read only inside worlds drawn for the searcher).
"""

from __future__ import annotations

from ..data import data
from ..state import Game
from . import confront
from . import features as F
from .logistic import chance

FEATURES = (
    "bias", "hunger", "hunger_hi", "pairs", "food", "danger", "exposed", "reds", "hostile",
    "flipped", "energy", "hidden", "eat_ready", "hand", "food_board", "no_red",
)
# Fitted by `python -m rules.ai.fit --games 1500 --seed 700000 --jobs 2` on the players
# of session 17 (log-loss 0.623 against 0.691 for a constant model, 38,892 positions).
# The previous weights predate valued traps (session 13) and priced escapes (session 16);
# on 400 held-out greedy games they score 0.664 where these score 0.660. The danger the
# Octopus is in counts more (1.73 in logit, from 1.24), and so does each Hunger die past
# the fourth (0.29, from 0.07) (docs/balance.md, session 18).
WEIGHTS: dict[str, float] = {
    "bias": -3.4750, "hunger": 0.5239, "hunger_hi": 0.2873, "pairs": 0.8962, "food": 0.5185,
    "danger": -1.7285, "exposed": -0.8993, "reds": -0.2379, "hostile": -0.5422,
    "flipped": -0.2577, "energy": 0.0431, "hidden": 0.0306, "eat_ready": 0.1903,
    "hand": 0.1447, "food_board": 0.1477, "no_red": 0.2887,
}


def features(w: Game) -> dict[str, float]:
    """The evaluation's inputs for world `w` (the Octopus's zone is `w`'s)."""
    zo = F.octopus_zone(w)
    q = F.oct_odds(F.shark_belief(w))
    zr = F.zone_reach(w)
    pairs = len(w.conf["octopus"])
    now = 0.0
    for z, d, *_ in [*w.assigned, *w.limbo]:
        if z == zo:
            now = max(now, 1.0 if F.dcol(d) == "R" else 0.5)
    dng = max(now, F.danger(w, zo, odds=q, zr=zr)) / max(1, pairs)
    reds = confront.reds(w)
    foods = {k: z for z, k in enumerate(w.zones) if k in data().foods}
    ready = 0.0
    for food, z in foods.items():
        if z in F.orth(zo):
            ready += 0.5 + 0.5 * (data().foods[food]["eat_card"] in w.hand)
    h = len(w.hunger)
    return {
        "bias": 1.0,
        "hunger": float(h),
        "hunger_hi": float(max(0, h - 4)),
        "pairs": float(pairs),
        "food": float(len(w.food_track)),
        "danger": dng,
        "exposed": q[zo],
        "reds": float(reds),
        "hostile": float("trash_pair" in F.kept_effects(w) and pairs > 1),
        "flipped": float(sum(w.flipped)),
        "energy": float(len(w.energy)),
        "hidden": float(sum(w.hidden)),
        "eat_ready": ready,
        "hand": float(min(len(w.hand), w.hand_limit)),
        "food_board": float(len(foods)),
        "no_red": float(reds == 0 and h >= 4),
    }


def octopus_chance(w: Game, weights: dict[str, float] | None = None) -> float:
    """The estimated chance that the Octopus wins from `w` (1 or 0 once it is over)."""
    if w.phase == "over":
        return 1.0 if w.winner == "octopus" else 0.0
    return chance(WEIGHTS if weights is None else weights, features(w))


def confrontation_chance(w: Game) -> float:
    """The Octopus's chance from a confrontation about to be decided, in expectation.

    Both sides play the equilibrium mix of `confront`: the colours match and the Shark
    wins, or the Octopus escapes with its colour's effect, the pair is trashed and the
    Strike die (and a second die after Fight) goes to Hunger. The value of each escape is
    `confront`'s escape model, fitted on what followed escapes in real games. Taking the
    expectation here spares the search the coin flip's noise."""
    return confront.octopus_chance(w)


def value(w: Game, seat: str) -> float:
    """The chance that `seat` wins from `w`."""
    p = octopus_chance(w)
    return p if seat == "octopus" else 1.0 - p
