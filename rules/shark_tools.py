"""The Shark's Offshore Offspring commands (kelp-spec.md OO-9, OO-10, OO-12, OO-15).

Hunger tokens, the Wound boards' actions (Peek, Adrenaline Rush), Growth tile 1's matching
rerolls and the module's Shark cards. rules/shark.py offers these roots only in an Offshore
Offspring game and dispatches their handlers through its HANDLERS table, so the base turn
is untouched.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from .actions import Action, act
from .core import (
    Chooser,
    Infeasible,
    dcol,
    die,
    dval,
    ev,
    growth_effect,
    kept_with,
    peek,
    roll,
    sort_dice,
    to_hunger,
    use_kept,
)
from .data import ZONE_INDEX, ZONES
from .expansion_data import offshore_offspring
from .sharks import all_adjacent_zones, can_gain_juvenile, gain_juvenile
from .state import Game
from .wounds import board_with

STOP = Action("stop")


def _token(tid: str) -> Any:
    return next(t for t in offshore_offspring().hunger_tokens if t.id == tid)


def _held(g: Game, effect: str) -> list[str]:
    """Held Hunger tokens with this effect, one per kind (copies are interchangeable)."""
    seen: dict[tuple[str, str], str] = {}
    for tid in g.oo["held"]:
        t = _token(tid)
        if t.effect == effect:
            seen.setdefault((t.name, t.effect), tid)
    return list(seen.values())


# -- Hunger tokens (OO-10) ----------
def gain_tokens(g: Game) -> None:
    """Each token is gained once, when the Hunger Track first holds 1, 2, 3, 4 dice."""
    for t in offshore_offspring().hunger_tokens:
        if t.space > g.oo["hunger_gained"] and len(g.hunger) >= t.space:
            g.oo["hunger_gained"] = t.space
            g.oo["held"] = [*g.oo["held"], t.id]
            ev(g, "hunger_token", f"The Shark gains the Hunger token {t.name}", seat="shark",
               token=t.id)


def _pool_dice(g: Game, colour: str | None = None) -> list[str]:
    return [d for d in sort_dice(list(set(g.pool))) if dval(d) < 6
            and (colour is None or dcol(d) == colour)]


def roll_roots(g: Game) -> list[tuple[Action, bool]]:
    out: list[tuple[Action, bool]] = []
    for tid in _held(g, "bump"):
        if _pool_dice(g):
            out.append((act("token", tid), True))
    out.extend((act("double", *s), True) for s in doubles(g))
    b = board_with(g, "energy_strike_reroll")
    if b is not None and int(g.tf.get("adrenaline", 0)) < _wb(b)["per_turn"]:
        colour = _wb(b)["colour"]
        out.extend((act("adrenaline", d), True) for d in sorted(set(g.energy))
                   if dcol(d) == colour)
    for c in kept_with(g, "bump"):
        col = offshore_offspring().shark_cards.get(c)
        if col is not None and "colour" in col.params and _pool_dice(g, col.params["colour"]):
            out.append((act("bloodlust", _pool_dice(g, col.params["colour"])[0]), True))
            out.extend((act("bloodlust", d), True)
                       for d in _pool_dice(g, col.params["colour"])[1:])
            break
    return out


def _wb(board_id: str) -> dict[str, Any]:
    return dict(offshore_offspring().wound_boards[board_id].params)


def anytime_roots(g: Game) -> list[tuple[Action, bool]]:
    out: list[tuple[Action, bool]] = []
    for tid in _held(g, "gain_juvenile"):
        if can_gain_juvenile(g):
            out.append((act("token", tid), True))
    for tid in _held(g, "gain_die"):
        if g.supply_dice.get(_token(tid).params["colour"], 0) > 0:
            out.append((act("token", tid), True))
    if kept_with(g, "gain_juvenile") and can_gain_juvenile(g):
        out.append((Action("nursery"), True))
    return out


def h_token(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    tid = root.args[0]
    if tid not in g.oo["held"]:
        raise Infeasible
    t = _token(tid)
    if t.effect == "bump":
        if g.step != "roll":
            raise Infeasible
        d = ch.pick([act("bump", x) for x in _pool_dice(g)], True).args[0]
        new = die(min(6, dval(d) + int(t.params["amount"])), dcol(d))
        g.pool.remove(d)
        g.pool = sort_dice([*g.pool, new])
        ev(g, "bump", f"The Shark uses {t.name}: {d} becomes {new}", seat="shark",
           dice=[d, new], token=tid)
    elif t.effect == "gain_juvenile":
        if not can_gain_juvenile(g):
            raise Infeasible
        ev(g, "token_used", f"The Shark uses {t.name}", seat="shark", token=tid)
        gain_juvenile(g, ch, True)
    else:
        colour = t.params["colour"]
        if g.supply_dice.get(colour, 0) <= 0:
            raise Infeasible
        g.supply_dice[colour] -= 1
        g.bag[colour] += 1
        ev(g, "token_used", f"The Shark uses {t.name}: a die from the supply into the bag",
           seat="shark", token=tid)
    held = list(g.oo["held"])
    held.remove(tid)
    g.oo["held"] = held


def h_nursery(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    cards = kept_with(g, "gain_juvenile")
    if not cards or not can_gain_juvenile(g):
        raise Infeasible
    use_kept(g, cards[0])
    gain_juvenile(g, ch, True)


# -- Growth tile 1 (OO-9) ----------
def doubles(g: Game) -> list[tuple[str, ...]]:
    """Sets of pool dice sharing a value with at least one other (colour ignored)."""
    if not any(t.get("matching") for t in growth_effect(g, "reroll")):
        return []
    out: set[tuple[str, ...]] = set()
    for v in range(1, 7):
        same = [d for d in g.pool if dval(d) == v]
        if 2 <= len(same) <= 3:
            for n in range(1, len(same) + 1):
                out.update(tuple(sort_dice(list(s))) for s in combinations(same, n))
    return sorted(out)


def h_double(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    """OO-9: reroll matching dice; this uses up no other reroll."""
    if tuple(root.args) not in doubles(g):
        raise Infeasible
    news = []
    for d in root.args:
        new = roll(g, dcol(d))
        g.pool.remove(d)
        g.pool.append(new)
        news.append(new)
    g.pool = sort_dice(g.pool)
    ev(g, "reroll", f"The Shark rerolls the matching {' '.join(root.args)}: {' '.join(news)}"
       " (Growth tile 1)", seat="shark", dice=[*root.args, *news])


# -- Wound boards (OO-12) ----------
def h_adrenaline(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    """Adrenaline Rush: reroll a Strike die from Energy; 3–6 into the pool, 1–2 to Hunger."""
    b = board_with(g, "energy_strike_reroll")
    d = root.args[0]
    if b is None or d not in g.energy or g.step != "roll":
        raise Infeasible
    g.tf["adrenaline"] = int(g.tf.get("adrenaline", 0)) + 1
    g.energy.remove(d)
    new = roll(g, dcol(d))
    ev(g, "adrenaline", f"Adrenaline Rush: the Shark rerolls {d} from its Energy: {new}",
       seat="shark", dice=[d, new])
    if dval(new) >= int(_wb(b)["strike_from"]):
        # It may strike this turn; unused, it goes back to Energy with the pool (S-7).
        g.pool = sort_dice([*g.pool, new])
    else:
        to_hunger(g, new, "Adrenaline Rush")


def peek_sources(g: Game) -> list[str]:
    out = []
    if g.oo["peeks"] > 0 and board_with(g, "peek"):
        out.append("focused_hunter")
    out.extend(kept_with(g, "peek"))
    return out


def peek_options(g: Game) -> list[int]:
    """OO-12: a hidden block next to any Shark, in a zone with no die assigned."""
    if not peek_sources(g):
        return []
    busy = {a[0] for a in g.assigned}
    return [z for z in all_adjacent_zones(g)
            if g.hidden[z] and z not in busy and z not in g.protected]


def peek_roots(g: Game) -> list[tuple[Action, bool]]:
    return [*((act("peek", ZONES[z]), True) for z in peek_options(g)), (STOP, True)]


def h_peek(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    z = ZONE_INDEX[root.args[0]]
    if z not in peek_options(g):
        raise Infeasible
    src = peek_sources(g)[0]
    if src == "focused_hunter":
        g.oo["peeks"] -= 1
        why = "a Peek token"
    else:
        use_kept(g, src)
        why = "Cautious"
    peek(g, z, why)
    g.protected.append(z)
    if not peek_options(g):
        g.step = "resolve"


def h_stop(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    if g.step != "peek":
        raise Infeasible
    g.step = "resolve"


# -- the module's Shark cards (OO-15) ----------
def h_bloodlust(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    for c in kept_with(g, "bump"):
        card = offshore_offspring().shark_cards.get(c)
        if card is not None and "colour" in card.params:
            d = root.args[0]
            if d not in _pool_dice(g, card.params["colour"]):
                raise Infeasible
            use_kept(g, c)
            new = die(min(6, dval(d) + int(card.params["amount"])), dcol(d))
            g.pool.remove(d)
            g.pool = sort_dice([*g.pool, new])
            ev(g, "bump", f"The Shark turns {d} into {new}", seat="shark", dice=[d, new])
            return
    raise Infeasible


def wants_drawn_moment(g: Game) -> bool:
    """Decisive needs a moment after drawing and before rolling (OO-15)."""
    return bool(kept_with(g, "redraw"))


def draw_only(g: Game) -> None:
    """S-1's draw without the roll, while the Shark holds Decisive: step `drawn`."""
    from .core import bag_draw

    drawn = []
    for _ in range(max([2, *(int(t["n"]) for t in growth_effect(g, "draw"))])):
        c = bag_draw(g)
        if c is None:
            break
        drawn.append(c)
    g.oo["drawn"] = drawn
    g.step = "drawn"
    g.tf = {"rerolls": 0, "bumped": False}
    ev(g, "drawn", f"The Shark draws {' '.join(drawn) or 'no dice'}", seat="shark",
       colours=list(drawn))


def _roll_drawn(g: Game) -> None:
    g.pool = sort_dice([*g.pool, *(roll(g, c) for c in g.oo["drawn"])])
    g.oo["drawn"] = []
    g.step = "roll"
    ev(g, "roll", f"The Shark rolls {' '.join(g.pool) or 'no dice'}", seat="shark",
       dice=list(g.pool))


def drawn_roots(g: Game) -> list[tuple[Action, bool]]:
    out = [(Action("roll"), True)]
    if kept_with(g, "redraw") and g.oo["drawn"]:
        out.insert(0, (Action("decisive"), True))
    return out


def h_roll(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    if g.step != "drawn":
        raise Infeasible
    _roll_drawn(g)


def h_decisive(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    """Decisive: before rolling, the drawn dice go back and as many are drawn again."""
    from .core import bag_draw

    cards = kept_with(g, "redraw")
    if not cards or g.step != "drawn" or not g.oo["drawn"]:
        raise Infeasible
    use_kept(g, cards[0])
    n = len(g.oo["drawn"])
    for c in g.oo["drawn"]:
        g.bag[c] += 1
    again = []
    for _ in range(n):
        c = bag_draw(g)
        if c is None:
            break
        again.append(c)
    g.oo["drawn"] = again
    ev(g, "drawn", f"Decisive: the Shark draws again: {' '.join(again)}", seat="shark",
       colours=list(again))
    _roll_drawn(g)


HANDLERS: dict[str, Any] = {
    "token": h_token,
    "nursery": h_nursery,
    "double": h_double,
    "adrenaline": h_adrenaline,
    "peek": h_peek,
    "stop": h_stop,
    "bloodlust": h_bloodlust,
    "decisive": h_decisive,
    "roll": h_roll,
}



# -- Powerful and Pack Hunt (OO-15) ----------
def powerful_targets(g: Game, name: str) -> list[int]:
    """Empty spaces next to another Shark's space."""
    from .data import board
    from .shark import empty
    from .sharks import sharks

    b = board(g.board_side)
    near = {t for n, s, _ in sharks(g) if n != name for t in b.next_to[s]}
    return sorted(t for t in near if empty(g, t))


def powerful_roots(g: Game) -> list[tuple[Action, bool]]:
    from .sharks import unmoved

    if not kept_with(g, "place_by_shark") or g.tf.get("mover"):
        return []
    return [(act("powerful", n), True) for n in unmoved(g) if powerful_targets(g, n)]


def h_powerful(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    """Powerful: instead of its regular move, a Shark is placed next to another Shark."""
    from .camouflage import _facing_word
    from .shark import _moved
    from .sharks import pos, set_pos

    name = root.args[0]
    if root not in [a for a, _ in powerful_roots(g)]:
        raise Infeasible
    t = int(ch.pick([act("at", s) for s in powerful_targets(g, name)], True).args[0])
    words = {_facing_word(g, t, f): f for f in (None, 0, 1)}
    f = words[ch.pick([act("face", w) for w in words], True).args[0]]
    use_kept(g, kept_with(g, "place_by_shark")[0])
    old, _ = pos(g, name)
    set_pos(g, name, t, f)
    ev(g, "move", f"Powerful: the Shark on {old} is placed on {t}", seat="shark",
       spaces=[s for s in (old, t) if s is not None], shark=name)
    g.tf["mover"] = name
    _moved(g)


def pack_hunt_ok(g: Game, z: int, d: str, first: str | None, cards: set[str]) -> str | None:
    """Pack Hunt: a zone next to two Sharks may take a Search and a Strike die this turn."""
    from .sharks import adjacent

    packs = [c for c in kept_with(g, "pack_hunt") if c not in cards]
    if not packs or first is None or dcol(first) == dcol(d) or len(adjacent(g, z)) < 2:
        return None
    return packs[0]


HANDLERS["powerful"] = h_powerful
