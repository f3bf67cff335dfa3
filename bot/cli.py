"""The `kelp` command: the bot, its offline demo, benchmarks and the engine's tools."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if args and args[0] in ("selfplay", "balance", "think"):
        from rules.__main__ import main as rules_main

        return rules_main(args)
    if args and args[0] == "play":
        import rendering
        from rules.play import play

        pp = argparse.ArgumentParser(prog="kelp play")
        pp.add_argument("--seed", type=int, default=None)
        pp.add_argument("--board", choices=("day", "night"), default="day")
        a = pp.parse_args(args[1:])
        play(a.seed, a.board, fmt=rendering.text_board)
        return 0
    p = argparse.ArgumentParser(prog="kelp", description="Kelp: Shark vs Octopus on Discord")
    sub = p.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("bot", help="run the Discord bot (DISCORD_TOKEN, KELP_DB, "
                                   "KELP_DEV_GUILD)")
    b.add_argument("--sync", action="store_true",
                   help="publish the slash commands globally (once, after a change)")
    d = sub.add_parser("demo", help="play a whole match offline through the bot code")
    d.add_argument("--out", default="kelp-demo")
    d.add_argument("--seed", type=int, default=None)
    d.add_argument("--board", choices=("day", "night"), default="day")
    d.add_argument("--expansion", choices=("none", "offshore_offspring"), default="none",
                   help="play the Offshore Offspring module (random players)")
    bench = sub.add_parser("bench", help="benchmarks: rules, render, bot")
    bench.add_argument("what", choices=("rules", "render", "bot"))
    bench.add_argument("--games", type=int, default=None)
    bench.add_argument("--steps", type=int, default=20)
    bench.add_argument("--think", type=float, default=3.0)
    bench.add_argument("--practice", type=int, default=0,
                       help="bot: hard practice games thinking alongside the two-player ones")
    bench.add_argument("--expansion", action="store_true",
                       help="render: also Offshore Offspring positions, after the base game's")
    sub.add_parser("selfplay", help="random self-play (python -m rules selfplay)")
    sub.add_parser("balance", help="computer players against each other "
                                   "(python -m rules balance)")
    sub.add_parser("think", help="how long the computer players think on real positions "
                                 "(python -m rules think)")
    sub.add_parser("play", help="terminal hot-seat game (python -m rules play)")
    a = p.parse_args(args)
    if a.cmd == "bot":
        from .run import main as run_main

        return run_main(a.sync)
    if a.cmd == "demo":
        from .demo import main as demo_main

        return demo_main(a.out, a.seed, a.board, a.expansion)
    if a.what == "rules":
        from rules.__main__ import main as rules_main

        return rules_main(["bench", "--games", str(a.games or 100)])
    if a.what == "render":
        from rendering.bench import bench_render

        print(bench_render(a.games or 60, expansion=a.expansion))
        return 0
    from .bench import main as bench_main

    return bench_main(a.games or 100, a.steps, a.think, a.practice)


if __name__ == "__main__":
    sys.exit(main())
