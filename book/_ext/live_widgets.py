"""Live widgets on the published site: casino_math runs in the reader's browser through Pyodide.

A chapter's widget cell carries two views of one definition (``casino_math/widgets/live.py``):
the ipywidgets view for Jupyter and a static HTML snapshot, which the site shows
(``nb_mime_priority_overrides`` in ``_config.yml`` ranks ``text/html`` first for the
HTML builder).  At build time this extension builds casino_math's pure-Python
wheel and serves it under ``_static/live/``; ``book/_static/live-widgets.js``
starts a Web Worker (``book/_static/live-widgets-worker.js``) that loads the
self-hosted Pyodide (``offline_assets.py`` fetches it), installs the wheel from
the site without resolving its dependencies, and calls the same Python function
the Jupyter view calls, off the page's thread; a chart in a result, a Vega-Lite
specification, is drawn by the self-hosted vega-embed.  Nothing is fetched from another host.

Python starts in the reader's browser from a memory snapshot made here, once per build: ``live_snapshot.mjs`` starts
the same Pyodide in Node, with the wheel on its path, every widget module imported and each chapter's widget's
starting view computed (the chapters' saved outputs define them), and writes Pyodide's snapshot of that memory,
gzipped, beside the wheel.  Without Node, or if the snapshot cannot be made, the build warns and the site starts
Python afresh.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)

#: Where the wheel is served from, under _static/.
WHEELS = "live"
#: The library's sources a wheel is built from (copied, so the build leaves nothing in the working tree).
SOURCES = ("pyproject.toml", "LICENSE", "MANIFEST.in", "casino_math")


def build_wheel(root: Path, out: Path) -> Path:
    """casino_math's wheel, built with pip from a copy of its sources, in ``out`` (emptied first)."""
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        for name in SOURCES:
            source, copy = root / name, Path(tmp) / name
            if source.is_dir():
                shutil.copytree(source, copy, ignore=shutil.ignore_patterns("__pycache__", "*.pyc"))
            else:
                shutil.copy2(source, copy)
        command = [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "--quiet",
                   "--disable-pip-version-check", "--wheel-dir", str(out), tmp]
        # The same sources make the same wheel, byte for byte (its files dated by SOURCE_DATE_EPOCH, not by the
        # build): a rebuild finds its snapshot of Python already made.
        result = subprocess.run(command, check=False, capture_output=True, text=True,
                                env={**os.environ, "SOURCE_DATE_EPOCH": "315532800"})
    wheels = sorted(out.glob("casino_math-*-py3-none-any.whl"))
    if result.returncode or len(wheels) != 1:
        raise ExtensionError(f"could not build casino_math's wheel for the live widgets: {result.stderr.strip()}")
    return wheels[0]


#: The files Pyodide fetches to start (its core, without packages), in the folder offline_assets serves it from; its
#: two JavaScript modules (pyodide.mjs, pyodide.asm.mjs) are imported, not fetched, and are not counted.
PYODIDE_DOWNLOADS = ("pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
#: Where the wheel is in the browser's Python: on sys.path as a zip, under its own name (live-widgets-worker.js puts
#: it there too).
WHEEL_IN_PYTHON = "/lib/live/"
SNAPSHOT_SCRIPT = Path(__file__).with_name("live_snapshot.mjs")
#: A widget's definition in a chapter's saved output (casino_math.widgets.live.snapshot_html writes it).
_DEFINITION = re.compile(r'<script type="application/json" class="live-widget-definition">(.*?)</script>', re.DOTALL)


def serve_wheel(app, config) -> None:
    """Build the wheel and Python's snapshot into a static folder of their own and tell the runtime where they and
    Pyodide are."""
    build = Path(app.confdir) / "_build"
    static = build / ".live" / "static"
    wheel = build_wheel(Path(app.confdir), static / WHEELS)
    config.html_static_path.append(str(static))
    pyodide = build / ".vendor" / "static" / "vendor" / "pyodide"
    snapshot = make_snapshot(pyodide, wheel, chapter_views(Path(app.confdir) / "book"), build / ".live" / "snapshots")
    served = None
    if snapshot is not None:
        served = static / WHEELS / snapshot.name
        shutil.copy2(snapshot, served)
    download = sum(path.stat().st_size for path in (wheel, served, *(pyodide / name for name in PYODIDE_DOWNLOADS))
                   if path is not None and path.is_file())
    app.add_js_file(None, body=runtime_config(wheel.name, download, served and (served.name, sha256(wheel))),
                    priority=400)


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def chapter_views(book: Path) -> list[list[object]]:
    """Each live widget of the chapters, as their saved outputs define it: ``[name, args]``, once each, sorted."""
    views = set()
    for notebook in sorted(book.rglob("*.ipynb")):
        if "_build" in notebook.parts or ".ipynb_checkpoints" in notebook.parts:
            continue
        for cell in json.loads(notebook.read_text(encoding="utf-8")).get("cells", []):
            for output in cell.get("outputs", []):
                page = output.get("data", {}).get("text/html", "")
                for found in _DEFINITION.findall("".join(page) if isinstance(page, list) else page):
                    definition = json.loads(found.replace("<\\/", "</"))
                    views.add(json.dumps([definition["name"], definition["args"]], sort_keys=True))
    return [json.loads(view) for view in sorted(views)]


def make_snapshot(pyodide: Path, wheel: Path, views: list[list[object]], cache: Path) -> Path | None:
    """Python's gzipped memory snapshot, made by ``live_snapshot.mjs`` in Node with this Pyodide and this wheel, the
    chapters' ``views`` computed; kept in ``cache`` under a name made of all that goes into it (a build with the same
    wheel, views and Pyodide makes none).  None, with a warning, if Node cannot make it: the site then starts Python
    afresh in the browser."""
    made_of = hashlib.sha256()
    for part in (wheel.read_bytes(), json.dumps(views).encode(), (pyodide / "package.json").read_bytes(),
                 SNAPSHOT_SCRIPT.read_bytes()):
        made_of.update(hashlib.sha256(part).digest())
    snapshot = cache / f"python-{made_of.hexdigest()[:16]}.snapshot.gz"
    if snapshot.is_file():
        return snapshot
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        logger.warning("node is not installed: the live widgets will start Python afresh in the reader's browser, "
                       "without the snapshot the build makes with it (sudo apt-get install nodejs)")
        return None
    shutil.rmtree(cache, ignore_errors=True)
    cache.mkdir(parents=True)
    with tempfile.TemporaryDirectory() as tmp:
        listed = Path(tmp) / "views.json"
        listed.write_text(json.dumps(views), encoding="utf-8")
        made = Path(tmp) / snapshot.name
        command = [node, str(SNAPSHOT_SCRIPT), str(pyodide), str(wheel), WHEEL_IN_PYTHON + wheel.name, str(listed),
                   str(made)]
        result = subprocess.run(command, check=False, capture_output=True, text=True, timeout=900)
        failed = result.returncode or not made.is_file()
        problems = {} if failed else json.loads(result.stdout.strip().splitlines()[-1])
        if failed or any(problems.values()):
            said = result.stderr.strip().splitlines()[-1:] if failed else [*problems["modules"], *problems["views"]]
            logger.warning("the live widgets' snapshot of Python could not be made (%s): the site will start Python "
                           "afresh in the reader's browser", "; ".join(said) or "node failed")
            return None
        shutil.move(made, snapshot)
    return snapshot


def runtime_config(wheel: str, download: int, snapshot: tuple[str, str] | None = None) -> str:
    """What the runtime reads: the paths, relative to the site's root (each page knows its way there), of Pyodide,
    the wheel, the worker Python runs in and the chart bundles in the order they load; Python's snapshot, if the
    build made one, and the SHA-256 of the wheel it was made with; and how many bytes the worker fetches to start.

    >>> runtime_config("casino_math-0.2.0-py3-none-any.whl", 21_000_000, ("python-1.snapshot.gz", "ab")).endswith(
    ...     '"bytes": 21000000, "snapshot": {"path": "_static/live/python-1.snapshot.gz", "wheel": "ab"}};')
    True
    """
    from offline_assets import VEGA

    paths: dict[str, object] = {
        "pyodide": "_static/vendor/pyodide/", "wheel": f"_static/{WHEELS}/{wheel}",
        "worker": "_static/live-widgets-worker.js", "vega": [f"_static/{bundle}" for bundle in VEGA],
        "bytes": download}
    if snapshot:
        paths["snapshot"] = {"path": f"_static/{WHEELS}/{snapshot[0]}", "wheel": snapshot[1]}
    return f"window.LIVE_WIDGETS = {json.dumps(paths)};"


def setup(app):
    app.connect("config-inited", serve_wheel, priority=950)  # after offline_assets has unpacked Pyodide
    app.add_js_file("live-widgets.js", priority=500, defer="defer")
    app.add_css_file("live-widgets.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
