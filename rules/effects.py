"""Effect primitives that card, food, trap and escape data combine (kelp-spec.md §4, §6, §9).

Each primitive asks its choices through a `Chooser` *before* it changes anything, so the
same code serves three purposes: listing the options of the next step, checking that a
card's whole effect can happen (O-3), and applying the finished command.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations
from typing import Any

from .actions import Action, act
from .core import (
    Chooser,
    Infeasible,
    bag_draw,
    block_name,
    card_name,
    draw_cards,
    end_game,
    ev,
    hide,
    is_trap,
    octopus_zone,
    refill_display,
    replace_block,
    replaceable,
    reveal,
    roll,
    shuffle_blocks,
    swap_blocks,
    to_hand_public,
    to_hunger,
)
from .data import LINES, ORTH_NEIGHBOURS, ORTH_PAIRS, TOUCH_PAIRS, ZONE_INDEX, ZONES, base_id, data
from .state import Game

SKIP = Action("skip")
PILES = ("move", "hide", "learn", "eat")
# Primitives whose feasibility never depends on earlier choices: a pick followed only by
# these can skip the look-ahead.
UNCONDITIONAL = frozenset({"swap", "draw", "hand_limit", "hunger", "trash_display"})
# Who chooses inside a primitive when it runs outside a command (traps, escapes).
CHOOSER = {"hunger": "shark", "wound": "shark"}


def zset(zs: tuple[int, ...] | list[int]) -> tuple[str, ...]:
    return tuple(ZONES[z] for z in sorted(zs))


@lru_cache(maxsize=4096)
def zone_sets(verb: str, zones: tuple[int, ...], lo: int, hi: int) -> tuple[Action, ...]:
    """Every set of `lo`..`hi` of `zones` as a multi-select step (cached: used constantly)."""
    return tuple(Action(verb, zset(s)) for n in range(lo, min(hi, len(zones)) + 1)
                 for s in combinations(zones, n))


def run_effects(
    g: Game,
    effects: tuple[dict[str, Any], ...] | list[dict[str, Any]],
    ch: Chooser,
    ctx: dict[str, Any],
    *,
    optional: bool = False,
) -> None:
    """Resolve `effects` in order (G-1a), taking choices from `ch`.

    With `optional`, the first step also offers `skip` (D-5: escape effects are optional).
    """
    for i, eff in enumerate(effects):
        tail_safe = all(e["op"] in UNCONDITIONAL for e in effects[i + 1 :])
        opt = optional and i == 0
        if not PRIMITIVES[eff["op"]](g, eff, ch, ctx, tail_safe, opt):
            return


def _pick(ch: Chooser, options: list[Action], sure: bool, optional: bool) -> Action:
    return ch.pick([*options, SKIP] if optional else options, sure)


@lru_cache(maxsize=64)
def swap_options(diagonal: bool, avoid: int) -> tuple[Action, ...]:
    pairs = TOUCH_PAIRS if diagonal else ORTH_PAIRS
    return tuple(act("swap", ZONES[a], ZONES[b]) for a, b in pairs if avoid not in (a, b))


def swap(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any], safe: bool,
         optional: bool) -> bool:
    """O-5: exchange the blocks of two zones; each keeps its hidden/revealed state."""
    avoid = ZONE_INDEX[ctx["zone"]] if eff.get("not_trap") else -1
    opts = list(swap_options(eff.get("reach") == "touch", avoid))
    if g.oo:
        opts.extend(_kelp_swaps(g, opts, avoid))
    c = _pick(ch, opts, safe, optional)
    if c == SKIP:
        return False
    swap_blocks(g, ZONE_INDEX[c.args[0]], ZONE_INDEX[c.args[1]], ctx["why"])
    return True


def _kelp_swaps(g: Game, have: list[Action], avoid: int) -> list[Action]:
    """OO-5 Shadow Sneak: two Kelp zones may swap, ignoring adjacency."""
    from .camouflage import kelp_pairs

    seen = set(have)
    return [a for x, y in kelp_pairs(g) if avoid not in (x, y)
            and (a := act("swap", ZONES[x], ZONES[y])) not in seen]


def shuffle(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any], safe: bool,
            optional: bool) -> bool:
    """O-6: 2..max hidden blocks are redistributed among their zones."""
    hidden = tuple(z for z in range(9) if g.hidden[z])
    opts = list(zone_sets("shuffle", hidden, 2, int(eff["max"])))
    c = _pick(ch, opts, safe, optional)
    if c == SKIP:
        return False
    shuffle_blocks(g, [ZONE_INDEX[a] for a in c.args], ctx["why"])
    return True


def hide_some(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any], safe: bool,
              optional: bool) -> bool:
    """Hide 1..max revealed blocks ("up to N" needs at least one)."""
    shown = tuple(z for z in range(9) if not g.hidden[z])
    opts = list(zone_sets("hide", shown, 1, int(eff["max"])))
    c = _pick(ch, opts, safe, optional)
    if c == SKIP:
        return False
    for a in c.args:
        hide(g, ZONE_INDEX[a])
    return True


def hide_line(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any], safe: bool,
              optional: bool) -> bool:
    """Mimic: hide every revealed block of one row or column holding at least one."""
    opts = [act("line", k) for k, zs in LINES.items() if any(not g.hidden[z] for z in zs)]
    c = _pick(ch, opts, safe, optional)
    if c == SKIP:
        return False
    for z in LINES[c.args[0]]:
        hide(g, z)
    return True


def _learn_sources(g: Game, sources: list[str]) -> list[str]:
    room = bool(replaceable(g))
    out: list[str] = []
    if "cards" in sources:
        for p in PILES:
            if g.oo and p == "eat":
                if _oo_eat_ok(g):
                    out.append(p)
            elif g.piles[p] and (p != "eat" or room):
                out.append(p)
    if room:
        kinds = [k for k, n in g.supply.items() if n > 0]
        if "blocks" in sources:
            out.extend(kinds)
        elif "traps" in sources:
            out.extend(k for k in kinds if is_trap(k))
    return out


def learn(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any], safe: bool,
          optional: bool) -> bool:
    """O-7: gain N items, each a pile's top card or a supply block (food + Eat card = one)."""
    n = int(eff["n"])
    into = eff.get("into", "discard")
    for i in range(n):
        last = i == n - 1
        src = _pick(ch, [act("learn", s) for s in _learn_sources(g, list(eff["from"]))],
                    safe and last, optional and i == 0)
        if src == SKIP:
            return False
        s = src.args[0]
        if g.oo and s == "eat":
            from .food import learn_eat

            learn_eat(g, ch, safe and last, into)
            continue
        if s in PILES:
            cid = g.piles[s].pop()
            food = data().food_of_card.get(cid) if s == "eat" else None
            if food is not None:
                z = ZONE_INDEX[ch.pick([act("replace", ZONES[z]) for z in replaceable(g)],
                                       safe and last).args[0]]
                old = replace_block(g, z, food, f"learned with {card_name(cid)}")
                g.supply[old] = g.supply.get(old, 0) + 1
            if into == "hand":
                to_hand_public(g, cid)
            else:
                g.discard.append(cid)
            ev(g, "learn", f"The Octopus learns {card_name(cid)} from the {s} pile"
               + (" into its hand" if into == "hand" else ""), seat="octopus", card=cid, pile=s)
            if g.piles[s]:
                ev(g, "pile_top", f"{card_name(g.piles[s][-1])} is now on top of the {s} pile",
                   pile=s, card=g.piles[s][-1])
        else:
            z = ZONE_INDEX[ch.pick([act("replace", ZONES[z]) for z in replaceable(g)],
                                   safe and last).args[0]]
            track = _oo_shell_choice(g, ch, z, safe and last)
            g.supply[s] -= 1
            old = replace_block(g, z, s, "learned from the supply")
            if track is not None:
                from .camouflage import shell_off

                shell_off(g, track)  # OO-4: a removed shell goes onto a Camouflage track
            else:
                g.supply[old] = g.supply.get(old, 0) + 1
    return True


def _oo_eat_ok(g: Game) -> bool:
    from .food import eat_source_ok

    return eat_source_ok(g)


def _oo_shell_choice(g: Game, ch: Chooser, z: int, safe: bool) -> Any:
    """OO-4: where a shell replaced on the board goes (None: not a shell, or a base game)."""
    if not g.oo or g.zones[z] != "shell":
        return None
    from .camouflage import shell_off_choice

    return shell_off_choice(g, ch, safe)


def draw(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any], safe: bool,
         optional: bool) -> bool:
    if optional and _pick(ch, [Action("use")], safe, True) == SKIP:
        return False
    draw_cards(g, int(eff["n"]), ctx["why"])
    return True


def hand_limit(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any], safe: bool,
               optional: bool) -> bool:
    """C-4: the limit rises to at most 6; a +1 past that does nothing."""
    top = int(data().comp["octopus"]["max_hand_limit"])
    new = min(top, g.hand_limit + int(eff["delta"]))
    if new != g.hand_limit:
        g.hand_limit = new
        ev(g, "hand_limit", f"The Octopus's hand limit is now {new}", seat="octopus")
    return True


def bank_food(g: Game, food: str, ctx: dict[str, Any], zo: int, zf: int) -> None:
    """O-8: the eaten food goes on the Food Track with its effect banked, and the Eat card
    that ate it leaves play — the same with or without the expansion."""
    g.food_track.append(food)
    g.banked.append(food)
    card = ctx.get("card")
    if card in g.slots:
        g.slots.remove(card)
        g.o_trash.append(card)
    ev(g, "eat", f"The Octopus eats the {block_name(food)} ({len(g.food_track)}/4 food)",
       seat="octopus", zones=(zo, zf), food=food)


def eat(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any], safe: bool,
        optional: bool) -> bool:
    """O-8: eat a food orthogonally adjacent to the Octopus; bank its effect."""
    if g.oo:
        from .food import eat as oo_eat

        return oo_eat(g, eff, ch, ctx, safe)
    food = eff["food"]
    if food not in g.zones:
        raise Infeasible
    zf, zo = g.zones.index(food), octopus_zone(g)
    if zf not in ORTH_NEIGHBOURS[zo]:
        raise Infeasible
    fill = "shell" if g.supply.get("shell", 0) > 0 else "double_shell"
    if g.supply.get(fill, 0) <= 0:
        raise Infeasible
    reveal(g, zo, "eating")
    reveal(g, zf, "eating")
    g.supply[fill] -= 1
    replace_block(g, zf, fill, "the food was eaten")
    bank_food(g, food, ctx, zo, zf)
    if len(g.food_track) >= int(data().comp["octopus"]["food_track"]):
        end_game(g, "octopus", "food")
    return True


def take_card(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any], safe: bool,
              optional: bool) -> bool:
    """Sea Snail: any card from the draw or discard pile into the hand."""
    opts: list[Action] = []
    for pile_name, pile in (("draw", g.draw), ("discard", g.discard)):
        firsts: dict[str, str] = {}
        for c in sorted(pile):
            firsts.setdefault(base_id(c), c)
        opts.extend(act("take", c, pile_name) for c in firsts.values())
    c = _pick(ch, opts, safe, optional)
    if c == SKIP:
        return False
    cid, where = c.args
    if g.oo and _take_event(g, cid, where):
        return True
    if where == "discard":
        g.discard.remove(cid)
        to_hand_public(g, cid)
        ev(g, "take", f"The Octopus takes {card_name(cid)} from its discard pile",
           seat="octopus", card=cid)
    else:
        g.draw.remove(cid)
        g.hand.append(cid)
        g.rng.shuffle(g.draw)
        ev(g, "take", "The Octopus takes a card from its draw pile and shuffles it",
           seat="octopus", secret={"octopus": {"card": cid,
                                               "text": f"You take {card_name(cid)}"}})
    return True


def _take_event(g: Game, cid: str, where: str) -> bool:
    """D-4 with OO-2: an Event card taken by the Sea Snail is set aside and resolves at once."""
    from .offspring import found_event, is_event

    if not is_event(cid):
        return False
    (g.discard if where == "discard" else g.draw).remove(cid)
    if where == "draw":
        g.rng.shuffle(g.draw)
    found_event(g, cid, "takes")
    return True


def hunger(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any], safe: bool,
           optional: bool) -> bool:
    """S-10: a die for the Hunger Track from Energy (Shark's choice), the bag, or the pool."""
    if g.energy:
        d = ch.pick([act("feed", x) for x in sorted(set(g.energy))], safe).args[0] \
            if len(set(g.energy)) > 1 else g.energy[0]
        g.energy.remove(d)
    elif any(g.bag.values()):
        colour = bag_draw(g)
        assert colour is not None
        d = roll(g, colour)
    elif g.pool:
        d = ch.pick([act("feed", x) for x in sorted(set(g.pool))], safe).args[0] \
            if len(set(g.pool)) > 1 else g.pool[0]
        g.pool.remove(d)
    else:
        ev(g, "hunger_none", "No die can go to the Hunger Track")
        return True
    to_hunger(g, d, ctx["why"])
    return True


def trash_display(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any], safe: bool,
                  optional: bool) -> bool:
    """Scare: the Octopus trashes a face-up Shark card; the display refills."""
    shown = sorted({c for c in g.display if c is not None})
    if not shown:
        return True
    cid = ch.pick([act("trash", c) for c in shown], safe).args[0]
    g.display[g.display.index(cid)] = None
    g.s_trash.append(cid)
    ev(g, "trash_display", f"The Octopus trashes {card_name(cid)} from the Shark display",
       seat="octopus", card=cid)
    refill_display(g)
    return True


def hide_shuffle(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any], safe: bool,
                 optional: bool) -> bool:
    """Flinch / Flight: the Octopus and chosen blocks become hidden and are shuffled."""
    zo = ZONE_INDEX[ctx["zone"]] if g.oo else octopus_zone(g)
    if eff.get("with") == "adjacent":
        opts = [act("with", ZONES[z]) for z in ORTH_NEIGHBOURS[zo]]
        if g.oo:
            from .camouflage import kelp_pairs

            near = set(ORTH_NEIGHBOURS[zo])
            opts.extend(act("with", ZONES[y if x == zo else x]) for x, y in kelp_pairs(g)
                        if zo in (x, y) and (y if x == zo else x) not in near)
    else:
        others = tuple(z for z in range(9) if z != zo)
        opts = list(zone_sets("with", others, 0, int(eff["max"])))
    c = _pick(ch, opts, safe, optional)
    if c == SKIP:
        return False
    zs = sorted([zo, *(ZONE_INDEX[a] for a in c.args)])
    for z in zs:
        hide(g, z)
    if len(zs) > 1:
        shuffle_blocks(g, zs, ctx["why"])
    return True


PRIMITIVES = {
    "swap": swap,
    "shuffle": shuffle,
    "hide": hide_some,
    "hide_line": hide_line,
    "learn": learn,
    "draw": draw,
    "hand_limit": hand_limit,
    "eat": eat,
    "take_card": take_card,
    "hunger": hunger,
    "trash_display": trash_display,
    "hide_shuffle": hide_shuffle,
}


def _add_module_primitives() -> None:
    """Offshore Offspring's primitives (kelp-spec.md §10); base data never names them."""
    from . import camouflage, food, offspring, wounds

    for mod in (offspring, camouflage, wounds, food):
        PRIMITIVES.update(mod.PRIMITIVES)


_add_module_primitives()


__all__ = ["CHOOSER", "PRIMITIVES", "SKIP", "run_effects"]
