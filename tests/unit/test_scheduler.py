"""The scheduler of the worker processes: live jobs and reviews in lanes of their own, the
review lane's processes at the lowest CPU priority, jobs counted per owner."""

from __future__ import annotations

import asyncio
import os

import pytest

from app.server.rooms.scheduler import REVIEW_NICENESS, Priority, Scheduler


def niceness() -> int:
    """The CPU priority of the process that runs this (a job)."""
    return os.nice(0)


def square(n: int) -> int:
    return n * n


async def test_reviews_run_in_processes_of_the_lowest_priority_live_jobs_do_not() -> None:
    scheduler = Scheduler(workers=1, review_workers=1)
    try:
        mine = os.nice(0)
        live = await scheduler.submit(niceness, priority=Priority.LIVE, owner="ROOM")
        review = await scheduler.submit(niceness, priority=Priority.REVIEW, owner="review:1")
        assert live == mine
        assert review == min(19, mine + REVIEW_NICENESS)
    finally:
        scheduler.shutdown()


async def test_jobs_beyond_the_processes_wait_and_are_counted_per_owner() -> None:
    scheduler = Scheduler(workers=1, review_workers=1)
    try:
        jobs = [
            asyncio.ensure_future(scheduler.submit(square, n, priority=Priority.LIVE,
                                                   owner="AB" if n % 2 else "CD"))
            for n in range(5)
        ]
        await asyncio.sleep(0)
        # One runs, four wait for the one live process; the review lane is not theirs.
        assert scheduler.queued(Priority.LIVE) == 4
        assert scheduler.queued(Priority.REVIEW) == 0
        assert (scheduler.waiting("AB"), scheduler.waiting("CD")) == (2, 3)
        assert await asyncio.gather(*jobs) == [0, 1, 4, 9, 16]
        assert (scheduler.waiting("AB"), scheduler.waiting("CD")) == (0, 0)
    finally:
        scheduler.shutdown()


async def test_an_error_in_a_job_goes_to_whoever_asked() -> None:
    scheduler = Scheduler(workers=0)
    with pytest.raises(TypeError):
        await scheduler.submit(square, "x", priority=Priority.REVIEW, owner="review:2")
    assert scheduler.waiting("review:2") == 0
    assert await scheduler.submit(square, 3, priority=Priority.LIVE, owner="ROOM") == 9
