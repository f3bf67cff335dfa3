"""The greedy Octopus: a look-ahead over its own turn with a hand-written evaluation.

The Octopus knows every block, so its heuristic can judge a position exactly from its own
side; what it can't know is the Shark's next roll, so it judges the danger it is in by the
Shark's reach and dice odds (`features.danger`). Each step is chosen by applying every
option to a copy of its world, finishing the command with the same rule (payments by the
least they give away), and scoring the result (`evaluate`): stay unfound and out of reach,
eat when a food is next to it, learn Eat cards, keep cards in hand and traps armed. A
turn's first action is weighed with the best second action after it (`plan_step`).

`choose(w, rng)` expects `w` to be a world drawn from the Octopus's information set.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from ..actions import Action
from ..data import ZONE_INDEX, ZONES, board, data
from ..engine import applied, pending
from ..state import Game
from . import confront
from . import features as F
from .deadline import check as check_time
from .world import options

SEAT = "octopus"
PLAN = True  # plan the turn's first action through its second (`plan_step`)
# Evaluation weights, in rough "chance of winning" units.
STRUCK = 1.0  # a Strike next turn, times the chance it loses the confrontation
EXPOSED = 1.0  # the Shark's odds on the Octopus's zone (beyond next turn)
FOOD = 0.3  # each food on the Food Track
FOOD_NEXT = 0.05  # a food next to the Octopus
EAT_READY = 0.08  # ... and its Eat card in hand
HAND = 0.025  # each card in hand, up to the limit
HIDDEN = 0.012  # each hidden block (what pays for cards)
# each hidden trap the Shark can't tell apart from the Octopus: a decoy for its Search
# and Strike dice and, for a Stinger, a die on the Hunger Track (0.04 before session 13;
# 0.2 won 47.3 % of 1,600 games against the greedy Shark where 0.04 won 44.5 %)
TRAP = 0.2
HUNGER = 0.05  # each die on the Hunger Track
CARD = {
    "fast_learning": 0.03, "jet": 0.04, "stir_the_sand": 0.06, "blend_in": 0.03,
    "curiosity": 0.03, "slither": 0.06, "long_reach": 0.05, "whirlpool": 0.08,
    "ink_cloud": 0.04, "sand_cover": 0.04, "mimic": 0.03, "study": 0.05, "set_a_trap": 0.03,
    "deep_thought": 0.05,
}
EAT_CARD = 0.08
OWNED = 0.5  # a card owned counts this share of its value; in hand it counts fully


@cache
def card_worth(cid: str) -> float:
    """A card's worth to the Octopus (cached: the evaluation sums it over every card owned,
    thousands of times a search)."""
    base = data().octo_cards[cid].base
    if cid in data().food_of_card:
        return EAT_CARD
    return CARD.get(base, 0.03)


def evaluate(w: Game, zo: int | None = None) -> float:
    """How good `w` is for the Octopus, with the Octopus in zone `zo` (default: where it is)."""
    if w.phase == "over":
        return 10.0 if w.winner == SEAT else -10.0
    if zo is None:
        zo = F.octopus_zone(w)
    bel = F.shark_belief(w)
    q = F.oct_odds(bel)
    zr = F.zone_reach(w)
    return _evaluate(w, zo, q, zr)


def _evaluate(w: Game, zo: int, q: list[float], zr: list[float]) -> float:
    pairs = len(w.conf[SEAT])
    lose = 1.0 / max(1, pairs)
    if F.shark_beaten(w):
        v = 0.0  # nothing the Shark knows can hurt the Octopus any more
    else:
        d = max(immediate_threat(w, zo), F.danger(w, zo, odds=q, zr=zr))
        v = -STRUCK * d * (lose + 0.25) - EXPOSED * q[zo]
    v += FOOD * len(w.food_track) + HUNGER * len(w.hunger)
    hand = w.hand
    foods = {k: z for z, k in enumerate(w.zones) if k in data().foods}
    for food, z in foods.items():
        if z in F.orth(zo):
            v += FOOD_NEXT
            card = data().foods[food]["eat_card"]
            if card in hand:
                v += EAT_READY
    v += HAND * min(len(hand), w.hand_limit)
    v += sum(card_worth(c) for c in hand) * (1 - OWNED)
    v += sum(card_worth(c) for c in [*hand, *w.draw, *w.discard]) * OWNED
    hidden = sum(w.hidden)
    v += HIDDEN * hidden
    traps = F.traps()
    v += TRAP * sum(1 for z in range(9) if w.hidden[z] and w.zones[z] in traps
                    and len(w.know_shark[z]) > 1)
    return v


def immediate_threat(w: Game, zo: int) -> float:
    """Dice already waiting on zones this Shark turn: a Strike on the Octopus's zone."""
    t = 0.0
    for z, d, *_ in [*w.assigned, *w.limbo]:
        if z == zo:
            t = max(t, 1.0 if F.dcol(d) == "R" else 0.5)
    return t


def expected(w: Game, zs: list[int]) -> float:
    """Evaluation averaged over the Octopus being in any of `zs` (after a shuffle)."""
    bel = F.shark_belief(w)
    q = F.oct_odds(bel)
    zr = F.zone_reach(w)
    return sum(_evaluate(w, z, q, zr) for z in zs) / len(zs)


# -- looking one command ahead ----------
def after(w: Game, a: Action) -> Game:
    """`w` after `a`, on a copy (`w` keeps its legal-action cache for the next step
    weighed)."""
    return applied(w, SEAT, a)


def busy(w: Game) -> bool:
    """Does the Octopus still have to finish a command or answer a decision?"""
    return w.phase != "over" and bool(options(w, SEAT)) and (
        bool(w.partial[SEAT]) or bool(w.pend))


def score(w: Game, a: Action, depth: int = 0) -> float:
    """The evaluation after `a` and the rest of its command, chosen the same way.

    Inside a timed search's play-out this is where the time goes, so it checks the
    search's limit (`deadline.check`) before each command it weighs."""
    check_time()
    if a.verb == "shuffle" or (a.verb == "with" and len(a.args) >= 1):
        return _shuffle_score(w, a)
    c = after(w, a)
    if depth < 4 and c.phase != "over" and c.partial[SEAT]:
        nxt = options(c, SEAT)
        if nxt and all(b.verb == "pay" for b in nxt):
            # a payment is picked by what it gives away, then the command scored with it
            return score(c, best_step(c, nxt, depth + 1), depth + 1)
        if nxt:
            # the next step is picked by this same score: its best value is the command's
            # (scoring the pick again would redo its whole subtree)
            return max(score(c, b, depth + 1) for b in _prefilter(c, nxt))
    return evaluate(c)


def _shuffle_score(w: Game, a: Action) -> float:
    c = after(w, a)
    if c.phase == "over":
        return evaluate(c)
    zs = [ZONE_INDEX[z] for z in a.args]
    if a.verb == "with":
        zs = [F.octopus_zone(c), *zs]
    if F.octopus_zone(c) not in zs:
        return evaluate(c)
    return expected(c, sorted(set(zs)))


def pay_score(w: Game, a: Action) -> float:
    """What paying with these blocks gives away: reveal them on a copy and evaluate."""
    c = w.clone()
    for name in a.args:
        z = ZONE_INDEX[name]
        if c.hidden[z]:
            c.hidden[z] = False
            c.know_pub[z] = (c.zones[z],)
            c.know_shark[z] = (c.zones[z],)
    v = evaluate(c)
    if any(w.zones[ZONE_INDEX[n]] == "double_shell" for n in a.args) and len(a.args) == 1:
        v -= 0.01  # the Double Shell pays 2: keep it for a cost of 2
    return v


def finish(w: Game, a: Action, *, hide_self: bool = False) -> Game:
    """`w` after `a` and the rest of its command, chosen the way `score` chooses it (with
    `hide_self`, a choice of blocks to hide takes the Octopus's own zone when it can)."""
    c = after(w, a)
    for _ in range(6):
        if c.phase == "over" or not c.partial[SEAT]:
            break
        nxt = options(c, SEAT)
        if not nxt:
            break
        if hide_self:
            me = ZONES[F.octopus_zone(c)]
            mine = [b for b in nxt if b.verb == "hide" and me in b.args]
            if mine:
                c = after(c, _argmax(mine, lambda b, c=c: score(c, b, 1), None))
                continue
        c = after(c, best_step(c, nxt, 1))
    return c


PLAN_TOP = 3  # first commands planned through to the turn's second action


def _first_action(w: Game) -> bool:
    """Is this the first action of the Octopus's turn, with nothing half done?"""
    return (w.phase == "octopus" and w.turn == SEAT and w.actions == 0
            and not w.partial[SEAT] and not w.pend)


@cache
def _hides(cid: str) -> bool:
    """Does this card hide blocks (read from the card data)?"""
    return any(e["op"] in ("hide", "hide_line") for e in data().octo_cards[cid].effects)


def _shuffles(cid: str) -> bool:
    """Does this card shuffle hidden blocks (read from the card data)?"""
    return any(e["op"] == "shuffle" for e in data().octo_cards[cid].effects)


def shuffle_payments(w: Game, opts: list[Action]) -> list[Action]:
    """`opts` (payments) without those that reveal a hidden Octopus, when the card paid
    for shuffles and another payment exists: a shuffle can only take the Octopus away if
    it is still hidden. `pay_score` alone pays with an Octopus the Shark already knows of
    (revealing it gives nothing away), which leaves "hide yourself, then shuffle yourself
    away" out of reach. Only the search uses this (`search.rollout_policy`): it sees the
    Shark's reply to such a shuffle, where one command ahead overrates it (greedy with
    this rule won 39.5 % of 200 day games against 45.0 %, docs/balance.md)."""
    part = w.partial[SEAT]
    if not part or not opts or not all(a.verb == "pay" for a in opts):
        return opts
    first = part[0].split()
    if first[0] != "play" or len(first) < 2 or first[1] not in data().octo_cards:
        return opts
    zo = F.octopus_zone(w)
    if not w.hidden[zo] or not _shuffles(first[1]):
        return opts
    keep = [a for a in opts if ZONES[zo] not in a.args]
    return keep or opts


def _rehides(a: Action) -> bool:
    """Could `a` hide the Octopus again (discard-and-hide, or a hide card)?"""
    return a.verb == "discard" or (a.verb == "play" and _hides(a.args[0]))


def _eats(a: Action) -> bool:
    """Is `a` the play of an Eat card (O-8)?"""
    return a.verb == "play" and a.args[0] in data().food_of_card


def _two_eats_win(w: Game) -> bool:
    """Would two Eats this turn put the winning food on the track (G-2a)? Each Eat alone
    reveals the Octopus, which one command ahead scores far below a quiet discard, so the
    planner never looked at eating twice: between a greedy Octopus two Eats from winning
    and a Shark with no Strike die left, night game 11021 of session 30 ran 170 rounds."""
    need = int(data().comp["octopus"]["food_track"])
    return len(w.food_track) + 2 >= need and sum(
        1 for c in w.hand if c in data().food_of_card) >= need - len(w.food_track)


def plan_step(w: Game, opts: list[Action], rng: random.Random | None) -> Action:
    """The turn's first action, judged with the best second action after it.

    O-1 gives the Octopus two actions, and one command ahead it ordered them badly: it
    drew first and then discarded, ending the turn a card short, where discarding first
    and drawing second ends it with a full hand; it discarded a Blend In to hide one
    block where playing it hides two. So the `PLAN_TOP` best first commands by their own
    score — and, when the Octopus is revealed, every command that can hide it again
    (hiding alone looks like a lost card one command ahead) — are scored by the best turn
    they begin. Measured against the greedy Shark (day, 600 games): 44.3 % for the
    Octopus against 37.0 % one command at a time (docs/balance.md).

    Paying for a shuffle with the hidden Octopus the Shark already knows about still
    scores as well as paying with a shell, so "hide, then shuffle yourself away" is not
    found; forcing it was measured and lost games (the evaluation overrates a shuffle
    inside the Shark's reach)."""
    one = {a.text: score(w, a) for a in opts}
    ranked = sorted(opts, key=lambda a: -one[a.text])
    cands = ranked[:PLAN_TOP]
    rehide = not w.hidden[F.octopus_zone(w)]
    if rehide:
        cands += [a for a in ranked[PLAN_TOP:] if _rehides(a)]
    if _two_eats_win(w):
        cands += [a for a in ranked[PLAN_TOP:] if _eats(a) and a not in cands]

    def turn_value(a: Action, c: Game) -> float:
        # The first command's own score (a shuffle's in expectation over where the
        # Octopus lands) plus what the best second action adds in the world it leaves.
        if c.phase == "over" or c.turn != SEAT or c.actions != 1 or c.partial[SEAT]:
            return one[a.text]
        nxt = _prefilter(c, options(c, SEAT))
        return one[a.text] + max(score(c, b) for b in nxt) - evaluate(c)

    def two(a: Action) -> float:
        c = finish(w, a)
        v = turn_value(a, c)
        if rehide and _rehides(a) and not c.hidden[F.octopus_zone(c)]:
            # The usual finish left the Octopus revealed: also try hiding it.
            c = finish(w, a, hide_self=True)
            v = max(v, evaluate(c) + turn_value(a, c) - one[a.text])
        return v

    return _argmax(cands, two, rng)


def rank(w: Game, opts: list[Action]) -> list[Action]:
    """`opts` best first by `score` (payments by what they give away); a big option list is
    cut down by `_prefilter` first, so the steps it drops are not ranked."""
    if all(a.verb == "pay" for a in opts):
        return sorted(opts, key=lambda a: -pay_score(w, a))
    return sorted(_prefilter(w, list(opts)), key=lambda a: -score(w, a))


def _prefilter(w: Game, opts: list[Action]) -> list[Action]:
    """Keep big option lists (shuffles, hides) small: sets with the Octopus first."""
    if len(opts) <= 30:
        return opts
    zo = F.octopus_zone(w)
    mine = [a for a in opts if ZONES[zo] in a.args]
    pool = mine or opts
    pool.sort(key=lambda a: (-len(a.args), a.args))
    return pool[:30]


def best_step(w: Game, opts: list[Action], depth: int = 0,
              rng: random.Random | None = None) -> Action:
    if len(opts) == 1:
        return opts[0]
    if all(a.verb == "pay" for a in opts):
        return _argmax(opts, lambda a: pay_score(w, a), rng)
    cands = _prefilter(w, opts)
    if depth == 0 and PLAN and _first_action(w):
        return plan_step(w, cands, rng)
    return _argmax(cands, lambda a: score(w, a, depth), rng)


def _argmax(opts: list[Action], f: Callable[[Action], float],
            rng: random.Random | None) -> Action:
    best, best_v = opts[0], -1e18
    for a in opts:
        v = f(a) + (rng.random() * 1e-7 if rng is not None else 0.0)
        if v > best_v:
            best, best_v = a, v
    return best


# -- the policy ----------
def choose(w: Game, rng: random.Random) -> Action:
    """One step for the Octopus in world `w` (its own information set)."""
    opts = options(w, SEAT)
    if len(opts) == 1:
        return opts[0]
    kind = pending(w)["kind"]
    if kind == "confront":
        return confront.choose(w, SEAT, opts, rng)
    if kind == "place_shark":
        return _den(w, opts, rng)
    if kind == "escape_use":
        return next((a for a in opts if a.verb == "use"), opts[0])
    return best_step(w, opts, 0, rng)


def _den(w: Game, opts: list[Action], rng: random.Random) -> Action:
    """B-6: the den whose corner zone is farthest from the Octopus."""
    zo = F.octopus_zone(w)
    b = board(w.board_side)

    def far(a: Action) -> float:
        return F.zone_dist(b.den_zone[int(a.args[0])], zo) + rng.random() * 1e-3

    return max(opts, key=far)
