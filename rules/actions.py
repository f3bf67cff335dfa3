"""Actions: the small, immutable, JSON-friendly steps a player sends to the engine.

Every decision is one `Action` with a one-line text notation (kelp-spec.md §11): zones
``A1…C3``, spaces ``1…24``, dice value-then-colour (``5B``), cards by data id. The text is
the wire format of the bot's select menus and of game records, so it must stay stable.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from .data import ZONES

_ZONE = re.compile(r"^[ABC][123]$")
_SPACE = re.compile(r"^(?:[1-9]|1\d|2[0-4])$")
_DIE = re.compile(r"^[1-6][BYR]$")
_ID = re.compile(r"^[a-z][a-z0-9_]{0,40}$")
_LINE = re.compile(r"^[ABC123]$")

# verb -> (argument kinds, minimum count, maximum count). A kind ending in "*" repeats.
_GRAMMAR: dict[str, tuple[tuple[str, ...], int, int]] = {
    "den": (("space",), 1, 1),
    "play": (("id",), 1, 1),
    "pay": (("zone*",), 1, 9),
    "swap": (("zone", "zone"), 2, 2),
    "shuffle": (("zone*",), 2, 9),
    "hide": (("zone*",), 1, 9),
    "line": (("line",), 1, 1),
    "learn": (("id",), 1, 1),
    "replace": (("zone",), 1, 1),
    "take": (("id", "id"), 2, 2),
    "with": (("zone*",), 0, 9),
    "draw": ((), 0, 0),
    "discard": (("id",), 1, 1),
    "food": (("id",), 1, 1),
    "end": ((), 0, 0),
    "skip": ((), 0, 0),
    "use": ((), 0, 0),
    "return": (("space",), 1, 1),
    "reroll": (("die",), 1, 1),
    "bump": (("die",), 1, 1),
    "place": (("die",), 1, 1),
    "at": (("space",), 1, 1),
    "patrol": (("space",), 1, 1),
    "to": (("space",), 1, 1),
    "step": (("space",), 1, 1),
    "flip": ((), 0, 0),
    "clear": (("space",), 1, 1),
    "burst": (("space",), 1, 1),
    "stop": ((), 0, 0),
    "frenzy": (("die",), 1, 1),
    "sharp_eyes": (("die*",), 1, 9),
    "riptide": ((), 0, 0),
    "second_wind": ((), 0, 0),
    "lurk": (("id",), 1, 1),
    "assign": (("die", "zone", "id"), 2, 3),
    "go": (("id",), 0, 1),
    "resolve": (("zone",), 1, 1),
    "relentless": (("die", "zone"), 2, 2),
    "done": ((), 0, 0),
    "store": (("die*",), 1, 3),
    "buy": (("id*",), 1, 4),
    "pass": ((), 0, 0),
    "feed": (("die",), 1, 1),
    "hostile": (("id",), 1, 1),
    "colour": (("id",), 1, 1),
    "trash": (("id",), 1, 1),
    # Offshore Offspring (kelp-spec.md §10)
    "track": (("id",), 1, 1),          # a removed shell goes onto this Camouflage track
    "put": (("id", "zone"), 2, 2),     # an unlocked Cave or Rock goes to this zone
    "from": (("id",), 1, 1),           # a returning shell comes off this track
    "wound": (("id",), 1, 1),          # the Mother flips this wound token
    "by": (("zone",), 1, 1),           # the Octopus (zone) that eats
    "route": (("space",), 1, 1),       # the Escape Route covers this den
    "camo": (("zone", "id"), 2, 2),    # a revealed Octopus changes colour
    "deimatic": (("zone",), 1, 1),     # Deimatic Display by the purple Octopus in this zone
    "push": (("space", "space", "id"), 3, 3),  # a Shark pushed from a space to one, facing
    "cave": ((), 0, 0),
    "decoy": ((), 0, 0),
    "search": ((), 0, 0),
    "peek": (("zone",), 1, 1),
    "token": (("id",), 1, 1),
    "shark": (("id",), 1, 1),          # this Shark moves next (or owns the die)
    "adrenaline": (("die",), 1, 1),    # Adrenaline Rush rerolls this Strike die from Energy
    "double": (("die*",), 1, 3),       # Growth tile 1 (OO-9): reroll matching dice
    "bloodlust": (("die",), 1, 1),
    "decisive": ((), 0, 0),
    "roll": ((), 0, 0),
    "nursery": ((), 0, 0),
    "powerful": (("id",), 1, 1),       # Powerful: this Shark is placed instead of moving
    "face": (("id",), 1, 1),           # a placed Shark faces an end ("a"/"b") or is free
    "cancel": ((), 0, 0),
    "concede": ((), 0, 0),
}
_CHECK = {"zone": _ZONE, "space": _SPACE, "die": _DIE, "id": _ID, "line": _LINE}


class IllegalAction(Exception):
    """Raised for anything `apply` refuses; the game is left exactly as it was.

    `code` is one of: not_your_turn, stale_version, illegal, malformed, game_over.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Action:
    """One decision step; `text` is its stable notation (``play jet``, ``pay A1 B2``)."""

    verb: str
    args: tuple[str, ...] = ()

    @property
    def text(self) -> str:
        return " ".join((self.verb, *self.args))

    def __str__(self) -> str:
        return self.text

    def to_json(self) -> str:
        return self.text


def act(verb: str, *args: object) -> Action:
    """Build an action from Python values (ints become spaces, zone ints become names)."""
    return Action(verb, tuple(map(str, args)))


def zone_arg(z: int) -> str:
    return ZONES[z]


def parse_action(text: str) -> Action:
    """Parse the one-line notation; raises `IllegalAction('malformed', …)` on bad syntax."""
    if not isinstance(text, str) or len(text) > 200:
        raise IllegalAction("malformed", "an action is a short line of text")
    return _parse(text)


@lru_cache(maxsize=20_000)
def _parse(text: str) -> Action:
    """`parse_action` past its type check, memoised: the engine re-reads each partial
    command's steps on every step, and the computer players take thousands a decision
    (an `Action` is immutable, so sharing one is safe; a refusal is raised every time)."""
    parts = text.split()
    if not parts:
        raise IllegalAction("malformed", "empty action")
    verb, args = parts[0], tuple(parts[1:])
    spec = _GRAMMAR.get(verb)
    if spec is None:
        raise IllegalAction("malformed", f"unknown verb {verb!r}")
    kinds, lo, hi = spec
    if not lo <= len(args) <= hi:
        raise IllegalAction("malformed", f"{verb!r} takes {lo}–{hi} arguments, got {len(args)}")
    for i, a in enumerate(args):
        kind = kinds[min(i, len(kinds) - 1)].rstrip("*")
        if not _CHECK[kind].match(a):
            raise IllegalAction("malformed", f"{a!r} is not a {kind} in {text!r}")
    return Action(verb, args)


def as_action(action: Action | str) -> Action:
    if isinstance(action, Action):
        return parse_action(action.text)
    return parse_action(action)


CANCEL = Action("cancel")
CONCEDE = Action("concede")
