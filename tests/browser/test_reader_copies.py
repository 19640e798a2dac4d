"""What the built site hands a reader to run: the notebooks under ``notebooks/``, Binder's ``.binder/``, and the pages.

Read from ``_build/html`` as the build wrote it (no browser): the reader's notebooks and the pages carry no path of
the machine that built them (a published site would show its CI's); the notebooks' code neither glues nor imports
myst-nb; Colab installs the wheel the site serves; Binder installs neither myst-nb nor Sphinx.
"""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path
from typing import Any

import pytest
from conftest import ROOT, SITE

sys.path.insert(0, str(ROOT / "book" / "_ext"))
from saved_notebooks import machine_paths

#: The reader's notebooks the build wrote.
COPIES = sorted((SITE / "notebooks").rglob("*.ipynb")) if (SITE / "notebooks").is_dir() else []
#: Every page of the site.
PAGES = sorted(p for p in SITE.rglob("*.html") if "_static" not in p.relative_to(SITE).parts)
#: Where this checkout and its Python live, as a build here would name them.
HERE = sorted({str(ROOT), sys.prefix, sys.base_prefix, str(Path(sys.executable).resolve().parent.parent)})


def named(path: Path) -> str:
    return path.relative_to(SITE).as_posix()


def output_text(output: dict[str, Any]) -> list[str]:
    """The text of an output a reader sees: a traceback and its message, printed text, a result's plain text."""
    text = [*output.get("traceback", []), output.get("evalue", ""), "".join(output.get("text", ""))]
    return text + ["".join(value) for value in output.get("data", {}).values() if isinstance(value, (str, list))]


def test_the_site_has_the_readers_notebooks() -> None:
    assert len(COPIES) >= 15, f"{SITE / 'notebooks'} holds {len(COPIES)} notebooks: build the book (make strict-book)"


@pytest.mark.parametrize("path", COPIES, ids=named)
def test_a_readers_notebook_names_no_path_of_the_build_machine(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    outputs = [output for cell in nb["cells"] for output in cell.get("outputs", [])]
    found = [p for output in outputs for line in output_text(output) for p in machine_paths(line)]
    assert found == [], f"{named(path)}: its outputs name the build machine's paths"
    text = path.read_text(encoding="utf-8")
    assert [here for here in HERE if here in text] == []


@pytest.mark.parametrize("path", PAGES, ids=named)
def test_a_page_names_no_path_of_the_build_machine(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    assert [here for here in HERE if here in text] == [], f"{named(path)} names the build machine's paths"
    blocks = re.findall(r'<div class="[^"]*\b(?:traceback|output|stderr)\b[^"]*">(.*?)</pre>', text, re.DOTALL)
    assert [p for block in blocks for p in machine_paths(re.sub(r"<[^>]+>", "", block))] == []


@pytest.mark.parametrize("path", COPIES, ids=named)
def test_a_readers_notebook_runs_without_glue_and_colab_installs_the_wheel_the_site_serves(path: Path) -> None:
    nb = json.loads(path.read_text(encoding="utf-8"))
    code = ["".join(cell["source"]) for cell in nb["cells"] if cell["cell_type"] == "code"]
    assert not [line for source in code for line in source.splitlines()
                if re.search(r"\bglue(_\w+)?\(|myst_nb", line) and not line.lstrip().startswith("#")]
    installs = [source for source in code if "google.colab" in source]
    if installs:
        wheel = re.search(r'@ (\S+/_static/live/(casino_math-[^/"]+\.whl))"', installs[0])
        assert wheel, f"{named(path)}: Colab does not install the wheel the site serves"
        assert (SITE / "_static" / "live" / wheel.group(2)).exists()


def test_binder_installs_neither_myst_nor_sphinx_and_pins_every_package() -> None:
    lines = [line for line in (SITE / ".binder" / "requirements.txt").read_text().splitlines()
             if line.strip() and not line.startswith("#")]
    assert lines and all(re.fullmatch(r"[\w.-]+==[\w.+-]+", line) for line in lines)
    assert not [line for line in lines if re.match(r"(?i)(myst|sphinx|docutils)", line)]
