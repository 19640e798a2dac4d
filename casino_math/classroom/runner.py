"""What runs inside a submission's sandbox: its cells one by one, and its answers reported as plain data.

The grader starts ``python -m casino_math.classroom.runner`` in the sandbox and
writes one job (a line of JSON) to its standard input: the code cells, which of
them are a question's answer cell, for each question its public probes,
``value`` (report the answer), ``call`` (call the answer on these inputs) or
``play`` (call ``play(rng)`` this many rounds on a generator seeded so), and
the names of its hidden tests.  The runner reports one JSON line per event on
the pipe the job names, as it happens: a cell starting, a cell finishing (with
its error, if any), and each probe's result as soon as the answer's cell has
finished.  It judges nothing: the grader does, in its own process, so whatever
the cells patch or print here changes no score.

Every answer is captured right after its answer cell, so a later crash, an
endless loop or ``os._exit`` cannot erase it; an answer still missing then is
captured again after the last cell.

The hidden tests' inputs are not in the job.  Three kinds of process share the
sandbox:

- the **supervisor** (this module's :func:`main`, the sandbox's first process)
  never runs a submission's code, cannot be inspected by it (it is not
  dumpable, and as the sandbox's process 1 it cannot be killed from inside) and
  alone holds the grader's input and a control pipe to the grader;
- the **worker**, forked from it, runs the cells;
- a **keeper**, forked from the worker right after an answer cell whose answer
  is a function with hidden tests, holds that answer as the cell left it and
  waits.

When the worker has ended (after its last cell, or stopped, or dead), the
supervisor ends every other process but the keepers, tells the grader it is
ready, and only then receives the hidden tests' inputs and hands each keeper
those of its question.  So no file, variable, environment or ``/proc`` entry a
notebook can reach while it runs holds them, and its functions cannot look them
up in advance.
"""

from __future__ import annotations

import array
import contextlib
import json
import os
import resource
import select
import signal
import socket
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from types import FrameType
from typing import Any, NoReturn

from . import data
from .magics import Shell, python_of

MISSING = object()
#: Seconds a keeper may take beyond its checks' time, and a worker to end once told to stop.
GRACE_SECONDS = 2
#: What the grader says when the cells' time is up.
STOP = "stop"
#: How many processes the supervisor ends, at most, before it gives up on a notebook that keeps starting more.
MOST_ENDINGS = 10_000


class TimeLimit(BaseException):
    """A cell or a probe ran past its time (raised by the alarm)."""


def _alarm(signum: int, frame: FrameType | None) -> NoReturn:
    raise TimeLimit


def limit(cpu_seconds: int, memory_bytes: int, file_bytes: int) -> None:
    """Lower this process's limits, soft and hard, so nothing it starts can raise them again."""
    for which, value in ((resource.RLIMIT_CPU, cpu_seconds), (resource.RLIMIT_AS, memory_bytes),
                         (resource.RLIMIT_FSIZE, file_bytes), (resource.RLIMIT_CORE, 0)):
        # A limit this system does not let a process set (RLIMIT_AS on macOS) is left as it is.
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(which, (value, value))


def run_cell(code: str, namespace: dict[str, Any], seconds: float) -> str | None:
    """Run one cell's code in ``namespace`` within ``seconds``; its error as "Name: message", or None."""
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.001))
    try:
        exec(compile(python_of(code), "<cell>", "exec"), namespace)  # noqa: S102  (the submission, sandboxed)
    except TimeLimit:
        return "TimeLimit"
    except BaseException as error:  # noqa: BLE001  (SystemExit and KeyboardInterrupt are the cell's errors too)
        return f"{type(error).__name__}: {str(error)[:300]}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return None


def probe(answer: object, how: dict[str, Any], seconds: float) -> dict[str, Any]:
    """What the grader asked for about an answer, as plain data: the value, or the answer called on inputs."""
    if how["kind"] == "value" or not callable(answer):
        return {"value": data.encode(answer)}
    calls: list[dict[str, Any]] = []
    error = None
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.001))
    try:
        if how["kind"] == "call":
            for given in how["inputs"]:
                value = data.decode(given)
                calls.append(data.encode(answer(*value) if how.get("spread") else answer(value)))
        else:
            import numpy as np
            rng = np.random.default_rng(how["seed"])
            for _ in range(how["rounds"]):
                calls.append(data.encode(answer(rng)))
    except TimeLimit:
        error = "TimeLimit"
    except BaseException as problem:  # noqa: BLE001
        error = f"{type(problem).__name__}: {str(problem)[:300]}"
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
    return {"calls": calls, "error": error}


def _not_inspectable() -> None:
    """Make this process one that the submission's processes cannot read (its memory, descriptors, environment)."""
    try:
        import ctypes
        ctypes.CDLL(None).prctl(4, 0, 0, 0, 0)  # PR_SET_DUMPABLE 0 (Linux); elsewhere there is no sandbox anyway
    except (OSError, AttributeError):
        pass


def _adopt_orphans() -> None:
    """Become the parent of the worker's orphans (a keeper outlives the worker), where there is no sandbox."""
    try:
        import ctypes
        ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER (Linux)
    except (OSError, AttributeError):
        pass


class Lines:
    """Lines of JSON read from a file descriptor as they come (the grader's input)."""

    def __init__(self, fd: int):
        self.fd, self._buffer = fd, b""

    def next(self, seconds: float | None = None) -> Any:
        """The next line's value; None at the end of the input or, with ``seconds``, when none came in time."""
        deadline = None if seconds is None else time.monotonic() + seconds
        while b"\n" not in self._buffer:
            wait = None if deadline is None else max(0.0, deadline - time.monotonic())
            if not select.select([self.fd], [], [], wait)[0]:
                return None
            chunk = os.read(self.fd, 1 << 16)
            if not chunk:
                return None
            self._buffer += chunk
        line, self._buffer = self._buffer.split(b"\n", 1)
        return json.loads(line)


# ---------------------------------------------------------------- the worker: the cells, and the answers they leave


@dataclass
class Worker:
    """The cells of one notebook run in order, each answer reported as its cell leaves it."""

    job: dict[str, Any]
    say: Callable[..., None]
    enlist: socket.socket
    """Where a keeper is announced to the supervisor."""
    namespace: dict[str, Any] = field(default_factory=lambda: {"__name__": "__main__"})
    captured: dict[str, object] = field(default_factory=dict)

    def __post_init__(self) -> None:
        shell = Shell(self.namespace)
        self.namespace["get_ipython"] = lambda: shell

    def capture(self, question: str, at: str) -> None:
        """Report the answer to ``question`` as it is now: public probes at once; hidden ones to a keeper."""
        answer = self.namespace.get(self.job["answers"][question], MISSING)
        self.captured[question] = answer
        for test, how in self.job["probes"][question].items():
            self.probe(question, test, at, answer, how)
        hidden = self.job["hidden"].get(question, [])
        if hidden and callable(answer):
            self.keep(question, at, answer)
            return
        for test in hidden:  # nothing to call: the value (or its absence) needs no input
            self.probe(question, test, at, answer, {"kind": "value"})

    def probe(self, question: str, test: str, at: str, answer: object, how: dict[str, Any]) -> None:
        self.say(probing=question, test=test)
        result = {"missing": True} if answer is MISSING else probe(answer, how, self.job["check_timeout"])
        self.say(question=question, test=test, at=at, **result)

    def keep(self, question: str, at: str, answer: object) -> None:
        """Fork a keeper holding ``answer`` as it is now, and announce it (with the pipe it will be told on)."""
        read, write = os.pipe()
        pid = os.fork()
        if pid == 0:
            os.close(write)
            _keeper(self, question, at, answer, read)
        os.close(read)
        try:
            socket.send_fds(self.enlist, [json.dumps({"question": question, "at": at, "pid": pid}).encode()], [write])
        except OSError:
            os.kill(pid, signal.SIGKILL)
        os.close(write)

    def run(self) -> None:
        budget = self.job["timeout"]  # the cells' own time: the checks' time is not counted in it
        for index, cell in enumerate(self.job["cells"]):
            if budget <= 0:
                self.say(stopped=index)
                break
            self.say(cell=index)
            start = time.monotonic()
            error = run_cell(cell["code"], self.namespace, budget)
            budget -= time.monotonic() - start
            self.say(finished=index, error=error)
            if error == "TimeLimit":
                self.say(stopped=index)
                break
            if cell.get("question"):
                self.capture(cell["question"], "answer")
        for question in self.job["answers"]:
            before = self.captured.get(question, MISSING)
            now = self.namespace.get(self.job["answers"][question], MISSING)
            if any(before is blank for blank in (MISSING, None, ...)) and now is not before:
                self.capture(question, "end")
        self.say(done=True)


def _keeper(worker: Worker, question: str, at: str, answer: object, told: int) -> NoReturn:
    """A keeper's life: wait for the hidden tests of ``question``, call ``answer`` on their inputs, report, end."""
    signal.signal(signal.SIGALRM, _alarm)  # the cells may have changed how the alarm is handled
    sys.settrace(None)
    sys.setprofile(None)
    hidden = Lines(told).next()
    if isinstance(hidden, dict):
        for test, how in hidden.items():
            worker.probe(question, test, at, answer, how)
    os._exit(0)


def _work(job: dict[str, Any], report: int, enlist: socket.socket) -> NoReturn:
    """The worker's life (in the forked child): run the cells, then end."""
    devnull = os.open(os.devnull, os.O_RDONLY)
    os.dup2(devnull, 0)  # the grader's input is the supervisor's alone
    os.close(devnull)
    os.close(job["control"])
    signal.signal(signal.SIGINT, signal.default_int_handler)
    signal.signal(signal.SIGALRM, _alarm)
    out = os.fdopen(report, "w", buffering=1)

    def say(**event: object) -> None:
        out.write(json.dumps(event) + "\n")

    Worker(job, say, enlist).run()
    out.flush()
    os._exit(0)  # nothing the cells left behind (atexit hooks, threads) runs after the report


# ---------------------------------------------------------------- the supervisor


@dataclass
class Keeper:
    question: str
    at: str
    pid: int
    told: int
    """The pipe it is told its hidden tests on."""


def _enlisted(registry: socket.socket, hidden: dict[str, list[str]], keepers: list[Keeper]) -> None:
    """Take every keeper announced so far; anything else arriving on the registry is dropped."""
    registry.setblocking(False)  # (socket.recv_fds would ignore MSG_DONTWAIT)
    while True:
        try:
            message, fds = _received(registry)
        except OSError:  # nothing more for now (BlockingIOError), or the registry is broken
            return
        if not message and not fds:
            return
        keeper = _keeper_in(message, fds, hidden, keepers)
        if keeper is None:
            for fd in fds:
                os.close(fd)
        else:
            keepers.append(keeper)


def _received(registry: socket.socket) -> tuple[bytes, list[int]]:
    """One message from the registry, and the descriptors sent with it."""
    fds = array.array("i")
    message, ancillary, _, _ = registry.recvmsg(4096, socket.CMSG_LEN(4 * fds.itemsize))
    for level, kind, payload in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(payload[:len(payload) - len(payload) % fds.itemsize])
    return message, list(fds)


def _keeper_in(message: bytes, fds: list[int], hidden: dict[str, list[str]], keepers: list[Keeper]) -> Keeper | None:
    # The cells can write here too: only one keeper per answer of a question with hidden tests is taken.
    try:
        said = json.loads(message)
        keeper = Keeper(str(said["question"]), str(said["at"]), int(said["pid"]), fds[0])
    except (ValueError, KeyError, TypeError, IndexError):
        return None
    taken = any((k.question, k.at) == (keeper.question, keeper.at) for k in keepers)
    if len(fds) != 1 or keeper.question not in hidden or keeper.at not in ("answer", "end") or taken:
        return None
    return keeper


def _end_all_but(spared: set[int]) -> None:
    """End every other process of the sandbox but ``spared`` (run as the sandbox's process 1 only)."""
    for _ in range(MOST_ENDINGS):
        others = [pid for pid in _pids() if pid != 1 and pid not in spared]
        if not others:
            return
        for pid in others:
            with contextlib.suppress(OSError):
                os.kill(pid, signal.SIGKILL)
        _reap()
        time.sleep(0.001)


def _pids() -> Iterator[int]:
    return (int(name) for name in os.listdir("/proc") if name.isdigit())


def _reap() -> None:
    while True:
        try:
            pid, _ = os.waitpid(-1, os.WNOHANG)
        except ChildProcessError:
            return
        if pid == 0:
            return


def _wait_for_worker(worker: int, grader: Lines, registry: socket.socket, hidden: dict[str, list[str]],
                     keepers: list[Keeper]) -> None:
    """Take keepers as they are announced until the worker ends, or the grader says its time is up."""
    while True:
        ready = select.select([grader.fd, registry.fileno()], [], [], 0.02)[0]
        if registry.fileno() in ready:
            _enlisted(registry, hidden, keepers)
        if grader.fd in ready:
            grader.next(0)  # a stop: its time is up
            os.kill(worker, signal.SIGKILL)
        try:
            pid, _ = os.waitpid(worker, os.WNOHANG)
        except ChildProcessError:
            pid = worker
        if pid == worker:
            _enlisted(registry, hidden, keepers)
            return


def _ended(pid: int, seconds: float) -> bool:
    """Wait up to ``seconds`` for a process to end; whether it did."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            if os.waitpid(pid, os.WNOHANG)[0] == pid:
                return True
        except ChildProcessError:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return True
        time.sleep(0.005)
    return False


def _tell_keepers(keepers: list[Keeper], probes: dict[str, dict[str, Any]], check_timeout: float) -> None:
    """Hand each keeper its question's hidden tests, one keeper at a time, and end any that runs past its time."""
    for keeper in keepers:
        tests = probes.get(keeper.question, {})
        with contextlib.suppress(OSError):
            os.write(keeper.told, (json.dumps(tests) + "\n").encode())
        os.close(keeper.told)
        if not _ended(keeper.pid, len(tests) * check_timeout + GRACE_SECONDS):
            with contextlib.suppress(OSError):
                os.kill(keeper.pid, signal.SIGKILL)


def main() -> None:
    grader = Lines(0)
    job = grader.next()
    control = os.fdopen(job["control"], "w", buffering=1)
    _not_inspectable()
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    isolated = os.getpid() == 1  # the sandbox's first process: ending "everyone else" ends only the sandbox's
    if not isolated:
        _adopt_orphans()
    limit(*job["limits"])
    registry, enlist = socket.socketpair()
    worker = os.fork()
    if worker == 0:
        registry.close()
        _work(job, job["report"], enlist)
    enlist.close()
    os.close(job["report"])
    keepers: list[Keeper] = []
    _wait_for_worker(worker, grader, registry, job["hidden"], keepers)
    if isolated:
        _end_all_but({k.pid for k in keepers})
    control.write(json.dumps({"ready": len(keepers)}) + "\n")
    probes = grader.next()
    while probes == STOP:  # a stop the grader sent as the worker was ending
        probes = grader.next()
    _tell_keepers(keepers, probes if isinstance(probes, dict) else {}, job["check_timeout"])
    control.write(json.dumps({"finished": True}) + "\n")
    control.flush()
    os._exit(0)


if __name__ == "__main__":
    main()
