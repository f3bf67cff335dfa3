"""The computer players never peek (issue 6): with the same rng, a policy chooses the same
step in the real game and in any world consistent with what its seat knows."""

from __future__ import annotations

import random

import pytest

import rules
from rules.ai import choose
from tests.rules.games import random_game

POSITIONS = [g for g in (random_game(90_000 + i, stop_after=5 + 3 * i,
                                     board=("day", "night")[i % 2]) for i in range(30))
             if g.phase != "over"]


@pytest.mark.parametrize("level", ["random", "greedy"])
def test_same_choice_in_every_consistent_world(level: str) -> None:
    checked = 0
    for g in POSITIONS:
        for seat in rules.pending(g)["seats"]:
            want = choose(g, seat, random.Random(7), level=level)
            assert want in rules.legal_actions(g, seat) and want.verb != "cancel"
            for s in range(3):
                world = rules.resample(g, seat, s)
                assert choose(world, seat, random.Random(7), level=level) == want
            checked += 1
    assert checked >= 20


def test_search_with_an_iteration_budget_never_peeks() -> None:
    for g in POSITIONS[:6]:
        seat = rules.pending(g)["seats"][0]
        want = choose(g, seat, random.Random(3), level="search", iterations=12)
        assert want in rules.legal_actions(g, seat)
        for s in range(2):
            world = rules.resample(g, seat, s)
            assert choose(world, seat, random.Random(3), level="search", iterations=12) == want
