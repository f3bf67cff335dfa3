"""Board images for Discord: rendered in a worker thread so the event loop never blocks.

The same view is often drawn more than once (the table, the spectator mirror, "Board for
me", a panel reopened), so renders are cached by the view's content (the legal-action list,
which the image does not show, is left out of the key).
"""

from __future__ import annotations

import asyncio
import io
import json
from functools import lru_cache
from typing import Any

import discord

import rendering


def _key(view: dict[str, Any]) -> str:
    return json.dumps({k: v for k, v in view.items() if k != "legal"}, sort_keys=True)


@lru_cache(maxsize=256)
def _render(key: str) -> tuple[bytes, str]:
    view = json.loads(key)
    return rendering.render(view), rendering.describe(view)[:1024]


async def board_file(view: dict[str, Any], filename: str = "board.png") -> discord.File:
    """The view as an attachment whose alt text describes the same view."""
    data, alt = await asyncio.to_thread(_render, _key(view))
    return discord.File(io.BytesIO(data), filename=filename, description=alt)
