"""Fit the evaluation's weights (`evaluate.WEIGHTS`) to the outcomes of real games.

`python -m rules.ai.fit --games 1500` plays greedy against greedy (and a share of games
with a random seat, for positions greedy play rarely reaches), records the evaluation's
features at the start of every turn together with who won, and fits a logistic
regression (L2-regularised gradient descent, standard library only). It prints the
weights to paste into `evaluate.py` and the fit's log-loss against a constant model.

`--escapes` fits the confrontation's escape model instead (`confront.ESCAPE_WEIGHTS`):
every escape of greedy-against-greedy games, labelled with who won in the end. The
colours come from the equilibrium mix, which depends only on public facts already among
the model's inputs, so each escape's effect is compared on like positions.

`--board day|night` plays every game on one board, to refit on one board's data after it
changed. Session 41 refitted the leaf on today's day board this way and kept the shipped
weights: the refit scored barely better on held-out games and played the same step at 91 %
of searched positions (docs/balance.md).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from functools import partial
from typing import TypeVar

from ..core import SEATS
from ..engine import apply, deciders, new_game
from . import choose, confront, evaluate
from .logistic import chance, sigmoid

Sample = tuple[dict[str, float], float]
T = TypeVar("T")


def collect_game(args: tuple[int, str, str, str | None]) -> list[Sample]:
    """Features at the start of each turn of one game, labelled with the final result.

    With no board, two seeds in three are played on day and the rest on night."""
    seed, octopus, shark, board = args
    levels = {"octopus": octopus, "shark": shark}
    g = new_game(seed, board=board or ("day" if seed % 3 else "night"))
    rngs = {s: random.Random(seed * 7 + i) for i, s in enumerate(SEATS)}
    rows: list[dict[str, float]] = []
    last = None
    while g.phase != "over":
        mark = (g.round, g.turn)
        if g.phase != "den" and mark != last:
            last = mark
            rows.append(evaluate.features(g))
        for seat in deciders(g):
            apply(g, seat, choose(g, seat, rngs[seat], level=levels[seat]))
            if g.phase == "over":
                break
    y = 1.0 if g.winner == "octopus" else 0.0
    return [(r, y) for r in rows]


def collect(games: int, seed: int, jobs: int = 1, board: str | None = None) -> list[Sample]:
    """Positions of `games` games from `seed`: eight in ten greedy against greedy, one
    each with a random seat, on `board` (None: both, see `collect_game`)."""
    tasks = []
    for i in range(games):
        k = i % 10
        pair = ("greedy", "greedy") if k < 8 else (("random", "greedy") if k == 8
                                                   else ("greedy", "random"))
        tasks.append((seed + i, *pair, board))
    return _gather(collect_game, tasks, jobs, chunksize=4)


def _gather(collect_one: Callable[[T], list[Sample]], tasks: Sequence[T], jobs: int,
            chunksize: int) -> list[Sample]:
    """Every task's samples, in task order, over `jobs` processes (one: in this one)."""
    out: list[Sample] = []
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for rows in pool.map(collect_one, tasks, chunksize=chunksize):
                out.extend(rows)
    else:
        for t in tasks:
            out.extend(collect_one(t))
    return out


def collect_escapes(seed: int, board: str | None = None) -> list[Sample]:
    """The escape model's inputs at every escape of one greedy game, labelled with the
    result (with no board, odd seeds are day games and even ones night)."""
    g = new_game(seed, board=board or ("day" if seed % 2 else "night"))
    rngs = {s: random.Random(seed * 7 + i) for i, s in enumerate(SEATS)}
    rows: list[dict[str, float]] = []
    picked: dict[str, str] = {}
    before: dict[str, dict[str, float]] = {}
    while g.phase != "over":
        for seat in deciders(g):
            a = choose(g, seat, rngs[seat], level="greedy")
            if a.verb == "colour":
                if not picked and len(g.conf["octopus"]) > 1:
                    before = {c: confront.escape_features(g, c) for c in g.conf["octopus"]}
                picked[seat] = a.args[0]
                if len(picked) == 2:
                    if picked["octopus"] != picked["shark"] and before:
                        rows.append(before[picked["octopus"]])
                    picked, before = {}, {}
            apply(g, seat, a)
            if g.phase == "over":
                break
    y = 1.0 if g.winner == "octopus" else 0.0
    return [(r, y) for r in rows]


def fit(samples: list[Sample], *, l2: float = 1e-3, epochs: int = 400,
        rate: float = 0.5, names: tuple[str, ...] = evaluate.FEATURES,
        ) -> tuple[dict[str, float], float, float]:
    """Logistic regression by full-batch gradient descent on standardised features.

    Returns the weights (on the raw features), the log-loss of the fit and of the
    constant model."""
    if not samples:
        raise ValueError("nothing to fit: the games gave no samples (play more games)")
    names = list(names)
    xs = [[f[k] for k in names] for f, _ in samples]
    ys = [y for _, y in samples]
    n = len(xs)
    mean = [sum(x[j] for x in xs) / n for j in range(len(names))]
    sd = [math.sqrt(sum((x[j] - mean[j]) ** 2 for x in xs) / n) or 1.0
          for j in range(len(names))]
    bias = names.index("bias")
    mean[bias], sd[bias] = 0.0, 1.0
    zs = [[(x[j] - mean[j]) / sd[j] for j in range(len(names))] for x in xs]
    w = [0.0] * len(names)
    for _ in range(epochs):
        grad = [0.0] * len(names)
        for z, y in zip(zs, ys, strict=True):
            p = sigmoid(sum(a * b for a, b in zip(w, z, strict=True)))
            e = p - y
            for j, v in enumerate(z):
                grad[j] += e * v
        for j in range(len(names)):
            reg = 0.0 if j == bias else l2 * w[j]
            w[j] -= rate * (grad[j] / n + reg)
    raw = {k: w[j] / sd[j] for j, k in enumerate(names)}
    raw["bias"] = w[bias] - sum(w[j] * mean[j] / sd[j] for j in range(len(names)) if j != bias)
    loss = _logloss(samples, raw)
    base = min(1 - 1e-9, max(1e-9, sum(ys) / n))  # every label alike: log 0 otherwise
    const = -sum(y * math.log(base) + (1 - y) * math.log(1 - base) for y in ys) / n
    return raw, loss, const


def _logloss(samples: list[Sample], weights: dict[str, float]) -> float:
    total = 0.0
    for f, y in samples:
        p = min(1 - 1e-9, max(1e-9, chance(weights, f)))
        total -= y * math.log(p) + (1 - y) * math.log(1 - p)
    return total / len(samples)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m rules.ai.fit", description=__doc__)
    p.add_argument("--games", type=int, default=1500)
    p.add_argument("--seed", type=int, default=500_000)
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--board", choices=("day", "night"),
                   help="play every game on one board (default: both boards)")
    p.add_argument("--escapes", action="store_true",
                   help="fit the escape model (confront.ESCAPE_WEIGHTS) instead")
    a = p.parse_args(argv)
    try:
        if a.escapes:
            return _fit_escapes(a.games, a.seed, a.jobs, a.board)
        return _fit_positions(a.games, a.seed, a.jobs, a.board)
    except ValueError as e:
        sys.stderr.write(f"{e}\n")
        return 2


def _fit_positions(games: int, seed: int, jobs: int, board: str | None) -> int:
    samples = collect(games, seed, jobs, board)
    weights, loss, const = fit(samples)
    _report(f"{len(samples)} positions from {games} games", loss, const, "WEIGHTS",
            evaluate.FEATURES, weights)
    return 0


def _fit_escapes(games: int, seed: int, jobs: int, board: str | None) -> int:
    samples = _gather(partial(collect_escapes, board=board), range(seed, seed + games), jobs,
                      chunksize=8)
    weights, loss, const = fit(samples, names=confront.ESCAPE_FEATURES, epochs=2000)
    _report(f"{len(samples)} escapes from {games} games", loss, const, "ESCAPE_WEIGHTS",
            confront.ESCAPE_FEATURES, weights)
    return 0


def _report(what: str, loss: float, const: float, table: str, names: Sequence[str],
            weights: dict[str, float]) -> None:
    """Print a fit's log-loss and its weights as the table to paste into the code."""
    sys.stdout.write(f"{what}; log-loss {loss:.4f} (constant model {const:.4f})\n"
                     f"{table} = {{\n")
    for k in names:
        sys.stdout.write(f'    "{k}": {weights[k]:.4f},\n')
    sys.stdout.write("}\n")


if __name__ == "__main__":
    sys.exit(main())
