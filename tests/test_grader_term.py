"""The instructors' page, followed as a teacher follows it: every command of its term, from init to an LMS upload.

The commands and files are read from book/instructors.md itself (its ``bash`` blocks and its captioned code
blocks), so the page cannot drift from what works.  The test plays the class: it writes the roster the page shows,
unzips a Canvas download of the students' roulette notebooks (one handed in late) and collects their dice
notebooks, and marks the question marked by hand as a teacher would, between the page's commands.
"""

import json
import re
import shlex
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from classroom_helpers import ROOT, answer_cell, by_student, canvas_import

#: The term as the page runs it: the teacher's home, the course's folder, and what each step's command said.
Term = tuple[Path, Path, dict[str, subprocess.CompletedProcess[str]]]

PAGE = (ROOT / "book" / "instructors.md").read_text()
TERM = PAGE.split("## A term, step by step", 1)[1].split("\n## ", 1)[0]


def commands() -> list[str]:
    """The term's commands, in order, as the page writes them."""
    found: list[str] = []
    for block in re.findall(r"```bash\n(.*?)```", TERM, re.DOTALL):
        found += [line for line in block.splitlines() if line.strip()]
    return found


def files() -> dict[str, str]:
    """The page's files, by their captions."""
    return dict(re.findall(r"```\{code-block\} \w+\n:caption: (\S+)\n\n(.*?)```", PAGE, re.DOTALL))


def run(command: str, home: Path) -> subprocess.CompletedProcess[str]:
    """Run one of the page's commands as the teacher would, from ``home``, with ~ there and this Python."""
    words = shlex.split(command.replace("~/", f"{home}/"))
    assert words[:3] == ["python", "-m", "casino_math.classroom"], command
    result = subprocess.run([sys.executable, *words[1:]], cwd=home, capture_output=True, text=True, check=False)
    assert result.returncode == 0, f"{command}\n{result.stderr}"
    return result


def as_handed_in(path: Path) -> dict[str, Any]:
    nb: dict[str, Any] = json.loads(path.read_text())
    nb["metadata"]["classroom"]["version"] = "student"
    return nb


@pytest.fixture(scope="module")
def term(tmp_path_factory: pytest.TempPathFactory) -> Term:
    home = tmp_path_factory.mktemp("teacher")
    (home / "book").symlink_to(ROOT / "book")  # "from a copy of the book's repository"
    steps = iter(commands())
    course = home / "stats101"
    said: dict[str, subprocess.CompletedProcess[str]] = {}
    said["init"] = run(next(steps), home)
    # A fixed secret, so that which numbers each student gets is known in advance: with a fresh one, ana's and cy's
    # numbers could give the same answers, and a copy of ana's notebook would then be right on cy's numbers too.
    (course / "secret").write_text("02" * 32 + "\n")
    for caption, text in files().items():  # step 2: the worked example's files, saved in the course
        if caption.startswith("source/"):
            (course / caption).write_text(text)
    said["build"] = run(next(steps), home)
    (home / "roster.csv").write_text(files()["roster.csv"])
    said["handout"] = run(next(steps), home)
    canvas = home / "submissions" / "roulette"  # step 6: a Canvas download, unzipped
    canvas.mkdir(parents=True)
    handout = course / "handout" / "roulette"
    (canvas / "limaana_4567_998877_roulette.ipynb").write_text(json.dumps(as_handed_in(handout / "solutions" /
                                                                                        "limaana.ipynb")))
    (canvas / "chenbo_LATE_4568_998878_roulette.ipynb").write_text(json.dumps(as_handed_in(handout / "solutions" /
                                                                                           "chenbo.ipynb")))
    (canvas / "diazcy_4569_998879_roulette.ipynb").write_text(json.dumps(as_handed_in(handout / "solutions" /
                                                                                      "limaana.ipynb")))  # a copy
    said["grade"] = run(next(steps), home)
    dice = home / "submissions" / "dice"
    dice.mkdir()
    for student, why in (("limaana", "A roll of neither total changes nothing, so only the rolls that end it count."),
                         ("chenbo", None), ("diazcy", "Because.")):
        nb = as_handed_in(course / ("solutions" if why else "") / "dice.ipynb")
        if why:
            answer_cell(nb, "why")["source"] = why
        (dice / f"{student}.ipynb").write_text(json.dumps(nb))
    said["grade dice"] = run(next(steps), home)
    marks = course / "grades" / "dice.by-hand" / "marks.csv"  # step 8: the teacher marks
    marks.write_text(marks.read_text().replace("limaana,limaana.ipynb,", "limaana,limaana.ipynb,2")
                     .replace("diazcy,diazcy.ipynb,", "diazcy,diazcy.ipynb,0.5"))
    said["feedback"] = run(next(steps), home)
    said["gradebook"] = run(next(steps), home)
    assert next(steps, None) is None, "a command of the page is not followed here"
    return home, course, said


def test_the_page_has_every_step_of_a_term() -> None:
    assert [c.split()[3] for c in commands()] == ["init", "build", "build", "grade", "grade", "feedback", "gradebook"]
    assert {"roster.csv", "source/dice.py", "source/keys/dice.py"} <= set(files())


def test_init_makes_the_course_from_the_books_assignments(term: Term) -> None:
    home, course, said = term
    assert "made the course" in said["init"].stdout and (course / "secret").is_file()
    assert not (home / "book" / "assignments" / "stats101").exists()


def test_the_worked_example_builds_with_the_books_assignments(term: Term) -> None:
    _, course, said = term
    assert f"wrote {course / 'dice.ipynb'}" in said["build"].stdout
    nb = json.loads((course / "dice.ipynb").read_text())
    checks = [c for c in nb["cells"] if c["metadata"].get("classroom", {}).get("check") == "chance"]
    assert "".join(checks[0]["outputs"][0]["data"]["text/plain"]) == "dice.chance: not answered yet."
    heading = next("".join(c["source"]) for c in nb["cells"] if "".join(c["source"]).startswith("## Question 3"))
    assert heading.startswith("## Question 3: Why the other rolls do not matter (2 points, marked by hand)")


def test_each_student_gets_their_own_roulette_notebook(term: Term) -> None:
    _, course, _ = term
    made = sorted(p.name for p in (course / "handout" / "roulette").glob("*.ipynb"))
    assert made == ["chenbo.ipynb", "diazcy.ipynb", "limaana.ipynb"]


def test_the_canvas_download_is_graded_against_each_students_numbers_with_the_late_policy(term: Term) -> None:
    _, course, _ = term
    rows = by_student(course / "grades" / "roulette.csv")
    assert (rows["limaana"]["id"], rows["limaana"]["total"]) == ("4567", "11")
    assert (rows["chenbo"]["late"], rows["chenbo"]["penalty"], rows["chenbo"]["total"]) == ("1", "1.1", "9.9")
    assert int(rows["diazcy"]["total"]) < 11  # a classmate's answers, on cy's own numbers
    assert "built with the numbers of limaana, not of diazcy" in rows["diazcy"]["notes"]


def test_the_dice_answers_are_collected_for_marking_and_the_marks_counted(term: Term) -> None:
    home, course, _ = term
    page = (course / "grades" / "dice.by-hand" / "why.html").read_text()
    assert "A roll of neither total changes nothing" in page and "Because." in page and "no answer" in page
    feedback = (home / "feedback" / "roulette" / "chenbo.md").read_text()
    assert feedback.startswith("# roulette: chenbo (chenbo_LATE_4568_998878_roulette.ipynb)\n\nTotal: 9.9 of 11 "
                               "points (11, less 1.1 for 1 day late).")


def test_the_canvas_file_holds_every_students_totals_and_imports(term: Term) -> None:
    home, _, said = term
    text = (home / "canvas.csv").read_text()
    assert text.splitlines()[0] == "Student,ID,SIS User ID,SIS Login ID,Section,dice,roulette (12345)"
    matched, points, grades, new = canvas_import(text, {4567, 4568, 4569}, {12345: "Roulette", 777: "dice"})
    assert matched == {"dice": 777, "roulette (12345)": 12345} and new == []
    assert points == {"dice": "5", "roulette (12345)": "11"}
    assert grades[4567] == {"dice": "5", "roulette (12345)": "11"}  # 3 by the grader, 2 by hand
    assert grades[4568]["roulette (12345)"] == "9.9" and grades[4569]["dice"] == "3.5"
    assert grades[4568]["dice"] == ""  # chenbo's answer marked by hand is not marked yet: no score, not a partial one
    assert "left blank, as not marked yet (mark them, or pass --score-unmarked)" in said["gradebook"].stderr
    assert "chenbo: dice (why)" in said["gradebook"].stderr


def test_nothing_of_the_term_was_written_into_the_checkout() -> None:
    status = subprocess.run(["git", "status", "--porcelain", "--untracked-files=all", "book"], cwd=ROOT,
                            capture_output=True, text=True, check=True).stdout
    assert "stats101" not in status and "grades" not in status and "handout" not in status


def test_a_copy_of_the_book_is_not_needed_once_the_examples_are_named(tmp_path: Path) -> None:
    made = subprocess.run([sys.executable, "-m", "casino_math.classroom", "init", str(tmp_path / "course"), "--from",
                           str(ROOT / "book" / "assignments")], cwd=tmp_path, capture_output=True, text=True,
                          check=False)
    assert made.returncode == 0 and (tmp_path / "course" / "source" / "roulette.py").is_file()
    assert Path(tmp_path / "course" / "course.json").read_text() == (ROOT / "book" / "assignments" /
                                                                     "course.json").read_text()
