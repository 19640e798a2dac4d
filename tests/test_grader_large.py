"""Large notebooks: a cell's outputs (a large image) are never read, so they cost neither memory nor marks; the
code and text have a ceiling of their own, and the file as a whole a higher one, each named in the grade's note.
A hand-marked answer cut for its marking page says it was cut."""

import json
import subprocess
from pathlib import Path
from typing import Any

import pytest
from classroom_helpers import answer_cell, by_student, grade, notebook

from casino_math.classroom import submitted

#: A long answer to the question marked by hand.
LONG = "Bold play stakes less in all. " * 1000


def with_image(nb: dict[str, Any], megabytes: int) -> dict[str, Any]:
    """The notebook with an image of about ``megabytes`` MB as the output of its first code cell."""
    first = next(c for c in nb["cells"] if c["cell_type"] == "code")
    first["outputs"] = [{"output_type": "display_data", "metadata": {},
                         "data": {"image/png": "iVBORw0KGgo" + "A" * (megabytes * 2**20), "text/plain": "<Figure>"}}]
    return nb


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory) -> Path:
    home = tmp_path_factory.mktemp("large")
    folder = home / "in"
    folder.mkdir()
    ana = with_image(notebook("teacher", "long-run"), 17)
    answer_cell(ana, "why_bold")["source"] = LONG
    (folder / "ana.ipynb").write_text(json.dumps(ana))
    (folder / "bo.ipynb").write_text(json.dumps(with_image(notebook("teacher", "long-run"), 65)))
    cy = notebook("teacher", "long-run")
    cy["cells"].append({"cell_type": "code", "source": "#" * (17 * 2**20), "metadata": {}, "outputs": [],
                        "execution_count": None})
    (folder / "cy.ipynb").write_text(json.dumps(cy))
    out = home / "grades" / "long-run.csv"
    out.parent.mkdir()
    result = subprocess.run(grade(folder, "long-run", out), capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stderr
    return out


def test_a_17_mb_image_output_is_not_read_and_costs_nothing(graded: Path) -> None:
    row = by_student(graded)["ana"]
    assert row["total"] == "12" and "cannot read" not in row["notes"]


def test_a_file_over_64_mb_scores_zero_with_the_limit_in_its_note(graded: Path) -> None:
    row = by_student(graded)["bo"]
    assert row["total"] == "0"
    assert "the file is 65 MB, more than the 64 MB the grader reads" in row["notes"]


def test_code_over_16_mb_scores_zero_with_the_limit_in_its_note(graded: Path) -> None:
    row = by_student(graded)["cy"]
    assert row["total"] == "0"
    assert "its code and text, outputs left out, are 17 MB, more than the 16 MB the grader reads" in row["notes"]


def test_a_long_hand_marked_answer_is_shown_cut_with_a_marker(graded: Path) -> None:
    page = (graded.parent / "long-run.by-hand" / "why_bold.html").read_text()
    assert f"[cut: 20,000 of {len(LONG):,} characters shown]" in page
    assert LONG[:submitted.MOST_ANSWER] in page and LONG not in page
