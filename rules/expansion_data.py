"""Loads and checks the Offshore Offspring module's data (kelp-spec.md §10).

Every number and text of the module lives in ``rules/data/offshore_offspring.toml`` so a group
owning the physical game can correct it without touching code, as with the base data
(``rules/data.py``). The file is checked strictly when it is read — unknown keys, unknown
effect keys, wrong counts and broken references to base data raise ``ValueError`` naming the
entry — because the engine only meets most of these values deep inside a game, where a typo
would otherwise surface as a confusing mid-game failure or, worse, as a silently wrong rule.

Base data is referred to by id, never copied: the Eat cards and foods, and the base escapes
that the module keeps (OO-11), come from ``rules.data.data()``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, replace
from functools import cache
from typing import Any

from .data import COLOURS, CONF_COLOURS, ZONES, Data, OctoCard, SharkCard, _load, data

FILE = "offshore_offspring.toml"

# A parameter schema maps a parameter name (ending in "?" when optional) to what it accepts:
# `bool`, `str` (non-empty), a `range` (an int inside it), a tuple (one of these strings) or
# a frozenset (a non-empty list of distinct strings from it). Listing every effect key the
# engine will implement makes a typo fail here, at load time.
Schema = Mapping[str, Any]
COUNT = range(1, 100)
AMOUNT = range(0, 100)
PIPS = range(1, 7)
REPLACEABLE = frozenset({"revealed_shell", "hidden_shell", "trap"})

# Effect-list primitives (`op`), by where they may appear. draw, swap and trash_display are
# rules/effects.py primitives already; the rest are new with this module.
TRAP_OPS: dict[str, Schema] = {
    "wound": {},
    "draw": {"n": COUNT},
    "swap": {"reach": ("orth", "touch"), "not_trap?": bool},
    "trash_display": {},
}
EVENT_OPS: dict[str, Schema] = {
    "mother_to_juvenile": {"may_shuffle_with": range(0, 9)},
    "place_juvenile": {"replace": REPLACEABLE, "may_shuffle_with": range(0, 9)},
    "card_to_discard": {"card": str},
    "trash_self": {},
}
ESCAPE_OPS: dict[str, Schema] = {"escape": {}}
ON_LEARN_OPS: dict[str, Schema] = {"place_escape_route": {}}
CONFRONT_OPS: dict[str, Schema] = {"wound": {}}
# Effect keys with their parameters, as in shark.toml's `effect` and extra keys.
SHARK_CARD_EFFECTS: dict[str, Schema] = {
    "peek": {"peeks": COUNT},
    "redraw": {},
    "place_by_shark": {},
    "pack_hunt": {},
    "gain_juvenile": {},
    "bump": {"amount": range(1, 6), "colour?": COLOURS},
}
HUNGER_EFFECTS: dict[str, Schema] = {
    "bump": {"amount": range(1, 6)},
    "gain_juvenile": {},
    "gain_die": {"colour": COLOURS},
}
WOUND_EFFECTS: dict[str, Schema] = {
    "peek": {"value_token": PIPS, "value_zone": ZONES},
    "boost_hidden_strike": {
        "colour": COLOURS, "amount": range(1, 6), "per_turn": COUNT, "wound_mother_on_escape": bool,
    },
    "energy_strike_reroll": {"colour": COLOURS, "strike_from": PIPS, "per_turn": COUNT},
}
GROWTH_EFFECTS: dict[str, Schema] = {
    "reroll": {"per_turn": COUNT, "matching?": bool},
    "swim_over_sharks": {},
}
ABILITY_EFFECTS = ("push_sharks", "wound_searcher", "kelp_swap")
TOKEN_EFFECTS = ("cave_swap", "no_search", "cancel_search")
# shark.toml's `use` keys, plus "drawn": after drawing in Draw & Roll, before rolling.
SHARK_USES = ("roll", "assign", "resolve", "assigned", "any", "move", "premove", "confront",
              "drawn")
HUNGER_USES = ("roll", "any")
DEN_WITH_DIE = ("always", "if_none_free")
# Win reasons, as rules/names.py WIN_TEXT, plus the module's own.
BASE_WINS = ("food", "hunger", "no_strike", "confrontation", "concede")
OCTOPUS_WINS = ("hunger", "no_strike", "sharks_removed", "escape")
SHARK_WINS = ("no_octopus",)


def _bad(where: str, problem: str) -> ValueError:
    return ValueError(f"{FILE}: {where}: {problem}")


def _check(ok: bool, where: str, problem: str) -> None:
    if not ok:
        raise _bad(where, problem)


class _Table:
    """One TOML table and its place in the file, so every error names the entry at fault.

    Keys are consumed as they are read; `done()` rejects any left over, which catches a
    misspelt key that would otherwise be ignored and leave the engine reading a default.
    """

    def __init__(self, raw: Any, where: str) -> None:
        _check(isinstance(raw, dict), where or "the file", "must be a table")
        self.raw: dict[str, Any] = raw
        self.where = where
        self.seen: set[str] = set()

    def at(self, key: str) -> str:
        return f"{self.where}.{key}" if self.where else key

    def has(self, key: str) -> bool:
        return key in self.raw

    def get(self, key: str) -> Any:
        _check(key in self.raw, self.at(key), "is missing")
        self.seen.add(key)
        return self.raw[key]

    def num(self, key: str, ok: range = AMOUNT) -> int:
        v = self.get(key)
        _check(type(v) is int and v in ok, self.at(key),
               f"must be a whole number from {ok.start} to {ok.stop - 1}, not {v!r}")
        return int(v)

    def text(self, key: str) -> str:
        v = self.get(key)
        _check(isinstance(v, str) and v.strip() != "", self.at(key), "must be a non-empty string")
        return str(v)

    def flag(self, key: str, default: bool | None = None) -> bool:
        if default is not None and key not in self.raw:
            return default
        v = self.get(key)
        _check(isinstance(v, bool), self.at(key), f"must be true or false, not {v!r}")
        return bool(v)

    def one_of(self, key: str, options: tuple[str, ...] | Mapping[str, Any]) -> str:
        v = self.get(key)
        _check(isinstance(v, str) and v in options, self.at(key),
               f"unknown value {v!r} (known: {', '.join(options)})")
        return str(v)

    def names(self, key: str) -> tuple[str, ...]:
        v = self.get(key)
        _check(isinstance(v, list) and all(isinstance(x, str) and x for x in v), self.at(key),
               "must be a list of strings")
        _check(len(set(v)) == len(v), self.at(key), f"repeats a name: {v}")
        return tuple(v)

    def nums(self, key: str) -> tuple[int, ...]:
        v = self.get(key)
        _check(isinstance(v, list) and all(type(x) is int for x in v), self.at(key),
               "must be a list of whole numbers")
        return tuple(v)

    def table(self, key: str) -> _Table:
        return _Table(self.get(key), self.at(key))

    def tables(self, key: str) -> list[_Table]:
        v = self.get(key)
        _check(isinstance(v, list) and v != [], self.at(key), "must be a non-empty list of tables")
        return [_Table(x, f"{self.at(key)}[{i}]") for i, x in enumerate(v)]

    def params(self, effect: str, schemas: Mapping[str, Schema]) -> dict[str, Any]:
        """Every key not read yet is a parameter of `effect`, checked against its schema."""
        schema = schemas[effect]
        out: dict[str, Any] = {}
        for name, kind in schema.items():
            key = name.rstrip("?")
            if key not in self.raw and name.endswith("?"):
                continue
            _check(key in self.raw, self.at(key), f"is missing (effect {effect!r} needs it)")
            out[key] = _value(self.raw[key], kind, self.at(key))
            self.seen.add(key)
        self.done(f"for effect {effect!r}")
        return out

    def effects(self, key: str, ops: Mapping[str, Schema]) -> tuple[dict[str, Any], ...]:
        """An effect list: each entry an `op` from `ops` and that op's parameters."""
        out = []
        for t in self.tables(key):
            op = t.one_of("op", ops)
            out.append({"op": op, **t.params(op, ops)})
        return tuple(out)

    def done(self, why: str = "") -> None:
        extra = sorted(set(self.raw) - self.seen)
        _check(not extra, self.where or "the file", f"unknown key(s) {extra} {why}".rstrip())


def _value(v: Any, kind: Any, where: str) -> Any:
    """Check one parameter value against its schema entry (see `Schema`)."""
    if kind is bool:
        _check(isinstance(v, bool), where, f"must be true or false, not {v!r}")
    elif kind is str:
        _check(isinstance(v, str) and v != "", where, "must be a non-empty string")
    elif isinstance(kind, range):
        _check(type(v) is int and v in kind, where,
               f"must be a whole number from {kind.start} to {kind.stop - 1}, not {v!r}")
    elif isinstance(kind, tuple):
        _check(isinstance(v, str) and v in kind, where,
               f"unknown value {v!r} (known: {', '.join(kind)})")
    elif isinstance(kind, frozenset):
        _check(isinstance(v, list) and v != [] and all(isinstance(x, str) for x in v)
               and len(set(v)) == len(v) and all(x in kind for x in v), where,
               f"must be a list of distinct values from {sorted(kind)}, not {v!r}")
    else:  # pragma: no cover - a schema mistake, not a data mistake
        raise TypeError(f"bad schema entry {kind!r}")
    return v


def _unique(ids: list[str], where: str) -> None:
    dup = sorted({i for i in ids if ids.count(i) > 1})
    _check(not dup, where, f"repeated id(s) {dup}")


# -- the typed tables --------------------------------------------------------------------


@dataclass(frozen=True)
class Setup:
    """OO-1: what the module changes at setup. `board` maps a block face to its count."""

    board: dict[str, int]
    camouflage_tracks: int
    wound_boards: int
    juvenile_sharks: int
    hunger_tokens: int
    peek_tokens: int
    value_tokens: int
    escape_route_tokens: int
    shark_cards: int
    replaced_growth_tiles: tuple[int, ...]


@dataclass(frozen=True)
class Faces:
    """OO-1a: block faces. The engine models faces by kind and colour, not by physical count."""

    colours: tuple[str, ...]
    start_colour: str
    juvenile_colour: str
    stages: tuple[str, ...]
    supply_traps: tuple[str, ...]
    double_shell: int
    unlimited_shells: bool
    unlimited_colours: bool
    returned_shell: str
    removed_trap_to: str


@dataclass(frozen=True)
class EventCard:
    """OO-2: an Event card; `steps` resolve in order when it is drawn or taken."""

    id: str
    name: str
    start: str
    text: str
    steps: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class EatCard:
    """A base Eat card in this module's Eat pile, with its module text (OO-0, OO-3)."""

    id: str
    food: str
    text: str
    food_text: str | None


@dataclass(frozen=True)
class EatPile:
    """OO-1, OO-6: the base Eat cards shuffled, Escape to Safety always at the bottom."""

    cards: tuple[EatCard, ...]
    escape: OctoCard
    escape_on_learn: tuple[dict[str, Any], ...]
    foods_needed: int
    face_up: int
    learn_per_turn: int
    learned_food_replaces: str
    route_den: str
    route_den_with_die: str


@dataclass(frozen=True)
class Part:
    """A Camouflage track's ability or token (OO-5). `placed`/`single_use` apply to tokens."""

    id: str
    name: str
    effect: str
    text: str
    placed: str = "none"
    single_use: bool = False


@dataclass(frozen=True)
class Track:
    """OO-4, OO-5: one Camouflage track: its colour, ability (2nd shell) and token (4th)."""

    colour: str
    ability: Part
    token: Part


@dataclass(frozen=True)
class Camouflage:
    """OO-4: track size and when a track's colour/ability and token unlock."""

    slots: int
    colour_unlocks_at: int
    token_unlocks_at: int
    tracks: dict[str, Track]


@dataclass(frozen=True)
class Trap:
    """OO-7: a trap face; `effects` are primitives as in foods_traps.toml."""

    id: str
    name: str
    starting: bool
    text: str
    effects: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class HungerToken:
    """OO-10: the token on Hunger space `space`; `params` as a Shark card's extra keys."""

    space: int
    id: str
    name: str
    use: str
    effect: str
    text: str
    params: dict[str, Any]


@dataclass(frozen=True)
class WoundBoard:
    """OO-12: an ability the Mother Shark activates by flipping its wound token."""

    id: str
    name: str
    effect: str
    wound_spaces: int
    text: str
    params: dict[str, Any]


@dataclass(frozen=True)
class Sharks:
    """OO-8, OO-12, OO-13: Mother and Juvenile Sharks, wounds, and eating an Octopus."""

    mother_wound_tokens: int
    mother_wounds_to_die: int
    mother_wound_spaces: int
    juvenile_wounds_to_remove: int
    juvenile_enter: str
    juvenile_den_with_die: str
    juveniles_return: bool
    eaten_strike_die_to: str
    eaten_zone_takes: str


@dataclass(frozen=True)
class GrowthTile:
    """OO-9: a Growth tile replacing the base tile of the same number."""

    tile: int
    effect: str
    text: str
    params: dict[str, Any]


@dataclass(frozen=True)
class Escape:
    """One Octopus confrontation card: its colour's escape effect (D-5, OO-11)."""

    colour: str
    escape: str
    text: str
    effects: tuple[dict[str, Any], ...]


@dataclass(frozen=True)
class Confrontation:
    """OO-11: the alternative confrontation cards."""

    adults_only: bool
    octopus: dict[str, Escape]
    shark: tuple[str, ...]
    keep_cards_on_shark_win: bool


@dataclass(frozen=True)
class EndConditions:
    """OO-14: the win reasons in play with this module (keys as rules/names.py WIN_TEXT)."""

    octopus_wins: tuple[str, ...]
    shark_wins: tuple[str, ...]
    replaced: tuple[str, ...]


@dataclass(frozen=True)
class OffshoreOffspring:
    """Every table of the module, built once and checked against the base data."""

    rules_version: str
    setup: Setup
    faces: Faces
    events: dict[str, EventCard]
    eat_pile: EatPile
    camouflage: Camouflage
    traps: dict[str, Trap]
    starting_trap: str
    hunger_tokens: tuple[HungerToken, ...]
    sharks: Sharks
    wound_boards: dict[str, WoundBoard]
    shark_cards: dict[str, SharkCard]
    growth: dict[int, GrowthTile]
    confrontation: Confrontation
    end: EndConditions


# -- parsing -------------------------------------------------------------------------------


def _setup(t: _Table) -> Setup:
    board_t = t.table("board")
    board = {k: board_t.num(k) for k in list(board_t.raw)}
    board_t.done()
    out = Setup(
        board=board,
        camouflage_tracks=t.num("camouflage_tracks", COUNT),
        wound_boards=t.num("wound_boards", COUNT),
        juvenile_sharks=t.num("juvenile_sharks"),
        hunger_tokens=t.num("hunger_tokens"),
        peek_tokens=t.num("peek_tokens"),
        value_tokens=t.num("value_tokens"),
        escape_route_tokens=t.num("escape_route_tokens", COUNT),
        shark_cards=t.num("shark_cards"),
        replaced_growth_tiles=t.nums("replaced_growth_tiles"),
    )
    board_blocks = t.num("board_blocks")
    t.done()
    _check(board_blocks == len(ZONES), t.at("board_blocks"),
           f"must be {len(ZONES)}, one block per zone (B-1), not {board_blocks}")
    _check(sum(board.values()) == board_blocks, board_t.where,
           f"places {sum(board.values())} blocks, not board_blocks = {board_blocks}")
    _check(board.get("octopus") == 1, board_t.at("octopus"), "must be 1: the Mother Octopus")
    return out


def _faces(t: _Table) -> Faces:
    colours = t.names("colours")
    out = Faces(
        colours=colours,
        start_colour=t.one_of("start_colour", colours),
        juvenile_colour=t.one_of("juvenile_colour", colours),
        stages=t.names("stages"),
        supply_traps=t.names("supply_traps"),
        double_shell=t.num("double_shell"),
        unlimited_shells=t.flag("unlimited_shells"),
        unlimited_colours=t.flag("unlimited_colours"),
        returned_shell=t.one_of("returned_shell", ("revealed", "hidden")),
        removed_trap_to=t.one_of("removed_trap_to", ("supply",)),
    )
    t.done()
    _check(set(out.stages) == {"adult", "juvenile"}, t.at("stages"),
           "must be adult and juvenile")
    return out


def _event(t: _Table) -> EventCard:
    out = EventCard(
        id=t.text("id"),
        name=t.text("name"),
        start=t.one_of("start", ("under_draw_pile", "aside")),
        text=t.text("text"),
        steps=t.effects("steps", EVENT_OPS),
    )
    t.done()
    _check(out.steps[-1]["op"] == "trash_self", t.at("steps"),
           "must end with trash_self: an Event card trashes itself (OO-2)")
    return out


def _eat_pile(t: _Table, escape_t: _Table, route_t: _Table, base: Data) -> EatPile:
    base_eat = {c.id for c in base.octo_cards.values() if c.type == "eat"}
    cards = []
    for c in t.tables("card"):
        cid = c.one_of("id", tuple(sorted(base_eat)))
        food = c.text("food")
        _check(base.food_of_card.get(cid) == food, c.at("food"),
               f"{cid!r} is the Eat card of {base.food_of_card.get(cid)!r}, not {food!r}")
        cards.append(EatCard(id=cid, food=food, text=c.text("text"),
                             food_text=c.text("food_text") if c.has("food_text") else None))
        c.done()
    ids = [c.id for c in cards]
    _unique(ids, t.at("card"))
    _check(set(ids) == base_eat, t.at("card"),
           f"must hold every base Eat card once: missing {sorted(base_eat - set(ids))}")
    eid = escape_t.text("id")
    _check(eid not in base.octo_cards, escape_t.at("id"), f"{eid!r} is a base card id")
    escape = OctoCard(
        id=eid,
        name=escape_t.text("name"),
        type=escape_t.one_of("type", ("eat",)),
        cost=escape_t.num("cost", range(0, 10)),
        home="eat",
        text=escape_t.text("text"),
        effects=escape_t.effects("effects", ESCAPE_OPS),
    )
    out = EatPile(
        cards=tuple(cards),
        escape=escape,
        escape_on_learn=escape_t.effects("on_learn", ON_LEARN_OPS),
        foods_needed=escape_t.num("foods_needed", COUNT),
        face_up=t.num("face_up", COUNT),
        learn_per_turn=t.num("learn_per_turn", COUNT),
        learned_food_replaces=t.one_of("learned_food_replaces", ("revealed_shell",)),
        route_den=route_t.one_of("den", ("free",)),
        route_den_with_die=route_t.one_of("den_with_die", DEN_WITH_DIE),
    )
    for x in (t, escape_t, route_t):
        x.done()
    _check(out.foods_needed == len(cards), escape_t.at("foods_needed"),
           f"must be {len(cards)}: all the foods are eaten (OO-6)")
    return out


def _part(t: _Table, effects: tuple[str, ...], token: bool) -> Part:
    out = Part(
        id=t.text("id"),
        name=t.text("name"),
        effect=t.one_of("effect", effects),
        text=t.text("text"),
        placed=t.one_of("placed", ("zone", "none")) if token else "none",
        single_use=t.flag("single_use") if token else False,
    )
    t.done()
    return out


def _camouflage(t: _Table) -> Camouflage:
    tracks = []
    for tr in t.tables("track"):
        tracks.append(Track(
            colour=tr.text("colour"),
            ability=_part(tr.table("ability"), ABILITY_EFFECTS, token=False),
            token=_part(tr.table("token"), TOKEN_EFFECTS, token=True),
        ))
        tr.done()
    out = Camouflage(
        slots=t.num("slots", COUNT),
        colour_unlocks_at=t.num("colour_unlocks_at", COUNT),
        token_unlocks_at=t.num("token_unlocks_at", COUNT),
        tracks={tr.colour: tr for tr in tracks},
    )
    t.done()
    _check(out.colour_unlocks_at <= out.token_unlocks_at <= out.slots, t.where,
           "needs colour_unlocks_at <= token_unlocks_at <= slots")
    _unique([tr.colour for tr in tracks], t.at("track"))
    _unique([p.id for tr in tracks for p in (tr.ability, tr.token)], t.at("track"))
    return out


def _trap(t: _Table) -> Trap:
    out = Trap(id=t.text("id"), name=t.text("name"), starting=t.flag("starting", False),
               text=t.text("text"), effects=t.effects("effects", TRAP_OPS))
    t.done()
    return out


def _hunger_token(t: _Table) -> HungerToken:
    space, tid, name = t.num("space", COUNT), t.text("id"), t.text("name")
    use, effect, text = t.one_of("use", HUNGER_USES), t.one_of("effect", HUNGER_EFFECTS), t.text(
        "text")
    return HungerToken(space=space, id=tid, name=name, use=use, effect=effect, text=text,
                       params=t.params(effect, HUNGER_EFFECTS))


def _wound_board(t: _Table) -> WoundBoard:
    bid, name, effect = t.text("id"), t.text("name"), t.one_of("effect", WOUND_EFFECTS)
    spaces, text = t.num("wound_spaces", COUNT), t.text("text")
    return WoundBoard(id=bid, name=name, effect=effect, wound_spaces=spaces, text=text,
                      params=t.params(effect, WOUND_EFFECTS))


def _sharks(mother: _Table, juvenile: _Table, eating: _Table) -> Sharks:
    out = Sharks(
        mother_wound_tokens=mother.num("wound_tokens", COUNT),
        mother_wounds_to_die=mother.num("wounds_to_die", COUNT),
        mother_wound_spaces=mother.num("board_wound_spaces"),
        juvenile_wounds_to_remove=juvenile.num("wounds_to_remove", COUNT),
        juvenile_enter=juvenile.one_of("enter", ("free_den",)),
        juvenile_den_with_die=juvenile.one_of("den_with_die", DEN_WITH_DIE),
        juveniles_return=juvenile.flag("returns_after_removal"),
        eaten_strike_die_to=eating.one_of("strike_die_to", ("supply", "hunger")),
        eaten_zone_takes=eating.one_of("eaten_zone_takes", ("shell",)),
    )
    for x in (mother, juvenile, eating):
        x.done()
    _check(out.mother_wounds_to_die <= out.mother_wound_tokens, mother.at("wounds_to_die"),
           "can't exceed wound_tokens")
    return out


def _shark_card(t: _Table) -> tuple[SharkCard, int]:
    cid, name, copies = t.text("id"), t.text("name"), t.num("copies", COUNT)
    cost, die = t.num("cost", range(0, 40)), t.one_of("die", COLOURS)
    use, effect, text = t.one_of("use", SHARK_USES), t.one_of("effect", SHARK_CARD_EFFECTS), \
        t.text("text")
    params = t.params(effect, SHARK_CARD_EFFECTS)
    card = SharkCard(id=cid, name=name, cost=cost, die=die, use=use, effect=effect, text=text,
                     params=params)
    return card, copies


def _growth(t: _Table) -> GrowthTile:
    tile, effect, text = t.num("tile", COUNT), t.one_of("effect", GROWTH_EFFECTS), t.text("text")
    return GrowthTile(tile=tile, effect=effect, text=text, params=t.params(effect, GROWTH_EFFECTS))


def _confrontation(t: _Table, base: Data) -> Confrontation:
    octopus: dict[str, Escape] = {}
    for c in t.tables("octopus"):
        colour = c.one_of("colour", CONF_COLOURS)
        _check(colour not in octopus, c.at("colour"), f"{colour!r} is listed twice")
        if c.flag("as_base", False):
            b = base.colours[colour]
            octopus[colour] = Escape(colour=colour, escape=b["escape"], text=b["text"],
                                     effects=tuple(copy.deepcopy(b["effects"])))
        else:
            octopus[colour] = Escape(colour=colour, escape=c.text("escape"), text=c.text("text"),
                                     effects=c.effects("effects", CONFRONT_OPS))
        c.done()
    out = Confrontation(
        adults_only=t.flag("adults_only"),
        octopus={k: octopus[k] for k in CONF_COLOURS if k in octopus},
        shark=t.names("shark_cards"),
        keep_cards_on_shark_win=t.flag("keep_cards_on_shark_win"),
    )
    t.done()
    _check(tuple(octopus) == CONF_COLOURS, t.at("octopus"),
           f"must be one card per colour, in the order {CONF_COLOURS}")
    _check(out.shark == CONF_COLOURS, t.at("shark_cards"), f"must be {list(CONF_COLOURS)}")
    return out


def _end(t: _Table) -> EndConditions:
    out = EndConditions(octopus_wins=t.names("octopus_wins"), shark_wins=t.names("shark_wins"),
                        replaced=t.names("replaced"))
    t.done()
    for key, known in (("octopus_wins", OCTOPUS_WINS), ("shark_wins", SHARK_WINS),
                       ("replaced", BASE_WINS)):
        bad = [k for k in getattr(out, key) if k not in known]
        _check(not bad, t.at(key), f"unknown key(s) {bad} (known: {', '.join(known)})")
    both = set(out.replaced) & {*out.octopus_wins, *out.shark_wins}
    _check(not both, t.at("replaced"), f"{sorted(both)} both replaced and still winning")
    return out


def _events(top: _Table, base: Data) -> dict[str, EventCard]:
    events = [_event(t) for t in top.tables("event")]
    _unique([e.id for e in events], "event")
    by_id = {e.id: e for e in events}
    for e in events:
        _check(e.id not in base.octo_cards, f"event {e.id!r}", "clashes with a base card id")
        for s in e.steps:
            if s["op"] != "card_to_discard":
                continue
            target = by_id.get(s["card"])
            _check(target is not None and target.start == "aside", f"event {e.id!r}",
                   f"card_to_discard names {s['card']!r}, which is not an Event set aside")
    return by_id


def _traps(top: _Table, setup: Setup, faces: Faces, base: Data) -> tuple[dict[str, Trap], str]:
    traps = [_trap(t) for t in top.tables("trap")]
    _unique([t.id for t in traps], "trap")
    clash = sorted({t.id for t in traps} & {*base.traps, *base.foods, "octopus", "shell"})
    _check(not clash, "trap", f"id(s) {clash} clash with base block kinds")
    starting = [t.id for t in traps if t.starting]
    _check(len(starting) == 1, "trap", "exactly one trap must be the starting trap")
    first = starting[0]
    _check(set(faces.supply_traps) == {t.id for t in traps} - {first}, "faces.supply_traps",
           f"must be every trap but the starting one {first!r}")
    on_board = sorted(k for k in setup.board if k not in ("octopus", "shell"))
    _check(on_board == [first], "setup.board",
           f"must hold the octopus, shells and the starting trap {first!r}, not {on_board}")
    return {t.id: t for t in traps}, first


def _hunger_tokens(top: _Table, setup: Setup, base: Data) -> tuple[HungerToken, ...]:
    tokens = [_hunger_token(t) for t in top.tables("hunger_token")]
    _unique([t.id for t in tokens], "hunger_token")
    spaces = [t.space for t in tokens]
    _check(spaces == list(range(1, setup.hunger_tokens + 1)), "hunger_token",
           f"spaces must be 1…{setup.hunger_tokens} in order (setup.hunger_tokens), not {spaces}")
    track = int(base.comp["shark"]["hunger_track"])
    _check(len(tokens) < track, "hunger_token", f"must be fewer than the {track} Hunger spaces")
    return tuple(tokens)


def _wound_boards(top: _Table, setup: Setup, sharks: Sharks) -> dict[str, WoundBoard]:
    boards = [_wound_board(t) for t in top.tables("wound_board")]
    _unique([b.id for b in boards], "wound_board")
    _check(len(boards) >= setup.wound_boards, "wound_board",
           f"{len(boards)} boards, but setup chooses {setup.wound_boards}")
    _check(len({b.wound_spaces for b in boards}) == 1, "wound_board",
           "every board must hold as many wound tokens, so any choice of boards fits")
    spaces = sharks.mother_wound_spaces + setup.wound_boards * boards[0].wound_spaces
    _check(spaces == sharks.mother_wound_tokens, "mother_shark.wound_tokens",
           f"{sharks.mother_wound_tokens} tokens, but the boards in play have {spaces} spaces")
    return {b.id: b for b in boards}


def _shark_cards(top: _Table, setup: Setup, base: Data) -> dict[str, SharkCard]:
    cards: dict[str, SharkCard] = {}
    for t in top.tables("card"):
        card, copies = _shark_card(t)
        _check(card.id not in base.shark_cards and card.id not in cards, t.at("id"),
               f"{card.id!r} is already a Shark card")
        for n in range(copies):  # ids as rules.data: `<id>`, `<id>_2`, …
            cid = card.id if n == 0 else f"{card.id}_{n + 1}"
            cards[cid] = replace(card, id=cid)
    _check(len(cards) == setup.shark_cards, "card",
           f"{len(cards)} Shark cards, but setup.shark_cards is {setup.shark_cards}")
    return cards


def _growth_tiles(top: _Table, setup: Setup, base: Data) -> dict[int, GrowthTile]:
    growth = [_growth(t) for t in top.tables("growth")]
    tiles = tuple(g.tile for g in growth)
    base_tiles = {int(g["tile"]) for g in base.growth}
    _check(tiles == setup.replaced_growth_tiles and set(tiles) <= base_tiles, "growth",
           f"tiles {list(tiles)} must be setup.replaced_growth_tiles "
           f"{list(setup.replaced_growth_tiles)}, each a base tile")
    return {g.tile: g for g in growth}


def parse_offshore_offspring(raw: Mapping[str, Any], base: Data | None = None) -> OffshoreOffspring:
    """Build and check the module's tables from the parsed TOML `raw`.

    Separate from reading the file so a test (or a tool checking an edited copy) can feed a
    modified dict. `base` is the base game's data, for the cross-references (default: the
    loaded base data). `raw` is not changed. Raises ValueError naming the entry at fault.
    """
    if base is None:
        base = data()
    top = _Table(copy.deepcopy(dict(raw)), "")
    setup = _setup(top.table("setup"))
    faces = _faces(top.table("faces"))
    camouflage = _camouflage(top.table("camouflage"))
    _check(len(camouflage.tracks) >= setup.camouflage_tracks, "camouflage.track",
           f"{len(camouflage.tracks)} tracks, but setup chooses {setup.camouflage_tracks}")
    expected = tuple(c for c in faces.colours if c != faces.start_colour)
    _check(tuple(camouflage.tracks) == expected, "camouflage.track",
           f"track colours {list(camouflage.tracks)} must be faces.colours less "
           f"{faces.start_colour!r}: {list(expected)}")
    traps, starting_trap = _traps(top, setup, faces, base)
    sharks = _sharks(top.table("mother_shark"), top.table("juvenile_shark"), top.table("eating"))
    out = OffshoreOffspring(
        rules_version=top.text("rules_version"),
        setup=setup,
        faces=faces,
        events=_events(top, base),
        eat_pile=_eat_pile(top.table("eat_pile"), top.table("escape_to_safety"),
                           top.table("escape_route"), base),
        camouflage=camouflage,
        traps=traps,
        starting_trap=starting_trap,
        hunger_tokens=_hunger_tokens(top, setup, base),
        sharks=sharks,
        wound_boards=_wound_boards(top, setup, sharks),
        shark_cards=_shark_cards(top, setup, base),
        growth=_growth_tiles(top, setup, base),
        confrontation=_confrontation(top.table("confrontation"), base),
        end=_end(top.table("end")),
    )
    top.done()
    return out


def load_raw() -> dict[str, Any]:
    """The module's file as parsed TOML, a fresh copy each call (to check an edited copy)."""
    return _load(FILE)


@cache
def offshore_offspring() -> OffshoreOffspring:
    """The module's data, read and checked once (the file never changes while running)."""
    return parse_offshore_offspring(load_raw())
