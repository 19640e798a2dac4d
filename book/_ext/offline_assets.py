"""The published site's own assets and small repairs to what the theme emits.

Serve the site's JavaScript from the site itself: MathJax, the Jupyter widgets manager, Pyodide and vega-embed.

By default a Jupyter Book loads MathJax and the widget manager from CDNs, so a
reader with a poor connection (or none) sees raw LaTeX and dead widgets.  At
build time this extension fetches pinned npm packages with the ordinary npm
client (``npm pack``), checks each against its pinned integrity hash, unpacks
the files the site needs into ``_build/.vendor/static/vendor/`` and points
Sphinx and myst-nb at them.  The packages are cached, so only the first build
downloads anything; without npm the build stops (it never falls back to a CDN).

The repairs keep every page free of console errors and of serious accessibility
violations (the browser tests in ``tests/browser`` check both).
"""

from __future__ import annotations

import base64
import hashlib
import shutil
import subprocess
import tarfile
from dataclasses import dataclass
from pathlib import Path

from sphinx.errors import ExtensionError
from sphinx.util import logging

logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Package:
    """One pinned npm package and the part of it the site serves."""

    name: str  #: the npm package name
    version: str  #: the exact version
    integrity: str  #: npm's sha512 integrity string for the tarball
    serve: str  #: the file or folder inside the package to serve
    target: str  #: where it is served, under _static/vendor/


PACKAGES = (
    Package(
        "mathjax",
        "3.2.2",
        "sha512-Bt+SSVU8eBG27zChVewOicYs7Xsdt40qm4+UpHyX7k0/O9NliPc+x77k1/FEsPsjKPZGJvtRZM1vO+geW0OhGw==",
        "es5",
        "mathjax",
    ),
    Package(
        "requirejs",
        "2.3.7",
        "sha512-DouTG8T1WanGok6Qjg2SXuCMzszOo0eHeH9hDZ5Y4x8Je+9JB38HdTLT4/VA8OaUhBa0JPVHJ0pyBkM1z+pDsw==",
        "require.js",
        "requirejs/require.js",
    ),
    Package(
        "@jupyter-widgets/html-manager",
        "1.0.15",
        "sha512-5thBIV6ymNgmPVOHvzx+gGy8ZSKmSazhtGw4/c4xJDVzRhG9PTeQsRjF3FUTopvFi//SABeNz1yp47bCrJ3CQA==",
        "dist",
        "@jupyter-widgets/html-manager/dist",  # the widget manager finds its fonts by its module path
    ),
    Package(
        "axe-core",
        "4.10.3",
        "sha512-Xm7bpRXnDSX2YE2YFfBk2FnF0ep6tmG7xPh8iHee8MIcrgq762Nkce856dYtJYLkuIoYZvGfTs/PbZhideTcEg==",
        "axe.min.js",
        "axe-core/axe.min.js",
    ),
    # Python in the reader's browser for the live widgets (book/_ext/live_widgets.py): the core only,
    # every file it loads is served from here.
    Package(
        "pyodide",
        "314.0.7",
        "sha512-0YvXxEhfEdpLfb/XkM2BFAeMROq0iMUX2bzzH9pOttyMcWkwq+HbE5uyuGD82LN7y2q+SNvi/6V5JEsOlD2R1A==",
        "",
        "pyodide",
    ),
    # The live widgets' charts (the session explorer's): Vega-Lite specifications written in Python, drawn by
    # vega-embed; each served as its one minified browser bundle.
    Package(
        "vega",
        "5.33.0",
        "sha512-jNAGa7TxLojOpMMMrKMXXBos4K6AaLJbCgGDOw1YEkLRjUkh12pcf65J2lMSdEHjcEK47XXjKiOUVZ8L+MniBA==",
        "build/vega.min.js",
        "vega/vega.min.js",
    ),
    Package(
        "vega-lite",
        "5.23.0",
        "sha512-l4J6+AWE3DIjvovEoHl2LdtCUkfm4zs8Xxx7INwZEAv+XVb6kR6vIN1gt3t2gN2gs/y4DYTs/RPoTeYAuEg6mA==",
        "build/vega-lite.min.js",
        "vega-lite/vega-lite.min.js",
    ),
    Package(
        "vega-embed",
        "6.29.0",
        "sha512-PmlshTLtLFLgWtF/b23T1OwX53AugJ9RZ3qPE2c01VFAbgt3/GSNI/etzA/GzdrkceXFma+FDHNXUppKuM0U6Q==",
        "build/vega-embed.min.js",
        "vega-embed/vega-embed.min.js",
    ),
)

#: The chart bundles in the order they load (vega-lite needs vega; vega-embed needs both), under _static/vendor/.
VEGA = tuple(f"vendor/{p.target}" for p in PACKAGES if p.name in ("vega", "vega-lite", "vega-embed"))

MATHJAX = "vendor/mathjax/tex-mml-chtml.js"
REQUIREJS = "vendor/requirejs/require.js"
WIDGETS = "vendor/@jupyter-widgets/html-manager/dist/embed-amd.js"

#: RequireJS reads a global ``require`` object defined before it loads as its configuration: resolve
#: the widget manager's modules (and the fonts they load) under _static/vendor/.
REQUIRE_CONFIG = "var require = {baseUrl: (document.documentElement.dataset.content_root || './') + '_static/vendor/'};"

#: The widget controls typeset their labels with MathJax 2's ``MathJax.Hub.Queue``; the site runs
#: MathJax 3, so give it that one call (before the widgets render, once MathJax has loaded).
MATHJAX2_QUEUE = """
document.addEventListener('DOMContentLoaded', () => {
  if (window.MathJax && !window.MathJax.Hub && window.MathJax.typesetPromise) {
    window.MathJax.Hub = {Queue: job => window.MathJax.typesetPromise([job[2]])};
  }
});
"""


#: Why the build stops without npm: the site serves its own JavaScript and never falls back to a CDN.
NO_NPM = ("npm is not installed: the book's site serves its own JavaScript (MathJax, the widget manager, Pyodide, "
          "vega-embed) "
          "and fetches it with npm at build time; install npm (e.g. sudo apt-get install npm) and build again")


def integrity_of(path: Path) -> str:
    """npm's integrity string (sha512, base64) of a file."""
    return "sha512-" + base64.b64encode(hashlib.sha512(path.read_bytes()).digest()).decode()


def fetch(package: Package, cache: Path) -> Path:
    """The package's tarball in ``cache``, downloaded with ``npm pack`` if missing, integrity checked."""
    tarball = cache / f"{package.name.replace('@', '').replace('/', '-')}-{package.version}.tgz"
    if not tarball.exists():
        if shutil.which("npm") is None:
            raise ExtensionError(NO_NPM)
        cache.mkdir(parents=True, exist_ok=True)
        spec = f"{package.name}@{package.version}"
        result = subprocess.run(
            ["npm", "pack", spec, "--pack-destination", str(cache), "--silent"],
            capture_output=True, text=True, check=True,
        )
        tarball = cache / result.stdout.strip().splitlines()[-1]
    if integrity_of(tarball) != package.integrity:
        tarball.unlink()
        raise RuntimeError(f"{package.name}@{package.version}: the downloaded package does not match its pinned integrity")
    return tarball


def unpack(package: Package, tarball: Path, static: Path) -> None:
    """Copy the served part of the package to ``static/vendor/<target>``."""
    target = static / "vendor" / package.target
    if target.exists():
        return
    staging = static.parent / "unpacked" / package.target
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    with tarfile.open(tarball) as tar:
        tar.extractall(staging, filter="data")
    source = staging / "package" / package.serve
    target.parent.mkdir(parents=True, exist_ok=True)
    if source.is_dir():
        shutil.copytree(source, target)
    else:
        shutil.copy2(source, target)
    shutil.rmtree(staging)


def vendor_assets(app, config) -> None:
    """Fetch and unpack every package, then point MathJax and the widget manager at the local copies."""
    root = Path(app.confdir) / "_build" / ".vendor"
    static = root / "static"
    for package in PACKAGES:
        unpack(package, fetch(package, root / "packages"), static)
    config.html_static_path.append(str(static))
    config.mathjax_path = MATHJAX
    config.nb_ipywidgets_js = {REQUIREJS: {}, WIDGETS: {}}


def tidy_scripts(app, pagename, templatename, context, doctree) -> None:
    """Emit each script once, and configure RequireJS just before it loads.

    sphinx-thebe registers its configuration twice under Jupyter Book, and the
    second ``const THEBE_JS_URL`` is a console error.
    """
    from sphinx.builders.html._assets import _JavaScript

    seen, kept = set(), []
    for script in context.get("script_files", []):
        key = getattr(script, "filename", None) or getattr(script, "attributes", {}).get("body") or str(script)
        if key in seen:
            continue
        seen.add(key)
        if key.endswith(REQUIREJS):
            kept.append(_JavaScript(None, body=REQUIRE_CONFIG + MATHJAX2_QUEUE, priority=script.priority))
        kept.append(script)
    context["script_files"] = kept


def fix_citation_list_role(app, pagename, templatename, context, doctree) -> None:
    """A bibliography is a ``role="list"`` of ``role="doc-biblioentry"`` items, which is not a valid
    list (a list's children must be list items); drop the list role so assistive technology reads the entries."""
    if "body" in context:
        context["body"] = context["body"].replace('<div role="list" class="citation-list">', '<div class="citation-list">')


#: Slider handles drawn by the widget manager have no accessible name; give each the text of its
#: widget's label once the widgets have rendered.
LABEL_SLIDERS = """
new MutationObserver(() => {
  document.querySelectorAll('.widget-slider .noUi-handle:not([aria-label])').forEach(handle => {
    const label = handle.closest('.widget-slider').querySelector('.widget-label');
    handle.setAttribute('aria-label', (label && label.textContent.trim()) || 'slider');
  });
}).observe(document.documentElement, {childList: true, subtree: true});
"""

#: The theme's first script reads the colour mode from localStorage, which is empty on a first visit;
#: the theme then logs "Got invalid theme mode" as a console error.  Start from "auto" instead.
DEFAULT_MODE = "if (!document.documentElement.dataset.mode) { document.documentElement.dataset.mode = 'auto'; }"


def book_static(app, config) -> None:
    """The book's own static files (book/_static): sortable tables, the favicon."""
    config.html_static_path.append(str(Path(app.confdir) / "book" / "_static"))


def setup(app):
    app.connect("config-inited", vendor_assets, priority=900)
    app.connect("config-inited", book_static)
    app.add_js_file("sortable.js")
    # The sidebar toggles the reader sees, and solution titles, made to work (the themes bind hidden buttons).
    app.add_js_file("page-controls.js", priority=200)
    app.add_css_file("casino-math.css")
    app.connect("html-page-context", tidy_scripts, priority=900)  # after myst-nb adds the widget scripts
    app.connect("html-page-context", fix_citation_list_role)
    app.add_js_file(None, body=DEFAULT_MODE, priority=100)
    app.add_js_file(None, body=LABEL_SLIDERS)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
