"""The sandbox each submission runs in: bubblewrap, with limits, and a wall clock that ends it all.

Inside, the submission sees: this Python and its environment, read-only; a
copy of ``casino_math`` made for the run (its sources and compiled files only),
read-only; a private ``/tmp`` of limited size as its working folder, and a
private ``/dev/shm`` of its own (shared memory is memory: a notebook cannot fill
the machine's); and nothing else: no home folder, no teacher's folders (the
course, the roster, the grades: hidden even inside a folder it is given), no
other submission, no output file, no network.  It has its own process, IPC, UTS and user namespaces (a
process it starts cannot outlive it: when the sandbox ends, the kernel ends
every process in its namespace), and limits on CPU time, memory and the size
of any file it writes.  The only way out is the report pipe to the grader.

Without bubblewrap (``--no-sandbox``) a submission runs as a plain process of
the teacher's account in a temporary folder: it can read and write what the
teacher can.
"""

from __future__ import annotations

import compileall
import contextlib
import json
import os
import select
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any

import casino_math

from . import runner

#: Limits inside the sandbox: memory (address space) and the size of any one file written.
MEMORY_BYTES = 2 * 2**30
FILE_BYTES = 64 * 2**20
#: The size of the private /tmp, and of the private /dev/shm (shared memory is memory: a small tmpfs of its own, so
#: that a notebook cannot fill the host's).
TMP_BYTES = 256 * 2**20
SHM_BYTES = 64 * 2**20
#: The most a submission may report (bytes, and events beyond the two each of its cells reports); a sandbox that
#: reports more is stopped.
REPORT_BYTES = 32 * 2**20
REPORT_EVENTS = 20_000
#: Seconds allowed to start Python before the first cell, and grace beyond the time limits the runner keeps itself.
STARTUP_SECONDS = 10
GRACE_SECONDS = 2
#: Where the copy of casino_math appears inside the sandbox.
INSIDE = "/opt/classroom"
RISK = ("grading without a sandbox: each notebook runs as you, and can read your files (the answer keys among "
        "them), change them, use the network, and leave processes running; grade only notebooks you trust")


#: The temporary folders the grader makes, each named with its process's ID so a stale one can be told apart.
TEMPORARY = ("classroom-package-", "classroom-run-", "classroom-build-")

_running: set[subprocess.Popen[bytes]] = set()
_running_lock = threading.Lock()
_stopping = threading.Event()


class Stopped(Exception):
    """No sandbox starts: grading was stopped (Ctrl-C)."""


def stop_all() -> None:
    """End every sandbox running now at once, and start no other (on Ctrl-C)."""
    with _running_lock:
        _stopping.set()
        for process in list(_running):
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(process.pid, 9)


def temporary(kind: str) -> str:
    """The prefix of a temporary folder of this process (``kind`` is one of :data:`TEMPORARY`).

    >>> temporary("classroom-run-") == f"classroom-run-{os.getpid()}-"
    True
    """
    return f"{kind}{os.getpid()}-"


def clean_stale(folder: str | Path | None = None) -> list[Path]:
    """Remove the grader's temporary folders (in ``folder``, else the system's) that a process left behind when it
    was killed: those named with the ID of a process that no longer runs, and owned by this user; returns them.

    >>> import tempfile
    >>> where = Path(tempfile.mkdtemp())
    >>> for name in ("classroom-package-999999999-x", f"classroom-run-{os.getpid()}-y", "classroom-package-z"):
    ...     (where / name).mkdir()
    >>> [p.name for p in clean_stale(where)], sorted(p.name for p in where.iterdir())  # doctest: +ELLIPSIS
    (['classroom-package-999999999-x'], ['classroom-package-z', 'classroom-run-...-y'])
    """
    removed = []
    for path in Path(folder or tempfile.gettempdir()).glob("classroom-*-*-*"):
        kind = next((k for k in TEMPORARY if path.name.startswith(k)), None)
        pid = path.name[len(kind):].split("-", 1)[0] if kind else ""
        try:
            mine = not path.is_symlink() and path.is_dir() and path.stat().st_uid == os.getuid()
        except OSError:
            continue
        if pid.isdigit() and mine and not _alive(int(pid)):
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path)
    return removed


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except (ProcessLookupError, OverflowError):  # no such process (or no such ID at all)
        return False
    except PermissionError:  # another user's process
        return True
    return True


def package_copy(folder: str | Path) -> Path:
    """Copy ``casino_math`` into ``folder``: its ``.py`` and ``.json`` files, and those sources compiled.

    Nothing else of the package's folder (stale compiled files of removed modules, a checkout's other files) goes
    in.  The sources are compiled here, once, because inside the sandbox the copy is read-only: each submission
    would otherwise compile them again.

    >>> import tempfile
    >>> root = package_copy(tempfile.mkdtemp())
    >>> (root / "casino_math" / "classroom" / "runner.py").is_file(), (root / "casino_math" / "classroom" / "keys").exists()
    (True, False)
    >>> any((root / "casino_math" / "classroom" / "__pycache__").glob("runner.*.pyc"))
    True
    """
    source = Path(casino_math.__file__).parent
    target = Path(folder) / "casino_math"
    for path in source.rglob("*"):
        relative = path.relative_to(source)
        if path.is_file() and path.suffix in (".py", ".json") and "__pycache__" not in relative.parts:
            (target / relative).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(path, target / relative)
    compileall.compile_dir(target, ddir=f"{INSIDE}/casino_math", quiet=2)
    return Path(folder)


def bwrap() -> str | None:
    """The bubblewrap program, if this system has one that works here, else None."""
    program = shutil.which("bwrap")
    if program is None:
        return None
    trial = subprocess.run([program, *_isolation(), "--ro-bind", "/", "/", "true"], capture_output=True, check=False)
    return program if trial.returncode == 0 else None


def _isolation() -> list[str]:
    return ["--unshare-all", "--die-with-parent", "--new-session", "--cap-drop", "ALL"]


def _system_binds() -> list[str]:
    binds = []
    for name in ("usr", "bin", "sbin", "lib", "lib32", "lib64"):
        path = Path("/") / name
        if path.is_symlink():
            binds += ["--symlink", os.readlink(path), str(path)]
        elif path.is_dir():
            binds += ["--ro-bind", str(path), str(path)]
    return binds


def _python_binds() -> list[str]:
    """Python and its environment, read-only.  They come after the private /tmp is mounted, so that an
    environment that lives under /tmp (a checkout in a temporary folder) is not hidden by it."""
    binds = []
    for prefix in sorted({sys.prefix, sys.base_prefix, str(Path(sys.executable).resolve().parents[1])}):
        binds += ["--ro-bind", prefix, prefix]
    return binds


def _bound() -> list[Path]:
    """The folders of the machine a sandbox sees (read-only)."""
    system = [Path("/") / name for name in ("usr", "bin", "sbin", "lib", "lib32", "lib64")]
    python = [Path(p) for p in (sys.prefix, sys.base_prefix, str(Path(sys.executable).resolve().parents[1]))]
    return [Path(os.path.realpath(p)) for p in [*system, *python] if p.exists()]


def covers(private: tuple[Path, ...]) -> list[str]:
    """Mounts that cover each private folder a bound folder would show (a course kept inside the environment's
    folder, say) with an empty one."""
    bound, mounts = _bound(), []
    for path in private:
        real = Path(os.path.realpath(path))
        if real in bound or real == Path("/"):
            raise ValueError(f"{path} is a folder every sandbox sees (it holds Python or the system's programs): keep "
                             "the course, the submissions and the grades elsewhere")
        if real.is_dir() and any(b in real.parents for b in bound):
            mounts += ["--tmpfs", str(real)]
    return mounts


def command(program: str | None, package_root: Path, private: tuple[Path, ...] = ()) -> list[str]:
    """The command that runs the runner: inside bubblewrap, or (``program`` None) as a plain process."""
    python = [os.path.abspath(sys.executable), "-m", "casino_math.classroom.runner"]  # no "..": its folders are not bound
    if program is None:
        return python
    return [program, *_isolation(), "--as-pid-1", *_system_binds(), "--proc", "/proc", "--dev", "/dev",
            "--size", str(SHM_BYTES), "--tmpfs", "/dev/shm", "--size", str(TMP_BYTES), "--tmpfs", "/tmp",
            *_python_binds(), *covers(private), "--ro-bind", str(package_root), INSIDE,
            "--dir", "/tmp/work", "--chdir", "/tmp/work", "--clearenv", *_env(INSIDE, "/tmp/work"), *python]


def _env(package_root: str, home: str) -> list[str]:
    pairs = {"PATH": "/usr/local/bin:/usr/bin:/bin", "PYTHONPATH": package_root, "HOME": home, "TMPDIR": home,
             "MPLBACKEND": "Agg", "MPLCONFIGDIR": home, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1",
             "PYTHONDONTWRITEBYTECODE": "1", "LANG": "C.UTF-8"}
    return [arg for key, value in pairs.items() for arg in ("--setenv", key, value)]


@dataclass
class Run:
    """What a submission reported, and how its sandbox ended."""

    events: list[dict[str, Any]] = field(default_factory=list)
    killed: str | None = None
    """Why the grader ended the sandbox (its wall time, too much reported), or None."""


def run(job: dict[str, Any], program: str | None, package_root: Path,
        hidden: dict[str, dict[str, Any]] | None = None, private: tuple[Path, ...] = ()) -> Run:
    """Run ``job`` (see :mod:`~casino_math.classroom.runner`) in a sandbox; the events it reported as it went.

    ``hidden`` holds the hidden tests' probes, by question and test: they are sent only once the sandbox says
    the notebook's cells are over.  ``private`` names folders the sandbox must not see even where a folder it is
    given holds them.  The wall clock allows the start, then the notebook's time from its first
    cell, then each check's time as it starts; when the cells' time is up the sandbox is told to stop them,
    and past all that it is ended, however its code treats interrupts.
    """
    hidden = hidden or {}
    report_read, report_write = os.pipe()
    control_read, control_write = os.pipe()
    probes = sum(map(len, job["probes"].values())) + sum(map(len, hidden.values()))
    cpu = STARTUP_SECONDS + job["timeout"] + job["check_timeout"] * probes
    job = {**job, "hidden": {q: list(tests) for q, tests in hidden.items()},
           "limits": [int(cpu) + 1, MEMORY_BYTES, FILE_BYTES], "report": report_write, "control": control_write}
    with tempfile.TemporaryDirectory(prefix=temporary("classroom-run-")) as plain:
        env = None
        if program is None:
            env = {**os.environ, "PYTHONPATH": str(package_root), "HOME": plain, "MPLBACKEND": "Agg"}
        try:
            with _running_lock:
                if _stopping.is_set():
                    os.close(report_read)
                    os.close(control_read)
                    raise Stopped("grading was stopped")
                process = subprocess.Popen(command(program, package_root, private), stdin=subprocess.PIPE,
                                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                           pass_fds=(report_write, control_write), cwd=plain, env=env,
                                           start_new_session=True)
                _running.add(process)
        finally:
            os.close(report_write)
            os.close(control_write)
        assert process.stdin is not None
        try:
            with os.fdopen(report_read, "rb") as report, os.fdopen(control_read, "rb") as control:
                tell = _Teller(process.stdin)
                tell.line(job)
                clock = _Clock(job["timeout"], job["check_timeout"], 2 * probes, sum(map(len, hidden.values())))
                most = REPORT_EVENTS + 3 * len(job["cells"])
                result = _collect(report, control, clock, lambda: tell.line(hidden), lambda: tell.line(runner.STOP),
                                  most)
                tell.close()
        finally:  # however the collecting ends, nothing of the sandbox runs on
            _end(process)
            with _running_lock:
                _running.discard(process)
    return result


class _Teller:
    """The sandbox's input: a line of JSON at a time (a sandbox that has stopped reading is not an error)."""

    def __init__(self, stdin: IO[bytes]):
        self._stdin = stdin

    def line(self, value: object) -> None:
        try:
            self._stdin.write(json.dumps(value).encode() + b"\n")
            self._stdin.flush()
        except (BrokenPipeError, ValueError):
            pass

    def close(self) -> None:
        with contextlib.suppress(BrokenPipeError):
            self._stdin.close()


@dataclass
class _Clock:
    """The wall clock of one sandbox: the start, then the cells' time, paused while a check runs (each check
    has its own time), then the hidden tests' time.  A submission can forge events, so no more checks are
    granted than the job has (twice over)."""

    timeout: float
    check_timeout: float
    most_probes: int
    hidden: int
    deadline: float = field(default_factory=lambda: time.monotonic() + STARTUP_SECONDS)
    left: float | None = None
    started: bool = False
    phase: str = "cells"
    """The cells (and their public checks), stopping them, or the hidden tests."""

    def heard(self, event: dict[str, Any]) -> None:
        now = time.monotonic()
        if "cell" in event and not self.started:
            self.started, self.deadline = True, now + self.timeout + GRACE_SECONDS
        elif "probing" in event and self.most_probes > 0:
            self.most_probes -= 1
            self.left = self.left if self.left is not None else self.deadline - now
            self.deadline = now + self.check_timeout + GRACE_SECONDS
        elif "question" in event and self.left is not None:
            self.deadline, self.left = now + self.left, None

    def stopping(self) -> None:
        self.deadline, self.left = time.monotonic() + STARTUP_SECONDS, None

    def hidden_phase(self) -> None:
        # The supervisor ends a keeper past its checks' time, so this bound is only for a sandbox that hangs;
        # a question's hidden tests may run twice (on its answer cell's answer and on the last cell's).
        self.phase, self.left, self.most_probes = "hidden", None, 0
        self.deadline = time.monotonic() + STARTUP_SECONDS + 2 * self.hidden * (self.check_timeout + GRACE_SECONDS)


def _collect(report: IO[bytes], control: IO[bytes], clock: _Clock, send_hidden: Callable[[], None],
             stop: Callable[[], None], most_events: int = REPORT_EVENTS) -> Run:
    result, buffers, total = Run(), {report.fileno(): b"", control.fileno(): b""}, 0
    open_fds = {report.fileno(), control.fileno()}
    while open_fds:
        now = time.monotonic()
        if now >= clock.deadline:
            result.killed = "wall time"
            if clock.phase != "cells" or not clock.started:
                break
            stop()  # the cells' (or a public check's) time is up: the sandbox ends them; the hidden tests still run
            clock.phase = "stopping"
            clock.stopping()
            continue
        ready, _, _ = select.select(list(open_fds), [], [], clock.deadline - now)
        for fd in ready:
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                open_fds.discard(fd)
                continue
            if fd == report.fileno():
                total += len(chunk)
                if total > REPORT_BYTES:
                    result.killed = "reported too much"
                    return result
            *lines, buffers[fd] = (buffers[fd] + chunk).split(b"\n")
            for event in filter(None, map(_event, lines)):
                if fd == report.fileno():
                    if len(result.events) >= most_events:
                        result.killed = "reported too much"
                        return result
                    result.events.append(event)
                    clock.heard(event)
                elif isinstance(event.get("ready"), int):
                    clock.hidden_phase()
                    send_hidden()
                elif event.get("finished") is True:
                    _drain(report, result, most_events, buffers[report.fileno()])
                    return result
    return result


def _drain(report: IO[bytes], result: Run, most_events: int, started: bytes = b"") -> None:
    """The events still in the report pipe once the supervisor has finished (without waiting for more), the first
    of them begun by ``started`` (the part of a long line already read)."""
    os.set_blocking(report.fileno(), False)
    buffer = started
    try:
        while chunk := os.read(report.fileno(), 1 << 16):
            buffer += chunk
            if len(buffer) > REPORT_BYTES:
                break
    except BlockingIOError:
        pass
    result.events.extend(list(filter(None, map(_event, buffer.split(b"\n"))))[:most_events - len(result.events)])


def _event(line: bytes) -> dict[str, Any] | None:
    try:
        event = json.loads(line)
    except (ValueError, RecursionError):  # not JSON, or JSON nested deeper than the parser goes
        return None
    return event if isinstance(event, dict) else None


def _end(process: subprocess.Popen[bytes]) -> None:
    """End the sandbox and everything in it (its whole process group; its namespace goes with bubblewrap)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(process.pid, 9)
    process.wait()
