"""Command line: `python -m rendering bench [--positions N] [--expansion]` and
`python -m rendering samples [DIR] [--expansion]`."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rendering")
    sub = parser.add_subparsers(dest="cmd", required=True)
    b = sub.add_parser("bench", help="render time and PNG size over real positions")
    b.add_argument("--positions", type=int, default=40, help="positions (x4 viewers)")
    b.add_argument("--expansion", action="store_true",
                   help="also Offshore Offspring positions, reported after the base game's")
    s = sub.add_parser("samples", help="write the sample board images")
    s.add_argument("dir", nargs="?", default="docs/images")
    s.add_argument("--expansion", action="store_true",
                   help="Offshore Offspring's samples (oo-*.png, 1280x1000) instead")
    args = parser.parse_args(argv)
    if args.cmd == "bench":
        from .bench import bench_render

        print(bench_render(args.positions, expansion=args.expansion))
    elif args.cmd == "samples":
        from .samples import write_samples

        for line in write_samples(args.dir, args.expansion):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
