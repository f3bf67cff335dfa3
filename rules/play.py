"""`python -m rules play`: a terminal hot-seat game for people without Discord.

Each player sees only their own view (the screen is cleared and the next player is asked
to take the keyboard before anything private is printed), so it is also a manual check
that views carry no secrets.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable
from typing import Any

from .actions import IllegalAction
from .engine import apply, legal_actions, new_game, pending
from .names import block_name, card_name
from .views import view

CLEAR = "\033[2J\033[H"


def text_view(v: dict[str, Any]) -> str:
    """A compact monospace rendering of one view (zones, Current, both sides)."""
    lines = [f"Round {v['round']} · {v['decision']['text']}"]
    zones = v["zones"]
    for row in range(3):
        cells = []
        for col in range(3):
            z = zones[row * 3 + col]
            if z["block"] is not None:
                name = block_name(z["block"]).removeprefix("the ").removeprefix("a ")
                label = f"({name})" if z["hidden"] else name
            elif z.get("known"):
                label = f"~{block_name(z['known']).removeprefix('a ')}"
            else:
                label = f"? {round(100 * z.get('octopus_odds', 0))}%"
            cells.append(f"{z['zone']}[{z['value']}] {label:<16}")
        lines.append("  ".join(cells))
    dice = " ".join(f"{s['space']}:{s['die']}" for s in v["spaces"] if s["die"])
    shark = v["shark"]["notation"] if v["shark"] else "not placed"
    lines.append(f"Shark at {shark}   Current dice: {dice or 'none'}")
    sh, oc = v["shark_side"], v["octopus_side"]
    lines.append(
        f"Shark: bag {sh['bag']}  pool {' '.join(sh['pool']) or '-'}  energy "
        f"{' '.join(sh['energy']) or '-'}  hunger {len(sh['hunger'])}/{sh['hunger_max']}  "
        f"growth {' '.join('F' if t['flipped'] else str(len(t['dice'])) for t in sh['growth'])}"
    )
    lines.append("  display: " + ", ".join(
        f"{c['name']} ({c['cost']})" if c else "—" for c in sh["display"]))
    if sh["kept"]:
        lines.append("  kept: " + ", ".join(c["name"] for c in sh["kept"]))
    hand = ", ".join(card_name(c) for c in oc["hand"]) if "hand" in oc else f"{oc['hand_count']}"
    lines.append(
        f"Octopus: hand {hand} (limit {oc['hand_limit']})  draw {oc['draw_count']}  "
        f"discard {len(oc['discard'])}  food {len(oc['food_track'])}/{oc['food_max']}"
        + (f"  banked {', '.join(oc['banked'])}" if oc["banked"] else "")
    )
    lines.append("  piles: " + ", ".join(
        f"{p} {card_name(x['top']) if x['top'] else '—'}" for p, x in oc["piles"].items()))
    for e in v["last_events"][-8:]:
        lines.append(f"  · {e['text']}")
    return "\n".join(lines)


def play(seed: int | None, board: str, *, read: Callable[[str], str] = input,
         out: Callable[[str], None] = print,
         fmt: Callable[[dict[str, Any]], str] = text_view) -> None:
    """Play at the terminal; `fmt` draws a view (`kelp play` passes rendering.text_board)."""
    try:
        _play(seed, board, read, out, fmt)
    except (EOFError, KeyboardInterrupt):
        out("\nGame abandoned.")


def _play(seed: int | None, board: str, read: Callable[[str], str],
          out: Callable[[str], None], fmt: Callable[[dict[str, Any]], str]) -> None:
    g = new_game(seed if seed is not None else random.SystemRandom().randrange(1 << 30),
                 board=board)
    holder: str | None = None
    while g.phase != "over":
        seat = pending(g)["seats"][0]
        if seat != holder:
            out(CLEAR)
            read(f"Pass the keyboard to the {seat.upper()} and press Enter… ")
            holder = seat
        out(CLEAR + fmt(view(g, seat)))
        acts = legal_actions(g, seat)
        for i, a in enumerate(acts, 1):
            out(f"  {i:>3}. {a.text}")
        raw = read(f"{seat}> ").strip()
        if raw in ("q", "quit"):
            return
        if raw.isdigit() and 1 <= int(raw) <= len(acts):
            raw = acts[int(raw) - 1].text
        try:
            apply(g, seat, raw)
        except IllegalAction as e:
            read(f"Not allowed: {e.message}. Press Enter… ")
    out(CLEAR + fmt(view(g, "omniscient")))
    out(f"The {g.winner} wins ({g.win_reason}).")


if __name__ == "__main__":
    play(None, "day")
    sys.exit(0)
