"""`kelp demo`: a complete match played offline through the real bot code.

The bot runs unchanged on the fake Discord backend; two fake players click their panels,
each played by the `greedy` computer player (`rules.ai`). The SQLite file, every board
image the bot posted and a GIF of the whole game are written to a folder, which is printed
at the end.
"""

from __future__ import annotations

import asyncio
import json
import logging
import random
from pathlib import Path

import rules

from .client import KelpBot
from .offline import ai_policy, play_match, random_policy


async def run_demo(out: Path, seed: int, board: str = "day", expansion: str = "none") -> Path:
    """Play one match; with an expansion both seats play random legal steps, because the
    `greedy` computer player doesn't know the Offshore Offspring rules."""
    import rendering
    from tests.fakediscord import FakeDiscord

    out.mkdir(parents=True, exist_ok=True)
    db = out / "kelp.sqlite3"
    for stale in (db, out / "kelp.sqlite3-wal", out / "kelp.sqlite3-shm"):
        stale.unlink(missing_ok=True)
    fake = FakeDiscord()
    fake.add_guild("Kelp Demo Server", channels=("kelp",))
    octavia = fake.add_user(name="Octavia")
    sharky = fake.add_user(name="Sharky")
    bot = await fake.start_bot(lambda: KelpBot(db_path=str(db), game_seed=lambda: seed))
    try:
        log = await play_match(fake, bot, channel=fake.default_channel, octopus=octavia,
                               shark=sharky, seed=seed, board=board,
                               choose=ai_policy("greedy") if expansion == "none"
                               else random_policy, expansion=expansion)
        row, g = await bot.service.load(log.game_id)
        thread = fake.get_message(row.table_message_id).channel_id if row.table_message_id \
            else row.where
        images = out / "boards"
        images.mkdir(exist_ok=True)
        for old in images.glob("*.png"):
            old.unlink()
        n = 0
        for m in fake.messages_in(thread):
            for a in m.attachments:
                n += 1
                (images / f"{n:03d}-{a.filename}").write_bytes(a.data)
        record = rules.record(g)
        (out / "record.json").write_text(json.dumps(record, indent=1))
        gif = await asyncio.to_thread(rendering.render_replay, record, "spectator")
        (out / "game.gif").write_bytes(gif)
        print(f"Game #{row.id}: the {g.winner} won ({g.win_reason}) in round {g.round} "
              f"after {log.steps} clicks on the panels.")
        print(f"{n} board images posted in the match thread, {len(fake.dms_to(octavia))} DMs "
              f"to the Octopus, {len(fake.dms_to(sharky))} to the Shark.")
    finally:
        await fake.stop_bot(bot)
        await fake.aclose()
    print(f"Wrote the SQLite database, {n} board PNGs, record.json and game.gif to {out}")
    return out


def main(out: str, seed: int | None, board: str, expansion: str = "none") -> int:
    logging.basicConfig(level=logging.WARNING)
    logging.getLogger("discord").setLevel(logging.ERROR)
    s = seed if seed is not None else random.SystemRandom().randrange(1 << 30)
    asyncio.run(run_demo(Path(out).resolve(), s, board, expansion))
    return 0
