"""Timing helpers for the benchmarks: medians over repeated runs, printed, never asserted.

The machine is shared and noisy, so every figure is a median, and where a
speed-up is claimed the baseline is timed in the same run and the ratio printed.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path


def median_seconds(f: Callable[[], object], repeat: int = 7, warmup: int = 1) -> float:
    """The median wall time of ``f()`` over ``repeat`` runs, after ``warmup`` untimed runs."""
    for _ in range(warmup):
        f()
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        f()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def median_command_seconds(args: list[str], repeat: int = 7) -> float:
    """The median wall time of running a command (start-up included)."""
    return median_seconds(lambda: subprocess.run(args, check=True, capture_output=True), repeat=repeat)


def compile_package() -> None:
    """Write casino_math's bytecode, as pip does when it installs a wheel, so a command's start-up is timed as a
    user meets it (and not slowed by compiling every module, as under PYTHONDONTWRITEBYTECODE)."""
    import compileall

    import casino_math

    compileall.compile_dir(str(Path(casino_math.__file__).parent), quiet=1)


def python(*args: str) -> list[str]:
    """A command line running this Python interpreter."""
    return [sys.executable, *args]


def report(name: str, seconds: float, note: str = "") -> None:
    """Print one benchmark result as a row: name, median in ms, note."""
    print(f"{name:<60} {seconds * 1000:>10.1f} ms  {note}")


def report_ratio(name: str, slow: float, fast: float) -> None:
    """Print how many times faster ``fast`` is than ``slow`` (both timed in this run)."""
    print(f"{name:<60} {slow / fast:>10.3g} x")
