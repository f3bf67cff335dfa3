"""The Shark when it has no Strike die to use (`greedy_shark.buy_strikeless`,
`greedy_shark.stored_reds_stuck`).

A Shark without a red die can't win (G-3) until a purchase brings one. Session 17 found two
search-against-search games that never ended: the Shark hoarded two stored dice and passed
every turn, because a Hunger die always looked dearer than a card. These tests pin the rule
that breaks that wait, which the search plays and the greedy level (measured weaker with
it) does not, and session 43's: with its red dice stuck in Energy late in a game, either
level fills Energy to send them back to the bag.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from rules.ai import choose, greedy_shark
from rules.ai.search import search
from rules.ai.world import options
from rules.state import Game
from tests.rules.positions import do, set_board, started
from tests.rules.shark_setup import (
    game_at_assign,
    set_bag,
    set_display,
    shark_at_step,
    shells,
)

NO_RED_DISPLAY = ["lurk", "burst", "sniff", "sharp_eyes"]


def at_buy(energy: Sequence[str], display: list[str | None], *, hunger: Sequence[str],
           reds_in_bag: int) -> Game:
    """The Shark at S-7's buy step with `energy` stored, nothing else in its pool."""
    g = game_at_assign(shells(C3="octopus"), [], 2, energy=energy, hunger=hunger)
    set_bag(g, 7, 3, reds_in_bag)
    set_display(g, display)
    do(g, "shark", "go")
    assert g.step == "buy", g.step
    return g


def greedy_step(g: Game, seed: int = 0) -> str:
    return choose(g, "shark", random.Random(seed), level="greedy").text


def strikeless_step(g: Game, seed: int = 0) -> str:
    return greedy_shark.buy_strikeless(g, options(g, "shark"), random.Random(seed)).text


def test_g3_a_strikeless_shark_buys_rather_than_wait() -> None:
    """No red die anywhere and none displayed: the rule still buys (the refill may show
    one) where the greedy Shark passes; with a red die in the bag it is not strikeless."""
    hunger = ["1B", "2B", "3Y"]
    g = at_buy(["4B", "2Y"], NO_RED_DISPLAY, hunger=hunger, reds_in_bag=0)
    assert greedy_shark.strikeless(g)
    assert strikeless_step(g).startswith("buy")
    assert greedy_step(g) == "pass"
    g = at_buy(["4B", "2Y"], NO_RED_DISPLAY, hunger=hunger, reds_in_bag=1)
    assert not greedy_shark.strikeless(g)


@pytest.mark.parametrize("seed", range(4))
def test_g3_a_strikeless_shark_buys_the_strike_die_card_it_can_afford(seed: int) -> None:
    g = at_buy(["4B", "2Y"], ["lurk", "frenzy", "sniff", "burst"],
               hunger=["1B", "2B", "3Y"], reds_in_bag=0)
    assert "frenzy" in strikeless_step(g, seed).split()[1:]


def test_g4_a_strikeless_shark_does_not_buy_its_way_into_losing() -> None:
    """With five Hunger dice a sixth and no red die loses at once (G-4): pass; a
    Strike-die card is still bought, its die reaching the bag first."""
    five = ["1B", "2B", "3B", "4B", "5B"]
    g = at_buy(["4B", "2Y"], NO_RED_DISPLAY, hunger=five, reds_in_bag=0)
    assert strikeless_step(g) == "pass"
    g = at_buy(["4B", "2Y"], ["lurk", "frenzy", "sniff", "burst"], hunger=five,
               reds_in_bag=0)
    assert "frenzy" in strikeless_step(g).split()[1:]


def test_the_search_plays_the_strikeless_rule() -> None:
    """The leaf sees the Hunger die, not the Strike die it leads to; the search plays the
    rule's step there, and searches the same position normally once a red die is in the
    bag."""
    g = at_buy(["4B", "2Y"], NO_RED_DISPLAY, hunger=["1B", "2B", "3Y"], reds_in_bag=0)
    assert search(g, "shark", random.Random(1), iterations=30).verb == "buy"
    g = at_buy(["4B", "2Y"], NO_RED_DISPLAY, hunger=["1B", "2B", "3Y"], reds_in_bag=1)
    assert search(g, "shark", random.Random(1), iterations=30).verb == "pass"


def test_refill_red_chance_counts_the_public_deck() -> None:
    """Six of the 20 Shark cards bring a red die; with four non-red cards displayed the
    16-card deck holds all six: one refilled slot shows one 6/16 of the time, two slots
    1 - C(10,2)/C(16,2)."""
    g = at_buy(["4B", "2Y"], NO_RED_DISPLAY, hunger=[], reds_in_bag=0)
    assert greedy_shark.refill_red_chance(g, 1) == pytest.approx(6 / 16)
    assert greedy_shark.refill_red_chance(g, 2) == pytest.approx(1 - 45 / 120)
    g.s_trash = ["hostile", "frenzy", "frenzy_2", "ambush", "ambush_2", "relentless"]
    for c in g.s_trash:
        g.deck.remove(c)
    assert greedy_shark.refill_red_chance(g, 1) == 0.0


def late(g: Game) -> Game:
    """`g` moved on to round `greedy_shark.STALL_ROUND`."""
    g.round = greedy_shark.STALL_ROUND
    return g


def test_g3_red_dice_stored_in_energy_count_until_the_stall_round() -> None:
    """S-7 keeps one or two stored dice when nothing is bought, so a Shark whose Strike
    dice all sit in Energy can't strike until it buys (search day `--seed 4003`, session
    18: both red dice stored, the game ran to round 497). Before `STALL_ROUND` stored red
    dice count as Strike dice (buying to free them cost the search Shark games); from it,
    any purchase frees them, bar the die that goes to Hunger, and a lone stored red die is
    that die."""
    hunger = ["1B", "2B", "3Y", "4B"]
    g = at_buy(["6R", "4R"], NO_RED_DISPLAY, hunger=hunger, reds_in_bag=0)
    assert g.round < greedy_shark.STALL_ROUND
    assert not greedy_shark.strikeless(g)
    assert search(g, "shark", random.Random(1), iterations=30).verb == "pass"
    g = late(g)
    assert greedy_shark.strikeless(g)
    assert greedy_shark.reds_freed(g) == 1
    assert strikeless_step(g).startswith("buy")
    assert greedy_step(g) == "pass"
    assert search(g, "shark", random.Random(1), iterations=30).verb == "buy"
    g = late(at_buy(["6R", "2B"], NO_RED_DISPLAY, hunger=hunger, reds_in_bag=0))
    assert greedy_shark.reds_freed(g) == 1
    g = late(at_buy(["4R"], NO_RED_DISPLAY, hunger=hunger, reds_in_bag=0))
    assert greedy_shark.strikeless(g) and greedy_shark.reds_freed(g) == 0
    g = late(at_buy(["6R", "4R"], NO_RED_DISPLAY, hunger=hunger, reds_in_bag=1))
    assert not greedy_shark.strikeless(g)


def test_g4_a_lone_stored_red_die_is_not_bought_into_losing() -> None:
    """Five Hunger dice and the only red die stored: a purchase feeds it to Hunger, the
    sixth die with no red left (G-4), so the rule passes."""
    five = ["1B", "2B", "3B", "4B", "5B"]
    g = late(at_buy(["4R"], NO_RED_DISPLAY, hunger=five, reds_in_bag=0))
    assert strikeless_step(g) == "pass"


def shark_turn_played(round_: int, seed: int) -> Game:
    """The Shark's turn from its roll, with 1R 1Y stored, no red die in the bag or its
    pool and no card worth a Hunger die on display (night deal 20293's stall, session
    43), played to its end by the greedy Shark at round `round_`."""
    g = started(seed)
    set_board(g, shells(C3="octopus"), ())
    shark_at_step(g, "roll", pool=["6B", "3B"], at=5, facing=0, energy=["1R", "1Y"],
                  hunger=["1B", "2B"])
    set_bag(g, 1, 0, 0)
    set_display(g, ["patrol", "sharp_eyes_2", "sharp_eyes", "riptide_2"])
    g.round = round_
    rng = random.Random(seed)
    while g.turn == "shark" and g.phase != "over":
        do(g, "shark", choose(g, "shark", rng, level="greedy").text)
    return g


@pytest.mark.parametrize("seed", range(3))
def test_s7_a_shark_whose_strike_dice_are_stuck_in_energy_fills_it(seed: int) -> None:
    """With one or two stored dice and nothing bought they stay stored (S-7), so a Shark
    that places every blue die keeps its red one there for ever. Before `STALL_ROUND` it
    may wait; from it, it keeps a die back to fill Energy, which sends the stored dice to
    the bag, the red one with them, whether it then buys or not."""
    early = shark_turn_played(greedy_shark.STALL_ROUND - 1, seed)
    assert "1R" in early.energy and early.bag["R"] == 0
    late_ = shark_turn_played(greedy_shark.STALL_ROUND, seed)
    assert "1R" not in late_.energy and late_.bag["R"] == 1
