"""Words for actions: the labels of buttons and select options in a player's panel.

Labels are built from the action text and public data only, so a label never says more
than the action itself (and panels are private to their player anyway).
"""

from __future__ import annotations

from functools import cache

from rules import Action
from rules.data import SharkCard, data
from rules.expansion_data import offshore_offspring
from rules.names import block_name, card_name

# The expansions a game can be created with (the `expansion` option of `/kelp challenge`).
EXPANSION_NAME = {"offshore_offspring": "Offshore Offspring"}


def expansion_name(options: dict[str, object]) -> str | None:
    """The expansion a stored game is played with, in words (None for the base game)."""
    x = options.get("expansion")
    return EXPANSION_NAME.get(str(x), str(x)) if x else None


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
    # Offshore Offspring
    "track": "Camouflage track for the removed shell",
    "put": "Place the unlocked token",
    "from": "Track the returning shell comes from",
    "wound": "Where the Mother Shark takes the wound",
    "by": "Which Octopus eats",
    "route": "Den for the Escape Route",
    "camo": "Camouflage: change a revealed Octopus's colour (free)",
    "deimatic": "Deimatic Display (free)",
    "push": "Deimatic Display: where the Shark goes",
    "peek": "Peek at a hidden block",
    "token": "Use a Hunger token",
    "shark": "Which Shark (moves next, or owns the die)",
    "adrenaline": "Adrenaline Rush: Strike die from Energy",
    "double": "Growth: reroll a double or triple",
    "bloodlust": "Bloodlust: +1 to a Strike die",
    "powerful": "Powerful: place a Shark instead of moving it",
    "face": "Facing",
}

# Words for the steps the engine names only by their kind (a bot-side fallback; the engine's
# own decision text is used whenever it has one).
DECISION_FALLBACK = {
    "shark_moving": "The Shark moves its Sharks, one after another",
    "shark_peek": "The Shark may Peek at hidden blocks",
    "shark_energy": "The Shark stores Energy",
    "shark_start": "The Shark begins its turn",
    "shark_end": "The Shark ends its turn",
}

SHARK_NAME = {"mother": "Mother Shark"}
FACING = {"free": "free (no facing)", "n": "facing north", "s": "facing south",
          "e": "facing east", "w": "facing west"}


def decision_text(kind: str, text: str) -> str:
    """The engine's words for a decision, or ours when it only gave its kind."""
    if text != kind:
        return text
    return DECISION_FALLBACK.get(kind, kind.replace("_", " ").capitalize())


def shark_name(name: str) -> str:
    """`mother` → Mother Shark, `j1` → Juvenile Shark 1 (the names of `rules.view`'s sharks)."""
    if name in SHARK_NAME:
        return SHARK_NAME[name]
    return f"Juvenile Shark {name[1:]}" if name.startswith("j") else name


@cache
def _oo_names() -> dict[str, str]:
    """Names of the module's tokens, tracks and boards by their data id."""
    x = offshore_offspring()
    out: dict[str, str] = {t.id: t.name for t in x.hunger_tokens}
    for c, t in x.camouflage.tracks.items():
        out[t.token.id] = t.token.name
        out[f"track:{c}"] = f"{c.capitalize()} track ({t.ability.name}, then {t.token.name})"
    out.update({b: w.name for b, w in x.wound_boards.items()})
    return out


def _oo(key: str) -> str:
    return _oo_names().get(key, key)


def _shark_card(card: str) -> SharkCard:
    """A Shark card of the base game or of the module (both have `name` and `cost`)."""
    return data().shark_cards.get(card) or offshore_offspring().shark_cards[card]


def _named(thing: str) -> str:
    """A card's name, or a Wound board's (a Reckless Abandon Strike names its board)."""
    name = card_name(thing)
    return name if name != thing else _oo(thing)


def _cost(card: str) -> int:
    d = data()
    if card in d.octo_cards:
        return d.octo_cards[card].cost
    return offshore_offspring().eat_pile.escape.cost


def copy_value(item: str, n: int) -> str:
    """The select value of the n-th copy of an item of a set action: a select's values must
    be unique, and a set may hold the same item twice (two 6B dice)."""
    return item if n == 1 else f"{item}~{n}"


def copy_item(value: str) -> str:
    """The item a select value stands for (`6B~2` → `6B`)."""
    return value.split("~", 1)[0]


def _die(d: str) -> str:
    return f"{d[0]} {'Blue' if d[1] == 'B' else 'Yellow' if d[1] == 'Y' else 'Red'} ({d})"


def label(a: Action, kind: str = "") -> str:
    """A short human label (≤ 80 characters) for one action.

    `kind` is the decision being made (`rules.pending`'s kind): the same word can mean
    different things in different steps (`stop` ends a move, or the Peeks).
    """
    v, x = a.verb, a.args
    d = data()
    text = {
        "den": lambda: f"Den {x[0]}",
        "play": lambda: f"{card_name(x[0])} (cost {_cost(x[0])})",
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
        "stop": lambda: "No more Peeks: resolve the dice" if kind == "shark_peek"
        else "Stop here",
        "assign": lambda: (f"{'Strike' if x[0][1] == 'R' else 'Search'} {x[1]} with {x[0]}"
                           + (f" + {_named(x[2])}" if len(x) > 2 else "")),
        "go": lambda: "Confirm dice" + (f" + {_named(x[0])}" if x else ""),
        "resolve": lambda: f"Resolve the die on {x[0]}",
        "relentless": lambda: f"Relentless: {x[0]} on {x[1]}",
        "done": lambda: "Finish Search/Strike",
        "store": lambda: "Store " + " ".join(x),
        "buy": lambda: "Buy " + ", ".join(
            f"{card_name(c)} ({_shark_card(c).cost})" for c in x),
        "pass": lambda: "Don't buy",
        "feed": lambda: f"{x[0]} to the Hunger Track",
        "hostile": lambda: f"Trash the {x[0]} pair",
        "colour": lambda: COLOUR_MARK.get(x[0], x[0]),
        "trash": lambda: f"Trash {card_name(x[0])}",
        "cancel": lambda: "Cancel",
        # Offshore Offspring
        "track": lambda: f"Shell to the {_oo('track:' + x[0])}",
        "put": lambda: f"Put the {_oo(x[0])} in {x[1]}",
        "from": lambda: f"Shell from the {x[0].capitalize()} track",
        "wound": lambda: ("Wound on the Mother Shark's board" if x[0] == "mother"
                          else f"Wound on {_oo(x[0])} (activates it)"),
        "by": lambda: f"The Octopus in {x[0]} eats",
        "route": lambda: f"Escape Route on den {x[0]}",
        "camo": lambda: (f"Octopus in {x[0]}: back to red" if x[1] == "red"
                         else f"Octopus in {x[0]}: turn {x[1]}"),
        "deimatic": lambda: f"Deimatic Display: the purple Octopus in {x[0]}",
        "push": lambda: f"Shark on {x[0]} → space {x[1]}, {FACING.get(x[2], x[2])}",
        "cave": lambda: "Swap the purple Octopus with the block in the Cave",
        "decoy": lambda: "Use the Ink Decoy: cancel this Search",
        "search": lambda: "Let the Search happen",
        "peek": lambda: f"Peek at {x[0]}",
        "token": lambda: f"Hunger token: {_oo(x[0])}",
        "shark": lambda: shark_name(x[0]),
        "adrenaline": lambda: f"Adrenaline Rush: reroll {_die(x[0])} from Energy",
        "double": lambda: "Growth doubles: reroll " + " ".join(x),
        "bloodlust": lambda: f"Bloodlust: +1 to {_die(x[0])}",
        "decisive": lambda: "Decisive: return the drawn dice, draw again",
        "nursery": lambda: "Nursery: a Juvenile Shark enters",
        "powerful": lambda: f"Powerful: place the {shark_name(x[0])}",
        "face": lambda: FACING.get(x[0], x[0]).capitalize(),
    }.get(v)
    out = text() if text else a.text
    return out[:80]


def item_label(verb: str, item: str) -> str:
    """Label of one item of a multi-select (a zone, a die, a card)."""
    if copy_item(item) != item:
        return f"{item_label(verb, copy_item(item))} (another one)"
    if verb == "buy":
        c = _shark_card(item)
        return f"{c.name} (cost {c.cost})"
    if verb in ("sharp_eyes", "store"):
        return _die(item)
    return item
