"""Per-viewer views of a game and its events (kelp-spec.md §8).

A view is plain JSON data holding exactly what one viewer may know. Everything public the
bot or renderer shows is built from the shark or spectator view, so this module is the one
place where secrets are stripped: a field is added for a viewer only if §8 lets them see it.
"""

from __future__ import annotations

from typing import Any

from .core import SEATS, card_name, dval, growth_tiles, is_octopus, shark_card
from .data import CONF_COLOURS, ZONES, board, data
from .engine import legal_actions, pending
from .knowledge import hidden_counts, zone_marginals
from .state import Game

VIEWERS = ("octopus", "shark", "spectator", "omniscient")


def facing_text(g: Game, at: int | None = None, facing: int | None = None) -> str:
    """§11 facing letter of the Mother Shark, or of a Shark at `at` facing `facing`."""
    if at is None:
        at, facing = g.shark_at, g.facing
    if at is None:
        return ""
    if facing is None:
        return "*"
    b = board(g.board_side)
    a, c = b.ends[at]
    p = (a, c)[facing]
    if b.horizontal(at):
        return "E" if p[0] > min(a[0], c[0]) else "W"
    return "S" if p[1] > min(a[1], c[1]) else "N"


def _zones(g: Game, viewer: str) -> list[dict[str, Any]]:
    b = board(g.board_side)
    sees_all = viewer in ("octopus", "omniscient")
    marg = zone_marginals(g, g.know_pub)
    out = []
    for z in range(9):
        item: dict[str, Any] = {
            "zone": ZONES[z],
            "value": b.values[z],
            "kelp": z in b.kelp,
            "hidden": g.hidden[z],
        }
        if not g.hidden[z] or sees_all:
            item["block"] = g.zones[z]
        else:
            item["block"] = None
        if g.hidden[z]:
            m = marg.get(z, {})
            item["candidates"] = sorted(m)
            item["known"] = next(iter(m)) if len(m) == 1 else None
            # OO-0/OO-14: with the module the Shark hunts every Octopus block, adult or
            # Juvenile, of any colour, so the odds count them all.
            odds = (sum(p for k, p in m.items() if is_octopus(k)) if g.oo
                    else m.get("octopus", 0.0))
            item["octopus_odds"] = round(odds, 4)
        out.append(item)
    return out


def _spaces(g: Game) -> list[dict[str, Any]]:
    b = board(g.board_side)
    return [{"space": s, "die": g.dice_on.get(s), "den": s in b.dens} for s in b.space_ids]


def view(g: Game, viewer: str) -> dict[str, Any]:
    """What `viewer` (octopus, shark, spectator, omniscient) may know, as JSON data.

    After the game ends every view shows everything (I-4).
    """
    if viewer not in VIEWERS:
        raise ValueError(f"unknown viewer {viewer!r}")
    sees = "omniscient" if g.phase == "over" else viewer
    d = data()
    oct_all = sees in ("octopus", "omniscient")
    shark_all = sees in ("shark", "omniscient")
    dec = pending(g)
    out: dict[str, Any] = {
        "viewer": viewer,
        # Completed commands only: `game.version` also counts private partial steps.
        "moves": g.moves,
        "board": g.board_side,
        "expansions": list(g.expansions),
        "round": g.round,
        "turn": g.turn,
        "phase": g.phase,
        "step": g.step,
        "decision": dec,
        "winner": g.winner,
        "win_reason": g.win_reason,
        "zones": _zones(g, sees),
        "spaces": _spaces(g),
        "shark": None if g.shark_at is None else {
            "space": g.shark_at,
            "facing": facing_text(g),
            "notation": f"{g.shark_at}{facing_text(g)}",
        },
        "hidden_counts": hidden_counts(g),
    }
    locked = {s: g.locked[s] is not None for s in SEATS}
    sh: dict[str, Any] = {
        "bag": dict(g.bag),
        "supply_dice": dict(g.supply_dice),
        "pool": list(g.pool),
        "assigned": [{"zone": ZONES[a[0]], "die": a[1], "card": a[2],
                      **({"shark": a[3]} if len(a) > 3 else {})} for a in g.assigned],
        "resolving": [{"zone": ZONES[a[0]], "die": a[1]} for a in g.limbo],
        "growth": [
            {"tile": i + 1, "dice": list(t), "flipped": g.flipped[i], "text": gt["text"]}
            for i, (t, gt) in enumerate(zip(g.growth, growth_tiles(g), strict=True))
        ],
        "energy": list(g.energy),
        "energy_pips": sum(dval(x) for x in g.energy),
        "hunger": list(g.hunger),
        "hunger_max": int(d.comp["shark"]["hunger_track"]),
        "display": [None if c is None else _shark_card(c) for c in g.display],
        "deck_count": len(g.deck),
        "kept": [_shark_card(c) for c in g.kept],
        "trash": list(g.s_trash),
        "colours": list(g.conf["shark"]),
        "locked": locked["shark"],
        "rerolls_left": _rerolls(g),
    }
    if shark_all:
        sh["locked_colour"] = g.locked["shark"]
        sh["peeks"] = list(g.peeks)
    if sees == "shark":
        sh["partial"] = list(g.partial["shark"])
    oc: dict[str, Any] = {
        "hand_count": len(g.hand),
        "hand_known": sorted(g.hand_known),
        "draw_count": len(g.draw),
        "discard": list(g.discard),
        "piles": {
            p: {"top": pile[-1] if pile else None, "count": len(pile),
                "food": d.food_of_card.get(pile[-1]) if pile else None}
            for p, pile in g.piles.items()
        },
        "slots": list(g.slots),
        "trash": list(g.o_trash),
        "supply": {k: v for k, v in sorted(g.supply.items()) if v},
        "food_track": list(g.food_track),
        "food_max": int(d.comp["octopus"]["food_track"]),
        "banked": list(g.banked),
        "hand_limit": g.hand_limit,
        "actions_taken": g.actions,
        "colours": list(g.conf["octopus"]),
        "locked": locked["octopus"],
    }
    if oct_all:
        oc["hand"] = sorted(g.hand)
        oc["draw_pile"] = sorted(g.draw)
        oc["locked_colour"] = g.locked["octopus"]
    if sees == "octopus":
        oc["partial"] = list(g.partial["octopus"])
    out["confrontation"] = _confrontation(g)
    out["shark_side"] = sh
    out["octopus_side"] = oc
    out["confrontation_colours"] = list(CONF_COLOURS)
    if viewer in SEATS and g.phase != "over":
        out["legal"] = [a.text for a in legal_actions(g, viewer)]
    if g.oo:
        _offspring_view(g, out, sees)
    out["last_events"] = [event_view(e, sees) for e in g.last_events]
    return out


def _offspring_view(g: Game, out: dict[str, Any], sees: str) -> None:
    """Offshore Offspring's public state (kelp-spec.md §10), under keys of its own.

    Everything here is public (I-2): colours and stages of revealed or publicly known
    blocks come through the zones' candidates as in the base game; the Eat pile's top is
    shown only while it is face up (OO-6).
    """
    from .offspring import colour, stage, xd

    oo = g.oo
    out["sharks"] = [
        {"name": n, "space": s, "facing": facing_text(g, s, f),
         "notation": f"{s}{facing_text(g, s, f)}"}
        for n, s, f in _sharks(g)
    ]
    at = {s: n for n, s, _ in _sharks(g)}
    for sp in out["spaces"]:
        sp["shark"] = at.get(sp["space"])
        sp["escape_route"] = sp["space"] == oo["route"]
    for item in out["zones"]:
        k = item["block"] or item.get("known")
        if k and stage(k):
            item["stage"], item["colour"] = stage(k), colour(k)
    eat = out["octopus_side"]["piles"].get("eat")
    if eat is not None:
        eat["face_up"] = bool(oo["eat_up"])
        if not oo["eat_up"]:
            eat["top"] = eat["food"] = None
    cam = xd().camouflage
    out["offspring"] = {
        "tracks": [
            {"colour": c, "shells": n, "slots": cam.slots, "unlocked": c in oo["unlocked"],
             "ability": cam.tracks[c].ability.id, "token": cam.tracks[c].token.id,
             "token_unlocked": cam.tracks[c].token.id in oo["tokens"]}
            for c, n in oo["tracks"].items()
        ],
        "tokens": {k: (ZONES[v] if isinstance(v, int) else v) for k, v in oo["tokens"].items()},
        "events_aside": list(oo["aside"]),
        "events_waiting": [*oo["events"], *oo["resolving"]],
        "offspring_arriving_under_draw_pile": bool(oo["oa_bottom"]),
        "escape_route": oo["route"],
        "wound_boards": [
            {"id": b, "name": xd().wound_boards[b].name, "flipped": bool(oo["wounds"][b])}
            for b in oo["boards"]
        ],
        "mother_wounds": sum(oo["wounds"].values()),
        "mother_alive": g.shark_at is not None,
        "peeks": oo["peeks"],
        "six_token": None if oo["six"] is None else ZONES[oo["six"]],
        "hunger_tokens_gained": oo["hunger_gained"],
        # every Hunger token in Hunger-space order, so a renderer needs no module data
        "hunger_tokens": [
            {"space": t.space, "id": t.id, "name": t.name, "effect": t.effect,
             "gained": i < oo["hunger_gained"]}
            for i, t in enumerate(sorted(xd().hunger_tokens, key=lambda t: t.space))
        ],
        "hunger_tokens_held": list(oo["held"]),
        "juvenile_sharks_left": oo["juv_left"],
        "drawn": list(oo.get("drawn", [])),
    }


def _sharks(g: Game) -> list[tuple[str, int, int | None]]:
    from .offspring import sharks

    return sharks(g)


def _confrontation(g: Game) -> dict[str, str] | None:
    """The zone and Strike die of a confrontation under way (public: the Strike hit there)."""
    for p in g.pend:
        if p["kind"] == "confront":
            return {"zone": ZONES[p["ctx"]["zone"]], "die": p["ctx"]["die"]}
    for op in g.queue:
        if op[0] == "choose":
            return {"zone": ZONES[op[1]], "die": op[2]}
    return None


def _rerolls(g: Game) -> int:
    from .shark import rerolls_left

    return rerolls_left(g) if g.phase == "shark" and g.step == "roll" else 0


def _shark_card(cid: str) -> dict[str, Any]:
    c = shark_card(cid)
    return {"id": cid, "name": c.name, "cost": c.cost, "die": c.die, "text": c.text}


def event_view(event: dict[str, Any], viewer: str) -> dict[str, Any]:
    """The event as `viewer` may see it: public fields, plus that viewer's own secret part."""
    if viewer not in VIEWERS:
        raise ValueError(f"unknown viewer {viewer!r}")
    out = {k: v for k, v in event.items() if k != "secret"}
    secret = event.get("secret") or {}
    if viewer == "omniscient":
        for part in secret.values():
            out.update(part)
    elif viewer in secret:
        out.update(secret[viewer])
    return out


__all__ = ["VIEWERS", "card_name", "event_view", "view"]
