"""What runs inside a submission's sandbox: its cells one by one, and its answers reported as plain data.

The grader starts ``python -m casino_math.classroom.runner`` in the sandbox and
writes one job (JSON) to its standard input: the code cells, which of them are
a question's answer cell, and for each question its probes: ``value`` (report
the answer), ``call`` (call the answer on these inputs) or ``play`` (call
``play(rng)`` this many rounds on a generator seeded so).  The runner reports
one JSON line per event on the pipe the job names, as it happens: a cell starting,
a cell finishing (with its error, if any), and each probe's result as soon as
the answer's cell has finished.  It judges nothing: the grader does, in its own
process, so whatever the cells patch or print here changes no score.

Every answer is captured right after its answer cell, so a later crash, an
endless loop or ``os._exit`` cannot erase it; an answer still missing then is
captured again after the last cell.
"""

from __future__ import annotations

import json
import os
import resource
import signal
import sys
import time
from functools import cache

from . import data

MISSING = object()


class TimeLimit(BaseException):
    """A cell or a probe ran past its time (raised by the alarm)."""


def _alarm(signum, frame):
    raise TimeLimit


def limit(cpu_seconds: int, memory_bytes: int, file_bytes: int) -> None:
    """Lower this process's limits, soft and hard, so nothing it starts can raise them again."""
    for which, value in ((resource.RLIMIT_CPU, cpu_seconds), (resource.RLIMIT_AS, memory_bytes),
                         (resource.RLIMIT_FSIZE, file_bytes), (resource.RLIMIT_CORE, 0)):
        try:
            resource.setrlimit(which, (value, value))
        except (ValueError, OSError):  # a limit this system does not let a process set (RLIMIT_AS on macOS)
            pass


class _NoShell:
    """``get_ipython()`` while grading: magics and shell commands do not run."""

    def __getattr__(self, name):
        def refuse(*args, **kwargs):
            raise RuntimeError("magics and shell commands (%, !) do not run while grading")
        return refuse


def python_of(cell: str) -> str:
    """A cell's code as plain Python: IPython's magics become calls that refuse to run while grading.

    >>> python_of("x = 1")
    'x = 1\\n'
    """
    transform = _transformer()
    return transform(cell) if transform else cell


@cache
def _transformer():
    try:
        from IPython.core.inputtransformer2 import TransformerManager
    except ImportError:
        return None
    return TransformerManager().transform_cell


def run_cell(code: str, namespace: dict, seconds: float) -> str | None:
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


def probe(answer, how: dict, seconds: float) -> dict:
    """What the grader asked for about an answer, as plain data: the value, or the answer called on inputs."""
    if how["kind"] == "value" or not callable(answer):
        return {"value": data.encode(answer)}
    calls, error = [], None
    signal.setitimer(signal.ITIMER_REAL, max(seconds, 0.001))
    try:
        if how["kind"] == "call":
            for given in how["inputs"]:
                calls.append(data.encode(answer(data.decode(given))))
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


def main() -> None:
    job = json.loads(sys.stdin.read())
    sys.stdin.close()
    report = os.fdopen(job["report"], "w", buffering=1)
    limit(*job["limits"])
    signal.signal(signal.SIGALRM, _alarm)

    def say(**event):
        report.write(json.dumps(event) + "\n")

    namespace = {"__name__": "__main__", "get_ipython": _NoShell}
    captured: dict[str, object] = {}

    def capture(question: str, at: str) -> None:
        answer = namespace.get(job["answers"][question], MISSING)
        captured[question] = answer
        for test, how in job["probes"][question].items():
            say(probing=question, test=test)
            result = {"missing": True} if answer is MISSING else probe(answer, how, job["check_timeout"])
            say(question=question, test=test, at=at, **result)

    budget = job["timeout"]  # the cells' own time: the checks' time is not counted in it
    for index, cell in enumerate(job["cells"]):
        if budget <= 0:
            say(stopped=index)
            break
        say(cell=index)
        start = time.monotonic()
        error = run_cell(cell["code"], namespace, budget)
        budget -= time.monotonic() - start
        say(finished=index, error=error)
        if error == "TimeLimit":
            say(stopped=index)
            break
        if cell.get("question"):
            capture(cell["question"], "answer")
    for question in job["answers"]:
        before, now = captured.get(question, MISSING), namespace.get(job["answers"][question], MISSING)
        if any(before is blank for blank in (MISSING, None, ...)) and now is not before:
            capture(question, "end")
    say(done=True)
    report.flush()
    os._exit(0)  # nothing the cells left behind (atexit hooks, threads) runs after the report


if __name__ == "__main__":
    main()
