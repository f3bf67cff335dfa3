"""The search's time budget is a bound: after the first, no iteration starts that could
end after the deadline, and one still running when it passes is dropped, between the
steps of its play-out or inside the greedy players' long computations; and a timed
search keeps full garbage collections off the objects made before it, whose collection
would otherwise land in its last iteration unforeseen, as would freeing a memo table that
starts afresh.

Driven by a scripted clock, so the test says what the budget does without timing this
machine (timed tests flake; the real figures come from `python -m rules think`)."""

from __future__ import annotations

import gc
import random
import threading
import weakref
from collections.abc import Callable

import pytest

from rules.ai import choose, deadline, greedy_octopus, greedy_shark, memo, opponent, search
from rules.engine import apply, deciders, new_game
from rules.state import Game
from tests.rules.positions import octopus_turn, started


def _position() -> Game:
    """The Octopus's turn with four cards in hand: a decision the search builds a tree for."""
    g = started(seed=3, den=16)
    octopus_turn(g, hand=["jet", "stir_the_sand", "whirlpool", "curiosity"])
    return g


def _grow(clock: Callable[[], float], seconds: float = 1.0,
          iterations: int | None = None) -> tuple[search.Node, int]:
    """The search on `_position()`, from empty memo tables: the limit is checked where a
    value is worked out, not where a remembered one is read, so warm tables would read
    the clock less often."""
    with memo.cold():
        return search.grow(_position(), "octopus", random.Random(1), seconds=seconds,
                           iterations=iterations, clock=clock)


def _between(count: int) -> list[int]:
    """Which of `_grow`'s clock reads come between iterations, for its first `count`
    iterations. `grow` reads the clock twice to set the deadline, once after each
    iteration, and in every iteration after the first before each step and inside the
    greedy players' long computations (`deadline.check`). A run capped at j
    iterations stops just before the read after its j-th, so its number of reads is that
    read's index. The clock stands still here, and a clock that stands still changes
    nothing the search does, so the runs below make the same reads in the same order."""
    marks = []
    for j in range(1, count + 1):
        reads: list[float] = []

        def still(reads: list[float] = reads) -> float:
            reads.append(0.0)
            return 0.0

        _grow(still, iterations=j)
        marks.append(len(reads))
    return marks


def _clock(iteration_lengths: list[float]) -> tuple[Callable[[], float], list[float]]:
    """A clock that moves on by the next length at each read between iterations and
    stands still at the others: iterations that take exactly the lengths given."""
    marks = dict(zip(_between(len(iteration_lengths)), iteration_lengths, strict=True))
    reads: list[float] = []

    def clock() -> float:
        now = (reads[-1] if reads else 0.0) + marks.get(len(reads), 0.0)
        reads.append(now)
        return now

    return clock, reads


def test_an_iteration_starts_only_if_the_slowest_so_far_would_still_end_by_the_deadline(
        ) -> None:
    # binary fractions, so the sums are exact
    clock, reads = _clock([0.125, 0.125, 0.375] + [0.125] * 8)
    _, n = _grow(clock, seconds=1.2)
    # iterations end at 0.125, 0.25, 0.625 (the slowest, 0.375), 0.75 and 0.875: the
    # fifth started at 0.75 since 0.375 more still fits in 1.2 s, a sixth at 0.875 might
    # not. Checked only against the deadline, three more would have started and the
    # decision ended at 1.25 s.
    assert n == 5
    assert reads[-1] == 0.875


def test_the_first_iteration_runs_however_slow_so_a_decision_always_has_a_tree() -> None:
    clock, _ = _clock([5.0, 0.1])
    root, n = _grow(clock)
    assert n == 1 and root.visits == 1


def test_an_iteration_still_running_at_the_deadline_is_dropped_at_its_next_step() -> None:
    """An iteration slower than any before it (a long play-out, a first look at the
    Shark's lean) is one the start rule can't foresee: the search drops it rather than
    run on past the deadline, and its tree keeps the iterations that finished."""
    inside = _between(1)[0] + 1  # the first read inside the second iteration
    reads: list[float] = []

    def stalls() -> float:
        now = 10.0 if len(reads) >= inside else 0.0
        reads.append(now)
        return now

    root, n = _grow(stalls)
    assert n == 1 and root.visits == 1
    assert reads.count(10.0) == 1  # nothing more was done once the deadline had passed


def test_a_timed_search_freezes_the_older_objects_and_thaws_them_after() -> None:
    counts: list[int] = []
    clock, _ = _clock([0.25] * 8)

    def counting_clock() -> float:
        counts.append(gc.get_freeze_count())
        return clock()

    assert gc.get_freeze_count() == 0
    _, n = _grow(counting_clock)
    assert n >= 2
    # the first two reads set the deadline, the rest come during the search
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


class _Held:
    """Something a memo table holds, so a test can see when it is freed."""


def test_a_table_a_timed_search_empties_is_freed_as_the_next_search_begins(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Freeing the greedy Shark's full caches took up to 0.35 s with no deadline check in
    it, and in a decision's last stretch it carried the decision past its bound (session
    49). So a timed search that empties a table keeps what it held alive, and the next
    search frees it after setting its deadline and before timing its first iteration."""
    monkeypatch.setattr(greedy_shark, "SHARED_MAX", 0)  # each Shark decision starts afresh
    freed: list[int] = []
    reads: list[float] = []
    with memo.cold():
        held = _Held()
        weakref.finalize(held, lambda: freed.append(len(reads)))
        greedy_shark._SHARED[("held",)] = {"plan_cache": {0: held}}
        del held
        ticks: list[float] = []

        def ticking() -> float:  # 2 ms a read: the 1 s budget lasts a few iterations
            ticks.append(0.002 * len(ticks))
            return ticks[-1]

        _, n = search.grow(_position(), "octopus", random.Random(1), seconds=1.0,
                           clock=ticking)
        assert n >= 2 and ("held",) not in greedy_shark._SHARED  # emptied in the search...
        gc.collect()
        assert not freed  # ... and not freed there

        def still() -> float:
            reads.append(0.0)
            return 0.0

        search.grow(_position(), "octopus", random.Random(2), seconds=1.0, iterations=1,
                    clock=still)
    assert freed == [1]  # after the read that sets the deadline, before the next one


def test_a_table_emptied_outside_a_timed_search_is_freed_at_once() -> None:
    table: dict[str, _Held] = {"held": _Held()}
    freed = weakref.ref(table["held"])
    with memo.deferred(False):
        memo.afresh(table)
    assert table == {} and freed() is None
    table["held"] = _Held()
    freed = weakref.ref(table["held"])
    with memo.deferred():
        memo.afresh(table)
    assert table == {} and freed() is not None
    memo.free_retired()
    assert freed() is None


def test_the_greedy_look_ahead_stops_once_the_search_s_limit_has_passed() -> None:
    """One greedy Octopus step in a play-out took up to 0.39 s, past what a check between
    steps could catch; its scoring checks the limit itself."""
    g = _position()
    assert greedy_octopus.choose(g.clone(), random.Random(1)) is not None
    with deadline.limit(lambda: True), pytest.raises(deadline.Expired):
        greedy_octopus.choose(g.clone(), random.Random(1))


def test_a_limit_holds_only_inside_its_block_and_its_thread() -> None:
    seen: list[bool] = []

    def other_thread() -> None:
        try:
            deadline.check()
            seen.append(False)
        except deadline.Expired:
            seen.append(True)

    with deadline.limit(lambda: True):
        with pytest.raises(deadline.Expired):
            deadline.check()
        worker = threading.Thread(target=other_thread)
        worker.start()
        worker.join()
    deadline.check()
    assert seen == [False]


def _shark_to_plan() -> Game:
    """A real game played by the greedy players up to the Shark's first step the search
    builds a tree for (where it plans its swim, Search and Strike)."""
    g = new_game(5, board="night")
    rng = random.Random(5)
    while True:
        seat = deciders(g)[0]
        if seat == "shark" and search.thinks(g, seat):
            return g
        apply(g, seat, choose(g, seat, rng, level="greedy"))


def test_the_greedy_shark_s_planning_and_its_lean_stop_once_the_limit_has_passed() -> None:
    """The other long steps of a play-out (0.1-0.2 s between two checks in session 48's
    games) check the limit too: the Shark working out a plan's value, and a first look
    at where a hiding Octopus would be."""
    g = _shark_to_plan()
    with memo.cold():  # a plan's value met before is remembered, not worked out again
        assert greedy_shark.choose(g.clone(), random.Random(1)) is not None
    with memo.cold(), deadline.limit(lambda: True), pytest.raises(deadline.Expired):
        greedy_shark.choose(g.clone(), random.Random(1))
    assert opponent.octopus_lean(g, random.Random(1)) is not None
    with deadline.limit(lambda: True), pytest.raises(deadline.Expired):
        opponent.octopus_lean(g, random.Random(1))
