"""Computer opponents (issue 6): legal, never `cancel`, and never peeking.

The no-peek property: with a fixed rng seed (and, for `search`, an iteration budget),
`choose(g, seat, rng)` and `choose(resample(g, seat, s), seat, rng)` return the same step
for every `s` — the policy's choice depends only on what `seat` may know. It is checked
for every level, both seats, positions from random games at all depths (partial commands
included), and positions where the other seat's secret matters most: a confrontation
with the other colour already locked, trap and escape decisions, Hostile, Hunger choices.
A deliberately peeking policy is run through the same check, so a check that had stopped
looking (too few positions, resamples that change nothing) would fail instead of passing.

Everything here is seeded; the search runs on tiny iteration budgets so the module stays
quick enough for CI (`--durations=10` to see where the time goes).
"""

from __future__ import annotations

import random
import time
import zlib
from collections.abc import Callable
from functools import cache

import pytest

import rules
from rules.actions import CANCEL, Action
from rules.ai import LEVELS, POLICIES, choose
from rules.ai.search import SearchStats, search
from rules.ai.world import canonical, options, world
from rules.balance import BalanceStats, GameResult, balance, play_game, wilson
from rules.engine import deciders
from rules.state import Game
from tests.rules.games import random_game

Position = tuple[Game, str]

SEARCH_ITERATIONS = 6  # enough for the tree to branch, small enough for CI
# Decisions where what the other seat hides matters most (`rules.pending(g)["kind"]`).
SPECIAL = ("confront", "escape", "escape_use", "trap", "hostile", "hunger_choice")


def kind(g: Game) -> str:
    """The sort of decision pending (`confront`, `shark_buy`, ...): what positions are
    bucketed and failures reported by."""
    return str(rules.pending(g)["kind"])


def other(seat: str) -> str:
    """The seat whose secrets `seat` must not see."""
    return "shark" if seat == "octopus" else "octopus"


@cache
def ordinary_positions() -> tuple[Position, ...]:
    """Every decider at every 7th step of random games (a different phase per game), from
    the Shark's den to the last turns; some games cancel commands midway (cancel_rate), so
    partial commands of both seats appear."""
    out: list[Position] = []
    for i in range(12):
        for g in _states(81_000 + i, ("day", "night")[i % 2])[i % 7::7]:
            out.extend((g, seat) for seat in deciders(g))
    return tuple(out)


def _states(seed: int, board: str) -> list[Game]:
    """Every state of one random game, from the first decision to the last."""
    states = [rules.new_game(seed, board=board)]
    random_game(seed, board=board, cancel_rate=0.05, each=lambda g: states.append(g.clone()))
    return states


@cache
def special_positions() -> tuple[Position, ...]:
    """Secret-sensitive decisions, up to 5 of each sort, found in games a greedy Shark
    plays against a random Octopus (random Sharks rarely strike): confrontations (also
    after either side locked its colour), escapes, traps, Hostile, Hunger choices, and
    partial commands of both seats. Who answers a confrontation first is drawn at random
    so that both seats meet a colour already locked by the other."""
    found: dict[str, list[Position]] = {}
    levels = {"octopus": "random", "shark": "greedy"}
    for seed in range(40):
        g = rules.new_game(70_000 + seed, board=("day", "night")[seed % 2])
        rngs = {s: random.Random(seed * 31 + i) for i, s in enumerate(rules.SEATS)}
        order = random.Random(seed)
        steps = 0
        while g.phase != "over" and steps < 3000:
            seats = list(deciders(g))
            order.shuffle(seats)
            for seat in seats:
                if seat not in deciders(g):  # a confrontation resolved by the other answer
                    continue
                bucket = _bucket(g, seat)
                if bucket is not None and len(found.setdefault(bucket, [])) < 5:
                    found[bucket].append((g.clone(), seat))
                rules.apply(g, seat, choose(g, seat, rngs[seat], level=levels[seat]))
                steps += 1
                if g.phase == "over":
                    break
        if len(found) >= 10 and all(len(v) >= 4 for v in found.values()):
            break
    return tuple(p for v in found.values() for p in v)


def _bucket(g: Game, seat: str) -> str | None:
    """Which sort of secret-sensitive decision `seat` faces, if any (None: an ordinary
    one); a confrontation the other seat has already answered is its own sort."""
    k = kind(g)
    if k == "confront" and g.locked[other(seat)] is not None:
        return f"locked/{seat}"
    if k in SPECIAL:
        return k
    if g.partial[seat]:
        return f"partial/{seat}"
    return None


def mismatches(level: str, positions: tuple[Position, ...], resamples: int,
               iterations: int | None = None) -> list[tuple[object, ...]]:
    """The positions where `level` chooses differently in some world `seat` can't tell
    from the real game (same rng seed each time); each choice must also be legal."""
    out: list[tuple[object, ...]] = []
    for i, (g, seat) in enumerate(positions):
        a = choose(g, seat, random.Random(i), level=level, iterations=iterations)
        assert a in options(g, seat), (level, seat, kind(g), a)
        for s in range(resamples):
            r = rules.resample(g, seat, 1000 * i + s)
            b = choose(r, seat, random.Random(i), level=level, iterations=iterations)
            if b != a:
                out.append((i, seat, kind(g), g.partial[seat], a.text, b.text))
                break
    return out


def test_levels_and_policies() -> None:
    """The three levels behind one entry point, which refuses what it can't answer rather
    than guess (an unknown level, a seat with nothing to decide)."""
    assert LEVELS == ("random", "greedy", "search")
    assert set(POLICIES) == set(LEVELS)
    g = rules.new_game(1)
    with pytest.raises(ValueError, match="unknown level"):
        choose(g, "octopus", random.Random(0), level="genius")
    with pytest.raises(ValueError, match="nothing to decide"):
        choose(g, "shark", random.Random(0))


def test_positions_cover_the_decisions_that_matter() -> None:
    """The no-peek checks below are only as good as their positions: make sure they span
    the game's decisions, both seats, partial commands and early to late positions."""
    ordinary = ordinary_positions()
    kinds = {kind(g) for g, _ in ordinary}
    assert {"place_shark", "octopus_turn", "shark_roll", "shark_assign",
            "shark_buy"} <= kinds, kinds
    assert {s for g, s in ordinary if g.partial[s]} == set(rules.SEATS)
    assert min(g.version for g, _ in ordinary) == 0
    assert max(g.version for g, _ in ordinary) >= 80
    assert len(ordinary) >= 80

    special = special_positions()
    buckets = {_bucket(g, s) for g, s in special}
    assert {"locked/octopus", "locked/shark", "confront", "escape_use", "escape", "trap",
            "hostile", "hunger_choice", "partial/octopus", "partial/shark"} <= buckets, buckets
    for g, seat in special:
        if _bucket(g, seat) == f"locked/{seat}":
            assert rules.pending(g)["seats"] == [seat]


def test_world_depends_only_on_what_the_seat_knows() -> None:
    """The foundation of the property: a world drawn for `seat` shows `seat` what the real
    game shows it, and is the same whichever game consistent with `seat`'s knowledge it is
    drawn from (the whole state, RNG included)."""
    positions = (*ordinary_positions()[::2], *special_positions())
    differs = 0
    for i, (g, _) in enumerate(positions):
        for seat in rules.SEATS:
            w = world(g, seat, i)
            shown, real = rules.view(w, seat), rules.view(g, seat)
            # `canonical` drops the history; the last step's events go with it.
            assert shown.pop("last_events") == []
            real.pop("last_events")
            assert shown == real, (i, seat)
            base = w.to_dict()
            for s in range(2):
                assert world(rules.resample(g, seat, s), seat, i).to_dict() == base, (i, seat)
            differs += world(g, seat, i + 1).to_dict() != base
            assert canonical(g, seat).history == []
    # The seed does draw different worlds (else the equality above would prove nothing).
    assert differs > len(positions)


@pytest.mark.parametrize("level", ["random", "greedy"])
def test_no_peek_ordinary_positions(level: str) -> None:
    """The property itself, on every sort of decision at every depth."""
    assert mismatches(level, ordinary_positions(), resamples=3) == []


@pytest.mark.parametrize("level", ["random", "greedy"])
def test_no_peek_secret_sensitive_decisions(level: str) -> None:
    """The property where a peek would pay most (more resamples, as these are few)."""
    assert mismatches(level, special_positions(), resamples=4) == []


def test_no_peek_search() -> None:
    """`search` with an iteration budget, on positions with a real choice; most of them
    are searched (a confrontation is a coin toss instead)."""
    positions = tuple((g, s) for g, s in (*ordinary_positions()[::3], *special_positions()[::2])
                      if len(options(g, s)) > 1)
    assert sum(kind(g) != "confront" for g, _ in positions) >= 25
    assert mismatches("search", positions, resamples=2, iterations=SEARCH_ITERATIONS) == []


def _secret(g: Game, seat: str) -> object:
    """What `seat` must not see: where the Octopus and the blocks are and what it holds
    (for the Shark); the Shark deck's order and the Shark's locked colour (for the
    Octopus)."""
    if seat == "shark":
        return (g.zones, g.hand, g.draw)
    return (g.deck, g.locked["shark"])


CHEATS: dict[str, Callable[[Game, str], object]] = {
    "hidden state": _secret,
    "future dice": lambda g, seat: g.rng.state,
}


@pytest.mark.parametrize("cheat", CHEATS)
def test_the_check_catches_a_peeking_policy(cheat: str, monkeypatch: pytest.MonkeyPatch
                                            ) -> None:
    """A policy that reads a secret is caught on most positions with a real choice, for
    both seats and in half-locked confrontations: the no-peek checks can fail."""
    peek = CHEATS[cheat]

    def peeking(game: Game, seat: str, rng: random.Random, **_: object) -> Action:
        opts = options(game, seat)
        return opts[zlib.crc32(repr(peek(game, seat)).encode()) % len(opts)]

    monkeypatch.setitem(POLICIES, "peeking", peeking)
    for positions in (ordinary_positions(), special_positions()):
        chosen = tuple((g, s) for g, s in positions if len(options(g, s)) > 1)
        caught = mismatches("peeking", chosen, resamples=3)
        assert len(caught) > len(chosen) // 2, (len(caught), len(chosen))
        assert {seat for _, seat, *_ in caught} == set(rules.SEATS)
    if cheat == "hidden state":
        locked = tuple((g, s) for g, s in special_positions() if _bucket(g, s) == "locked/octopus")
        assert len(mismatches("peeking", locked, resamples=3)) == len(locked)


def test_confrontation_colours_are_a_coin_toss_for_every_level() -> None:
    """Every level answers a confrontation with each of its colours for some rng seed."""
    for g, seat in special_positions():
        if kind(g) != "confront":
            continue
        for level in LEVELS:
            seen = {choose(g, seat, random.Random(k), level=level, iterations=2).text
                    for k in range(30)}
            assert seen == {a.text for a in rules.legal_actions(g, seat)}, (level, seen)


def test_policies_never_cancel_and_finish_commands() -> None:
    """Mid-command `cancel` is legal, but every level carries the command through to its
    last step (the seat's partial command is empty again) with legal steps only."""
    partial = [(g, s) for g, s in (*ordinary_positions(), *special_positions())
               if g.partial[s]]
    assert len(partial) >= 10
    for i, (g0, seat) in enumerate(partial):
        assert CANCEL in rules.legal_actions(g0, seat)
        for level in LEVELS:
            g, rng = g0.clone(), random.Random(i)
            for _ in range(30):
                a = choose(g, seat, rng, level=level, iterations=3)
                assert a != CANCEL and a in rules.legal_actions(g, seat), (level, a)
                rules.apply(g, seat, a)
                if not g.partial[seat]:
                    break
            assert not g.partial[seat], (level, seat, kind(g0), g0.partial[seat])


def test_search_is_reproducible_with_an_iteration_budget() -> None:
    """The no-peek guarantee for `search` rests on this: a budget in iterations makes the
    step a function of the position and the rng, and the budget is spent exactly."""
    g, seat = next((g, s) for g, s in ordinary_positions()
                   if len(options(g, s)) > 3 and not g.partial[s])
    stats = SearchStats()
    a = search(g, seat, random.Random(3), iterations=8, stats=stats)
    assert search(g, seat, random.Random(3), iterations=8) == a
    assert choose(g, seat, random.Random(3), level="search", iterations=8) == a
    assert (stats.iterations, stats.decisions) == (8, 1)


def _outcome(r: GameResult) -> tuple[object, ...]:
    """A game's result without the timings, which no seed can fix."""
    return (r.seed, r.winner, r.reason, r.rounds, r.decisions, r.iterations)


def test_a_whole_game_with_search_is_reproducible() -> None:
    """`balance` runs are replayable (the seat rngs come from the game seed)."""
    first = play_game(21, "random", "search", iterations=2)
    assert first.iterations > 0
    assert _outcome(play_game(21, "random", "search", iterations=2)) == _outcome(first)


def test_search_time_budget_is_respected() -> None:
    """A 0.2 s budget is used and not overrun by much; the upper bound is loose on purpose,
    for slow shared CI machines. The search stops early only when one more iteration as
    slow as its slowest might not fit, and that iteration is part of the time spent, so
    at least half the budget is always used (the exact rule: `test_ai_budget.py`)."""
    g = next(g for g, s in ordinary_positions() if s == "octopus" and len(options(g, s)) > 3)
    stats = SearchStats()
    t0 = time.perf_counter()
    search(g, "octopus", random.Random(1), seconds=0.2, stats=stats)
    assert time.perf_counter() - t0 < 2.0
    assert stats.seconds > 0.1 and stats.iterations >= 1
    t0 = time.perf_counter()
    choose(g, "octopus", random.Random(1), level="search", seconds=0.2)
    assert time.perf_counter() - t0 < 2.0


@pytest.mark.parametrize(("octopus", "shark"), [("random", "search"), ("greedy", "random"),
                                                 ("search", "greedy"), ("random", "random")])
def test_complete_games_between_levels(octopus: str, shark: str) -> None:
    """Every level finishes games on either side, with legal steps only (`apply` would
    refuse anything else), each side deciding, the game ending by a win condition."""
    r = play_game(300, octopus, shark, board="night" if shark == "random" else "day",
                  iterations=3)
    assert r.winner in rules.SEATS and r.reason in rules.WIN_TEXT
    assert r.decisions["octopus"] > 0 and r.decisions["shark"] > 0
    assert (r.iterations > 0) == ("search" in (octopus, shark))


def test_greedy_shark_beats_random_on_a_small_sample() -> None:
    """A smoke check of strength (the figures come from `python -m rules balance`): a random
    Shark starves against a random Octopus, a greedy one hunts it down. (A random Octopus
    already beats a random Shark, so the Octopus's strength shows only against the greedy
    Shark — games too slow for this suite.)"""
    assert balance(10, "random", "random", seed=5).wins("shark") <= 2
    assert balance(10, "random", "greedy", seed=5).wins("shark") >= 7


def test_wilson_interval() -> None:
    """The balance report's confidence interval: known values (z = 1.96), the empty
    sample, the edges, symmetry, and that the interval holds the observed rate."""
    lo, hi = wilson(90, 100)
    assert 0.82 < lo < 0.83 and 0.94 < hi < 0.95
    assert wilson(0, 0) == (0.0, 1.0)
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.27 < hi < 0.28
    assert wilson(10, 10) == pytest.approx((1 - hi, 1.0))
    for k in range(21):
        lo, hi = wilson(k, 20)
        assert lo <= k / 20 <= hi


def test_balance_is_the_same_with_worker_processes() -> None:
    """Each game is seeded on its own, so splitting a run over processes changes nothing."""
    one = balance(3, "random", "greedy", seed=11, board="night")
    two = balance(3, "random", "greedy", seed=11, board="night", jobs=2)
    assert [_outcome(r) for r in one.results] == [_outcome(r) for r in two.results]
    assert [r.seed for r in one.results] == [11, 12, 13]
    with pytest.raises(ValueError, match="unknown level"):
        balance(1, "genius", "random")


def test_balance_command_line(capsys: pytest.CaptureFixture[str]) -> None:
    """`python -m rules balance` prints the report's parts and rejects unknown levels."""
    from rules.__main__ import main

    assert main(["balance", "--games", "3", "--octopus", "random", "--shark", "greedy",
                 "--seed", "4", "--board", "night"]) == 0
    out = capsys.readouterr().out
    assert "balance: 3 games from seed 4" in out
    assert "octopus wins" in out and "shark wins" in out and "95% CI" in out
    assert "by condition" in out and "game length: mean" in out and "decisions/s" in out
    assert main(["balance", "--games", "1", "--octopus", "search", "--shark", "random",
                 "--iterations", "2"]) == 0
    out = capsys.readouterr().out
    assert "search budget 2 iterations" in out
    assert "iterations/s" in out and "p95" in out and "another step than greedy's on" in out
    assert "budget:" not in out  # an iteration budget has no time to overrun
    assert main(["balance", "--games", "1", "--octopus", "search", "--shark", "random",
                 "--seconds", "0.01"]) == 0
    assert "octopus decisions over the 0.01 s budget: " in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["balance", "--octopus", "genius"])
    assert "unknown level" in capsys.readouterr().err


def test_balance_counts_the_decisions_over_a_time_budget() -> None:
    """With a time budget the report says how many of each `search` seat's decisions took
    longer, with an interval and the longest overrun: a p95 under the budget can hide a
    decision a player waits on for longer. A seat that doesn't search, or a search on an
    iteration budget, gets no such line."""
    def game(octopus: list[float], shark: list[float]) -> GameResult:
        return GameResult(1, "shark", "confrontation", 12,
                          {"octopus": len(octopus), "shark": len(shark)},
                          {"octopus": octopus, "shark": shark})

    results = [game([1.99, 2.0125, 0.002], [0.001, 0.002]), game([1.5, 1.98], [0.003, 2.5])]
    report = BalanceStats("search", "greedy", "day", results, budget=2.0).report()
    lo, hi = wilson(1, 5)
    assert (f"octopus decisions over the 2 s budget: 1 of 5 = 20.0% (95% CI {lo:.1%}–"
            f"{hi:.1%}), the longest by 12.5 ms") in report.splitlines()
    assert "shark decisions over" not in report  # the greedy Shark's 2.5 s isn't a search's
    under = BalanceStats("greedy", "search", "day", results[:1], budget=2.0).report()
    assert "shark decisions over the 2 s budget: 0 of 2 = 0.0%" in under
    assert "longest by" not in under and "octopus decisions over" not in under
    assert "over the" not in BalanceStats("search", "greedy", "day", results).report()


def test_balance_lists_each_game_for_pairing(capsys: pytest.CaptureFixture[str]) -> None:
    """`--each` adds one line per game, in seed order, with the winner, the win condition
    and the rounds that game's result holds; without it there are no such lines."""
    from rules.__main__ import main

    st = balance(3, "random", "greedy", seed=8, board="night")
    assert main(["balance", "--games", "3", "--octopus", "random", "--shark", "greedy",
                 "--seed", "8", "--board", "night", "--each"]) == 0
    lines = [x for x in capsys.readouterr().out.splitlines() if x.startswith("seed ")]
    assert lines == [f"seed {r.seed}: {r.winner} ({r.reason}), {r.rounds} rounds"
                     for r in st.results]
    assert [x.split(":")[0] for x in lines] == ["seed 8", "seed 9", "seed 10"]
    assert main(["balance", "--games", "1", "--octopus", "random", "--shark", "greedy"]) == 0
    assert not any(x.startswith("seed ") for x in capsys.readouterr().out.splitlines())


def test_balance_stops_a_game_at_max_rounds_and_names_it(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`--max-rounds N` stops a game still going at round N + 1: the report counts it
    unfinished and `--each` names its seed and round, where a run without the limit would
    wait on it. Games that end in time are untouched."""
    from rules.__main__ import main

    full = play_game(8, "random", "greedy", board="night")
    assert full.winner is not None and full.rounds > 2
    cut = play_game(8, "random", "greedy", board="night", max_rounds=2)
    assert (cut.winner, cut.reason, cut.rounds) == (None, None, 3)
    assert _outcome(play_game(8, "random", "greedy", board="night",
                              max_rounds=full.rounds)) == _outcome(full)
    assert main(["balance", "--games", "2", "--octopus", "random", "--shark", "greedy",
                 "--seed", "8", "--board", "night", "--each", "--max-rounds", "2"]) == 0
    out = capsys.readouterr().out
    assert "unfinished: 2" in out and "game length" not in out
    assert [x for x in out.splitlines() if x.startswith("seed ")] == [
        "seed 8: unfinished at round 3", "seed 9: unfinished at round 3"]
    with pytest.raises(SystemExit):
        main(["balance", "--games", "1", "--max-rounds", "0"])
    assert "--max-rounds must be at least 1" in capsys.readouterr().err


def test_expansion_games_are_played_by_the_random_level_only() -> None:
    """The greedy and search players know only the base game's pieces: with Offshore
    Offspring they refuse clearly instead of failing mid-game; random plays to the end."""
    g = rules.new_game(5, expansions=("offshore_offspring",))
    seat = deciders(g)[0]
    for level in ("greedy", "search"):
        with pytest.raises(ValueError, match="base game only"):
            choose(g, seat, random.Random(1), level=level, iterations=4)
    rng = random.Random(2)
    steps = 0
    while g.phase != "over" and steps < 20_000:
        for s in deciders(g):
            rules.apply(g, s, choose(g, s, rng, level="random"))
            steps += 1
            if g.phase == "over":
                break
    assert g.phase == "over"
