"""py-spy on a server process during a stage, and its samples summed per function."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections import Counter
from pathlib import Path


def start_profile(
    pid: int, seconds: float, out: Path, idle: bool = False
) -> subprocess.Popen[bytes] | None:
    """py-spy (raw collapsed stacks) on process `pid` for `seconds`, or None when py-spy is
    not installed. Only the thread holding the GIL is sampled (what the process spends its
    CPU on in Python); with `idle`, every thread, waiting or not (where the time goes)."""
    pyspy = shutil.which("py-spy") or str(Path(sys.executable).with_name("py-spy"))
    if not Path(pyspy).exists():
        print("  (py-spy not installed: pip install py-spy)")
        return None
    command = [pyspy, "record", "-p", str(pid), "-d", str(int(seconds)), "-r", "97",
               "-f", "raw", "-o", str(out), "--nonblocking"]
    command.append("--idle" if idle else "--gil")
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def _frame_name(frame: str) -> str:
    """`func (path/to/file.py:12)` -> `func (to/file.py)`."""
    func, _, where = frame.partition(" (")
    if not where:
        return frame
    path = where.rstrip(")").rsplit(":", 1)[0]
    return f"{func} ({'/'.join(path.split('/')[-2:])})"


def summarize_profile(path: Path, top: int = 25) -> str:
    """Self and inclusive sample shares per function from py-spy's collapsed stacks."""
    own: Counter[str] = Counter()
    incl: Counter[str] = Counter()
    total = 0
    for line in path.read_text().splitlines():
        stack, _, count = line.rpartition(" ")
        if not stack:
            continue
        n = int(count)
        total += n
        frames = [_frame_name(f) for f in stack.split(";")]
        own[frames[-1]] += n
        for f in set(frames):
            incl[f] += n
    lines = [f"{total} samples", "", "self %  function"]
    lines += [f"{100 * n / total:5.1f}  {f}" for f, n in own.most_common(top)]
    lines += ["", "incl %  function"]
    lines += [f"{100 * n / total:5.1f}  {f}" for f, n in incl.most_common(top)]
    return "\n".join(lines)
