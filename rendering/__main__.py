"""Command line: `python -m rendering bench [--positions N]` and
`python -m rendering samples [DIR]`."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rendering")
    sub = parser.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("bench", help="render time and PNG size over real positions")
    b.add_argument("--positions", type=int, default=40, help="positions (x4 viewers)")
    s = sub.add_parser("samples", help="write the sample board images")
    s.add_argument("dir", nargs="?", default="docs/images")
    args = parser.parse_args(argv)
    if args.cmd == "bench":
        from .bench import bench_render

        print(bench_render(args.positions))
    elif args.cmd == "samples":
        from .samples import write_samples

        for line in write_samples(args.dir):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
