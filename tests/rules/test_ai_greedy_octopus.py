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
