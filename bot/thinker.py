"""Where the computer players think: slow levels in a worker process, fast ones in a thread.

The hard level searches for 1.5 s of pure Python a decision. In a thread of the bot's own
process it holds the GIL most of that time, and every other game's click then waits for
the GIL at each step of its handler. `kelp bench bot --games 10 --steps 30 --think 0.5`
(session 50, one of the two cores busy with another job) timed a click to its updated
panel and table at p50 56–61 ms, p99 175–197 ms, with no bot thinking; with one hard
practice game thinking all along in a thread, 278–287 ms and 1,008–1,171 ms; with it in a
worker process (`--practice 1`), 97–102 ms and 269–357 ms. So a level listed in
`practice.THINK_SECONDS` thinks in a process pool, and the millisecond levels stay in a
thread, where a queue behind a 1.5 s search would only slow them.

The pool is made on first use with the `spawn` start method: the bot process runs threads
(aiosqlite's, the renderer's), and forking a process with threads can copy a held lock
into the child. A worker that dies (killed, out of memory) breaks the pool: the decision is
then thought in a thread instead, and the next one gets a fresh pool, so a player never
waits on a dead process. (With `spawn`, a script that runs the bot must guard its own code
with `if __name__ == "__main__":`, as `kelp` and `python -m` entry points do: each worker
imports the main module again.)
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import random
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from functools import partial

import rules
from rules.ai import choose

log = logging.getLogger("kelp.bot")


def default_workers() -> int:
    """One worker per core but one, which the event loop keeps: on the 2-core machine a
    single worker, so two hard games thinking at once take turns at full strength rather
    than share a core at half."""
    return max(1, (os.cpu_count() or 2) - 1)


class Thinker:
    """Chooses the bot's steps off the event loop (`think`); owns the process pool."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None

    def _executor(self) -> ProcessPoolExecutor:
        if self._pool is None:
            self._pool = ProcessPoolExecutor(
                max_workers=default_workers(), mp_context=multiprocessing.get_context("spawn"))
        return self._pool

    async def think(self, g: rules.Game, seat: str, rng: random.Random, level: str,
                    seconds: float | None) -> rules.Action:
        """`rules.ai.choose` for `seat` at `level`, in the pool when `seconds` is set (a
        level that thinks on a time budget), else in a thread. `rng` is used once, in
        whichever place thinks, so a caller can't rely on its state afterwards."""
        call = partial(choose, g, seat, rng, level=level, seconds=seconds)
        if seconds is None:
            return await asyncio.to_thread(call)
        try:
            return await asyncio.get_running_loop().run_in_executor(self._executor(), call)
        except BrokenProcessPool:
            log.warning("the thinking process died; this decision is thought in a thread "
                        "and the next gets a new process")
            self._discard()
            return await asyncio.to_thread(call)

    def _discard(self) -> None:
        pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop taking work; a search still running ends by its own deadline (≤ 1.5 s)."""
        self._discard()
