"""Stopping the grader: Ctrl-C ends every sandbox at once, keeps the grades finished, and exits 130 with one line;
what a grader killed outright left in the temporary folder is removed by the next run."""

import contextlib
import json
import os
import signal
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

from classroom_helpers import by_student, code, grade, notebook

#: A ceiling for the grader to stop after Ctrl-C (the stuck notebook would hold it for its whole 600 s otherwise).
STOP_CEILING = 60


@contextlib.contextmanager
def ctrl_c_as_in_a_terminal() -> Iterator[None]:
    """Let Ctrl-C reach a command started here as it does in a terminal: a test run in the background ignores it,
    and so would the command (a handler, unlike an ignored signal, is not passed on to a new program)."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, before)


def test_ctrl_c_stops_the_sandboxes_keeps_what_finished_and_exits_130(tmp_path: Path) -> None:
    folder, temporary = tmp_path / "in", tmp_path / "tmp"
    folder.mkdir()
    temporary.mkdir()
    (folder / "ana.ipynb").write_text(json.dumps(notebook("teacher", "long-run")))
    stuck = notebook("student", "long-run")
    stuck["cells"].insert(0, code("import time\ntime.sleep(3600)"))
    (folder / "zed.ipynb").write_text(json.dumps(stuck))
    out = tmp_path / "grades" / "long-run.csv"
    out.parent.mkdir()
    with ctrl_c_as_in_a_terminal():
        runner = subprocess.Popen(grade(folder, "long-run", out, "--jobs", "1", "--timeout", "600"),
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                                  env={**os.environ, "TMPDIR": str(temporary)})
    deadline = time.monotonic() + 300
    while runner.poll() is None and time.monotonic() < deadline and \
            not (out.is_file() and "ana" in by_student(out)):
        time.sleep(0.05)
    time.sleep(2)  # zed's sandbox is running its endless cell now
    assert runner.poll() is None, runner.communicate()
    os.kill(runner.pid, signal.SIGINT)
    stopped = time.monotonic()
    stdout, stderr = runner.communicate(timeout=STOP_CEILING)
    assert time.monotonic() - stopped < STOP_CEILING
    assert runner.returncode == 130 and "Traceback" not in stderr, stderr
    assert stderr.strip().splitlines()[-1] == (f"stopped: 1 of the 2 files to grade were graded and kept; run the "
                                               f"same command again to grade the rest (in {out})")
    assert stdout == ""
    assert list(by_student(out)) == ["points possible", "ana"] and by_student(out)["ana"]["total"] == "12"
    assert list(temporary.iterdir()) == []  # nothing of this run is left
    resumed = subprocess.run(grade(folder, "long-run", out, "--timeout", "2"), capture_output=True, text=True,
                             check=True, env={**os.environ, "TMPDIR": str(temporary)})
    assert "ana [" not in resumed.stderr and "zed [zed.ipynb]" in resumed.stderr


def test_the_temporary_folders_of_a_killed_grader_are_removed_by_the_next_run(tmp_path: Path) -> None:
    folder, temporary = tmp_path / "in", tmp_path / "tmp"
    folder.mkdir()
    temporary.mkdir()
    (folder / "ana.ipynb").write_text(json.dumps(notebook("student", "long-run")))
    dead = temporary / "classroom-package-999999999-abc"
    (dead / "casino_math").mkdir(parents=True)
    (dead / "casino_math" / "__init__.py").write_text("")
    alive = temporary / f"classroom-package-{os.getpid()}-def"  # a grader still running
    alive.mkdir()
    other = temporary / "classroom-notes"
    other.mkdir()
    out = tmp_path / "grades" / "long-run.csv"
    out.parent.mkdir()
    subprocess.run(grade(folder, "long-run", out), capture_output=True, check=True,
                   env={**os.environ, "TMPDIR": str(temporary)})
    assert sorted(p.name for p in temporary.iterdir()) == sorted([alive.name, other.name])
