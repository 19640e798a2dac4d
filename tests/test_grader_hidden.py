"""The hidden tests' inputs stay out of a submission's reach while it runs.

A notebook searches everything it can reach during its run (the files it can see, every environment, every
``/proc`` entry of every process, its own memory, its standard input) for the inputs of its hidden tests, and
reports what it found as an answer.  Graded as the grader grades it, it finds nothing, and it scores exactly what
the honest notebook it was copied from scores.  Given the inputs in its job, as the grader once sent them, the
same search finds them: so finding nothing is the defence at work, not a blind search.

The search looks in memory first and walks the files last, and says when it has looked everywhere: the walk (which
reads a megabyte of every file it can see, a minute on a cold disk) can neither starve the look in memory nor end
unseen, and the notebook's time is a ceiling far above the walk's.
"""

import json
import tempfile
from pathlib import Path
from typing import Any

import pytest
from classroom_helpers import COURSE, TEACHER

from casino_math.classroom import data, discovery, grade, probes, sandbox, submitted
from casino_math.classroom.marks import Grade

ASSIGNMENT = "craps"
#: Seconds the searching notebook may run: a ceiling for a hang, far above the search's time (12 s here when warm).
SEARCH_CEILING = 900
SEARCH = '''
import gc, json, os, sys
hidden = [json.loads(text[::-1]) for text in SECRETS]  # written backwards, so this cell's code does not hold them
backwards = [json.dumps(how)[1:-1].encode()[::-1] for how in hidden]
found = []

def holds(raw):
    return any(needle[::-1] in raw for needle in backwards)

def look(path):
    try:
        with open(path, "rb", buffering=0) as file:
            if holds(file.read(1 << 20)):
                found.append(path)
    except OSError:
        pass

if holds(repr(dict(os.environ)).encode()):
    found.append("os.environ")
for pid in filter(str.isdigit, os.listdir("/proc")):
    for entry in ("cmdline", "environ", "status", "maps"):
        look(f"/proc/{pid}/{entry}")
    try:
        links = [os.readlink(f"/proc/{pid}/fd/{fd}") for fd in os.listdir(f"/proc/{pid}/fd")]
    except OSError:
        links = []
    if holds(repr(links).encode()):
        found.append(f"/proc/{pid}/fd")
    try:
        fd = os.open(f"/proc/{pid}/fd/0", os.O_RDONLY | os.O_NONBLOCK)
        if holds(os.read(fd, 1 << 20)):
            found.append(f"/proc/{pid}/fd/0")
        os.close(fd)
    except OSError:
        pass
for thing in gc.get_objects():  # (a dict of plain values is not tracked itself: it is found in what holds it)
    if thing is hidden or not isinstance(thing, (list, tuple, dict)):
        continue
    for item in thing.values() if isinstance(thing, dict) else thing:
        if isinstance(item, dict) and not any(item is how for how in hidden) and any(item == how for how in hidden):
            found.append(f"a dict in memory: {item}")
        elif isinstance(item, (str, bytes)) and holds(item.encode() if isinstance(item, str) else item):
            found.append(f"a text in memory, in a {type(thing).__name__}")
frame = sys._getframe()
while frame is not None:
    if holds(repr(frame.f_locals).encode()) and frame.f_code.co_name != "<module>":
        found.append(f"the frame of {frame.f_code.co_name}")
    frame = frame.f_back
for top in ("/tmp", "/opt", "/dev/shm", "/run", "/var", "/etc", "/home", "/root", os.getcwd()):
    for folder, _, files in os.walk(top):
        for name in files:
            look(os.path.join(folder, name))
searched = "everywhere"
'''


def honest() -> dict[str, Any]:
    nb: dict[str, Any] = json.loads(TEACHER[ASSIGNMENT].read_text())
    nb["metadata"]["classroom"]["version"] = "student"
    return nb


def searching(hidden: dict[str, dict[str, Any]]) -> dict[str, Any]:
    """The honest notebook, with a last cell that searches for ``hidden`` (the hidden tests' probes)."""
    nb = honest()
    secrets = [json.dumps(how)[::-1] for tests in hidden.values() for how in tests.values()]
    source = f"SECRETS = {secrets!r}\n{SEARCH}"
    nb["cells"].append({"cell_type": "code", "source": source, "outputs": [], "execution_count": None,
                        "metadata": {"classroom": {"question": "found"}}})
    return nb


@pytest.fixture(scope="module")
def setting() -> tuple[probes.Plan, grade.Options]:
    grading = grade.Grading(COURSE, ASSIGNMENT)
    key = grading.plan(grading.key.default())
    assert key.hidden(), f"the {ASSIGNMENT} key has hidden tests to look for"
    program = sandbox.bwrap()
    assert program, "bubblewrap works here"
    root = sandbox.package_copy(tempfile.mkdtemp())
    return key, grade.Options(timeout=SEARCH_CEILING, check_timeout=30, program=program, package_root=root)


def graded(path: Path, key: probes.Plan, options: grade.Options) -> Grade:
    """The grade of the file at ``path``, as the grader grades a submission."""
    found = discovery.Found(path, path.name, path.stem, discovery.Kind.FILE)
    return grade.grade_file(grade.Submission(found, None, key, discovery.digest(found)), options)


def found_by(nb: dict[str, Any], key: probes.Plan, options: grade.Options, inputs_in_the_job: bool=False) -> Any:
    """What the searching notebook reported it found, graded in its sandbox (the hidden probes sent as the
    grader sends them, or, with ``inputs_in_the_job``, in the job from the start), once it has searched
    everywhere."""
    job = key.job(submitted.code_cells(nb, key.assignment), options.timeout, options.check_timeout)
    for name in ("found", "searched"):
        job["answers"][name] = name
        job["probes"][name] = {"public": {"kind": "value"}}
    hidden = key.hidden()
    if inputs_in_the_job:
        for question, tests in hidden.items():
            job["probes"][question].update(tests)
        hidden = {}
    assert options.package_root is not None, "the setting copies the package for the sandbox"
    result = sandbox.run(job, options.program, options.package_root, hidden)
    reports = {e["question"]: e for e in result.events if e.get("question") in ("found", "searched")}
    assert "found" in reports, result.events[-3:]
    assert data.decode(reports.get("searched", {}).get("value", {"t": "none"})) == "everywhere", (
        f"the search did not finish within the {options.timeout:g} s ceiling: {result.events[-3:]}")
    return data.decode(reports["found"]["value"])


def test_a_notebook_searching_for_its_hidden_inputs_finds_nothing(setting: tuple[probes.Plan, grade.Options]) -> None:
    key, options = setting
    assert found_by(searching(key.hidden()), key, options) == []


def test_the_same_search_finds_them_when_they_are_in_the_job(setting: tuple[probes.Plan, grade.Options]) -> None:
    key, options = setting
    found = found_by(searching(key.hidden()), key, options, inputs_in_the_job=True)
    assert any(place.startswith("a dict in memory") for place in found), found


def test_the_searching_notebook_scores_exactly_what_the_honest_one_scores(
        setting: tuple[probes.Plan, grade.Options], tmp_path: Path) -> None:
    key, options = setting
    for name, nb in (("honest", honest()), ("searcher", searching(key.hidden()))):
        (tmp_path / f"{name}.ipynb").write_text(json.dumps(nb))
    grades = {name: graded(tmp_path / f"{name}.ipynb", key, options) for name in ("honest", "searcher")}
    assert grades["honest"].total == key.assignment.points
    assert [m.score for m in grades["searcher"].marks] == [m.score for m in grades["honest"].marks]


def test_hidden_tests_still_run_on_a_function_whose_notebook_later_ends_python(
        setting: tuple[probes.Plan, grade.Options], tmp_path: Path) -> None:
    key, options = setting
    nb = honest()
    nb["cells"].append({"cell_type": "code", "source": "import os\nos._exit(3)", "metadata": {}, "outputs": []})
    (tmp_path / "exiter.ipynb").write_text(json.dumps(nb))
    exiter = graded(tmp_path / "exiter.ipynb", key, options)
    assert exiter.total == key.assignment.points, exiter.marks
    assert any("Python ended" in note for note in exiter.notes)


def test_processes_a_notebook_leaves_behind_are_ended_before_the_hidden_inputs_arrive(
        setting: tuple[probes.Plan, grade.Options], tmp_path: Path) -> None:
    # A process the notebook forks keeps writing to every descriptor it has: none of its writes comes after the
    # hidden tests have started, because the sandbox ends it before their inputs arrive.
    key, options = setting
    nb = honest()
    chatter = """
import os, time
heard, say = os.pipe()
if os.fork() == 0:
    first = True
    while True:
        for fd in set(range(3, 64)) - {heard, say}:
            try:
                os.write(fd, b'{"late": 1}\\n')
            except OSError:
                pass
        if first:
            os.write(say, b"!")  # the cells go on only once it has written everywhere
            first = False
        time.sleep(0.01)
os.read(heard, 1)
"""
    nb["cells"].append({"cell_type": "code", "source": chatter, "metadata": {}, "outputs": []})
    job = key.job(submitted.code_cells(nb, key.assignment), options.timeout, options.check_timeout)
    assert options.package_root is not None, "the setting copies the package for the sandbox"
    events = sandbox.run(job, options.program, options.package_root, key.hidden()).events
    hidden_tests = {test for tests in key.hidden().values() for test in tests}
    first = next(i for i, e in enumerate(events) if e.get("probing") and e.get("test") in hidden_tests)
    assert any("late" in e for e in events[:first])  # it ran, and wrote while the cells ran
    assert not any("late" in e for e in events[first:])
