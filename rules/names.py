"""Names for people: cards, blocks and how a game was won.

One place for these words so the engine's events, the board images, the alt text and the
bot's messages always say the same thing.
"""

from __future__ import annotations

from .data import data

WIN_TEXT = {
    "food": "the fourth food is on the Food Track",
    "hunger": "a seventh die is on the Hunger Track",
    "no_strike": "the Shark has no Strike die left for its last Hunger space",
    "confrontation": "the Shark matched the Octopus's colour",
    "concede": "the other player conceded",
    # Offshore Offspring (OO-14)
    "sharks_removed": "every Shark was removed by wounds",
    "escape": "an Octopus escaped by the Escape Route",
    "no_octopus": "no Octopus is left",
}


def card_name(cid: str) -> str:
    d = data()
    if cid in d.octo_cards:
        return d.octo_cards[cid].name
    if cid in d.shark_cards:
        return d.shark_cards[cid].name
    from .expansion_data import offshore_offspring

    x = offshore_offspring()
    if cid in x.shark_cards:
        return x.shark_cards[cid].name
    if cid in x.events:
        return x.events[cid].name
    if cid == x.eat_pile.escape.id:
        return x.eat_pile.escape.name
    return cid


def block_name(kind: str) -> str:
    d = data()
    if kind in d.foods:
        return str(d.foods[kind]["name"])
    if kind in d.traps:
        return f"{d.traps[kind]['name']} trap"
    if kind.startswith(("octopus_", "juvenile")):
        stage, _, colour = kind.partition("_")
        return f"a {colour or 'red'} {'Juvenile' if stage == 'juvenile' else 'adult'} Octopus"
    from .expansion_data import offshore_offspring

    traps = offshore_offspring().traps
    if kind in traps:
        return f"{traps[kind].name} trap"
    return {"octopus": "the Octopus", "shell": "a Shell", "double_shell": "the Double Shell"}.get(
        kind, kind
    )
