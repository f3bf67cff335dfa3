"""`python -m rules selfplay|bench|play|balance|think|judge`: the engine's own command line."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m rules", description=__doc__)
    sub = p.add_subparsers(dest="cmd", required=True)
    sp = sub.add_parser("selfplay", help="random self-play: throughput and win rates")
    sp.add_argument("--games", type=int, default=200)
    sp.add_argument("--seed", type=int, default=1)
    sp.add_argument("--board", choices=("day", "night"), default="day")
    bp = sub.add_parser("bench", help="per-decision latency of legal_actions + apply")
    bp.add_argument("--games", type=int, default=100)
    bp.add_argument("--seed", type=int, default=1)
    for q in (sp, bp):
        q.add_argument("--expansion", action="append", default=[], metavar="NAME",
                       help="play with an expansion (offshore_offspring); repeatable")
    pp = sub.add_parser("play", help="terminal hot-seat game; each player sees their own view")
    pp.add_argument("--seed", type=int, default=None)
    pp.add_argument("--board", choices=("day", "night"), default="day")
    lp = sub.add_parser("balance", help="policy against policy: win rates, game length, speed")
    lp.add_argument("--games", type=int, default=100)
    lp.add_argument("--octopus", default="greedy", help="random, greedy or search")
    lp.add_argument("--shark", default="greedy", help="random, greedy or search")
    lp.add_argument("--board", choices=("day", "night"), default="day")
    lp.add_argument("--seed", type=int, default=1)
    lp.add_argument("--jobs", type=int, default=1, help="worker processes")
    lp.add_argument("--each", action="store_true",
                    help="also print one line per game (seed, winner, reason, rounds)")
    lp.add_argument("--baseline", default=None, metavar="SEAT=LEVEL",
                    help="replay the same seeds with SEAT at LEVEL and pair the outcomes "
                         "deal by deal (e.g. octopus=greedy)")
    lp.add_argument("--reference", default=None, metavar="WINS/GAMES",
                    help="with --baseline: SEAT's wins at LEVEL against the same opponent "
                         "over a large sample, to estimate the rate on average deals")
    lp.add_argument("--max-rounds", type=int, default=None, metavar="N",
                    help="stop a game still going at round N+1 and count it unfinished, "
                         "so a run names a game that never ends instead of hanging on it")
    tp = sub.add_parser("think", help="decision time of the computer players on real positions")
    tp.add_argument("--games", type=int, default=3, help="greedy games to take positions from")
    tp.add_argument("--positions", type=int, default=20, help="positions per seat")
    tp.add_argument("--board", choices=("day", "night"), default="day")
    tp.add_argument("--seed", type=int, default=1)
    tp.add_argument("--levels", default="greedy,search", help="comma-separated levels to time")
    jp = sub.add_parser("judge", help="the search's departures from greedy, weighed by "
                                      "play-outs from the true state (an instrument)")
    jp.add_argument("--games", type=int, default=20, help="greedy games to judge positions in")
    jp.add_argument("--seat", choices=("octopus", "shark"), default="shark")
    jp.add_argument("--board", choices=("day", "night"), default="night")
    jp.add_argument("--seed", type=int, default=1)
    jp.add_argument("--iterations", type=int, default=3000,
                    help="the search's budget per decision (3,000: about 2 s of the Shark's)")
    jp.add_argument("--playouts", type=int, default=24,
                    help="play-outs to the end of the game per step judged")
    jp.add_argument("--jobs", type=int, default=1, help="worker processes")
    for q in (lp, tp):
        q.add_argument("--iterations", type=int, default=None,
                       help="search budget per decision, in iterations (reproducible)")
        q.add_argument("--seconds", type=float, default=None,
                       help="search budget per decision, in seconds (default 2 s if neither)")
    a = p.parse_args(argv)
    if a.cmd == "selfplay":
        from .selfplay import selfplay

        extra = f", with {', '.join(a.expansion)}" if a.expansion else ""
        print(f"random self-play, {a.games} games from seed {a.seed}, {a.board} board{extra}")
        print(selfplay(a.games, a.seed, board=a.board, expansions=tuple(a.expansion)).report())
    elif a.cmd == "bench":
        from .selfplay import bench_steps, selfplay

        ex = tuple(a.expansion)
        st = selfplay(a.games, a.seed, expansions=ex)
        with_ex = f" with {', '.join(ex)}" if ex else ""
        print(f"complete random games/s: {st.games / st.seconds:.1f} "
              f"(decisions/s {st.steps / st.seconds:.0f}){with_ex}")
        print(bench_steps(a.games, a.seed, expansions=ex))
    elif a.cmd == "balance":
        from .ai import LEVELS
        from .balance import balance, paired_report

        for lv in (a.octopus, a.shark):
            if lv not in LEVELS:
                p.error(f"unknown level {lv!r}: choose from {', '.join(LEVELS)}")
        pair = _baseline(p, a.baseline, a.reference)
        if a.max_rounds is not None and a.max_rounds < 1:
            p.error("--max-rounds must be at least 1")
        budget = (f", search budget {a.iterations} iterations" if a.iterations else
                  f", search budget {a.seconds or 2.0:g} s" if "search" in (a.octopus, a.shark)
                  else "")
        print(f"balance: {a.games} games from seed {a.seed}{budget}")
        st = balance(a.games, a.octopus, a.shark, board=a.board, seed=a.seed,
                     iterations=a.iterations, seconds=a.seconds, jobs=a.jobs,
                     max_rounds=a.max_rounds)
        print(st.report())
        if a.each:
            print(st.each())
        if pair is not None:
            seat, level, reference = pair
            levels = {"octopus": a.octopus, "shark": a.shark, seat: level}
            base = balance(a.games, levels["octopus"], levels["shark"], board=a.board,
                           seed=a.seed, iterations=a.iterations, seconds=a.seconds,
                           jobs=a.jobs, max_rounds=a.max_rounds)
            print(f"baseline: {seat}={level} on the same seeds")
            print(base.report())
            if a.each:
                print(base.each())
            print(paired_report(st, base, seat, reference))
    elif a.cmd == "think":
        from .ai import LEVELS
        from .ai.bench import bench_think, report

        levels = tuple(x for x in a.levels.split(",") if x)
        for lv in levels:
            if lv not in LEVELS:
                p.error(f"unknown level {lv!r}: choose from {', '.join(LEVELS)}")
        timings = bench_think(a.games, a.seed, a.board, a.positions, levels=levels,
                              iterations=a.iterations, seconds=a.seconds)
        print(report(timings, a.games, a.seed, a.board, a.iterations, a.seconds))
    elif a.cmd == "judge":
        from .ai.judge import judge

        if min(a.games, a.iterations, a.playouts, a.jobs) < 1:
            p.error("--games, --iterations, --playouts and --jobs must be at least 1")
        print(f"judge: the {a.seat}'s search at {a.iterations} iterations on {a.games} greedy "
              f"games from seed {a.seed}, {a.board} board, {a.playouts} play-outs a step")
        print(judge(a.games, seed=a.seed, board=a.board, seat=a.seat, iterations=a.iterations,
                    playouts=a.playouts, jobs=a.jobs).text())
    else:
        from .play import play

        play(a.seed, a.board)
    return 0


def _baseline(p: argparse.ArgumentParser, baseline: str | None, reference: str | None
              ) -> tuple[str, str, tuple[int, int] | None] | None:
    """Check `--baseline SEAT=LEVEL` and `--reference WINS/GAMES` before any game is
    played, so a typo costs an error message, not an hour of search games."""
    from .ai import LEVELS
    from .core import SEATS
    from .pairing import parse_reference

    if baseline is None:
        if reference is not None:
            p.error("--reference needs --baseline")
        return None
    seat, sep, level = baseline.partition("=")
    if not sep or seat not in SEATS or level not in LEVELS:
        p.error(f"--baseline is SEAT=LEVEL with SEAT one of {', '.join(SEATS)} and LEVEL one "
                f"of {', '.join(LEVELS)}, not {baseline!r}")
    try:
        ref = parse_reference(reference) if reference is not None else None
    except ValueError as e:
        p.error(str(e))
    return seat, level, ref


if __name__ == "__main__":
    sys.exit(main())
