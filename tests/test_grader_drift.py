"""No silent wrong grade when the numbers move: a varied assignment is graded with its roster or not at all, and a
notebook built with other numbers than the key and roster give now is graded with a note that says so.

A course made by init, with a fixed secret, hands roulette out to three students, each with numbers of their own.
Each hands in their own honest full-mark notebook.  Then the teacher changes something the numbers come from: one
more choice in a key's tuple, or a student's ID in the roster.
"""

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from classroom_helpers import BOOK, CLASSROOM, by_student, grade

from casino_math.classroom import handout, keys, variants

ROSTER = "student,id,name,email,section\nana,4567,Ana Lima,ana@school.edu,A\nbo,4568,Bo Chen,bo@school.edu,A\n" \
         "cy,4569,Cy Diaz,cy@school.edu,B\n"
#: A fixed secret, so that which students' numbers move is known in advance.
SECRET = "02" * 32
#: The key's tuple of spins, and the same with one more choice.
SPINS = '"spins": (80, 40, 50, 60, 75, 100, 120),'
MORE_SPINS = '"spins": (80, 40, 50, 60, 75, 100, 120, 150),'
IDS = {"ana": "4567", "bo": "4568", "cy": "4569"}


@pytest.fixture(scope="module")
def handed(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The teacher's home: the course, the roster, the notebooks handed out, and each student's honest notebook."""
    home = tmp_path_factory.mktemp("teacher")
    subprocess.run([*CLASSROOM, "init", str(home / "course"), "--from", str(BOOK)], check=True, capture_output=True)
    (home / "course" / "secret").write_text(SECRET + "\n")
    (home / "roster.csv").write_text(ROSTER)
    built = subprocess.run([*CLASSROOM, "build", "roulette", "--course", str(home / "course"), "--roster",
                            str(home / "roster.csv"), "--out", str(home / "handout")], capture_output=True, text=True,
                           check=False)
    assert built.returncode == 0, built.stderr
    (home / "in").mkdir()
    for student in IDS:
        nb = json.loads((home / "handout" / "solutions" / f"{student}.ipynb").read_text())
        nb["metadata"]["classroom"]["version"] = "student"
        (home / "in" / f"{student}.ipynb").write_text(json.dumps(nb))
    return home


def copy_of(handed: Path, tmp_path: Path) -> Path:
    """A copy of the course and the roster to change."""
    shutil.copytree(handed / "course", tmp_path / "course")
    shutil.copyfile(handed / "roster.csv", tmp_path / "roster.csv")
    return tmp_path


def test_each_handed_out_notebook_and_the_course_record_the_students_numbers(handed: Path) -> None:
    key = keys.load("roulette", handed / "course" / "source")
    for student, user in IDS.items():
        mine = variants.draw(key.parameters, bytes.fromhex(SECRET), "roulette", user)
        nb = json.loads((handed / "handout" / f"{student}.ipynb").read_text())
        assert nb["metadata"]["classroom"]["numbers"] == handout.digest("roulette", user, mine)
    assert handout.recorded(handed / "course", "roulette") == {
        s: handout.digest("roulette", u, variants.draw(key.parameters, bytes.fromhex(SECRET), "roulette", u))
        for s, u in IDS.items()}


def test_a_varied_assignment_graded_without_its_roster_is_refused_before_anything_is_written(handed: Path,
                                                                                            tmp_path: Path) -> None:
    out = tmp_path / "grades.csv"
    out.write_text("the grades of an earlier run\n")
    result = subprocess.run(grade(handed / "in", "roulette", out, course_folder=handed / "course"),
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert result.stderr.strip().splitlines() == [
        ("error: roulette was handed out with each student's own numbers (build --roster): grade it with --roster "
        "ROSTER, so each file is judged against its student's numbers; nothing was written")]
    assert out.read_text() == "the grades of an earlier run\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["grades.csv"]


def test_honest_notebooks_graded_as_handed_out_get_full_marks_and_no_note(handed: Path, tmp_path: Path) -> None:
    out = tmp_path / "grades.csv"
    subprocess.run(grade(handed / "in", "roulette", out, "--roster", str(handed / "roster.csv"),
                         course_folder=handed / "course"), capture_output=True, check=True)
    rows = by_student(out)
    assert {s: (rows[s]["total"], rows[s]["notes"]) for s in IDS} == {s: ("11", "") for s in IDS}


def test_one_more_choice_in_a_keys_tuple_flags_every_notebook_whose_numbers_moved(handed: Path,
                                                                                 tmp_path: Path) -> None:
    home = copy_of(handed, tmp_path)
    key_file = home / "course" / "source" / "keys" / "roulette.py"
    assert SPINS in key_file.read_text()
    key_file.write_text(key_file.read_text().replace(SPINS, MORE_SPINS))
    before = keys.load("roulette", handed / "course" / "source").parameters
    after = keys.load("roulette", home / "course" / "source").parameters
    secret = bytes.fromhex(SECRET)
    moved = sorted(s for s, u in IDS.items()
                   if variants.draw(before, secret, "roulette", u) != variants.draw(after, secret, "roulette", u))
    assert moved == ["ana", "cy"]  # with this secret; bo keeps the same numbers
    out = tmp_path / "grades.csv"
    result = subprocess.run(grade(handed / "in", "roulette", out, "--roster", str(home / "roster.csv"),
                                  course_folder=home / "course"), capture_output=True, text=True, check=True)
    rows = by_student(out)
    assert [s for s in IDS if handout.DRIFT in rows[s]["notes"]] == moved
    assert (rows["bo"]["total"], rows["bo"]["notes"]) == ("11", "")
    assert "note: 2 notebooks were built with other numbers than the key and roster give now (ana, cy)" \
        in result.stderr
    assert all(f"{s} [{s}.ipynb]: " in line and handout.DRIFT in line
               for s in moved for line in result.stderr.splitlines() if line.startswith(f"{s} ["))
    rebuilt = subprocess.run([*CLASSROOM, "build", "roulette", "--course", str(home / "course"), "--roster",
                              str(home / "roster.csv"), "--out", str(tmp_path / "handout")], capture_output=True,
                             text=True, check=False)
    assert rebuilt.returncode == 2 and not (tmp_path / "handout").exists()
    assert "roulette was handed out already, and 2 students would get other numbers now (ana, cy)" in rebuilt.stderr
    renumbered = subprocess.run([*CLASSROOM, "build", "roulette", "--course", str(home / "course"), "--roster",
                                 str(home / "roster.csv"), "--out", str(tmp_path / "handout"), "--renumber"],
                                capture_output=True, text=True, check=False)
    assert renumbered.returncode == 0, renumbered.stderr
    assert handout.recorded(home / "course", "roulette")["ana"] == handout.digest(
        "roulette", "4567", variants.draw(after, secret, "roulette", "4567"))


def test_a_students_id_changed_in_the_roster_flags_their_notebook(handed: Path, tmp_path: Path) -> None:
    home = copy_of(handed, tmp_path)
    out = tmp_path / "grades.csv"
    subprocess.run(grade(handed / "in", "roulette", out, "--roster", str(home / "roster.csv"),
                         course_folder=home / "course"), capture_output=True, check=True)
    assert all(row["notes"] == "" for row in by_student(out).values())
    (home / "roster.csv").write_text(ROSTER.replace("bo,4568", "bo,4599"))
    again = subprocess.run(grade(handed / "in", "roulette", out, "--roster", str(home / "roster.csv"),
                                 course_folder=home / "course"), capture_output=True, text=True, check=True)
    assert "bo [bo.ipynb]: " in again.stderr and "ana [" not in again.stderr  # bo's alone is graded again
    rows = by_student(out)
    assert [s for s in IDS if handout.DRIFT in rows[s]["notes"]] == ["bo"]
    assert rows["bo"]["id"] == "4599"


def test_the_course_record_flags_a_notebook_whose_metadata_was_cleared(handed: Path, tmp_path: Path) -> None:
    home = copy_of(handed, tmp_path)
    (home / "roster.csv").write_text(ROSTER.replace("cy,4569", "cy,4570"))
    nb = json.loads((handed / "in" / "cy.ipynb").read_text())
    del nb["metadata"]["classroom"]["numbers"]
    (home / "in").mkdir()
    (home / "in" / "cy.ipynb").write_text(json.dumps(nb))
    out = tmp_path / "grades.csv"
    subprocess.run(grade(home / "in", "roulette", out, "--roster", str(home / "roster.csv"),
                         course_folder=home / "course"), capture_output=True, check=True)
    assert handout.DRIFT in by_student(out)["cy"]["notes"]
