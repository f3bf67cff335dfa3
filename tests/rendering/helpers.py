"""Real positions and pixel helpers shared by the rendering tests."""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from functools import cache
from typing import Any

from PIL import Image

import rules
from rendering import layout as L
from rendering.randomplay import first, position
from tests.rules.games import random_game

View = dict[str, Any]


@cache
def spread(n: int = 24, seed0: int = 31_000) -> tuple[rules.Game, ...]:
    """n positions from separate random games, at depths from the opening to the end."""
    out = []
    for i in range(n):
        depth = None if i % 6 == 5 else (0, 1, 4, 12, 30, 60)[i % 6]
        out.append(position(seed0 + i, depth, board="night" if i % 4 == 3 else "day"))
    return tuple(out)


@cache
def running(n: int, seed0: int) -> tuple[rules.Game, ...]:
    """n unfinished positions at random depths, both board sides, some with a partial command
    (random play that sometimes cancels)."""
    out: list[rules.Game] = []
    i = 0
    while len(out) < n:
        rng = random.Random(seed0 + i)
        g = random_game(seed0 + i, stop_after=rng.randrange(1, 90), cancel_rate=0.05,
                        board=rng.choice(("day", "night")))
        if g.phase != "over":
            out.append(g)
        i += 1
    return tuple(out)


@cache
def find(name: str) -> rules.Game:
    """The first position (seeded, reproducible) matching one of the named situations."""
    preds: dict[str, Callable[[View], bool]] = {
        "die_on_space": lambda v: sum(1 for s in v["spaces"] if s["die"]) >= 2,
        "revealed": lambda v: sum(1 for z in v["zones"] if not z["hidden"]) >= 2
        and any(z["hidden"] and not z.get("known") for z in v["zones"]),
        "heat": lambda v: any(z["hidden"] and not z.get("known") and z["octopus_odds"] > 0
                              for z in v["zones"]) and v["phase"] != "over",
        "growth": lambda v: any(t["dice"] for t in v["shark_side"]["growth"])
        and len(v["shark_side"]["hunger"]) >= 3,
        "flipped": lambda v: any(t["flipped"] for t in v["shark_side"]["growth"]),
        "facing_N": lambda v: v["shark"] is not None and v["shark"]["facing"] == "N",
        "facing_S": lambda v: v["shark"] is not None and v["shark"]["facing"] == "S",
        "facing_E": lambda v: v["shark"] is not None and v["shark"]["facing"] == "E",
        "facing_W": lambda v: v["shark"] is not None and v["shark"]["facing"] == "W",
        "free": lambda v: v["shark"] is not None and v["shark"]["facing"] == "*",
        "highlight": lambda v: any(e["zones"] for e in v["last_events"])
        and v["phase"] != "over",
        "confront": lambda v: v["decision"]["kind"] == "confront",
        "over": lambda v: v["phase"] == "over" and any(z["hidden"] for z in v["zones"]),
    }
    pred = preds[name]
    g = first(lambda g: pred(rules.view(g, "spectator")), range(200, 400))
    assert g is not None, f"no position for {name}"
    return g


def png_image(png: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(png))
    im.load()
    return im


def crop(im: Image.Image, box: L.Box, inset: int = 0) -> Image.Image:
    return im.convert("RGB").crop(L.inset(box, inset))


def glyph_on(bg: Image.Image, glyph: Image.Image, xy: tuple[int, int]) -> Image.Image:
    """`glyph` (RGBA) pasted on a copy of `bg` at xy: what the renderer should have drawn."""
    out = bg.convert("RGB").copy()
    out.paste(glyph, xy, glyph)
    return out


def same(a: Image.Image, b: Image.Image) -> bool:
    return a.size == b.size and a.convert("RGB").tobytes() == b.convert("RGB").tobytes()


def mean_diff(a: Image.Image, b: Image.Image) -> float:
    """Mean absolute difference per channel (0–255)."""
    from PIL import ImageChops, ImageStat

    diff = ImageChops.difference(a.convert("RGB"), b.convert("RGB"))
    return sum(ImageStat.Stat(diff).mean) / 3


def near(c: tuple[int, ...], ref: tuple[int, int, int], tol: int = 12) -> bool:
    return all(abs(int(x) - y) <= tol for x, y in zip(c[:3], ref, strict=True))


# -- Offshore Offspring ----------
OO = ("offshore_offspring",)


@cache
def oo_running(n: int, seed0: int) -> tuple[rules.Game, ...]:
    """n unfinished Offshore Offspring positions at random depths, both board sides, some
    with a partial command."""
    out: list[rules.Game] = []
    i = 0
    while len(out) < n:
        rng = random.Random(seed0 + i)
        g = random_game(seed0 + i, stop_after=rng.randrange(1, 160), cancel_rate=0.05,
                        board=rng.choice(("day", "night")), oo=True)
        if g.phase != "over":
            out.append(g)
        i += 1
    return tuple(out)


@cache
def oo_find(name: str) -> rules.Game:
    """The first Offshore Offspring position (seeded) matching one of the named situations."""
    preds: dict[str, Callable[[View], bool]] = {
        "start": lambda v: v["phase"] == "octopus" and v["shark"] is not None,
        "juvenile_shark": lambda v: len(v["sharks"]) >= 2 and v["shark"] is not None,
        "mother_wounded": lambda v: v["offspring"]["mother_wounds"] >= 1
        and v["shark"] is not None and v["phase"] != "over",
        "coloured": lambda v: any(z.get("colour") not in (None, "red") for z in v["zones"])
        and v["phase"] != "over",
        "unlocked": lambda v: any(t["unlocked"] for t in v["offspring"]["tracks"])
        and any(not t["unlocked"] for t in v["offspring"]["tracks"]),
        "hidden_octopus": lambda v: v["phase"] == "octopus" and sum(
            1 for z in v["zones"] if z["hidden"] and z.get("stage")) >= 2,
        "over": lambda v: v["phase"] == "over",
    }
    pred = preds[name]
    viewer = "octopus" if name == "hidden_octopus" else "omniscient"
    g = first(lambda g: pred(rules.view(g, viewer)), range(20, 120), expansions=OO)
    assert g is not None, f"no Offshore Offspring position for {name}"
    return g
