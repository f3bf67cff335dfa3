"""`kelp bot`: run the real bot (configuration from the environment)."""

from __future__ import annotations

import logging
import os
import sys

from .client import KelpBot


def main(sync: bool) -> int:
    token = os.environ.get("DISCORD_TOKEN")
    if not token:
        print("kelp bot: set DISCORD_TOKEN to your bot's token (see README: Running the bot)",
              file=sys.stderr)
        return 2
    db = os.environ.get("KELP_DB", "./kelp.sqlite3")
    dev = os.environ.get("KELP_DEV_GUILD")
    logging.basicConfig(level=logging.INFO,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    ttl = float(os.environ.get("KELP_LOBBY_TTL", "900"))
    practice = int(os.environ.get("KELP_PRACTICE_LIMIT", "1"))
    bot = KelpBot(db_path=db, dev_guild=int(dev) if dev else None, sync=sync or bool(dev),
                  lobby_ttl=ttl, practice_limit=practice)
    bot.run(token, log_handler=None)
    return 0
