"""How strong is a player, judged on the deals it played against a baseline on the same deals?

A computer player's win rate is measured on a few dozen seeded deals, because a `search`
game costs minutes. To tell whether a win rate is the player's or the deals', the same
seeds are also played by a baseline level in its place (`python -m rules balance --baseline
octopus=greedy`) and the baseline's rate on those deals is set against its rate on a large
sample (the *reference*). This module turns the two columns of outcomes into estimates.

Two estimators of the player's rate on average deals are reported, both unbiased:

- the *difference* estimate, ``rate − baseline_rate + reference``, which assumes a deal
  that helps the baseline helps the player just as much (slope 1);
- the *regression* estimate (a control variate), ``rate − β·(baseline_rate − reference)``,
  with β the slope of the player's outcome on the baseline's over the same deals.

When outcomes on one deal barely agree (different players soon roll different dice, so
a deal is mostly its first hand and board), β is near 0 and the difference estimate only
adds the baseline's noise to the player's: its interval is wider than the raw rate's.
The regression estimate never does worse than the raw rate by more than the reference's
own sampling error, so it is the one to read; the difference estimate is printed to show
how much an assumed slope of 1 moves the figure.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

Z95 = 1.96


@dataclass(frozen=True)
class Paired:
    """Outcomes of a player and a baseline on the same deals, as a 2×2 table: deals both
    won, only the player won, only the baseline won, neither won."""

    both: int
    only_player: int
    only_baseline: int
    neither: int

    @classmethod
    def of(cls, player: Sequence[bool], baseline: Sequence[bool]) -> Paired:
        """The table of two equally long columns of wins, deal by deal."""
        if len(player) != len(baseline):
            raise ValueError(f"{len(player)} outcomes against {len(baseline)}: "
                             "pairing needs the same deals on both sides")
        pairs = list(zip(player, baseline, strict=True))
        return cls(sum(1 for p, b in pairs if p and b), sum(1 for p, b in pairs if p and not b),
                   sum(1 for p, b in pairs if b and not p),
                   sum(1 for p, b in pairs if not p and not b))

    @property
    def n(self) -> int:
        return self.both + self.only_player + self.only_baseline + self.neither

    @property
    def player_rate(self) -> float:
        return (self.both + self.only_player) / self.n

    @property
    def baseline_rate(self) -> float:
        return (self.both + self.only_baseline) / self.n

    def _moments(self) -> tuple[float, float, float]:
        """Per-deal variances of the player's and the baseline's outcomes and their
        covariance (population moments of the n deals)."""
        ps, pb = self.player_rate, self.baseline_rate
        return ps * (1 - ps), pb * (1 - pb), self.both / self.n - ps * pb

    def gain(self) -> tuple[float, float]:
        """The player's rate minus the baseline's on these deals, and its standard error
        from the deal-by-deal differences (the paired test's, so discordant deals are
        what count)."""
        d = (self.only_player - self.only_baseline) / self.n
        var = (self.only_player + self.only_baseline) / self.n - d * d
        return d, math.sqrt(max(0.0, var) / self.n)

    def correlation(self) -> float:
        """How much one deal's outcome for the player goes with the baseline's (φ)."""
        vs, vb, cov = self._moments()
        return cov / math.sqrt(vs * vb) if vs > 0 and vb > 0 else 0.0

    def slope(self) -> float:
        """β: the player's outcome regressed on the baseline's over these deals."""
        _, vb, cov = self._moments()
        return cov / vb if vb > 0 else 0.0


@dataclass(frozen=True)
class Estimate:
    """A rate with its standard error and the 95 % normal interval (clipped to 0–1)."""

    rate: float
    se: float

    @property
    def interval(self) -> tuple[float, float]:
        return (_clip(self.rate - Z95 * self.se), _clip(self.rate + Z95 * self.se))

    def __str__(self) -> str:
        lo, hi = self.interval
        return f"{self.rate:.1%} (95% CI {lo:.1%}–{hi:.1%})"


def _clip(x: float) -> float:
    """A rate estimate can stray past 0 or 1 on a lopsided sample; no rate can."""
    return min(1.0, max(0.0, x))


def _reference_var(wins: int, games: int) -> float:
    if games <= 0 or not 0 <= wins <= games:
        raise ValueError(f"a reference is wins/games with 0 ≤ wins ≤ games, not {wins}/{games}")
    mu = wins / games
    return mu * (1 - mu) / games


def regression_estimate(t: Paired, ref_wins: int, ref_games: int) -> Estimate:
    """The player's rate on average deals: its rate here, less β times how far the
    baseline's rate here sits from the reference. Its error is the player's variance left
    once the baseline's outcome is known, plus β² times the reference's own."""
    ref_var = _reference_var(ref_wins, ref_games)
    vs, _, _ = t._moments()
    beta, rho = t.slope(), t.correlation()
    rate = t.player_rate - beta * (t.baseline_rate - ref_wins / ref_games)
    return Estimate(_clip(rate), math.sqrt(vs * (1 - rho * rho) / t.n + beta * beta * ref_var))


def difference_estimate(t: Paired, ref_wins: int, ref_games: int) -> Estimate:
    """The reference plus the paired gain over the baseline: the regression estimate with
    β fixed at 1, so every point the deals gave the baseline is taken from the player."""
    ref_var = _reference_var(ref_wins, ref_games)
    d, se = t.gain()
    return Estimate(_clip(ref_wins / ref_games + d), math.sqrt(se * se + ref_var))


def parse_reference(text: str) -> tuple[int, int]:
    """``"728/1600"`` → (728, 1600); anything else raises ValueError with the reason."""
    wins, sep, games = text.partition("/")
    if not sep or not wins.strip().isdigit() or not games.strip().isdigit():
        raise ValueError(f"a reference is written wins/games, e.g. 728/1600, not {text!r}")
    k, n = int(wins), int(games)
    _reference_var(k, n)
    return k, n


def report(t: Paired, player: str, baseline: str, side: str,
           reference: tuple[int, int] | None = None) -> str:
    """Lines for the balance command: the 2×2 table, the paired gain, and with a
    reference both estimates on average deals."""
    if t.n == 0:
        return "paired: no deals"
    d, se = t.gain()
    lines = [
        f"paired on the same {t.n} deals, {side} wins: {player} {t.both + t.only_player}, "
        f"{baseline} {t.both + t.only_baseline} (both {t.both}, only {player} "
        f"{t.only_player}, only {baseline} {t.only_baseline}, neither {t.neither})",
        f"gain over {baseline}: {d * 100:+.1f} points (95% CI {(d - Z95 * se) * 100:+.1f} to "
        f"{(d + Z95 * se) * 100:+.1f}); per-deal correlation {t.correlation():.2f}, "
        f"slope β {t.slope():.2f}",
    ]
    if reference is not None:
        k, n = reference
        lines.append(f"on average deals ({baseline} {k}/{n} = {k / n:.1%} as reference): "
                     f"regression {regression_estimate(t, k, n)}; "
                     f"difference (β = 1) {difference_estimate(t, k, n)}")
    return "\n".join(lines)
