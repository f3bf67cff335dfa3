"""The two player panels (Shark, Octopus), the header and the caption of the last move.

Row labels, slot outlines and titles never change, so `draw_static` puts them into the
cached background; the `draw_*` functions paste what the view says on top. Numbers that
decide the game (Hunger, Food) are printed large next to their tracks, so they stay legible
when a phone shrinks the image.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from rules.names import WIN_TEXT, card_name

from . import fonts, glyphs
from . import layout as L
from . import palette as P

View = dict[str, Any]

PILES = ("move", "hide", "learn", "eat")


def _label(im: Image.Image, x: int, y: int, text: str, size: int = 17) -> None:
    fonts.draw_text(im, (x, y), text, size, P.MUTED, bold=True)


def draw_static(im: Image.Image, hunger_max: int, food_max: int, *,
                food_wins: bool = True) -> None:
    """Panel backgrounds, titles, row labels and empty slots."""
    d = ImageDraw.Draw(im)
    d.rectangle(L.SHARK_PANEL, fill=P.SHARK_BG)
    d.rectangle(L.OCTO_PANEL, fill=P.OCTO_BG)
    d.line((L.SHARK_PANEL[0], L.SHARK_PANEL[1], L.SHARK_PANEL[0], L.OCTO_PANEL[3]), fill=P.INK,
           width=2)
    d.line((L.OCTO_PANEL[0], L.OCTO_PANEL[1], L.OCTO_PANEL[2], L.OCTO_PANEL[1]), fill=P.INK,
           width=2)
    sx = L.SHARK_PANEL[0] + L.PANEL_PAD
    fonts.draw_text(im, (sx, L.SHARK_TITLE[1]), "SHARK", 30, P.INK, bold=True)
    _label(im, sx, L.HUNGER_ROW_Y + 4, "HUNGER")
    fonts.draw_text(im, (sx, L.HUNGER_ROW_Y + 24), f"{hunger_max} = lose", 12, P.MUTED)
    _label(im, sx, L.GROWTH_ROW_Y + 4, "GROWTH")
    fonts.draw_text(im, (sx, L.GROWTH_ROW_Y + 22), "3 dice flip", 12, P.MUTED)
    fonts.draw_text(im, (sx, L.GROWTH_ROW_Y + 36), "a tile on", 12, P.MUTED)
    _label(im, sx, L.ENERGY_ROW_Y + 8, "ENERGY")
    _label(im, L.BAG_X, L.ENERGY_ROW_Y + 8, "BAG")
    _label(im, sx, L.POOL_ROW_Y + 7, "POOL")
    _label(im, sx, L.DISPLAY_ROW_Y + 4, "CARDS")
    fonts.draw_text(im, (sx, L.DISPLAY_ROW_Y + 22), "to buy", 12, P.MUTED)
    _label(im, sx, L.KEPT_ROW_Y - 3, "KEPT", 15)
    for i in range(hunger_max):
        box = L.hunger_slot_box(i)
        d.rounded_rectangle(box, 6, fill=P.SLOT_BG, outline=P.SLOT_LINE, width=2)
        fonts.draw_text(im, (box[0] + 4, box[1] + 1), str(i + 1), 11, P.SLOT_LINE)
    for i in range(3):
        d.rounded_rectangle(L.energy_slot_box(i), 6, fill=P.SLOT_BG, outline=P.SLOT_LINE, width=2)

    ox = L.OCTO_PANEL[0] + L.PANEL_PAD
    fonts.draw_text(im, (ox, L.OCTO_TITLE[1]), "OCTOPUS", 30, P.INK, bold=True)
    _label(im, ox, L.FOOD_ROW_Y + 6, "FOOD")
    food_note = f"{food_max} = win" if food_wins else f"{food_max}, then escape"
    fonts.draw_text(im, (ox, L.FOOD_ROW_Y + 24), food_note, 12, P.MUTED)
    _label(im, ox, L.HAND_ROW_Y + 4, "HAND")
    _label(im, ox, L.PILES_ROW_Y + 4, "PILES")
    fonts.draw_text(im, (ox, L.PILES_ROW_Y + 22), "top cards", 12, P.MUTED)
    _label(im, ox, L.SUPPLY_ROW_Y + 12, "SUPPLY")
    for i in range(food_max):
        box = L.food_slot_box(i)
        d.rounded_rectangle(box, 6, fill=P.SLOT_BG, outline=P.SLOT_LINE, width=2)
        fonts.draw_text(im, (box[0] + 4, box[1] + 1), str(i + 1), 11, P.SLOT_LINE)


def _tokens(im: Image.Image, view: View, side: dict[str, Any], box_of: Any) -> None:
    """Remaining confrontation colours as lettered tokens; trashed ones as hollow rings."""
    left = set(side.get("colours") or [])
    chosen = side.get("locked_colour")
    for i, c in enumerate(view.get("confrontation_colours") or ("red", "yellow", "turquoise")):
        state = "chosen" if c == chosen else ("left" if c in left else "gone")
        g = glyphs.token(c, 34, state)
        im.paste(g, box_of(i)[:2], g)
    x0, y0, _, y1 = box_of(0)
    if side.get("locked"):
        text = "LOCKED"
        if chosen:
            text = f"LOCKED {P.CONF_LETTER.get(chosen, '?')}"
        fonts.draw_text(im, (x0 - 8, (y0 + y1) // 2), text, 16, P.INK, anchor="rm", bold=True)


def _die_row(im: Image.Image, x: int, y: int, dice: list[str], size: int, gap: int = 4) -> int:
    for face in dice:
        g = glyphs.die(face, size)
        im.paste(g, (x, y), g)
        x += g.size[0] + gap
    return x


def draw_shark_panel(im: Image.Image, view: View) -> None:
    sh = view.get("shark_side") or {}
    d = ImageDraw.Draw(im)
    _tokens(im, view, sh, L.shark_token_box)
    # Hunger
    hunger = list(sh.get("hunger") or [])
    hmax = int(sh.get("hunger_max") or 7)
    for i, face in enumerate(hunger[:hmax]):
        box = L.hunger_slot_box(i)
        g = glyphs.die(face, L.HUNGER_DIE)
        im.paste(g, ((box[0] + box[2] - g.size[0]) // 2, (box[1] + box[3] - g.size[1]) // 2), g)
    colour = P.OI_VERMILLION if len(hunger) >= hmax - 1 else P.INK
    fonts.draw_text(im, L.HUNGER_COUNT_XY, f"{len(hunger)}/{hmax}", 32, colour, anchor="lm",
                    bold=True)
    # Growth
    for t in sh.get("growth") or []:
        n = int(t["tile"])
        if not 1 <= n <= 4:
            continue
        box = L.growth_tile_box(n)
        flipped = bool(t.get("flipped"))
        d.rounded_rectangle(box, 8, fill=P.FOOD_FILL if flipped else P.SLOT_BG,
                            outline=P.OI_GREEN if flipped else P.SLOT_LINE,
                            width=3 if flipped else 2)
        if flipped:
            fonts.draw_text(im, (box[0] + 6, box[1] + 5), f"{n} ACTIVE", 16, P.FOOD_DARK,
                            bold=True)
        else:
            for s in range(3):
                sb = L.growth_slot_box(n, s)
                d.rounded_rectangle(sb, 4, outline=P.SLOT_LINE, width=1)
            for s, face in enumerate(list(t.get("dice") or [])[:3]):
                sb = L.growth_slot_box(n, s)
                g = glyphs.die(face, L.GROWTH_DIE)
                im.paste(g, sb[:2], g)
        lines = fonts.wrap(str(t.get("text", "")), 13, L.GROWTH_W - 10, 5)
        fonts.draw_lines(im, (box[0] + 5, box[1] + 30), lines, 13,
                         P.INK if flipped else P.MUTED, leading=-2)
    # Energy
    energy = list(sh.get("energy") or [])
    for i, face in enumerate(energy[:3]):
        box = L.energy_slot_box(i)
        g = glyphs.die(face, L.ENERGY_DIE)
        im.paste(g, (box[0] + 3, box[1] + 3), g)
    ex = L.energy_slot_box(2)[2] + 8
    if energy:
        pips = int(sh.get("energy_pips") or 0)
        fonts.draw_text(im, (ex, L.ENERGY_ROW_Y + 17), f"{pips} pip{'s' * (pips != 1)}", 18,
                        P.INK, anchor="lm", bold=True)
    # Bag
    bag = sh.get("bag") or {}
    x = L.BAG_X + 40
    for c in ("B", "Y", "R"):
        g = glyphs.die_chip(c, 26)
        im.paste(g, (x, L.ENERGY_ROW_Y + 4), g)
        fonts.draw_text(im, (x + 29, L.ENERGY_ROW_Y + 17), f"x{int(bag.get(c, 0))}", 20, P.INK,
                        anchor="lm", bold=True)
        x += 60
    # Pool, assigned, resolving
    x = L.SHARK_PANEL[0] + L.LABEL_W
    y = L.POOL_ROW_Y
    pool = list(sh.get("pool") or [])
    if pool:
        x = _die_row(im, x, y, pool, L.POOL_DIE)
    else:
        fonts.draw_text(im, (x, y + 14), "empty", 15, P.MUTED, anchor="lm")
        x += 60
    for key, word in (("assigned", "assigned"), ("resolving", "resolving")):
        items = sh.get(key) or []
        if not items:
            continue
        x += 10
        r = fonts.draw_text(im, (x, y + 14), word, 14, P.MUTED, anchor="lm")
        x = r[2] + 6
        for a in items:
            g = glyphs.die(str(a["die"]), 22)
            im.paste(g, (x, y + 3), g)
            x += g.size[0] + 2
            r = fonts.draw_text(im, (x, y + 14), f">{a['zone']}", 16, P.INK, anchor="lm",
                                bold=True)
            x = r[2] + 8
    if int(sh.get("rerolls_left") or 0):
        fonts.draw_text(im, (L.SHARK_PANEL[2] - L.PANEL_PAD, y + 14),
                        f"rerolls left {sh['rerolls_left']}", 14, P.INK, anchor="rm")
    # Display
    for i, card in enumerate((sh.get("display") or [])[:4]):
        box = L.display_card_box(i)
        if card is None:
            d.rounded_rectangle(box, 8, outline=P.SLOT_LINE, width=1)
            fonts.draw_text(im, ((box[0] + box[2]) // 2, (box[1] + box[3]) // 2), "empty", 13,
                            P.MUTED, anchor="mm")
            continue
        _shark_card(im, box, card)
    fonts.draw_text(im, (L.SHARK_PANEL[0] + L.PANEL_PAD, L.DISPLAY_ROW_Y + 36),
                    f"deck {sh.get('deck_count', 0)}", 12, P.MUTED)
    # Kept
    kept = sh.get("kept") or []
    x = L.SHARK_PANEL[0] + L.LABEL_W
    y = L.KEPT_ROW_Y + 6
    if not kept:
        fonts.draw_text(im, (x, y), "none", 14, P.MUTED, anchor="lm")
    for card in kept:
        g = glyphs.die_chip(str(card.get("die", "?")), 16)
        im.paste(g, (x, y - 8), g)
        r = fonts.draw_text(im, (x + 19, y), str(card.get("name", "?")), 15, P.INK, anchor="lm",
                            bold=True)
        x = r[2] + 12
        if x > L.SHARK_PANEL[2] - 60:
            break


def _shark_card(im: Image.Image, box: L.Box, card: dict[str, Any]) -> None:
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(box, 8, fill=P.WHITE, outline=P.INK, width=2)
    x0, y0, x1, y1 = box
    fonts.draw_text(im, (x0 + 6, y0 + 4), fonts.fit(str(card.get("name", "?")), 15, x1 - x0 - 40),
                    15, P.INK, bold=True)
    # cost (pips of stored Energy) in a dark disc; the die it brings as a lettered chip
    d.ellipse((x1 - 30, y0 + 3, x1 - 4, y0 + 29), fill=P.INK)
    fonts.draw_text(im, (x1 - 17, y0 + 16), str(card.get("cost", "?")), 15, P.WHITE, anchor="mm",
                    bold=True)
    lines = fonts.wrap(str(card.get("text", "")), 11, x1 - x0 - 30, 4)
    fonts.draw_lines(im, (x0 + 6, y0 + 26), lines, 11, P.MUTED, leading=-2)
    g = glyphs.die_chip(str(card.get("die", "?")), 18)
    im.paste(g, (x1 - 22, y1 - 22), g)


def _octo_card(im: Image.Image, box: L.Box, cid: str) -> None:
    from rules.data import data

    card = data().octo_cards.get(cid)
    d = ImageDraw.Draw(im)
    d.rounded_rectangle(box, 7, fill=P.WHITE, outline=P.INK, width=2)
    x0, y0, x1, _y1 = box
    kind = card.type if card else "?"
    fill = P.CARD_TYPE_FILL.get(kind, P.FAINT)
    d.rounded_rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + 22), 5, fill=fill)
    fonts.draw_text(im, (x0 + 6, y0 + 12), P.CARD_TYPE_LETTER.get(kind, "?"), 15, P.INK,
                    anchor="lm", bold=True)
    if card is not None:
        fonts.draw_text(im, (x1 - 6, y0 + 12), f"cost {card.cost}", 11, P.INK, anchor="rm")
    lines = fonts.wrap(card_name(cid), 13, x1 - x0 - 8, 3)
    fonts.draw_lines(im, (x0 + 5, y0 + 26), lines, 13, P.INK, leading=-1)


def draw_octo_panel(im: Image.Image, view: View) -> None:
    oc = view.get("octopus_side") or {}
    d = ImageDraw.Draw(im)
    _tokens(im, view, oc, L.octo_token_box)
    if view.get("phase") == "octopus":
        fonts.draw_text(im, (L.OCTO_PANEL[0] + 170, L.OCTO_TITLE[1] + 18),
                        f"actions {oc.get('actions_taken', 0)}/2", 16, P.INK, anchor="lm",
                        bold=True)
    # Food Track and banked food effects
    track = list(oc.get("food_track") or [])
    fmax = int(oc.get("food_max") or 4)
    for i, food in enumerate(track[:fmax]):
        box = L.food_slot_box(i)
        g = glyphs.tile(food, L.FOOD_SLOT, "face", label=False)
        im.paste(g, box[:2], g)
    colour = P.OI_GREEN if len(track) >= fmax - 1 else P.INK
    fonts.draw_text(im, L.FOOD_COUNT_XY, f"{len(track)}/{fmax}", 32, colour, anchor="lm",
                    bold=True)
    banked = list(oc.get("banked") or [])
    bx = L.BANKED_X
    fonts.draw_text(im, (bx, L.FOOD_ROW_Y), "BANKED", 13, P.MUTED, bold=True)
    if not banked:
        fonts.draw_text(im, (bx, L.FOOD_ROW_Y + 18), "none", 14, P.MUTED)
    for i, food in enumerate(banked[:4]):
        x = bx + (i % 2) * 92
        y = L.FOOD_ROW_Y + 16 + (i // 2) * 22
        g = glyphs.tile(food, 20, "face", label=False)
        im.paste(g, (x, y), g)
        fonts.draw_text(im, (x + 23, y + 10), glyphs.block_label(food), 14, P.INK, anchor="lm",
                        bold=True)
    # Hand
    limit = oc.get("hand_limit", 4)
    n = int(oc.get("hand_count") or 0)
    hy = L.HAND_ROW_Y
    hand = oc.get("hand")
    right = L.OCTO_PANEL[2] - L.PANEL_PAD
    if hand is not None:
        cards = list(hand)
        for i, cid in enumerate(cards):
            box = L.hand_card_box(i, max(len(cards), 1))
            _octo_card(im, box, cid)
        if not cards:
            fonts.draw_text(im, (L.OCTO_PANEL[0] + L.LABEL_W, hy + 30), "empty hand", 16, P.MUTED)
    else:
        x = L.OCTO_PANEL[0] + L.LABEL_W
        back = glyphs.card_back(L.HAND_CARD_W, L.HAND_CARD_H)
        for i in range(min(n, 8)):
            im.paste(back, (x + i * 22, hy), back)
        tx = x + (min(n, 8) - 1) * 22 + L.HAND_CARD_W + 14 if n else x
        fonts.draw_text(im, (tx, hy + 4), f"{n} card{'s' * (n != 1)}", 28, P.INK, bold=True)
        known = [card_name(c) for c in oc.get("hand_known") or []]
        if known:
            lines = fonts.wrap("known: " + ", ".join(known), 14, right - tx, 2)
            fonts.draw_lines(im, (tx, hy + 40), lines, 14, P.INK)
    fonts.draw_text(im, (L.OCTO_PANEL[0] + L.PANEL_PAD, hy + 24), f"limit {limit}", 14, P.MUTED)
    # Face-up piles
    piles = oc.get("piles") or {}
    for i, p in enumerate(PILES):
        box = L.pile_box(i)
        x0, y0, x1, _y1 = box
        info = piles.get(p) or {}
        d.rounded_rectangle(box, 7, fill=P.WHITE, outline=P.SLOT_LINE, width=2)
        d.rounded_rectangle((x0 + 2, y0 + 2, x1 - 2, y0 + 19), 5,
                            fill=P.CARD_TYPE_FILL.get(p, P.FAINT))
        fonts.draw_text(im, (x0 + 6, y0 + 10), f"{p.upper()} ({info.get('count', 0)})", 12,
                        P.INK, anchor="lm", bold=True)
        top = info.get("top")
        if top:
            food = info.get("food")
            tx = x0 + 6
            if food:
                g = glyphs.tile(food, 28, "face", label=False)
                im.paste(g, (x0 + 4, y0 + 24), g)
                tx += 30
            lines = fonts.wrap(card_name(top), 14, x1 - tx - 4, 2)
            fonts.draw_lines(im, (tx, y0 + 22), lines, 14, P.INK, leading=-2)
        else:
            fonts.draw_text(im, (x0 + 6, y0 + 30), "empty", 13, P.MUTED)
    # Draw / discard / in play
    discard = list(oc.get("discard") or [])
    parts = [f"Draw pile {oc.get('draw_count', 0)}", f"Discard {len(discard)}"]
    if discard:
        parts[-1] += f" (top {card_name(discard[-1])})"
    slots = list(oc.get("slots") or [])
    if slots:
        parts.append("played: " + ", ".join(card_name(c) for c in slots))
    text = "  ·  ".join(parts)
    fonts.draw_text(im, (L.OCTO_PANEL[0] + L.PANEL_PAD, L.DECK_ROW_Y + 10),
                    fonts.fit(text, 15, right - L.OCTO_PANEL[0] - L.PANEL_PAD), 15, P.INK,
                    anchor="lm")
    # Supply
    supply = oc.get("supply") or {}
    x = L.OCTO_PANEL[0] + L.LABEL_W
    for kind in sorted(supply):
        count = int(supply[kind])
        if count <= 0:
            continue
        g = glyphs.tile(kind, L.SUPPLY_TILE, "face", label=False)
        im.paste(g, (x, L.SUPPLY_ROW_Y), g)
        label = glyphs.block_label(kind)
        r = fonts.draw_text(im, (x + L.SUPPLY_TILE + 4, L.SUPPLY_ROW_Y + 12),
                            f"x{count}", 16, P.INK, anchor="lm", bold=True)
        fonts.draw_text(im, (x + L.SUPPLY_TILE + 4, L.SUPPLY_ROW_Y + 31),
                        fonts.fit(label, 11, 52), 11, P.MUTED, anchor="lm")
        x = max(r[2], x + L.SUPPLY_TILE + 56) + 8
        if x > right - 90:
            break
    if not supply:
        fonts.draw_text(im, (x, L.SUPPLY_ROW_Y + 20), "empty", 15, P.MUTED, anchor="lm")


# -- header and caption ----------
def _seat_name(seat: str) -> str:
    return {"octopus": "Octopus", "shark": "Shark"}.get(seat, seat.capitalize())


def header_lines(view: View) -> tuple[str, str]:
    """The two header lines: whose turn (or the winner) and what must be decided."""
    phase = view.get("phase")
    dec = view.get("decision") or {}
    viewer = view.get("viewer", "spectator")
    if phase == "over":
        w = view.get("winner")
        first = f"THE {_seat_name(str(w)).upper()} WINS!" if w else "GAME OVER"
        reason = WIN_TEXT.get(str(view.get("win_reason")), str(view.get("win_reason") or ""))
        return first, (reason[0].upper() + reason[1:] + "." if reason else "")
    kind = dec.get("kind", "")
    rnd = view.get("round", 0)
    if phase == "den":
        first = "Setup: place the Shark"
    elif kind in ("confront", "hostile", "escape_use"):
        first = f"Round {rnd} · CONFRONTATION!"
    else:
        first = f"Round {rnd} · {_seat_name(str(view.get('turn', '')))}'s turn"
    seats = list(dec.get("seats") or [])
    text = str(dec.get("text", ""))
    if viewer in seats:
        second = f"YOU: {text}"
    elif seats:
        second = f"Waiting: {text}"
    else:
        second = text
    partial = _partial(view)
    if partial:
        second += f"  (so far: {partial})"
    return first, second


def _partial(view: View) -> str:
    """The viewer's own unfinished command, with card ids turned into names."""
    viewer = view.get("viewer")
    side = view.get("shark_side" if viewer == "shark" else "octopus_side") or {}
    steps = side.get("partial") or []
    if not steps:
        return ""
    from rules.data import data

    d = data()

    def nice(word: str) -> str:
        if word in d.octo_cards:
            return d.octo_cards[word].name
        if word in d.shark_cards:
            return d.shark_cards[word].name
        return word

    return " > ".join(" ".join(nice(w) for w in str(s).split()) for s in steps)


VIEWER_BADGE = {"octopus": "OCTOPUS VIEW", "shark": "SHARK VIEW", "spectator": "SPECTATOR VIEW",
                "omniscient": "FULL VIEW"}


def draw_header(im: Image.Image, view: View) -> None:
    d = ImageDraw.Draw(im)
    over = view.get("phase") == "over"
    bg = P.HEADER_BG
    if over:
        bg = P.OCTOPUS_DARK if view.get("winner") == "octopus" else (62, 74, 90)
    d.rectangle(L.HEADER, fill=bg)
    first, second = header_lines(view)
    x0, y0, x1, _ = L.HEADER
    badge = VIEWER_BADGE.get(str(view.get("viewer")), str(view.get("viewer", "")).upper())
    bw = fonts.width(badge, 14, True) + 16
    d.rounded_rectangle((x1 - bw - 10, y0 + 8, x1 - 10, y0 + 30), 10, outline=P.FAINT, width=1)
    fonts.draw_text(im, (x1 - 10 - bw // 2, y0 + 19), badge, 14, P.FAINT, anchor="mm", bold=True)
    size = 38 if over else 34
    fonts.draw_text(im, (x0 + 14, y0 + 4), fonts.fit(first, size, x1 - x0 - bw - 40, True), size,
                    P.OI_YELLOW if over else P.WHITE, bold=True)
    is_you = second.startswith("YOU")
    fonts.draw_text(im, (x0 + 14, y0 + 50), fonts.fit(second, 21, x1 - x0 - 28, is_you), 21,
                    P.OI_YELLOW if is_you else P.WHITE, bold=is_you)


BORING_EVENTS = {"turn", "pile_top", "display", "reshuffle"}


def caption_parts(view: View) -> list[str]:
    """The texts of the last step's events, the routine ones left out."""
    events = list(view.get("last_events") or [])
    if any(e.get("type") == "confront_reveal" for e in events):
        events = [e for e in events if e.get("type") != "locked"]
    texts = [str(e.get("text", "")) for e in events if e.get("type") not in BORING_EVENTS]
    if not texts:
        texts = [str(e.get("text", "")) for e in events]
    return [t for t in texts if t] or ["No move yet."]


def caption_text(view: View, sep: str = "  ·  ") -> str:
    """One line about the last step (all of it)."""
    return sep.join(caption_parts(view))


def fit_caption(parts: list[str], size: int, room: int, sep: str = "  ·  ") -> str:
    """The caption that fits `room` pixels: everything if it fits, otherwise the first event
    (what was done) and as many of the last events (how it ended) as fit."""
    whole = sep.join(parts)
    if fonts.width(whole, size) <= room or len(parts) < 2:
        return fonts.fit(whole, size, room)
    tail: list[str] = []
    for t in reversed(parts[1:]):
        trial = sep.join([parts[0], "…", t, *tail])
        if fonts.width(trial, size) > room:
            break
        tail.insert(0, t)
    if not tail:
        return fonts.fit(sep.join([parts[0], parts[-1]]), size, room)
    if len(tail) == len(parts) - 1:
        return whole
    return sep.join([parts[0], "…", *tail])


def draw_caption(im: Image.Image, view: View) -> None:
    d = ImageDraw.Draw(im)
    d.rectangle(L.CAPTION, fill=P.CAPTION_BG)
    x0, y0, x1, y1 = L.CAPTION
    cy = (y0 + y1) // 2
    tag = "LAST MOVE"
    tw = fonts.width(tag, 14, True) + 16
    d.rounded_rectangle((x0 + 10, cy - 13, x0 + 10 + tw, cy + 13), 8, outline=P.HIGHLIGHT,
                        width=3)
    fonts.draw_text(im, (x0 + 10 + tw // 2, cy), tag, 14, P.HIGHLIGHT, anchor="mm", bold=True)
    room = x1 - x0 - tw - 40
    text = fit_caption(caption_parts(view), 22, room)
    fonts.draw_text(im, (x0 + tw + 24, cy), text, 22, P.WHITE, anchor="lm")
