"""Pairing a player's outcomes with a baseline's on the same deals (`rules.pairing`) and
the balance command's `--baseline` / `--reference` options."""

from __future__ import annotations

import math
import random

import pytest

from rules.balance import balance, paired_report
from rules.pairing import (
    Paired,
    difference_estimate,
    parse_reference,
    regression_estimate,
    report,
)


def test_table_counts_each_kind_of_deal() -> None:
    t = Paired.of([True, True, False, False, True], [True, False, True, False, False])
    assert t == Paired(both=1, only_player=2, only_baseline=1, neither=1)
    assert (t.n, t.player_rate, t.baseline_rate) == (5, 0.6, 0.4)
    with pytest.raises(ValueError, match="same deals"):
        Paired.of([True], [True, False])


def test_gain_is_the_paired_difference() -> None:
    """Only the discordant deals move the gain; its error is that of the per-deal
    differences (here 10 +1's, 5 −1's and 25 zeros over 40 deals)."""
    t = Paired(both=15, only_player=10, only_baseline=5, neither=10)
    d, se = t.gain()
    assert d == pytest.approx(5 / 40)
    assert se == pytest.approx(math.sqrt((15 / 40 - (5 / 40) ** 2) / 40))


def test_a_baseline_that_always_agrees_gets_slope_one() -> None:
    """When the player wins exactly the deals the baseline wins, the deals are everything:
    β = 1, both estimates are the reference, and all that is left is its own error."""
    outcomes = [True] * 30 + [False] * 10
    t = Paired.of(outcomes, outcomes)
    assert t.correlation() == pytest.approx(1.0) and t.slope() == pytest.approx(1.0)
    for est in (regression_estimate(t, 500, 1000), difference_estimate(t, 500, 1000)):
        assert est.rate == pytest.approx(0.5)
        assert est.se == pytest.approx(math.sqrt(0.25 / 1000))


def test_a_baseline_that_tells_nothing_leaves_the_raw_rate() -> None:
    """Outcomes unrelated on these deals (zero covariance): the regression estimate is the
    player's raw rate whatever the baseline did, while the difference estimate still moves
    by the whole gap between the baseline's rate here and the reference, and is wider."""
    t = Paired(both=12, only_player=12, only_baseline=4, neither=4)  # 24/32 and 16/32
    assert t.slope() == pytest.approx(0.0) and t.correlation() == pytest.approx(0.0)
    reg = regression_estimate(t, 300, 1000)
    assert reg.rate == pytest.approx(0.75)
    assert reg.se == pytest.approx(math.sqrt(0.75 * 0.25 / 32))
    diff = difference_estimate(t, 300, 1000)
    assert diff.rate == pytest.approx(0.75 - 0.5 + 0.3)
    assert diff.se > reg.se


def test_the_search_sharks_144_deals() -> None:
    """docs/balance.md, "Where it stands": the search Shark against the greedy Shark on the
    same 144 deals (sessions 18–19), reference G = 728/1600 Octopus wins, so 872/1600 for
    the Shark. The slope is small, so the regression estimate stays near the raw 68.1 %."""
    t = Paired(both=65, only_player=33, only_baseline=23, neither=23)
    assert (t.both + t.only_player, t.both + t.only_baseline) == (98, 88)
    assert t.slope() == pytest.approx(0.149, abs=0.001)
    reg = regression_estimate(t, 872, 1600)
    assert reg.rate == pytest.approx(0.671, abs=0.001)
    diff = difference_estimate(t, 872, 1600)
    assert diff.rate == pytest.approx(0.614, abs=0.001)
    assert diff.se > reg.se


def test_the_regression_estimate_is_no_wider_than_the_raw_rate() -> None:
    """Over random tables: leaving out the reference's own error, the regression estimate's
    standard error is at most the raw rate's (it only removes variance the baseline
    explains)."""
    rng = random.Random(5)
    for _ in range(300):
        t = Paired(*(rng.randint(0, 30) for _ in range(4)))
        if t.n == 0:
            continue
        p = t.player_rate
        raw_se = math.sqrt(p * (1 - p) / t.n)
        ref_se = math.sqrt(0.25 / 10**9)
        assert regression_estimate(t, 5 * 10**8, 10**9).se <= raw_se + ref_se + 1e-12
        lo, hi = regression_estimate(t, 5 * 10**8, 10**9).interval
        assert 0.0 <= lo <= hi <= 1.0


def test_estimates_stay_rates_on_lopsided_samples() -> None:
    """A player that won every deal its baseline lost, against a reference far below the
    baseline's rate here: the arithmetic passes 100 %, the reported rate does not."""
    t = Paired(both=0, only_player=4, only_baseline=0, neither=0)
    est = difference_estimate(t, 900, 1000)
    assert est.rate == 1.0 and est.interval[1] == 1.0


def test_parse_reference() -> None:
    assert parse_reference("728/1600") == (728, 1600)
    for bad in ("728", "a/b", "5/3", "1/0", "-1/5", "1/2/3"):
        with pytest.raises(ValueError):
            parse_reference(bad)


def test_report_without_and_with_a_reference() -> None:
    t = Paired(both=35, only_player=30, only_baseline=15, neither=16)
    text = report(t, "search", "greedy", "octopus")
    assert "paired on the same 96 deals, octopus wins: search 65, greedy 50" in text
    assert "only search 30, only greedy 15" in text and "average deals" not in text
    text = report(t, "search", "greedy", "octopus", (728, 1600))
    assert "greedy 728/1600 = 45.5% as reference" in text
    assert "regression 67.4%" in text and "difference (β = 1) 61.1%" in text
    assert report(Paired(0, 0, 0, 0), "a", "b", "shark") == "paired: no deals"


def test_paired_report_needs_the_same_seeds() -> None:
    """Two real runs: the greedy Shark against the random one on the same three deals."""
    strong = balance(3, "random", "greedy", seed=40, board="night")
    weak = balance(3, "random", "random", seed=40, board="night")
    text = paired_report(strong, weak, "shark")
    wins = (strong.wins("shark"), weak.wins("shark"))
    assert f"shark wins: greedy {wins[0]}, random {wins[1]}" in text
    with pytest.raises(ValueError, match="same seeds"):
        paired_report(strong, balance(3, "random", "random", seed=41, board="night"), "shark")


def test_balance_command_pairs_with_a_baseline(capsys: pytest.CaptureFixture[str]) -> None:
    """`--baseline shark=random` replays the seeds with the random Shark and prints its
    report, its per-game lines with `--each`, and the paired lines; bad options are
    refused before any game is played."""
    from rules.__main__ import main

    assert main(["balance", "--games", "3", "--octopus", "random", "--shark", "greedy",
                 "--seed", "40", "--board", "night", "--each", "--baseline", "shark=random",
                 "--reference", "100/1000"]) == 0
    out = capsys.readouterr().out
    assert "baseline: shark=random on the same seeds" in out
    assert "octopus=random vs shark=random" in out
    assert sum(1 for x in out.splitlines() if x.startswith("seed 40:")) == 2
    assert "paired on the same 3 deals, shark wins: greedy" in out
    assert "random 100/1000 = 10.0% as reference" in out
    for bad in (["--baseline", "shark"], ["--baseline", "whale=greedy"],
                ["--baseline", "shark=genius"], ["--reference", "1/2"],
                ["--baseline", "shark=random", "--reference", "3/2"]):
        with pytest.raises(SystemExit):
            main(["balance", "--games", "1", *bad])
        assert "error" in capsys.readouterr().err
