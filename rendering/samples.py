"""`python -m rendering samples DIR`: the sample images shown in the README.

Each sample is the first position, over a fixed range of seeded random games, that shows
one situation (the opening, mid-game from each side, a confrontation, each side winning),
so the images are reproducible and regenerate after any change to the renderer.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import rules

from .canvas import render
from .randomplay import Policy, first, uniform

ViewPred = Callable[[dict[str, Any]], bool]


def _view(g: rules.Game) -> dict[str, Any]:
    return rules.view(g, "spectator")


def _kind(v: dict[str, Any]) -> str:
    return str(v["decision"]["kind"])


def _hidden_unknown(v: dict[str, Any]) -> int:
    return sum(1 for z in v["zones"] if z["hidden"] and not z.get("known"))


def _revealed(v: dict[str, Any]) -> int:
    return sum(1 for z in v["zones"] if not z["hidden"])


def _start(v: dict[str, Any]) -> bool:
    return v["phase"] == "octopus" and v["round"] == 1 and v["shark"] is not None


def _mid_shark(v: dict[str, Any]) -> bool:
    return (v["round"] >= 3 and _kind(v) == "shark_resolve" and _hidden_unknown(v) >= 4
            and len(v["shark_side"]["hunger"]) >= 2)


def _mid_octopus(v: dict[str, Any]) -> bool:
    oc = v["octopus_side"]
    return (v["round"] >= 4 and v["phase"] == "octopus" and len(oc["food_track"]) >= 1
            and _revealed(v) >= 3 and oc["actions_taken"] == 0)


def _confront(v: dict[str, Any]) -> bool:
    return (_kind(v) == "confront" and not v["octopus_side"]["locked"]
            and not v["shark_side"]["locked"])


def _won_by(side: str, reason: str | None = None) -> ViewPred:
    def pred(v: dict[str, Any]) -> bool:
        return (v["phase"] == "over" and v["winner"] == side
                and (reason is None or v["win_reason"] == reason))

    return pred


FOOD_FIRST = ("play eat_", "learn eat", "play fast_learning", "play curiosity", "play study",
              "with")


def hungry(seat: str, acts: list[rules.Action], rng: random.Random) -> rules.Action:
    """A policy under which the Octopus sometimes wins by food: it reaches for Eat cards and
    Learn cards first, and the Shark mostly skips its optional steps. (Uniform random play
    almost never gets four foods onto the track.)"""
    if seat == "octopus":
        for prefix in FOOD_FIRST:
            pick = [a for a in acts if a.text.startswith(prefix)]
            if pick and rng.random() < 0.95:
                return rng.choice(pick)
    else:
        pick = [a for a in acts if a.text.split()[0] in ("skip", "assign", "store", "buy")]
        if pick and rng.random() < 0.8:
            return rng.choice(pick)
    return rng.choice(acts)


# (file name, viewer, README line, what to look for, seeds to search, policy)
SAMPLES: tuple[tuple[str, str, str, ViewPred, range, Policy], ...] = (
    ("start", "spectator", "The opening: the Shark on its den (free: it may leave by either "
     "end), every block hidden, each zone 1 in 9 to hold the Octopus.", _start, range(3, 4),
     uniform),
    ("midgame-shark", "shark", "Mid-game from the Shark's side: the heat tint and percentages "
     "say where the Octopus may be; yellow dice wait on the zones they will search.",
     _mid_shark, range(105, 400), uniform),
    ("midgame-octopus", "octopus", "Mid-game from the Octopus's side: it sees its own hidden "
     "blocks (marked HIDDEN) and its hand.", _mid_octopus, range(120, 400), uniform),
    ("confrontation", "octopus", "A confrontation: the Strike found the Octopus and both sides "
     "now pick a colour in secret.", _confront, range(4, 400), uniform),
    ("octopus-wins", "spectator", "The Octopus wins with its fourth food; every block is shown, "
     "the ones that were still hidden marked WAS HIDDEN.", _won_by("octopus", "food"),
     range(621, 700), hungry),
    ("shark-wins", "spectator", "The Shark wins by matching the Octopus's colour.",
     _won_by("shark"), range(5, 400), uniform),
)


def sample_views() -> list[tuple[str, str, dict[str, Any]]]:
    """(name, one-line caption, view) for every sample that could be found."""
    out = []
    for name, viewer, caption, pred, seeds, policy in SAMPLES:
        g = first(lambda g, p=pred: p(_view(g)), seeds, policy=policy)  # type: ignore[misc]
        if g is None and name == "octopus-wins":  # random play rarely eats 4 foods
            g = first(lambda g: _won_by("octopus")(_view(g)), range(0, 50))
        if g is not None:
            out.append((name, caption, rules.view(g, viewer)))
    return out


def write_samples(directory: str | Path) -> list[str]:
    """Write DIR/<name>.png for each sample; returns one line per file written."""
    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    lines = []
    for name, caption, view in sample_views():
        path = d / f"{name}.png"
        png = render(view)
        path.write_bytes(png)
        lines.append(f"{path}  {len(png) // 1024} KB  {caption}")
    return lines
