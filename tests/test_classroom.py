"""The classroom: one source makes both versions, checks hint without telling, and the grader scores and survives.

Facts about the committed notebooks (no solution in the student's; the files are
what the generator makes), the hints for the common mistakes, and the grader run
on prepared submissions: the teacher's (full marks), the blank student's (zero),
one with a wrong answer and a cell that raises, one with an endless loop, and a
file that is not a notebook.
"""

import csv
import json
import subprocess
import sys
from fractions import Fraction as F

import nbformat
import pytest

from casino_math import roulette
from casino_math.baccarat import tie_bet
from casino_math.bets import house_edge
from casino_math.classroom import build, check, source
from casino_math.classroom.checks import NOT_ANSWERED, RIGHT, WRONG, Exact
from casino_math.classroom.grade import SOURCES, grade_folder, grade_notebook, load_assignment, source_files
from casino_math.classroom.questions import ASSIGNMENTS, questions_of
from casino_math.classroom.questions.baccarat import banker_edge_if_ties_lose
from casino_math.session import session

NAMES = [path.stem for path in source_files()]
STUDENT = {name: build.ASSIGNMENTS / f"{name}.ipynb" for name in NAMES}
TEACHER = {name: build.SOLUTIONS / f"{name}.ipynb" for name in NAMES}


def read(path):
    return nbformat.read(path, as_version=4)


def answer_cell(nb, question):
    return next(c for c in nb.cells if c.get("metadata", {}).get("classroom", {}).get("question") == question)


# ---------------------------------------------------------------- the assignments


def test_every_assignment_of_the_book_has_a_source():
    assert sorted(NAMES) == sorted(ASSIGNMENTS)


@pytest.mark.parametrize("name", NAMES)
def test_each_assignment_asks_five_to_ten_questions_each_with_a_check(name):
    assignment = load_assignment(name)
    assert 5 <= len(assignment.questions) <= 10
    assert [q.id for q in assignment.questions] == list(questions_of(name))


# ---------------------------------------------------------------- the two versions


@pytest.mark.parametrize("name", NAMES)
def test_the_student_notebook_holds_no_solution_text(name):
    pieces = source.solutions((SOURCES / f"{name}.py").read_text())
    student = STUDENT[name].read_text()  # cells, metadata and outputs alike
    teacher = TEACHER[name].read_text()
    assert len(pieces) >= 5
    for piece in pieces:
        assert json.dumps(piece)[1:-1] not in student, piece
        assert json.dumps(piece)[1:-1] in teacher, piece  # so the test is not vacuous


def test_the_instructors_page_holds_no_solution_text():
    page = (build.ASSIGNMENTS.parent / "instructors.md").read_text()
    for name in NAMES:
        for piece in source.solutions((SOURCES / f"{name}.py").read_text()):
            assert piece not in page, (name, piece)


@pytest.mark.parametrize("name", NAMES)
def test_the_committed_notebooks_are_what_the_generator_makes(name, tmp_path):
    build.build(out=tmp_path / "out", solutions=tmp_path / "solutions", names=[name], run=False)
    for made, committed in ((tmp_path / "out" / f"{name}.ipynb", STUDENT[name]),
                            (tmp_path / "solutions" / f"{name}.ipynb", TEACHER[name])):
        assert without_outputs(read(made)) == without_outputs(read(committed))


def without_outputs(nb):
    """What the generator decides: the cells' kinds, IDs, sources and tags or settings, and the notebook's settings.

    (Outputs, execution counts and timings are the kernel's; `make notebooks` may refresh them.)
    """
    cells = [(c.cell_type, c.id, c.source, {k: v for k, v in c.metadata.items() if k != "execution"}) for c in nb.cells]
    return cells, nb.metadata["classroom"], nb.metadata["kernelspec"]


def test_building_twice_changes_nothing(tmp_path):
    first = build.build(out=tmp_path / "out", solutions=tmp_path / "sol", names=["roulette"], run=False)
    again = build.build(out=tmp_path / "out", solutions=tmp_path / "sol", names=["roulette"], run=False)
    assert len(first) == 2 and again == []


@pytest.mark.parametrize("name", NAMES)
def test_saved_outputs_say_right_for_the_teacher_and_not_answered_for_the_student(name):
    build.verify(read(TEACHER[name]), source.TEACHER)
    build.verify(read(STUDENT[name]), source.STUDENT)


def test_the_book_leaves_the_teachers_notebooks_out():
    config = (build.ASSIGNMENTS.parents[1] / "_config.yml").read_text()
    assert "book/assignments/solutions" in config


# ---------------------------------------------------------------- the source format

SIX = '# %% [markdown] question="six" points=2 answer="p_six"\n# ## A six\n# %%\np_six = Fraction(1, 6)  # SOLUTION\n'

BAD_SOURCES = [
    ('# %% [markdown] question="six" points=2\n# ## A six\n# %%\nx = 1', "needs question=, points= and answer="),
    ('# %% [markdown] question="six" points=0 answer="x"\n# ## A six\n# %%\nx = 1', "at least 1 point"),
    ('# %% [markdown] question="six" points=1 answer="x"\n# A six\n# %%\nx = 1', "begins with a '## Title' line"),
    ('# %% [markdown] question="six" points=1 answer="x"\n# ## A six\n# %% [markdown]\n# more', "followed by its answer"),
    ('# %% colour="red"\nx = 1', "unknown setting 'colour'"),
    ("# %% tags=[oops\nx = 1", "cannot read the settings|not JSON"),
    ("# %%\n# BEGIN SOLUTION\nx = 1", "BEGIN SOLUTION without an # END SOLUTION"),
    ("# %%\nx = 1\n# END SOLUTION", "END SOLUTION without a # BEGIN SOLUTION"),
    ('# %% only="nobody"\nx = 1', "only= must be 'student' or 'teacher'"),
    (SIX + SIX, "question IDs must be unique; repeated: six"),
]


@pytest.mark.parametrize("text, message", BAD_SOURCES)
def test_a_bad_source_is_a_clear_error(text, message):
    with pytest.raises(ValueError, match=message):
        source.parse(text, "demo")


def test_points_must_be_a_whole_number():
    with pytest.raises(TypeError, match="points must be int"):
        source.parse('# %% [markdown] question="six" points="two" answer="x"\n# ## Six\n# %%\nx = 1', "demo")


def test_a_question_without_a_check_stops_the_build():
    with pytest.raises(ValueError, match="questions without a check: six"):
        build.match_checks(source.parse(SIX, "roulette"))


# ---------------------------------------------------------------- the checks: right, not right yet with a hint

# (question, answer, status, what the hint must say): the common mistakes the issue names, and more.
FEEDBACK = [
    ("roulette.red", F(9, 19), RIGHT, ""),
    ("roulette.red", F(18, 36), WRONG, "36 pockets"),  # the wheel without its zeros
    ("roulette.red", F(18, 37), WRONG, "single-zero"),
    ("roulette.red", 18 / 38, WRONG, "is a float"),  # a float instead of a fraction
    ("roulette.red", "9/19", WRONG, "is text"),
    ("roulette.red", F(4, 3), WRONG, "not between 0 and 1"),
    ("roulette.red", ..., NOT_ANSWERED, ""),
    ("roulette.straight_ev", F(0), WRONG, "36 pockets"),
    ("roulette.straight_ev", F(1, 19), WRONG, "the sign"),
    ("roulette.splits", 57, WRONG, "the zeros at the head make splits too"),
    ("roulette.low_wins", lambda pocket: int(pocket) <= 18, WRONG, "a zero is not low"),
    ("roulette.low_wins", lambda pocket: pocket not in ("0", "00") and int(pocket) < 18, WRONG, "look again at pocket '18'"),
    ("roulette.top_line", F(5, 38) * 6 - F(33, 38), WRONG, "the sign"),
    ("roulette.la_partage", F(1, 19), WRONG, "without the rule"),
    ("roulette.simulate_red", 0.5004, WRONG, "no zeros"),
    ("roulette.simulate_red", F(9, 19), WRONG, "exact value, not an estimate"),
    ("craps.natural", F(4, 21), WRONG, "unordered"),  # counting unordered dice
    ("craps.natural", F(2, 11), WRONG, "not equally likely"),
    ("craps.four_first", F(2, 5), WRONG, "unordered"),
    ("craps.four_first", F(1, 12), WRONG, "chance of a 4 on one roll"),
    ("craps.pass_wins", F(2, 9), WRONG, "only the come-out win"),
    ("craps.field_pays", lambda n: {2: 2, 12: 2}.get(n, 1 if n in (3, 4, 9, 10, 11) else -1), RIGHT, ""),
    ("craps.field_pays", lambda n: 1 if n in (2, 3, 4, 9, 10, 11, 12) else -1, WRONG, "pays double on the 2 and the 12"),
    ("craps.field_pays", lambda n: 1.0 if n in (3, 4, 9, 10, 11) else 2.0 if n in (2, 12) else -1.0, WRONG,
     "look again at a total of 2"),
    ("craps.field_edge", F(1, 36), WRONG, "pays 3 to 1 on the 12"),
    ("craps.bar_three", F(3, 220), WRONG, "the 3 can be rolled two ways"),
    ("craps.play_pass", lambda rng: 1 if rng.random() < 0.44 else -1, WRONG, "too far from its exact probability"),
    ("craps.play_pass", lambda rng: 0, WRONG, "which one round cannot give"),
    ("craps.expected_rolls", F(557, 165) - 1, WRONG, "count the come-out roll too"),
    ("baccarat.hand_total", lambda ranks: sum(10 if r in ("10", "J", "Q", "K") else 1 if r == "A" else int(r)
                                              for r in ranks) % 10, RIGHT, ""),
    ("baccarat.hand_total", lambda ranks: sum(1 if r == "A" else 0 if r in "JQK" else int(r) for r in ranks), WRONG,
     "never more than 9"),
    ("baccarat.banker_edge", banker_edge_if_ties_lose(), WRONG, "a tie pushes the banker and player bets"),
    # dealt as if the first card were put back: 0 pairs with 8 or 9, 8 and 9 with 0 or 1 and 9 or 0, 1-7 with two
    ("baccarat.natural", F(128 * 64 + 2 * 32 * 160 + 7 * 32 * 64, 416 * 416), WRONG, "a shoe one card smaller"),
    ("baccarat.play_coup", lambda rng: "banker", WRONG, "too far from its exact probability"),
    ("long-run.double_up", F(1, 2), WRONG, "a fair bet"),
    ("long-run.variance_hundred", F(100), WRONG, "does not have mean 0"),
    ("long-run.variance_hundred", F(360000, 361) * 10, WRONG, "not n squared"),
    ("long-run.ahead_ten", session(roulette.red(), 10).P(lambda net: net >= 0), WRONG, "ahead means more wins"),
    ("long-run.martingale_net", F(1), WRONG, "all six bets can lose"),
    ("long-run.simulate_ahead", 0.46, WRONG, "your simulated bets seem fair"),
    ("baccarat.tie_nine", house_edge(tie_bet()), WRONG, "the edge at 8 to 1"),
]


@pytest.mark.parametrize("question, answer, status, hint", FEEDBACK, ids=[f"{q}-{i}" for i, (q, *_) in enumerate(FEEDBACK)])
def test_feedback_for_right_answers_and_common_mistakes(question, answer, status, hint):
    feedback = check(question, answer)
    assert feedback.status == status, feedback
    assert hint in feedback.hint


EXACT = [pytest.param(q, id=q.id) for name in NAMES for q in questions_of(name).values() if isinstance(q, Exact)]


@pytest.mark.parametrize("question", EXACT)
def test_no_hint_reveals_the_answer(question):
    right = F(question.right())
    wrong_answers = [*question.mistakes(), right + 1, right / 3 + F(1, 7), -right, float(right), float(right) + 0.1]
    for wrong in wrong_answers:
        feedback = question.judge(wrong)
        assert not feedback.right, (question.id, wrong)
        text = repr(feedback).replace(repr(wrong), "").replace(str(wrong), "")  # it may repeat the answer given
        for shown in {str(right), f"{right.numerator}/{right.denominator}", repr(float(right))}:
            assert shown not in text, (question.id, wrong, feedback)


def test_check_names_what_exists_when_asked_about_what_does_not():
    with pytest.raises(ValueError, match="there is no assignment 'poker'; the assignments are: roulette, craps"):
        check("poker.flush", 1)
    with pytest.raises(ValueError, match="assignment 'roulette' has no question 'green'; its questions are: red"):
        check("roulette.green", 1)
    with pytest.raises(ValueError, match="is not a question ID; an ID is 'assignment.question'"):
        check("red", 1)


# ---------------------------------------------------------------- the grader


def test_the_teachers_versions_get_full_marks():
    for name in NAMES:
        assignment = load_assignment(name)
        grade = grade_notebook(read(TEACHER[name]), "teacher", assignment, timeout=120)
        assert grade.total == assignment.points, (name, grade)
        assert grade.notes == ()


@pytest.fixture(scope="module")
def graded(tmp_path_factory):
    """A folder of prepared roulette submissions, graded by the documented command."""
    folder = tmp_path_factory.mktemp("submissions")
    nbformat.write(read(STUDENT["roulette"]), folder / "blank.ipynb")
    wrong = read(TEACHER["roulette"])
    answer_cell(wrong, "red").source = "p_red = Fraction(18, 36)"  # one wrong answer
    answer_cell(wrong, "splits").source = "n_splits = 62 // 0"  # one cell that raises
    nbformat.write(wrong, folder / "wrong.ipynb")
    (folder / "cy").mkdir()
    nbformat.write(read(TEACHER["roulette"]), folder / "cy" / "roulette.ipynb")  # a student's own folder
    (folder / "torn.ipynb").write_text('{"cells": [')
    out = folder / "grades.csv"
    result = subprocess.run([sys.executable, "-m", "casino_math.classroom", "grade", str(folder), "--out", str(out),
                             "--timeout", "100", "--feedback", str(folder / "feedback")],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    rows = {row["student"]: row for row in csv.DictReader(out.open())}
    return result, rows, folder


def test_the_csv_has_a_row_per_student_a_column_per_question_and_a_total(graded):
    _, rows, _ = graded
    assignment = load_assignment("roulette")
    assert set(rows) == {"blank", "wrong", "cy", "torn"}
    assert rows["cy"]["total"] == str(assignment.points)
    assert list(rows["blank"]) == ["student", *(q.id for q in assignment.questions), "total", "notes"]


def test_the_blank_student_version_scores_zero(graded):
    _, rows, _ = graded
    assert rows["blank"]["total"] == "0"
    assert rows["blank"]["notes"] == ""


def test_a_wrong_answer_and_a_cell_that_raises_lose_exactly_their_marks(graded):
    _, rows, folder = graded
    assignment = load_assignment("roulette")
    points = {q.id: q.points for q in assignment.questions}
    lost = {"red", "splits"}
    assert rows["wrong"]["total"] == str(assignment.points - points["red"] - points["splits"])
    for question, worth in points.items():
        assert rows["wrong"][question] == str(0 if question in lost else worth)
    assert "ZeroDivisionError" in rows["wrong"]["notes"]
    assert "the answer cell of question 3 (splits)" in rows["wrong"]["notes"]
    feedback = (folder / "feedback" / "wrong.md").read_text()
    assert "36 pockets" in feedback and "n_splits is not defined" in feedback


def test_an_endless_loop_is_stopped_at_the_time_limit_and_reported():
    assignment = load_assignment("roulette")
    endless = read(TEACHER["roulette"])
    answer_cell(endless, "la_partage").source = "while True:\n    pass"  # question 7
    grade = grade_notebook(endless, "dee", assignment, timeout=6)
    assert "stopped at the 6 s limit in the answer cell of question 7 (la_partage)" in grade.notes[0]
    assert grade.total == sum(q.points for q in assignment.questions if q.number < 7)  # what came before counts


def test_the_command_reports_each_student_as_it_goes(graded):
    result, _, _ = graded
    assert "wrong: " in result.stderr and "torn: 0  (cannot read the notebook" in result.stderr
    assert "graded 4 notebooks of roulette" in result.stdout


def test_a_file_that_is_not_a_notebook_scores_zero_with_the_reason(graded):
    _, rows, _ = graded
    assert rows["torn"]["total"] == "0"
    assert "cannot read the notebook" in rows["torn"]["notes"]


def test_grading_refuses_a_folder_without_notebooks_or_of_two_assignments(tmp_path):
    run = [sys.executable, "-m", "casino_math.classroom", "grade", str(tmp_path), "--out", str(tmp_path / "g.csv")]
    result = subprocess.run(run, capture_output=True, text=True, check=False)
    assert result.returncode == 2 and "no notebooks (*.ipynb) in" in result.stderr
    nbformat.write(read(STUDENT["roulette"]), tmp_path / "ana.ipynb")
    nbformat.write(read(STUDENT["craps"]), tmp_path / "bo.ipynb")
    with pytest.raises(ValueError, match=r"name several assignments \(craps, roulette\); pass --assignment NAME"):
        grade_folder(tmp_path)
    with pytest.raises(ValueError, match="no source for assignment 'poker' in .*; the assignments are: baccarat, craps"):
        grade_folder(tmp_path, assignment="poker")
