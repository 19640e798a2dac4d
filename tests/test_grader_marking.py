"""Questions marked by hand, feedback written from the journal, and grades that never go stale.

The long-run assignment has a question the teacher marks by hand (why bold play wins more often).  Grading
writes a page of every student's answer to it and a CSV of marks to fill in; the gradebook adds the marks without
grading again.  Feedback is written later from the journal, and a hidden test's inputs never appear in it.  A
change to the source or key regrades the files it concerns, and says so; a stopped ``--regrade`` loses nothing.
"""

import json
import os
import shutil
import signal
import subprocess
import time
from pathlib import Path

import pytest
from classroom_helpers import BOOK, CLASSROOM, answer_cell, by_student, course_copy, grade, notebook, rows_of

from casino_math.classroom.course import at
from casino_math.classroom.grade import Grading
from casino_math.classroom.journal import journal_of

#: A folder graded: where the grades live (the teacher's home, or the course), the submissions' folder, the CSV.
Graded = tuple[Path, Path, Path]

ANSWER = "Bold play: <script>alert(1)</script> it stakes far less in all, so the edge has less to work on."


@pytest.fixture(scope="module")
def marked(tmp_path_factory: pytest.TempPathFactory) -> Graded:
    home = tmp_path_factory.mktemp("marking")
    folder = home / "in"
    folder.mkdir()
    ana = notebook("teacher", "long-run")
    answer_cell(ana, "why_bold")["source"] = ANSWER
    (folder / "ana.ipynb").write_text(json.dumps(ana))
    (folder / "bo.ipynb").write_text(json.dumps(notebook("student", "long-run")))
    cy = notebook("teacher", "long-run")
    del answer_cell(cy, "why_bold")["metadata"]["classroom"]  # the cell's metadata lost: found after its heading
    heading = next(i for i, c in enumerate(cy["cells"]) if "".join(c["source"]).startswith("## Question 7:"))
    cy["cells"][heading + 1]["source"] = "Betting less at a time means more bets, and each one costs the edge."
    (folder / "cy.ipynb").write_text(json.dumps(cy))
    out = home / "long-run.csv"
    result = subprocess.run(grade(folder, "long-run", out, "--jobs", "2", "--feedback", str(home / "feedback")),
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return home, folder, out


def copied(marked: Graded, tmp_path: Path) -> Graded:
    """A copy of the graded folder and its grades, to change without changing them for the other tests."""
    home, folder, out = marked
    shutil.copytree(folder, tmp_path / "in")
    for name in (out.name, out.name + ".journal"):
        shutil.copy(home / name, tmp_path / name)
    shutil.copytree(home / "long-run.by-hand", tmp_path / "long-run.by-hand")
    return tmp_path, tmp_path / "in", tmp_path / out.name


def test_grading_writes_a_page_per_hand_marked_question_with_every_answer(marked: Graded) -> None:
    home, _, _ = marked
    page = (home / "long-run.by-hand" / "why_bold.html").read_text()
    assert "Question 7: Which plan, and why (2 points, marked by hand)" in page
    assert "&lt;script&gt;alert(1)&lt;/script&gt;" in page and "<script>" not in page  # shown as text, never run
    assert "Content-Security-Policy" in page
    assert "each one costs the edge" in page  # cy's answer, found after its question's heading
    assert page.count("<section>") == 3 and "no answer" in page  # bo left the blank answer
    assert "Rubric:" in page and "1 point: bold play gives the better chance" in page


def test_the_marks_csv_lists_every_file_and_the_gradebook_adds_the_marks(marked: Graded, tmp_path: Path) -> None:
    home, _, out = copied(marked, tmp_path)
    marks = home / "long-run.by-hand" / "marks.csv"
    assert marks.read_text().splitlines() == ["student,file,why_bold", "points possible,,2", "ana,ana.ipynb,",
                                              "bo,bo.ipynb,", "cy,cy.ipynb,"]
    rows = by_student(out)
    assert rows["ana"]["total"] == "12" and rows["points possible"]["total"] == "14"
    assert "marked by hand, not marked yet: why_bold" in rows["ana"]["notes"]
    marks.write_text("student,file,why_bold\npoints possible,,2\nana,ana.ipynb,2\nbo,bo.ipynb,0\ncy,cy.ipynb,1.5\n")
    book = home / "class.csv"
    subprocess.run([*CLASSROOM, "gradebook", str(out), "--out", str(book)], check=True, capture_output=True)
    assert [(r["student"], r["long-run"]) for r in rows_of(book)] == [
        ("points possible", "14"), ("ana", "14"), ("bo", "0"), ("cy", "13.5")]


def test_a_mark_out_of_range_is_a_one_line_error(marked: Graded, tmp_path: Path) -> None:
    copied(marked, tmp_path)
    (tmp_path / "long-run.by-hand" / "marks.csv").write_text("student,file,why_bold\npoints possible,,2\n"
                                                              "ana,ana.ipynb,3\n")
    result = subprocess.run([*CLASSROOM, "gradebook", str(tmp_path / "long-run.csv"), "--out", str(tmp_path / "c.csv")],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2 and "line 3: the mark '3' for why_bold is not a number of points from 0 to 2" in \
        result.stderr


def test_a_rerun_keeps_every_mark_written_and_adds_new_files(marked: Graded, tmp_path: Path) -> None:
    home, folder, out = copied(marked, tmp_path)
    marks = home / "long-run.by-hand" / "marks.csv"
    marks.write_text("student,file,why_bold\npoints possible,,2\nana,ana.ipynb,2\nbo,bo.ipynb,0\ncy,cy.ipynb,1.5\n")
    (folder / "dee.ipynb").write_text(json.dumps(notebook("student", "long-run")))
    subprocess.run(grade(folder, "long-run", out), capture_output=True, check=True)
    assert marks.read_text().splitlines()[2:] == ["ana,ana.ipynb,2", "bo,bo.ipynb,0", "cy,cy.ipynb,1.5",
                                                  "dee,dee.ipynb,"]
    assert by_student(out)["ana"]["total"] == "14" and by_student(out)["ana"]["why_bold"] == "2"


def test_feedback_is_written_later_from_the_journal_without_running_anything(marked: Graded, tmp_path: Path) -> None:
    home, folder, out = copied(marked, tmp_path)
    (home / "long-run.by-hand" / "marks.csv").write_text("student,file,why_bold\npoints possible,,2\n"
                                                          "ana,ana.ipynb,1.5\n")
    later = subprocess.run([*CLASSROOM, "feedback", "--course", str(BOOK), "--assignment", "long-run", "--grades",
                            str(out), "--out", str(home / "later")], capture_output=True, text=True, check=True)
    assert "wrote 3 feedback files" in later.stdout
    rerun = subprocess.run(grade(folder, "long-run", out, "--feedback", str(home / "now")), capture_output=True,
                           text=True, check=True)
    assert "]: " not in rerun.stderr  # nothing run: the journal holds every grade
    for name in ("ana.md", "bo.md", "cy.md"):
        assert (home / "later" / name).read_text() == (home / "now" / name).read_text()
    ana = (home / "later" / "ana.md").read_text()
    assert "Total: 13.5 of 14 points." in ana and "- Question 7 (why_bold): 1.5 of 2: marked by hand." in ana
    nowhere = subprocess.run([*CLASSROOM, "feedback", "--course", str(home / "none"), "--assignment", "long-run",
                              "--grades", str(out), "--out", str(home / "x")], capture_output=True, text=True,
                             check=False)
    assert nowhere.returncode == 2 and "is not a course folder" in nowhere.stderr


def test_adding_feedback_to_a_rerun_writes_it_for_every_file(marked: Graded, tmp_path: Path) -> None:
    _, folder, out = copied(marked, tmp_path)
    rerun = subprocess.run(grade(folder, "long-run", out, "--feedback", str(tmp_path / "fb")), capture_output=True,
                           text=True, check=True)
    assert "]: " not in rerun.stderr and sorted(p.name for p in (tmp_path / "fb").iterdir()) == ["ana.md", "bo.md",
                                                                                                 "cy.md"]


def test_feedback_never_shows_a_hidden_tests_inputs(tmp_path: Path) -> None:
    nb = notebook("teacher")
    cell = answer_cell(nb, "edge_of")
    # right on the check cell's bets, wrong on every other: the hidden test's inputs are a wheel's 1, 3 or 5 zeros
    cell["source"] = "".join(cell["source"]) + ("\n\n_right = edge_of\n\n\ndef edge_of(covered, payout, zeros):\n"
                                                "    return _right(covered, payout, zeros) if zeros == 2 else 0")
    (tmp_path / "in").mkdir()
    (tmp_path / "in" / "ana.ipynb").write_text(json.dumps(nb))
    out = tmp_path / "g.csv"
    subprocess.run(grade(tmp_path / "in", "roulette", out, "--feedback", str(tmp_path / "fb")), capture_output=True,
                   check=True)
    text = (tmp_path / "fb" / "ana.md").read_text() + out.read_text()
    assert "- Question 9 (edge_of): 1 of 2: not right yet. Hint: right on the check cell's own inputs, but a hidden " \
           "test (other_wheels) gets a wrong result on inputs it keeps to itself" in text
    for shown in ("1 zero", "3 zeros", "5 zeros", "35 to 1", "9/2", "(1, 35, 1)"):
        assert shown not in text, shown


# ---------------------------------------------------------------- no score stale

@pytest.fixture
def course(tmp_path: Path) -> Graded:
    made = course_copy(tmp_path)
    folder = tmp_path / "in"
    folder.mkdir()
    for name in ("ana", "bo", "cy", "dee"):
        (folder / f"{name}.ipynb").write_text(json.dumps(notebook("teacher")))
    out = tmp_path / "g.csv"
    subprocess.run(grade(folder, "roulette", out, "--jobs", "2", course_folder=made), capture_output=True, check=True)
    return made, folder, out


def test_a_change_to_the_points_regrades_what_it_concerns_and_says_so(course: Graded) -> None:
    made, folder, out = course
    source = made / "source" / "roulette.py"
    source.write_text(source.read_text().replace('question="red" points=1', 'question="red" points=2 '
                                                                            'tests={"public":2}'))
    rerun = subprocess.run(grade(folder, "roulette", out, course_folder=made), capture_output=True, text=True,
                           check=True)
    assert "note: the source, key or variant of roulette changed since 4 of these files were graded: grading them " \
           "again" in rerun.stderr
    assert rerun.stderr.count("]: 12") == 4
    rows = rows_of(out)
    assert rows[0]["total"] == "12" and all(r["total"] == "12" and r["red"] == "2" for r in rows[1:])


def test_stopping_a_regrade_keeps_the_old_grades_until_new_ones_replace_them(course: Graded) -> None:
    made, folder, out = course
    before = rows_of(out)
    runner = subprocess.Popen(grade(folder, "roulette", out, "--regrade", "--jobs", "1", course_folder=made),
                              stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    journal = journal_of(out)
    lines = len(journal.read_text().splitlines())
    deadline = time.monotonic() + 120
    while runner.poll() is None and len(journal.read_text().splitlines()) < lines + 1 and time.monotonic() < deadline:
        time.sleep(0.02)
    os.kill(runner.pid, signal.SIGKILL)
    runner.wait()
    assert rows_of(out) == before  # every row and total there, regraded or not
    resumed = subprocess.run(grade(folder, "roulette", out, course_folder=made), capture_output=True, text=True,
                             check=True)
    assert "]: " not in resumed.stderr and rows_of(out) == before


def test_a_change_to_the_key_alone_makes_every_grade_under_it_stale(tmp_path: Path) -> None:
    made = course_copy(tmp_path)
    before = Grading(at(made), "roulette")
    key = made / "source" / "keys" / "roulette.py"
    key.write_text(key.read_text().replace("count the red pockets, and all the pockets",
                                           "count the red pockets, then all the pockets"))
    after = Grading(at(made), "roulette")
    assert before.plan(before.key.default()).fingerprint != after.plan(after.key.default()).fingerprint
    again = Grading(at(made), "roulette")
    assert again.plan(again.key.default()).fingerprint == after.plan(after.key.default()).fingerprint


def test_a_mark_is_taken_out_when_the_answer_it_marked_changes(marked: Graded, tmp_path: Path) -> None:
    home, folder, out = copied(marked, tmp_path)
    marks = home / "long-run.by-hand" / "marks.csv"
    marks.write_text("student,file,why_bold\npoints possible,,2\nana,ana.ipynb,2\nbo,bo.ipynb,0\ncy,cy.ipynb,1.5\n")
    ana = json.loads((folder / "ana.ipynb").read_text())
    answer_cell(ana, "why_bold")["source"] = "Timid play, because it bets more often."  # handed in again
    (folder / "ana.ipynb").write_text(json.dumps(ana))
    result = subprocess.run(grade(folder, "long-run", out), capture_output=True, text=True, check=True)
    assert marks.read_text().splitlines()[2:] == ["ana,ana.ipynb,", "bo,bo.ipynb,0", "cy,cy.ipynb,1.5"]
    rows = by_student(out)
    assert rows["ana"]["why_bold"] == "" and rows["ana"]["total"] == "12" and rows["cy"]["total"] == "13.5"
    assert "the answer changed since it was marked, so it is not marked yet: why_bold (the mark 2 was taken out)" \
        in rows["ana"]["notes"] and "marked by hand, not marked yet: why_bold" in rows["ana"]["notes"]
    assert "note: 1 answer marked by hand changed since marked, so the mark was taken out" in result.stderr
    assert "ana.ipynb why_bold" in result.stderr
    book = home / "class.csv"
    subprocess.run([*CLASSROOM, "gradebook", str(out), "--out", str(book)], check=True, capture_output=True)
    assert "not marked yet: why_bold" in by_student(book)["ana"]["notes"]
    marks.write_text(marks.read_text().replace("ana,ana.ipynb,", "ana,ana.ipynb,0.5"))
    subprocess.run(grade(folder, "long-run", out), capture_output=True, check=True)  # marked again: it stays
    assert by_student(out)["ana"]["why_bold"] == "0.5" and "not marked yet" not in by_student(out)["ana"]["notes"]
