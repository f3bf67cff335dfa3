"""Random complete games for property tests: seeded, so every failure is reproducible."""

from __future__ import annotations

import os
import random
from collections import Counter
from collections.abc import Callable, Iterator

import rules
from rules.actions import CANCEL
from rules.data import data
from rules.engine import deciders
from rules.state import Game

# CI plays this many complete games per property; set KELP_PROPERTY_GAMES for a nightly run.
GAMES = int(os.environ.get("KELP_PROPERTY_GAMES", "400"))


def random_game(seed: int, *, board: str = "day", cancel_rate: float = 0.0,
                each: Callable[[Game], None] | None = None,
                stop_after: int | None = None, oo: bool = False) -> Game:
    """Play a random game from `seed`; `each` is called after every step.

    `oo` plays Offshore Offspring (reached through the private entry while unfinished).
    """
    if oo:
        from tests.rules.oo_positions import oo_game

        g = oo_game(seed, board=board)
    else:
        g = rules.new_game(seed, board=board)
    rng = random.Random(seed * 7919 + 1)
    steps = 0
    while g.phase != "over" and (stop_after is None or steps < stop_after):
        seat = rng.choice(deciders(g))
        acts = rules.legal_actions(g, seat)
        assert acts, f"seed {seed}: {seat} must decide but has no legal action (G-1)"
        choices = [a for a in acts if a != CANCEL]
        cancel = CANCEL in acts and rng.random() < cancel_rate
        a = CANCEL if cancel else rng.choice(choices)
        rules.apply(g, seat, a)
        steps += 1
        if each is not None:
            each(g)
        assert steps < 20_000, f"seed {seed}: game does not end"
    return g


def mid_games(n: int, seed0: int = 10_000, *, oo: bool = False) -> Iterator[Game]:
    """Running positions at random depths, for leak and bad-input tests."""
    for i in range(n):
        rng = random.Random(seed0 + i)
        g = random_game(seed0 + i, stop_after=rng.randrange(1, 250), cancel_rate=0.05,
                        board=rng.choice(("day", "night")), oo=oo)
        if g.phase != "over":
            yield g


def check_conservation(g: Game) -> None:
    d = data()
    dice = Counter(g.bag) + Counter(g.supply_dice)
    moving = [a[1] for a in [*g.assigned, *g.limbo]]
    for x in [*g.pool, *moving, *g.dice_on.values(), *g.energy, *g.hunger,
              *(x for t in g.growth for x in t)]:
        dice[x[1]] += 1
    assert dice == Counter({k: int(v) for k, v in d.comp["dice"].items()}), dice
    waiting = [d.food_of_card[c] for c in g.piles["eat"]]
    blocks = Counter(g.zones) + Counter(g.supply) + Counter(g.food_track) + Counter(waiting)
    blocks = +blocks
    assert len(g.zones) == 9 and all(g.zones)
    expect = Counter({"octopus": 1, "shell": 8, "double_shell": 1})
    expect.update({k: 1 for k in [*d.foods, *d.traps]})
    assert blocks == expect, blocks
    cards = [*g.hand, *g.draw, *g.discard, *g.slots, *g.o_trash,
             *(c for p in g.piles.values() for c in p)]
    assert sorted(cards) == sorted(d.octo_cards), sorted(cards)
    sharks = [*(c for c in g.display if c), *g.deck, *g.kept, *g.s_trash]
    assert sorted(sharks) == sorted(d.shark_cards)
    assert g.shark_at is None or g.shark_at not in g.dice_on
    assert len(g.hunger) <= 7 and len(g.energy) <= 3
    for z in range(9):
        if g.hidden[z]:
            assert g.zones[z] in g.know_pub[z] and g.zones[z] in g.know_shark[z]


def check_oo_conservation(g: Game) -> None:
    """Offshore Offspring's components (OO-1, OO-1a) at every step."""
    from rules.core import is_octopus
    from rules.expansion_data import offshore_offspring
    from rules.offspring import oo_cards, sharks

    d = data()
    x = offshore_offspring()
    dice = Counter(g.bag) + Counter(g.supply_dice)
    moving = [a[1] for a in [*g.assigned, *g.limbo]]
    for y in [*g.pool, *moving, *g.dice_on.values(), *g.energy, *g.hunger,
              *(y for t in g.growth for y in t)]:
        dice[y[1]] += 1
    for c in g.oo["drawn"]:
        dice[c] += 1
    assert dice == Counter({k: int(v) for k, v in d.comp["dice"].items()}), dice
    assert len(g.zones) == 9 and all(g.zones)
    waiting = [d.food_of_card[c] for c in g.piles["eat"] if c in d.food_of_card]
    foods = Counter(k for k in g.zones if k in d.foods) + Counter(g.food_track) + \
        Counter(waiting)
    assert foods == Counter(d.foods.keys()), foods
    traps = Counter(k for k in g.zones if k in x.traps) + +Counter(
        {k: v for k, v in g.supply.items() if k in x.traps})
    assert traps == Counter(x.traps.keys()), traps
    assert "double_shell" not in g.zones
    assert g.phase == "over" or any(is_octopus(k) for k in g.zones)
    assert all(k == "shell" or is_octopus(k) or k in d.foods or k in x.traps for k in g.zones)
    cards = [*g.hand, *g.draw, *g.discard, *g.slots, *g.o_trash,
             *(c for p in g.piles.values() for c in p), *g.oo["aside"], *g.oo["events"],
             *g.oo["resolving"]]
    assert sorted(cards) == oo_cards(), sorted(cards)
    assert not any(c in x.events for c in g.hand)
    shark_cards = [*(c for c in g.display if c), *g.deck, *g.kept, *g.s_trash]
    assert sorted(shark_cards) == sorted([*d.shark_cards, *x.shark_cards])
    spaces = [s for _, s, _ in sharks(g)]
    assert len(spaces) == len(set(spaces))
    for s in spaces:
        assert s not in g.dice_on and s != g.oo["route"]
    assert g.oo["route"] is None or g.oo["route"] not in g.dice_on
    assert len(g.hunger) <= 7 and len(g.energy) <= 3
    assert all(0 <= n <= x.camouflage.slots for n in g.oo["tracks"].values())
    for z in range(9):
        if g.hidden[z]:
            assert g.zones[z] in g.know_pub[z] and g.zones[z] in g.know_shark[z]


# Steps that pick a set of items rather than one option: the items are what counts.
SET_VERBS = frozenset({"pay", "shuffle", "hide", "with", "sharp_eyes", "store", "buy", "double"})


def check_fits_discord_selects(g: Game) -> None:
    """X-5: every step offers at most 25 options, or a set drawn from at most 25 items —
    one Discord select menu each."""
    for seat in rules.SEATS:
        by_verb: dict[str, set[str]] = {}
        for a in rules.legal_actions(g, seat):
            if a.verb in SET_VERBS:
                by_verb.setdefault(a.verb, set()).update(a.args)
            else:
                by_verb.setdefault(a.verb, set()).add(a.text)
        for verb, items in by_verb.items():
            assert len(items) <= 25, (verb, len(items))
