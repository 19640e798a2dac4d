"""A roster, a Canvas bulk download, a late policy, and the files Canvas, Moodle and Blackboard import.

Each LMS's file is read back by a small model of that LMS's importer, written here from the importer's own rules
(Canvas: lib/gradebook_importer.rb; Moodle: grade/import/csv/classes/load_data.php; Blackboard: the Grade Center's
help on working offline), not from the exporter: what the model matches, creates, skips or refuses is what the
LMS would.
"""

import csv
import io
import json
import re
import subprocess
from collections.abc import Collection, Sequence
from fractions import Fraction as F
from pathlib import Path

import pytest
from classroom_helpers import CLASSROOM, by_student, canvas_import, grade, notebook, rows_of

ROSTER = ("student,id,name,email,section\nana,4567,Ana Lima,ana@school.edu,A\nbo,4568,\"Chen, Bo\",bo@school.edu,A\n"
          "cy,4569,Cy Diaz,,B\ndee,4570,Dee Roy,dee@school.edu,B\n")
DEADLINE = "2026-12-05T17:00+00:00"
#: A Canvas download graded: the teacher's folder, and the roulette grading's result.
Download = tuple[Path, subprocess.CompletedProcess[str]]


@pytest.fixture(scope="module")
def download(tmp_path_factory: pytest.TempPathFactory) -> Download:
    """A Canvas bulk download of roulette and a graded craps folder, with a roster; dee hands in nothing."""
    home = tmp_path_factory.mktemp("term")
    (home / "roster.csv").write_text(ROSTER)
    folder = home / "roulette"
    folder.mkdir()
    full, blank = json.dumps(notebook("teacher")), json.dumps(notebook())
    (folder / "limaana_4567_998877_roulette.ipynb").write_text(full)
    (folder / "chenbo_LATE_4568_998878_roulette-1.ipynb").write_text(full)
    (folder / "diazcy_4569_998879_Roulette (2).ipynb").write_text(blank)
    (folder / "strangerx_9999_998880_roulette.ipynb").write_text(full)
    out = home / "roulette.csv"
    first = subprocess.run(grade(folder, "roulette", out, "--roster", str(home / "roster.csv"), "--jobs", "2"),
                           capture_output=True, text=True, check=False)
    assert first.returncode == 0, first.stderr
    craps = home / "craps-in"
    craps.mkdir()
    (craps / "ana.ipynb").write_text(json.dumps(notebook("teacher", "craps")))
    (craps / "cy.ipynb").write_text(json.dumps(notebook("student", "craps")))
    subprocess.run(grade(craps, "craps", home / "craps.csv", "--roster", str(home / "roster.csv")),
                   capture_output=True, check=True)
    return home, first


def test_a_canvas_download_is_matched_to_the_roster_by_user_id(download: Download) -> None:
    home, _ = download
    rows = by_student(home / "roulette.csv")
    assert (rows["ana"]["id"], rows["ana"]["total"]) == ("4567", "11")
    assert (rows["bo"]["id"], rows["bo"]["total"]) == ("4568", "11")
    assert (rows["cy"]["id"], rows["cy"]["total"]) == ("4569", "0")
    assert rows["bo"]["file"] == "chenbo_LATE_4568_998878_roulette-1.ipynb"
    assert "Canvas marks it late (no late policy was given)" in rows["bo"]["notes"]


def test_a_file_of_nobody_on_the_roster_gets_a_row_that_says_so(download: Download) -> None:
    home, _ = download
    row = by_student(home / "roulette.csv")["strangerx"]
    assert row["total"] == "11" and "not on the roster (roster.csv): no student there is named strangerx or has " \
                                    "the ID 9999" in row["notes"]


def test_a_late_policy_applies_to_a_manifests_times_and_the_late_flag_without_grading_again(
        download: Download, tmp_path: Path) -> None:
    home, _ = download
    (home / "manifest.csv").write_text("id,submitted\n4567,2026-12-05T16:59:59+00:00\n4569,2026-12-07T09:00Z\n")
    out = tmp_path / "late.csv"
    for name in ("roulette.csv", "roulette.csv.journal"):
        (tmp_path / name.replace("roulette", "late")).write_bytes((home / name).read_bytes())
    again = subprocess.run(grade(home / "roulette", "roulette", out, "--roster", str(home / "roster.csv"),
                                 "--deadline", DEADLINE, "--late-penalty", "10%", "--manifest",
                                 str(home / "manifest.csv")), capture_output=True, text=True, check=True)
    assert "]: " not in again.stderr  # nothing graded again: the journal holds every grade
    assert "graded 0 files of roulette (out of 11 points)" in again.stdout
    assert "; 4 more kept the grades of an earlier run (unchanged since)" in again.stdout
    rows = by_student(out)
    assert (rows["ana"]["late"], rows["ana"]["penalty"], rows["ana"]["total"]) == ("0", "0", "11")
    assert (rows["bo"]["late"], rows["bo"]["penalty"], rows["bo"]["total"]) == ("1", "1.1", "9.9")
    assert "Canvas marks it late and no manifest gives its time: counted as one day late" in rows["bo"]["notes"]
    assert (rows["cy"]["late"], rows["cy"]["total"]) == ("2", "0")  # 2 days late, and nothing to take from
    zero = subprocess.run(grade(home / "roulette", "roulette", out, "--roster", str(home / "roster.csv"),
                                "--deadline", DEADLINE, "--late-penalty", "zero"), capture_output=True, text=True,
                          check=True)
    assert zero.returncode == 0 and by_student(out)["bo"]["total"] == "0" and by_student(out)["ana"]["total"] == "11"


def test_canvas_submissions_json_gives_the_times(download: Download, tmp_path: Path) -> None:
    home, _ = download
    (tmp_path / "subs.json").write_text(json.dumps([{"user_id": 4567, "submitted_at": "2026-12-06T18:00:00Z"},
                                                    {"user_id": 4568, "submitted_at": None}]))
    out = tmp_path / "g.csv"
    for name in ("roulette.csv", "roulette.csv.journal"):
        (tmp_path / name.replace("roulette", "g")).write_bytes((home / name).read_bytes())
    subprocess.run(grade(home / "roulette", "roulette", out, "--roster", str(home / "roster.csv"), "--deadline",
                         DEADLINE, "--late-penalty", "25%", "--manifest", str(tmp_path / "subs.json")), check=True,
                   capture_output=True)
    assert (by_student(out)["ana"]["late"], by_student(out)["ana"]["total"]) == ("2", "5.5")  # 11 less 2 x 2.75


@pytest.mark.parametrize("args, message", [
    (["--deadline", DEADLINE], "a late policy needs both --deadline TIME and --late-penalty"),
    (["--late-penalty", "10%"], "a late policy needs both --deadline TIME and --late-penalty"),
    (["--deadline", "friday", "--late-penalty", "10%"], "'friday' is not a time; write it in ISO 8601"),
    (["--deadline", DEADLINE, "--late-penalty", "ten"], "give a share of the points per day late, such as 10%, or zero"),
])
def test_a_bad_late_policy_is_a_one_line_error(download: Download, args: list[str], message: str) -> None:
    home, _ = download
    result = subprocess.run(grade(home / "roulette", "roulette", home / "x.csv", *args), capture_output=True,
                            text=True, check=False)
    assert result.returncode == 2 and message in result.stderr and "Traceback" not in result.stderr


def test_the_help_shows_the_late_penalty_as_it_is_written() -> None:
    shown = subprocess.run([*CLASSROOM, "grade", "--help"], capture_output=True, text=True, check=True).stdout
    assert "--late-penalty N%|zero" in shown and "%%" not in shown


@pytest.mark.parametrize("roster, message", [
    ("name,email\nAna,a@x\n", "needs the columns student and id (and may have name, email, section, first, last); it lacks student, id"),
    ("student,id\nana,1\nAna,2\n", "lines 2 and 3: two students with the student 'Ana'"),
    ("student,id\nana,1\nbo,1\n", "lines 2 and 3: two students with the id '1'"),
    ("student,id\nana,\n", "line 2: every student needs a student name and an id"),
])
def test_a_bad_roster_is_a_one_line_error(download: Download, tmp_path: Path, roster: str, message: str) -> None:
    home, _ = download
    (tmp_path / "r.csv").write_text(roster)
    result = subprocess.run(grade(home / "roulette", "roulette", tmp_path / "x.csv", "--roster", str(tmp_path / "r.csv")),
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2 and message in result.stderr


# ---------------------------------------------------------------- the LMS files, read back by each importer's rules

def craps_points(home: Path) -> str:
    """What the craps assignment is worth, as its CSV says."""
    return rows_of(home / "craps.csv")[0]["total"]


def gradebook(home: Path, lms: str, *extra: str) -> tuple[Path, subprocess.CompletedProcess[str]]:
    out = home / f"{lms}.csv"
    result = subprocess.run([*CLASSROOM, "gradebook", str(home / "roulette.csv"), str(home / "craps.csv"), "--roster",
                             str(home / "roster.csv"), "--lms", lms, "--out", str(out), *extra],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return out, result


def test_the_canvas_file_is_imported_with_every_student_and_assignment_matched(download: Download) -> None:
    home, _ = download
    out, result = gradebook(home, "canvas", "--lms-id", "roulette=111", "--lms-id", "craps=222")
    text = out.read_text()
    assert text.splitlines()[0] == "Student,ID,SIS User ID,SIS Login ID,Section,roulette (111),craps (222)"
    matched, points, grades, new = canvas_import(text, {4567, 4568, 4569, 4570}, {111: "Roulette", 222: "Craps"})
    assert matched == {"roulette (111)": 111, "craps (222)": 222} and new == []
    craps = craps_points(home)
    assert points == {"roulette (111)": "11", "craps (222)": craps}
    assert grades == {4567: {"roulette (111)": "11", "craps (222)": craps}, 4568: {"roulette (111)": "11", "craps (222)": ""},
                      4569: {"roulette (111)": "0", "craps (222)": "0"}, 4570: {"roulette (111)": "", "craps (222)": ""}}
    assert "strangerx was graded but is not on the roster: left out" in result.stderr


def test_without_ids_canvas_matches_each_assignment_by_its_title_and_no_column_is_a_new_assignment(
        download: Download) -> None:
    home, _ = download
    out, _ = gradebook(home, "canvas")
    matched, _, _, new = canvas_import(out.read_text(), {4567, 4568, 4569, 4570}, {111: "roulette", 222: "craps"})
    assert matched == {"roulette": 111, "craps": 222} and new == []


def moodle_import(text: str, map_from: str, users: Collection[str]) -> dict[str, dict[str, str]]:
    """Moodle's CSV grade import (load_data.php): one column mapped to a user field; a row whose user is not found
    abandons the import, a row whose identifier is blank keeps the previous row's user; every row has the header's
    columns; '-' or blank is no grade; a grade above 100 abandons the import."""
    rows = list(csv.reader(io.StringIO(text)))
    header = rows[0]
    grades: dict[str, dict[str, str]] = {}
    who = ""
    for row in rows[1:]:
        assert len(row) == len(header), "csvweirdcolumns"
        who = row[header.index(map_from)] or who
        if not who:
            continue
        assert who in users, f"usermappingerror: {who}"
        values: dict[str, str] = {}
        for column, value in zip(header, row, strict=True):
            if column in ("ID number", "Email address") or value.strip() in ("", "-"):
                continue
            assert F(value) <= 100, "gradevaluetoobig"
            values[column] = value
        grades[who] = values
    return grades


def test_the_moodle_file_is_imported_by_id_number_or_by_email(download: Download, tmp_path: Path) -> None:
    home, _ = download
    (tmp_path / "roster.csv").write_text(ROSTER.replace("Cy Diaz,,B", "Cy Diaz,cy@school.edu,B"))
    out = tmp_path / "moodle.csv"
    subprocess.run([*CLASSROOM, "gradebook", str(home / "roulette.csv"), str(home / "craps.csv"), "--roster",
                    str(tmp_path / "roster.csv"), "--lms", "moodle", "--out", str(out)], check=True, capture_output=True)
    text = out.read_text()
    assert text.splitlines()[0] == "ID number,Email address,roulette,craps"
    expected = {"4567": {"roulette": "11", "craps": craps_points(home)}, "4568": {"roulette": "11"},
                "4569": {"roulette": "0", "craps": "0"}, "4570": {}}
    assert moodle_import(text, "ID number", set(expected)) == expected
    emails = {"4567": "ana@school.edu", "4568": "bo@school.edu", "4569": "cy@school.edu", "4570": "dee@school.edu"}
    by_email = moodle_import(text, "Email address", set(emails.values()))
    assert by_email == {emails[number]: grades for number, grades in expected.items()}


def test_a_student_with_no_email_leaves_the_email_column_out_of_the_moodle_file(download: Download) -> None:
    # cy has no email: Moodle, mapping by email, would give cy's row to bo, the row before.
    home, _ = download
    out, result = gradebook(home, "moodle")
    text = out.read_text()
    assert text.splitlines()[0] == "ID number,roulette,craps"
    assert moodle_import(text, "ID number", {"4567", "4568", "4569", "4570"})["4569"] == {"roulette": "0", "craps": "0"}
    assert "the file has no Email address column: cy has no email in the roster" in result.stderr


def test_moodle_refuses_an_assignment_worth_more_than_100_points(download: Download, tmp_path: Path) -> None:
    home, _ = download
    (tmp_path / "big.csv").write_text("student,id,file,essay,total,notes\npoints possible,,,130,130,\n"
                                      "ana,4567,ana.ipynb,120,120,\n")
    result = subprocess.run([*CLASSROOM, "gradebook", str(tmp_path / "big.csv"), "--roster", str(home / "roster.csv"),
                             "--lms", "moodle", "--out", str(tmp_path / "m.csv")], capture_output=True, text=True,
                            check=False)
    assert result.returncode == 2 and "big is worth 130 points, and Moodle's import abandons a grade above 100" in \
        result.stderr


def test_the_blackboard_file_has_usernames_quoted_fields_and_column_ids(download: Download) -> None:
    home, _ = download
    out, _ = gradebook(home, "blackboard", "--lms-id", "roulette=664617")
    lines = out.read_text().splitlines()
    assert lines[0] == '"Last Name","First Name","Username","roulette [Total Pts: 11 Score] |664617","craps"'
    assert all(re.fullmatch(r'("[^"]*",)*"[^"]*"', line) for line in lines)  # every field quoted
    rows = list(csv.DictReader(io.StringIO(out.read_text())))
    assert [(r["Last Name"], r["First Name"], r["Username"]) for r in rows] == [
        ("Lima", "Ana", "4567"), ("Chen", "Bo", "4568"), ("Diaz", "Cy", "4569"), ("Roy", "Dee", "4570")]
    assert [r["roulette [Total Pts: 11 Score] |664617"] for r in rows] == ["11", "11", "0", ""]


def test_an_lms_file_needs_a_roster(download: Download) -> None:
    home, _ = download
    result = subprocess.run([*CLASSROOM, "gradebook", str(home / "roulette.csv"), "--lms", "canvas", "--out",
                             str(home / "x.csv")], capture_output=True, text=True, check=False)
    assert result.returncode == 2 and "--lms canvas needs --roster: the LMS matches each student by their ID" in result.stderr


def test_the_plain_gradebook_with_a_roster_has_a_row_for_every_student(download: Download) -> None:
    home, _ = download
    out = home / "class.csv"
    subprocess.run([*CLASSROOM, "gradebook", str(home / "roulette.csv"), str(home / "craps.csv"), "--roster",
                    str(home / "roster.csv"), "--out", str(out)], check=True, capture_output=True)
    rows = rows_of(out)
    craps = craps_points(home)
    assert [(r["student"], r["id"], r["roulette"], r["craps"], r["total"]) for r in rows] == [
        ("points possible", "", "11", craps, str(11 + int(craps))), ("ana", "4567", "11", craps, str(11 + int(craps))),
        ("bo", "4568", "11", "", "11"), ("cy", "4569", "0", "0", "0"), ("dee", "4570", "", "", "0")]


# ---------------------------------------------------------------- names, ids and marks an importer would misread

HOSTILE = [  # student, id, name, email, section, first, last
    ("eve", "4601", "=cmd|' /C calc'!A0", "eve@school.edu", "@A", "", ""),
    ("fay", "4602", "Fay\nSmith", "fay@school.edu", "+B", "", ""),
    ("hub", "4603", "Hubert Blaine Wolfe Sr.", "hub@school.edu", "-C", "", ""),
    ("mar", "4604", "María José García López", "mar@school.edu", "\tD", "María José", "García López"),
    ("ida", "x-99", "Ida Ng", "ida@school.edu", "A", "", ""),
]
FORMULA = ("=", "+", "-", "@", "\t", "\r")


def hostile_term(folder: Path, people: Sequence[tuple[str, ...]]) -> tuple[Path, Path]:
    """A roster of ``people`` and an essay CSV graded for each: 3 points checked, 2 marked by hand (all marked but
    eve's)."""
    with open(folder / "roster.csv", "w", newline="") as file:
        csv.writer(file).writerows([("student", "id", "name", "email", "section", "first", "last"), *people])
    essay = folder / "essay.csv"
    with open(essay, "w", newline="") as file:
        csv.writer(file).writerows([("student", "id", "file", "calc", "why", "total", "notes"),
                                    ("points possible", "", "", "3", "2", "5", ""),
                                    *((p[0], p[1], f"{p[0]}.ipynb", "3", "", "3", "") for p in people)])
    (folder / "essay.by-hand").mkdir()
    with open(folder / "essay.by-hand" / "marks.csv", "w", newline="") as file:
        csv.writer(file).writerows([("student", "file", "why"), ("points possible", "", "2"),
                                    *((p[0], f"{p[0]}.ipynb", "" if p[0] == "eve" else "1") for p in people)])
    return folder / "roster.csv", essay


def lms_file(folder: Path, lms: str, *extra: str, people: Sequence[tuple[str, ...]] = HOSTILE
             ) -> tuple[str, subprocess.CompletedProcess[str]]:
    roster, essay = hostile_term(folder, people)
    result = subprocess.run([*CLASSROOM, "gradebook", str(essay), "--roster", str(roster), "--lms", lms, "--out",
                             str(folder / f"{lms}.csv"), *extra], capture_output=True, text=True, check=False)
    return (folder / f"{lms}.csv").read_text() if result.returncode == 0 else "", result


@pytest.mark.parametrize("lms", ["canvas", "moodle", "blackboard"])
def test_no_cell_of_an_lms_file_runs_as_a_formula_or_spans_two_lines(tmp_path: Path, lms: str) -> None:
    text, result = lms_file(tmp_path, lms)
    assert result.returncode == 0, result.stderr
    rows = list(csv.reader(io.StringIO(text)))
    assert len(text.splitlines()) == len(rows) == len(HOSTILE) + 1 + (lms == "canvas")  # one record per line
    assert not [c for row in rows for c in row if c.startswith(FORMULA) and c != "-"]  # Moodle's "no grade" is text


def test_canvas_imports_every_hostile_name_as_a_student_and_notes_an_id_it_cannot_match(tmp_path: Path) -> None:
    text, result = lms_file(tmp_path, "canvas")
    _, points, grades, new = canvas_import(text, {4601, 4602, 4603, 4604}, {})
    assert points == {"essay": "5"}
    assert sorted(grades) == [4601, 4602, 4603, 4604] and new == ["Ida Ng"]  # ida's id is not a Canvas user ID
    assert "these ids are not numbers, so Canvas will not match their rows: ida (x-99)" in result.stderr
    assert "anon_… ids cannot be matched" in result.stderr
    rows = list(csv.reader(io.StringIO(text)))
    assert rows[2][0] == "'=cmd|' /C calc'!A0" and rows[2][4] == "'@A"  # as the grades CSV writes it


@pytest.mark.parametrize("name", ["Bo (Points Possible)", "bo points possible"])
def test_canvas_refuses_a_name_it_would_read_as_the_points_row(tmp_path: Path, name: str) -> None:
    _, result = lms_file(tmp_path, "canvas", people=[("bo", "4605", name, "bo@school.edu", "A", "", "")])
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"the roster names bo {name!r}, and Canvas reads a row whose first cell contains 'Points Possible' as " \
           "the points row" in result.stderr


@pytest.mark.parametrize("lms, field, value", [("moodle", "id", "=4605"), ("moodle", "email", "@bo@school.edu"),
                                               ("blackboard", "id", "+bo")])
def test_an_id_or_email_that_would_run_as_a_formula_is_refused(tmp_path: Path, lms: str, field: str,
                                                                value: str) -> None:
    bo = {"student": "bo", "id": "4605", "name": "Bo", "email": "bo@school.edu", "section": "A", "first": "",
          "last": ""} | {field: value}
    _, result = lms_file(tmp_path, lms, people=[tuple(bo.values())])
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert f"the roster's {field} of bo, {value!r}, would run as a formula in a spreadsheet" in result.stderr


def test_blackboard_splits_names_as_the_roster_states_them(tmp_path: Path) -> None:
    text, _ = lms_file(tmp_path, "blackboard")
    rows = {r["Username"]: (r["Last Name"], r["First Name"]) for r in csv.DictReader(io.StringIO(text))}
    assert rows["4603"] == ("Wolfe Sr.", "Hubert Blaine") and rows["4604"] == ("García López", "María José")
    assert rows["4602"] == ("Smith", "Fay")  # a newline in a name splits it as a space does


@pytest.mark.parametrize("lms", ["canvas", "moodle", "blackboard"])
def test_an_assignment_not_marked_yet_is_blank_in_an_lms_file_and_listed(tmp_path: Path, lms: str) -> None:
    text, result = lms_file(tmp_path, lms)
    rows = list(csv.reader(io.StringIO(text)))
    essay = {row[rows[0].index("Username" if lms == "blackboard" else "ID" if lms == "canvas" else "ID number")]:
             row[-1] for row in rows[1:]}
    assert essay["4601"] == ("-" if lms == "moodle" else "") and essay["4602"] == "4"
    assert "left blank, as not marked yet (mark them, or pass --score-unmarked)" in result.stderr
    assert "eve: essay (why)" in result.stderr and "fay: essay" not in result.stderr


def test_the_score_so_far_of_an_assignment_not_marked_yet_is_written_when_asked(tmp_path: Path) -> None:
    text, result = lms_file(tmp_path, "canvas", "--score-unmarked")
    rows = {row[1]: row[-1] for row in csv.reader(io.StringIO(text))}
    assert rows["4601"] == "3" and "written with the score so far (what is not marked counts 0)" in result.stderr
