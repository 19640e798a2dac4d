"""A deliberate error in a chapter shows only its line: the extension keeps exactly "ename: evalue" of each error."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "book" / "_ext"))
from error_lines import error_line  # book/_ext is not a package: imported from its folder

ANSI = re.compile(r"\x1b\[[0-9;]*m")
ERRORS = [
    (notebook.stem, output)
    for notebook in sorted((ROOT / "book").glob("*.ipynb"))
    for cell in json.loads(notebook.read_text())["cells"]
    for output in cell.get("outputs", [])
    if output["output_type"] == "error"
]


def test_the_chapters_have_deliberate_errors_to_show() -> None:
    assert len(ERRORS) >= 4


@pytest.mark.parametrize("output", [o for _, o in ERRORS], ids=[f"{name}-{i}" for i, (name, _) in enumerate(ERRORS)])
def test_an_error_keeps_its_own_line_and_nothing_else(output: dict[str, list[str] | str]) -> None:
    traceback = ANSI.sub("", "\n".join(output["traceback"]))
    assert "Traceback" in traceback or "File " in traceback or "Cell In" in traceback  # frames to drop
    assert error_line(traceback) == f"{output['ename']}: {output['evalue']}"


def test_a_message_of_several_lines_keeps_them() -> None:
    traceback = "Traceback (most recent call last):\n  File \"/x.py\", line 1\nValueError: first line\nsecond line"
    assert error_line(traceback) == "ValueError: first line\nsecond line"
