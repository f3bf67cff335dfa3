"""`/kelp rules`: the spec's rules by id or keyword, for a quick private look-up."""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any


@cache
def entries() -> list[dict[str, Any]]:
    with resources.files("bot").joinpath("data", "rules_help.json").open(encoding="utf-8") as f:
        return list(json.load(f)["rules"])


def search(query: str, limit: int = 25) -> list[dict[str, Any]]:
    """Entries whose id or words match `query`: ids first, then text matches."""
    q = query.strip().lower()
    if not q:
        return entries()[:limit]
    by_id = [e for e in entries() if e["id"].lower().startswith(q)]
    words = q.split()
    by_text = [e for e in entries() if e not in by_id and all(
        w in (e["id"] + " " + e["section"] + " " + e["text"]).lower() for w in words)]
    return (by_id + by_text)[:limit]


def title(e: dict[str, Any]) -> str:
    first = e["text"].split(". ")[0].split("\n")[0]
    return f"{e['id']} · {first}"[:100]


def lookup(topic: str) -> dict[str, Any] | None:
    for e in entries():
        if e["id"].lower() == topic.strip().lower():
            return e
    found = search(topic, 1)
    return found[0] if found else None
