"""Offshore Offspring in words: what the module adds to the alt text and the text board.

Built from the same module view keys as the image (`sharks`, per-zone `stage`/`colour`,
`offspring`), so the words are exactly as secret-safe as the picture. `text.describe` and
`text.text_board` call in here only for a module view, so base texts are unchanged.
"""

from __future__ import annotations

from typing import Any

from . import oo_glyphs, oo_panel

View = dict[str, Any]
FACING_WORD = {"N": "north", "S": "south", "E": "east", "W": "west", "*": "free (either end)"}


def is_module(view: View) -> bool:
    return view.get("offspring") is not None


def kind_word(z: dict[str, Any], kind: str | None) -> str | None:
    """"red adult Octopus", "purple Juvenile Octopus", "Deal Wound trap"; None when the base
    words serve."""
    if not kind:
        return None
    parts = oo_glyphs.octopus_parts(kind)
    if parts is not None:
        stage = str(z.get("stage") or parts[0])
        colour = str(z.get("colour") or parts[1])
        return f"{colour} {'Juvenile' if stage == 'juvenile' else 'adult'} Octopus"
    from rules.names import block_name

    word = block_name(kind)
    return word if word.endswith(" trap") else None


def short_kind(z: dict[str, Any], kind: str | None) -> str | None:
    """The same, short enough for a text-board cell ("Purple Juv.")."""
    parts = oo_glyphs.octopus_parts(kind or "")
    if parts is None:
        return None
    return oo_glyphs.octopus_label(str(z.get("stage") or parts[0]),
                                   str(z.get("colour") or parts[1]))


def sharks_phrase(view: View) -> str:
    """Every Shark, where it is and which way it faces; the Mother's wounds."""
    oo = view["offspring"]
    total = 1 + len(oo.get("wound_boards") or [])
    wounds = int(oo.get("mother_wounds") or 0)
    out = []
    for s in view.get("sharks") or []:
        facing = FACING_WORD.get(str(s.get("facing")), str(s.get("facing")))
        if s.get("name") == "mother":
            out.append(f"Mother Shark on space {s['space']} facing {facing}, {wounds} of {total} "
                       "wounds")
        else:
            out.append(f"Juvenile Shark {str(s['name']).upper()} on space {s['space']} facing "
                       f"{facing}")
    if not oo.get("mother_alive", True):
        out.insert(0, "The Mother Shark is dead")
    elif view.get("shark") is None:
        out.insert(0, "The Shark is not on the board yet")
    return "; ".join(out) + "."


def board_phrase(view: View) -> str:
    """Tokens on the board: the Cave and Rock, the "6" and the Escape Route."""
    oo = view["offspring"]
    parts = []
    for tok, where in sorted((oo.get("tokens") or {}).items()):
        if tok in ("cave", "rock") and isinstance(where, str):
            parts.append(f"{tok.capitalize()} in {where}")
    if oo.get("six_token"):
        parts.append(f'"6" covers {oo["six_token"]}\'s value')
    if oo.get("escape_route") is not None:
        parts.append(f"Escape Route on den {oo['escape_route']}")
    return ("Tokens: " + "; ".join(parts) + ".") if parts else ""


def camouflage_phrase(view: View) -> str:
    oo = view["offspring"]
    parts = []
    for t in oo.get("tracks") or []:
        a, b = oo_panel.track_lines(oo, t)
        parts.append(f"{t['colour']} {t.get('shells', 0)}/{t.get('slots', 4)} shells ({a}; {b})")
    return "Camouflage: " + "; ".join(parts) + "."


def wounds_phrase(view: View) -> str:
    oo = view["offspring"]
    boards = ", ".join(f"{b['name']} {'active' if b.get('flipped') else 'inactive'}"
                       for b in oo.get("wound_boards") or [])
    return (f"Wound boards: {boards or 'none'}. Peeks {int(oo.get('peeks') or 0)}; Juvenile "
            f"Sharks beside the board {int(oo.get('juvenile_sharks_left') or 0)}.")


def extras_phrase(view: View) -> str:
    """Hunger tokens, the Eat pile and Event cards (the strip's third column)."""
    oo = view["offspring"]
    rows = [f"{label.capitalize()}: {text}"
            for label, text in oo_panel.misc_lines(view, oo)
            if label not in ('ESCAPE ROUTE', '"6" TOKEN')]
    return ". ".join(rows) + "."


def alt_parts(view: View) -> list[str]:
    """The module's sentences for `describe`, most important first."""
    return [p for p in (board_phrase(view), camouflage_phrase(view), wounds_phrase(view),
                        extras_phrase(view)) if p]


# -- the text board ----------
def space_marks(view: View) -> dict[int, str]:
    """What the text board prints on a space besides the base marks: Juvenile Sharks
    ("J1(E)") and the Escape Route ("ESCAPE")."""
    out: dict[int, str] = {}
    for s in view.get("sharks") or []:
        if s.get("name") != "mother":
            out[int(s["space"])] = f"{str(s['name']).upper()}({s.get('facing')})"
    route = view["offspring"].get("escape_route")
    if route is not None:
        out[int(route)] = " ".join(filter(None, (out.get(int(route)), "ESCAPE")))
    return out


def zone_tokens(view: View, zone: str) -> list[str]:
    oo = view["offspring"]
    toks = [t.capitalize() for t, w in sorted((oo.get("tokens") or {}).items())
            if t in ("cave", "rock") and w == zone]
    if oo.get("six_token") == zone:
        toks.append('"6"')
    return toks


def board_lines(view: View) -> list[str]:
    """Lines under the text board's sides: every module fact the strip shows."""
    lines = ["OFFSPRING " + sharks_phrase(view)]
    lines.append("        " + camouflage_phrase(view))
    board = board_phrase(view)
    if board:
        lines.append("        " + board)
    lines.append("        " + wounds_phrase(view))
    lines.append("        " + extras_phrase(view))
    return lines
