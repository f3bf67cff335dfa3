"""Saving and replaying games: `dump`/`load` keep the whole state, `record`/`replay` the story.

A record is the rules version, the options, the seed and the ordered commands (every step,
partial ones and cancels included), so replaying it rebuilds the same state exactly.
"""

from __future__ import annotations

import json
from typing import Any

from .data import data
from .engine import apply, new_game
from .state import Game


def dump(g: Game) -> str:
    return json.dumps(g.to_dict(), separators=(",", ":"), sort_keys=True)


def load(text: str) -> Game:
    return Game.from_dict(json.loads(text))


def record(g: Game) -> dict[str, Any]:
    if g.resampled:
        raise ValueError("a resampled game has no record: it never happened")
    return {
        "rules_version": data().rules_version,
        "options": {"board": g.board_side, "expansions": list(g.expansions)},
        "seed": g.seed,
        "actions": [list(x) for x in g.history],
    }


def replay(rec: dict[str, Any]) -> Game:
    if rec.get("rules_version") != data().rules_version:
        raise ValueError(
            f"record is for rules {rec.get('rules_version')!r}, not {data().rules_version!r}"
        )
    opts = rec.get("options", {})
    g = new_game(int(rec["seed"]), board=opts.get("board", "day"),
                 expansions=tuple(opts.get("expansions", ())))
    for seat, text in rec["actions"]:
        apply(g, seat, text)
    return g
