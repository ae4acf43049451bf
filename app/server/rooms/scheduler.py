"""The worker processes of this server and the order in which they take jobs.

Every job that thinks for longer than the event loop may (a `strong` or `expert` bot's move,
a hint, a piece of a game's review) goes through `Scheduler.submit(fn, *args, priority=...,
owner=...)`, the one door; admission (how many hints a room or an address may have waiting)
is decided before it by whoever calls, which reads `Scheduler.waiting(owner)`.

Two priorities, and a lane of processes for each:

- `LIVE`: a live room's bot move or hint. Runs on `workers` processes; jobs beyond them wait
  in arrival order.
- `REVIEW`: a piece of a finished game's review (one or a few turns). Runs on
  `review_workers` processes of their own, started at the lowest CPU priority (`nice` 19),
  so that when both lanes want the CPU the operating system gives it to the live lane and to
  the event loop first. A review is cut into pieces that each take a fraction of a second,
  so it can report its progress and a waiting review's pieces never hold a live job back:
  live jobs never wait in the review lane's queue, and its processes never take a live job.

With `workers` 0 (tests only) every job runs on the event loop, in order of priority.
"""

from __future__ import annotations

import asyncio
import ctypes
import functools
import heapq
import itertools
import multiprocessing
import os
import signal
import sys
from collections import Counter
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from enum import IntEnum
from typing import Any, TypeVar

T = TypeVar("T")

# The CPU priority of the review lane's processes (19: the lowest).
REVIEW_NICENESS = 19


class Priority(IntEnum):
    """Which jobs go first (lower first)."""

    LIVE = 0
    REVIEW = 1


# prctl(2): the signal the kernel sends this process when the thread that started it ends
PR_SET_PDEATHSIG = 1


def _start_worker(server_pid: int, niceness: int) -> None:
    """Every worker's initializer: end with the server process that started it, however that
    ends (killed outright it runs no shutdown code, and its workers would live on as orphans
    holding their memory); then take the lane's CPU priority (the review lane's yields to
    everything else). The pools are used from the event loop's thread only, which lives as
    long as the server (the signal follows the thread that started the worker)."""
    if sys.platform.startswith("linux"):
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGKILL)
        if os.getppid() != server_pid:  # the server ended before the line above
            os._exit(0)
    if niceness:
        os.nice(niceness)


@dataclass(order=True)
class _Job:
    priority: int
    seq: int
    fn: Callable[..., Any] = field(compare=False)
    args: tuple[Any, ...] = field(compare=False)
    owner: str = field(compare=False)
    future: asyncio.Future[Any] = field(compare=False)


class _Lane:
    """Processes of one priority and the jobs waiting for them, first come first served."""

    def __init__(self, processes: int, niceness: int) -> None:
        self.processes = processes
        self.niceness = niceness
        self.queue: list[_Job] = []
        self.running = 0
        self.pool: ProcessPoolExecutor | None = None

    def executor(self) -> ProcessPoolExecutor:
        if self.pool is None:
            # `spawn`: forking a process that runs an event loop and database threads is unsafe.
            self.pool = ProcessPoolExecutor(
                self.processes, mp_context=multiprocessing.get_context("spawn"),
                initializer=_start_worker, initargs=(os.getpid(), self.niceness),
            )
        return self.pool


class Scheduler:
    """Runs CPU-bound jobs in worker processes, live ones first (module docstring)."""

    def __init__(self, workers: int, review_workers: int = 1) -> None:
        self.workers = workers
        self._seq = itertools.count()
        self._lanes = {
            Priority.LIVE: _Lane(workers, 0),
            Priority.REVIEW: _Lane(max(1, review_workers), REVIEW_NICENESS),
        }
        self._owners: Counter[str] = Counter()
        self._inline: list[_Job] = []

    async def submit(self, fn: Callable[..., T], *args: Any, priority: Priority,
                     owner: str) -> T:
        """Run `fn(*args)` (picklable) in a worker process of `priority`'s lane and return
        its result. `owner` names who asked (a room code, a game's review) for `waiting()`.
        """
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        job = _Job(priority, next(self._seq), fn, args, owner, future)
        self._owners[owner] += 1
        try:
            if self.workers == 0:
                heapq.heappush(self._inline, job)
                self._run_inline()
            else:
                heapq.heappush(self._lanes[priority].queue, job)
                self._dispatch(self._lanes[priority])
            return await future
        finally:
            self._owners[owner] -= 1
            if self._owners[owner] <= 0:
                del self._owners[owner]

    def waiting(self, owner: str) -> int:
        """How many of `owner`'s jobs are queued or running."""
        return self._owners.get(owner, 0)

    def queued(self, priority: Priority) -> int:
        """How many jobs of `priority` wait for a process."""
        return len(self._lanes[priority].queue)

    def shutdown(self) -> None:
        """Stop the worker processes (server shutdown); waiting jobs are cancelled."""
        for lane in self._lanes.values():
            for job in lane.queue:
                job.future.cancel()
            lane.queue.clear()
            if lane.pool is not None:
                lane.pool.shutdown(wait=False, cancel_futures=True)
                lane.pool = None

    def _dispatch(self, lane: _Lane) -> None:
        while lane.queue and lane.running < lane.processes:
            job = heapq.heappop(lane.queue)
            if job.future.cancelled():
                continue
            lane.running += 1
            done = asyncio.wrap_future(lane.executor().submit(job.fn, *job.args))
            done.add_done_callback(functools.partial(self._finished, lane, job))

    def _finished(self, lane: _Lane, job: _Job, done: asyncio.Future[Any]) -> None:
        lane.running -= 1
        if not job.future.done():
            if done.cancelled():
                job.future.cancel()
            elif (error := done.exception()) is not None:
                job.future.set_exception(error)
            else:
                job.future.set_result(done.result())
        self._dispatch(lane)

    def _run_inline(self) -> None:
        # Tests: the jobs run on the loop, each as soon as it is submitted, highest first.
        while self._inline:
            job = heapq.heappop(self._inline)
            if job.future.cancelled():
                continue
            try:
                job.future.set_result(job.fn(*job.args))
            except Exception as error:  # handed to the caller, who awaits the future
                job.future.set_exception(error)
