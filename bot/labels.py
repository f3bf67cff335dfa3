"""Words for actions: the labels of buttons and select options in a player's panel.

Labels are built from the action text and public data only, so a label never says more
than the action itself (and panels are private to their player anyway).
"""

from __future__ import annotations

from rules import Action
from rules.data import data
from rules.names import block_name, card_name

COLOUR_MARK = {"red": "🔴 Red (R)", "yellow": "🟡 Yellow (Y)", "turquoise": "🔵 Turquoise (T)"}
PILE_NAME = {"move": "Move", "hide": "Hide", "learn": "Learn", "eat": "Eat"}
SET_VERBS = frozenset({"pay", "shuffle", "hide", "with", "sharp_eyes", "store", "buy"})

# The heading a group of options gets in the panel (one select menu per verb).
GROUP_TITLE = {
    "den": "Place the Shark on a den",
    "play": "Play a card",
    "pay": "Reveal hidden blocks to pay",
    "swap": "Swap two blocks",
    "shuffle": "Shuffle hidden blocks",
    "hide": "Hide revealed blocks",
    "line": "Hide a row or column",
    "learn": "Learn",
    "replace": "Block to replace",
    "take": "Take a card",
    "with": "Blocks to shuffle with the Octopus",
    "discard": "Discard a card (then you may hide a block)",
    "food": "Use a banked food",
    "return": "Return a Current die to the bag",
    "reroll": "Reroll a die (Growth)",
    "bump": "+1 to a die (Growth)",
    "frenzy": "Frenzy: +1 to a die",
    "sharp_eyes": "Sharp Eyes: dice to reroll",
    "place": "Place a Current die",
    "at": "Space for the die",
    "patrol": "Patrol: die to move",
    "to": "Space to move it to",
    "step": "Swim to",
    "lurk": "Lurk",
    "clear": "No path: clear a die and turn",
    "burst": "Burst: one more step",
    "assign": "Assign a Search/Strike die",
    "go": "Confirm",
    "resolve": "Resolve a die",
    "relentless": "Relentless: one more die",
    "store": "Dice to store as Energy",
    "buy": "Buy cards",
    "feed": "Die for the Hunger Track",
    "hostile": "Hostile: trash a pair",
    "colour": "Choose your colour",
    "trash": "Card to trash",
}


def _die(d: str) -> str:
    return f"{d[0]} {'Blue' if d[1] == 'B' else 'Yellow' if d[1] == 'Y' else 'Red'} ({d})"


def label(a: Action) -> str:
    """A short human label (≤ 80 characters) for one action."""
    v, x = a.verb, a.args
    d = data()
    text = {
        "den": lambda: f"Den {x[0]}",
        "play": lambda: f"{card_name(x[0])} (cost {d.octo_cards[x[0]].cost})",
        "pay": lambda: "Reveal " + ", ".join(x),
        "swap": lambda: f"Swap {x[0]} ↔ {x[1]}",
        "shuffle": lambda: "Shuffle " + ", ".join(x),
        "hide": lambda: "Hide " + ", ".join(x),
        "line": lambda: f"Hide {'column' if x[0] in 'ABC' else 'row'} {x[0]}",
        "learn": lambda: (f"Top of the {PILE_NAME[x[0]]} pile" if x[0] in PILE_NAME
                          else f"{block_name(x[0]).removeprefix('a ').capitalize()} "
                               "from the supply"),
        "replace": lambda: f"Replace the block in {x[0]}",
        "take": lambda: f"{card_name(x[0])} from your {x[1]} pile",
        "with": lambda: ("With " + ", ".join(x)) if x else "The Octopus alone",
        "draw": lambda: "Draw up to your hand limit",
        "discard": lambda: f"Discard {card_name(x[0])}",
        "food": lambda: f"Use the {d.foods[x[0]]['name']}: {d.foods[x[0]]['text']}",
        "end": lambda: "End your turn",
        "skip": lambda: "Skip",
        "use": lambda: "Use it",
        "return": lambda: f"Die on space {x[0]}",
        "reroll": lambda: f"Reroll {_die(x[0])}",
        "bump": lambda: f"+1 to {_die(x[0])}",
        "frenzy": lambda: f"Frenzy: +1 to {_die(x[0])}",
        "sharp_eyes": lambda: "Reroll " + " ".join(x),
        "riptide": lambda: "Riptide: draw one more die",
        "second_wind": lambda: "Second Wind: top Hunger die back to the bag",
        "place": lambda: f"Place {_die(x[0])}",
        "at": lambda: f"Space {x[0]}",
        "patrol": lambda: f"Die on space {x[0]}",
        "to": lambda: f"Space {x[0]}",
        "step": lambda: f"Space {x[0]}",
        "lurk": lambda: "Lurk: stay here" if x[0] == "stay" else "Lurk: turn around, then move",
        "flip": lambda: "No path: turn around",
        "clear": lambda: f"Clear space {x[0]} and turn around",
        "burst": lambda: f"Burst on to space {x[0]}",
        "stop": lambda: "Stop here",
        "assign": lambda: (f"{'Strike' if x[0][1] == 'R' else 'Search'} {x[1]} with {x[0]}"
                           + (f" + {card_name(x[2])}" if len(x) > 2 else "")),
        "go": lambda: "Confirm dice" + (f" + {card_name(x[0])}" if x else ""),
        "resolve": lambda: f"Resolve the die on {x[0]}",
        "relentless": lambda: f"Relentless: {x[0]} on {x[1]}",
        "done": lambda: "Finish Search/Strike",
        "store": lambda: "Store " + " ".join(x),
        "buy": lambda: "Buy " + ", ".join(
            f"{card_name(c)} ({d.shark_cards[c].cost})" for c in x),
        "pass": lambda: "Don't buy",
        "feed": lambda: f"{x[0]} to the Hunger Track",
        "hostile": lambda: f"Trash the {x[0]} pair",
        "colour": lambda: COLOUR_MARK.get(x[0], x[0]),
        "trash": lambda: f"Trash {card_name(x[0])}",
        "cancel": lambda: "Cancel",
    }.get(v)
    out = text() if text else a.text
    return out[:80]


def item_label(verb: str, item: str) -> str:
    """Label of one item of a multi-select (a zone, a die, a card)."""
    if verb == "buy":
        c = data().shark_cards[item]
        return f"{c.name} (cost {c.cost})"
    if verb in ("sharp_eyes", "store"):
        return _die(item)
    return item
