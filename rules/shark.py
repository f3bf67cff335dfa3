"""The Shark's turn (kelp-spec.md §5): Draw & Roll, Current dice, Move, Search/Strike, Energy.

The turn is a sequence of steps (`game.step`); each step offers its commands as roots and
the engine's `advance` moves on by itself where the rules leave no choice.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

from .actions import Action, act
from .camouflage import no_search_zone
from .core import (
    Chooser,
    Infeasible,
    adjacent_zones,
    bag_draw,
    card_name,
    dcol,
    die,
    dval,
    ev,
    growth_effect,
    kept_with,
    note_origins,
    peek,
    refill_display,
    roll,
    shark_card,
    sort_dice,
    to_bag,
    to_growth,
    to_hunger,
    use_kept,
    zone_value,
)
from .data import ZONE_INDEX, ZONES, base_id, board, data
from .sharks import adjacent, mover, mover_pos, others, set_pos, unmoved
from .state import Game
from .wounds import RECKLESS, reckless_amount, reckless_usable

GO = Action("go")
DONE = Action("done")
PASS = Action("pass")
STOP = Action("stop")
FLIP = Action("flip")


def distinct(dice: list[str]) -> list[str]:
    return sort_dice(list(set(dice)))


def empty(g: Game, s: int) -> bool:
    """S-2: no die and no Shark on the space (nor, with OO-6, the Escape Route)."""
    if g.oo and (s == g.oo["route"] or s in _juv_spaces(g)):
        return False
    return s not in g.dice_on and s != g.shark_at


def _juv_spaces(g: Game) -> set[int]:
    return {int(j[1]) for j in g.juv_sharks}


def _at(g: Game) -> tuple[int, int | None]:
    """The moving Shark's space and facing (the Mother in a base game)."""
    s, f = mover_pos(g) if g.oo else (g.shark_at, g.facing)
    assert s is not None
    return s, f


def _set_at(g: Game, s: int, f: int | None) -> None:
    if g.oo:
        set_pos(g, mover(g), s, f)
    else:
        g.shark_at, g.facing = s, f


def _swim_over(g: Game) -> bool:
    """OO-9: once Growth tile 2 flips, Sharks may swim over each other."""
    return bool(growth_effect(g, "swim_over_sharks"))


def off_limits(g: Game, s: int) -> bool:
    """OO-6: Sharks can't stop on, swim over or use the Escape Route's space."""
    return bool(g.oo) and s == g.oo["route"]


def bag_size(g: Game) -> int:
    return g.bag["B"] + g.bag["Y"] + g.bag["R"]


# -- Draw & Roll ----------
def draw_and_roll(g: Game) -> None:
    """S-1: draw 2 dice (3 with Growth tile 2) at random and roll them into the pool.

    The turn's flags start afresh here, with a public note of where the Shark stands, its
    Current dice and its bag as the turn begins: what the Octopus faced when it chose
    where to hide, which a computer Shark weighs later in the turn (`rules.ai.opponent`).
    """
    start = {"at": g.shark_at, "facing": g.facing,
             "dice_on": [[s, d] for s, d in sorted(g.dice_on.items())], "bag": dict(g.bag)}
    n = max([2, *(int(t["n"]) for t in growth_effect(g, "draw"))])
    for _ in range(n):
        c = bag_draw(g)
        if c is None:
            break
        g.pool.append(roll(g, c))
    g.pool = sort_dice(g.pool)
    g.step = "roll"
    g.tf = {"rerolls": 0, "bumped": False, "start": start}
    note_origins(g, start)
    ev(g, "roll", f"The Shark rolls {' '.join(g.pool) or 'no dice'}", seat="shark",
       dice=list(g.pool))


def rerolls_left(g: Game) -> int:
    return sum(int(t["per_turn"]) for t in growth_effect(g, "reroll")) - int(g.tf.get("rerolls", 0))


def roll_roots(g: Game) -> list[tuple[Action, bool]]:
    out: list[tuple[Action, bool]] = []
    dice = distinct(g.pool)
    if rerolls_left(g) > 0:
        out.extend((act("reroll", d), True) for d in dice)
    if growth_effect(g, "bump") and not g.tf.get("bumped"):
        out.extend((act("bump", d), True) for d in dice if dval(d) < 6)
    if _frenzies(g):
        out.extend((act("frenzy", d), True) for d in dice if dval(d) < 6)
    if kept_with(g, "reroll_any") and g.pool:
        subsets = {tuple(sort_dice(list(s))) for n in range(1, len(g.pool) + 1)
                   for s in combinations(g.pool, n)}
        out.extend((act("sharp_eyes", *s), True) for s in sorted(subsets))
    if kept_with(g, "extra_die") and bag_size(g) > 0:
        out.append((Action("riptide"), True))
    return out


def _frenzies(g: Game) -> list[str]:
    """Frenzy (+1 to any die); Bloodlust (OO-15, one colour) is offered on its own."""
    return [c for c in kept_with(g, "bump") if "colour" not in shark_card(c).params]


def _replace_pool(g: Game, old: str, new: str) -> None:
    g.pool.remove(old)
    g.pool.append(new)
    g.pool = sort_dice(g.pool)


def h_reroll(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    d = root.args[0]
    new = roll(g, dcol(d))
    _replace_pool(g, d, new)
    g.tf["rerolls"] = int(g.tf.get("rerolls", 0)) + 1
    ev(g, "reroll", f"The Shark rerolls {d}: {new} (Growth)", seat="shark", dice=[d, new])


def h_bump(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    d = root.args[0]
    new = die(dval(d) + 1, dcol(d))
    if root.verb == "frenzy":
        use_kept(g, _frenzies(g)[0])
    else:
        g.tf["bumped"] = True
    _replace_pool(g, d, new)
    ev(g, "bump", f"The Shark turns {d} into {new}", seat="shark", dice=[d, new])


def h_sharp_eyes(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    use_kept(g, kept_with(g, "reroll_any")[0])
    news = []
    for d in root.args:
        new = roll(g, dcol(d))
        _replace_pool(g, d, new)
        news.append(new)
    ev(g, "reroll", f"The Shark rerolls {' '.join(root.args)}: {' '.join(news)}", seat="shark",
       dice=list(root.args) + news)


def h_riptide(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    use_kept(g, kept_with(g, "extra_die")[0])
    c = bag_draw(g)
    if c is None:
        raise Infeasible
    d = roll(g, c)
    g.pool = sort_dice([*g.pool, d])
    ev(g, "roll", f"The Shark draws and rolls one more die: {d}", seat="shark", dice=[d])


# -- Current dice and the Move ----------
def place_roots(g: Game) -> list[tuple[Action, bool]]:
    out: list[tuple[Action, bool]] = []
    spaces = board(g.board_side).space_ids
    if any(empty(g, s) for s in spaces):
        out.extend((act("place", d), True) for d in distinct(g.pool) if dcol(d) == "B")
        if kept_with(g, "move_current"):
            out.extend((act("patrol", s), True) for s in sorted(g.dice_on))
    return out


def h_place(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    d = root.args[0]
    if d not in g.pool or dcol(d) != "B":
        raise Infeasible
    spaces = [s for s in board(g.board_side).space_ids if empty(g, s)]
    s = int(ch.pick([act("at", s) for s in spaces], True).args[0])
    g.pool.remove(d)
    g.dice_on[s] = d
    g.step = "place"
    ev(g, "place", f"The Shark places {d} on space {s}", seat="shark", spaces=(s,), die=d)


def h_patrol(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    s = int(root.args[0])
    if s not in g.dice_on:
        raise Infeasible
    spaces = [t for t in board(g.board_side).space_ids if empty(g, t)]
    t = int(ch.pick([act("to", t) for t in spaces], True).args[0])
    use_kept(g, kept_with(g, "move_current")[0])
    g.dice_on[t] = g.dice_on.pop(s)
    g.step = "place"
    ev(g, "patrol", f"The Shark moves the Current die {g.dice_on[t]} from space {s} to {t}",
       seat="shark", spaces=(s, t))


def _exits(g: Game, s: int, fac: int | None) -> tuple[tuple[int, int], ...]:
    b = board(g.board_side)
    if fac is None or (b.den_turnaround and s in b.dens and s == _at(g)[0] and not
                       g.tf.get("moving")):
        return b.ends[s]
    return (b.ends[s][fac],)


def steps_from(g: Game, pos: int, fac: int | None, prev: int, visited: frozenset[int],
               s0: int) -> list[tuple[int, int, bool]]:
    """B-5/S-3: next spaces (space, new facing, ends-the-path) that still lead to a legal end."""
    b = board(g.board_side)
    out = []
    crowd = others(g, mover(g)) if g.oo else ()
    for p in _exits(g, pos, fac):
        for t in b.at_point[p]:
            if t == pos or t in visited or (g.oo and off_limits(g, t)):
                continue
            far = 1 if b.ends[t][0] == p else 0
            if t in crowd:
                # OO-8/OO-9: another Shark blocks the way until Growth tile 2; then its space
                # is swum over, ignored by the decreasing check, and can't end the move.
                if _swim_over(g) and steps_from(g, t, far, prev, visited | {t}, s0):
                    out.append((t, far, False))
                continue
            d = g.dice_on.get(t)
            if d is None:
                if t != s0:
                    out.append((t, far, True))
            elif dval(d) < prev and steps_from(g, t, far, dval(d), visited | {t}, s0):
                out.append((t, far, False))
    return out


def move_roots(g: Game) -> list[tuple[Action, bool]]:
    """S-3's first step; with several Sharks to move (OO-8), first the Shark to move next."""
    if g.oo and not g.tf.get("mover"):
        left = unmoved(g)
        if len(left) > 1:
            return [(act("shark", n), True) for n in left]
    s0, fac0 = _at(g)
    out: list[tuple[Action, bool]] = [
        (act("step", t), True) for t, _, _ in steps_from(g, s0, fac0, 7, frozenset({s0}), s0)
    ]
    if kept_with(g, "lurk"):
        out.append((act("lurk", "stay"), True))
        if fac0 is not None and steps_from(g, s0, 1 - fac0, 7, frozenset({s0}), s0):
            out.append((act("lurk", "flip"), True))
    if not any(a.verb == "step" for a, _ in out):
        out.append((FLIP, True))
        if not steps_from(g, s0, None, 7, frozenset({s0}), s0):
            out.extend((act("clear", t), True) for t in sorted(board(g.board_side).next_to[s0])
                       if t in g.dice_on)
    return out


def _flip(g: Game) -> None:
    s, f = _at(g)
    if f is not None:
        _set_at(g, s, 1 - f)


def _moves(g: Game) -> list[tuple[Action, bool]]:
    return move_roots(g) + (tools.powerful_roots(g) if g.oo else [])


def h_shark(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    """OO-8: name the Shark that moves next, then its move."""
    if not g.oo or root not in [a for a, _ in move_roots(g)]:
        raise Infeasible
    g.tf["mover"] = root.args[0]
    first = ch.pick([a for a, _ in move_roots(g)], True)
    h_move(g, seat, first, ch)


def _moved(g: Game) -> None:
    """One Shark has moved: the Move step ends once every Shark in play has (OO-8)."""
    if g.oo:
        who = mover(g)
        g.tf["moved"] = [*g.tf.get("moved", []), who]
        g.tf["mover"] = None
        if unmoved(g):
            g.step = "moving"
            return
    g.step = "assign"


def h_move(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    """S-3: a path of steps over strictly decreasing Current dice to an empty space."""
    if root not in [a for a, _ in move_roots(g)]:
        raise Infeasible
    s0, _ = _at(g)
    if root.verb == "lurk":
        use_kept(g, kept_with(g, "lurk")[0])
        if root.args[0] == "stay":
            ev(g, "move", "The Shark lurks and stays where it is", seat="shark", spaces=(s0,))
            _moved(g)
            return
        _flip(g)
        first = ch.pick([act("step", t) for t, _, _ in
                         steps_from(g, s0, _at(g)[1], 7, frozenset({s0}), s0)], True)
    elif root.verb in ("flip", "clear"):
        if root.verb == "clear":
            s = int(root.args[0])
            to_bag(g, g.dice_on.pop(s))
            ev(g, "clear", f"The Shark has no path: the die on space {s} returns to its bag",
               seat="shark", spaces=(s,))
        _flip(g)
        ev(g, "move", "The Shark has no path and turns around", seat="shark", spaces=(s0,))
        _moved(g)
        return
    else:
        first = root
    path = [s0]
    pos, fac, prev = s0, _at(g)[1], 7
    step = first
    while True:
        opts = {t: (far, end) for t, far, end in
                steps_from(g, pos, fac, prev, frozenset(path), s0)}
        t = int(step.args[0])
        if t not in opts:
            raise Infeasible
        far, end = opts[t]
        path.append(t)
        pos, fac = t, far
        if end:
            break
        if t in g.dice_on:
            prev = dval(g.dice_on[t])
        step = ch.pick([act("step", u) for u in sorted(
            u for u, _, _ in steps_from(g, pos, fac, prev, frozenset(path), s0))], True)
    _set_at(g, pos, fac)
    who = "" if not g.oo or not g.juv_sharks else f" {mover(g)}"
    ev(g, "move", f"The Shark{who} swims {' → '.join(map(str, path))}", seat="shark",
       spaces=path)
    over = [t for t in path[1:-1] if t in g.dice_on]
    if over and not g.tf.get("grew"):
        # OO-8: only the first Current die swum over in a turn, by any Shark, grows.
        if g.oo:
            g.tf["grew"] = True
        d = g.dice_on.pop(over[0])
        ev(g, "current", f"The Current die {d} on space {over[0]} goes to Growth",
           seat="shark", spaces=(over[0],))
        to_growth(g, d)
    bursts = kept_with(g, "extra_step")
    if bursts:
        ends = [u for u, _, end in steps_from(g, pos, fac, 0, frozenset([pos]), pos) if end]
        if ends:
            c = ch.pick([*(act("burst", u) for u in ends), STOP], True)
            if c != STOP:
                u = int(c.args[0])
                b = board(g.board_side)
                point = next(p for p in b.ends[u] if p in b.ends[pos])
                use_kept(g, bursts[0])
                _set_at(g, u, 1 if b.ends[u][0] == point else 0)
                ev(g, "move", f"The Shark bursts on to space {u}", seat="shark", spaces=(pos, u))
    _moved(g)


# -- Search / Strike ----------
def boost_cards(g: Game, colour: str) -> list[str]:
    return [c for c in kept_with(g, "boost") if shark_card(c).params["colour"] == colour]


def boost(card: str | None, g: Game | None = None) -> int:
    if not card:
        return 0
    if card == RECKLESS:
        return reckless_amount(g) if g is not None else 0
    return int(shark_card(card).params.get("amount", 0))


def die_fits(g: Game, d: str, z: int, card: str | None) -> bool:
    """S-4: the die meets the zone value (with modifiers); a Search die needs a hidden block."""
    if dcol(d) == "Y" and not g.hidden[z]:
        return False
    return dval(d) + boost(card, g) >= zone_value(g, z)


def assign_options(g: Game, pool: list[str], used: set[int], cards: set[str],
                   firsts: dict[int, str] | None = None) -> list[Action]:
    out = []
    for d in distinct(pool):
        if dcol(d) not in "YR":
            continue
        for z in adjacent_zones(g):
            if z in used and g.oo and firsts is not None and z in firsts and z not in g.protected:
                # OO-15 Pack Hunt: a second die of the other colour on a shared zone.
                pack = tools.pack_hunt_ok(g, z, d, firsts.get(z), cards)
                if pack and not (dcol(d) == "Y" and z == no_search_zone(g)) \
                        and die_fits(g, d, z, None):
                    out.append(act("assign", d, ZONES[z], pack))
                continue
            if z in used or z in g.protected:
                continue
            if g.oo and dcol(d) == "Y" and z == no_search_zone(g):
                continue  # OO-5 Rock
            if die_fits(g, d, z, None):
                out.append(act("assign", d, ZONES[z]))
            for c in boost_cards(g, dcol(d)):
                if c not in cards and die_fits(g, d, z, c):
                    out.append(act("assign", d, ZONES[z], c))
            if (g.oo and dcol(d) == "R" and g.hidden[z] and RECKLESS not in cards
                    and reckless_usable(g) and die_fits(g, d, z, RECKLESS)):
                out.append(act("assign", d, ZONES[z], RECKLESS))
    return out


def go_options(g: Game) -> list[Action]:
    return [GO, *(act("go", c) for c in kept_with(g, "peek_unassigned"))]


def assign_roots(g: Game) -> list[tuple[Action, bool]]:
    return [(a, True) for a in assign_options(g, list(g.pool), set(), set())] + [
        (a, True) for a in go_options(g)
    ]


def assign_possible(g: Game) -> bool:
    return bool(assign_options(g, list(g.pool), set(), set())) or bool(
        kept_with(g, "peek_unassigned"))


def h_assign(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    """S-4 Assign: dice on adjacent zones, one per zone; fixed once confirmed with `go`."""
    pool = list(g.pool)
    used: set[int] = set()
    cards: set[str] = set()
    chosen: list[tuple[int, str, str | None]] = []
    owners: list[str] = []
    firsts: dict[int, str] = {}
    c = root
    while True:
        opts = assign_options(g, pool, used, cards, firsts) + go_options(g)
        if c not in opts:
            raise Infeasible
        if c.verb == "go":
            break
        d, z = c.args[0], ZONE_INDEX[c.args[1]]
        card = c.args[2] if len(c.args) > 2 else None
        pool.remove(d)
        used.add(z)
        if card:
            cards.add(card)
        chosen.append((z, d, card))
        if g.oo:
            # OO-8: a zone next to several Sharks: the Shark names whose die it is.
            near = adjacent(g, z)
            if z in firsts:  # Pack Hunt: the other Shark's die
                near = [n for n in near if n != owners[[x[0] for x in chosen].index(z)]]
            owners.append(near[0] if len(near) == 1 else
                          ch.pick([act("shark", n) for n in near], True).args[0])
            firsts.setdefault(z, d)
        c = ch.pick(assign_options(g, pool, used, cards, firsts) + go_options(g), True)
    for i, (z, d, card) in enumerate(chosen):
        g.pool.remove(d)
        g.assigned.append([z, d, card, owners[i]] if g.oo else [z, d, card])
        if card == RECKLESS:
            g.tf["reckless"] = int(g.tf.get("reckless", 0)) + 1
        elif card:
            use_kept(g, card)
    if chosen:
        ev(g, "assign", "The Shark assigns " + ", ".join(
            f"{d} to {ZONES[z]}" + (f" ({card_name(card)})" if card else "")
            for z, d, card in chosen), seat="shark", zones=[z for z, _, _ in chosen])
    else:
        ev(g, "assign", "The Shark assigns no dice", seat="shark")
    if c.args:
        use_kept(g, c.args[0])
        for z in adjacent_zones(g):
            if z not in used and g.hidden[z]:
                peek(g, z, card_name(c.args[0]))
                g.protected.append(z)
    g.step = "resolve"
    if g.oo and tools.peek_options(g):
        g.step = "peek"


def relentless_options(g: Game) -> list[Action]:
    cards = kept_with(g, "relentless")
    if not cards:
        return []
    out = []
    busy = {a[0] for a in g.assigned}
    for z in sorted(set(g.resolved_zones)):
        if z in busy or z in g.protected or z not in adjacent_zones(g):
            continue
        for d in distinct(g.pool):
            if g.oo and dcol(d) == "Y" and z == no_search_zone(g):
                continue  # OO-5 Rock
            if dcol(d) in "YR" and die_fits(g, d, z, None):
                out.append(act("relentless", d, ZONES[z]))
    return out


def resolve_roots(g: Game) -> list[tuple[Action, bool]]:
    out = [(act("resolve", ZONES[z]), True) for z in sorted({a[0] for a in g.assigned})]
    out.extend((a, True) for a in relentless_options(g))
    if not g.assigned:
        out.append((DONE, True))
    return out


def h_resolve(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    z = ZONE_INDEX[root.args[0]]
    entry = next((a for a in g.assigned if a[0] == z), None)
    if entry is None:
        raise Infeasible
    start_resolving(g, entry)


def start_resolving(g: Game, entry: list[Any]) -> None:
    """S-4 Resolve: the die leaves the assignment and is in play until it lands."""
    g.assigned.remove(entry)
    g.limbo.append([entry[0], entry[1]])
    g.queue.append(["resolve", *entry])


def h_relentless(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    if root not in relentless_options(g):
        raise Infeasible
    d, z = root.args[0], ZONE_INDEX[root.args[1]]
    use_kept(g, kept_with(g, "relentless")[0])
    g.pool.remove(d)
    g.assigned.append([z, d, None, adjacent(g, z)[0]] if g.oo else [z, d, None])
    ev(g, "assign", f"The Shark assigns {d} to {ZONES[z]} again (Relentless)", seat="shark",
       zones=(z,))


def h_done(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    g.step = "energy"


# -- Energy ----------
def store_roots(g: Game) -> list[tuple[Action, bool]]:
    free = int(data().comp["shark"]["energy_slots"]) - len(g.energy)
    sets = {tuple(sort_dice(list(s))) for s in combinations(g.pool, free)}
    return [(act("store", *s), True) for s in sorted(sets)]


def h_store(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    """S-7: more pool dice than free slots: the Shark chooses; the rest return to the bag."""
    rest = list(g.pool)
    for d in root.args:
        rest.remove(d)
    g.energy.extend(root.args)
    for d in rest:
        to_bag(g, d)
    g.pool = []
    ev(g, "store", f"The Shark stores {' '.join(root.args)} as Energy", seat="shark")
    g.step = "buy"


def buy_sets(g: Game) -> list[Action]:
    """S-7: every set of displayed cards the stored Energy pays for, one per set of designs."""
    return list(_buy_sets(sum(dval(d) for d in g.energy),
                          tuple(c for c in g.display if c is not None)))


@lru_cache(maxsize=4096)
def _buy_sets(pips: int, shown: tuple[str, ...]) -> tuple[Action, ...]:
    """`buy_sets` for a display and a number of pips, memoised: the search Shark asks it a
    few times every play-out step (legal steps, Energy, the purchase itself) of positions
    that share a handful of displays, and it only reads the fixed card data."""
    seen: set[tuple[str, ...]] = set()
    out = []
    for n in range(1, len(shown) + 1):
        for s in combinations(shown, n):
            if sum(shark_card(c).cost for c in s) > pips:
                continue
            key = tuple(sorted(base_id(c) for c in s))
            if key not in seen:
                seen.add(key)
                out.append(act("buy", *s))
    return tuple(out)


def buy_roots(g: Game) -> list[tuple[Action, bool]]:
    out = [(a, True) for a in buy_sets(g)]
    if len(g.energy) < int(data().comp["shark"]["energy_slots"]):
        out.append((PASS, True))
    return out


def h_buy(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    """S-7: buy, bring each card's die into the bag, refill, one stored die to Hunger."""
    if root.verb == "pass":
        g.step = "end"
        return
    if root not in buy_sets(g):
        raise Infeasible
    energy = distinct(g.energy)
    feed = ch.pick([act("feed", d) for d in energy], True).args[0] if len(energy) > 1 \
        else energy[0]
    for c in root.args:
        g.display[g.display.index(c)] = None
        g.kept.append(c)
        colour = shark_card(c).die
        if g.supply_dice[colour] > 0:
            g.supply_dice[colour] -= 1
            g.bag[colour] += 1
    ev(g, "buy", f"The Shark buys {', '.join(card_name(c) for c in root.args)}", seat="shark",
       cards=list(root.args))
    refill_display(g)
    g.energy.remove(feed)
    for d in g.energy:
        to_bag(g, d)
    g.energy = []
    g.step = "end"
    to_hunger(g, feed, "spending Energy")


def energy_auto(g: Game) -> bool:
    """S-7 where no choice is left: store what fits; return or keep unspendable Energy."""
    if g.step == "energy":
        free = int(data().comp["shark"]["energy_slots"]) - len(g.energy)
        if len(g.pool) > free:
            g.step = "store"
            return True
        if g.pool:
            g.energy.extend(g.pool)
            ev(g, "store", f"The Shark stores {' '.join(g.pool)} as Energy", seat="shark")
            g.pool = []
        g.step = "buy"
        return True
    if g.step == "buy":
        if g.energy and buy_sets(g):
            return False
        if len(g.energy) >= int(data().comp["shark"]["energy_slots"]):
            ev(g, "energy_back", "Nothing is affordable: the stored Energy returns to the bag",
               seat="shark")
            for d in g.energy:
                to_bag(g, d)
            g.energy = []
        g.step = "end"
        return True
    return False


# -- any time ----------
def anytime_roots(g: Game) -> list[tuple[Action, bool]]:
    out: list[tuple[Action, bool]] = []
    if g.hunger and kept_with(g, "unhunger"):
        out.append((Action("second_wind"), True))
    if g.oo:
        out.extend(tools.anytime_roots(g))
    return out


def h_second_wind(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    if not g.hunger:
        raise Infeasible
    use_kept(g, kept_with(g, "unhunger")[0])
    d = g.hunger.pop()
    to_bag(g, d)
    ev(g, "second_wind", f"The Shark returns {d} from the Hunger Track to its bag", seat="shark")


def return_roots(g: Game) -> list[tuple[Action, bool]]:
    return [(act("return", s), True) for s in sorted(g.dice_on)]


def h_return(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    """S-1: with fewer than 2 dice in the bag, Current dice of the Shark's choice go back."""
    s = int(root.args[0])
    if s not in g.dice_on:
        raise Infeasible
    to_bag(g, g.dice_on.pop(s))
    ev(g, "return", f"The Shark returns the Current die on space {s} to its bag", seat="shark",
       spaces=(s,))


def roots(g: Game) -> list[tuple[Action, bool]]:
    st = g.step
    if st == "return":
        return return_roots(g) + anytime_roots(g)
    if st == "roll":
        extra = tools.roll_roots(g) if g.oo else []
        return roll_roots(g) + extra + place_roots(g) + _moves(g) + anytime_roots(g)
    if st == "place":
        return place_roots(g) + _moves(g) + anytime_roots(g)
    if st == "moving":
        return _moves(g) + anytime_roots(g)
    if st == "assign":
        return assign_roots(g) + anytime_roots(g)
    if st == "peek":
        return tools.peek_roots(g) + anytime_roots(g)
    if st == "drawn":
        return tools.drawn_roots(g) + anytime_roots(g)
    if st == "resolve":
        return resolve_roots(g) + anytime_roots(g)
    if st == "store":
        return store_roots(g) + anytime_roots(g)
    if st == "buy":
        return buy_roots(g) + anytime_roots(g)
    return []


HANDLERS: dict[str, Any] = {
    "return": h_return,
    "reroll": h_reroll,
    "bump": h_bump,
    "frenzy": h_bump,
    "sharp_eyes": h_sharp_eyes,
    "riptide": h_riptide,
    "place": h_place,
    "patrol": h_patrol,
    "step": h_move,
    "shark": h_shark,
    "lurk": h_move,
    "flip": h_move,
    "clear": h_move,
    "assign": h_assign,
    "go": h_assign,
    "resolve": h_resolve,
    "relentless": h_relentless,
    "done": h_done,
    "store": h_store,
    "buy": h_buy,
    "pass": h_buy,
    "second_wind": h_second_wind,
}


def _add_module_handlers() -> None:
    """Offshore Offspring's Shark commands (rules/shark_tools.py)."""
    HANDLERS.update(tools.HANDLERS)


from . import shark_tools as tools  # noqa: E402  (it builds on this module)

_add_module_handlers()
