"""The search's time budget is a bound: after the first, no iteration starts that could
end after the deadline; and a timed search keeps full garbage collections off the objects
made before it, whose collection would otherwise land in its last iteration unforeseen.

Driven by a scripted clock, so the test says what the budget does without timing this
machine (timed tests flake; the real figures come from `python -m rules think`)."""

from __future__ import annotations

import gc
import random
from collections.abc import Callable, Iterable

import pytest

from rules.ai import search
from rules.state import Game
from tests.rules.positions import octopus_turn, started


def _clock(iteration_lengths: Iterable[float]) -> tuple[Callable[[], float], list[float]]:
    """A clock that reads 0 until the search starts iterating, then moves on by the next
    length each time it is read, i.e. once an iteration: `grow` reads it for the deadline,
    once as the first iteration starts and once after every iteration."""
    lengths = iter(iteration_lengths)
    reads: list[float] = []

    def clock() -> float:
        now = 0.0 if len(reads) < 2 else reads[-1] + next(lengths)
        reads.append(now)
        return now

    return clock, reads


def _position() -> Game:
    """The Octopus's turn with four cards in hand: a decision the search builds a tree for."""
    g = started(seed=3, den=16)
    octopus_turn(g, hand=["jet", "stir_the_sand", "whirlpool", "curiosity"], actions=2)
    return g


def test_an_iteration_starts_only_if_the_slowest_so_far_would_still_end_by_the_deadline(
        ) -> None:
    # binary fractions, so the sums are exact
    clock, reads = _clock([0.125, 0.125, 0.375] + [0.125] * 8)
    _, n = search.grow(_position(), "octopus", random.Random(1), seconds=1.2, clock=clock)
    # iterations end at 0.125, 0.25, 0.625 (the slowest, 0.375), 0.75 and 0.875: the
    # fifth started at 0.75 since 0.375 more still fits in 1.2 s, a sixth at 0.875 might
    # not. Checked only against the deadline, three more would have started and the
    # decision ended at 1.25 s.
    assert n == 5
    assert reads[-1] == 0.875


def test_the_first_iteration_runs_however_slow_so_a_decision_always_has_a_tree() -> None:
    clock, _ = _clock([5.0, 0.1])
    root, n = search.grow(_position(), "octopus", random.Random(1), seconds=1.0, clock=clock)
    assert n == 1 and root.visits == 1


def test_a_timed_search_freezes_the_older_objects_and_thaws_them_after() -> None:
    counts: list[int] = []
    clock, _ = _clock([0.25] * 8)

    def counting_clock() -> float:
        counts.append(gc.get_freeze_count())
        return clock()

    assert gc.get_freeze_count() == 0
    _, n = search.grow(_position(), "octopus", random.Random(1), seconds=1.0,
                       clock=counting_clock)
    assert n >= 2
    # the first two reads set the deadline, the rest come between iterations
    assert counts[:2] == [0, 0] and min(counts[2:]) > 0
    assert gc.get_freeze_count() == 0


def test_the_collector_is_left_alone_without_a_time_budget() -> None:
    with search.older_objects_frozen(False):
        assert gc.get_freeze_count() == 0


def test_objects_are_thawed_even_when_the_search_fails() -> None:
    with pytest.raises(RuntimeError), search.older_objects_frozen(True):
        assert gc.get_freeze_count() > 0
        raise RuntimeError("a play-out failed")
    assert gc.get_freeze_count() == 0


def test_objects_someone_else_froze_stay_frozen() -> None:
    """A server may freeze its heap at start; the search mustn't thaw it."""
    gc.freeze()
    try:
        before = gc.get_freeze_count()
        with search.older_objects_frozen(True):
            assert gc.get_freeze_count() == before
        assert gc.get_freeze_count() == before
    finally:
        gc.unfreeze()
