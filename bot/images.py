"""Board images for Discord: rendered in a worker thread so the event loop never blocks."""

from __future__ import annotations

import asyncio
import io
from typing import Any

import discord

import rendering


async def png(view: dict[str, Any]) -> bytes:
    return await asyncio.to_thread(rendering.render, view)


async def board_file(view: dict[str, Any], filename: str = "board.png") -> discord.File:
    """The view as an attachment whose alt text describes the same view."""
    data, alt = await asyncio.to_thread(_render_with_alt, view)
    return discord.File(io.BytesIO(data), filename=filename, description=alt)


def _render_with_alt(view: dict[str, Any]) -> tuple[bytes, str]:
    return rendering.render(view), rendering.describe(view)[:1024]
