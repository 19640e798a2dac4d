"""Each reader's notebook as a student runs it: opened in JupyterLab, in Chromium, under a reader's Python, and every
cell run.

One JupyterLab and one browser serve every notebook in turn.  The kernel is a reader's Python (``reader_python.py``):
another Python than the one that saved the notebooks, holding only what the reader's Binder installs for them, and
casino_math from the wheel the site serves.  For each notebook the test checks that opening it and starting its
kernel changes only the Python version in ``language_info`` (which JupyterLab rewrites from the kernel, marking the
notebook changed: no saved notebook can carry every reader's version), then runs all cells (JupyterLab's "Run All
Cells") and checks what the page shows:

- every code cell ran, and none shows an error or a warning, except the cells tagged ``raises-exception``;
- every widget is drawn as controls, and moving one of its controls changes what it shows;
- every chart and figure is drawn;
- the text holds no MyST left raw (a ``{glue:}`` key, a ``{term}`` role, a directive's fence or options), and each
  dollar amount reads as a dollar amount, not as math;
- the tab is alive, and its memory stays under :data:`MEMORY`.

A screenshot of each notebook's first screen after the run goes to ``_build/screenshots/jupyterlab/``, and the time
each took and the tab's memory after it to ``_build/screenshots/jupyterlab/timings.json``.
"""

from __future__ import annotations

import contextlib
import json
import re
import time
from typing import TYPE_CHECKING

import pytest
from conftest import NOTEBOOKS, ROOT, SCREENSHOTS, reader_notebooks
from lab import Lab, Run, changes, move_a_control, renderer_memory, run_notebook
from playwright.sync_api import Error as PlaywrightError

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page
    from reader_python import ReaderPython

#: The most memory the tab may hold after a notebook has run (it held about 350 MB here; a chart that resized
#: itself without end took it past 4.7 GB, and crashed it).
MEMORY = 1.5 * 2**30
#: MyST a reader must never see: roles, directive fences and their options, targets, glue keys.
RAW_MYST = re.compile(r"\{[\w:.-]+\}`|`{3,}\s*\{|:{3,}\s*\{|^\s*:(label|class|name):|^\(\S+\)=|\{glue",
                      re.MULTILINE)
#: How the reader's notebooks write a dollar sign (book/_ext/reader_markdown.py's DOLLAR).
DOLLAR = "&#36;"
#: Each notebook's time (seconds, opening to checked) and the tab's memory after it ran (MB), for the report.
TIMINGS: dict[str, dict[str, float]] = {}


def test_every_notebook_page_has_a_reader_copy() -> None:
    sources = [p for p in (ROOT / "book").rglob("*.ipynb")
               if not {"_build", ".ipynb_checkpoints", "solutions"} & set(p.relative_to(ROOT).parts)]
    copies = {str(p.relative_to(ROOT / "book").with_suffix("")) for p in sources}
    assert copies and copies == {name.removesuffix(".ipynb") for name in reader_notebooks()}


@pytest.mark.parametrize("name", reader_notebooks())
def test_a_student_runs_the_notebook(reader_lab: Lab, reader: ReaderPython, browser: Browser, name: str) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 900})
    started, memory = time.monotonic(), 0
    try:
        run = run_notebook(page, reader_lab, name)
        problems = crashes(run) or [*opening(run, reader), *errors(run), *widgets(page, run), *charts(run),
                                    *raw_text(run)]
        if not run.crashed:
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.evaluate("() => window.jupyterapp.shell.currentWidget.content.scrollToItem(0)")
            page.wait_for_timeout(1000)  # the cells scrolled into view are drawn
            page.screenshot(path=str(SCREENSHOTS / (name.replace("/", "__").removesuffix(".ipynb") + ".png")))
            memory = renderer_memory()
            if memory > MEMORY:
                problems.append(f"the tab holds {memory / 2**20:.0f} MB")
    finally:
        shut_down_kernels(page)
        page.close()
        TIMINGS[name] = {"seconds": round(time.monotonic() - started, 1), "memory_mb": round(memory / 2**20)}
        (SCREENSHOTS / "timings.json").parent.mkdir(parents=True, exist_ok=True)
        (SCREENSHOTS / "timings.json").write_text(json.dumps(TIMINGS, indent=1))
    assert problems == []


def crashes(run: Run) -> list[str]:
    return ["the tab crashed"] if run.crashed else []


def opening(run: Run, reader: ReaderPython) -> list[str]:
    """Opening the notebook and starting its kernel changed the Python version it was saved with, and nothing else
    (and JupyterLab marked it changed, as it does for that change)."""
    saved = json.loads((NOTEBOOKS / run.name).read_text())
    expected = [("metadata.language_info.version", saved["metadata"]["language_info"]["version"], reader.version)]
    found = changes(saved, run.opened.notebook)
    if found == expected and run.opened.dirty:
        return []
    return [(f"opening it under Python {reader.version} changes {found}, marked changed: {run.opened.dirty}; "
             f"expected only {expected[0][0]}")]


def errors(run: Run) -> list[str]:
    """Every code cell that did not run, or shows an error or a warning it was not meant to."""
    found: list[str] = []
    for cell in run.cells:
        if cell["type"] != "code":
            continue
        if cell["executionCount"] is None:
            found.append(f"cell {cell['index']} did not run")
        if "raises-exception" in cell["tags"]:
            continue
        for output in cell["outputs"]:
            if output["output_type"] == "error":
                found.append(f"cell {cell['index']}: {output['ename']}: {output['evalue']}")
            elif output["output_type"] == "stream" and output["name"] == "stderr":
                found.append(f"cell {cell['index']} warns: {''.join(output['text']).strip()[:300]}")
        if "No renderer could be found" in cell["outputText"]:
            found.append(f"cell {cell['index']} shows an output JupyterLab cannot draw")
    return found


def widgets(page: Page, run: Run) -> list[str]:
    """Every widget output is drawn as controls, and one moved control changes what each shows."""
    found = []
    for cell in run.cells:
        if cell["type"] != "code":
            continue
        views = sum("application/vnd.jupyter.widget-view+json" in o.get("data", {}) for o in cell["outputs"])
        drawn = [w for w in cell["widgets"] if w["controls"] and "Error displaying widget" not in w["text"]]
        if len(drawn) != views:
            found.append(f"cell {cell['index']}: {views} widgets, {len(drawn)} drawn with controls")
        for widget in drawn:
            try:
                move_a_control(page, widget["number"])
            except (AssertionError, PlaywrightError) as error:  # no control, or the output never changed
                found.append(f"cell {cell['index']}: moving a control changed nothing ({str(error).splitlines()[0]})")
    return found


def charts(run: Run) -> list[str]:
    """Every figure and chart on the page is drawn, at a size that can be seen."""
    found = []
    for cell in run.cells:
        if cell["type"] != "code":
            continue
        figures = sum(bool({"image/png", "image/svg+xml"} & set(o.get("data", {}))) for o in cell["outputs"])
        drawn = [c for c in cell["charts"] if c["drawn"] and c["width"] > 100 and c["height"] > 50]
        if len(drawn) < figures or len(drawn) < len(cell["charts"]):
            found.append(f"cell {cell['index']}: {max(figures, len(cell['charts']))} figures, {len(drawn)} drawn")
    return found


def raw_text(run: Run) -> list[str]:
    """No markdown cell shows MyST left raw or a link with no text, and every dollar sign it writes reads as one."""
    found = []
    for cell in run.cells:
        if cell["type"] != "markdown":
            continue
        if cell["text"] is None:
            found.append(f"cell {cell['index']} is not rendered")
            continue
        for raw in RAW_MYST.finditer(cell["text"]):
            found.append(f"cell {cell['index']} shows {cell['text'][max(0, raw.start() - 30):raw.end() + 30]!r}")
        found += [f"cell {cell['index']} links to {href} with no text" for href in cell["emptyLinks"]]
        dollars = cell["source"].count(DOLLAR)
        if cell["text"].count("$") < dollars:
            found.append(f"cell {cell['index']}: {dollars} dollar signs written, "
                         f"{cell['text'].count('$')} shown outside math")
    return found


def shut_down_kernels(page: Page) -> None:
    """Stop the notebook's kernel, so that the next notebook has both cores."""
    with contextlib.suppress(PlaywrightError):  # the tab crashed: its kernel ends with the server
        page.evaluate("() => window.jupyterapp.serviceManager.sessions.shutdownAll()")

