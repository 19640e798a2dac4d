"""JupyterLab as a student runs it: a headless server, and Chromium driving its page.

:class:`Lab` starts ``jupyter lab`` on 127.0.0.1 (a random port, a random token) serving one folder, with its own
settings, workspaces and runtime folders, so that nothing of the machine's own JupyterLab set-up takes part and
nothing of the run is saved back (autosave is off).  :func:`run_notebook` opens a notebook in a Chromium page, runs
all its cells as the "Run All Cells" menu item does, and reads back what the page shows: every cell's outputs, the
rendered Markdown's text, each widget's controls, each chart's drawing.  :func:`move_a_control` sets one control of a
widget as a reader would, with the mouse and keyboard.

The JupyterLab test (``tests/jupyterlab/test_student_runs.py``) uses these; so can a script, e.g. to watch the
memory of the page while a chapter runs.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import psutil

CHROMIUM = os.environ.get("CHROMIUM", shutil.which("chromium") or "/usr/bin/chromium")
CHROMIUM_FLAGS = [
    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]
#: JupyterLab's settings for the run: no autosave (the run must not write the notebooks), no news or update checks
#: (they would go to the network).  Everything else is JupyterLab's default, as a student finds it.
SETTINGS = {
    "@jupyterlab/docmanager-extension/plugin.jupyterlab-settings": {"autosave": False},
    "@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"checkForUpdates": False, "fetchNews": "false"},
}
#: How long JupyterLab may take to start, and a chapter to run (the slowest runs in about 30 s here).
START_TIMEOUT = 90
RUN_TIMEOUT = 600


class Lab:
    """A JupyterLab server on 127.0.0.1 serving ``root``; its own folders live under ``home``.  ``environment`` is
    added to the server's (``JUPYTER_PATH``, to give it kernels of its own)."""

    def __init__(self, root: Path, home: Path, disabled: tuple[str, ...] = (),
                 environment: dict[str, str] | None = None) -> None:
        self.root, self.home, self.disabled = root, home, disabled
        self.environment = environment or {}
        self.token = secrets.token_hex(16)
        self.process: subprocess.Popen[bytes] | None = None
        self.url = ""

    def start(self) -> Lab:
        for name, values in SETTINGS.items():
            path = self.home / "settings" / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps(values))
        labconfig = self.home / "config" / "labconfig"
        labconfig.mkdir(parents=True, exist_ok=True)
        (labconfig / "page_config.json").write_text(json.dumps({"disabledExtensions": {
            name: True for name in self.disabled}}))
        runtime = self.home / "runtime"
        runtime.mkdir(parents=True, exist_ok=True)
        env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(runtime), "JUPYTER_CONFIG_DIR": str(self.home / "config"),
               "IPYTHONDIR": str(self.home / "ipython"), "JUPYTER_PLATFORM_DIRS": "1", **self.environment}
        jupyter = Path(sys.executable).with_name("jupyter")
        self.process = subprocess.Popen(
            [str(jupyter), "lab", "--no-browser", "--port=0", "--ServerApp.ip=127.0.0.1",
             f"--IdentityProvider.token={self.token}", f"--ServerApp.root_dir={self.root}",
             "--LabApp.expose_app_in_browser=True", f"--LabApp.user_settings_dir={self.home / 'settings'}",
             f"--LabApp.workspaces_dir={self.home / 'workspaces'}",
             *(["--allow-root"] if os.geteuid() == 0 else [])],
            env=env, stdout=subprocess.DEVNULL, stderr=(self.home / "server.log").open("wb"))
        deadline = time.monotonic() + START_TIMEOUT
        while time.monotonic() < deadline:
            for info in runtime.glob("jpserver-*.json"):
                self.url = json.loads(info.read_text())["url"].rstrip("/")
                return self
            if self.process.poll() is not None:
                break
            time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"JupyterLab did not start; its log:\n{(self.home / 'server.log').read_text()[-3000:]}")

    def notebook_url(self, name: str) -> str:
        """The notebook in a workspace of its own, emptied first: a shared workspace would reopen the last notebook."""
        workspace = secrets.token_hex(4)
        return f"{self.url}/lab/workspaces/{workspace}/tree/{name}?token={self.token}&reset"

    def stop(self) -> None:
        if self.process and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                self.process.kill()


# A notebook just opened, once its kernel has started and JupyterLab has written the kernel's spec and language into
# it (NotebookPanel's _updateSpec and _updateLanguage): whether JupyterLab marks it changed, and the notebook as it
# would save it.
OPENED = """
async () => {
  const panel = window.jupyterapp.shell.currentWidget;
  const canonical = value => JSON.stringify(value, (key, v) => v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a < b ? -1 : 1)) : v);
  const waitFor = async (test, what) => {
    const start = Date.now();
    while (!test()) {
      if (Date.now() - start > 120000) throw new Error(`timed out waiting for ${what}`);
      await new Promise(r => setTimeout(r, 100));
    }
  };
  // A notebook naming no kernel asks the reader for one: its session never gets ready.
  const ready = Promise.all([panel.context.ready, panel.sessionContext.ready]);
  await Promise.race([ready, new Promise((_, reject) => setTimeout(
    () => reject(new Error('no kernel started (does the notebook name one?)')), 120000))]);
  await waitFor(() => panel.sessionContext.session && panel.sessionContext.session.kernel
                      && panel.sessionContext.session.kernel.status === 'idle', 'the kernel');
  const kernel = panel.sessionContext.session.kernel;
  const [info, spec] = [await kernel.info, await kernel.spec];
  const written = {name: kernel.name, display_name: spec.display_name, language: spec.language};
  await waitFor(() => canonical(panel.model.getMetadata('language_info')) === canonical(info.language_info)
                      && canonical(panel.model.getMetadata('kernelspec')) === canonical(written),
                'the language and spec of the kernel in the notebook');
  // As JupyterLab sends it to the server to save (JSON leaves out a field whose value is undefined).
  const notebook = JSON.parse(JSON.stringify(panel.model.toJSON()));
  return {dirty: panel.model.dirty, notebook, language_info: info.language_info};
}
"""

# What the page reports after running a notebook, read from JupyterLab's own objects (window.jupyterapp).
RUN_ALL = """
async (timeout) => {
  const app = window.jupyterapp;
  const waitFor = async (test, what) => {
    const start = Date.now();
    while (!test()) {
      if (Date.now() - start > 60000) throw new Error(`timed out waiting for ${what}`);
      await new Promise(r => setTimeout(r, 100));
    }
  };
  const panel = app.shell.currentWidget;
  await panel.context.ready;
  await panel.sessionContext.ready;
  await waitFor(() => panel.sessionContext.session && panel.sessionContext.session.kernel
                      && panel.sessionContext.session.kernel.status === 'idle', 'the kernel');
  const started = Date.now();
  const kernel = panel.sessionContext.session.kernel;
  const code = panel.content.widgets.filter(cell => cell.model.type === 'code');
  // "Run All Cells" sends every cell to the kernel at once, and settles at the first error, even one a cell is
  // tagged to raise: the kernel goes on with the rest.  The run is over when every code cell has run, or the
  // kernel has been idle for two seconds (a cell that never ran is then reported).
  const ran = await app.commands.execute('notebook:run-all-cells').catch(() => false);
  let idleSince = null;
  while (true) {
    if (Date.now() - started > timeout) throw new Error('the notebook did not finish running');
    if (code.every(cell => cell.model.executionCount !== null)) break;
    if (kernel.status === 'idle') {
      idleSince = idleSince || Date.now();
      if (Date.now() - idleSince > 2000) break;
    } else {
      idleSince = null;
    }
    await new Promise(r => setTimeout(r, 100));
  }
  await waitFor(() => kernel.status === 'idle', 'the kernel to finish');
  return {ran, seconds: (Date.now() - started) / 1000};
}
"""

# JupyterLab draws a long notebook's cells as they come near the view (and in idle time): each Markdown cell is
# brought into view until it is drawn, as a reader scrolling there would see it, so that a cell that is never drawn
# is told apart from one not reached yet.
RENDER_ALL = """
async () => {
  const notebook = window.jupyterapp.shell.currentWidget.content;
  const started = Date.now();
  for (const [index, cell] of notebook.widgets.entries()) {
    if (cell.model.type !== 'markdown') continue;
    while (!cell.node.querySelector('.jp-RenderedMarkdown') && Date.now() - started < 60000) {
      await notebook.scrollToItem(index);
      await new Promise(r => setTimeout(r, 100));
    }
  }
}
"""

CELLS = """
() => {
  const panel = window.jupyterapp.shell.currentWidget;
  // What a reader reads: the text without typeset math (MathJax keeps a copy of each formula's source).
  const readable = node => {
    const copy = node.cloneNode(true);
    copy.querySelectorAll('mjx-container, mjx-assistive-mml, script, .MathJax').forEach(n => n.remove());
    return copy.textContent;
  };
  let widgetNumber = 0;
  return panel.content.widgets.map((cell, index) => {
    const model = cell.model;
    const node = cell.node;
    const described = {index, type: model.type, tags: model.getMetadata('tags') || [],
                       source: model.sharedModel.getSource()};
    if (model.type === 'markdown') {
      const rendered = node.querySelector('.jp-RenderedMarkdown');
      described.text = rendered ? readable(rendered) : null;
      described.emptyLinks = rendered ? [...rendered.querySelectorAll('a[href]')]
        .filter(a => !a.textContent.trim() && !a.querySelector('img')).map(a => a.getAttribute('href')) : [];
    }
    if (model.type === 'code') {
      described.executionCount = model.executionCount;
      described.outputs = model.outputs.toJSON();
      described.outputText = [...node.querySelectorAll('.jp-OutputArea-output')].map(o => o.textContent).join('\\n');
      described.widgets = [...node.querySelectorAll('.jp-OutputArea-output .jupyter-widgets')]
        .filter(w => !w.parentElement.closest('.jupyter-widgets'))
        .map(w => {
          w.dataset.readerWidget = String(widgetNumber);
          return {number: widgetNumber++, text: w.textContent.slice(0, 300),
                  controls: w.querySelectorAll('select, input, button, .noUi-handle').length};
        });
      described.charts = [...node.querySelectorAll('.jp-RenderedVegaCommon5, .jp-RenderedImage img')].map(c => {
        const drawing = c.tagName === 'IMG' ? c : c.querySelector('svg, canvas');
        const box = drawing ? drawing.getBoundingClientRect() : {width: 0, height: 0};
        return {kind: c.tagName === 'IMG' ? 'image' : 'vega', width: box.width, height: box.height,
                drawn: !!drawing && (c.tagName !== 'IMG' || (c.complete && c.naturalWidth > 0))};
      });
    }
    return described;
  });
}
"""

#: A widget's output as text: its HTML (or HTMLMath) result and the output area beside it (charts' text included).
WIDGET_OUTPUT = """
widget => [...widget.querySelectorAll('.widget-html-content, .widget-htmlmath-content, .jp-OutputArea')].map(o => o.textContent).join('|')
"""


@dataclass
class Opened:
    """A notebook as JupyterLab holds it once its kernel has started: whether it is marked changed, what it would
    save, and the kernel's ``language_info``."""

    dirty: bool
    notebook: dict[str, Any]
    language_info: dict[str, Any]


@dataclass
class Run:
    """What running a notebook in JupyterLab showed."""

    name: str
    seconds: float
    cells: list[dict[str, Any]]
    opened: Opened
    console: list[str] = field(default_factory=list)
    crashed: bool = False


def open_notebook(page: Any, lab: Lab, name: str) -> None:
    page.goto(lab.notebook_url(name), wait_until="domcontentloaded")
    page.wait_for_function("name => { const w = window.jupyterapp && window.jupyterapp.shell.currentWidget; "
                           "return w && w.content && w.context && w.context.path === name; }",
                           arg=name, timeout=START_TIMEOUT * 1000)


def start_notebook(page: Any, lab: Lab, name: str) -> Opened:
    """Open the notebook ``name`` (a path under the lab's root) in ``page`` and wait until its kernel has started and
    JupyterLab has written the kernel's spec and language into it."""
    open_notebook(page, lab, name)
    return Opened(**page.evaluate(OPENED))


def run_notebook(page: Any, lab: Lab, name: str) -> Run:
    """Open the notebook ``name`` (a path under the lab's root) in ``page``, run all its cells, read the page."""
    console: list[str] = []
    page.on("console", lambda message: console.append(f"{message.type}: {message.text}"))
    crashed: list[bool] = []
    page.on("crash", lambda _page: crashed.append(True))
    opened = start_notebook(page, lab, name)
    result = page.evaluate(RUN_ALL, RUN_TIMEOUT * 1000)
    page.evaluate(RENDER_ALL)
    page.wait_for_timeout(500)  # the last outputs' renderers (charts, typeset math) finish drawing
    return Run(name, result["seconds"], page.evaluate(CELLS), opened, console, bool(crashed))


#: Where a field is absent, in what :func:`changes` reports.
ABSENT = "(absent)"


def changes(saved: dict[str, Any], opened: dict[str, Any]) -> list[tuple[str, Any, Any]]:
    """Every field that differs between a saved notebook and the same notebook as JupyterLab would save it: its
    place (``metadata.language_info.version``), the saved value and JupyterLab's.  Both are read as the server
    writes a notebook (a multi-line source or text as one string; the transient fields nbformat drops on writing
    left out), so that only what a save would change is reported.

    >>> changes({"metadata": {"a": {"v": "1"}}}, {"metadata": {"a": {"v": "2"}, "b": 3}})
    [('metadata.a.v', '1', '2'), ('metadata.b', '(absent)', 3)]
    >>> changes({"cells": [{"source": ["a\\n", "b"]}]}, {"cells": [{"source": "a\\nb", "metadata": {"trusted": True}}]})
    []
    """
    return list(_differences(_as_saved(saved), _as_saved(opened), ""))


#: What nbformat leaves out when it writes a notebook (``nbformat.v4.rwbase.strip_transient``).
TRANSIENT = {"metadata": ("orig_nbformat", "orig_nbformat_minor", "signature"), "cell metadata": ("trusted",)}


def _as_saved(notebook: dict[str, Any]) -> dict[str, Any]:
    notebook = json.loads(json.dumps(notebook))
    for key in TRANSIENT["metadata"]:
        notebook.get("metadata", {}).pop(key, None)
    for cell in notebook.get("cells", []):
        for key in TRANSIENT["cell metadata"]:
            cell.get("metadata", {}).pop(key, None)
        if not cell.get("metadata"):
            cell.pop("metadata", None)
        cell["source"] = _joined(cell.get("source", ""))
        for output in cell.get("outputs", []):
            if "text" in output:
                output["text"] = _joined(output["text"])
            for mime, value in output.get("data", {}).items():
                output["data"][mime] = _joined(value)
    return notebook


def _joined(value: Any) -> Any:
    return "".join(value) if isinstance(value, list) and all(isinstance(v, str) for v in value) else value


def _differences(saved: Any, opened: Any, place: str) -> Any:
    if isinstance(saved, dict) and isinstance(opened, dict):
        for key in sorted(set(saved) | set(opened)):
            yield from _differences(saved.get(key, ABSENT), opened.get(key, ABSENT), f"{place}.{key}".lstrip("."))
    elif isinstance(saved, list) and isinstance(opened, list) and len(saved) == len(opened):
        for index, (before, after) in enumerate(zip(saved, opened, strict=True)):
            yield from _differences(before, after, f"{place}[{index}]")
    elif saved != opened:
        yield place, saved, opened


def move_a_control(page: Any, number: int, timeout: float = 120) -> str:
    """Set the first control of widget ``number`` (as :data:`CELLS` numbered them) to another value, as a reader
    would, and wait until the widget's output changes; returns what was moved.  Raises if the output stays."""
    widget = page.locator(f'[data-reader-widget="{number}"]')
    widget.scroll_into_view_if_needed()
    before = widget.evaluate(WIDGET_OUTPUT)
    select = widget.locator("select:not([disabled]):not([multiple])")
    buttons = widget.locator(".widget-toggle-button:not(.mod-active):not([disabled])")
    handles = widget.locator(".widget-slider:not(.mod-disabled) .noUi-handle")
    boxes = widget.locator("input[type=checkbox]:not([disabled])")
    if select.count():
        size = select.first.locator("option").count()
        current = select.first.evaluate("s => s.selectedIndex")
        label = select.first.evaluate("s => s.closest('.widget-dropdown').textContent")
        select.first.select_option(index=(current + 1) % size)
        moved = f"dropdown {label.strip()!r}"
    elif buttons.count():
        buttons.first.click()
        moved = f"button {buttons.first.text_content()!r}"
    elif handles.count():
        handle = handles.first
        at_end = handle.get_attribute("aria-valuenow") == handle.get_attribute("aria-valuemax")
        handle.focus()
        page.keyboard.press("ArrowLeft" if at_end else "ArrowRight")
        moved = "slider"
    elif boxes.count():
        boxes.first.click()
        moved = "checkbox"
    else:
        raise AssertionError(f"widget {number} has no control to move")
    page.wait_for_function(f"() => ({WIDGET_OUTPUT.strip()})(document.querySelector('[data-reader-widget=\"{number}\"]'))"
                           f" !== {json.dumps(before)}", timeout=timeout * 1000)
    return moved


def renderer_memory() -> int:
    """The resident memory, in bytes, of the largest renderer (a page's tab) of the Chromium this process drives."""
    sizes = [0]
    for process in psutil.Process().children(recursive=True):
        try:
            if any("--type=renderer" in part for part in process.cmdline()):
                sizes.append(process.memory_info().rss)
        except psutil.Error:  # it ended meanwhile
            continue
    return max(sizes)
