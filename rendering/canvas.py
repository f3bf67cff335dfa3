"""One board image from one view: the cached background, then the moving pieces, then PNG.

The PNG is palette ("P") mode: a board is mostly flat colour, so 256 colours lose nothing
visible, and a palette image is about a third the size of RGB and several times faster to
compress. The palette is the renderer's own colours (kept exact, so pixel probes can rely on
them) plus colours picked from a thumbnail of the image for the antialiased edges.
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image

from . import board, oo_board, oo_layout, oo_palette, oo_panel, panels
from . import layout as L
from . import palette as P

View = dict[str, Any]

EXACT_GUARD = 16  # picked colours this close (per channel) to an exact colour are dropped
COMPRESS_LEVEL = 3  # zlib level: 1–3 are several times faster than 6+ for a few % more bytes


@dataclass(frozen=True)
class StaticKey:
    """Everything the cached background depends on (all of it read from the view)."""

    forest: board.ForestKey
    hunger_max: int
    food_max: int
    food_wins: bool = True  # OO-14: with the module the last food only opens the escape


def static_key(view: View) -> StaticKey:
    sh = view.get("shark_side") or {}
    oc = view.get("octopus_side") or {}
    return StaticKey(
        forest=board.forest_key(view),
        hunger_max=int(sh.get("hunger_max") or 7),
        food_max=int(oc.get("food_max") or 4),
        food_wins=not oo_board.is_module(view),
    )


@lru_cache(maxsize=8)
def background(key: StaticKey) -> Image.Image:
    """The parts of the image no step changes: drawn once per board layout."""
    im = Image.new("RGB", (L.WIDTH, L.HEIGHT), P.PAPER)
    board.draw_forest(im, key.forest)
    panels.draw_static(im, key.hunger_max, key.food_max, food_wins=key.food_wins)
    return im


@lru_cache(maxsize=4)
def module_background(key: StaticKey) -> Image.Image:
    """The background of an Offshore Offspring image: the base background on top of the
    module strip (1280×1000; see `oo_layout`)."""
    im = Image.new("RGB", (L.WIDTH, oo_layout.HEIGHT), P.PAPER)
    im.paste(background(key), (0, 0))
    oo_panel.draw_static(im)
    return im


def render_image(view: View, *, heat: bool = True) -> Image.Image:
    """The board as an RGB image (before palette conversion): what tests probe."""
    module = oo_board.is_module(view)
    im = (module_background if module else background)(static_key(view)).copy()
    use_heat = heat and view.get("viewer") in ("shark", "spectator")
    board.draw_dynamic(im, view, use_heat)
    panels.draw_header(im, view)
    panels.draw_shark_panel(im, view)
    panels.draw_octo_panel(im, view)
    panels.draw_caption(im, view)
    if module:
        oo_panel.draw(im, view)
    return im


def to_palette(im: Image.Image, exact: tuple[P.RGB, ...] | None = None) -> Image.Image:
    """RGB → "P" with the exact colours first and edge colours from a thumbnail. `exact`
    defaults to the base palette's (a module image passes its longer list)."""
    exact = P.exact_colours() if exact is None else exact
    room = 256 - len(exact)
    thumb = im.reduce(4)
    q = thumb.quantize(colors=room, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE)
    flat = (q.getpalette() or [])[: room * 3]
    extra: list[int] = []
    for i in range(0, len(flat) - 2, 3):
        c = (flat[i], flat[i + 1], flat[i + 2])
        if not _near_exact(c, exact):
            extra += c
    return im.quantize(palette=P.palette_image(extra, exact), dither=Image.Dither.NONE)


@lru_cache(maxsize=1 << 16)
def _near_exact(c: tuple[int, int, int], exact: tuple[P.RGB, ...]) -> bool:
    """Pillow maps colours to a palette through a coarse cache (a few levels per channel), so
    a picked colour close to one of ours could capture it; such colours are left out."""
    return any(max(abs(a - b) for a, b in zip(c, e, strict=True)) < EXACT_GUARD
               for e in exact)


def encode_png(im: Image.Image, *, compress_level: int = COMPRESS_LEVEL,
               exact: tuple[P.RGB, ...] | None = None) -> bytes:
    buf = io.BytesIO()
    to_palette(im, exact).save(buf, "PNG", compress_level=compress_level)
    return buf.getvalue()


def render(view: View, *, heat: bool = True) -> bytes:
    """The board PNG for one viewer's view (see rendering.render)."""
    exact = oo_palette.exact_colours() if oo_board.is_module(view) else None
    return encode_png(render_image(view, heat=heat), exact=exact)
