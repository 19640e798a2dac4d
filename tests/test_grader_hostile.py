"""The grader against hostile and honest submissions: every attack the teacher's review found, graded in one run.

Each notebook is made here from the committed student or teacher notebook, with a cell or two changed. The
roulette assignment is worth 11 points: the honest copy of the teacher's answers scores 11, the blank notebook 0,
and each attack scores exactly what its own honest answers are worth (usually nothing), while the run completes
with a row for every file.
"""

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from classroom_helpers import (
    BOOK,
    CLASSROOM,
    SOURCES,
    TEACHER,
    answer_cell,
    by_student,
    code,
    grade,
    notebook,
    rows_of,
    with_cells,
)

import casino_math
from casino_math.classroom import data, sandbox
from casino_math.classroom.journal import journal_of

#: A notebook as JSON data.
Notebook = dict[str, Any]
#: The grader's run on the hostile submissions: the command's result, the CSV's rows by student and in order, the
#: submissions' folder, the teacher's folder outside it, and the package's digest before the run.
Run = tuple[subprocess.CompletedProcess[str], dict[str, dict[str, str]], list[dict[str, str]], Path, Path, str]

MARKER = "classroom-hostile-leftover-7f3a"
FULL = 11


def forge(data: str) -> str:
    """A cell that writes ``data`` (Python for bytes) to every descriptor it can find."""
    return (f"import os\nforged = {data}\nfor fd in map(int, os.listdir('/proc/self/fd')):\n    try:\n"
            "        os.write(fd, forged)\n    except OSError:\n        pass")


def stray_tag() -> Notebook:
    nb = notebook("teacher")
    nb["cells"].append({**code("x = 1"), "metadata": {"classroom": {"question": "natural"}}})
    return nb


def package_digest() -> str:
    root = Path(casino_math.__file__).parent
    return hashlib.sha256(b"".join(p.read_bytes() for p in sorted(root.rglob("*.py")))).hexdigest()


def hostile(folder: Path, outside: Path) -> dict[str, Notebook | str]:
    """The submissions: file name -> notebook (JSON data) or raw text."""
    teacher_notebook = TEACHER["roulette"]
    blank = notebook
    reused = notebook("teacher")
    reused["cells"].append(code("p_red = Fraction(1, 2)  # a later cell reuses the answer's name"))
    slow = notebook("teacher")
    answer_cell(slow, "low_wins")["source"] = (
        "import time\ndef low_wins(pocket):\n    time.sleep(0.05)\n    return pocket not in ('0', '00') and int(pocket) <= 18")
    return {
        "honest.ipynb": notebook("teacher"),
        "blank.ipynb": blank(),
        # Patch the checking code and the report inside the kernel, then answer nothing.
        "patcher.ipynb": with_cells(blank(), last=[
            ("import casino_math.classroom as c, casino_math.classroom.checks as k, casino_math.classroom.public as p\n"
            "right = lambda *a, **kw: k.Feedback('x', 'right')\n"
            "c.check = p.check = p.judge = right\nfor kind in (k.Exact, k.Rule, k.Estimate, k.Simulation): kind.judge = right"),
            "import casino_math.classroom.data as d\nd.encode = lambda *a, **kw: {'t': 'str', 'v': 'right'}",
        ]),
        # Hijack the display, print verdicts, and search the stack for the checker's state.
        "formatter.ipynb": with_cells(blank(), last=[
            "get_ipython().display_formatter.formatters['text/plain'].for_type(object, lambda *a: 'right')",
            "print({'status': 'right', 'hint': ''}); print('roulette.red: right.' * 1000)",
            "import sys\nf = sys._getframe()\nwhile f is not None:\n    f.f_locals.get('self', None) and setattr(f.f_locals['self'], 'right', True)\n    f = f.f_back",
            "print('x' * 20_000_000)",
        ]),
        # Look for the answer key and the teacher's notebook, by the package and by absolute paths.
        "keyreader.ipynb": with_cells(blank(), first=[
            (f"import json, pathlib\nnb = json.loads(pathlib.Path({str(teacher_notebook)!r}).read_text())\n"
            "for cell in nb['cells']:\n    if cell['cell_type'] == 'code': exec(''.join(cell['source']))"),
            (f"from casino_math.classroom.keys import questions_of\nkey = questions_of('roulette', {str(SOURCES)!r})\n"
            "p_red = key['red'].right()"),
            ("import casino_math, pathlib\nfound = list(pathlib.Path(casino_math.__file__).parents[1].rglob('*.ipynb'))\n"
            "assert found, 'no notebook to be found'"),
        ]),
        # Rewrite the library on disk so that every later student scores full marks.
        "rewriter.ipynb": with_cells(blank(), first=[
            ("import casino_math.classroom.checks as k, casino_math.classroom.public as p\n"
            "for module in (k, p):\n    open(module.__file__, 'a').write('\\nRIGHT = WRONG = NOT_ANSWERED = \"right\"\\n')"),
        ]),
        # Kill everything it can see once its answers are in: its score is what it answered.
        "killer.ipynb": with_cells(notebook("teacher"), last=[
            ("import os, signal\nfor pid in [int(p) for p in os.listdir('/proc') if p.isdigit()]:\n"
            "    try:\n        os.kill(pid, signal.SIGKILL) if pid != os.getpid() else None\n    except OSError:\n        pass"),
            "os.kill(os.getppid(), signal.SIGKILL); os.killpg(0, signal.SIGKILL)",
        ]),
        "hog.ipynb": with_cells(notebook("teacher"), last=["hoard = bytearray(16 * 2**30)"]),
        "exiter.ipynb": with_cells(notebook("teacher"), last=["import os\nos._exit(3)"]),
        # An endless loop that ignores interrupts, after all its answers.
        "looper.ipynb": with_cells(notebook("teacher"), last=[
            ("import signal\nsignal.signal(signal.SIGALRM, signal.SIG_IGN)\nsignal.setitimer(signal.ITIMER_REAL, 0)\n"
            "while True:\n    try:\n        pass\n    except BaseException:\n        pass"),
        ]),
        "slow.ipynb": slow,
        # Write forged reports to every descriptor it can find.
        "forger.ipynb": with_cells(blank(), first=[
            ("import os\nforged = b'{\"question\": \"red\", \"test\": \"public\", \"at\": \"answer\", \"value\": 5}\\n' \\\n"
            "    b'{\"question\": \"low_wins\", \"test\": \"public\", \"at\": \"end\", \"calls\": 7}\\n[1]\\n{\"probing\": 1}\\n'\n"
            "for fd in map(int, os.listdir('/proc/self/fd')):\n    try:\n        os.write(fd, forged * 100)\n"
            "    except OSError:\n        pass"),
        ]),
        "reused.ipynb": reused,
        # Start processes meant to outlive the sandbox, and write where it should not.
        "spawner.ipynb": with_cells(blank(), first=[
            ("import subprocess, sys\nfor session in (False, True):\n"
            f"    subprocess.Popen([sys.executable, '-c', 'import time; time.sleep(300)', {MARKER!r}], "
            "start_new_session=session)"),
            (f"import os\nif os.fork() == 0:\n    os.setsid()\n    os.execv(sys.executable, [sys.executable, '-c', "
            f"'import time; time.sleep(300)', {MARKER!r}])"),
            f"open({str(outside / 'written-by-a-student')!r}, 'w').write('x')",
            f"open({str(folder / 'honest.ipynb')!r}, 'w').write('{{}}')",
        ]),
        # Record, as the answer to red, whether the teacher's folder could be read.
        "snoop.ipynb": with_cells(blank(), last=[
            (f"import os\nfrom fractions import Fraction\np_red = Fraction(9, 19) if os.path.exists({str(SOURCES)!r}) "
            "else Fraction(1, 2)"),
        ]),
        # Text that cannot be encoded, a new line and a terminal escape in an error's message, after all its answers.
        "surrogate.ipynb": with_cells(notebook("teacher"), last=['raise ValueError("\\ud800 no\\n\\x1b[2Kana: 11")']),
        # A cell copied from another assignment, still tagged with that assignment's question.
        "stray.ipynb": stray_tag(),
        # Reports the JSON parser cannot nest into, and more events than any notebook makes, after all its answers.
        "nested.ipynb": with_cells(notebook("teacher"), last=[forge("b'[' * 100_000 + b'\\n'")]),
        "chatty.ipynb": with_cells(notebook("teacher"), last=[forge("b'{\"a\": 0}\\n' * 500_000")]),
        # Long cells of magics, whose transformation takes time that grows with the square of a cell's length.
        "magics.ipynb": with_cells(blank(), last=[("%x " + "a" * 36 + "\n") * 499] * 12),
        "=HYPERLINK(\"http---x\").ipynb": blank(),
        "upper.IPYNB": blank(),
        "notes.py": "p_red = 9 / 19\n",
        "ana.ipynb": notebook("teacher"),
        "ana (1).ipynb": blank(),
        "torn.ipynb": '{"cells": [',
        "other.ipynb": notebook(name="craps"),
        "teacher.ipynb": json.loads(teacher_notebook.read_text()),
    }


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    folder = tmp_path_factory.mktemp("submissions")
    outside = tmp_path_factory.mktemp("teacher")
    for name, content in hostile(folder, outside).items():
        (folder / name).write_text(content if isinstance(content, str) else json.dumps(content))
    with open(os.path.join(os.fsencode(folder), b"caf\xe9.ipynb"), "w") as latin:  # a name that is not UTF-8
        json.dump(notebook(), latin)
    before = package_digest()
    out = outside / "grades.csv"
    result = subprocess.run(grade(folder, "roulette", out, "--jobs", "2", "--timeout", "8", "--check-timeout", "10",
                                  "--feedback", str(outside / "feedback")),
                            capture_output=True, text=True, check=False)
    rows = rows_of(out)
    return result, {row["student"]: row for row in rows}, rows, folder, outside, before


def test_the_run_completes_with_a_row_for_every_file(run: Run) -> None:
    result, _rows, all_rows, folder, _, _ = run
    assert result.returncode == 0, result.stderr
    files = [p for p in folder.iterdir() if p.is_file()]
    assert len(all_rows) == len(files) + 1  # and the points-possible row
    assert all_rows[0]["student"] == "points possible" and all_rows[0]["total"] == str(FULL)


SCORES = {  # what each submission scores, and why
    "honest": FULL,  # the teacher's answers, honestly copied
    "blank": 0,
    "patcher": 0,  # patching the checks inside its own process changes nothing: the grader judges
    "formatter": 0,  # nor does a display formatter, printed verdicts, or the stack
    "keyreader": 0,  # no key, no teacher notebook, no sources to be seen
    "rewriter": 0,  # the library is read-only
    # its answers were reported as each cell finished; the hidden test of edge_of (1 point) needs the function kept
    # alive until the notebook ends, and the notebook killed the process that kept it
    "killer": FULL - 1,
    "exiter": FULL,
    "hog": FULL,  # stopped by the memory limit after its answers
    "looper": FULL,  # ended at its time limit; its answers count
    "slow": FULL,  # a slow function within --check-timeout
    "forger": 0,  # forged reports are data like any other answer, judged here
    "reused": FULL,  # judged as its answer cell left it
    "spawner": 0,
    "snoop": 0,  # it could not see the teacher's folder, so it answered 1/2
    "upper": 0,
    "surrogate": FULL,  # its error is noted, escaped, on one line; nobody's grade is lost to it
    "stray": FULL,  # the stray tag is ignored
    # Its answers count; a report too deeply nested is not an event, but the same bytes, written into the channel the
    # sandbox's own supervisor talks on, cost the hidden test of edge_of, as the killer's kill does.
    "nested": FULL - 1,
    "chatty": FULL - 1,  # stopped after too many events, before the hidden test of edge_of; its answers came before
    "magics": 0,
}


@pytest.mark.parametrize("student, score", SCORES.items())
def test_each_submission_scores_exactly_what_its_answers_are_worth(run: Run, student: str, score: int) -> None:
    _, rows, _, _, _, _ = run
    assert rows[student]["total"] == str(score), rows[student]


def test_the_library_on_disk_is_unchanged_and_later_students_are_not_helped(run: Run) -> None:
    _, rows, _, _, _, before = run
    assert package_digest() == before
    assert rows["rewriter"]["red"] == "0"


@pytest.mark.parametrize("student, note", [
    ("looper", "ended at its time limit"),
    ("exiter", "Python ended"),
    ("hog", "MemoryError"),
    ("keyreader", "FileNotFoundError"),
    ("rewriter", "Read-only file system"),
    ("spawner", "FileNotFoundError"),
])
def test_stops_crashes_and_refusals_are_noted(run: Run, student: str, note: str) -> None:
    _, rows, _, _, _, _ = run
    assert note in rows[student]["notes"]


@pytest.mark.parametrize("student, reason", [
    ("notes", "not a notebook (.py)"),
    ("torn", "cannot read the notebook"),
    ("other", "this is the craps assignment, not roulette"),
    ("teacher", "this is the teacher's version"),
])
def test_files_that_cannot_be_graded_score_zero_with_the_reason(run: Run, student: str, reason: str) -> None:
    _, rows, _, _, _, _ = run
    assert rows[student]["total"] == "0" and reason in rows[student]["notes"]


def test_two_files_of_one_student_are_both_graded_and_flagged(run: Run) -> None:
    _, _, all_rows, _, _, _ = run
    ana = [row for row in all_rows if row["student"] == "ana"]
    assert sorted(row["total"] for row in ana) == ["0", str(FULL)]
    assert all("one of 2 files for ana (ana (1).ipynb, ana.ipynb)" in row["notes"] for row in ana)


def test_text_a_notebook_makes_is_shown_escaped_on_one_line(run: Run) -> None:
    result, rows, _, _, outside, _ = run
    assert "\\ud800 no\\n\\x1b[2Kana: 11" in rows["surrogate"]["notes"]
    assert "caf\\udce9" in rows  # the file's name, as the CSV can hold it
    assert "\x1b" not in result.stderr and "\x1b" not in (outside / "grades.csv").read_text()
    assert "reported too much" in rows["chatty"]["notes"]


def test_a_file_name_that_is_a_formula_is_escaped(run: Run) -> None:
    _, rows, _, _, outside, _ = run
    assert "'=HYPERLINK(\"http---x\")" in rows
    assert '\n=HYPERLINK' not in (outside / "grades.csv").read_text()


def test_nothing_is_left_running_and_nothing_written_outside(run: Run) -> None:
    _, _, _, folder, outside, _ = run
    leftovers = []
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            if MARKER.encode() in Path(f"/proc/{pid}/cmdline").read_bytes():
                leftovers.append(pid)
        except OSError:
            pass
    assert leftovers == []
    assert not (outside / "written-by-a-student").exists()
    assert json.loads((folder / "honest.ipynb").read_text())["cells"]


def test_feedback_is_written_per_student(run: Run) -> None:
    _, _, _, _, outside, _ = run
    assert "Total: 11 of 11 points." in (outside / "feedback" / "honest.md").read_text()
    assert (outside / "feedback" / "ana--ana.md").exists() and (outside / "feedback" / "ana--ana (1).md").exists()


# ---------------------------------------------------------------- honest partial credit, resuming, refusing


def test_half_right_scores_exactly_half_and_a_rerun_grades_only_what_is_missing(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    half = notebook("teacher", "long-run")
    for question in ("ahead_ten", "double_up", "martingale_net"):  # 2 + 2 + 2 of 12 points
        answer_cell(half, question)["source"] = ""
    (folder / "half.ipynb").write_text(json.dumps(half))
    out = tmp_path / "grades.csv"
    command = grade(folder, "long-run", out, "--jobs", "2")
    first = subprocess.run(command, capture_output=True, text=True, check=True)
    rows = by_student(out)
    assert rows["half"]["total"] == "6" and rows["points possible"]["total"] == "14"  # 12, and 2 marked by hand
    assert "half [half.ipynb]: 6" in first.stderr
    (folder / "full.ipynb").write_text(json.dumps(notebook("teacher", "long-run")))
    again = subprocess.run(command, capture_output=True, text=True, check=True)
    assert "full [full.ipynb]: 12" in again.stderr and "half [" not in again.stderr
    assert len(journal_of(out).read_text().splitlines()) == 2
    redo = subprocess.run([*command, "--regrade"], capture_output=True, text=True, check=True)
    assert "half [" in redo.stderr and "full [" in redo.stderr


def test_partial_credit_per_test_gives_the_public_half_of_a_replayed_simulation(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    replay = notebook("teacher", "craps")
    cell = answer_cell(replay, "play_pass")
    cell["source"] += ("\nimport numpy as _np\n_rng = _np.random.default_rng(2024)  # the check cell's seed\n"
                       "_replay = iter([play_pass(_rng) for _ in range(20_000)])\n"
                       "def play_pass(rng):\n    return next(_replay, 1)")
    (folder / "replay.ipynb").write_text(json.dumps(replay))
    out = tmp_path / "grades.csv"
    subprocess.run(grade(folder, "craps", out), capture_output=True, check=True)
    rows = by_student(out)
    assert rows["replay"]["play_pass"] == "1"  # the public seed's rounds replayed: the hidden seed is not fooled


def test_without_bubblewrap_the_grader_refuses_unless_told(tmp_path: Path) -> None:
    (tmp_path / "blank.ipynb").write_text(json.dumps(notebook()))
    command = grade(tmp_path, "roulette", tmp_path / "g.csv")
    env = {**os.environ, "PATH": str(tmp_path)}
    refused = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    assert refused.returncode == 2
    assert "cannot isolate the notebooks: bubblewrap (bwrap) is missing" in refused.stderr
    allowed = subprocess.run([*command, "--no-sandbox"], capture_output=True, text=True, env=env, check=False)
    assert allowed.returncode == 0 and "warning: grading without a sandbox" in allowed.stderr


def test_the_gradebook_merges_assignments(tmp_path: Path) -> None:
    (tmp_path / "roulette.csv").write_text("student,id,file,red,total,notes\npoints possible,,,11,11,\n"
                                           "ana,,ana.ipynb,9,9,\n")
    (tmp_path / "craps.csv").write_text("student,id,file,natural,total,notes\npoints possible,,,12,12,\n"
                                        "ana,,ana.ipynb,4,4,\nbo,,bo.ipynb,12,12,\nbo,,bo (1).ipynb,0,0,\n")
    out = tmp_path / "class.csv"
    subprocess.run([*CLASSROOM, "gradebook", str(tmp_path / "roulette.csv"), str(tmp_path / "craps.csv"),
                    "--out", str(out)], check=True, capture_output=True)
    assert out.read_text().splitlines() == ["student,id,roulette,craps,total,notes", "points possible,,11,12,23,",
                                            "ana,,9,4,13,",
                                            "bo,,,12,12,\"2 files in craps.csv, the higher counted: choose one\""]
    (tmp_path / "craps.csv").write_text("student,id,file,natural,total,notes\npoints possible,,,1,1,\n"
                                        "ana,,ana.ipynb,lots,1,\n")
    bad = subprocess.run([*CLASSROOM, "gradebook", str(tmp_path / "craps.csv"), "--out", str(out)],
                         capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and "craps.csv, line 3: the score of natural 'lots' is not a number of points" in bad.stderr


def test_killing_the_grader_keeps_every_finished_grade_and_a_rerun_finishes_the_rest(tmp_path: Path) -> None:
    folder = tmp_path / "in"
    folder.mkdir()
    for number in range(4):
        (folder / f"s{number}.ipynb").write_text(json.dumps(notebook("teacher", "long-run")))
    out = tmp_path / "grades.csv"
    command = grade(folder, "long-run", out, "--jobs", "1")
    grader = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    journal = journal_of(out)
    while grader.poll() is None and not (journal.exists() and journal.read_text().count("\n") >= 1):
        time.sleep(0.05)
    grader.kill()
    grader.wait()
    finished = [json.loads(line)["file"] for line in journal.read_text().splitlines()]
    rows = rows_of(out)
    assert {row["file"] for row in rows[1:]} >= set(finished) and finished
    assert all(row["total"] == "12" for row in rows[1:])
    again = subprocess.run(command, capture_output=True, text=True, check=True)
    assert again.stderr.count(": 12") == 4 - len(finished)
    rows = rows_of(out)
    assert [row["student"] for row in rows] == ["points possible", "s0", "s1", "s2", "s3"]


def test_an_installed_copy_without_the_repository_grades_a_course_given(tmp_path: Path) -> None:
    site = tmp_path / "site"
    shutil.copytree(Path(casino_math.__file__).parent, site / "casino_math",
                    ignore=shutil.ignore_patterns("__pycache__"))
    folder = tmp_path / "in"
    folder.mkdir()
    (folder / "ana.ipynb").write_text(json.dumps(notebook("teacher")))
    env = {**os.environ, "PYTHONPATH": str(site)}
    command = [*CLASSROOM, "grade", str(folder), "--assignment", "roulette", "--out", str(tmp_path / "g.csv")]
    missing = subprocess.run(command, capture_output=True, text=True, env=env, cwd=tmp_path, check=False)
    assert missing.returncode == 2 and "the following arguments are required: --course" in missing.stderr
    subprocess.run([*command, "--course", str(BOOK)], env=env, cwd=tmp_path, check=True, capture_output=True)
    assert by_student(tmp_path / "g.csv")["ana"]["total"] == str(FULL)


# ---------------------------------------------------------------- the sandbox's own shared memory and private folders


def reported(code: str, private: Sequence[Path] = ()) -> Any:
    """What a one-cell notebook reports as its answer ``found``, run in a sandbox (with ``private`` hidden)."""
    job = {"cells": [{"code": code, "question": "found"}], "timeout": 60, "check_timeout": 10,
           "answers": {"found": "found"}, "probes": {"found": {"public": {"kind": "value"}}}}
    with tempfile.TemporaryDirectory() as copy:
        result = sandbox.run(job, sandbox.bwrap(), sandbox.package_copy(copy), {}, tuple(private))
    return data.decode(next(e for e in result.events if e.get("question") == "found")["value"])


def test_shared_memory_is_a_small_tmpfs_of_the_sandboxs_own() -> None:
    # The attack: 3 GB written to /dev/shm, a 12 GB tmpfs shared with the host, took the host's memory with it.
    size, wrote = reported("import os\nstat = os.statvfs('/dev/shm')\ntry:\n"
                           "    for n in range(4):  # files of 32 MB each, under the limit on any one file's size\n"
                           "        open(f'/dev/shm/hoard{n}', 'wb').write(b'x' * (32 * 2**20))\n"
                           "    wrote = 'all of it'\nexcept OSError as error:\n    wrote = str(error)\n"
                           "found = [stat.f_blocks * stat.f_frsize, wrote]")
    assert size <= sandbox.SHM_BYTES < sandbox.MEMORY_BYTES
    assert "No space left on device" in wrote


def test_a_course_inside_a_folder_the_sandbox_sees_stays_hidden() -> None:
    # A course kept inside the Python environment's folder, which every sandbox sees read-only.
    course = Path(sys.prefix) / f"classroom-test-course-{os.getpid()}"
    (course / "source" / "keys").mkdir(parents=True)
    try:
        (course / "secret").write_text("ab" * 32)
        (course / "source" / "keys" / "roulette.py").write_text("QUESTIONS = {}")
        look = f"import os\nfound = [os.path.exists({str(course / 'secret')!r}), os.listdir({str(course)!r})]"
        assert reported(look)[0] is True  # the folder would show...
        assert reported(look, [course]) == [False, []]  # ...but the grader hides it
    finally:
        shutil.rmtree(course)
