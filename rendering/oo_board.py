"""Offshore Offspring on the forest: Juvenile Sharks, the Mother's wounds, the Cave and Rock
in their zones, the "6" over the centre zone's value and the Escape Route on its den.

Called by `board.draw_dynamic` only for a module view (one with an `offspring` key), so a
base image is drawn exactly as before. Everything comes from the view's public module keys
(`sharks`, `offspring`); coloured Octopus tiles are chosen in `board.draw_zones` through
`tile_for`.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from . import fonts, glyphs, oo_glyphs
from . import layout as L
from . import oo_layout as OL
from . import oo_palette as OP
from . import palette as P

View = dict[str, Any]
MOTHER = "mother"
ZONE_TOKENS = ("cave", "rock")


def is_module(view: View) -> bool:
    return view.get("offspring") is not None


def tile_for(view: View, z: dict[str, Any], kind: str | None, state: str) -> Image.Image:
    """The tile of a zone: a coloured Octopus tile in a module game (stage and colour from the
    view, else from the kind's name), otherwise the base tile."""
    if kind is not None and is_module(view):
        parts = oo_glyphs.octopus_parts(kind)
        if parts is not None:
            stage = str(z.get("stage") or parts[0])
            colour = str(z.get("colour") or parts[1])
            return oo_glyphs.octo_tile(stage, colour, L.TILE, state)
    return glyphs.tile(kind, L.TILE, state)


def zone_tokens(view: View) -> dict[str, list[str]]:
    """Cave and Rock tokens by the zone they lie in."""
    out: dict[str, list[str]] = {}
    for tok, where in sorted((view.get("offspring") or {}).get("tokens", {}).items()):
        if tok in ZONE_TOKENS and where in L.ZONE_NAMES:
            out.setdefault(str(where), []).append(tok)
    return out


def draw_board(im: Image.Image, view: View) -> None:
    """Every module piece that lies on the forest."""
    oo = view["offspring"]
    for zone, toks in zone_tokens(view).items():
        for i, tok in enumerate(toks):
            box = OL.zone_token_box(zone, i)
            g = oo_glyphs.zone_token(tok, OL.ZONE_TOKEN)
            im.paste(g, box[:2], g)
    six = oo.get("six_token")
    if six in L.ZONE_NAMES:
        box = OL.six_box(str(six))
        g = oo_glyphs.six_token(box[2] - box[0])
        im.paste(g, box[:2], g)
    route = oo.get("escape_route")
    if isinstance(route, int) and 1 <= route <= 24:
        draw_route(im, route)
    draw_sharks(im, view)
    draw_die_owners(im, view)


def die_owners(view: View) -> list[tuple[L.Box, str]]:
    """(die box, Shark name) for each die a Juvenile Shark assigned, at the box where
    `board.draw_zone_dice` put the die (the first two per zone, assigned before resolving)."""
    sh = view.get("shark_side") or {}
    per_zone: dict[str, list[str | None]] = {}
    for a in sh.get("assigned") or []:
        per_zone.setdefault(str(a["zone"]), []).append(a.get("shark"))
    for a in sh.get("resolving") or []:
        per_zone.setdefault(str(a["zone"]), []).append(None)
    at = (view.get("shark") or {}).get("space")
    out = []
    for zone, owners in sorted(per_zone.items()):
        shown = owners[:2]
        for i, owner in enumerate(shown):
            if owner and owner != MOTHER:
                out.append((L.zone_die_box(zone, i, len(shown), at), str(owner)))
    return out


def draw_die_owners(im: Image.Image, view: View) -> None:
    """A Juvenile Shark's name under each die it assigned (the Mother's dice are unmarked, as
    in the base game), so it is clear which Shark will resolve it (OO-8)."""
    d = ImageDraw.Draw(im)
    for box, owner in die_owners(view):
        x0, _, x1, y1 = box
        text = owner.upper()
        w = fonts.width(text, 11, True) + 6
        cx = (x0 + x1) // 2
        d.rounded_rectangle((cx - w // 2, y1 + 1, cx + w // 2, y1 + 14), 4, fill=OP.BADGE_BG)
        fonts.draw_text(im, (cx, y1 + 8), text, 11, P.WHITE, anchor="mm", bold=True)


def draw_route(im: Image.Image, space: int) -> None:
    """The Escape Route token covering a den: a thick orange frame and the word ESCAPE (no
    Shark may stop on, cross or use that space, OO-6)."""
    d = ImageDraw.Draw(im)
    box = L.space_box(space)
    d.rounded_rectangle(box, 8, fill=OP.ROUTE, outline=P.INK, width=3)
    cx, cy = L.space_centre(space)
    if L.horizontal(space):
        fonts.draw_text(im, (cx, cy), f"{space} ESCAPE", 16, P.INK, anchor="mm", bold=True)
    else:
        for i, word in enumerate((str(space), "ES", "CA", "PE")):
            fonts.draw_text(im, (cx, box[1] + 14 + i * 22), word, 14, P.INK, anchor="mm",
                            bold=True)


def draw_sharks(im: Image.Image, view: View) -> None:
    """Juvenile Sharks on their spaces with an arrowhead on the end they face, and the
    Mother's wounds as tokens along the foot of her glyph."""
    oo = view["offspring"]
    for s in view.get("sharks") or []:
        if s.get("name") == MOTHER:
            continue
        space = int(s["space"])
        facing = str(s.get("facing") or "*")
        box = OL.juvenile_box(space)
        g = oo_glyphs.juvenile_shark(facing, OL.JUVENILE_SIZE, str(s.get("name", "j")))
        im.paste(g, box[:2], g)
        if facing in ("N", "S", "E", "W"):
            tip = L.facing_point(space, facing)
            if tip is not None:
                a = glyphs.arrow(facing, 24)
                im.paste(a, (tip[0] - 12, tip[1] - 12), a)
    mother = view.get("shark")
    wounds = int(oo.get("mother_wounds") or 0)
    if mother and wounds:
        for i in range(wounds):
            box = OL.mother_wound_mark_box(int(mother["space"]), i)
            g = oo_glyphs.wound_token(box[2] - box[0], True)
            im.paste(g, box[:2], g)

