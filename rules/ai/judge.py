"""The search's choices weighed by a judge who sees everything (`python -m rules judge`).

An instrument, never a player: it reads the TRUE hidden state, so nothing here may ever
decide a move. The question it answers is the one the balance runs can't: when the search
plays another step than the greedy one, is that step better? A win-rate run needs
hundreds of games to see a few points move, while the search overrides greedy on about one
decision in ten, so each override's worth drowns in the noise of everything else that
happens in a game (docs/balance.md, session 25). Here each decision is weighed alone.

The main line is greedy against greedy (the positions a normal game reaches). At every
position where `search` builds a tree for the judged seat, the tree is grown exactly as
`search` grows it (`search.grow`), and where its most visited step differs from its first
child, the greedy step, both steps are played on to the end of the game from the true
state, `playouts` times each, with common random numbers: play-out `k` of either step
starts from the same `resample(game, "omniscient", s_k)` (the true blocks, hand and locked
choices; the dice, decks and piles to come drawn afresh from `s_k`) and the same play-out
rng. Below the step the seat plays the search's own play-out policy on worlds drawn from
its information, and the other seat plays `greedy`, so a step's value is its chance to win
the game as the search would go on to play it. The difference between the two steps' win
rates is what playing the search's step instead of greedy's was worth in games won, with
the luck of the dice largely cancelled by the common numbers.
"""

from __future__ import annotations

import math
import random
import statistics
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from ..actions import Action
from ..balance import seat_rngs
from ..core import SEATS
from ..engine import apply, deciders, new_game
from ..resample import resample
from ..state import Game
from . import greedy_policy
from . import search as searching
from .world import SEED_BITS, options

MAX_STEPS = 20_000
# The margins `JudgeReport` prices: what anchoring at each margin would have earned on the
# judged positions (`ANCHOR`; a negative margin never keeps the greedy step).
MARGINS = (-1.0, 0.0, 0.01, 0.02, 0.03, 0.05, 0.08, 0.12, 0.2)


def playout(game: Game, seat: str, step: Action, seed: int) -> float:
    """1.0 if `seat` wins the game played on from the true state after `step`, else 0.0.

    `seed` fixes everything still to come (the dice, decks and piles, and both players'
    rngs), so two steps judged with the same seed meet the same luck."""
    w = resample(game, "omniscient", seed)
    rng = random.Random(seed)
    apply(w, seat, step)
    steps = 0
    while w.phase != "over" and steps < MAX_STEPS:
        for s in deciders(w):
            if s == seat:
                opts = options(w, s)
                a = opts[0] if len(opts) == 1 else searching.playout_step(w, s, rng)
            else:
                a = greedy_policy(w, s, rng)
            apply(w, s, a)
            steps += 1
            if w.phase == "over":
                break
    return 1.0 if w.winner == seat else 0.0


@dataclass
class Judged:
    """One position where the search built a tree, and, where its most visited step was
    not the greedy one, both steps' play-out results (`wins`)."""

    seed: int
    round: int
    anchor: str  # the tree's first child: the greedy step
    played: str  # what `search` plays (`search.pick`, after anchoring)
    most_visited: str
    children: list[tuple[str, int, float]]  # (step, visits, mean value) at the root
    wins: dict[str, list[float]] = field(default_factory=dict)

    def mean(self, step: str) -> float:
        """The tree's mean value of a root child."""
        return next(m for t, _, m in self.children if t == step)

    @property
    def gap(self) -> float:
        """How much better the tree thought its most visited step than the greedy one."""
        return self.mean(self.most_visited) - self.mean(self.anchor)

    @property
    def delta(self) -> float | None:
        """The judge's verdict: win rate of the most visited step minus the greedy one's
        (None where the two are the same step and nothing was played out)."""
        if not self.wins:
            return None
        w, a = self.wins[self.most_visited], self.wins[self.anchor]
        return sum(w) / len(w) - sum(a) / len(a)


@dataclass
class JudgedGame:
    seed: int
    winner: str | None
    rounds: int
    positions: list[Judged]


def judge_game(seed: int, *, board: str = "night", seat: str = "shark",
               iterations: int = 3000, playouts: int = 24) -> JudgedGame:
    """Play greedy against greedy from `seed` and judge the search at each of `seat`'s
    searched positions (see the module docstring). The main line is exactly
    `balance.play_game(seed, "greedy", "greedy")`: judging never changes it."""
    g = new_game(seed, board=board)
    rngs = seat_rngs(seed)
    judge_rng = random.Random(seed ^ 0xABCDEF)
    judged: list[Judged] = []
    steps = 0
    while g.phase != "over" and steps < MAX_STEPS:
        for s in deciders(g):
            if s == seat and searching.thinks(g, s):
                judged.append(judge_position(g, s, judge_rng, iterations, playouts))
            apply(g, s, greedy_policy(g, s, rngs[s]))
            steps += 1
            if g.phase == "over":
                break
    return JudgedGame(seed, g.winner, g.round, judged)


def judge_position(g: Game, seat: str, rng: random.Random, iterations: int,
                   playouts: int) -> Judged:
    """Grow `seat`'s search tree here as `search` would with this rng and budget, and
    play both its most visited step and the greedy one out `playouts` times where they
    differ."""
    root, _ = searching.grow(g, seat, rng, iterations=iterations)
    legal = {a.text: a for a in options(g, seat)}
    most = searching.most_visited(root, legal)
    played = searching.pick(root, legal, seat)
    assert most is not None and played is not None  # a grown tree has a legal child
    children = [(t, c.visits, c.mean) for t, c in root.children.items() if t in legal]
    j = Judged(g.seed, g.round, root.order[0], played, most, children)
    if most != j.anchor:
        seeds = [rng.getrandbits(SEED_BITS) for _ in range(playouts)]
        j.wins = {t: [playout(g, seat, legal[t], s) for s in seeds] for t in (j.anchor, most)}
    return j


def _mean_se(xs: list[float]) -> tuple[float, float]:
    n = len(xs)
    m = sum(xs) / n
    if n < 2:
        return m, math.inf
    return m, math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1) / n)


@dataclass
class JudgeReport:
    """What a judged run says about the search's departures from greedy."""

    games: list[JudgedGame]

    def positions(self) -> list[Judged]:
        return [j for gm in self.games for j in gm.positions]

    def overrides(self) -> list[Judged]:
        """Where the search played another step than greedy's."""
        return [j for j in self.positions() if j.played != j.anchor]

    def blocked(self) -> list[Judged]:
        """Where the most visited step was another one, but the anchor kept greedy's."""
        return [j for j in self.positions() if j.most_visited != j.anchor == j.played]

    def margin_gains(self, margins: Iterable[float] = MARGINS) -> list[tuple[float, int, float]]:
        """For each anchoring margin: how many judged positions it would override, and the
        judge's total gain in games won over playing greedy's step at every one of them."""
        judged = [j for j in self.positions() if j.wins]
        out = []
        for m in margins:
            chosen = [j for j in judged if j.gap >= m]
            out.append((m, len(chosen), sum(j.delta or 0.0 for j in chosen)))
        return out

    def calibration(self) -> tuple[int, float, float, float] | None:
        """Does the tree know which step is better? Over the positions played out: their
        number, the correlation between the tree's gap (`Judged.gap`) and the judge's
        verdict, and the least-squares slope and intercept of verdict on gap. A slope
        near 1 and an intercept near 0 mean the tree's differences are the true ones; a
        correlation near 0, that its departures are noise."""
        judged = [j for j in self.positions() if j.delta is not None]
        gaps = [j.gap for j in judged]
        verdicts = [j.delta or 0.0 for j in judged]
        if len(judged) < 3:
            return None
        try:
            fit = statistics.linear_regression(gaps, verdicts)
            r = statistics.correlation(gaps, verdicts)
        except statistics.StatisticsError:  # every gap, or every verdict, the same
            return None
        return len(judged), r, fit.slope, fit.intercept

    def text(self) -> str:
        pos = self.positions()
        lines = [f"{len(self.games)} games, {len(pos)} searched positions, "
                 f"{len(self.overrides())} overrides, {len(self.blocked())} kept by the anchor"]

        def line(name: str, js: list[Judged]) -> str:
            ds = [j.delta for j in js if j.delta is not None]
            if not ds:
                return f"{name}: none"
            m, se = _mean_se(ds)
            better = sum(d > 0 for d in ds)
            worse = sum(d < 0 for d in ds)
            ci = (f" (95% {m - 1.96 * se:+.3f} to {m + 1.96 * se:+.3f})" if len(ds) > 1
                  else "")
            return (f"{name}: {len(ds)} positions, judged gain {m:+.3f} games won a "
                    f"decision{ci}; better {better}, worse {worse}")

        lines.append(line("played instead of greedy", self.overrides()))
        lines.append(line("kept greedy over the most visited", self.blocked()))
        by_verb: dict[str, list[Judged]] = defaultdict(list)
        for j in self.overrides():
            by_verb[j.played.split()[0]].append(j)
        rare = [j for js in by_verb.values() if len(js) < 3 for j in js]
        for k, js in sorted(by_verb.items(), key=lambda x: (-len(x[1]), x[0])):
            if len(js) >= 3:
                lines.append(line(f"  played {k}", js))
        if rare:
            lines.append(line("  played anything rarer", rare))
        cal = self.calibration()
        if cal is not None:
            n, r, slope, icpt = cal
            lines.append(f"the tree's gap against the verdict, {n} positions: correlation "
                         f"{r:+.3f}, verdict = {slope:+.2f} x gap {icpt:+.3f}")
        ov = self.overrides()
        if ov:
            gain = sum(j.delta or 0.0 for j in ov)
            lines.append(f"a game: {len(pos) / len(self.games):.1f} searched positions, "
                         f"{len(ov) / len(self.games):.1f} overrides, judged worth "
                         f"{gain / len(self.games):+.3f} games won")
        for m, n, gain in self.margin_gains():
            lines.append(f"anchor margin {m:+.2f}: {n} overrides, judged gain {gain:+.2f} games "
                         f"({gain / max(1, len(pos)):+.4f} a searched position)")
        return "\n".join(lines)


def _one(args: tuple[int, str, str, int, int]) -> JudgedGame:
    seed, board, seat, iterations, playouts = args
    return judge_game(seed, board=board, seat=seat, iterations=iterations, playouts=playouts)


def judge(games: int, *, seed: int = 1, board: str = "night", seat: str = "shark",
          iterations: int = 3000, playouts: int = 24, jobs: int = 1) -> JudgeReport:
    """Judge the search on `games` greedy games from `seed` (one process per job)."""
    if seat not in SEATS:
        raise ValueError(f"unknown seat {seat!r}")
    tasks = [(seed + i, board, seat, iterations, playouts) for i in range(games)]
    if jobs > 1:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(max_workers=jobs) as pool:
            done = list(pool.map(_one, tasks, chunksize=1))
    else:
        done = [_one(t) for t in tasks]
    return JudgeReport(sorted(done, key=lambda gm: gm.seed))
