"""Live widgets on the published site: casino_math runs in the reader's browser through Pyodide.

A chapter's widget cell carries two views of one definition (``casino_math/widgets/live.py``):
the ipywidgets view for Jupyter and a static HTML snapshot, which the site shows
(``nb_mime_priority_overrides`` in ``_config.yml`` ranks ``text/html`` first for the
HTML builder).  At build time this extension builds casino_math's pure-Python
wheel and serves it under ``_static/live/``; ``book/_static/live-widgets.js``
loads the self-hosted Pyodide (``offline_assets.py`` fetches it), installs the
wheel from the site without resolving its dependencies, and calls the same
Python function the Jupyter view calls; a chart in a result, a Vega-Lite
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


def serve_wheel(app, config) -> None:
    """Build the wheel into a static folder of its own and tell the runtime where it and Pyodide are."""
    static = Path(app.confdir) / "_build" / ".live" / "static"
    wheel = build_wheel(Path(app.confdir), static / WHEELS)
    config.html_static_path.append(str(static))
    app.add_js_file(None, body=runtime_config(wheel.name), priority=400)


def runtime_config(wheel: str) -> str:
    """The paths the runtime reads, relative to the site's root (each page knows its way there): Pyodide, the
    wheel, and the chart bundles in the order they load."""
    from offline_assets import VEGA

    paths = {"pyodide": "_static/vendor/pyodide/", "wheel": f"_static/{WHEELS}/{wheel}",
             "vega": [f"_static/{bundle}" for bundle in VEGA]}
    return f"window.LIVE_WIDGETS = {json.dumps(paths)};"


def setup(app):
    app.connect("config-inited", serve_wheel)
    app.add_js_file("live-widgets.js", priority=500, defer="defer")
    app.add_css_file("live-widgets.css")
    return {"parallel_read_safe": True, "parallel_write_safe": True}
