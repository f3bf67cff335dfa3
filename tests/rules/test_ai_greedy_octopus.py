"""The greedy Octopus plans its two actions as one turn (O-1), not one command at a time.

Each test builds an exact position and plays the Octopus's whole turn through the public
`choose` interface, then checks what the turn achieved; each fails with the turn planning
switched off (`greedy_octopus.PLAN = False`), which is checked alongside.
"""

from __future__ import annotations

import random

import pytest

import rules
from rules.ai import choose, greedy_octopus
from rules.ai import features as F
from rules.ai.search import search
from rules.state import Game
from tests.rules.positions import octopus_turn, set_board, started

BLOCKS = {"A1": "shell", "B1": "shell", "C1": "shell", "A2": "stinger",
          "B2": "shell", "C2": "shell", "A3": "octopus", "B3": "shell", "C3": "shell"}


def _turn(g: Game, seed: int = 0) -> list[str]:
    """Play the Octopus's turn with the greedy level; the commands' first steps."""
    rng = random.Random(seed)
    firsts: list[str] = []
    while g.phase != "over" and g.turn == "octopus":
        head = not g.partial["octopus"]
        a = choose(g, "octopus", rng, level="greedy")
        if head:
            firsts.append(a.text)
        rules.apply(g, "octopus", a)
    return firsts


def _hand_below_limit() -> Game:
    """Octopus's turn, far from the Shark, three cards in hand (limit 4), one of them a
    spare copy of a cheap card: drawing first fills the hand, and the second action then
    empties a slot again; discarding first and drawing second ends the turn full."""
    g = started(seed=3, den=16)
    set_board(g, BLOCKS, revealed=["B2"])
    octopus_turn(g, hand=["jet", "jet_2", "curiosity"])
    return g


@pytest.mark.parametrize("plan", [True, False])
def test_o1_discards_before_drawing_to_end_the_turn_with_a_full_hand(
        plan: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(greedy_octopus, "PLAN", plan)
    g = _hand_below_limit()
    firsts = _turn(g)
    full = len(g.hand) >= g.hand_limit
    assert full is plan, (firsts, g.hand)
    if plan:
        assert firsts[-1] == "draw", firsts


def _two_eats_from_winning() -> Game:
    """Octopus's turn on C2, hidden, with two foods on the Food Track and the Crab (C3)
    and the Sea Snail (B2) beside it, both Eat cards in hand: eating both this turn puts
    the fourth food on the track (G-2a). Each Eat alone reveals the Octopus, which one
    command ahead scores far below a quiet discard. This is where night game 11021 of
    session 30 stalled for 170 rounds against a Shark with no Strike die left."""
    g = started(seed=3, den=16)
    set_board(g, {**BLOCKS, "A3": "shell", "C2": "octopus", "C3": "crab", "B2": "sea_snail"})
    g.food_track = ["shrimp", "clam"]
    octopus_turn(g, hand=["eat_crab", "eat_sea_snail", "jet", "curiosity"])
    return g


def test_g2_the_octopus_takes_a_win_two_eats_away() -> None:
    g = _two_eats_from_winning()
    firsts = _turn(g)
    assert g.phase == "over" and g.winner == "octopus", firsts
    assert g.win_reason == "food"
    assert sorted(firsts) == ["play eat_crab", "play eat_sea_snail"]


def _beaten_shark(*, hunger: int = 5, energy: tuple[str, ...] = ("6Y", "6B"),
                  display: tuple[str, ...] = ("burst", "lurk_2", "sharp_eyes", "patrol")) -> Game:
    """Octopus's turn on B2, hidden, beside the Clam, the Shrimp and the Crab with all three
    Eat cards, one food on the track. The Shark has no Strike die in bag, pool or Energy,
    nothing kept, 5 Hunger dice and no Strike-die card on display: any purchase puts a 6th
    die on Hunger and loses it the game (S-7, G-4), so it can never strike again. Day game
    4029 of session 31 ran 720 rounds from here, the Octopus drawing and discarding."""
    g = started(seed=3, den=16)
    set_board(g, {**BLOCKS, "A2": "clam", "B2": "octopus", "C2": "shrimp", "A3": "stinger",
                  "B3": "crab"})
    g.food_track = ["sea_snail"]
    octopus_turn(g, hand=["eat_clam", "eat_crab", "eat_shrimp"])
    g.hunger = [f"{n}B" for n in range(1, hunger + 1)]
    g.energy = list(energy)
    used = [*g.hunger, *g.energy]
    g.bag = {c: g.bag[c] - sum(1 for d in used if d[1] == c) for c in "BYR"}
    g.supply_dice["R"] += g.bag["R"]
    g.bag["R"] = 0
    g.deck = [c for c in [*g.deck, *g.display] if c not in display]
    g.display = list(display)
    g._cache = {}
    return g


def test_g4_the_octopus_eats_its_way_to_a_win_against_a_shark_that_can_never_strike() -> None:
    g = _beaten_shark()
    assert F.shark_beaten(g)
    firsts = _turn(g)
    assert firsts[0].startswith("play eat_"), firsts
    assert len(g.food_track) >= 2


def test_g4_without_the_rule_the_octopus_waits(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same position, judged as if the Shark could still strike: each Eat reveals the
    Octopus, and the greedy Octopus draws instead (the stall of day game 4029)."""
    monkeypatch.setattr(F, "shark_beaten", lambda g: False)
    g = _beaten_shark()
    assert not any(a.startswith("play eat_") for a in _turn(g))


@pytest.mark.parametrize("change", [
    {"hunger": 4},                      # a purchase leaves a Hunger space to spare
    {"energy": ("6R", "6B")},           # a stored Strike die comes back with a purchase
    {"display": ("burst", "lurk_2", "sharp_eyes", "ambush")},  # a Strike die to buy
])
def test_g4_a_shark_with_a_way_back_to_a_strike_die_is_not_beaten(
        change: dict[str, object]) -> None:
    assert not F.shark_beaten(_beaten_shark(**change))  # type: ignore[arg-type]


def test_g4_the_search_octopus_eats_against_a_beaten_shark() -> None:
    """Every leaf of the Octopus's search reads a sure win here, so its tree can't tell
    eating from waiting: against a beaten Shark it plays the greedy step, which eats."""
    g = _beaten_shark()
    assert search(g, "octopus", random.Random(0), iterations=40).text.startswith("play eat_")
