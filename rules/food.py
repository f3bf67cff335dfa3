"""Food with Offshore Offspring (kelp-spec.md OO-6): the face-down Eat pile, eating with
several Octopuses, the Escape Route and Escape to Safety.

The base primitives `learn` and `eat` (rules/effects.py) hand over to this module in an
Offshore Offspring game, so the base game's code paths stay exactly as they were.
"""

from __future__ import annotations

from typing import Any

from .actions import act
from .camouflage import shell_back, shell_off, shell_off_choice
from .core import (
    Chooser,
    Infeasible,
    block_name,
    card_name,
    end_game,
    ev,
    is_octopus,
    replace_block,
    replaceable,
    reveal,
)
from .data import ORTH_NEIGHBOURS, ZONE_INDEX, ZONES, board, data
from .effects import bank_food
from .expansion_data import offshore_offspring
from .offspring import colour, octo_kind, stage
from .state import Game


def _pile() -> Any:
    return offshore_offspring().eat_pile


def eat_learnable(g: Game) -> bool:
    """OO-6: the Eat pile's top can be learned only face up, and one card per turn."""
    return bool(g.piles["eat"]) and bool(g.oo["eat_up"]) and \
        int(g.tf.get("eat_learned", 0)) < _pile().learn_per_turn


def food_targets(g: Game) -> list[int]:
    """OO-6: a learned food replaces a revealed shell if there is one (else as O-7)."""
    shells = [z for z in range(9) if g.zones[z] == "shell" and not g.hidden[z]]
    return shells or replaceable(g)


def eat_source_ok(g: Game) -> bool:
    """Can the Eat pile's top be learned now (its food needs a block to replace)?"""
    if not eat_learnable(g):
        return False
    top = g.piles["eat"][-1]
    return top == _pile().escape.id or bool(food_targets(g))


def route_dens(g: Game) -> list[int]:
    """OO-6: a free den (no Shark, no die); if none is free, one holding a Current die."""
    from .offspring import shark_spaces

    dens = board(g.board_side).dens
    taken = shark_spaces(g)
    free = [s for s in dens if s not in taken and s not in g.dice_on]
    if free:
        return free
    if _pile().route_den_with_die == "if_none_free":
        return [s for s in dens if s not in taken]
    return []


def learn_eat(g: Game, ch: Chooser, safe: bool, into: str) -> None:
    """Learn the Eat pile's top (OO-6): its food with a block, or Escape to Safety."""
    cid = g.piles["eat"][-1]
    food = data().food_of_card.get(cid)
    z = track = s = None
    if food is not None:
        z = ZONE_INDEX[ch.pick([act("replace", ZONES[x]) for x in food_targets(g)],
                               safe).args[0]]
        if g.zones[z] == "shell":
            track = shell_off_choice(g, ch, safe)
    else:
        dens = route_dens(g)
        if dens:
            s = int(ch.pick([act("route", d) for d in dens], safe).args[0])
    g.piles["eat"].pop()
    g.tf["eat_learned"] = int(g.tf.get("eat_learned", 0)) + 1
    g.oo["eat_up"] = False
    if food is not None and z is not None:
        old = replace_block(g, z, food, f"learned with {card_name(cid)}")
        if old == "shell":
            shell_off(g, track if track is not None else (None, None))
        else:
            g.supply[old] = g.supply.get(old, 0) + 1
    if into == "hand":
        g.hand.append(cid)
        g.hand_known.append(cid)
    else:
        g.discard.append(cid)
    ev(g, "learn", f"The Octopus learns {card_name(cid)} from the eat pile"
       + (" into its hand" if into == "hand" else ""), seat="octopus", card=cid, pile="eat")
    if s is not None:
        _place_route(g, s)


def _place_route(g: Game, s: int) -> None:
    from .core import to_bag

    if s in g.dice_on:
        d = g.dice_on.pop(s)
        to_bag(g, d)
        ev(g, "return", f"The Current die {d} on den {s} returns to the bag", spaces=(s,))
    g.oo["route"] = s
    ev(g, "escape_route", f"The Escape Route covers den {s}", seat="octopus", spaces=(s,))


def flip_eat_top(g: Game) -> None:
    """OO-6: at the end of a turn in which an Eat card was learned, the next one flips."""
    if g.oo and not g.oo["eat_up"] and g.piles["eat"]:
        g.oo["eat_up"] = True
        top = g.piles["eat"][-1]
        ev(g, "pile_top", f"{card_name(top)} is now face up on top of the eat pile",
           pile="eat", card=top)


def eat(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any], safe: bool) -> bool:
    """O-8 with OO-0/OO-3: any Octopus next to the food eats; a Juvenile becomes an adult."""
    food = eff["food"]
    if food not in g.zones:
        raise Infeasible
    zf = g.zones.index(food)
    eaters = [z for z in ORTH_NEIGHBOURS[zf] if is_octopus(g.zones[z])]
    if not eaters:
        raise Infeasible
    zo = eaters[0] if len(eaters) == 1 else ZONE_INDEX[
        ch.pick([act("by", ZONES[z]) for z in eaters], safe).args[0]]
    back = [c for c, n in g.oo["tracks"].items() if n > 0]
    track = back[0] if len(back) == 1 else (
        ch.pick([act("from", c) for c in back], safe).args[0] if back else None)
    reveal(g, zo, "eating")
    reveal(g, zf, "eating")
    kind = g.zones[zo]
    if stage(kind) == "juvenile":
        grown = octo_kind("adult", colour(kind))
        g.zones[zo] = grown
        g.know_pub[zo] = (grown,)
        g.know_shark[zo] = (grown,)
        ev(g, "grow", f"The Juvenile in {ZONES[zo]} eats and grows into {block_name(grown)}",
           seat="octopus", zones=(zo,), block=grown)
    replace_block(g, zf, "shell", "the food was eaten")
    if track is not None:
        shell_back(g, {}, _Fixed(track), ctx, True, False)
    bank_food(g, food, ctx, zo, zf)
    return True


class _Fixed(Chooser):
    """A chooser that answers one known step (a choice already asked up front)."""

    def __init__(self, track: str) -> None:
        super().__init__([act("from", track)])


def escape(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any], safe: bool,
           optional: bool) -> bool:
    """OO-6: all four foods eaten and an Octopus in the Escape Route's corner zone: it wins."""
    route = g.oo.get("route")
    if route is None or len(g.food_track) < _pile().foods_needed:
        raise Infeasible
    z = board(g.board_side).den_zone[route]
    if not is_octopus(g.zones[z]):
        raise Infeasible
    reveal(g, z, "Escape to Safety")
    ev(g, "escape", f"{block_name(g.zones[z])} in {ZONES[z]} escapes by the Escape Route",
       seat="octopus", zones=(z,), spaces=(route,))
    end_game(g, "octopus", "escape")
    return True


def place_escape_route(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any],
                       safe: bool, optional: bool) -> bool:
    """On learning Escape to Safety (handled by `learn_eat`, which asks the den)."""
    return True


PRIMITIVES = {"escape": escape, "place_escape_route": place_escape_route}
