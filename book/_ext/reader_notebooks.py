"""The reader's copy of every chapter notebook, served by the site and opened by its download, Colab and Binder buttons.

A chapter's source is MyST, which JupyterLab, Notebook 7 and Colab do not render.  After the HTML build, this
extension writes ``notebooks/NAME.ipynb`` into the site for every notebook page (an assignment goes to
``notebooks/assignments/NAME.ipynb``), made from the notebook as the build executed it:

- each markdown cell as plain Markdown (:mod:`reader_markdown`): every ``{glue:}`` replaced by the value the
  chapter's own run glued (read from its saved outputs), every cross-reference as the text the site shows, linked
  to the site's page, every box as a quotation, every solution folded in ``<details>``;
- every code cell kept, so that the chapter runs as it stands (set-up cells tagged ``remove-cell``, and
  ``hide-input`` cells, start folded), but without its glue (:mod:`reader_code`: the values are in the text, and
  the copy runs without myst-nb), and with Colab's install cell installing the wheel the site serves; a widget's
  saved output is its snapshot, until its cell runs;
- a deliberate error's traceback, and any printed output, without the paths of the machine that built the site
  (cut as :mod:`saved_notebooks` cuts them in the chapters);
- JupyterLab's own kernelspec, so that opening a copy does not mark it changed.

On the site, a notebook page's buttons open the reader's copy: ".ipynb" downloads it; Colab and Binder open it from
the branch the published site is pushed to (:data:`SITE_BRANCH`, by ``.github/workflows/publish.yml``), where
``.binder/`` (:mod:`reader_binder`: the reader's environment, pinned, with casino_math installed from the wheel the
site serves) gives Binder what the copies need.
"""

from __future__ import annotations

import json
import posixpath
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode, urljoin

import nbformat
from docutils import nodes
from reader_binder import PinError, write_binder
from reader_code import COLAB_TAG, colab_install, without_glue
from reader_markdown import ConversionError, Converter, escape_text, glued_markdown, link
from saved_notebooks import without_machine_paths
from sphinx import addnodes
from sphinx.errors import ExtensionError
from sphinx.util.nodes import split_explicit_title

#: Where the copies are served, under the site's root.
FOLDER = "notebooks"
#: The branch of the repository the published site is pushed to, where Colab and Binder find the copies.
SITE_BRANCH = "gh-pages"
#: The kernelspec JupyterLab writes for Python (a notebook saying otherwise is marked changed as soon as it opens).
KERNELSPEC = {"display_name": "Python 3 (ipykernel)", "language": "python", "name": "python3"}
#: The roles resolved through a Sphinx domain: role -> (domain, type, whether the target is lower-cased).
XREF_ROLES = {
    "term": ("std", "term", True), "ref": ("std", "ref", True), "numref": ("std", "numref", True),
    "doc": ("std", "doc", False), "prf:ref": ("prf", "ref", False), "eq": ("math", "eq", False),
    "cite": ("cite", "p", False), "cite:p": ("cite", "p", False), "cite:t": ("cite", "t", False),
}
#: How myst-nb prefixes a glued value's mime types in the notebook's outputs.
GLUE_PREFIX = "application/papermill.record/"
WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: A figure's rendering for the site's phone readers (book/_ext/phone_figures.py): JupyterLab and Colab show its
#: image/png, so a reader's copy is lighter without it.
PHONE_PNG = "image/x.casino-math.phone+png"
#: The classes MathJax 2 and 3 skip.
NOT_MATH = "tex2jax_ignore mathjax_ignore"
#: Tags whose code cell starts folded in the reader's copy (the site hides its code, or the whole cell).
FOLDED = {"remove-cell", "remove-input", "hide-input", "hide-cell"}


def site_url(config: Any) -> str:
    """The published site's address: ``html_baseurl`` if set, else GitHub Pages' address for the repository.

    >>> from types import SimpleNamespace
    >>> site_url(SimpleNamespace(html_baseurl="", html_theme_options={"repository_url": "https://github.com/a/b"}))
    'https://a.github.io/b/'
    """
    base: str = config.html_baseurl
    if base:
        return base.rstrip("/") + "/"
    owner, repository = repository_parts(config.html_theme_options.get("repository_url", ""))
    return f"https://{owner}.github.io/{repository}/"


def repository_parts(url: str) -> tuple[str, str]:
    """A GitHub repository's owner and name, from its address."""
    parts = url.rstrip("/").split("github.com/")[-1].split("/")
    if "github.com/" not in url or len(parts) < 2:
        raise ExtensionError(f"the reader's notebooks need the book's GitHub repository, not {url!r}: set "
                             "repository.url in _config.yml")
    return parts[0], parts[1]


def copy_path(docname: str) -> str:
    """The copy's path under the site's root: book/roulette -> notebooks/roulette.ipynb.

    >>> copy_path("book/roulette"), copy_path("book/assignments/craps")
    ('notebooks/roulette.ipynb', 'notebooks/assignments/craps.ipynb')
    """
    return f"{FOLDER}/{docname.removeprefix('book/')}.ipynb"


class SiteResolver:
    """Resolves a page's roles as its HTML page does, with links to the published site."""

    def __init__(self, app: Any, docname: str, glued: dict[str, dict[str, Any]]) -> None:
        self.app, self.env, self.docname = app, app.env, docname
        self.glued = glued
        self.page = urljoin(site_url(app.config), app.builder.get_target_uri(docname))

    def role(self, name: str, text: str) -> str:
        if name.rstrip(":") in ("glue", "glue:any", "glue:text", "glue:md", "glue:math"):
            return self.glue(name.rstrip(":"), text)
        if name not in XREF_ROLES:
            raise ConversionError(f"{self.docname}: the reader's notebook cannot show the role {{{name}}}; teach "
                                  "book/_ext/reader_notebooks.py to")
        domain, kind, lower = XREF_ROLES[name]
        explicit, title, target = split_explicit_title(text)
        contnode = nodes.inline(title, title)
        node = addnodes.pending_xref(text, contnode, refdomain=domain, reftype=kind, refexplicit=explicit,
                                     refwarn=True, reftarget=target.lower() if lower else target, refdoc=self.docname)
        resolved = self.env.get_domain(domain).resolve_xref(self.env, self.docname, self.app.builder, kind,
                                                            node["reftarget"], node, contnode)
        if resolved is None:
            raise ConversionError(f"{self.docname}: {{{name}}}`{text}` does not resolve")
        return self.markdown(resolved)

    def markdown(self, node: nodes.Node) -> str:
        """A resolved reference as Markdown: its text, each link pointing at the site."""
        if isinstance(node, nodes.Text):
            return escape_text(str(node))
        if isinstance(node, nodes.math):
            return f"${node.astext()}$"
        inner = "".join(self.markdown(child) for child in node.children)
        if isinstance(node, nodes.reference) and (node.get("refuri") or node.get("refid")):
            return link(inner, urljoin(self.page, node.get("refuri") or "#" + node["refid"]))
        return inner

    def glue(self, kind: str, key: str) -> str:
        """A glued value: its math where it has one (a fraction), else its text."""
        page, _, key = key.rpartition("::")
        values = self.glued if not page else glued_values(self.app, posixpath.join(posixpath.dirname(self.docname),
                                                                                    page))
        if key not in values:
            raise ConversionError(f"{self.docname}: nothing is glued as {key!r}; run the chapter so that its outputs "
                                  "hold every glued value")
        return glued_markdown(kind, values[key])

    def number(self, kind: str, label: str) -> str:
        """The number the site shows for an exercise or a theorem (sphinx-exercise and sphinx-proof number them)."""
        fignumbers = self.env.toc_fignumbers
        if kind != "exercise":
            proof = getattr(self.env, "proof_list", {}).get(label)
            if proof is None or proof.get("nonumber"):
                return ""
            kind = proof["countertype"]
        for numbers in fignumbers.values():
            if label in numbers.get(kind, {}):
                return ".".join(map(str, numbers[kind][label]))
        return ""


def executed_notebook(app: Any, docname: str) -> Path:
    """The notebook as this build executed it (myst-nb's copy), or its source where the build kept none."""
    executed = Path(app.outdir).parent / "jupyter_execute" / f"{docname}.ipynb"
    return executed if executed.exists() else Path(app.env.doc2path(docname))


def glued_values(app: Any, docname: str) -> dict[str, dict[str, Any]]:
    """Every value a notebook glues, by name, as a mime bundle: what this build's run glued (myst-nb writes it beside
    the executed notebook), or, where it kept none, what the notebook's saved outputs hold."""
    executed = Path(app.outdir).parent / "jupyter_execute" / f"{docname}.glue.json"
    if executed.exists():
        return {key: value["data"] for key, value in json.loads(executed.read_text()).items()}
    nb = nbformat.read(app.env.doc2path(docname), as_version=4)
    return {output["metadata"]["scrapbook"]["name"]: {mime.removeprefix(GLUE_PREFIX): value
                                                       for mime, value in output["data"].items()}
            for cell in nb.cells for output in cell.get("outputs", [])
            if "scrapbook" in output.get("metadata", {})}


def reader_notebook(nb: nbformat.NotebookNode, resolver: Any, wheel_url: str | None = None) -> nbformat.NotebookNode:
    """The reader's copy of an executed chapter notebook (Colab installing casino_math from ``wheel_url``, if given)."""
    converter = Converter(resolver)
    cells = []
    for cell in nb.cells:
        tags = set(cell.metadata.get("tags", []))
        if cell.cell_type == "markdown":
            if "remove-cell" in tags:
                continue
            cell.source = converter.cell(cell.source)
        elif cell.cell_type == "code":
            cell.metadata.pop("execution", None)  # the build's timings
            cell.outputs = [reader_output(output) for output in cell.outputs if not glue_record(output)]
            cell.source = colab_install(wheel_url) if COLAB_TAG in tags and wheel_url else without_glue(cell.source)
            if not cell.source and not cell.outputs:
                continue  # it only glued
            if tags & FOLDED:
                cell.metadata.setdefault("jupyter", {})["source_hidden"] = True
            if tags & {"remove-output", "hide-output"}:
                cell.metadata.setdefault("jupyter", {})["outputs_hidden"] = True
        cells.append(cell)
    nb.cells = cells
    nb.metadata.pop("widgets", None)  # the saved widgets' state: no kernel stands behind it
    nb.metadata["kernelspec"] = dict(KERNELSPEC)
    return nb


def glue_record(output: dict[str, Any]) -> bool:
    """Whether an output only records a glued value (it shows nothing; the value is in the text now)."""
    data = output.get("data", {})
    return bool(data) and all(mime.startswith(GLUE_PREFIX) for mime in data)


def reader_output(output: dict[str, Any]) -> dict[str, Any]:
    """A saved output as a reader's copy keeps it: a traceback or printed text without the build machine's paths, a
    widget's snapshot until its cell runs again, a figure without the site's phone rendering, and HTML kept from
    MathJax (JupyterLab typesets saved HTML: a table's "$51.09 ... $10" would be set as a formula)."""
    if output.get("output_type") == "error":
        output["traceback"] = [without_machine_paths(line) for line in output["traceback"]]
        output["evalue"] = without_machine_paths(output["evalue"])
    if output.get("output_type") == "stream":
        output["text"] = without_machine_paths(output["text"])
    data = output.get("data", {})
    data.pop(WIDGET_VIEW, None)
    data.pop(PHONE_PNG, None)
    if "text/html" in data:
        html = data["text/html"]
        data["text/html"] = f'<div class="{NOT_MATH}">{"".join(html) if isinstance(html, list) else html}</div>'
    return output


def notebook_pages(app: Any) -> list[str]:
    """Every page of the book whose source is a notebook, in document order."""
    return sorted(docname for docname in app.env.found_docs if app.env.doc2path(docname).endswith(".ipynb"))


def write_reader_notebooks(app: Any, exception: Exception | None) -> None:
    """Write the reader's copy of every notebook page, and Binder's environment for the published site."""
    if exception is not None or app.builder.format != "html":
        return
    out = Path(app.outdir)
    wheel_url = urljoin(site_url(app.config), served_wheel(out).relative_to(out).as_posix())
    for docname in notebook_pages(app):
        nb = nbformat.read(executed_notebook(app, docname), as_version=4)
        try:
            copy = reader_notebook(nb, SiteResolver(app, docname, glued_values(app, docname)), wheel_url)
        except ConversionError as error:
            raise ExtensionError(str(error)) from error
        path = out / copy_path(docname)
        path.parent.mkdir(parents=True, exist_ok=True)
        nbformat.write(copy, path)
    try:
        write_binder(Path(app.confdir), out, served_wheel(out))
    except PinError as error:
        raise ExtensionError(str(error)) from error


def served_wheel(out: Path) -> Path:
    """casino_math's wheel, as this build wrote it into the site (book/_ext/live_widgets.py)."""
    wheels = sorted(out.glob("_static/live/casino_math-*-py3-none-any.whl"))
    if not wheels:
        raise ExtensionError("the site serves no casino_math wheel for Colab and Binder to install "
                             "(book/_ext/live_widgets.py)")
    return wheels[-1]


def launch_urls(repository_url: str, path: str, launch: dict[str, Any]) -> dict[str, str]:
    """The Colab, Binder and JupyterHub addresses that open the copy at ``path`` on the site's branch.

    >>> launch_urls("https://github.com/a/b", "notebooks/roulette.ipynb", {"binderhub_url": "https://mybinder.org",
    ...             "colab_url": "https://colab.research.google.com"})["Colab"]
    'https://colab.research.google.com/github/a/b/blob/gh-pages/notebooks/roulette.ipynb'
    """
    owner, repository = repository_parts(repository_url)
    urls = {}
    if launch.get("binderhub_url"):
        urls["Binder"] = (f"{launch['binderhub_url'].rstrip('/')}/v2/gh/{owner}/{repository}/{SITE_BRANCH}"
                          f"?urlpath={quote('lab/tree/' + path)}")
    if launch.get("colab_url"):
        urls["Colab"] = f"{launch['colab_url'].rstrip('/')}/github/{owner}/{repository}/blob/{SITE_BRANCH}/{path}"
    if launch.get("jupyterhub_url"):
        query = urlencode({"repo": repository_url, "urlpath": f"lab/tree/{repository}/{path}", "branch": SITE_BRANCH},
                          safe="/")
        urls["JupyterHub"] = f"{launch['jupyterhub_url'].rstrip('/')}/hub/user-redirect/git-pull?{query}"
    return urls


def point_buttons_at_copies(app: Any, pagename: str, templatename: str, context: dict[str, Any], doctree: Any) -> None:
    """On a notebook page, the download, Colab, Binder and JupyterHub buttons open the reader's copy."""
    if not app.env.doc2path(pagename).endswith(".ipynb"):
        return
    path = copy_path(pagename)
    options = app.config.html_theme_options
    urls = launch_urls(options.get("repository_url", ""), path, options.get("launch_buttons", {}))
    for group in context.get("header_buttons", []):
        for button in group.get("buttons", []):
            if button.get("label") == "download-source-button":
                button["url"] = context["pathto"](path, 1)
                button["tooltip"] = "Download the notebook, to run in JupyterLab or Colab"
            elif button.get("text") in urls:
                button["url"] = urls[button["text"]]


def setup(app: Any) -> dict[str, Any]:
    app.connect("build-finished", write_reader_notebooks)
    app.connect("html-page-context", point_buttons_at_copies, priority=600)  # after sphinx-book-theme's buttons
    return {"parallel_read_safe": True, "parallel_write_safe": True}

