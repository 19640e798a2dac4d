"""No run lost, no score stale: every entry of a submissions folder gets its own row, whatever it is.

One run grades a folder of odd entries seen in a term: links (to a classmate's notebook, to /proc, to nothing, to
a folder of notebooks), a pipe, a 240-character name and its "(1)" copy, a student named "points possible", one
name in two Unicode forms, a name with a new line in it, a notebook of 30,000 cells, an answer cell under
``%%time``, and a cell whose metadata names its question in a list.  The honest copy of the teacher's answers
scores 11 of 11.
"""

import json
import os
import subprocess
import unicodedata
from pathlib import Path

import pytest
from classroom_helpers import CLASSROOM, answer_cell, code, grade, notebook, rows_of

from casino_math.classroom import feedback

#: The odd folder graded: the command's result, the CSV's rows, the submissions' folder, the teacher's folder.
Run = tuple[subprocess.CompletedProcess[str], list[dict[str, str]], Path, Path]

FULL = 11
LONG = "x" * 234  # with ".ipynb", a name of 240 characters
NFC, NFD = unicodedata.normalize("NFC", "Zoë"), unicodedata.normalize("NFD", "Zoë")


def odd_folder(folder: Path, outside: Path) -> None:
    honest = json.dumps(notebook("teacher"))
    (folder / "honest.ipynb").write_text(honest)
    (folder / "classmate.ipynb").symlink_to(folder / "honest.ipynb")
    (folder / "pagemap.ipynb").symlink_to("/proc/self/pagemap")
    (folder / "broken.ipynb").symlink_to("/nowhere/at/all.ipynb")
    (outside / "forty").mkdir()
    for number in range(40):
        (outside / "forty" / f"s{number}.ipynb").write_text(honest)
    (folder / "linked").symlink_to(outside / "forty")
    os.mkfifo(folder / "pipe.ipynb")
    (folder / f"{LONG}.ipynb").write_text(honest)
    (folder / f"{LONG} (1).ipynb").write_text(json.dumps(notebook()))
    (folder / "points possible.ipynb").write_text(honest)
    (folder / f"{NFC}.ipynb").write_text(honest)
    (folder / f"{NFD}.ipynb").write_text(json.dumps(notebook()))
    (folder / "new\nline.ipynb").write_text(honest)
    many = notebook("teacher")
    many["cells"] += [code("")] * 30_000
    (folder / "many.ipynb").write_text(json.dumps(many))
    timed = notebook("teacher")
    answer_cell(timed, "red")["source"] = "%%time\n" + "".join(answer_cell(timed, "red")["source"])
    (folder / "timed.ipynb").write_text(json.dumps(timed))
    tagged = notebook("teacher")
    answer_cell(tagged, "splits")["metadata"]["classroom"]["question"] = ["splits"]
    (folder / "tagged.ipynb").write_text(json.dumps(tagged))


@pytest.fixture(scope="module")
def run(tmp_path_factory: pytest.TempPathFactory) -> Run:
    folder, outside = tmp_path_factory.mktemp("odd"), tmp_path_factory.mktemp("teacher")
    odd_folder(folder, outside)
    out = outside / "grades.csv"
    result = subprocess.run(grade(folder, "roulette", out, "--jobs", "2", "--feedback", str(outside / "feedback")),
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return result, rows_of(out), folder, outside


def row(rows: list[dict[str, str]], file: str) -> dict[str, str]:
    return next(r for r in rows if r["file"] == file)


def test_every_entry_of_the_folder_gets_a_row_and_the_run_completes(run: Run) -> None:
    _, rows, folder, _ = run
    entries = sorted(p.name for p in folder.iterdir())
    assert len(entries) == 15
    assert sorted(r["file"] for r in rows[1:]) == sorted(e.replace("\n", "\\n") for e in entries)


@pytest.mark.parametrize("file, target", [
    ("classmate.ipynb", "honest.ipynb"),  # a classmate's notebook: it scored 11 of 11 with no flag
    ("pagemap.ipynb", "/proc/self/pagemap"),  # aborted the whole run, naming no file
    ("broken.ipynb", "/nowhere/at/all.ipynb"),  # skipped with no row
])
def test_a_link_gets_its_own_row_and_never_its_targets_marks(run: Run, file: str, target: str) -> None:
    _, rows, _, _ = run
    assert row(rows, file)["total"] == "0"
    assert "a link (to " in row(rows, file)["notes"] and target in row(rows, file)["notes"]
    assert row(rows, "honest.ipynb")["total"] == str(FULL)


def test_a_linked_folder_of_forty_notebooks_gets_one_row_that_says_so(run: Run) -> None:
    _, rows, _, _ = run
    assert row(rows, "linked")["total"] == "0" and "a link to a folder" in row(rows, "linked")["notes"]
    assert not any(r["file"].startswith("linked/") for r in rows)


def test_a_pipe_gets_a_row_and_does_not_hold_the_grader(run: Run) -> None:
    _, rows, _, _ = run
    assert "not a regular file" in row(rows, "pipe.ipynb")["notes"]


def test_a_240_character_name_and_its_copy_are_graded_with_feedback(run: Run) -> None:
    _, rows, _, outside = run
    assert row(rows, f"{LONG}.ipynb")["total"] == str(FULL) and row(rows, f"{LONG} (1).ipynb")["total"] == "0"
    written = list((outside / "feedback").iterdir())
    assert len(written) == len(rows) - 1  # one feedback file per row, the long names' among them
    assert all(len(p.name.encode()) <= 255 for p in written)
    assert sum("Total: 11 of 11 points." in p.read_text() for p in written if p.name.startswith("xxx")) == 1


def test_a_student_named_points_possible_is_a_student(run: Run) -> None:
    _, rows, _, outside = run
    assert rows[0]["student"] == "points possible" and rows[0]["file"] == ""
    assert row(rows, "points possible.ipynb")["total"] == str(FULL)
    book = outside / "class.csv"
    subprocess.run([*CLASSROOM, "gradebook", str(outside / "grades.csv"), "--out", str(book)], check=True,
                   capture_output=True)
    merged = rows_of(book)
    assert [r["grades"] for r in merged if r["student"] == "points possible"] == [str(FULL), str(FULL)]


def test_one_name_in_two_unicode_forms_is_one_student(run: Run) -> None:
    _, rows, _, _ = run
    zoe = [r for r in rows if unicodedata.normalize("NFC", r["student"]) == NFC]
    assert len(zoe) == 2 and {r["student"] for r in zoe} == {NFC}
    assert all("one of 2 files for Zoë" in r["notes"] and "differ only in how Unicode writes a letter" in r["notes"]
               for r in zoe)


def test_every_record_of_the_csv_is_one_line(run: Run) -> None:
    _, rows, _, outside = run
    assert (outside / "grades.csv").read_text().count("\n") == len(rows) + 1
    assert row(rows, "new\\nline.ipynb")["student"] == "new\\nline"


def test_a_notebook_of_30000_cells_keeps_its_hidden_tests(run: Run) -> None:
    _, rows, _, _ = run
    assert row(rows, "many.ipynb")["total"] == str(FULL) and row(rows, "many.ipynb")["edge_of"] == "2"


def test_an_answer_cell_under_time_costs_nothing(run: Run) -> None:
    _, rows, _, _ = run
    assert row(rows, "timed.ipynb")["total"] == str(FULL) and row(rows, "timed.ipynb")["notes"] == ""


def test_a_question_named_in_a_list_is_ignored_and_the_notebook_graded(run: Run) -> None:
    _, rows, _, _ = run
    assert row(rows, "tagged.ipynb")["total"] == str(FULL)


@pytest.mark.parametrize("first, second", [(NFD, NFC), ("Ana", "ana")])
def test_feedback_names_differ_where_a_file_system_does_not_tell_unicode_forms_or_case_apart(
        first: str, second: str) -> None:
    # macOS's file systems read "Zoë" composed and decomposed, or "Ana" and "ana", as one name: two files of such
    # names would overwrite each other's feedback.
    used: set[str] = set()
    names = [feedback.name_of(s, f"{s}.ipynb", used, several=True) for s in (first, second)]
    assert len({unicodedata.normalize("NFC", name).casefold() for name in names}) == 2, names
    assert all(unicodedata.is_normalized("NFC", name) for name in names)
