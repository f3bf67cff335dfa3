"""The complete state of one game, and how it is copied and serialised.

`Game` is a plain record: the mechanics live in the other modules. It must round-trip
through JSON exactly (persistence, replay) and copy cheaply, because `apply` works on a
copy and adopts it only when the whole command succeeded — which is what makes a refused
or failing action leave the game untouched.
"""

from __future__ import annotations

from typing import Any

from .rng import Rng

# How each field is copied: "s" scalar/immutable, "l" flat list, "ll" list of lists,
# "d" dict of scalars, "dl" dict of lists, "j" nested JSON data (copied deeply). Entries of
# `pend`, `queue`, `peeks`, `last_events` and the knowledge lists are never mutated in place
# (they are replaced).
_FIELDS: dict[str, str] = {
    "seed": "s",
    "board_side": "s",
    "expansions": "s",
    "options": "d",
    "version": "s",
    "moves": "s",
    "round": "s",
    "phase": "s",
    "step": "s",
    "turn": "s",
    "zones": "l",
    "hidden": "l",
    "dice_on": "d",
    "shark_at": "s",
    "facing": "s",
    "bag": "d",
    "supply_dice": "d",
    "pool": "l",
    "assigned": "ll",
    "limbo": "ll",
    "resolved_zones": "l",
    "protected": "l",
    "growth": "ll",
    "flipped": "l",
    "energy": "l",
    "hunger": "l",
    "display": "l",
    "deck": "l",
    "kept": "l",
    "s_trash": "l",
    "conf": "dl",
    "locked": "d",
    "hand": "l",
    "draw": "l",
    "discard": "l",
    "slots": "l",
    "o_trash": "l",
    "piles": "dl",
    "supply": "d",
    "food_track": "l",
    "banked": "l",
    "hand_limit": "s",
    "actions": "s",
    "tf": "d",
    "pend": "l",
    "queue": "l",
    "partial": "dl",
    "winner": "s",
    "win_reason": "s",
    "know_pub": "l",
    "know_shark": "l",
    "peeks": "l",
    "hand_known": "l",
    "unknown_cards": "l",
    "draw_cands": "l",
    "history": "l",
    "last_events": "l",
    "resampled": "s",
    # Offshore Offspring (kelp-spec.md §10): empty in base games. `juv_sharks` holds the
    # Juvenile Sharks in play as [name, space, facing]; the Mother stays in `shark_at` and
    # `facing` (None once she is dead). `oo` holds the module's other state (rules/offspring.py).
    "juv_sharks": "ll",
    "oo": "j",
    # Public: where each zone's block came from since each of the Shark's last two turns
    # began, and where the Shark stood then (`core.note_origins`). Entries are replaced,
    # never changed in place.
    "origins": "d",
}

# Fields added after games were first saved: `from_dict` fills these in when missing, so a
# game stored by an older version still loads.
_DEFAULTS: dict[str, Any] = {"juv_sharks": [], "oo": {}, "origins": {}}


def deep(x: Any) -> Any:
    """A copy of nested JSON-like data (dicts, lists; leaves are immutable)."""
    if isinstance(x, dict):
        return {k: deep(v) for k, v in x.items()}
    if isinstance(x, list):
        return [deep(v) for v in x]
    return x


class Game:
    """One game of Kelp. Read it through `rules.view`; change it only through `rules.apply`.

    Public attributes worth reading directly: `version` (bumped by every applied action),
    `winner` and `win_reason` (None while the game runs), `board_side`, `expansions`.
    """

    __slots__ = (*_FIELDS, "rng", "_cache", "_ev")

    seed: int
    board_side: str
    expansions: tuple[str, ...]
    options: dict[str, Any]
    version: int
    moves: int  # completed commands: public, unlike `version` which counts every step
    round: int
    phase: str
    step: str
    turn: str
    zones: list[str]
    hidden: list[bool]
    dice_on: dict[int, str]
    shark_at: int | None
    facing: int | None
    bag: dict[str, int]
    supply_dice: dict[str, int]
    pool: list[str]
    assigned: list[list[Any]]
    limbo: list[list[Any]]  # dice being resolved: [zone, die], until they land
    resolved_zones: list[int]
    protected: list[int]
    growth: list[list[str]]
    flipped: list[bool]
    energy: list[str]
    hunger: list[str]
    display: list[str | None]
    deck: list[str]
    kept: list[str]
    s_trash: list[str]
    conf: dict[str, list[str]]
    locked: dict[str, str | None]
    hand: list[str]
    draw: list[str]
    discard: list[str]
    slots: list[str]
    o_trash: list[str]
    piles: dict[str, list[str]]
    supply: dict[str, int]
    food_track: list[str]
    banked: list[str]
    hand_limit: int
    actions: int
    tf: dict[str, Any]
    pend: list[dict[str, Any]]
    queue: list[list[Any]]
    partial: dict[str, list[str]]
    winner: str | None
    win_reason: str | None
    know_pub: list[tuple[str, ...]]
    know_shark: list[tuple[str, ...]]
    peeks: list[dict[str, Any]]
    hand_known: list[str]
    unknown_cards: list[str]
    draw_cands: list[str]
    history: list[list[str]]
    last_events: list[dict[str, Any]]
    resampled: bool
    juv_sharks: list[list[Any]]
    oo: dict[str, Any]
    origins: dict[str, Any]
    rng: Rng

    def __init__(self) -> None:
        self._cache: dict[Any, Any] = {}
        self._ev: list[dict[str, Any]] = []

    # -- copying ---------------------------------------------------------------------
    def clone(self) -> Game:
        """A deep-enough copy: containers are copied, immutable leaves are shared."""
        return _clone(self)

    def adopt(self, other: Game) -> None:
        """Take over every field of `other` (a finished working copy) in one step."""
        _adopt(self, other)

    # -- serialisation -----------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for name in _FIELDS:
            v = getattr(self, name)
            if name == "dice_on":
                v = {str(k): d for k, d in sorted(v.items())}
            elif name in ("know_pub", "know_shark"):
                v = [list(x) for x in v]
            elif name == "expansions":
                v = list(v)
            out[name] = v
        out["rng"] = self.rng.state
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Game:
        g = cls.__new__(cls)
        g._cache = {}
        g._ev = []
        for name, kind in _FIELDS.items():
            if name not in d and name in _DEFAULTS:
                object.__setattr__(g, name, deep(_DEFAULTS[name]))
                continue
            v = d[name]
            if name == "dice_on":
                v = {int(k): x for k, x in v.items()}
            elif name in ("know_pub", "know_shark"):
                v = [tuple(x) for x in v]
            elif name == "expansions":
                v = tuple(v)
            elif kind == "ll":
                v = [list(x) for x in v]
            elif kind == "j":
                v = deep(v)
            object.__setattr__(g, name, v)
        g.rng = Rng(int(d["rng"]))
        return g

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Game):
            return NotImplemented
        return self.to_dict() == other.to_dict()

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return (
            f"<Game v{self.version} round {self.round} {self.phase}/{self.step}"
            f" winner={self.winner}>"
        )


def _make_clone() -> Any:
    """Generate a straight-line copy function: `apply` copies the game on every step, and a
    generated body is several times faster than a loop over field names."""
    copy = {"s": "{}", "l": "list({})", "d": "dict({})", "ll": "[list(x) for x in {}]",
            "dl": "{{k: list(x) for k, x in {}.items()}}", "j": "_deep({})"}
    lines = ["def _clone(src):", "    g = _new(Game)", "    sa = _set"]
    for name, kind in _FIELDS.items():
        lines.append(f"    sa(g, {name!r}, " + copy[kind].format(f"src.{name}") + ")")
    lines += ["    sa(g, 'rng', src.rng.copy())", "    sa(g, '_cache', {})",
              "    sa(g, '_ev', [])", "    return g"]
    ns: dict[str, Any] = {"Game": Game, "_new": object.__new__, "_set": object.__setattr__,
                          "_deep": deep}
    exec("\n".join(lines), ns)
    return ns["_clone"]


_clone = _make_clone()


def _make_adopt() -> Any:
    lines = ["def _adopt(dst, src):", "    sa = _set"]
    lines += [f"    sa(dst, {name!r}, src.{name})" for name in (*_FIELDS, "rng")]
    lines += ["    sa(dst, '_cache', {})", "    sa(dst, '_ev', [])"]
    ns: dict[str, Any] = {"_set": object.__setattr__}
    exec("\n".join(lines), ns)  # generated from _FIELDS
    return ns["_adopt"]


_adopt = _make_adopt()
