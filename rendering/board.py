"""The forest: zones, Current spaces, blocks, dice and the Shark, drawn from a view.

What never changes within a game (the sea, the zones with their names and values, the
numbered spaces and dens) is drawn once per board layout into a cached background; a render
only pastes the pieces that move on top of a copy of it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from . import fonts, glyphs, oo_board
from . import layout as L
from . import palette as P

View = dict[str, Any]


@dataclass(frozen=True)
class ForestKey:
    """Everything the static forest depends on, taken from the view."""

    zones: tuple[tuple[str, int, bool], ...]  # (name, value, kelp)
    dens: tuple[int, ...]
    show_kelp: bool


def forest_key(view: View) -> ForestKey:
    zones = tuple((z["zone"], int(z["value"]), bool(z.get("kelp"))) for z in view["zones"])
    dens = tuple(sorted(int(s["space"]) for s in view["spaces"] if s.get("den")))
    return ForestKey(zones=zones, dens=dens, show_kelp=bool(view.get("expansions")))


def draw_forest(im: Image.Image, key: ForestKey) -> None:
    """The static board: sea, zones coloured by depth with name and value, spaces, dens."""
    d = ImageDraw.Draw(im)
    d.rectangle(L.BOARD, fill=P.SEA)
    for name, value, is_kelp in key.zones:
        box = L.zone_box(name)
        d.rectangle(box, fill=P.kelp(value))
        ink = P.on_kelp(value)
        fonts.draw_text(im, (box[0] + 8, box[1] + 2), name, 30, ink, bold=True)
        vb = L.zone_value_box(name)
        d.ellipse(vb, fill=P.WHITE, outline=P.INK, width=2)
        fonts.draw_text(im, ((vb[0] + vb[2]) // 2, (vb[1] + vb[3]) // 2), f"{value}+", 19,
                        P.INK, anchor="mm", bold=True)
        if key.show_kelp and is_kelp:
            fonts.draw_text(im, (box[0] + 8, box[3] - 22), "kelp", 13, ink)
    for x in range(4):
        for y in range(4):
            cx, cy = L.point(x, y)
            d.ellipse((cx - 7, cy - 7, cx + 7, cy + 7), fill=P.SEA_LINE, outline=P.SPACE, width=2)
    for s in range(1, 25):
        box = L.space_box(s)
        den = s in key.dens
        d.rounded_rectangle(box, 8, fill=P.SPACE_DEN if den else P.SPACE, outline=P.SEA_LINE,
                            width=2)
        nx, ny = L.space_number_xy(s)
        ink = P.WHITE if den else P.SPACE_TEXT
        fonts.draw_text(im, (nx, ny), str(s), 18, ink, anchor="mm", bold=True)
        if den:
            if L.horizontal(s):
                fonts.draw_text(im, (nx + 16, ny), "den", 13, ink, anchor="lm")
            else:
                fonts.draw_text(im, (nx, ny + 16), "den", 12, ink, anchor="mm")


def _tile_state(view: View, z: dict[str, Any]) -> tuple[str | None, str]:
    """Which block to show in a zone and how (a glyphs.tile state)."""
    if not z.get("hidden"):
        return z.get("block"), "face"
    if view.get("phase") == "over" and z.get("block"):
        return z["block"], "was_hidden"
    if z.get("block"):
        return z["block"], "hidden_own"
    if z.get("known"):
        return z["known"], "known"
    return None, "back"


def _odds_text(odds: float) -> str:
    pct = odds * 100
    if 0 < pct < 1:
        return "<1%"
    return f"{pct:.0f}%"


def zone_note(view: View, z: dict[str, Any], heat: bool,
              peek: dict[str, Any] | None = None) -> tuple[str, P.RGB | None]:
    """The one line under a zone's tile, and the heat tint behind the tile (or None)."""
    if not z.get("hidden") or view.get("phase") == "over":
        return "", None
    # with the module these are the odds of any Octopus block (adult or Juvenile, any colour)
    odds = float(z.get("octopus_odds") or 0.0)
    if z.get("block"):
        # the Octopus sees its own blocks; show it how likely the others think each one is
        # the Octopus (what the public record says), which is where the Shark will look
        return (f"Octopus? {_odds_text(odds)} to others" if odds > 0 else ""), None
    if z.get("known"):
        return "", None
    saw = ""
    if peek is not None:
        saw = f"saw {glyphs.block_label(str(peek.get('block')))} r{peek.get('round', '?')}"
    if heat:
        tint = P.heat(odds)
        text = f"Octopus {_odds_text(odds)}" if odds > 0 else "no Octopus"
        if saw:
            text = f"{_odds_text(odds)} · {saw}"
        return text, tint
    if saw:
        return saw, None
    names = [glyphs.block_label(c) for c in z.get("candidates", [])]
    return ("could be " + " / ".join(names) if names else ""), None


def draw_zones(im: Image.Image, view: View, heat: bool) -> None:
    d = ImageDraw.Draw(im)
    peeks = _latest_peeks(view)
    for z in view["zones"]:
        name = z["zone"]
        kind, state = _tile_state(view, z)
        note, tint = zone_note(view, z, heat, peeks.get(name))
        tb = L.block_box(name)
        if tint is not None:
            d.rounded_rectangle(L.inset(tb, -6), 14, fill=tint, outline=P.OI_VERMILLION, width=2)
        g = oo_board.tile_for(view, z, kind, state)
        im.paste(g, tb[:2], g)
        if note:
            nb = L.zone_note_box(name)
            ink = P.on_kelp(int(z["value"]))
            big = note.startswith(("Octopus", "no Octopus"))
            size = 20 if big else 15
            fonts.draw_text(im, ((nb[0] + nb[2]) // 2, (nb[1] + nb[3]) // 2),
                            fonts.fit(note, size, nb[2] - nb[0], big), size, ink, anchor="mm",
                            bold=big)


def _latest_peeks(view: View) -> dict[str, dict[str, Any]]:
    """The Shark's most recent peek per zone (only in the Shark's own view)."""
    out: dict[str, dict[str, Any]] = {}
    for p in (view.get("shark_side") or {}).get("peeks") or []:
        out[str(p["zone"])] = p
    return out


def draw_zone_dice(im: Image.Image, view: View) -> None:
    """Dice assigned to zones (Search/Strike) and dice being resolved, in their zones."""
    sh = view.get("shark_side") or {}
    per_zone: dict[str, list[tuple[str, str]]] = {}
    for a in sh.get("assigned", []):
        per_zone.setdefault(a["zone"], []).append((a["die"], "assigned"))
    for a in sh.get("resolving", []):
        per_zone.setdefault(a["zone"], []).append((a["die"], "resolving"))
    shark = view.get("shark") or {}
    at = shark.get("space")
    for zone, dice in sorted(per_zone.items()):
        shown = dice[:2]
        for i, (face, _why) in enumerate(shown):
            box = L.zone_die_box(zone, i, len(shown), at)
            g = glyphs.die(face, L.ZONE_DIE)
            im.paste(g, box[:2], g)


def draw_spaces(im: Image.Image, view: View) -> None:
    for s in view["spaces"]:
        if s.get("die"):
            box = L.space_die_box(int(s["space"]))
            g = glyphs.die(str(s["die"]), L.DIE_ON_SPACE)
            im.paste(g, box[:2], g)
    route = view.get("escape_route")
    if route is not None:
        spaces = route if isinstance(route, list) else [route]
        for r in spaces:
            sid = r.get("space") if isinstance(r, dict) else r
            if isinstance(sid, int) and 1 <= sid <= 24:
                box = L.space_box(sid)
                d = ImageDraw.Draw(im)
                d.rounded_rectangle(box, 8, outline=P.OI_ORANGE, width=4)
                cx, cy = L.space_centre(sid)
                fonts.draw_text(im, (cx, cy), "ESCAPE", 13, P.INK, anchor="mm", bold=True)


def draw_shark(im: Image.Image, view: View) -> None:
    """The Shark on its space, nose toward the faced end, with an arrowhead on that end
    point; a free Shark (facing "*") is ringed and both end points get an arrowhead."""
    sh = view.get("shark")
    if not sh:
        return
    space = int(sh["space"])
    facing = str(sh.get("facing") or "*")
    box = L.shark_box(space)
    free = facing not in ("N", "S", "E", "W")
    g = glyphs.free_shark(L.horizontal(space), L.SHARK_SIZE) if free else glyphs.shark(
        facing, L.SHARK_SIZE)
    im.paste(g, box[:2], g)
    ends = (("W", "E") if L.horizontal(space) else ("N", "S")) if free else (facing,)
    for f in ends:
        tip = L.facing_point(space, f)
        if tip is not None:
            a = glyphs.arrow(f, 30)
            im.paste(a, (tip[0] - 15, tip[1] - 15), a)


def draw_highlights(im: Image.Image, view: View) -> None:
    """Outline every zone and space the last step changed (view["last_events"])."""
    zones: set[str] = set()
    spaces: set[int] = set()
    for e in view.get("last_events") or []:
        zones.update(str(z) for z in e.get("zones") or [])
        spaces.update(int(s) for s in e.get("spaces") or [])
    d = ImageDraw.Draw(im)
    for z in sorted(zones):
        if z in L.ZONE_NAMES:
            d.rectangle(L.zone_box(z), outline=P.HIGHLIGHT_DARK, width=2)
            d.rectangle(L.inset(L.zone_box(z), 2), outline=P.HIGHLIGHT, width=4)
    for s in sorted(spaces):
        if 1 <= s <= 24:
            d.rounded_rectangle(L.inset(L.space_box(s), -3), 10, outline=P.HIGHLIGHT, width=4)


CONFRONT_KINDS = ("confront", "hostile", "escape_use")


def confrontation(view: View) -> dict[str, Any] | None:
    """What a confrontation banner should say, or None when none is under way or revealed."""
    kind = (view.get("decision") or {}).get("kind")
    events = list(view.get("last_events") or [])
    reveal = next((e for e in events if e.get("type") == "confront_reveal"), None)
    if kind not in CONFRONT_KINDS and reveal is None:
        return None
    zone = (view.get("confrontation") or {}).get("zone")
    for e in events:
        if zone is None and e.get("type") == "confront" and e.get("zones"):
            zone = e["zones"][0]
    return {"kind": kind, "zone": zone, "reveal": reveal}


def draw_confrontation(im: Image.Image, view: View) -> None:
    """A banner across the bottom of the forest: who has chosen, or what both chose."""
    info = confrontation(view)
    if info is None:
        return
    d = ImageDraw.Draw(im)
    x0, _, x1, y1 = L.BOARD
    box = (x0 + 24, y1 - 74, x1 - 24, y1 - 6)
    d.rounded_rectangle(box, 12, fill=P.CAPTION_BG, outline=P.OI_YELLOW, width=3)
    bx0, by0, bx1, _by1 = box
    where = f" in {info['zone']}" if info["zone"] else ""
    reveal = info["reveal"]
    if reveal is not None:
        o, s = str(reveal.get("octopus")), str(reveal.get("shark"))
        fonts.draw_text(im, (bx0 + 14, by0 + 6), f"CONFRONTATION{where}", 20, P.OI_YELLOW,
                        bold=True)
        x = bx0 + 14
        y = by0 + 34
        for who, colour in (("Octopus", o), ("Shark", s)):
            r = fonts.draw_text(im, (x, y + 13), f"{who} chose", 17, P.WHITE, anchor="lm")
            if colour in P.CONF_FILL:
                t = glyphs.token(colour, 26)
                im.paste(t, (r[2] + 6, y), t)
            x = r[2] + 44
        verdict = "same colour: the Shark wins!" if o == s else "different: the Octopus escapes"
        fonts.draw_text(im, (x + 6, y + 13), verdict, 17, P.OI_YELLOW, anchor="lm", bold=True)
        return
    fonts.draw_text(im, (bx0 + 14, by0 + 6), f"CONFRONTATION{where}!", 22, P.OI_YELLOW, bold=True)
    oc = view.get("octopus_side") or {}
    sh = view.get("shark_side") or {}
    parts = []
    for who, side in (("Octopus", oc), ("Shark", sh)):
        parts.append(f"{who}: {'locked in' if side.get('locked') else 'choosing'}")
    status = "  ·  ".join(parts)
    fonts.draw_text(im, (bx1 - 14, by0 + 18), status, 16, P.WHITE, anchor="rm", bold=True)
    fonts.draw_text(im, (bx0 + 14, by0 + 46),
                    "Each picks a colour in secret. Same colour: the Shark wins; different: "
                    "the Octopus escapes.", 15, P.FAINT, anchor="lm")


def draw_dynamic(im: Image.Image, view: View, heat: bool) -> None:
    """Everything on the board that changes from step to step."""
    draw_zones(im, view, heat)
    draw_zone_dice(im, view)
    draw_highlights(im, view)
    draw_spaces(im, view)
    draw_shark(im, view)
    if oo_board.is_module(view):
        oo_board.draw_board(im, view)
    draw_confrontation(im, view)
