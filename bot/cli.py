"""The `kelp` command: one entry point for the engine's tools (and, later, the bot)."""

from __future__ import annotations

import sys


def main(argv: list[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] in ("-h", "--help"):
        print(
            "usage: kelp COMMAND [options]\n\n"
            "commands:\n"
            "  selfplay   random self-play: throughput and win rates (python -m rules selfplay)\n"
            "  bench      engine latency benchmark (python -m rules bench)\n"
            "  play       terminal hot-seat game (python -m rules play)\n"
        )
        return 0
    if args[0] in ("selfplay", "bench", "play"):
        from rules.__main__ import main as rules_main

        return rules_main(args)
    print(f"kelp: unknown command {args[0]!r} (try kelp --help)", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main())
