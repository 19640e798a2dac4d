"""The classroom: one source makes both versions, checks hint without telling, and the grader scores and survives.

Facts about the committed notebooks (no solution in the student's; the files are
what the generator makes), the hints for the common mistakes (from the teacher's
key, and the same verdicts from the hashed public checks the package ships), and
the grader run on prepared submissions: the teacher's answers (full marks), the
blank student's (zero), one with a wrong answer and a cell that raises, one with
an endless loop.  tests/test_grader_hostile.py has the attacks.
"""

import json
import math
import re
import subprocess
import sys
from collections.abc import Callable, Iterator
from fractions import Fraction as F
from pathlib import Path
from typing import Any

import nbformat
import pytest
from classroom_helpers import (
    BOOK,
    COURSE,
    NAMES,
    SOURCES,
    STUDENT,
    TEACHER,
    answer_cell,
    by_student,
    course_copy,
    grade,
    key,
    key_check,
    load_notebook_checks,
    questions_of,
    read,
    shipped,
)
from nbformat import NotebookNode

import casino_math
from casino_math import roulette
from casino_math.baccarat import RULES, Shoe, banker_bet, tie_bet
from casino_math.bets import house_edge
from casino_math.classroom import build, check, data, source
from casino_math.classroom.checks import Estimate, Exact, Simulation
from casino_math.classroom.grade import Grading
from casino_math.classroom.judges import TOLERANCE
from casino_math.classroom.verdict import Status
from casino_math.session import session

#: The grader's run on the prepared submissions: the command's result, the CSV's rows by student, their folder.
Graded = tuple[subprocess.CompletedProcess[str], dict[str, dict[str, str]], Path]
RIGHT, WRONG, NOT_ANSWERED = Status.RIGHT, Status.WRONG, Status.NOT_ANSWERED
ASSIGNMENTS = [path.stem for path in sorted((SOURCES / "keys").glob("*.py"))]
banker_edge_if_ties_lose = key("baccarat").module.banker_edge_if_ties_lose
p_two_card_natural = key("baccarat").module.p_two_card_natural


@pytest.fixture(autouse=True, scope="module")
def checks_loaded() -> None:
    """Every assignment's checks loaded, as each student notebook's hidden cell loads them."""
    for name in NAMES:
        load_notebook_checks(name)


# ---------------------------------------------------------------- the assignments


def test_every_assignment_of_the_book_has_a_source() -> None:
    assert sorted(NAMES) == sorted(ASSIGNMENTS)


@pytest.mark.parametrize("name", NAMES)
def test_each_assignment_asks_five_to_ten_questions_each_with_a_check(name: str) -> None:
    assignment = Grading(COURSE, name).assignment
    assert 5 <= len(assignment.questions) <= 10
    assert [q.id for q in assignment.questions] == list(questions_of(name))


# ---------------------------------------------------------------- the two versions


@pytest.mark.parametrize("name", NAMES)
def test_the_student_notebook_holds_no_solution_text(name: str) -> None:
    pieces = source.solutions((SOURCES / f"{name}.py").read_text(), key(name).default())
    student = STUDENT[name].read_text()  # cells, metadata and outputs alike
    teacher = TEACHER[name].read_text()
    assert len(pieces) >= 5
    for piece in pieces:
        assert json.dumps(piece)[1:-1] not in student, piece
        assert json.dumps(piece)[1:-1] in teacher, piece  # so the test is not vacuous


def test_the_instructors_page_holds_no_solution_text() -> None:
    page = (BOOK.parent / "instructors.md").read_text()
    for name in NAMES:
        for piece in source.solutions((SOURCES / f"{name}.py").read_text(), key(name).default()):
            assert piece not in page, (name, piece)


@pytest.mark.parametrize("name", NAMES)
def test_the_committed_notebooks_are_what_the_generator_makes(name: str, tmp_path: Path) -> None:
    build.build(COURSE, names=[name], out=tmp_path / "out", run=False)
    for made, committed in ((tmp_path / "out" / f"{name}.ipynb", STUDENT[name]),
                            (tmp_path / "out" / "solutions" / f"{name}.ipynb", TEACHER[name])):
        assert without_outputs(read(made)) == without_outputs(read(committed))


@pytest.mark.parametrize("name", NAMES)
def test_the_notebooks_carry_what_jupyterlab_writes_as_the_chapters_do(name: str) -> None:
    """JupyterLab writes its kernelspec and the kernel's language into a notebook it opens, and marks the notebook
    changed if they were not there already: the assignments carry what the chapters carry, the version of Python
    being that of the machine that built them."""
    chapter = read(BOOK.parent / "roulette.ipynb")
    for made in (read(STUDENT[name]), read(TEACHER[name])):
        assert made.metadata["kernelspec"] == chapter.metadata["kernelspec"] == {
            "display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
        versionless = [{k: v for k, v in nb.metadata["language_info"].items() if k != "version"} for nb in (made, chapter)]
        assert versionless[0] == versionless[1] and "version" in made.metadata["language_info"]
        assert (made.nbformat, made.nbformat_minor) == (chapter.nbformat, chapter.nbformat_minor)


def without_outputs(nb: NotebookNode) -> tuple[list[tuple[str, str, str, dict[str, Any]]], Any, Any]:
    """What the generator decides: the cells' kinds, IDs, sources and tags or settings, and the notebook's settings.

    (Outputs, execution counts and timings are the kernel's; `make notebooks` may refresh them.)
    """
    cells = [(c.cell_type, c.id, c.source, {k: v for k, v in c.metadata.items() if k != "execution"}) for c in nb.cells]
    return cells, nb.metadata["classroom"], nb.metadata["kernelspec"]


def test_building_twice_changes_nothing(tmp_path: Path) -> None:
    first = build.build(COURSE, names=["roulette"], out=tmp_path / "out", run=False)
    again = build.build(COURSE, names=["roulette"], out=tmp_path / "out", run=False)
    assert len(first) == 2 and again == []


@pytest.mark.parametrize("name", NAMES)
def test_saved_outputs_say_right_for_the_teacher_and_not_answered_for_the_student(name: str) -> None:
    build.verify(read(TEACHER[name]), source.TEACHER)
    build.verify(read(STUDENT[name]), source.STUDENT)


def test_the_book_leaves_the_teachers_notebooks_out() -> None:
    config = (BOOK.parents[1] / "_config.yml").read_text()
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
    ('# %% [markdown] question="total" points=1 answer="x"\n# ## Total\n# %%\nx = 1',
     "question='total' would share its name with a column of the grades' CSV"),
    ('# %% [markdown] question="six" points=2 answer="x" tests={"public":1}\n# ## Six\n# %%\nx = 1',
     'tests= gives each test whole points, "public" among them, adding up to points=2, not {"public": 1}'),
    ('# %% [markdown] question="six" points=2 answer="x" tests={"hidden":2}\n# ## Six\n# %%\nx = 1',
     '"public" among them'),
]


@pytest.mark.parametrize("text, message", BAD_SOURCES)
def test_a_bad_source_is_a_clear_error(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        source.parse(text, "demo")


def test_points_must_be_a_whole_number() -> None:
    with pytest.raises(TypeError, match="points must be int"):
        source.parse('# %% [markdown] question="six" points="two" answer="x"\n# ## Six\n# %%\nx = 1', "demo")


def test_points_per_test_are_read_from_the_source() -> None:
    text = '# %% [markdown] question="six" points=3 answer="x" tests={"public":1,"other_seed":2}\n# ## Six\n# %%\nx = 1'
    assert source.parse(text, "demo").questions[0].tests == (("public", 1), ("other_seed", 2))


def test_a_test_the_key_does_not_have_stops_the_build(tmp_path: Path) -> None:
    made = course_copy(tmp_path)
    path = made / "source" / "craps.py"
    path.write_text(path.read_text().replace('"other_seed":1', '"lucky_seed":1'))
    with pytest.raises(ValueError, match="craps: the key has no test lucky_seed for question play_pass"):
        build.build(COURSE.__class__(made), names=["craps"], run=False)
    assert not list(made.glob("*.ipynb")) and not (made / "solutions").exists()


def test_a_question_without_a_check_stops_the_build(tmp_path: Path) -> None:
    made = course_copy(tmp_path)
    (made / "source" / "roulette.py").write_text(SIX)
    with pytest.raises(ValueError, match="the key has no check for question six"):
        build.build(COURSE.__class__(made), names=["roulette"], run=False)


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
    ("roulette.straight_ev", F(400, 19), WRONG, "the sign"),
    ("roulette.straight_ev", F(-1, 19), WRONG, "that is one $1 chip on one spin"),
    ("roulette.splits", 57, WRONG, "the zeros at the head make splits too"),
    ("roulette.low_wins", lambda pocket: int(pocket) <= 18, WRONG, "a zero is not low"),
    ("roulette.low_wins", lambda pocket: pocket not in ("0", "00") and int(pocket) < 18, WRONG, "look again at pocket '18'"),
    ("roulette.top_line", F(225, 19), WRONG, "the sign"),
    ("roulette.top_line", 150 * (F(5, 38) * 6 - F(33, 38)), RIGHT, ""),
    ("roulette.top_line", -F(150, 19), WRONG, "the top line is the exception"),
    ("roulette.la_partage", F(1, 38), WRONG, "only the 0 does"),
    ("roulette.fair_payout", F(18), WRONG, "39 pockets"),
    ("roulette.fair_payout", F(17), WRONG, "17 to 1 is what the casino pays"),
    ("roulette.edge_of", lambda covered, pays, zeros: 1 - F(covered, 36 + zeros) * (pays + 1), RIGHT, ""),
    ("roulette.edge_of", lambda covered, pays, zeros: 1 - F(covered, 36 + zeros) * pays, WRONG,
     "a win returns the stake"),
    ("roulette.edge_of", lambda bet: F(1, 19), WRONG, "calling it with 18, 1, 2 raised TypeError"),
    # -1/19 is the edge with the sign the wrong way round, and the edge when the zeros win: the hint names both
    ("roulette.edge_low", F(-1, 19), WRONG, "two mistakes give this answer: either the size is right but the sign"),
    ("roulette.edge_low", F(-1, 19), WRONG, "when the zeros win"),
    ("roulette.la_partage", F(1, 19), WRONG, "without the rule"),
    ("roulette.simulate_red", 0.5004, WRONG, "no zeros"),
    ("roulette.simulate_red", F(9, 19), WRONG, "exact value, not an estimate"),
    ("craps.natural", F(4, 21), WRONG, "unordered"),  # counting unordered dice
    ("craps.natural", F(2, 11), WRONG, "not equally likely"),
    ("craps.four_first", F(37, 192), RIGHT, ""),  # 1/12 * (1 + 3/4 + 9/16)
    ("craps.four_first", F(1, 3), WRONG, "however long it takes"),
    ("craps.four_first", F(1, 12), WRONG, "only the next roll"),
    ("craps.four_first", F(1, 4), WRONG, "no 4 or 7 came before it"),
    ("craps.pass_wins", F(2, 9), WRONG, "only the come-out win"),
    ("craps.field_pays", lambda n: {2: 2, 12: 2}.get(n, 1 if n in (3, 4, 9, 10, 11) else -1), RIGHT, ""),
    ("craps.field_pays", lambda n: 1 if n in (2, 3, 4, 9, 10, 11, 12) else -1, WRONG, "pays double on the 2 and the 12"),
    ("craps.field_pays", lambda n: 1.0 if n in (3, 4, 9, 10, 11) else 2.0 if n in (2, 12) else -1.0, WRONG,
     "look again at a total of 2"),
    ("craps.field_edge", lambda pays: F(1, 18), WRONG, "look again at the table {2: 2, 3: 1, 4: 1, 9: 1, 10: 1, 11: 1, 12: 3}"),
    ("craps.bar_three", F(41, 990), WRONG, "per bet made"),
    ("craps.bar_three", F(3, 220) / (1 - F(1, 36)), WRONG, "the 3 can be rolled two ways"),  # the bar on the 12
    ("craps.place_five", F(1, 25), WRONG, "the edge at 7 to 5"),
    # the pass line's 373/6930 (the Wizard of Odds' crapless edge) over the 1 + 5/6 units bet on average
    ("craps.crapless", F(373, 6930) / (1 + F(5, 6)), RIGHT, ""),
    ("craps.crapless", F(7, 495) / (1 + F(2, 3)), WRONG, "2, 3, 11 and 12 are points too"),  # Oxford's, single odds
    ("craps.crapless", F(373, 6930), WRONG, "the odds add nothing to the expected loss"),
    ("craps.play_pass", lambda rng: 1 if rng.random() < 0.44 else -1, WRONG, "too far from its exact probability"),
    ("craps.play_pass", lambda rng: 0, WRONG, "which one round cannot give"),
    ("craps.expected_rolls", F(9613, 2310) - 1, WRONG, "count the come-out roll too"),
    ("craps.expected_rolls", F(557, 165), WRONG, "every come-out total but 7 sets a point"),
    ("baccarat.hand_total", lambda ranks: sum(10 if r in ("10", "J", "Q", "K") else 1 if r == "A" else int(r)
                                              for r in ranks) % 10, RIGHT, ""),
    ("baccarat.hand_total", lambda ranks: sum(1 if r == "A" else 0 if r in "JQK" else int(r) for r in ranks), WRONG,
     "never more than 9"),
    ("baccarat.banker_edge", banker_edge_if_ties_lose(), WRONG, "a tie pushes the banker and player bets"),
    # dealt as if the first card were put back
    ("baccarat.natural", lambda counts: p_two_card_natural(counts, put_back=True), WRONG,
     "the second dealt from what the first left"),
    ("baccarat.natural", lambda counts: p_two_card_natural(counts), RIGHT, ""),
    ("baccarat.short_shoe", house_edge(banker_bet()), WRONG, "six decks less two 9s"),
    ("baccarat.play_coup", lambda rng: "banker", WRONG, "too far from its exact probability"),
    ("long-run.double_up", F(2, 3), WRONG, "a fair bet"),  # 30 units of 45
    ("long-run.bold_play", F(9, 19) / (1 - F(9, 19) * F(10, 19)), RIGHT, ""),  # p + q (p x): x = p / (1 - qp)
    ("long-run.bold_play", F(9, 19), WRONG, "after a loss the player still has 15 units"),
    ("long-run.variance_hundred", 100 * (F(17**2 * 2, 38) + F(36, 38)), WRONG, "does not have mean 0"),
    ("long-run.variance_hundred", F(36000, 361), WRONG, "that is a bet on red"),
    ("long-run.ahead_any", lambda plan: session(roulette.red(), plan[2]).p_ahead(), WRONG, "2 pockets paying 17 to 1"),
    ("long-run.ahead_ten", session(roulette.red(), 10).P(lambda net: net >= 0), WRONG, "ahead means more wins"),
    ("long-run.martingale_net", F(1), WRONG, "all six bets can lose"),
    ("long-run.simulate_ahead", 0.46, WRONG, "your simulated bets seem fair"),
    ("baccarat.tie_nine", house_edge(tie_bet(shoe=Shoe.of_decks(6).without(9, 2))), WRONG, "the edge at 8 to 1"),
    ("baccarat.tie_nine", house_edge(tie_bet(RULES["tie-9-to-1"])), WRONG, "full eight-deck shoe"),
]


@pytest.mark.parametrize("question, answer, status, hint", FEEDBACK, ids=[f"{q}-{i}" for i, (q, *_) in enumerate(FEEDBACK)])
def test_feedback_for_right_answers_and_common_mistakes(
        question: str, answer: Callable[..., object] | F | float | object | str, status: str, hint: str) -> None:
    feedback = key_check(question, answer)
    assert feedback.status == status, feedback
    assert hint in feedback.hint


@pytest.mark.parametrize("question, answer, status, hint", FEEDBACK, ids=[f"{q}-{i}" for i, (q, *_) in enumerate(FEEDBACK)])
def test_the_public_check_a_student_runs_gives_the_keys_verdict(
        question: str, answer: Callable[..., object] | F | float | object | str, status: str, hint: str) -> None:
    feedback = check(question, answer)
    assert feedback.status == status, feedback
    if isinstance(questions_of(question.partition(".")[0])[question.partition(".")[2]], Exact):
        assert feedback == key_check(question, answer)


@pytest.mark.parametrize("name", NAMES)
def test_the_student_notebook_carries_no_answer_of_an_exact_question(name: str) -> None:
    carried = str(shipped(name)) + STUDENT[name].read_text()
    for question in questions_of(name).values():
        if isinstance(question, Exact):
            right = F(question.right())
            assert f"{right.numerator}/{right.denominator}" not in carried, question.id
            assert repr(float(right)) not in carried, question.id


def shipped_intervals(name: str) -> Iterator[tuple[str, F, float, list[float]]]:
    """Each interval the package ships for a simulated answer: (question ID, exact value, standard error, interval)."""
    carried = shipped(name)
    for short, question in questions_of(name).items():
        if isinstance(question, Estimate):
            yield question.id, F(question.right()), question.sd() / math.sqrt(question.trials), carried[short]["within"]
        elif isinstance(question, Simulation):
            for (_, p), (_, low, high) in zip(sorted(question.right().items()), carried[short]["shares"], strict=True):
                yield question.id, p, math.sqrt(float(p * (1 - p)) / question.rounds), [low, high]


@pytest.mark.parametrize("name", NAMES)
def test_a_shipped_interval_does_not_give_away_the_exact_value(name: str) -> None:
    # The attack: the midpoint of an interval centred on the answer, read back with limit_denominator, was the
    # exact answer to an Exact question (9/19 from roulette's simulate_red, 244/495 from craps' play_pass).
    intervals = list(shipped_intervals(name))
    assert intervals, name
    for qid, right, error, (low, high) in intervals:
        assert low <= float(right) - TOLERANCE * error and float(right) + TOLERANCE * error <= high, qid
        middle = (low + high) / 2
        assert abs(middle - float(right)) >= error / 4, qid
        assert F(middle).limit_denominator(1000) != right, qid


def test_a_reported_number_that_would_take_the_grader_hours_to_expand_is_no_number() -> None:
    # The attack: a forged report whose answer is the "fraction" 1e1000000000, which Fraction() would expand digit by
    # digit in the grader's own process, holding up every other student's grading.
    from decimal import Decimal

    from casino_math.classroom import data

    for tag in ({"t": "fraction", "v": "1e1000000000"}, {"t": "decimal", "v": "1E+1000000000"},
                {"t": "fraction", "v": " 9/19"}, {"t": "fraction", "v": 9}):
        assert not isinstance(data.decode(tag), (F, Decimal, int, float)), tag
    assert data.decode({"t": "fraction", "v": "-9/19"}) == F(-9, 19)


@pytest.mark.parametrize("args, message", [
    (["grade", "{tmp}", "--course", str(BOOK), "--assignment", "roulette", "--out", "{tmp}/no-such-folder/grades.csv"],
     "its folder does not exist; give the CSV file to write"),
    (["grade", "{tmp}", "--course", str(BOOK), "--assignment", "roulette", "--out", "{tmp}"],
     "is a folder; give the CSV file to write"),
    (["build", "--course", "{tmp}/no-course", "--out", "{tmp}/built"], "is not a course folder (it has no course.json)"),
    (["grade", "{tmp}", "--course", "{tmp}", "--assignment", "roulette"], "make one with: python -m casino_math"),
])
def test_a_bad_path_is_a_one_line_error_before_any_work(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    from casino_math.classroom.__main__ import main

    assert main([a.format(tmp=tmp_path) for a in args]) == 2
    error = capsys.readouterr().err
    assert message in error and "Traceback" not in error
    assert list(tmp_path.iterdir()) == []  # nothing written, not even a partial CSV


def dealer(shares: dict[object, float]) -> Callable[[object], object]:
    """The attack: a play(rng) that never uses rng, handing each result out in turn in the shipped proportions."""
    handed = dict.fromkeys(shares, 0)
    rounds = [0]

    def play(rng: object) -> object:
        rounds[0] += 1
        result = max(shares, key=lambda r: shares[r] * rounds[0] - handed[r])
        handed[result] += 1
        return result

    return play


@pytest.mark.parametrize("question_id", ["craps.play_pass", "baccarat.play_coup"])
def test_a_simulation_that_rolls_no_dice_scores_nothing(question_id: str) -> None:
    name, _, short = question_id.partition(".")
    shares = {data.decode(r): (low + high) / 2 for r, low, high in shipped(name)[short]["shares"]}
    for judged in (key_check(question_id, dealer(shares)), check(question_id, dealer(shares))):
        assert judged.status == WRONG and "more evenly than chance" in judged.hint, judged


def test_the_package_holds_no_key_no_source_and_no_solution() -> None:
    package = Path(casino_math.__file__).parent
    assert not list(package.rglob("keys")) and not list(package.rglob("questions"))
    assert not list(package.rglob("*.ipynb"))
    texts = "".join(p.read_text() for p in package.rglob("*.py"))
    for name in NAMES:
        for piece in source.solutions((SOURCES / f"{name}.py").read_text(), key(name).default()):
            if len(piece) > 25:  # long enough not to be a phrase the library says for its own reasons
                assert piece not in texts, (name, piece)


EXACT = [pytest.param(q, id=q.id) for name in NAMES for q in questions_of(name).values() if isinstance(q, Exact)]


@pytest.mark.parametrize("question", EXACT)
def test_no_hint_reveals_the_answer(question: Exact) -> None:
    right = F(question.right())
    wrong_answers = [*question.mistakes(), right + 1, right / 3 + F(1, 7), -right, float(right), float(right) + 0.1]
    for wrong in wrong_answers:
        feedback = question.judge(wrong)
        assert not feedback.right, (question.id, wrong)
        assert not check(question.id, wrong).right, (question.id, wrong)
        text = repr(feedback).replace(repr(wrong), "").replace(str(wrong), "")  # it may repeat the answer given
        for shown in {str(right), f"{right.numerator}/{right.denominator}", repr(float(right))}:
            assert shown not in text, (question.id, wrong, feedback)


def test_check_names_what_exists_when_asked_about_what_does_not() -> None:
    # Every assignment loaded so far is named (the doctests may have loaded one more in this process), then an ID.
    with pytest.raises(ValueError, match=r"^this notebook's checks are of [\w-]+(, [\w-]+)*, not of 'poker'; an ID is "
                                         r"'assignment\.question', such as '[\w-]+\.\w+'$"):
        check("poker.flush", 1)
    with pytest.raises(ValueError, match="assignment 'roulette' has no question 'green'; its questions are: red"):
        check("roulette.green", 1)
    not_an_id = "'red' is not a question ID; an ID is 'assignment.question', e.g. 'roulette.red'"
    with pytest.raises(ValueError, match=f"^{re.escape(not_an_id)}$"):
        check("red", 1)


def test_a_notebook_whose_checks_are_not_loaded_says_to_run_its_cells_from_the_top() -> None:
    code = ("from casino_math.classroom import check\n"
            "try:\n    check('roulette.red', 1)\nexcept ValueError as error:\n    print(error)")
    said = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert said.startswith("the checks of 'roulette' are not loaded: run the notebook's cells in order from the top")


def test_the_check_cells_work_with_the_published_package_alone(tmp_path: Path) -> None:
    # The student's notebook run where nothing of the course exists: its hidden cell carries the checks.
    nb = read(STUDENT["roulette"])
    answer_cell(nb, "red").source = "p_red = Fraction(9, 19)"
    cells = [c.source for c in nb.cells if c.cell_type == "code" and "colab-install" not in c.metadata.get("tags", [])]
    red = next(i for i, c in enumerate(nb.cells) if c.get("metadata", {}).get("classroom", {}).get("check") == "red")
    stop = sum(1 for c in nb.cells[:red + 1] if c.cell_type == "code" and "colab-install" not in c.metadata.get("tags", []))
    script = "\n".join(cells[:stop - 1]) + "\nprint(" + cells[stop - 1] + ")"
    (tmp_path / "run.py").write_text(script)
    said = subprocess.run([sys.executable, "run.py"], cwd=tmp_path, capture_output=True, text=True, check=True)
    assert said.stdout.strip().endswith("roulette.red: right.")


# ---------------------------------------------------------------- the grader


def as_student(nb: NotebookNode) -> NotebookNode:
    nb.metadata["classroom"]["version"] = "student"
    return nb


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Graded:
    """A folder of prepared roulette submissions, graded by the documented command."""
    folder = tmp_path_factory.mktemp("submissions")
    nbformat.write(read(STUDENT["roulette"]), folder / "blank.ipynb")
    wrong = as_student(read(TEACHER["roulette"]))
    answer_cell(wrong, "red").source = "p_red = Fraction(18, 36)"  # one wrong answer
    answer_cell(wrong, "splits").source = "n_splits = 62 // 0"  # one cell that raises
    nbformat.write(wrong, folder / "wrong.ipynb")
    endless = as_student(read(TEACHER["roulette"]))
    answer_cell(endless, "la_partage").source = "while True:\n    pass"  # question 7
    nbformat.write(endless, folder / "dee.ipynb")
    (folder / "cy").mkdir()
    nbformat.write(as_student(read(TEACHER["roulette"])), folder / "cy" / "roulette.ipynb")  # a student's own folder
    out = folder.parent / f"{folder.name}.csv"
    result = subprocess.run(grade(folder, "roulette", out, "--jobs", "2", "--timeout", "6",
                                  "--feedback", str(folder.parent / "feedback")),
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return result, by_student(out), folder.parent


def test_the_csv_has_a_row_per_file_a_column_per_question_and_a_total(graded: Graded) -> None:
    _, rows, _ = graded
    assignment = Grading(COURSE, "roulette").assignment
    assert set(rows) == {"points possible", "blank", "wrong", "cy", "dee"}
    assert rows["cy"]["total"] == str(assignment.points) == rows["points possible"]["total"]
    assert list(rows["blank"]) == ["student", "id", "file", *(q.id for q in assignment.questions), "total", "notes"]
    assert rows["cy"]["file"] == "cy/roulette.ipynb" and rows["points possible"]["file"] == ""


def test_the_blank_student_version_scores_zero(graded: Graded) -> None:
    _, rows, _ = graded
    assert rows["blank"]["total"] == "0"
    assert rows["blank"]["notes"] == ""


def test_a_wrong_answer_and_a_cell_that_raises_lose_exactly_their_marks(graded: Graded) -> None:
    _, rows, folder = graded
    assignment = Grading(COURSE, "roulette").assignment
    points = {q.id: q.points for q in assignment.questions}
    lost = {"red", "splits"}
    assert rows["wrong"]["total"] == str(assignment.points - points["red"] - points["splits"])
    for question, worth in points.items():
        assert rows["wrong"][question] == str(0 if question in lost else worth)
    assert "ZeroDivisionError" in rows["wrong"]["notes"]
    assert "the answer cell of question 3 (splits)" in rows["wrong"]["notes"]
    feedback = (folder / "feedback" / "wrong.md").read_text()
    assert "36 pockets" in feedback and "n_splits is not defined" in feedback


def test_an_endless_loop_is_stopped_at_the_time_limit_and_reported(graded: Graded) -> None:
    _, rows, _ = graded
    assignment = Grading(COURSE, "roulette").assignment
    assert "stopped at the 6 s limit in the answer cell of question 7 (la_partage)" in rows["dee"]["notes"]
    assert rows["dee"]["total"] == str(sum(q.points for q in assignment.questions if q.number < 7))


def test_the_command_reports_each_file_as_it_goes(graded: Graded) -> None:
    result, _, _ = graded
    assert "wrong [wrong.ipynb]: " in result.stderr and "cy [cy/roulette.ipynb]: 11" in result.stderr
    assert "graded 4 files of roulette" in result.stdout


@pytest.mark.parametrize("name", NAMES)
def test_the_teachers_answers_get_full_marks_in_the_sandbox(name: str, tmp_path: Path) -> None:
    nbformat.write(as_student(read(TEACHER[name])), tmp_path / "teacher.ipynb")
    out = tmp_path.parent / f"{tmp_path.name}.csv"
    subprocess.run(grade(tmp_path, name, out), capture_output=True, check=True)
    rows = by_student(out)
    by_hand = [q.id for q in Grading(COURSE, name).assignment.questions if q.by_hand]
    automatic = sum(int(rows["points possible"][q]) for q in rows["points possible"]
                    if q not in ("student", "id", "file", "total", "notes", *by_hand))
    assert rows["teacher"]["total"] == str(automatic)
    assert rows["teacher"]["notes"] == (f"marked by hand, not marked yet: {', '.join(by_hand)}" if by_hand else "")


def test_grading_refuses_a_bad_request_with_a_clear_error(tmp_path: Path) -> None:
    result = subprocess.run(grade(tmp_path / "none", "roulette", tmp_path / "g.csv"), capture_output=True, text=True,
                            check=False)
    assert result.returncode == 2 and "is not a folder; give the folder that holds the submitted notebooks" in result.stderr
    result = subprocess.run(grade(tmp_path, "poker", tmp_path / "g.csv"), capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert "no source for assignment 'poker' in" in result.stderr and "the assignments are: baccarat, craps" in result.stderr


def test_the_book_courses_install_cell_is_the_chapters_colab_cell() -> None:
    # The package no longer reads book/_ext/colab.py: the course names what its notebooks install, and for the
    # book's own course that must stay the chapters' cell, installing the wheel the book's site serves.
    from importlib.util import module_from_spec, spec_from_file_location

    from casino_math.classroom.notebooks import install_source

    spec = spec_from_file_location("book_colab", BOOK.parent / "_ext" / "colab.py")
    assert spec is not None and spec.loader is not None
    colab = module_from_spec(spec)
    spec.loader.exec_module(colab)
    assert COURSE.install is not None, "the book's course names what its notebooks install"
    assert install_source(COURSE.install) == colab.colab_source(colab.wheel_url())
    first = read(STUDENT["roulette"]).cells[0]
    assert first.source == colab.colab_source(colab.wheel_url()) and "remove-cell" in first.metadata["tags"]
