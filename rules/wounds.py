"""Wounds (kelp-spec.md OO-12): Juvenile Sharks leave, the Mother flips wound tokens.

A wound names the Shark it hits (the one whose die set it off, `ctx["shark"]`). A Juvenile
Shark leaves the game; the Mother flips one of her wound tokens — on her board or on a Wound
board, the Shark's choice — and a token flipped on a Wound board activates that board. The
last token kills her. When no Shark is left the Octopus wins (OO-14).
"""

from __future__ import annotations

from typing import Any

from .actions import act
from .core import Chooser, end_game, ev, to_bag
from .data import ZONE_INDEX
from .data import ZONES as ZONE_NAMES
from .expansion_data import offshore_offspring
from .state import Game


def wound_places(g: Game) -> list[str]:
    """Unflipped wound tokens: `mother` (her board) or a Wound board in play."""
    return [k for k, n in g.oo["wounds"].items() if n == 0]


def _remove_dice_of(g: Game, who: str) -> None:
    """OO-8: when a Shark leaves play, its unresolved dice return to the bag."""
    keep = []
    for a in g.assigned:
        if (a[3] if len(a) > 3 else "mother") == who:
            to_bag(g, a[1])
        else:
            keep.append(a)
    g.assigned = keep


def wound(g: Game, eff: dict[str, Any], ch: Chooser, ctx: dict[str, Any], safe: bool,
          optional: bool) -> bool:
    who = ctx.get("shark", "mother")
    if who != "mother":
        if any(n == who for n, _, _ in g.juv_sharks):
            g.juv_sharks = [j for j in g.juv_sharks if j[0] != who]
            _remove_dice_of(g, who)
            ev(g, "shark_removed", f"Juvenile Shark {who} is wounded and leaves the game",
               seat="shark", shark=who)
            _check_sharks(g)
        return True
    if g.shark_at is None:
        return True
    places = wound_places(g)
    if not places:
        return True
    where = places[0] if len(places) == 1 else ch.pick(
        [act("wound", p) for p in places], safe).args[0]
    g.oo["wounds"][where] = 1
    n = sum(g.oo["wounds"].values())
    ev(g, "wound", f"The Mother Shark takes a wound ({n}/"
       f"{offshore_offspring().sharks.mother_wounds_to_die})"
       + ("" if where == "mother" else f": {offshore_offspring().wound_boards[where].name}"
          " is active"), seat="shark", where=where, wounds=n)
    if where != "mother":
        _activate(g, where)
    if n >= offshore_offspring().sharks.mother_wounds_to_die:
        g.shark_at = None
        g.facing = None
        _remove_dice_of(g, "mother")
        ev(g, "shark_removed", "The Mother Shark dies of her wounds", seat="shark",
           shark="mother")
        _check_sharks(g)
    return True


def _activate(g: Game, board_id: str) -> None:
    wb = offshore_offspring().wound_boards[board_id]
    if wb.effect == "peek":
        g.oo["peeks"] = offshore_offspring().setup.peek_tokens
        g.oo["six"] = ZONE_INDEX[wb.params["value_zone"]]


def active_boards(g: Game) -> list[str]:
    """Wound boards whose ability works: flipped, while the Mother lives (OO-12)."""
    if not g.oo or g.shark_at is None:
        return []
    return [b for b in g.oo["boards"] if g.oo["wounds"].get(b)]


def _check_sharks(g: Game) -> None:
    if g.shark_at is None and not g.juv_sharks:
        end_game(g, "octopus", "sharks_removed")


PRIMITIVES = {"wound": wound}


# -- Wound board abilities (OO-12) ----------
def _board_param(board_id: str, key: str) -> Any:
    return offshore_offspring().wound_boards[board_id].params[key]


def board_with(g: Game, effect: str) -> str | None:
    for b in active_boards(g):
        if offshore_offspring().wound_boards[b].effect == effect:
            return b
    return None


def six_value(g: Game, z: int) -> int | None:
    """Focused Hunter's "6" value token covering a zone's value."""
    if g.oo and g.oo.get("six") == z:
        for wb in offshore_offspring().wound_boards.values():
            if wb.effect == "peek":
                return int(wb.params["value_token"])
    return None


def six_resolved(g: Game, z: int, d: str) -> None:
    """OO-12: the "6" leaves once a Search or Strike die showing 6 has resolved there."""
    v = six_value(g, z)
    if v is not None and int(d[0]) == v:
        g.oo["six"] = None
        ev(g, "six_token", f"The '{v}' token leaves {ZONE_NAMES[z]}", zones=(z,))


def reckless_wound_ops(g: Game, ctx: dict[str, Any]) -> list[list[Any]]:
    """Reckless Abandon: the Mother's boosted Strike was escaped: she takes a wound too."""
    b = board_with(g, "boost_hidden_strike")
    if (ctx.get("card") != RECKLESS or ctx.get("shark") != "mother" or b is None
            or not _board_param(b, "wound_mother_on_escape")):
        return []
    return [["eff", "shark", [{"op": "wound"}], {"why": "Reckless Abandon", "shark": "mother"},
             False, "wound"]]


RECKLESS = "reckless_abandon"


def reckless_amount(g: Game) -> int:
    b = board_with(g, "boost_hidden_strike")
    return int(_board_param(b, "amount")) if b else 0


def reckless_usable(g: Game) -> bool:
    b = board_with(g, "boost_hidden_strike")
    return b is not None and int(g.tf.get("reckless", 0)) < int(_board_param(b, "per_turn"))
