"""Which edition a reader holds: the library's version and the commit the book was built from, and the PDF.

Every page's footer says "casino_math 0.1.0, built from commit 1a2b3c4"; the
``{edition}`` directive (on the intro page) says it on paper, where there is no footer.  When the PDF edition has been
built (``make pdf`` writes ``_build/latex/the-house-edge.pdf``), the site
serves a copy at ``_static/the-house-edge.pdf`` and links it from every page's
footer; without it the footer links nothing, so no link is ever broken.
"""

from __future__ import annotations

import subprocess
from html import escape
from importlib import metadata
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.util.docutils import SphinxDirective

#: Where ``make pdf`` leaves the PDF (jupyter-book's LaTeX output folder and the targetname in _config.yml).
PDF = Path("_build") / "latex" / "the-house-edge.pdf"
#: Where the site serves it.
PDF_ON_SITE = "_static/the-house-edge.pdf"


def library_version() -> str:
    """casino_math's version: its ``__version__`` if it has one, else its installed package metadata."""
    try:
        import casino_math

        return casino_math.__version__
    except (ImportError, AttributeError):
        pass
    try:
        return metadata.version("casino_math")
    except metadata.PackageNotFoundError:
        return "unknown"


def commit(folder: Path) -> str:
    """The short hash of the commit checked out in ``folder``, or "unknown commit" outside git."""
    try:
        result = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=folder,
                                capture_output=True, text=True, check=True)
    except (OSError, subprocess.CalledProcessError):
        return "unknown commit"
    return "commit " + result.stdout.strip()


def edition_text(folder: Path) -> str:
    """The version line: "casino_math 0.1.0, built from commit 1a2b3c4"."""
    return f"casino_math {library_version()}, built from {commit(folder)}"


class edition_line(nodes.Inline, nodes.TextElement):
    """Where the version line goes; filled in when a page is written, so a new commit needs no re-reading."""


class EditionDirective(SphinxDirective):
    """``{edition}``: a paragraph naming the edition a reader holds, on paper (the PDF).  On the site every page's
    footer says it, so the home page opens with the book, not with a version number."""

    def run(self):
        paragraph = nodes.paragraph("", "This edition: ", edition_line(), nodes.Text("."), classes=["edition"])
        printed = addnodes.only(expr="latex")
        printed += paragraph
        return [printed]


def fill_edition_lines(app, doctree, docname) -> None:
    """Write the version line into the page as it is written."""
    for node in list(doctree.findall(edition_line)):
        node.replace_self(nodes.Text(app.config.house_edge_edition))


def set_edition(app, config) -> None:
    """Compute the version line once per build, and serve the PDF if it has been built."""
    root = Path(app.confdir)
    config.house_edge_edition = edition_text(root)
    config.release = config.version = library_version()
    config.house_edge_pdf = (root / PDF).exists()


def serve_pdf(app) -> None:
    """Copy the PDF into the site's _static folder (the HTML builders only: LaTeX writes the PDF itself)."""
    if app.builder.format == "html" and app.config.house_edge_pdf:
        app.config.html_static_path.append(str(Path(app.confdir) / PDF))


def footer(app, pagename, templatename, context, doctree) -> None:
    """Every page's footer: the version line, and the PDF edition when there is one."""
    parts = [f'<span class="edition">{escape(app.config.house_edge_edition)}</span>']
    if app.config.house_edge_pdf:
        href = context["pathto"](PDF_ON_SITE, 1)
        parts.append(f'<a class="edition-pdf" href="{href}">Download the book as a PDF</a>')
    line = f'<p class="edition-line">{" · ".join(parts)}</p>'
    context["theme_extra_footer"] = (context.get("theme_extra_footer") or "") + line


def home_title(app, pagename, templatename, context, doctree) -> None:
    """The home page, titled like the book, reads "Home — <book>" in the browser, not the book's title twice.

    (The theme's layout appends " — <book>" to every page's title itself, so only the page's part can change.)
    """
    if context.get("title") and context.get("title") == context.get("docstitle"):
        context["title"] = "Home"


def setup(app):
    # "html": a new commit re-writes every page (the footer) without re-reading or re-executing any chapter.
    app.add_config_value("house_edge_edition", "", "html")
    app.add_config_value("house_edge_pdf", False, "html")
    app.add_node(edition_line)
    app.add_directive("edition", EditionDirective)
    app.connect("config-inited", set_edition)
    app.connect("builder-inited", serve_pdf)
    app.connect("doctree-resolved", fill_edition_lines)
    app.connect("html-page-context", footer)
    app.connect("html-page-context", home_title)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
