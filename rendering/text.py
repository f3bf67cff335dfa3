"""The board as words: alt text for Discord (`describe`) and a monospace grid (`text_board`).

Both are built from the same view as the image and from nothing else, so they are exactly as
secret-safe as the picture, and they give screen-reader and terminal users the same facts.
"""

from __future__ import annotations

from typing import Any

from rules.names import WIN_TEXT, card_name

from . import glyphs, oo_text
from .panels import caption_text, header_lines

View = dict[str, Any]

ALT_MAX = 1024
FACING_WORD = {"N": "north", "S": "south", "E": "east", "W": "west", "*": "free (either end)"}
DIE_WORD = {"B": "blue", "Y": "yellow", "R": "red"}


def _block_word(kind: str | None) -> str:
    if not kind:
        return "?"
    from rules.data import data

    label = glyphs.block_label(kind)
    return f"{label} trap" if kind in data().traps else label


def _pct(odds: float) -> str:
    p = odds * 100
    return "<1%" if 0 < p < 1 else f"{p:.0f}%"


def _word(view: View, z: dict[str, Any], kind: str | None) -> str:
    """A block's words: the module's coloured Octopuses and traps in a module view."""
    if oo_text.is_module(view):
        word = oo_text.kind_word(z, kind)
        if word is not None:
            return word
    return _block_word(kind)


def zone_phrase(view: View, z: dict[str, Any]) -> str:
    """One zone in words, as this viewer may know it."""
    name = z["zone"]
    if oo_text.is_module(view):
        toks = oo_text.zone_tokens(view, name)
        if toks:
            name = f"{name} ({', '.join(toks)})"
    if not z.get("hidden"):
        return f"{name} {_word(view, z, z.get('block'))}"
    if z.get("block"):
        tag = "was hidden" if view.get("phase") == "over" else "hidden"
        return f"{name} {_word(view, z, z['block'])} ({tag})"
    if z.get("known"):
        return f"{name} hidden, known {_word(view, z, z['known'])}"
    odds = float(z.get("octopus_odds") or 0.0)
    return f"{name} hidden, Octopus {_pct(odds)}" if odds > 0 else f"{name} hidden, no Octopus"


def _shark_phrase(view: View) -> str:
    sh = view.get("shark")
    if not sh:
        return "The Shark is not on the board yet."
    facing = FACING_WORD.get(str(sh.get("facing")), str(sh.get("facing")))
    return f"Shark on space {sh['space']} facing {facing}."


def _dice_phrase(view: View) -> str:
    dice = [f"{s['die']} on {s['space']}" for s in view.get("spaces", []) if s.get("die")]
    return ("Current dice: " + ", ".join(dice) + ".") if dice else "No Current dice on the board."


def describe(view: View) -> str:
    """Alt text (≤ 1024 characters, Discord's limit for an attachment description).

    Sentences go in order of importance and whole sentences are dropped once the budget is
    spent, so the most useful facts always survive.
    """
    sh = view.get("shark_side") or {}
    oc = view.get("octopus_side") or {}
    first, second = header_lines(view)
    viewer = str(view.get("viewer", "spectator"))
    hunger = len(sh.get("hunger") or [])
    food = len(oc.get("food_track") or [])
    module = oo_text.is_module(view)
    parts = [
        _sentence(f"Kelp board ({viewer} view). {first.replace(' · ', ', ')}"),
        _sentence(second.replace("YOU: ", "Your move: ")),
        f"Hunger {hunger} of {sh.get('hunger_max', 7)}; food {food} of {oc.get('food_max', 4)}.",
        oo_text.sharks_phrase(view) if module else _shark_phrase(view),
        "Zones: " + "; ".join(zone_phrase(view, z) for z in view.get("zones", [])) + ".",
        _dice_phrase(view),
        _sentence(f"Last move: {caption_text(view, '; ')}"),
    ]
    if module:
        parts.extend(oo_text.alt_parts(view))
    conf = [c[0].upper() for c in oc.get("colours") or []]
    parts.append(
        f"Octopus: hand {oc.get('hand_count', 0)} (limit {oc.get('hand_limit', 4)}), "
        f"draw pile {oc.get('draw_count', 0)}, discard {len(oc.get('discard') or [])}, "
        f"colours left {' '.join(conf) or 'none'}."
    )
    bag = sh.get("bag") or {}
    bag_text = ", ".join(f"{bag.get(c, 0)} {DIE_WORD[c]}" for c in "BYR")
    flipped = [str(t["tile"]) for t in sh.get("growth") or [] if t.get("flipped")]
    parts.append(
        f"Shark: energy {sh.get('energy_pips', 0)} pips, bag {bag_text}, growth tiles flipped "
        f"{', '.join(flipped) or 'none'}, kept cards "
        f"{', '.join(str(c['name']) for c in sh.get('kept') or []) or 'none'}."
    )
    if oc.get("hand"):
        mine = viewer == "octopus" and view.get("phase") != "over"
        whose = "Your hand" if mine else "Octopus hand"
        parts.append(f"{whose}: " + ", ".join(card_name(c) for c in oc["hand"]) + ".")
    out = ""
    for p in parts:
        trial = f"{out} {p}".strip()
        if len(trial) <= ALT_MAX:
            out = trial
        elif not out:
            out = p[: ALT_MAX - 1] + "…"
    return out


def _sentence(text: str) -> str:
    """`text` ending in exactly one full stop (or its own ! or ?)."""
    text = text.strip()
    return text if not text or text[-1] in ".!?" else text + "."


# -- the monospace grid ----------
ZW = 16  # zone column width
VW = 6  # vertical-space column width
ZH = 4  # rows inside a zone


def _centre(text: str, w: int, fill: str = " ") -> str:
    text = text[:w]
    left = (w - len(text)) // 2
    return fill * left + text + fill * (w - len(text) - left)


def _space_info(view: View) -> dict[int, dict[str, Any]]:
    return {int(s["space"]): s for s in view.get("spaces", [])}


def _label(view: View, z: dict[str, Any], kind: str | None) -> str:
    """A block's name in a text-board cell ("Purple Juv." for a module's Octopus)."""
    if oo_text.is_module(view):
        short = oo_text.short_kind(z, kind)
        if short is not None:
            return short
    return glyphs.block_label(str(kind))


def _zone_lines(view: View, z: dict[str, Any]) -> list[str]:
    lines = [f"{z['zone']}  {z['value']}+"]
    toks = oo_text.zone_tokens(view, z["zone"]) if oo_text.is_module(view) else []
    if '"6"' in toks:
        lines[0] = f"{z['zone']}  6+ (\"6\")"
    if not z.get("hidden"):
        lines.append(_label(view, z, z.get("block")))
        lines.append("")
    elif z.get("block"):
        lines.append(_label(view, z, z["block"]))
        lines.append("(was hidden)" if view.get("phase") == "over" else "(hidden)")
    elif z.get("known"):
        lines.append("[hidden]")
        lines.append("= " + _label(view, z, z["known"]))
    else:
        odds = float(z.get("octopus_odds") or 0.0)
        lines.append("[hidden]")
        lines.append(f"Oct {_pct(odds)}" if odds > 0 else "no Oct")
    sh = view.get("shark_side") or {}
    dice = [a["die"] for a in [*(sh.get("assigned") or []), *(sh.get("resolving") or [])]
            if a.get("zone") == z["zone"]]
    last = ("die " + " ".join(dice)) if dice else ""
    more = [t for t in toks if t != '"6"']
    if more:
        last = " ".join([last, *more]).strip()
    lines.append(last)
    return [f" {x}"[:ZW] for x in lines]


def _h_label(view: View, s: int, spaces: dict[int, dict[str, Any]]) -> str:
    info = spaces.get(s, {})
    text = f" {s}{'*' if info.get('den') else ''}"
    if info.get("die"):
        text += f" [{info['die']}]"
    shark = view.get("shark") or {}
    if shark.get("space") == s:
        text += f" SHARK({shark.get('facing')})"
    if oo_text.is_module(view) and s in oo_text.space_marks(view):
        text += f" {oo_text.space_marks(view)[s]}"
    return text + " "


def _v_rows(view: View, s: int, spaces: dict[int, dict[str, Any]]) -> list[str]:
    info = spaces.get(s, {})
    rows = ["|", f"{s}{'*' if info.get('den') else ''}", "|", "|"]
    shark = view.get("shark") or {}
    if info.get("die"):
        rows[2] = str(info["die"])
    if shark.get("space") == s:
        rows[2] = "SHARK"
        rows[3] = f"({shark.get('facing')})"
    mark = oo_text.space_marks(view).get(s) if oo_text.is_module(view) else None
    if mark and "ESCAPE" in mark:
        rows[2], rows[3] = "ESC", "ROUTE"
    elif mark:
        rows[2], rows[3] = mark.split("(")[0], "(" + mark.split("(")[1]
    pivot = (VW - 1) // 2
    return [(" " * pivot + r).ljust(VW) if r == "|" else _centre(r, VW) for r in rows]


def text_board(view: View) -> str:
    """The forest as a monospace grid, then the two sides and the last move as lines of text.

    Spaces are numbered as on the image (kelp-spec B-4); `*` marks a den, `[4B]` a Current
    die, SHARK(N) the Shark and the end it faces.
    """
    spaces = _space_info(view)
    zones = {z["zone"]: z for z in view.get("zones", [])}
    out: list[str] = []
    first, second = header_lines(view)
    out.append(f"{first} - {second} [{view.get('viewer', 'spectator')} view]")
    pivot = (VW - 1) // 2  # where '+' and '|' sit in a vertical-space column
    for y in range(4):
        line = ""
        for x in range(4):
            line += ("-" if x > 0 else " ") * pivot + "+"
            line += ("-" if x < 3 else " ") * (VW - pivot - 1)
            if x < 3:
                line += _centre(_h_label(view, 3 * y + x + 1, spaces), ZW, "-")
        out.append(line.rstrip())
        if y == 3:
            break
        cols = [_v_rows(view, 13 + 4 * y + x, spaces) for x in range(4)]
        zl = [_zone_lines(view, zones.get(f"{'ABC'[c]}{y + 1}", {"zone": "?", "value": 0}))
              for c in range(3)]
        for k in range(ZH):
            row = ""
            for c in range(3):
                row += cols[c][k] + zl[c][k].ljust(ZW)
            row += cols[3][k]
            out.append(row.rstrip())
    out.append("* den   [4B] Current die   SHARK(N) the Shark and the end it faces "
               "((*) = free)")
    if oo_text.is_module(view):
        out.append("J1(E) a Juvenile Shark   ESCAPE the Escape Route   \"6\" the 6 token")
    out.extend(_side_lines(view))
    if oo_text.is_module(view):
        out.extend(oo_text.board_lines(view))
    out.append(f"Last move: {caption_text(view)}")
    return "\n".join(out)


def _side_lines(view: View) -> list[str]:
    sh = view.get("shark_side") or {}
    oc = view.get("octopus_side") or {}
    lines = []
    hunger = list(sh.get("hunger") or [])
    growth = " ".join(
        f"{t['tile']}:{'ACTIVE' if t.get('flipped') else '[' + ' '.join(t.get('dice') or []) + ']'}"
        for t in sh.get("growth") or []
    )
    bag = sh.get("bag") or {}
    lines.append(
        f"SHARK   Hunger {len(hunger)}/{sh.get('hunger_max', 7)} [{' '.join(hunger)}]  "
        f"Growth {growth}  Energy [{' '.join(sh.get('energy') or [])}] "
        f"({sh.get('energy_pips', 0)} pips)  Bag B{bag.get('B', 0)} Y{bag.get('Y', 0)} "
        f"R{bag.get('R', 0)}  Pool [{' '.join(sh.get('pool') or [])}]"
    )
    # a module view names the Shark that owns each assigned die (OO-8)
    moving = [f"{a['die']}>{a['zone']}" + (f" ({str(a['shark']).upper()})" if a.get("shark")
                                           and a["shark"] != "mother" else "")
              for a in sh.get("assigned") or []]
    moving += [f"{a['die']}>{a['zone']} (resolving)" for a in sh.get("resolving") or []]
    if moving:
        lines.append("        Assigned " + ", ".join(moving))
    display = ", ".join(
        "empty" if c is None else f"{c['name']} ({c['cost']}, {c['die']})"
        for c in sh.get("display") or []
    )
    kept = ", ".join(str(c["name"]) for c in sh.get("kept") or []) or "none"
    lines.append(f"        Display {display}  Kept {kept}")
    lines.append(f"        Colours {_colours(sh)}")
    track = ", ".join(glyphs.block_label(f) for f in oc.get("food_track") or []) or "none"
    hand = oc.get("hand")
    hand_text = (", ".join(card_name(c) for c in hand) if hand is not None
                 else f"{oc.get('hand_count', 0)} cards")
    known = oc.get("hand_known") or []
    if hand is None and known:
        hand_text += " (known: " + ", ".join(card_name(c) for c in known) + ")"
    lines.append(
        f"OCTOPUS Food {len(oc.get('food_track') or [])}/{oc.get('food_max', 4)} ({track})  "
        f"Hand {hand_text}, limit {oc.get('hand_limit', 4)}"
    )
    discard = list(oc.get("discard") or [])
    piles = oc.get("piles") or {}
    pile_text = ", ".join(
        f"{p} {card_name(str(piles[p]['top'])) if piles[p].get('top') else '-'} "
        f"({piles[p].get('count', 0)})" for p in ("move", "hide", "learn", "eat") if p in piles
    )
    lines.append(
        f"        Draw {oc.get('draw_count', 0)}  Discard {len(discard)}"
        + (f" (top {card_name(discard[-1])})" if discard else "")
        + f"  Piles {pile_text}"
    )
    supply = oc.get("supply") or {}
    banked = ", ".join(glyphs.block_label(f) for f in oc.get("banked") or []) or "none"
    lines.append(
        "        Supply " + (", ".join(f"{glyphs.block_label(k)} x{v}"
                                       for k, v in sorted(supply.items())) or "none")
        + f"  Banked {banked}  Colours {_colours(oc)}"
    )
    if view.get("phase") == "over":
        reason = WIN_TEXT.get(str(view.get("win_reason")), str(view.get("win_reason")))
        winner = str(view.get("winner") or "nobody").capitalize()
        lines.append(f"GAME OVER: the {winner} wins ({reason}).")
    return lines


def _colours(side: dict[str, Any]) -> str:
    text = " ".join(c[0].upper() for c in side.get("colours") or []) or "none"
    if side.get("locked"):
        text += " (locked" + (f": {side['locked_colour']}" if side.get("locked_colour") else "")
        text += ")"
    return text
