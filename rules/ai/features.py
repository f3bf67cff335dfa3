"""What both policies measure on a world: beliefs about hidden blocks, the Shark's reach,
dice odds and the danger the Octopus is in.

Every function here reads a world from `world.world` (a seat's information set, drawn
afresh), and the Shark-side measures read only what the Shark may know: revealed blocks,
its own knowledge tracker (`know_shark`, which includes its peeks) and public state. The
Octopus-side measures may also read where the Octopus really is, because the Octopus knows.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from math import comb

from ..core import no_strike_left
from ..data import ORTH_NEIGHBOURS, board, data
from ..knowledge import zone_marginals
from ..shark import steps_from
from ..state import Game
from . import memo

HAND_TARGET = 3


# -- dice ----------
def dval(d: str) -> int:
    return int(d[0])


def dcol(d: str) -> str:
    return d[1]


def shark_beaten(g: Game) -> bool:
    """Can the Shark never strike again? It has no Strike die and nothing kept that could
    help (what G-4 asks), one die short of the Hunger space where G-4 ends the game, and no
    card with a Strike die on display: every purchase it could make puts a die on Hunger
    and loses (S-7, G-4), so it passes for ever, and only the Octopus eating ends the game.
    Night game 11021 of session 30 and day game 4029 of session 31 ran hundreds of rounds
    from here, the Octopus waiting on a revealing Eat that carried no risk."""
    if g.oo or not no_strike_left(g):
        return False
    if len(g.hunger) != int(data().comp["shark"]["hunger_track"]) - 2:
        return False
    return not any(c is not None and data().shark_cards[c].die == "R" for c in g.display)


@cache
def traps() -> frozenset[str]:
    return frozenset(data().traps)


@cache
def hunger_traps() -> frozenset[str]:
    """Traps whose effect puts a die on the Hunger Track (they cost the Shark most)."""
    return frozenset(t for t, spec in data().traps.items()
                     if any(e["op"] == "hunger" for e in spec["effects"]))


def kept_effects(g: Game) -> set[str]:
    return {data().shark_cards[c].effect for c in g.kept}


# -- beliefs ----------
def belief(g: Game, tracker: list[tuple[str, ...]]) -> list[dict[str, float]]:
    """For each zone, the probability of each identity under a knowledge tracker.

    Revealed zones are certain. Hidden zones get the share of consistent placements
    (the same counting the views use), so this is exactly what the tracker's owner knows.
    """
    out: list[dict[str, float]] = [{g.zones[z]: 1.0} if not g.hidden[z] else {}
                                   for z in range(9)]
    for z, m in zone_marginals(g, tracker).items():
        out[z] = dict(m)
    return out


def shark_belief(g: Game) -> list[dict[str, float]]:
    """The Shark's belief: public knowledge plus its own peeks."""
    return belief(g, g.know_shark)


def oct_odds(bel: list[dict[str, float]]) -> list[float]:
    return [b.get("octopus", 0.0) for b in bel]


def armed_trap_odds(g: Game, bel: list[dict[str, float]], kinds: frozenset[str]) -> list[float]:
    """Chance that a zone holds a hidden trap of `kinds` (a revealed trap can't trigger)."""
    return [sum(p for k, p in bel[z].items() if k in kinds) if g.hidden[z] else 0.0
            for z in range(9)]


# -- geometry ----------
@cache
def space_mid(side: str, s: int) -> tuple[float, float]:
    a, b = board(side).ends[s]
    return (a[0] + b[0]) / 2, (a[1] + b[1]) / 2


@cache
def space_zone_dist(side: str, s: int, z: int) -> float:
    """How far a Shark on space `s` is from being adjacent to zone `z` (0 when adjacent)."""
    if z in board(side).borders[s]:
        return 0.0
    x, y = space_mid(side, s)
    cx, cy = z % 3 + 0.5, z // 3 + 0.5
    return max(0.0, abs(x - cx) + abs(y - cy) - 0.5)


def zone_dist(a: int, b: int) -> int:
    return abs(a % 3 - b % 3) + abs(a // 3 - b // 3)


def orth(z: int) -> tuple[int, ...]:
    return ORTH_NEIGHBOURS[z]


Swim = tuple[tuple[int, ...], int, int]  # the spaces swum, the end space, the end facing


def paths(g: Game, dice_on: dict[int, str] | None = None, *, start: int | None = None,
          facing: int | str | None = "same") -> tuple[Swim, ...]:
    """Every legal swim (S-3) as (path, end space, end facing), optionally on a board with
    different Current dice or from another start/facing. Uses the engine's own step rule.

    Remembered for base games, as tuples: shared between callers, and invisible to the
    garbage collector, whose full passes would otherwise grow with the memo and overrun a
    search's time budget."""
    s0 = g.shark_at if start is None else start
    if s0 is None:
        return ()
    fac = g.facing if facing == "same" else facing
    dice = g.dice_on if dice_on is None else dice_on
    key = None
    if not g.oo:
        # In a base game a swim depends on nothing else (one Shark, no Escape Route), and
        # both policies ask for the same few swims again in every play-out of a search.
        key = (g.board_side, s0, fac, tuple(sorted(dice.items())), bool(g.tf.get("moving")))
        hit = _PATHS.get(key)
        if hit is not None:
            return hit
    out = _paths(g, dice_on, s0, fac)
    if key is not None:
        if len(_PATHS) > PATHS_MAX:
            memo.afresh(_PATHS)
        _PATHS[key] = out
    return out


_PATHS: dict[tuple[object, ...], tuple[Swim, ...]] = memo.table()
PATHS_MAX = 100_000  # swims remembered before the table starts afresh (`memo.afresh`)


def _paths(g: Game, dice_on: dict[int, str] | None, s0: int, fac: int | None
           ) -> tuple[Swim, ...]:
    saved_dice, saved_at = g.dice_on, g.shark_at
    if dice_on is not None:
        g.dice_on = dice_on
    g.shark_at = s0
    out: list[Swim] = []

    def rec(pos: int, f: int | None, prev: int, path: list[int]) -> None:
        for t, far, end in steps_from(g, pos, f, prev, frozenset(path), s0):
            if end:
                out.append(((*path, t), t, far))
            else:
                rec(t, far, dval(g.dice_on[t]), [*path, t])

    try:
        rec(s0, fac, 7, [s0])  # type: ignore[arg-type]
    finally:
        g.dice_on, g.shark_at = saved_dice, saved_at
    return tuple(out)


_REACH: dict[tuple[object, ...], dict[int, float]] = memo.table()
REACH_MAX = 50_000  # reaches remembered before the table starts afresh


def reach(g: Game) -> dict[int, float]:
    """`_reach`, remembered: the Octopus asks it for every option it weighs, and the
    Shark's position and Current dice don't change during the Octopus's turn."""
    key = (g.board_side, g.shark_at, g.facing, tuple(sorted(g.dice_on.items())),
           tuple(sorted(kept_effects(g) & {"extra_step", "lurk"})))
    hit = _REACH.get(key)
    if hit is None:
        if len(_REACH) > REACH_MAX:
            memo.afresh(_REACH)
        hit = _REACH[key] = _reach(g)
    return hit


def _reach(g: Game) -> dict[int, float]:
    """Spaces the Shark can end its next move on, with a rough chance of getting there.

    Paths over the Current dice now on the board are certain; one step further is
    possible when the Shark places a blue die to swim over (or owns Burst), so it counts
    for less. Staying put counts when the Shark has no path or owns Lurk.
    """
    out: dict[int, float] = {}
    if g.shark_at is None:
        return out
    direct = paths(g)
    for _, t, _ in direct:
        out[t] = 1.0
    b = board(g.board_side)
    extra = 0.45 if "extra_step" in kept_effects(g) else 0.3
    for _, t, _ in direct:
        for u in b.next_to[t]:
            if u not in g.dice_on and u != g.shark_at:
                out[u] = max(out.get(u, 0.0), extra)
    if not direct or "lurk" in kept_effects(g):
        out[g.shark_at] = max(out.get(g.shark_at, 0.0), 1.0 if not direct else 0.6)
    return out


def zone_reach(g: Game, spaces: dict[int, float] | None = None) -> list[float]:
    """For each zone, the best chance that the Shark ends its next move next to it."""
    sp = reach(g) if spaces is None else spaces
    b = board(g.board_side)
    out = [0.0] * 9
    for s, p in sp.items():
        for z in b.borders[s]:
            out[z] = max(out[z], p)
    return out


# -- the Shark's dice ----------
def draws_per_turn(g: Game) -> int:
    n = 2
    for i, t in enumerate(data().growth):
        if g.flipped[i] and t["effect"] == "draw":
            n = max(n, int(t["n"]))
    if "extra_die" in kept_effects(g):
        n += 1
    return n


def next_bag(g: Game) -> dict[str, int]:
    """The bag the Shark's next Draw & Roll draws from. Right after the roll (which the
    engine makes as the Octopus's turn ends) the pool is put back, so every line the
    Octopus compares is judged against the same odds rather than one sampled roll."""
    bag = dict(g.bag)
    if g.phase == "shark" and g.step == "roll":
        for d in g.pool:
            bag[dcol(d)] += 1
    return bag


def p_colour_drawn(g: Game, colour: str) -> float:
    """Chance that next turn's Draw & Roll brings at least one die of `colour`."""
    bag = next_bag(g)
    total = sum(bag.values())
    n = min(draws_per_turn(g), total)
    have = bag[colour]
    if total == 0 or have == 0 or n == 0:
        return 0.0
    return 1.0 - comb(total - have, n) / comb(total, n)


def p_meets(value: int, bonus: int) -> float:
    """Chance a fresh die meets a zone value with `bonus` pips of help."""
    return max(0.0, min(1.0, (7 - (value - bonus)) / 6))


def strike_bonus(g: Game) -> int:
    eff = kept_effects(g)
    bonus = 0
    if "boost" in eff and any(data().shark_cards[c].params.get("colour") == "R"
                              for c in g.kept):
        bonus = 2
    elif "bump" in eff or any(g.flipped[i] and t["effect"] == "bump"
                              for i, t in enumerate(data().growth)):
        bonus = 1
    return bonus


# -- danger to the Octopus ----------
def danger(g: Game, zo: int | None = None, *, odds: list[float] | None = None,
           zr: list[float] | None = None) -> float:
    """Rough chance that the Shark strikes (or finds) the Octopus in its next turn.

    Models the Shark as aiming at the reachable zone it believes most likely (its own
    belief, `know_shark`), with a Strike die if one is drawn and meets the value.
    """
    if zo is None:
        zo = g.zones.index("octopus")
    q = oct_odds(shark_belief(g)) if odds is None else odds
    zr = zone_reach(g) if zr is None else zr
    if zr[zo] <= 0.0:
        return 0.0
    vals = board(g.board_side).values
    best = max((q[z] for z in range(9) if zr[z] > 0), default=0.0)
    qo = q[zo]
    if qo <= 0.0:
        return 0.0
    share = qo / best if best > 0 else 0.0
    share = share ** 3 if share < 1.0 else 1.0
    pr = p_colour_drawn(g, "R")
    py = p_colour_drawn(g, "Y")
    strike = pr * p_meets(vals[zo], strike_bonus(g)) * min(1.0, qo / 0.35)
    search = py * p_meets(vals[zo], 0) * 0.35 * (1.0 if g.hidden[zo] else 0.0)
    return zr[zo] * share * min(1.0, strike + search)


def octopus_zone(g: Game) -> int:
    return g.zones.index("octopus")


def adjacent_to(g: Game, zs: Iterable[int], z: int) -> bool:
    return any(z in ORTH_NEIGHBOURS[x] for x in zs)
