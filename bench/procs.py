"""CPU time and waiting of this process's picture workers, read from /proc (Linux), for the benches.

The pictures are drawn in worker processes (``bot.render_pool``), whose CPU time
``time.process_time()`` does not see; a bench adds it from here.
"""

from __future__ import annotations

import contextlib
import os


def _children() -> list[str]:
    """The pids of this process's live children (the picture workers), from /proc."""
    pids: list[str] = []
    for task in os.listdir("/proc/self/task"):
        with contextlib.suppress(FileNotFoundError), open(f"/proc/self/task/{task}/children") as listed:
            pids += listed.read().split()
    return pids


def children_cpu() -> float:
    """CPU seconds used so far by this process's live children (the picture workers).

    Summed over each child's threads from ``/proc/<pid>/task/<tid>/schedstat`` (its first
    field, nanoseconds on the CPU): ``/proc/<pid>/stat`` counts in clock ticks (10 ms), too
    coarse to see one picture (a few ms) in a per-decision percentile.
    """
    total = 0
    for pid in _children():
        with contextlib.suppress(FileNotFoundError):
            for task in os.listdir(f"/proc/{pid}/task"):
                with contextlib.suppress(FileNotFoundError), open(f"/proc/{pid}/task/{task}/schedstat") as stat:
                    total += int(stat.read().split()[0])
    return total / 1e9


def cpu_waited() -> float:
    """Seconds the threads of this process and of its children spent ready to run but waiting for a CPU.

    From each thread's ``/proc/.../schedstat`` (its second field): when it grows as fast as
    the wall clock, the bench was held by the machine's other work, not by anything of its own.
    """
    total = 0
    for pid in ["self", *_children()]:
        with contextlib.suppress(FileNotFoundError):
            for task in os.listdir(f"/proc/{pid}/task"):
                with contextlib.suppress(FileNotFoundError), open(f"/proc/{pid}/task/{task}/schedstat") as stat:
                    total += int(stat.read().split()[1])
    return total / 1e9
