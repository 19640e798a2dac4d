"""The book's notebooks as files: in the table of contents, saved with outputs, no typed results, Colab-ready."""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
from toc import toc_pages

ROOT = Path(__file__).resolve().parents[1]
def book_notebooks() -> list[Path]:
    return sorted(
        p for p in (ROOT / "book").rglob("*.ipynb")
        if not {".ipynb_checkpoints", "_build"} & set(p.parts) and "solutions" not in p.parts
    )


NOTEBOOKS = book_notebooks()
# A decimal percent or a fraction with a two-digit denominator, outside a glue role: a result typed by hand.
TYPED = re.compile(r"(?<![\w{`/])(\d+\.\d+\s?%|\d+/\d{2,}(?![\w/]))")
GLUE = re.compile(r"\{glue[^}]*\}`[^`]*`")


def ids(paths: list[Path]) -> list[str]:
    return [str(p.relative_to(ROOT)) for p in paths]


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_every_notebook_is_in_the_table_of_contents(path: Path) -> None:
    assert str(path.relative_to(ROOT).with_suffix("")) in toc_pages()


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_notebooks_are_saved_with_outputs(path: Path) -> None:
    cells = json.loads(path.read_text())["cells"]
    code = [c for c in cells if c["cell_type"] == "code" and "".join(c["source"]).strip()]
    executed = [c for c in code if c.get("execution_count") is not None]
    assert executed, f"{path.name} has no executed cell: run `make notebooks`"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_no_results_typed_into_prose(path: Path) -> None:
    typed = []
    for cell in json.loads(path.read_text())["cells"]:
        if cell["cell_type"] == "markdown":
            typed += TYPED.findall(GLUE.sub("", "".join(cell["source"])))
    assert typed == [], "glue these from casino_math instead of typing them"


def test_every_chapter_has_its_colab_install_cell() -> None:
    result = subprocess.run([sys.executable, str(ROOT / "book" / "_ext" / "colab.py"), "--check"],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 0, result.stdout


@pytest.mark.parametrize("path", NOTEBOOKS, ids=ids(NOTEBOOKS))
def test_every_chart_cell_shows_its_chart(path: Path) -> None:
    """A chart function closes its figure in pyplot and hands it back: a trailing ';' would hide it for good."""
    last_lines = ["".join(cell["source"]).strip().splitlines()[-1] for cell in json.loads(path.read_text())["cells"]
                  if cell["cell_type"] == "code" and "".join(cell["source"]).strip()]
    hidden = [line for line in last_lines if "plots" in line and line.endswith(";")]
    assert hidden == [], f"{path.name}: drop the ';' so the chart shows: {hidden}"
