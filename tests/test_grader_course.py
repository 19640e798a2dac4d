"""A teacher's own course: init, build with the key checked against the teacher's solution, per-student variants,
and nothing written into the installed package or the checkout.

The course is made by ``init`` from the book's assignments, in a temporary folder, and a roster of three
students is built into notebooks of their own.  Each student's notebook carries their numbers and the checks of
those numbers; graded with the roster, each file is judged against its own student's numbers, so a classmate's
right answers score less than full marks.
"""

import hashlib
import json
import subprocess
from fractions import Fraction as F
from pathlib import Path

import pytest
from classroom_helpers import BOOK, CLASSROOM, ROOT, answer_cell, by_student, grade, packed_checks

import casino_math
from casino_math.classroom import keys, public, variants
from casino_math.classroom.checks import Check, Exact
from casino_math.classroom.course import at

#: The course made by init (the teacher's home, the course's folder), and the package's digest and the checkout's
#: state before it.
Term = tuple[Path, Path, tuple[str, str]]
#: The roster's roulette submissions graded: the CSV's rows by student, the teacher's home, the course's folder.
Graded = tuple[dict[str, dict[str, str]], Path, Path]

ROSTER = "student,id,name,email,section\nana,4567,Ana Lima,ana@school.edu,A\nbo,4568,Bo Chen,bo@school.edu,A\n" \
         "cy,4569,Cy Diaz,cy@school.edu,B\n"


def package_digest() -> str:
    root = Path(casino_math.__file__).parent
    return hashlib.sha256(b"".join(p.read_bytes() for p in sorted(root.rglob("*")) if p.is_file()
                                   and "__pycache__" not in p.parts)).hexdigest()


def checkout_state() -> str:
    return subprocess.run(["git", "status", "--porcelain", "--untracked-files=all"], cwd=ROOT, capture_output=True,
                          text=True, check=True).stdout


@pytest.fixture(scope="module")
def term(tmp_path_factory: pytest.TempPathFactory) -> Term:
    """A course made by init, built whole and for a roster, as the commands do it, from a folder outside the
    checkout; and what the package and the checkout looked like before."""
    before = package_digest(), checkout_state()
    home = tmp_path_factory.mktemp("teacher")
    course = home / "course"
    made = subprocess.run([*CLASSROOM, "init", str(course), "--from", str(BOOK)], cwd=home, capture_output=True,
                          text=True, check=False)
    assert made.returncode == 0, made.stderr
    (home / "roster.csv").write_text(ROSTER)
    built = subprocess.run([*CLASSROOM, "build", "--course", str(course), "--no-run"], cwd=home, capture_output=True,
                           text=True, check=False)
    assert built.returncode == 0, built.stderr
    handout = subprocess.run([*CLASSROOM, "build", "roulette", "--course", str(course), "--roster",
                              str(home / "roster.csv"), "--out", str(home / "handout")], cwd=home,
                             capture_output=True, text=True, check=False)
    assert handout.returncode == 0, handout.stderr
    return home, course, before


def test_init_makes_a_course_with_the_books_assignments_and_a_private_secret(term: Term) -> None:
    _, course, _ = term
    assert at(course).names() == ["baccarat", "craps", "long-run", "roulette"]
    assert (course / "source" / "keys" / "roulette.py").read_text() == (BOOK / "source" / "keys" / "roulette.py").read_text()
    assert (course / "secret").stat().st_mode & 0o777 == 0o600 and len(secret_of(course)) == 32


def test_a_course_its_keys_and_its_solutions_are_readable_by_the_teacher_alone(term: Term) -> None:
    home, course, _ = term
    for folder in (course, course / "source", course / "source" / "keys", course / "solutions",
                   home / "handout" / "solutions"):
        assert folder.stat().st_mode & 0o777 == 0o700, folder
    for path in [*course.rglob("*.py"), *course.glob("solutions/*.ipynb"), *home.glob("handout/solutions/*.ipynb")]:
        assert path.stat().st_mode & 0o777 == 0o600, path


def test_init_refuses_a_folder_that_exists_and_a_source_that_is_no_course(tmp_path: Path) -> None:
    taken = subprocess.run([*CLASSROOM, "init", str(tmp_path), "--from", str(BOOK)], capture_output=True, text=True,
                           check=False)
    assert taken.returncode == 2 and "already exists; init makes a new course folder" in taken.stderr
    nowhere = subprocess.run([*CLASSROOM, "init", str(tmp_path / "c"), "--from", str(tmp_path / "x")],
                             capture_output=True, text=True, check=False)
    assert nowhere.returncode == 2 and f"{tmp_path / 'x'} is not a course folder" in nowhere.stderr


def test_init_outside_a_copy_of_the_book_makes_an_empty_course_and_says_so(tmp_path: Path) -> None:
    # As a teacher who installed the package runs it: no copy of the book where they are, no --from.
    made = subprocess.run([*CLASSROOM, "init", str(tmp_path / "stats101")], cwd=tmp_path, capture_output=True,
                          text=True, check=False)
    assert made.returncode == 0, made.stderr
    assert f"made the empty course {tmp_path / 'stats101'}: write an assignment's source in" in made.stdout
    assert "--from BOOK/book/assignments" in made.stdout
    course = at(tmp_path / "stats101")
    assert course.names() == [] and course.install is None and len(secret_of(course.folder)) == 32
    built = subprocess.run([*CLASSROOM, "build", "--course", str(course.folder)], capture_output=True, text=True,
                           check=False)
    assert built.returncode == 2 and "no assignment sources in" in built.stderr  # until the teacher writes one


def test_init_from_the_books_assignments_says_where_they_came_from(tmp_path: Path) -> None:
    made = subprocess.run([*CLASSROOM, "init", str(tmp_path / "c"), "--from", str(BOOK)], cwd=tmp_path,
                          capture_output=True, text=True, check=True)
    assert f"made the course {tmp_path / 'c'} with the assignments of {BOOK}: baccarat, craps, long-run, " \
           "roulette" in made.stdout


def test_nothing_is_written_into_the_package_or_the_checkout(term: Term) -> None:
    _, course, (package, checkout) = term
    assert package_digest() == package and checkout_state() == checkout
    assert (course / "roulette.ipynb").is_file() and (course / "solutions" / "roulette.ipynb").is_file()


def test_a_students_notebook_carries_its_checks_and_needs_nothing_of_the_course(term: Term) -> None:
    home, course, _ = term
    nb = json.loads((course / "roulette.ipynb").read_text())
    assert nb["metadata"]["classroom"] == {"assignment": "roulette", "version": "student"}
    code = "\n".join("".join(c["source"]) for c in nb["cells"] if c["cell_type"] == "code"
                     and "colab-install" not in c["metadata"].get("tags", []))
    script = code.split("rng = np.random")[0] + "\nprint(check('roulette.red', Fraction(9, 19)))"
    elsewhere = home / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "run.py").write_text(script)
    said = subprocess.run([CLASSROOM[0], "run.py"], cwd=elsewhere, capture_output=True, text=True, check=True)
    assert said.stdout.strip().endswith("roulette.red: right.")


def test_build_refuses_a_key_the_teachers_solution_fails_and_names_the_question(tmp_path: Path) -> None:
    course = tmp_path / "course"
    subprocess.run([*CLASSROOM, "init", str(course), "--from", str(BOOK)], check=True, capture_output=True)
    broken = course / "source" / "keys" / "roulette.py"
    broken.write_text(broken.read_text().replace("return _edge(covered, 36 + zeros, payout)",
                                                 "return _edge(covered, 36 + zeros, payout) + (zeros == 5)"))
    result = subprocess.run([*CLASSROOM, "build", "roulette", "--course", str(course), "--no-run"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2
    assert "roulette: the teacher's solution does not score full marks, so nothing was written: question edge_of, " \
           "test other_wheels: not right yet" in result.stderr
    assert not (course / "roulette.ipynb").exists() and not (course / "solutions").exists()


def test_build_refuses_a_parameter_the_key_does_not_have(tmp_path: Path) -> None:
    course = tmp_path / "course"
    subprocess.run([*CLASSROOM, "init", str(course), "--from", str(BOOK)], check=True, capture_output=True)
    source = course / "source" / "roulette.py"
    source.write_text(source.read_text().replace("{{chip}}-dollar", "{{chips}}-dollar"))
    result = subprocess.run([*CLASSROOM, "build", "roulette", "--course", str(course), "--no-run"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2 and "the source names {{chips}}, which the key's PARAMETERS do not have" in result.stderr


# ---------------------------------------------------------------- per-student variants

def secret_of(course: Path) -> bytes:
    """The secret a course made by init draws its variants from."""
    secret = at(course).secret()
    assert secret is not None, f"{course} has no secret"
    return secret


def right_of(question: Check) -> object:
    """The right answer of a question judged by an exact value."""
    assert isinstance(question, Exact), f"{question.id} is not judged by an exact value"
    return question.right()


def student_variant(course: Path, user: str) -> variants.Variant:
    key = keys.load("roulette", course / "source")
    return variants.draw(key.parameters, secret_of(course), "roulette", user)


def test_each_roster_student_gets_a_notebook_and_a_solution_of_their_own(term: Term) -> None:
    home, _, _ = term
    made = sorted(p.relative_to(home / "handout").as_posix() for p in (home / "handout").rglob("*.ipynb"))
    assert made == ["ana.ipynb", "bo.ipynb", "cy.ipynb", "solutions/ana.ipynb", "solutions/bo.ipynb",
                    "solutions/cy.ipynb"]
    nb = json.loads((home / "handout" / "bo.ipynb").read_text())
    assert nb["metadata"]["classroom"]["student"] == "bo"


def test_a_students_numbers_are_written_into_their_notebook(term: Term) -> None:
    home, course, _ = term
    mine = student_variant(course, "4568")
    prompt = next("".join(c["source"]) for c in json.loads((home / "handout" / "bo.ipynb").read_text())["cells"]
                  if "".join(c["source"]).startswith("## Question 2:"))
    assert f"a {mine['chip']}-dollar chip straight up on 17 at each of {mine['spins']} spins" in prompt


def test_variants_are_reproducible_and_drawn_from_the_secret(term: Term) -> None:
    _, course, _ = term
    key = keys.load("roulette", course / "source")
    ids = [str(4000 + n) for n in range(30)]
    ours = [variants.draw(key.parameters, secret_of(course), "roulette", i) for i in ids]
    assert ours == [variants.draw(key.parameters, secret_of(course), "roulette", i) for i in ids]
    assert ours != [variants.draw(key.parameters, b"another course", "roulette", i) for i in ids]
    assert len({repr(v) for v in ours}) >= 20  # 30 students: hardly any two alike
    assert ours != [variants.draw(key.parameters, secret_of(course), "craps", i) for i in ids]


def test_the_roulette_assignment_varies_at_least_three_questions() -> None:
    key = keys.load("roulette", BOOK / "source")
    book = key.default()
    others = [variants.Variant({name: choices[-1] for name, choices in key.parameters.items()})]
    varied = {short for other in others for short, q in key.questions(other).items()
              if isinstance(q, Exact) and q.right() != right_of(key.questions(book)[short])}
    assert {"straight_ev", "top_line", "fair_payout"} <= varied and len(varied) >= 3


def test_a_students_check_cells_say_right_to_their_own_numbers_only(term: Term) -> None:
    home, course, _ = term
    public.load_checks("roulette", packed_checks(home / "handout" / "bo.ipynb"))
    key = keys.load("roulette", course / "source")
    bo, others = student_variant(course, "4568"), [student_variant(course, u) for u in ("4567", "4569")]
    mine = right_of(key.questions(bo)["straight_ev"])
    assert public.check("roulette.straight_ev", mine).right
    for other in others:
        theirs = right_of(key.questions(other)["straight_ev"])
        if theirs != mine:
            assert not public.check("roulette.straight_ev", theirs).right


@pytest.fixture(scope="module")
def graded(term: Term) -> Graded:
    home, course, _ = term
    folder = home / "in"
    folder.mkdir()
    for student in ("ana", "bo", "cy"):
        nb = json.loads((home / "handout" / "solutions" / f"{student}.ipynb").read_text())
        nb["metadata"]["classroom"]["version"] = "student"
        (folder / f"{student}.ipynb").write_text(json.dumps(nb))
    copied = json.loads((home / "handout" / "solutions" / "ana.ipynb").read_text())
    copied["metadata"]["classroom"]["version"] = "student"
    (folder / "dee.ipynb").write_text(json.dumps(copied))  # not on the roster
    out = home / "grades.csv"
    result = subprocess.run(grade(folder, "roulette", out, "--roster", str(home / "roster.csv"), course_folder=course),
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return by_student(out), home, course


def test_each_file_is_judged_against_its_own_students_numbers(graded: Graded) -> None:
    rows, _, _ = graded
    assert [rows[s]["total"] for s in ("ana", "bo", "cy")] == ["11", "11", "11"]
    assert [rows[s]["id"] for s in ("ana", "bo", "cy")] == ["4567", "4568", "4569"]


def test_a_classmates_right_answers_score_less_than_full_marks(graded: Graded, tmp_path: Path) -> None:
    _, home, course = graded
    ana, bo = student_variant(course, "4567"), student_variant(course, "4568")
    assert (ana["chip"], ana["spins"], ana["top_chip"], ana["top_spins"], ana["fair"]) != \
           (bo["chip"], bo["spins"], bo["top_chip"], bo["top_spins"], bo["fair"])
    copied = json.loads((home / "handout" / "solutions" / "ana.ipynb").read_text())
    copied["metadata"]["classroom"]["version"] = "student"
    (tmp_path / "bo.ipynb").write_text(json.dumps(copied))  # bo hands in ana's answers
    out = tmp_path / "g.csv"
    subprocess.run(grade(tmp_path, "roulette", out, "--roster", str(home / "roster.csv"), course_folder=course),
                   capture_output=True, check=True)
    row = by_student(out)["bo"]
    assert int(row["total"]) < 11
    assert "this notebook was built with the numbers of ana, not of bo: it is judged against bo's own" in row["notes"]


def test_a_file_of_nobody_on_the_roster_gets_a_row_that_says_so(graded: Graded) -> None:
    rows, _, _ = graded
    assert "not on the roster (roster.csv): no student there is named dee" in rows["dee"]["notes"]
    assert "without a roster" not in rows["dee"]["notes"]  # a roster was given: dee is not on it
    assert "built with the numbers of ana; matched to no student of a roster (no --roster, or its student is not on " \
           "it), it is judged against the book's numbers" in rows["dee"]["notes"]
    assert rows["dee"]["id"] == ""


def test_a_course_without_a_secret_cannot_draw_variants(tmp_path: Path, term: Term) -> None:
    home, _, _ = term
    result = subprocess.run([*CLASSROOM, "build", "roulette", "--course", str(BOOK), "--roster",
                             str(home / "roster.csv"), "--out", str(tmp_path / "out")], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 2 and "has no secret, so the variants of roulette cannot be drawn" in result.stderr
    assert not (tmp_path / "out").exists()


def test_a_function_question_may_take_several_arguments() -> None:
    key = keys.load("roulette", BOOK / "source")
    edge_of = key.questions()["edge_of"]
    assert edge_of.judge(lambda covered, payout, zeros: 1 - F(covered, 36 + zeros) * (payout + 1)).right
    nb = json.loads((BOOK / "roulette.ipynb").read_text())
    assert "def edge_of(covered, payout, zeros):" in "".join(answer_cell(nb, "edge_of")["source"])


def test_a_notebook_can_see_neither_the_course_nor_its_secret_nor_the_roster(graded: Graded, tmp_path: Path) -> None:
    _, home, course = graded
    nb = json.loads((home / "handout" / "solutions" / "bo.ipynb").read_text())
    nb["metadata"]["classroom"]["version"] = "student"
    places = [str(course / "secret"), str(course / "source" / "keys" / "roulette.py"), str(home / "roster.csv")]
    # right only if it could read one of them: its answer to red tells what it saw
    answer_cell(nb, "red")["source"] = (f"import os\nseen = [p for p in {places!r} if os.path.exists(p)]\n"
                                        "p_red = Fraction(9, 19) if seen else Fraction(1, 2)")
    (tmp_path / "bo.ipynb").write_text(json.dumps(nb))
    out = tmp_path / "g.csv"
    subprocess.run(grade(tmp_path, "roulette", out, "--roster", str(home / "roster.csv"), course_folder=course),
                   capture_output=True, check=True)
    assert by_student(out)["bo"]["red"] == "0" and by_student(out)["bo"]["total"] == "10"


def test_the_public_checks_are_salted_by_the_course_and_by_the_student(term: Term) -> None:
    home, course, _ = term
    book = public.unpack(packed_checks(BOOK / "roulette.ipynb"))
    ours = public.unpack(packed_checks(course / "roulette.ipynb"))
    salts = {s: public.unpack(packed_checks(home / "handout" / f"{s}.ipynb"))["red"]["salt"] for s in ("ana", "bo")}
    assert "salt" not in book["red"] and len(ours["red"]["salt"]) == 32
    assert len({ours["red"]["salt"], *salts.values()}) == 3  # the course's, and each student's own
    assert ours["red"]["right"] != book["red"]["right"]  # a table made for the book's hashes finds nothing here
    assert ours["red"]["right"] != public.publish(keys.load("roulette", BOOK / "source").questions()["red"])["right"]
    assert public.judge("roulette.red", ours["red"], F(9, 19)).right
    assert public.judge("roulette.red", book["red"], F(9, 19)).right  # a notebook handed out unsalted still works
    assert not public.judge("roulette.red", ours["red"], F(18, 38) + F(1, 38)).right


def test_another_course_salts_its_checks_its_own_way(term: Term, tmp_path: Path) -> None:
    _, course, _ = term
    other = tmp_path / "other"
    subprocess.run([*CLASSROOM, "init", str(other), "--from", str(BOOK)], check=True, capture_output=True)
    subprocess.run([*CLASSROOM, "build", "roulette", "--course", str(other), "--no-run"],
                   check=True, capture_output=True)
    ours = public.unpack(packed_checks(course / "roulette.ipynb"))["red"]
    theirs = public.unpack(packed_checks(other / "roulette.ipynb"))["red"]
    assert ours["salt"] != theirs["salt"] and ours["right"] != theirs["right"]
    assert public.judge("roulette.red", theirs, F(9, 19)).right
