"""The Octopus's turn (kelp-spec.md §4) and its setup decision, the Shark's den (B-6).

Roots are the first step of each command; handlers run a whole command from its root and
the choices that follow, asking for more through the `Chooser`.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from .actions import Action, act
from .core import (
    Chooser,
    Infeasible,
    card_name,
    draw_cards,
    ev,
    hide,
    leave_hand,
    octo_card,
    reveal,
)
from .data import ZONE_INDEX, ZONES, base_id, board, data
from .effects import SKIP, UNCONDITIONAL, run_effects
from .state import Game

DRAW = Action("draw")
END = Action("end")


def first_copies(cards: list[str]) -> list[str]:
    """One card per design: copies are interchangeable, so offer the lowest id only."""
    firsts: dict[str, str] = {}
    for c in sorted(cards):
        firsts.setdefault(base_id(c), c)
    return list(firsts.values())


def den_roots(g: Game) -> list[tuple[Action, bool]]:
    return [(act("den", d), True) for d in board(g.board_side).dens]


def h_den(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    s = int(root.args[0])
    if s not in board(g.board_side).dens:
        raise Infeasible
    g.shark_at = s
    g.facing = None
    g.phase = "octopus"
    g.turn = "octopus"
    g.round = 1
    ev(g, "den", f"The Octopus places the Shark on den {s}", seat="octopus", spaces=(s,))


def turn_roots(g: Game) -> list[tuple[Action, bool]]:
    """O-1: two actions (play, draw, discard-and-hide); banked food effects between them."""
    out: list[tuple[Action, bool]] = []
    if g.actions < int(data().comp["octopus"]["actions_per_turn"]):
        if not g.hand:
            out.append((DRAW, True))
        else:
            for c in first_copies(g.hand):
                sure = _surely_playable(g, c)
                if sure is not False:
                    out.append((act("play", c), bool(sure)))
            if len(g.hand) < g.hand_limit:
                out.append((DRAW, True))
            out.extend((act("discard", c), True) for c in first_copies(g.hand))
    else:
        out.append((END, True))
    out.extend((act("food", f), False) for f in sorted(set(g.banked)))
    if g.oo:
        from .camouflage import free_roots

        out.extend(free_roots(g))
    return out


def _surely_playable(g: Game, cid: str) -> bool | None:
    """Decide cheaply when a card's effect can't fail (True/False), else None (look ahead)."""
    card = octo_card(cid)
    if any(e["op"] not in UNCONDITIONAL for e in card.effects):
        return None
    return card.cost == 0 or bool(pay_options(g, card.cost))


def pay_options(g: Game, cost: int) -> list[Action]:
    """O-3: minimal sets of hidden blocks paying `cost` (the Double Shell is worth 2)."""
    hidden = tuple(z for z in range(9) if g.hidden[z])
    ds = g.zones.index("double_shell") if "double_shell" in g.zones else -1
    return list(_pay_sets(hidden, ds if ds in hidden else -1, cost))


@lru_cache(maxsize=4096)
def _pay_sets(hidden: tuple[int, ...], ds: int, cost: int) -> tuple[Action, ...]:
    out = []
    for n in range(1, cost + 1):
        for s in combinations(hidden, n):
            total = sum(2 if z == ds else 1 for z in s)
            if total >= cost and all(total - (2 if z == ds else 1) < cost for z in s):
                out.append(Action("pay", tuple(ZONES[z] for z in s)))
    return tuple(out)


def h_play(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    cid = root.args[0]
    if cid not in g.hand:
        raise Infeasible
    card = octo_card(cid)
    leave_hand(g, cid)
    g.slots.append(cid)
    paid: list[int] = []
    if card.cost > 0:
        choice = ch.pick(pay_options(g, card.cost))
        paid = [ZONE_INDEX[a] for a in choice.args]
    ev(g, "play", f"The Octopus plays {card.name}" + (
        f", paying with {', '.join(ZONES[z] for z in paid)}" if paid else ""),
       seat="octopus", zones=paid, card=cid)
    for z in paid:
        reveal(g, z, f"paying for {card.name}")
    if g.oo and paid:
        from .camouflage import camo_after_paying

        camo_after_paying(g, ch, paid)
    run_effects(g, card.effects, ch, {"why": card.name, "card": cid})
    g.actions += 1


def h_draw(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    draw_cards(g, max(0, g.hand_limit - len(g.hand)), "Draw action")
    g.actions += 1


def h_discard(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    cid = root.args[0]
    if cid not in g.hand:
        raise Infeasible
    leave_hand(g, cid)
    g.discard.append(cid)
    ev(g, "discard", f"The Octopus discards {card_name(cid)}", seat="octopus", card=cid)
    shown = [z for z in range(9) if not g.hidden[z]]
    if shown:
        c = ch.pick([*(act("hide", ZONES[z]) for z in shown), SKIP], True)
        if c != SKIP:
            hide(g, ZONE_INDEX[c.args[0]])
    g.actions += 1


def h_food(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    """O-8 / D-4: a banked food effect, used once, outside actions."""
    food = root.args[0]
    if food not in g.banked:
        raise Infeasible
    g.banked.remove(food)
    f = data().foods[food]
    ev(g, "food", f"The Octopus uses the {f['name']}: {f['text']}", seat="octopus", food=food)
    run_effects(g, tuple(f["effects"]), ch, {"why": f["name"]})


def h_end(g: Game, seat: str, root: Action, ch: Chooser) -> None:
    g.tf["ended"] = True


HANDLERS = {
    "den": h_den,
    "play": h_play,
    "draw": h_draw,
    "discard": h_discard,
    "food": h_food,
    "end": h_end,
}


def _add_module_handlers() -> None:
    """Offshore Offspring's free commands (rules/camouflage.py)."""
    from .camouflage import HANDLERS as CAMO

    HANDLERS.update(CAMO)


_add_module_handlers()
