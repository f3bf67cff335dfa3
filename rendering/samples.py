"""`python -m rendering samples DIR [--expansion]`: the sample images shown in the README.

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


# -- Offshore Offspring ----------
OO = ("offshore_offspring",)


def camouflaging(seat: str, acts: list[rules.Action], rng: random.Random) -> rules.Action:
    """Random play in which the Octopus always puts removed shells on the same Camouflage
    track, so tracks fill up and unlock their tokens (uniform play spreads the shells and
    almost never gets a fourth onto one track)."""
    track = sorted((a for a in acts if a.text.startswith("track ")), key=lambda a: a.text)
    return track[0] if track else rng.choice(acts)


def _oo_mid(v: dict[str, Any]) -> bool:
    oo = v["offspring"]
    return (v["phase"] in ("octopus", "shark") and len(v["sharks"]) >= 2
            and v["shark"] is not None and oo["mother_wounds"] >= 1
            and any(k in ("cave", "rock") for k in oo["tokens"])
            and any(z.get("stage") and not z["hidden"] for z in v["zones"]))


def _oo_octopus(v: dict[str, Any]) -> bool:
    return (v["phase"] == "octopus" and len(v["sharks"]) >= 2
            and any(t["unlocked"] for t in v["offspring"]["tracks"])
            and sum(1 for z in v["zones"] if z["hidden"] and z.get("stage")) >= 2)


def _oo_orphans(v: dict[str, Any]) -> bool:
    return v["phase"] != "over" and not v["offspring"]["mother_alive"] and len(v["sharks"]) >= 1


# (file name, viewer, README line, what to look for in that viewer's view, seeds, policy).
# The midgame and Mother-dead ranges start where random play first gets there on the day
# board: wounding the Mother is rare since the board's centre is worth 6 (docs/balance.md,
# session 32).
OO_SAMPLES: tuple[tuple[str, str, str, ViewPred, range, Policy], ...] = (
    ("oo-midgame", "spectator", "Offshore Offspring mid-game: the Mother (wounded) and a "
     "Juvenile Shark, the Cave in its zone, revealed Octopuses in their colours (letter badge "
     "and label), and the module strip: wounds, Wound boards, Camouflage tracks, Hunger "
     "tokens, the Eat pile and Event cards.", _oo_mid, range(700, 900), camouflaging),
    ("oo-octopus", "octopus", "Offshore Offspring from the Octopus's side: its hidden "
     "Octopus blocks in their colour and stage, marked HIDDEN; an unlocked Camouflage track "
     "with its ability ON.",
     _oo_octopus, range(0, 200), camouflaging),
    ("oo-mother-dead", "spectator", "Offshore Offspring after the Mother Shark's third wound: "
     "her Juveniles hunt on.", _oo_orphans, range(1100, 1300), camouflaging),
)


def sample_views(expansion: bool = False) -> list[tuple[str, str, dict[str, Any]]]:
    """(name, one-line caption, view) for every sample that could be found: the base game's,
    or with `expansion` Offshore Offspring's."""
    out = []
    if expansion:
        for name, viewer, caption, pred, seeds, policy in OO_SAMPLES:
            g = first(lambda g, p=pred, w=viewer: p(rules.view(g, w)),  # type: ignore[misc]
                      seeds, policy=policy, expansions=OO)
            if g is not None:
                out.append((name, caption, rules.view(g, viewer)))
        return out
    for name, viewer, caption, pred, seeds, policy in SAMPLES:
        g = first(lambda g, p=pred: p(_view(g)), seeds, policy=policy)  # type: ignore[misc]
        if g is None and name == "octopus-wins":  # random play rarely eats 4 foods
            g = first(lambda g: _won_by("octopus")(_view(g)), range(0, 50))
        if g is not None:
            out.append((name, caption, rules.view(g, viewer)))
    return out


def write_samples(directory: str | Path, expansion: bool = False) -> list[str]:
    """Write DIR/<name>.png for each sample (the base game's, or with `expansion` Offshore
    Offspring's 1280×1000 ones, named oo-*); returns one line per file written."""
    d = Path(directory)
    d.mkdir(parents=True, exist_ok=True)
    lines = []
    for name, caption, view in sample_views(expansion):
        path = d / f"{name}.png"
        png = render(view)
        path.write_bytes(png)
        lines.append(f"{path}  {len(png) // 1024} KB  {caption}")
    return lines
