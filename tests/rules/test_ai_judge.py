"""The judge (`rules.ai.judge`): an instrument that weighs the search's departures from the
greedy step by play-outs from the true state. Its figures mean something only if it judges
the tree the shipped search plays from, leaves the greedy main line alone, meets both
steps with the same luck, and adds up its verdicts right."""

from __future__ import annotations

import random

import pytest

from rules.__main__ import main as run_cli
from rules.ai import search
from rules.ai.bench import positions
from rules.ai.judge import Judged, JudgedGame, JudgeReport, judge_game, judge_position, playout
from rules.ai.world import options
from rules.balance import play_game


def test_the_judge_weighs_the_step_the_shipped_search_plays() -> None:
    """Same position, same rng, same budget: the judge's `played` is `search`'s step, and
    where the tree's favourite is not the greedy step both are played out."""
    where = positions(2, 1, "day", 6)["shark"]
    split = 0
    for k, g in enumerate(where):
        j = judge_position(g, "shark", random.Random(k), 60, 1)
        assert j.played == search.search(g, "shark", random.Random(k), iterations=60).text
        assert j.anchor == j.children[0][0] and j.played in (j.anchor, j.most_visited)
        if j.most_visited != j.anchor:
            split += 1
            assert set(j.wins) == {j.anchor, j.most_visited}
            assert all(len(v) == 1 and v[0] in (0.0, 1.0) for v in j.wins.values())
        else:
            assert j.wins == {} and j.delta is None
    assert split > 0


def test_judging_leaves_the_greedy_main_line_alone() -> None:
    """The positions judged are those of `play_game(seed, "greedy", "greedy")`: the game
    ends as that one does. With one iteration the tree holds only the greedy step, so
    nothing is played out and every verdict is empty."""
    gm = judge_game(11, board="day", iterations=1, playouts=1)
    ref = play_game(11, "greedy", "greedy", board="day")
    assert (gm.winner, gm.rounds) == (ref.winner, ref.rounds)
    assert gm.positions and all(j.played == j.anchor == j.most_visited and not j.wins
                                for j in gm.positions)


def test_a_playout_is_fixed_by_its_seed() -> None:
    """Common random numbers: the same step from the same position with the same seed
    meets the same luck, so two steps' difference is not the dice's."""
    g = positions(1, 3, "night", 1)["shark"][0]
    step = options(g, "shark")[0]
    assert playout(g, "shark", step, 5) == playout(g, "shark", step, 5)


def _j(anchor_mean: float, mv_mean: float, anchor_wins: list[float], mv_wins: list[float],
       played: str) -> Judged:
    return Judged(1, 3, "a", played, "b", [("a", 10, anchor_mean), ("b", 20, mv_mean)],
                  {"a": anchor_wins, "b": mv_wins})


def test_the_report_adds_up_the_verdicts() -> None:
    """Two overrides (judged +0.5 and −0.25), one step kept by the anchor (+0.25) and
    one position where the tree agreed with greedy."""
    agreed = Judged(1, 2, "a", "a", "a", [("a", 30, 0.6)])
    report = JudgeReport([JudgedGame(1, "shark", 9, [
        _j(0.5, 0.60, [0.0, 0.0], [1.0, 0.0], "b"),
        _j(0.5, 0.54, [1.0, 1.0], [1.0, 0.5], "b"),
        _j(0.5, 0.52, [0.5, 0.5], [1.0, 0.5], "a"),
        agreed])])
    assert [j.delta for j in report.overrides()] == [0.5, -0.25]
    assert [j.delta for j in report.blocked()] == [0.25]
    gains = {m: (n, g) for m, n, g in report.margin_gains((0.0, 0.03, 0.05, 0.2))}
    assert gains[0.0] == (3, 0.5)
    assert gains[0.03] == (2, 0.25)
    assert gains[0.05] == (1, 0.5)
    assert gains[0.2] == (0, 0.0)
    n, r, slope, icpt = report.calibration() or (0, 0.0, 0.0, 0.0)
    # gaps 0.10, 0.04, 0.02 against verdicts 0.5, -0.25, 0.25: Sgd 0.01833, Sgg 0.003467,
    # Sdd 0.2917
    assert n == 3 and slope == pytest.approx(275 / 52)
    assert icpt == pytest.approx(1 / 6 - 275 / 52 * 0.16 / 3)
    assert r == pytest.approx(0.5765, abs=1e-4)
    text = report.text()
    assert "a game: 4.0 searched positions, 2.0 overrides, judged worth +0.250 games won" in text
    assert "4 searched positions, 2 overrides, 1 kept by the anchor" in text
    assert "played instead of greedy: 2 positions, judged gain +0.125" in text
    assert "kept greedy over the most visited: 1 positions, judged gain +0.250" in text


def test_the_command_line_judges_and_refuses_a_zero_budget(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert run_cli(["judge", "--games", "1", "--seed", "11", "--board", "day",
                    "--iterations", "1", "--playouts", "1"]) == 0
    out = capsys.readouterr().out
    assert "judge: the shark's search at 1 iterations on 1 greedy games" in out
    assert "0 overrides, 0 kept by the anchor" in out
    with pytest.raises(SystemExit):
        run_cli(["judge", "--playouts", "0"])
