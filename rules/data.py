"""Loads the game's data files once and turns them into lookup tables.

Everything the spec marks [P] (board graph, values, card texts and numbers) lives in
``rules/data/*.toml`` so a group owning the physical game can correct it without touching
code; this module is the only place that reads those files.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

COLS = "ABC"
ZONES: tuple[str, ...] = tuple(f"{COLS[i % 3]}{i // 3 + 1}" for i in range(9))
ZONE_INDEX = {z: i for i, z in enumerate(ZONES)}
COLOURS = ("B", "Y", "R")
CONF_COLOURS = ("red", "yellow", "turquoise")


def _load(name: str) -> dict[str, Any]:
    with resources.files("rules").joinpath("data", name).open("rb") as fh:
        return tomllib.load(fh)


def zone_rc(z: int) -> tuple[int, int]:
    """Zone index → (column, row)."""
    return z % 3, z // 3


@dataclass(frozen=True)
class Board:
    """One side of the board: the Current-space graph (B-3…B-6) and zone values (B-2)."""

    side: str
    values: tuple[int, ...]
    dens: tuple[int, ...]
    kelp: frozenset[int]
    den_turnaround: bool
    ends: dict[int, tuple[tuple[int, int], tuple[int, int]]]
    borders: dict[int, tuple[int, ...]]  # space -> zone indices it borders
    at_point: dict[tuple[int, int], tuple[int, ...]]  # lattice point -> spaces touching it
    den_zone: dict[int, int]
    space_ids: tuple[int, ...]
    next_to: dict[int, frozenset[int]] = field(default_factory=dict)  # spaces sharing a point

    def horizontal(self, space: int) -> bool:
        a, b = self.ends[space]
        return a[1] == b[1]


@cache
def board(side: str) -> Board:
    if side not in ("day", "night"):
        raise ValueError(f"unknown board side {side!r}")
    raw = _load(f"board_{side}.toml")
    values = tuple(int(raw["zone_values"][z]) for z in ZONES)
    ends: dict[int, tuple[tuple[int, int], tuple[int, int]]] = {}
    borders: dict[int, tuple[int, ...]] = {}
    at_point: dict[tuple[int, int], list[int]] = {}
    for sp in raw["space"]:
        sid = int(sp["id"])
        a, b = (tuple(p) for p in sp["ends"])
        ends[sid] = (a, b)  # type: ignore[assignment]
        borders[sid] = tuple(ZONE_INDEX[z] for z in sp["zones"])
        for p in (a, b):
            at_point.setdefault(p, []).append(sid)  # type: ignore[arg-type]
    next_to = {
        s: frozenset(t for p in ends[s] for t in at_point[p] if t != s) for s in ends
    }
    dens = tuple(int(d) for d in raw["dens"])
    return Board(
        side=side,
        values=values,
        dens=dens,
        kelp=frozenset(ZONE_INDEX[z] for z in raw.get("kelp_zones", [])),
        den_turnaround=bool(raw.get("den_turnaround", False)),
        ends=ends,
        borders=borders,
        at_point={p: tuple(v) for p, v in at_point.items()},
        den_zone={d: borders[d][0] for d in dens},
        space_ids=tuple(sorted(ends)),
        next_to=next_to,
    )


def _pairs(diagonal: bool) -> tuple[tuple[int, int], ...]:
    out = []
    for a in range(9):
        for b in range(a + 1, 9):
            (ca, ra), (cb, rb) = zone_rc(a), zone_rc(b)
            dc, dr = abs(ca - cb), abs(ra - rb)
            if dc + dr == 1 or (diagonal and dc == 1 and dr == 1):
                out.append((a, b))
    return tuple(out)


ORTH_PAIRS = _pairs(False)
TOUCH_PAIRS = _pairs(True)
ORTH_NEIGHBOURS: dict[int, tuple[int, ...]] = {
    z: tuple(b if a == z else a for a, b in ORTH_PAIRS if z in (a, b)) for z in range(9)
}
LINES: dict[str, tuple[int, ...]] = {
    **{c: tuple(i for i in range(9) if ZONES[i][0] == c) for c in COLS},
    **{r: tuple(i for i in range(9) if ZONES[i][1] == r) for r in "123"},
}


@dataclass(frozen=True)
class OctoCard:
    id: str
    name: str
    type: str
    cost: int
    home: str
    text: str
    effects: tuple[dict[str, Any], ...]
    start_in_hand: bool = False

    @property
    def base(self) -> str:
        return base_id(self.id)


def base_id(card_id: str) -> str:
    """`jet_2` → `jet`: copies of one design are interchangeable."""
    head, _, tail = card_id.rpartition("_")
    return head if head and tail.isdigit() else card_id


@dataclass(frozen=True)
class SharkCard:
    id: str
    name: str
    cost: int
    die: str
    use: str
    effect: str
    text: str
    params: dict[str, Any]

    @property
    def base(self) -> str:
        return base_id(self.id)


def _expand(items: list[dict[str, Any]]) -> list[tuple[str, dict[str, Any]]]:
    out = []
    for it in items:
        for n in range(int(it.get("copies", 1))):
            out.append((it["id"] if n == 0 else f"{it['id']}_{n + 1}", it))
    return out


@dataclass(frozen=True)
class Data:
    """Every table the engine reads, built once."""

    octo_cards: dict[str, OctoCard]
    shark_cards: dict[str, SharkCard]
    foods: dict[str, dict[str, Any]]
    traps: dict[str, dict[str, Any]]
    starting_trap: str
    growth: tuple[dict[str, Any], ...]
    colours: dict[str, dict[str, Any]]
    comp: dict[str, Any]
    rules_version: str
    food_of_card: dict[str, str]
    block_kinds: tuple[str, ...]


@cache
def data() -> Data:
    oc = _load("octopus_cards.toml")
    ft = _load("foods_traps.toml")
    sh = _load("shark.toml")
    comp = _load("components.toml")
    octo = {
        cid: OctoCard(
            id=cid,
            name=it["name"],
            type=it["type"],
            cost=int(it["cost"]),
            home=it["home"],
            text=it["text"],
            effects=tuple(it["effects"]),
            start_in_hand=bool(it.get("start_in_hand", False)),
        )
        for cid, it in _expand(oc["card"])
    }
    params_skip = {"id", "name", "copies", "cost", "die", "use", "effect", "text"}
    shark = {
        cid: SharkCard(
            id=cid,
            name=it["name"],
            cost=int(it["cost"]),
            die=it["die"],
            use=it["use"],
            effect=it["effect"],
            text=it["text"],
            params={k: v for k, v in it.items() if k not in params_skip},
        )
        for cid, it in _expand(sh["card"])
    }
    foods = {f["id"]: f for f in ft["food"]}
    traps = {t["id"]: t for t in ft["trap"]}
    starting = [t["id"] for t in ft["trap"] if t.get("starting")]
    if len(starting) != 1:
        raise ValueError("exactly one trap must be the starting trap")
    kinds = ("octopus", "shell", "double_shell", *foods, *traps)
    return Data(
        octo_cards=octo,
        shark_cards=shark,
        foods=foods,
        traps=traps,
        starting_trap=starting[0],
        growth=tuple(sorted(sh["growth"], key=lambda g: g["tile"])),
        colours={c["id"]: c for c in sh["colour"]},
        comp=comp,
        rules_version=comp["rules_version"],
        food_of_card={f["eat_card"]: f["id"] for f in foods.values()},
        block_kinds=kinds,
    )
