"""Offshore Offspring's strip under the board: every Shark with its wounds, the Wound boards,
the Camouflage tracks with their unlocks and tokens, and the module's cards and tokens
(Hunger tokens, the Escape Route, the Eat pile, Event cards, Peeks, the "6").

Also the Hunger tokens still waiting on their Hunger spaces, drawn into the base Shark
panel's empty slots. Only module views come here (see `canvas.render_image`).
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from rules.names import card_name

from . import fonts, glyphs, oo_glyphs
from . import layout as L
from . import oo_layout as OL
from . import oo_palette as OP
from . import palette as P

View = dict[str, Any]
FACING_WORD = {"N": "north", "S": "south", "E": "east", "W": "west", "*": "free"}


def draw_static(im: Image.Image) -> None:
    """The strip's background, dividers and column titles (cached with the background)."""
    d = ImageDraw.Draw(im)
    d.rectangle(OL.STRIP, fill=OP.STRIP_BG)
    d.line((0, OL.STRIP[1], L.WIDTH, OL.STRIP[1]), fill=P.INK, width=2)
    for col, title in ((OL.SHARKS_COL, "SHARKS & WOUNDS"), (OL.CAMO_COL, "CAMOUFLAGE"),
                       (OL.MISC_COL, "OFFSHORE OFFSPRING")):
        if col[0]:
            d.line((col[0], col[1], col[0], col[3]), fill=P.SLOT_LINE, width=2)
        fonts.draw_text(im, (col[0] + OL.COL_PAD, col[1] + 6), title, 19, P.INK, bold=True)


def draw(im: Image.Image, view: View) -> None:
    oo = view["offspring"]
    draw_hunger_tokens(im, view)
    draw_sharks(im, view, oo)
    draw_tracks(im, oo)
    draw_misc(im, view, oo)


def hunger_token_marks(oo: dict[str, Any]) -> list[str]:
    """The mark of the token on Hunger space 1, 2, … (from the view's `hunger_tokens`)."""
    toks = sorted(oo.get("hunger_tokens") or [], key=lambda t: int(t["space"]))
    return [oo_glyphs.HUNGER_TOKEN_MARK.get(str(t.get("effect")), "?") for t in toks]


HUNGER_TOKEN = 26


def hunger_token_box(i: int) -> L.Box:
    """The token on Hunger space i + 1, centred in its slot."""
    x0, y0, x1, y1 = L.hunger_slot_box(i)
    cx, cy = (x0 + x1) // 2, (y0 + y1) // 2 + 3
    h = HUNGER_TOKEN // 2
    return (cx - h, cy - h, cx + h, cy + h)


def draw_hunger_tokens(im: Image.Image, view: View) -> None:
    """Tokens not yet gained wait on their Hunger spaces (OO-10)."""
    gained = int(view["offspring"].get("hunger_tokens_gained") or 0)
    filled = len((view.get("shark_side") or {}).get("hunger") or [])
    for i, mark in enumerate(hunger_token_marks(view["offspring"])):
        if i < gained or i < filled:
            continue
        box = hunger_token_box(i)
        g = oo_glyphs.hunger_token(mark, HUNGER_TOKEN)
        im.paste(g, box[:2], g)


def _shark_text(s: dict[str, Any]) -> str:
    return f"space {s['space']}, {FACING_WORD.get(str(s.get('facing')), s.get('facing'))}"


def draw_sharks(im: Image.Image, view: View, oo: dict[str, Any]) -> None:
    x = OL.SHARKS_COL[0] + OL.COL_PAD
    sharks = list(view.get("sharks") or [])
    mother = next((s for s in sharks if s.get("name") == "mother"), None)
    y = OL.shark_row_y(0) + OL.SHARK_ROW_H // 2
    fonts.draw_text(im, (x, y), "Mother", 17, P.INK, anchor="lm", bold=True)
    if not oo.get("mother_alive", True):
        where = "DEAD"
    elif mother is None:
        where = "not placed"
    else:
        where = str(mother.get("notation"))
    fonts.draw_text(im, (x + 70, y), where, 17,
                    P.OI_VERMILLION if where == "DEAD" else P.INK, anchor="lm", bold=True)
    wounds = int(oo.get("mother_wounds") or 0)
    total = 1 + len(oo.get("wound_boards") or [])
    for i in range(total):
        box = OL.mother_wound_box(i)
        g = oo_glyphs.wound_token(OL.WOUND_TOKEN, i < wounds)
        im.paste(g, box[:2], g)
    fonts.draw_text(im, (OL.mother_wound_box(total - 1)[2] + 8, y), f"{wounds}/{total} wounds",
                    15, P.INK, anchor="lm")
    juveniles = [s for s in sharks if s.get("name") != "mother"]
    for i, s in enumerate(juveniles[:2]):
        yy = OL.shark_row_y(i + 1) + OL.SHARK_ROW_H // 2
        fonts.draw_text(im, (x, yy), str(s.get("name", "")).upper(), 17, P.INK, anchor="lm",
                        bold=True)
        fonts.draw_text(im, (x + 40, yy), f"Juvenile {s.get('notation')}", 15, P.INK,
                        anchor="lm")
    left = int(oo.get("juvenile_sharks_left") or 0)
    fonts.draw_text(im, (x + 200, OL.shark_row_y(1) + OL.SHARK_ROW_H // 2),
                    f"Juveniles beside board: {left}", 14, P.MUTED, anchor="lm")
    fonts.draw_text(im, (x + 200, OL.shark_row_y(2) + OL.SHARK_ROW_H // 2),
                    f"Peek tokens usable: {int(oo.get('peeks') or 0)}", 14, P.MUTED, anchor="lm")
    d = ImageDraw.Draw(im)
    for i, b in enumerate((oo.get("wound_boards") or [])[:2]):
        box = OL.wound_board_box(i)
        on = bool(b.get("flipped"))
        d.rounded_rectangle(box, 8, fill=P.WHITE, outline=OP.WOUND if on else P.SLOT_LINE,
                            width=3 if on else 2)
        g = oo_glyphs.wound_token(22, on)
        im.paste(g, (box[0] + 6, box[1] + 6), g)
        fonts.draw_text(im, (box[0] + 34, box[1] + 17), fonts.fit(str(b.get("name")), 15, 150),
                        15, P.INK, anchor="lm", bold=True)
        alive = bool(oo.get("mother_alive", True))
        state = ("ACTIVE (wounded)" if alive else "wounded (off: Mother dead)") if on else \
            "inactive: no wound yet"
        fonts.draw_text(im, (box[0] + 8, box[1] + 44), state, 13,
                        OP.WOUND if on else P.MUTED, anchor="lm", bold=on)


def _ability_name(ability: str) -> str:
    return ability.replace("_", " ").title()


TOKEN_STATE = {"active": "ready", "used": "used"}  # the Ink Decoy's states (single use)


def track_lines(oo: dict[str, Any], t: dict[str, Any]) -> tuple[str, str]:
    """The two lines beside a track: its ability and its token, each with its state."""
    ability = _ability_name(str(t.get("ability")))
    tok = str(t.get("token"))
    a = f"{ability}: {'ON' if t.get('unlocked') else 'locked'}"
    where = (oo.get("tokens") or {}).get(tok)
    if not t.get("token_unlocked"):
        b = f"{_ability_name(tok)}: locked"
    elif isinstance(where, str) and where in L.ZONE_NAMES:
        b = f"{_ability_name(tok)}: in {where}"
    else:
        state = TOKEN_STATE.get(where, str(where)) if where is not None else "not placed"
        b = f"{_ability_name(tok)}: {state}"
    return a, b


SLOT_TAG = {1: "ABILITY", 3: "TOKEN"}


def draw_tracks(im: Image.Image, oo: dict[str, Any]) -> None:
    """Each track: its colour chip, four shell slots (the 2nd unlocks the colour and its
    ability, the 4th the token; an unlocked slot gets a thick green frame and ON), then the
    ability and token with their state in words."""
    d = ImageDraw.Draw(im)
    for ti, t in enumerate((oo.get("tracks") or [])[:2]):
        colour = str(t.get("colour"))
        cb = OL.track_chip_box(ti)
        d.rounded_rectangle(cb, 8, fill=OP.OCTO_FILL.get(colour, P.FAINT), outline=P.INK,
                            width=2)
        fonts.draw_text(im, ((cb[0] + cb[2]) // 2, (cb[1] + cb[3]) // 2),
                        OP.OCTO_LETTER.get(colour, "?"), 24, OP.OCTO_INK.get(colour, P.INK),
                        anchor="mm", bold=True)
        shells = int(t.get("shells") or 0)
        slots = int(t.get("slots") or 4)
        fonts.draw_text(im, ((cb[0] + cb[2]) // 2, cb[3] + 12), f"{colour} {shells}/{slots}", 12,
                        P.INK, anchor="mm")
        for i in range(min(slots, 4)):
            box = OL.track_slot_box(ti, i)
            unlocked = (i == 1 and t.get("unlocked")) or (i == 3 and t.get("token_unlocked"))
            d.rounded_rectangle(box, 6, fill=P.SLOT_BG if i < shells else OP.LOCKED,
                                outline=OP.UNLOCKED if unlocked else P.SLOT_LINE,
                                width=4 if unlocked else 2)
            if i < shells:
                g = glyphs.tile("shell", OL.TRACK_SLOT - 10, "face", label=False)
                im.paste(g, (box[0] + 5, box[1] + 5), g)
            tag = SLOT_TAG.get(i)
            if tag:
                word = f"{tag} ON" if unlocked else tag
                fonts.draw_text(im, ((box[0] + box[2]) // 2, box[3] + 11), word, 10,
                                OP.UNLOCKED if unlocked else P.MUTED, anchor="mm", bold=True)
        x = OL.track_text_x()
        room = OL.CAMO_COL[2] - x - 6
        for k, line in enumerate(track_lines(oo, t)):
            fonts.draw_text(im, (x, OL.track_row_y(ti) + 10 + k * 24), fonts.fit(line, 15, room),
                            15, P.INK, bold=k == 0 and bool(t.get("unlocked")))


def misc_lines(view: View, oo: dict[str, Any]) -> list[tuple[str, str]]:
    """(label, text) rows of the third column, most important first."""
    names = {str(t["id"]): str(t["name"]) for t in oo.get("hunger_tokens") or []}
    held = [names.get(str(h), str(h)) for h in oo.get("hunger_tokens_held") or []]
    gained = int(oo.get("hunger_tokens_gained") or 0)
    total = len(names)
    rows = [("HUNGER TOKENS", f"gained {gained}/{total}, held: {', '.join(held) or 'none'}")]
    route = oo.get("escape_route")
    rows.append(("ESCAPE ROUTE", f"covers den {route}" if route is not None else "not placed"))
    six = oo.get("six_token")
    rows.append(('"6" TOKEN', f"covers {six}'s value" if six else "not in play"))
    eat = ((view.get("octopus_side") or {}).get("piles") or {}).get("eat") or {}
    if eat.get("face_up"):
        top = f"top face up: {card_name(str(eat['top']))}" if eat.get("top") else "empty"
    else:
        top = "top card face down"
    rows.append(("EAT PILE", f"{top} ({eat.get('count', 0)})"))
    waiting = [card_name(str(c)) for c in oo.get("events_waiting") or []]
    aside = [card_name(str(c)) for c in oo.get("events_aside") or []]
    ev = []
    if waiting:
        ev.append("resolving " + ", ".join(waiting))
    if oo.get("offspring_arriving_under_draw_pile"):
        ev.append("Offspring Arriving under the draw pile")
    if aside:
        ev.append("aside: " + ", ".join(aside))
    rows.append(("EVENTS", "; ".join(ev) or "none waiting"))
    return rows


def draw_misc(im: Image.Image, view: View, oo: dict[str, Any]) -> None:
    x = OL.MISC_COL[0] + OL.COL_PAD
    right = OL.MISC_COL[2] - OL.COL_PAD
    y = OL.MISC_COL[1] + OL.TITLE_H + 8
    for label, text in misc_lines(view, oo):
        r = fonts.draw_text(im, (x, y), label, 13, P.MUTED, bold=True)
        lines = fonts.wrap(text, 15, right - x - 118, 2)
        y2 = fonts.draw_lines(im, (x + 118, y - 1), lines, 15, P.INK, leading=-2)
        y = max(r[3] + 8, y2 + 6)
