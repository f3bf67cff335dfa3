"""The greedy Shark: one-turn heuristics over the Shark's own information.

The Shark's turn is a fixed sequence (kelp-spec.md §5), so its heuristic is a small
planner: it values every place it can swim to this turn by the best Search/Strike
assignment there, given its pool and its belief about where the Octopus is (its own
knowledge tracker, never the true blocks), then works back to the Current dice it places
and the rerolls it makes. Energy and purchases follow a hunger budget: every Strike and
every purchase costs a Hunger die, and the seventh loses.

`choose(w, rng)` expects `w` to be a world drawn from the Shark's information set
(`world.world`); it reads hidden zones only through `features.shark_belief`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from itertools import permutations
from math import comb
from typing import Any

from ..actions import Action
from ..data import ZONE_INDEX, ZONES, board, data
from ..engine import pending
from ..state import Game
from . import confront, memo, opponent
from . import features as F
from .deadline import check as check_time
from .world import options

# Values are in rough "chance of winning" units.
GROWTH = 0.06  # a die sent to Growth (Search dice, the first Current swum over)
INFO = 0.25  # per unit of Octopus odds in a searched zone: finding it is worth this much
SEARCH_BASE = 0.02
CARD_USE = 0.06  # spending a one-time card
THIN = 0.05  # a blue die on the board instead of in the bag or Energy
INNER_BLOCK = 0.02  # a die on a space bordering two zones blocks a striking spot
KEEP_PIP = 0.012  # a blue die kept for Energy, per pip
POSITION = 0.6  # next turn: the likeliest Octopus zone within reach
# What a bought card is worth beyond the die it brings (a red die is valued separately).
CARD_EFFECT = {
    "hostile": 0.35, "frenzy": 0.04, "ambush": 0.08, "relentless": 0.08, "riptide": 0.12,
    "sharp_eyes": 0.05, "sniff": 0.05, "keen_senses": 0.08, "second_wind": 0.0,
    "burst": 0.02, "lurk": 0.02, "patrol": 0.0,
}
RED_NEEDED = 0.3  # a Strike die while the Shark has fewer than it needs
# From this round a Shark whose Strike dice all sit in Energy buys to free them
# (`strikeless`): past the 12-25 rounds the issue asks games to last, and later than any
# game of the search Shark against the greedy Octopus has run (22 rounds at most over 120
# deals, session 18), so only a game where both sides wait meets it.
STALL_ROUND = 30
RED_SPARE = 0.08
BUY_MARGIN = 0.45
FORCED_BUY = 0.0  # a third stored die: the forced purchase's Hunger die, beyond its net value


# Losing outright costs what the Shark still hopes for at that point, not more: a Shark
# one die from losing should still take a fair Strike rather than wait to lose.
LOSS_SEVENTH = 0.35
LOSS_NO_STRIKE = 0.45
HUNGER_BASE = 0.25
HUNGER_SLOPE = 0.05
PROGRESS = 0.3  # a confrontation the Octopus escapes still trashes a pair


def hunger_cost(g: Game, extra: int = 0, reds_after: int | None = None) -> float:
    """What one more Hunger die costs: little early, everything when it loses the game —
    the seventh die (G-2), or the sixth with no Strike die left to use (G-4)."""
    loss = losing_die(g, extra, reds_after)
    if loss is not None:
        return loss
    return HUNGER_BASE + HUNGER_SLOPE * (len(g.hunger) + extra)


def losing_die(g: Game, extra: int = 0, reds_after: int | None = None) -> float | None:
    """What one more Hunger die costs if it loses the game at once (G-2's seventh, G-4's
    sixth with no Strike die left), else None."""
    h = len(g.hunger) + extra
    track = int(data().comp["shark"]["hunger_track"])
    if h + 1 >= track:
        return LOSS_SEVENTH
    if (h + 1 == track - 1 and reds_after is not None and reds_after <= 0
            and "unhunger" not in F.kept_effects(g)):
        return LOSS_NO_STRIKE
    return None


def win_chance(g: Game) -> float:
    """The chance a Strike on the Octopus wins the confrontation: both sides' colours
    follow `confront`'s equilibrium, after Hostile (when kept) has trashed the pair of the
    Octopus's best escape (`confront.hostile_pick`)."""
    left = sorted(g.conf["shark"])
    if len(left) > 1 and "trash_pair" in F.kept_effects(g):
        named = confront.hostile_pick(g)
        left = [c for c in left if c != named]
    return confront.match_chance(g, left)


Assigned = tuple[str, int, str | None]  # a die, the zone it goes on, the boost card used
# Zone → how much likelier a hiding Octopus makes it (`opponent.octopus_lean`), or None
# for the Shark's plain odds.
Lean = dict[int, float] | None


@dataclass
class Ctx:
    """What the Shark believes this decision, and the answers worked out from it.

    The belief is computed once per decision; the caches are shared (in a base game) with
    every earlier decision whose signature matches (`of`)."""

    g: Game
    q: list[float]
    trap_h: list[float]
    pwin: float
    strike_cost: float
    trap_cost: float
    search_cost: float
    values: tuple[int, ...]
    boosts: dict[str, list[tuple[str, int]]] = field(default_factory=dict)
    pos_cache: dict[tuple[int, int | None, tuple[tuple[int, str], ...]], float] = field(
        default_factory=dict)
    buy_cache: dict[int, float | None] = field(default_factory=dict)
    spot_cache: dict[tuple[str, tuple[str, ...]], dict[int, float]] = field(
        default_factory=dict)
    # A plan's value depends only on where it ends, how it faces, whether it grew, what its
    # cards cost and the pool (as a multiset): the swims a decision weighs share most of
    # these, so each is worked out once per decision.
    plan_cache: dict[tuple[int, int | None, bool, float, tuple[str, ...]], float] = field(
        default_factory=dict)
    # Keyed by the zones a swim's end borders, which many ends share.
    assign_cache: dict[tuple[tuple[int, ...], tuple[str, ...]],
                       tuple[float, tuple[Assigned, ...]]] = field(default_factory=dict)
    # `best_plan_value`'s distinct swims for each board of Current dice (None: as it is).
    ends_cache: dict[tuple[tuple[int, str], ...] | None, tuple[End, ...]] = field(
        default_factory=dict)
    energy_cache: dict[tuple[str, ...], float] = field(default_factory=dict)
    best_cache: dict[tuple[tuple[tuple[int, str], ...] | None, tuple[str, ...]], float] = field(
        default_factory=dict)

    @classmethod
    def of(cls, g: Game, lean: Lean = None) -> Ctx:
        """The context for a decision in `g`; with `lean` (the search's opponent model,
        `opponent.octopus_lean`) the Octopus's zone odds are weighed towards where a
        hiding Octopus would be."""
        bel = F.shark_belief(g)
        boosts: dict[str, list[tuple[str, int]]] = {"R": [], "Y": []}
        seen: set[str] = set()
        for c in g.kept:
            card = data().shark_cards[c]
            if card.effect == "boost" and card.base not in seen:
                seen.add(card.base)
                boosts[card.params["colour"]].append((c, int(card.params.get("amount", 0))))
        c = cls(
            g=g,
            q=opponent.leant(F.oct_odds(bel), lean),
            trap_h=F.armed_trap_odds(g, bel, F.hunger_traps()),
            pwin=win_chance(g),
            strike_cost=hunger_cost(g, 0, reds_in_play(g) - 1),
            trap_cost=hunger_cost(g, 1, reds_in_play(g) - 1),
            search_cost=hunger_cost(g, 0, reds_in_play(g)),
            values=board(g.board_side).values,
            boosts=boosts,
        )
        if not g.oo:
            # Share the caches with every earlier decision that believed the same and saw
            # the same board: in a search the Shark meets the same position in many worlds
            # (three decisions in four, measured), and everything cached is a function of
            # the signature and the cache's own key. The assignments read only the belief
            # part, which more positions share. `tests/rules/test_ai_memo.py` checks that
            # warm and empty caches choose alike.
            bkey = c.belief_signature()
            c.assign_cache = _ASSIGN.setdefault(bkey, c.assign_cache)
            shared = _SHARED.setdefault((bkey, c.board_signature()),
                                        {n: getattr(c, n) for n in BOARD_CACHES})
            for n, t in shared.items():
                setattr(c, n, t)
            if len(_SHARED) > SHARED_MAX or len(_ASSIGN) > SHARED_MAX:
                memo.afresh(_SHARED, _ASSIGN)
        return c

    def belief_signature(self) -> tuple[object, ...]:
        """What `best_assignment` reads (base games only): the belief and costs worked out
        above, the board's values, the boost cards, and the zones dice may go on."""
        g = self.g
        return (tuple(self.q), tuple(self.trap_h), self.pwin, self.strike_cost,
                self.trap_cost, self.search_cost, g.board_side, tuple(g.kept),
                tuple(g.protected), tuple(g.hidden))

    def board_signature(self) -> tuple[object, ...]:
        """What the other cached values read besides the belief: where the Shark and the
        Current dice are, and what Energy, the display and the supply make of a purchase."""
        g = self.g
        return (tuple(sorted(g.dice_on.items())), g.shark_at, g.facing,
                bool(g.tf.get("moving")), tuple(g.energy), tuple(g.display),
                tuple(sorted(g.supply_dice.items())), len(g.hunger), g.bag["R"],
                sum(1 for d in g.pool if d[1] == "R"), len(g.conf["shark"]),
                tuple(g.flipped), g.round >= STALL_ROUND)


SHARED_MAX = 4000  # signatures remembered before the shared caches start afresh
# The caches shared by belief and board signature (`assign_cache` by the belief alone).
BOARD_CACHES = ("pos_cache", "buy_cache", "spot_cache", "plan_cache", "ends_cache",
                "energy_cache", "best_cache")
_SHARED: dict[tuple[object, ...], dict[str, dict[Any, Any]]] = memo.table()
_ASSIGN: dict[tuple[object, ...], dict[Any, Any]] = memo.table()


# -- Search / Strike values ----------
def die_value(c: Ctx, d: str, z: int, bonus: int) -> float | None:
    """Value of die `d` on zone `z` (None if it can't go there)."""
    g = c.g
    if z in g.protected:
        return None
    if F.dval(d) + bonus < c.values[z]:
        return None
    if F.dcol(d) == "Y":
        if not g.hidden[z]:
            return None
        return GROWTH + SEARCH_BASE + INFO * c.q[z] - c.trap_h[z] * c.search_cost
    q = c.q[z]
    win = q * c.pwin
    return (win + (q - win) * PROGRESS - (1.0 - win) * c.strike_cost
            - c.trap_h[z] * c.trap_cost)


def best_assignment(c: Ctx, zones: tuple[int, ...], pool: list[str],
                    fixed_zones: frozenset[int] = frozenset(),
                    used_cards: frozenset[str] = frozenset()
                    ) -> tuple[float, tuple[Assigned, ...]]:
    """The best set of (die, zone, boost card) for the dice in `pool` on `zones` (tuples,
    because the answers are remembered: see `Ctx.of`)."""
    dice = sorted((d for d in pool if F.dcol(d) in "YR"), key=lambda d: (d[1], -F.dval(d)))
    free = [z for z in zones if z not in fixed_zones]
    best: tuple[float, tuple[Assigned, ...]] = (0.0, ())
    if not dice or not free:
        return best
    # Try every injective map of some dice to the free zones (at most 2 zones).
    choices: list[list[tuple[str, int, str | None, float]]] = []
    for z in free:
        opts: list[tuple[str, int, str | None, float]] = []
        for d in dict.fromkeys(dice):
            v = die_value(c, d, z, 0)
            if v is not None:
                opts.append((d, z, None, v))
            for card, amount in c.boosts.get(F.dcol(d), []):
                if card in used_cards:
                    continue
                vb = die_value(c, d, z, amount)
                if vb is not None and v is None:
                    opts.append((d, z, card, vb - CARD_USE))
        choices.append(opts)
    ref = [best]
    for n in range(1, len(free) + 1):
        for zs in permutations(range(len(free)), n):
            _combine(choices, list(zs), 0, [], list(dice), set(), 0.0, ref)
    return ref[0]


def _combine(choices: list[list[tuple[str, int, str | None, float]]], order: list[int], i: int,
             acc: list[Assigned], dice: list[str], cards: set[str],
             val: float, best: list[tuple[float, tuple[Assigned, ...]]]) -> None:
    if i == len(order):
        if val > best[0][0] + 1e-12:
            best[0] = (val, tuple(acc))
        return
    for d, z, card, v in choices[order[i]]:
        if d not in dice or (card is not None and card in cards) or v <= 0:
            continue
        dice.remove(d)
        if card:
            cards.add(card)
        acc.append((d, z, card))
        _combine(choices, order, i + 1, acc, dice, cards, val + v, best)
        acc.pop()
        if card:
            cards.discard(card)
        dice.append(d)


def position_value(c: Ctx, s: int, far: int | None, dice_on: dict[int, str]) -> float:
    """Next turn's prospects from space `s`: the likeliest Octopus zone it could reach."""
    key = (s, far, tuple(sorted(dice_on.items())))
    hit = c.pos_cache.get(key)
    if hit is not None:
        return hit
    b = board(c.g.board_side)
    zr = [0.0] * 9
    ends = F.paths(c.g, dice_on, start=s, facing=far)
    for _, t, _ in ends:
        for z in b.borders[t]:
            zr[z] = 1.0
    for _, t, _ in ends:
        for u in b.next_to[t]:
            if u not in dice_on and u != s:
                for z in b.borders[u]:
                    zr[z] = max(zr[z], 0.4)
    if not ends:
        for z in b.borders[s]:
            zr[z] = max(zr[z], 0.6)
    top = max(r * q for r, q in zip(zr, c.q, strict=True))
    spread = sum(r * q for r, q in zip(zr, c.q, strict=True))
    v = POSITION * (top + 0.3 * spread)
    c.pos_cache[key] = v
    return v


def energy_penalty(c: Ctx, leftover: list[str]) -> float:
    """Dice left in the pool go to Energy; a third stored die forces a purchase (S-7),
    which costs a Hunger die whatever it buys."""
    key = tuple(sorted(leftover))
    hit = c.energy_cache.get(key)
    if hit is None:
        hit = c.energy_cache[key] = _energy_penalty(c, leftover)
    return hit


def _energy_penalty(c: Ctx, leftover: list[str]) -> float:
    g = c.g
    slots = int(data().comp["shark"]["energy_slots"])
    stored = list(g.energy)
    rest = sorted(leftover, key=lambda d: (F.dcol(d) == "R", -F.dval(d)))
    stored += rest[: max(0, slots - len(stored))]
    if len(stored) < slots:
        return 0.0
    # Full Energy ends a stall (`stored_reds_stuck`): bought or not, the stored Strike
    # dice leave Energy for the bag (S-7).
    freed = RED_NEEDED if stored_reds_stuck(g) else 0.0
    pips = sum(F.dval(d) for d in stored)
    best = c.buy_cache.get(pips)
    if best is None:
        best = best_buy_value(g, pips)
        c.buy_cache[pips] = best
    if best is None:
        return -freed
    return max(0.0, -best) + FORCED_BUY - freed


# -- the move ----------
@dataclass
class Plan:
    acts: list[str]
    end: int
    far: int | None
    grew: bool
    cost: float = 0.0


def move_plans(g: Game, dice_on: dict[int, str] | None = None) -> list[Plan]:
    """Every way to finish the Move this turn, as the steps the engine will ask for."""
    s0 = g.shark_at
    assert s0 is not None
    dice = g.dice_on if dice_on is None else dice_on
    eff = F.kept_effects(g)
    out: list[Plan] = []

    def add(prefix: list[str], ps: list[tuple[list[int], int, int]], cost: float) -> None:
        for path, end, far in ps:
            acts = [*prefix, *(f"step {t}" for t in path[1:])]
            grew = len(path) > 2
            if "extra_step" in eff:
                bursts = F.paths(g, dice, start=end, facing=far)
                ones = [p for p in bursts if len(p[0]) == 2]
                if ones:
                    out.append(Plan([*acts, "stop"], end, far, grew, cost))
                    for p, u, f in ones:
                        out.append(Plan([*acts, f"burst {p[-1]}"], u, f, grew, cost + CARD_USE))
                    continue
            out.append(Plan(acts, end, far, grew, cost))

    base = F.paths(g, dice)
    add([], base, 0.0)
    if "lurk" in eff:
        out.append(Plan(["lurk stay"], s0, g.facing, False, CARD_USE))
        if g.facing is not None:
            add(["lurk flip"], F.paths(g, dice, facing=1 - g.facing), CARD_USE)
    if not base:
        out.append(Plan(["flip"], s0, None if g.facing is None else 1 - g.facing, False, 0.0))
    return out


# What a swim's value depends on: where it ends, how it faces, whether it grew, and what
# its cards cost.
End = tuple[int, int | None, bool, float]


def plan_value(c: Ctx, p: Plan, pool: list[str]) -> float:
    """This turn's Search/Strike at the end of the swim, next turn's prospects from there,
    Growth, and what the dice left over will cost in Energy."""
    return end_value(c, (p.end, p.far, p.grew, p.cost), pool)


def end_value(c: Ctx, e: End, pool: list[str]) -> float:
    """`plan_value` of any swim that ends as `e` says. Working one out is the unit of the
    Shark's planning, so a timed search's limit is checked here (`deadline`)."""
    key = (*e, tuple(sorted(pool)))
    hit = c.plan_cache.get(key)
    if hit is not None:
        return hit
    check_time()
    end, far, grew, cost = e
    zones = board(c.g.board_side).borders[end]
    # Only Search and Strike dice can be assigned: a reroll of a blue die shares the answer.
    akey = (zones, tuple(d for d in key[-1] if d[1] != "B"))
    found = c.assign_cache.get(akey)
    if found is None:
        found = best_assignment(c, zones, pool)
        c.assign_cache[akey] = found
    v, plan = found
    left = list(pool)
    for d, _, _ in plan:
        left.remove(d)
    # Next turn's reach is judged on the Current dice as they are now: close enough, and
    # it lets every candidate placement share one cached answer.
    out = (v + position_value(c, end, far, c.g.dice_on) + (GROWTH if grew else 0.0)
           - cost - energy_penalty(c, left))
    c.plan_cache[key] = out
    return out


def best_plan_value(c: Ctx, pool: list[str], dice_on: dict[int, str] | None = None) -> float:
    """The best swim's `plan_value`. Only where a swim ends, how it faces, whether it grew
    and what its cards cost matter to the value, so the swims are reduced to those once
    per board of Current dice (a reroll's six faces and every candidate placement ask
    again with another pool)."""
    dkey = None if dice_on is None else tuple(sorted(dice_on.items()))
    bkey = (dkey, tuple(sorted(pool)))
    hit = c.best_cache.get(bkey)
    if hit is not None:
        return hit
    ends = c.ends_cache.get(dkey)
    if ends is None:
        ends = c.ends_cache[dkey] = tuple(dict.fromkeys(
            (p.end, p.far, p.grew, p.cost) for p in move_plans(c.g, dice_on)))
    v = c.best_cache[bkey] = max((end_value(c, e, pool) for e in ends), default=0.0)
    return v


def keep_value(d: str) -> float:
    return KEEP_PIP * F.dval(d)


def best_buy_value(g: Game, pips: int) -> float | None:
    """The best purchase `pips` of Energy allow, or None if nothing is affordable."""
    from itertools import combinations

    shown = [c for c in g.display if c is not None]
    reds = reds_in_play(g)
    best: float | None = None
    for n in range(1, len(shown) + 1):
        for combo in combinations(shown, n):
            if sum(data().shark_cards[c].cost for c in combo) > pips:
                continue
            v = set_value(g, combo, reds)
            if best is None or v > best:
                best = v
    return best


def set_value(g: Game, cards: tuple[str, ...] | list[str], reds: int) -> float:
    """A purchase's worth net of the Hunger die it costs; the die fed to Hunger is a
    Strike die only if Energy holds nothing else, and then the Shark loses that die."""
    total, r = 0.0, reds
    if g.energy and all(F.dcol(d) == "R" for d in g.energy):
        r -= 1
        total -= red_value(g, r)
    for c in sorted(cards, key=lambda c: data().shark_cards[c].die != "R"):
        total += card_value(g, c, r)
        r += data().shark_cards[c].die == "R" and g.supply_dice["R"] > 0
    return total - hunger_cost(g, 0, r)


def place_value(c: Ctx, s: int) -> float:
    return THIN - (INNER_BLOCK if len(board(c.g.board_side).borders[s]) > 1 else 0.0)


# -- the policy ----------
def choose(w: Game, rng: random.Random, lean: Lean = None) -> Action:
    """One step for the Shark in world `w` (the Shark's information set).

    The greedy level plays with the Shark's plain odds on the Octopus's zone. The search
    passes `lean`, its opponent model, so that the tree's first step and its play-outs
    look where a hiding Octopus would be (docs/balance.md, session 30)."""
    opts = options(w, "shark")
    if len(opts) == 1:
        return opts[0]
    by_text = {a.text: a for a in opts}
    kind = pending(w)["kind"]
    if kind == "confront":
        return confront.choose(w, "shark", opts, rng)
    if kind == "hostile":
        return by_text.get(f"hostile {confront.hostile_pick(w)}") or next(
            (a for a in opts if a.verb == "hostile"), opts[0])
    if kind == "hunger_choice" or all(a.verb == "feed" for a in opts):
        return _feed(opts)
    if "second_wind" in by_text and len(w.hunger) >= 3:
        return by_text["second_wind"]
    opts = [a for a in opts if a.verb != "second_wind"] or opts
    step = w.step
    handler = STEP_HANDLERS.get(step)
    if handler is None:
        return rng.choice(opts)
    return handler(w, opts, rng, lean)


def _feed(opts: list[Action]) -> Action:
    """The die that goes to Hunger: blue before yellow before red, low before high."""
    rank = {"B": 0, "Y": 1, "R": 2}
    return min(opts, key=lambda a: (rank[a.args[0][1]], int(a.args[0][0])))


def _jitter(rng: random.Random) -> float:
    return rng.random() * 1e-7


def _return(w: Game, opts: list[Action], rng: random.Random,
            lean: Lean = None) -> Action:
    """S-1: give back the Current die farthest from the Shark (least useful to swim over)."""
    assert w.shark_at is not None
    sx, sy = F.space_mid(w.board_side, w.shark_at)

    def far(a: Action) -> float:
        if a.verb != "return":
            return -1.0
        x, y = F.space_mid(w.board_side, int(a.args[0]))
        return abs(x - sx) + abs(y - sy) + _jitter(rng)

    return max(opts, key=far)


def _roll_place_move(w: Game, opts: list[Action], rng: random.Random,
                     lean: Lean = None) -> Action:
    c = Ctx.of(w, lean)
    partial = w.partial["shark"]
    by_text = {a.text: a for a in opts}
    if partial:
        head = partial[0].split()[0]
        if head == "place":
            return _place_at(c, partial[0].split()[1], opts, rng)
        if head == "patrol":
            return _best(opts, lambda a: place_value(c, int(a.args[0])), rng)
        return _continue_move(c, partial, opts, rng)
    pool = list(w.pool)
    # Riptide: one more die now, when the roll brought no Strike die.
    if "riptide" in by_text and not any(F.dcol(d) == "R" for d in pool) and w.bag["R"] > 0:
        return by_text["riptide"]
    mods = [a for a in opts if a.verb in ("reroll", "bump", "frenzy", "sharp_eyes")]
    if mods:
        base = best_plan_value(c, pool)
        best_gain, best_act = 0.0, None
        for a in mods:
            gain = _mod_value(c, a, pool) - base
            if gain > best_gain + 1e-9:
                best_gain, best_act = gain, a
        if best_act is not None:
            return best_act
    places = [a for a in opts if a.verb == "place"]
    if places:
        keep_best = best_plan_value(c, pool)
        best_v, best_a = None, None
        for a in places:
            d = a.args[0]
            rest = list(pool)
            rest.remove(d)
            v = _best_spot(c, d, rest)[0] - keep_value(d)
            if best_v is None or v > best_v:
                best_v, best_a = v, a
        if best_a is not None and best_v is not None and best_v >= keep_best - 1e-9:
            return best_a
    return _first_move(c, pool, opts, rng)


def _mod_value(c: Ctx, a: Action, pool: list[str]) -> float:
    """Expected plan value after a reroll or +1 (one-time cards pay for their use)."""
    if a.verb in ("bump", "frenzy"):
        d = a.args[0]
        new = f"{F.dval(d) + 1}{F.dcol(d)}"
        rest = list(pool)
        rest.remove(d)
        return best_plan_value(c, [*rest, new]) - (CARD_USE if a.verb == "frenzy" else 0.0)
    dice = list(a.args)
    if a.verb == "sharp_eyes" and len(dice) > 1:
        return -1.0  # keep it simple: one die at a time is enough to judge
    d = dice[0]
    rest = list(pool)
    rest.remove(d)
    total = sum(best_plan_value(c, [*rest, f"{v}{F.dcol(d)}"]) for v in range(1, 7)) / 6
    return total - (CARD_USE if a.verb == "sharp_eyes" else 0.0)


def spot_values(c: Ctx, d: str, rest: list[str]) -> dict[int, float]:
    """Plan value with die `d` placed on each empty space.

    A die changes this turn's swim only where the swim could go: next to the Shark,
    on a space a swim could end on, or next to another Current die. Everywhere else it
    only thins the bag, so those spaces share one computed value."""
    g = c.g
    key = (d, tuple(sorted(rest)))
    hit = c.spot_cache.get(key)
    if hit is not None:
        return hit
    b = board(g.board_side)
    assert g.shark_at is not None
    base = best_plan_value(c, rest)
    relevant = set(b.next_to[g.shark_at])
    for p in move_plans(g):
        relevant.add(p.end)
    for s in g.dice_on:
        relevant |= b.next_to[s]
    out: dict[int, float] = {}
    for s in b.space_ids:
        if s in g.dice_on or s == g.shark_at:
            continue
        v = best_plan_value(c, rest, {**g.dice_on, s: d}) if s in relevant else base
        out[s] = v + place_value(c, s)
    c.spot_cache[key] = out
    return out


def _best_spot(c: Ctx, d: str, rest: list[str]) -> tuple[float, int | None]:
    vals = spot_values(c, d, rest)
    if not vals:
        return -1e9, None
    s = max(vals, key=lambda x: (vals[x], -x))
    return vals[s], s


def _place_at(c: Ctx, d: str, opts: list[Action], rng: random.Random) -> Action:
    rest = list(c.g.pool)
    if d in rest:
        rest.remove(d)
    vals = spot_values(c, d, rest)
    return _best(opts, lambda a: vals.get(int(a.args[0]), -1e9), rng)


def _first_move(c: Ctx, pool: list[str], opts: list[Action], rng: random.Random) -> Action:
    plans = move_plans(c.g)
    by_text = {a.text: a for a in opts}
    scored = [(plan_value(c, p, pool) + _jitter(rng), p) for p in plans
              if p.acts and p.acts[0] in by_text]
    if scored:
        return by_text[max(scored, key=lambda x: x[0])[1].acts[0]]
    moves = [a for a in opts if a.verb in ("step", "flip", "lurk", "clear")]
    return rng.choice(moves or opts)


def _continue_move(c: Ctx, partial: list[str], opts: list[Action],
                   rng: random.Random) -> Action:
    plans = move_plans(c.g)
    by_text = {a.text: a for a in opts}
    n = len(partial)
    scored = [(plan_value(c, p, list(c.g.pool)) + _jitter(rng), p) for p in plans
              if p.acts[:n] == partial and len(p.acts) > n and p.acts[n] in by_text]
    if scored:
        return by_text[max(scored, key=lambda x: x[0])[1].acts[n]]
    return rng.choice(opts)


def _best(opts: list[Action], val: Callable[[Action], float], rng: random.Random) -> Action:
    return max(opts, key=lambda a: val(a) + _jitter(rng))


def _assign(w: Game, opts: list[Action], rng: random.Random,
            lean: Lean = None) -> Action:
    c = Ctx.of(w, lean)
    chosen = [Action(t.split()[0], tuple(t.split()[1:])) for t in w.partial["shark"]]
    pool = list(w.pool)
    fixed: set[int] = set()
    cards: set[str] = set()
    for a in chosen:
        pool.remove(a.args[0])
        fixed.add(ZONE_INDEX[a.args[1]])
        if len(a.args) > 2:
            cards.add(a.args[2])
    assert w.shark_at is not None
    zones = board(w.board_side).borders[w.shark_at]
    _, plan = best_assignment(c, zones, pool, frozenset(fixed), frozenset(cards))
    by_text = {a.text: a for a in opts}
    for d, z, card in plan:
        text = f"assign {d} {ZONES[z]}" + (f" {card}" if card else "")
        if text in by_text:
            return by_text[text]
    gos = [a for a in opts if a.verb == "go"]
    peeks = [a for a in gos if a.args]
    if peeks:
        busy = fixed | {z for _, z, _ in plan}
        if any(w.hidden[z] and z not in busy and c.q[z] > 0 for z in zones):
            return peeks[0]
    return by_text.get("go") or rng.choice(opts)


def _resolve(w: Game, opts: list[Action], rng: random.Random,
             lean: Lean = None) -> Action:
    for a in opts:
        if a.verb == "relentless":
            z = ZONE_INDEX[a.args[1]]
            if F.dcol(a.args[0]) == "R" and not w.hidden[z] and w.zones[z] == "octopus":
                return a
    colour = {ZONES[z]: F.dcol(d) for z, d, _ in w.assigned}
    resolves = [a for a in opts if a.verb == "resolve"]
    if resolves:
        return min(resolves, key=lambda a: (colour.get(a.args[0], "R") != "Y", a.args[0]))
    done = [a for a in opts if a.verb == "done"]
    return done[0] if done else rng.choice(opts)


def _store(w: Game, opts: list[Action], rng: random.Random,
           lean: Lean = None) -> Action:
    """Keep the most pips of Current and Search dice; Strike dice go back to the bag."""
    def val(a: Action) -> float:
        return sum(F.dval(d) for d in a.args if F.dcol(d) != "R") - 0.1 * sum(
            1 for d in a.args if F.dcol(d) == "R")

    return _best(opts, val, rng)


def reds_in_play(g: Game) -> int:
    return g.bag["R"] + sum(1 for d in [*g.pool, *g.energy] if F.dcol(d) == "R")


def card_value(g: Game, cid: str, reds: int) -> float:
    """A card's worth: its effect, plus its die when it is a Strike die the Shark needs.

    Current and Search dice a card brings are not charged for making Strike dice rarer:
    a purchase costs one Hunger die however many cards it buys, and charging them made
    the Shark buy one card at a time (85 % against a random Octopus instead of ~90 %)."""
    card = data().shark_cards[cid]
    v = CARD_EFFECT.get(card.base, 0.02)
    if card.base == "second_wind" and len(g.hunger) >= 2:
        v += 0.08 * len(g.hunger)
    if g.supply_dice[card.die] <= 0:
        return v
    if card.die == "R":
        v += red_value(g, reds)
    return v


def red_value(g: Game, reds: int) -> float:
    """One more Strike die in play: a lot while the Shark has fewer than it will need."""
    pairs = len(g.conf["shark"]) - (1 if "trash_pair" in F.kept_effects(g) else 0)
    return RED_NEEDED if reds < pairs + 1 else RED_SPARE


def strikeless_purchase(g: Game) -> bool:
    """Is this the Shark's purchase with no Strike die, the step `buy_strikeless` plays?"""
    return g.step == "buy" and strikeless(g)


def strikeless(g: Game) -> bool:
    """Has the Shark no Strike die it can draw or use? It can't win (G-3) until a
    purchase brings one, or a refill shows one it can buy later.

    Red dice stored in Energy count until round `STALL_ROUND`, and not after: with one or
    two stored dice and nothing bought they stay stored (S-7), so only a purchase sends
    them back to the bag. In the search-against-search day game `--seed 4003` of session
    18 the Shark, at round 40, kept both its red dice in Energy and passed every purchase;
    the game ran to round 497. Not counting them from the first round cost the search
    Shark 5 of 24 deals against the greedy Octopus (13 wins instead of 18): stored red
    dice are common, and most such purchases only feed Hunger."""
    usable = [*g.pool, *(d for _, d, *_ in [*g.assigned, *g.limbo])]
    if g.round < STALL_ROUND:
        usable += g.energy
    return g.bag["R"] == 0 and not any(F.dcol(d) == "R" for d in usable)


def stored_reds_stuck(g: Game) -> bool:
    """Are the Shark's only Strike dice stored in Energy, from `STALL_ROUND` on? With one
    or two stored dice and nothing bought they stay there (S-7), and when no purchase is
    worth its Hunger die nothing is bought; a third stored die ends that: the purchase it
    forces, or with nothing affordable the free return, sends them back to the bag. So
    `energy_penalty` counts a full Energy as freeing a Strike die. Without it, night deal
    20293 of session 43 (the search Shark's first child with `INFO` at 0.4) reached round
    61 with 1R 1Y stored, every blue die placed on the board turn after turn, against a
    greedy Octopus that never ate; the greedy Shark shares the rule (its games rarely reach
    `STALL_ROUND`)."""
    return (g.round >= STALL_ROUND and strikeless(g)
            and any(F.dcol(d) == "R" for d in g.energy))


def reds_freed(g: Game) -> int:
    """The stored Strike dice a purchase sends back to the bag: all of them but the one
    that goes to Hunger when every stored die is red (`_feed` feeds a red die last)."""
    stored = [d for d in g.energy if F.dcol(d) == "R"]
    return len(stored) - (1 if stored and len(stored) == len(g.energy) else 0)


def refill_red_chance(g: Game, n: int) -> float:
    """The chance that refilling `n` display slots shows at least one Strike-die card,
    from the deck's contents (every card not displayed, kept or trashed: public)."""
    seen = {*(c for c in g.display if c is not None), *g.kept, *g.s_trash}
    deck = [c for c in data().shark_cards if c not in seen]
    red = sum(1 for c in deck if data().shark_cards[c].die == "R")
    n = min(n, len(deck))
    if n <= 0:
        return 0.0
    return 1.0 - comb(len(deck) - red, n) / comb(len(deck), n)


def _buy(w: Game, opts: list[Action], rng: random.Random,
         lean: Lean = None) -> Action:
    if w.partial["shark"]:
        feeds = [a for a in opts if a.verb == "feed"]
        return _feed(feeds) if feeds else rng.choice(opts)
    buys = [a for a in opts if a.verb == "buy"]
    if not buys:
        return rng.choice(opts)
    reds = reds_in_play(w)
    scored = [(set_value(w, a.args, reds) + _jitter(rng), a) for a in buys]
    v, best = max(scored, key=lambda x: x[0])
    passes = [a for a in opts if a.verb == "pass"]
    if passes and v < BUY_MARGIN:
        return passes[0]
    return best


def buy_strikeless(w: Game, opts: list[Action], rng: random.Random,
                   lean: Lean = None) -> Action:
    """The search Shark's purchase with no Strike die: it buys towards one, whatever the
    Hunger die costs, unless that die loses the game (G-2, G-4).

    Passing keeps its Hunger low, but between two players who each wait for the other
    (search against search, night seeds 4227 and 4238 of session 16) the game never ended.
    Buying a Strike-die card is best; a purchase that doesn't bring one still refills the
    display, which may show one, and its die comes back to the bag. The greedy Shark's own
    `_buy` doesn't do this: made its rule in session 17, it cost the greedy Shark against a
    random Octopus (88.0 % night, 90.2 % day, from 90.6 % and 91.6 %) and 8 of 1,600 greedy
    games, and greedy games end anyway because the greedy Octopus eats."""
    buys = [a for a in opts if a.verb == "buy"]
    if w.partial["shark"] or not buys:
        return choose(w, rng, lean)
    freed = reds_freed(w)

    def gains(a: Action) -> bool:
        return freed > 0 or (w.supply_dice["R"] > 0 and any(
            data().shark_cards[c].die == "R" for c in a.args))

    def loses(a: Action) -> bool:
        return losing_die(w, 0, int(gains(a))) is not None

    def val(a: Action) -> float:
        chance = 1.0 if gains(a) else refill_red_chance(w, len(a.args))
        return chance * RED_NEEDED + set_value(w, a.args, 0) + _jitter(rng)

    safe = [a for a in buys if not loses(a)]
    passes = [a for a in opts if a.verb == "pass"]
    if passes and not safe:
        return passes[0]
    return max(safe or buys, key=val)


# Every handler takes the search's lean (`choose`); the ones that weigh the Octopus's zone
# (the swim and placing, Search and Strike) read it.
STEP_HANDLERS: dict[str, Callable[[Game, list[Action], random.Random, Lean], Action]] = {
    "return": _return,
    "roll": _roll_place_move,
    "place": _roll_place_move,
    "assign": _assign,
    "resolve": _resolve,
    "store": _store,
    "buy": _buy,
}
