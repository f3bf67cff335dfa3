"""The Shark's model of where the Octopus hides: a prior over its zone for the search.

`world.world` draws the Octopus's zone uniformly among the placements the Shark's
knowledge allows, as if the Octopus hid at random. A player who hides on purpose goes
where the Shark is least likely to reach and least sure to look, near food. So the Shark's
search weighs each zone the Octopus may be in by how good that zone looks *to the Octopus*
— the greedy Octopus's own evaluation (`greedy_octopus.evaluate`) with the Octopus there —
as a softmax opponent: weight ∝ share of placements × exp(`BETA` × evaluation).

Measured on greedy-vs-greedy games (docs/balance.md, session 9): at the start of 3,111
Shark turns the uniform draw gives the true zone 0.20 of the probability on average and
ranks it first 18 % of the time; this prior gives it 0.35 and ranks it first 50 % of the
time. After the Shark's move (1,163 turns: 0.22 uniform) it gives 0.39 and ranks it
first 54 % of the time, because each zone is judged from where the Shark stood when the
Octopus chose (`as_the_turn_began`), not from where the Shark has swum to since.

The Octopus chose last turn too, and moved since only by public swaps and shuffles. So the
lean the Shark had as its previous turn began, each zone's share followed to where its
block went (`last_turn`, from the engine's public note `Game.origins`), makes most of the
prior (`CARRY`), the plain odds the rest, and this turn's lean weighs both. On 3,173 turns
of greedy Octopus against the search's first child (docs/balance.md, session 44) that
gives the true zone 0.34 where this turn's lean alone gives 0.29 (log-loss 1.38 against
1.53; 1.79 uniform).

Fair by construction, like every policy here: the evaluations are made on worlds drawn
from the Shark's information set (`world.world`) with seeds from the policy's own rng, and
a world with the Octopus pinned to a zone is drawn by `world` from the Shark's knowledge
narrowed to that zone, then given the Shark's real knowledge back — so the play-outs'
greedy Shark still believes only what the Shark knows.
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..resample import resample
from ..state import Game
from . import features as F
from . import greedy_octopus
from .deadline import check as check_time
from .world import SEED_BITS, canonical, world

# Softmax temperature on the greedy Octopus's evaluation (its spread across a turn's
# candidate zones averages 0.26). The log-likelihood of the true zone peaks between 8 and
# 12, at the start of the Shark's turn and after its move alike (log-loss 1.35 against
# 1.73 uniform at the start, 1.26 against 1.65 after the move).
BETA = 10.0
SAMPLES = 4  # worlds the evaluation of each zone is averaged over
# Share of the Shark's prior on the Octopus's zone carried from its previous turn: the lean
# it had then, with each zone's odds followed through the swaps and shuffles since
# (`last_turn`); the rest is the plain odds. Either is then weighed by this turn's lean.
CARRY = 0.8


def octopus_prior(game: Game, rng: random.Random) -> dict[int, float] | None:
    """Zone → unnormalised weight of the Octopus being there, for the Shark; None when
    the Shark's knowledge leaves one zone (or none) to choose from."""
    found = octopus_lean(game, rng)
    return None if found is None else prior_of(*found)


def prior_of(q: list[float], lean: dict[int, float]) -> dict[int, float]:
    """`octopus_prior` from the odds and the lean `octopus_lean` found."""
    return {z: q[z] * x for z, x in lean.items()}


def octopus_lean(game: Game, rng: random.Random) -> tuple[list[float], dict[int, float]] | None:
    """The Shark's own zone odds and, for each zone they allow, how much more likely a
    hiding Octopus makes it: exp(`BETA` × (evaluation − the best zone's)). None when the
    Shark's knowledge leaves one zone (or none). Kept apart from the odds so that a belief
    narrowed later in the turn (a Search that found nothing) can be leant the same way
    (`leant`)."""
    worlds = [world(game, "shark", rng.getrandbits(SEED_BITS)) for _ in range(SAMPLES)]
    q = F.oct_odds(F.shark_belief(worlds[0]))
    cands = [z for z in range(9) if q[z] > 0.0]
    if len(cands) < 2:
        return None
    for w in worlds:
        as_the_turn_began(w)
    lean = _lean(worlds, cands)
    last = last_turn(game)
    if last is None:
        return q, lean
    before = [as_last_turn_began(w, *last) for w in worlds]
    q0 = F.oct_odds(F.shark_belief(before[0]))
    cands0 = [z for z in range(9) if q0[z] > 0.0]
    if not cands0:
        return q, lean
    lean0 = _lean(before, cands0)
    then = [q0[z] * lean0.get(z, 0.0) for z in range(9)]
    came = last[1]
    now = [sum(then[o] for o in came[z]) / len(came[z]) if q[z] > 0.0 else 0.0
           for z in range(9)]
    total, qsum = sum(now), sum(q)
    if total <= 0.0:
        return q, lean
    return q, {z: x * (CARRY * now[z] / total * qsum / q[z] + 1.0 - CARRY)
               for z, x in lean.items()}


def _lean(worlds: list[Game], cands: list[int]) -> dict[int, float]:
    """exp(`BETA` × (evaluation − the best zone's)) for each zone in `cands`, the greedy
    Octopus's evaluation averaged over `worlds`. A timed search's limit (`deadline`) is
    checked zone by zone: inside a play-out this is a first look at how the Shark leans."""
    ev = {}
    for z in cands:
        check_time()
        ev[z] = sum(greedy_octopus.evaluate(w, zo=z) for w in worlds) / len(worlds)
    top = max(ev.values())
    return {z: math.exp(BETA * (ev[z] - top)) for z in cands}


def last_turn(game: Game) -> tuple[dict[str, Any], list[list[int]]] | None:
    """The note of the Shark's previous turn (where it stood as that turn began, and where
    each zone's block came from since: `core.note_origins`), or None in its first turn.
    Within a Shark turn that has rolled, the note before the current one."""
    o = game.origins
    if not o:
        return None
    i = 0 if game.phase == "shark" and game.tf.get("start") else 1
    start, came = o["starts"][i], o["from"][i]
    return None if start is None or came is None else (start, came)


def as_last_turn_began(w: Game, start: dict[str, Any], came: list[list[int]]) -> Game:
    """A copy of `w` put back as the Shark's previous turn began: the Shark where `start`
    noted it, and every block moved since by swaps put back in the zone it came from
    (`came`). Blocks shuffled since can't be put back: they keep the shuffled zones, in
    order. The copy keeps `w`'s cards, dice and food track, which a zone's lean doesn't
    weigh (`greedy_octopus._evaluate`), and the Shark's knowledge of each block moves back
    with it, so the zone odds are roughly those it had then."""
    to: dict[int, int] = {m[0]: z for z, m in enumerate(came) if len(m) == 1}
    spare = [z for z in range(9) if len(came[z]) != 1]
    to.update(zip(sorted(set(range(9)) - set(to)), spare, strict=True))
    b = w.clone()
    for name in ("zones", "hidden", "know_pub", "know_shark"):
        cur = getattr(w, name)
        setattr(b, name, [cur[to[o]] for o in range(9)])
    _stand(b, start)
    return b


def leant(q: list[float], lean: dict[int, float] | None) -> list[float]:
    """Zone odds `q` weighed by `lean` and renormalised: what the Shark believes once it
    expects the Octopus to hide on purpose. `q` unchanged when there is no lean or it
    doesn't cover every zone `q` allows (a belief from another turn)."""
    if not lean or any(p > 0.0 and z not in lean for z, p in enumerate(q)):
        return q
    w = [p * lean.get(z, 0.0) for z, p in enumerate(q)]
    total = sum(w)
    return [x / total for x in w] if total > 0.0 else q


def as_the_turn_began(w: Game) -> None:
    """Put the Shark back where the Octopus last saw it choose: the position, facing,
    Current dice and bag noted as the Shark's turn began (`shark.draw_and_roll`), with no
    die rolled or assigned yet. Judged from where the Shark has swum to since, the zones
    next to it would look like places no Octopus would pick, though it picked before the
    Shark moved (measured after the move, judged from there: the zones the Shark can reach
    next get 0.13 where the Octopus is there 0.18 of the time, and the log-loss is 1.43
    instead of 1.26)."""
    start = w.tf.get("start") if w.phase == "shark" else None
    if start:
        _stand(w, start)


def _stand(w: Game, start: dict[str, Any]) -> None:
    """The Shark as `start` (`shark.draw_and_roll`'s note) found it: its space, facing,
    Current dice and bag, with no die rolled or assigned yet."""
    w.shark_at, w.facing = start["at"], start["facing"]
    w.dice_on = {int(s): d for s, d in start["dice_on"]}
    w.bag = dict(start["bag"])
    w.pool, w.assigned, w.limbo = [], [], []
    w._cache = {}


def pick_zone(prior: dict[int, float], rng: random.Random) -> int:
    """A zone drawn in proportion to its weight."""
    x = rng.random() * sum(prior.values())
    for z, wt in prior.items():
        x -= wt
        if x < 0.0:
            return z
    return next(reversed(prior))


def pinned_world(game: Game, zone: int, seed: int,
                 bases: dict[int, Game] | None = None) -> Game:
    """A world from the Shark's information set with the Octopus in `zone` (which the
    Shark's knowledge must allow): the rest is drawn uniformly given that, as `world` would.
    The world keeps the Shark's own knowledge, not the narrowed one used to draw it.

    `bases` keeps the narrowed, canonical copy of `game` for each zone across the worlds
    of one decision: it depends on the game and the zone alone, and making it afresh took
    two of the three copies behind every world."""
    bases = {} if bases is None else bases
    if zone not in bases:
        narrowed = game.clone()
        narrowed.know_shark = [("octopus",) if z == zone
                               else tuple(k for k in t if k != "octopus")
                               for z, t in enumerate(game.know_shark)]
        bases[zone] = canonical(narrowed, "shark")
    w = resample(bases[zone], "shark", seed)
    w.know_shark = list(game.know_shark)
    w._cache = {}
    return w


def draw(game: Game, prior: dict[int, float], rng: random.Random,
         bases: dict[int, Game] | None = None) -> Game:
    """One world for the Shark's search, its Octopus zone drawn from `prior` (`bases`: see
    `pinned_world`)."""
    return pinned_world(game, pick_zone(prior, rng), rng.getrandbits(SEED_BITS), bases)
