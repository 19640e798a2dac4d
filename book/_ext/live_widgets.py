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
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

from sphinx.errors import ExtensionError

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
        result = subprocess.run(command, check=False, capture_output=True, text=True)
    wheels = sorted(out.glob("casino_math-*-py3-none-any.whl"))
    if result.returncode or len(wheels) != 1:
        raise ExtensionError(f"could not build casino_math's wheel for the live widgets: {result.stderr.strip()}")
    return wheels[0]


#: The files Pyodide downloads to start (its core, without packages), in the folder offline_assets serves it from.
PYODIDE_DOWNLOADS = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")


def serve_wheel(app, config) -> None:
    """Build the wheel into a static folder of its own and tell the runtime where it and Pyodide are."""
    static = Path(app.confdir) / "_build" / ".live" / "static"
    wheel = build_wheel(Path(app.confdir), static / WHEELS)
    config.html_static_path.append(str(static))
    pyodide = Path(app.confdir) / "_build" / ".vendor" / "static" / "vendor" / "pyodide"
    download = wheel.stat().st_size + sum((pyodide / name).stat().st_size for name in PYODIDE_DOWNLOADS
                                          if (pyodide / name).is_file())
    app.add_js_file(None, body=runtime_config(wheel.name, download), priority=400)


def runtime_config(wheel: str, download: int) -> str:
    """What the runtime reads: the paths, relative to the site's root (each page knows its way there), of Pyodide,
    the wheel, the worker Python runs in and the chart bundles in the order they load; and how many bytes starting
    Python downloads.

    >>> runtime_config("casino_math-0.2.0-py3-none-any.whl", 14_000_000).endswith('"megabytes": 14};')
    True
    """
    from offline_assets import VEGA

    paths = {"pyodide": "_static/vendor/pyodide/", "wheel": f"_static/{WHEELS}/{wheel}",
             "worker": "_static/live-widgets-worker.js",
             "vega": [f"_static/{bundle}" for bundle in VEGA], "megabytes": round(download / 1e6)}
    return f"window.LIVE_WIDGETS = {json.dumps(paths)};"


def setup(app):
    app.connect("config-inited", serve_wheel, priority=950)  # after offline_assets has unpacked Pyodide
    app.add_js_file("live-widgets.js", priority=500, defer="defer")
    app.add_css_file("live-widgets.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
