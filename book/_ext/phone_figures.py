"""A figure on a phone: the site shows each figure drawn for the phone's narrow column, and the page's elsewhere.

Every figure of ``casino_math.plots`` (``casino_math/plots/style.py``) carries two renderings in its output:
``image/png``, drawn for the page's 700 px column, and :data:`PHONE_PNG`, drawn at most 360 px wide with one panel
to a row.  JupyterLab, Colab and the PDF show ``image/png``; myst-nb renders that as an image and drops the phone's,
a mime type it does not know.  As each notebook page is read, this extension:

- reads the notebook as this build ran it (myst-nb's copy in ``jupyter_execute/``: executed afresh by ``make book``,
  the saved outputs in the test build), and finds each output image that has a phone rendering beside it (by the
  image's bytes: myst-nb names the image's file by their SHA-256);
- writes the phone rendering beside that file (in 256 colours where that moves no pixel by more than
  :data:`PALETTE_TOLERANCE` levels: see :func:`smaller_png`), and adds to the output's mime bundle one more choice, a
  :class:`picture`: the phone's rendering as the ``<source>`` for a screen at most :data:`PHONE_MEDIA` wide, the
  page's as the ``<img>``, with the cell's alt text, so that either shows with the same words.

The HTML builders prefer the picture to the plain image (``nb_mime_priority_overrides`` in ``_config.yml``); the
PDF's builder does not know it and prints ``image/png`` as before.  Both image files are copied into ``_images/``
as any figure's is.
"""

from __future__ import annotations

import hashlib
import io
import posixpath
from base64 import b64decode
from pathlib import Path
from typing import Any
from urllib.parse import quote

import nbformat
from docutils import nodes

#: The mime type of a figure's phone rendering (casino_math.plots.style.PHONE_PNG).
PHONE_PNG = "image/x.casino-math.phone+png"
#: The screens that get the phone's rendering: those on which the page's 700 px figure would be shown so small that
#: its 9-point text (12.5 px) fell under 11 px, i.e. a column under 616 px.
PHONE_MEDIA = "(max-width: 640px)"
#: How far any pixel of a phone rendering may move, in any of its red, green and blue levels (of 255), when it is
#: drawn in a palette of 256 colours; a figure that would move further keeps its every colour.
PALETTE_TOLERANCE = 16


class picture(nodes.General, nodes.Element):  # docutils names its nodes in lower case
    """A figure in two renderings: its children are the phone's image, then the page's."""


def phone_renderings(notebook: Path) -> dict[str, bytes]:
    """Each figure's phone rendering in a notebook, by the SHA-256 of its page rendering (the name of its file)."""
    found = {}
    for cell in nbformat.read(notebook, as_version=4).cells:
        for output in cell.get("outputs", []):
            data = output.get("data", {})
            if PHONE_PNG in data and "image/png" in data:
                found[hashlib.sha256(b64decode(data["image/png"])).hexdigest()] = b64decode(data[PHONE_PNG])
    return found


def smaller_png(png: bytes) -> bytes:
    """A phone rendering in a palette of the 256 colours that cover most of it, if that is smaller and no pixel moves
    by more than :data:`PALETTE_TOLERANCE` levels; else the rendering as it is.  A figure's flat colours and the
    anti-aliased edges of its text fit in 256 colours with little change, in about a third of the bytes: less for a
    phone to download.  A rendering with any transparency is kept as it is (its palette would have to hold alpha)."""
    from PIL import Image, ImageChops

    image = Image.open(io.BytesIO(png))
    if (image.mode not in ("RGB", "RGBA") or "transparency" in image.info
            or (image.mode == "RGBA" and image.getextrema()[3][0] < 255)):
        return png
    colours = image.convert("RGB")
    palette = colours.quantize(256, method=Image.Quantize.MAXCOVERAGE)
    moved = max(high for _, high in ImageChops.difference(colours, palette.convert("RGB")).getextrema())
    out = io.BytesIO()
    palette.save(out, format="PNG", optimize=True, **({"dpi": image.info["dpi"]} if "dpi" in image.info else {}))
    return out.getvalue() if moved <= PALETTE_TOLERANCE and out.tell() < len(png) else png


def executed_notebook(app: Any, docname: str) -> Path:
    """The notebook as this build ran it: myst-nb writes it before the page's doctree is read."""
    return Path(app.env.mystnb_config.output_folder) / f"{docname}.ipynb"


def add_phone_renderings(app: Any, doctree: nodes.document) -> None:
    """Give each figure of a notebook page that has a phone rendering the picture of both."""
    notebook = executed_notebook(app, app.env.docname)
    if not app.env.doc2path(app.env.docname).endswith(".ipynb") or not notebook.exists():
        return
    phones = phone_renderings(notebook)
    if not phones:
        return
    bundles = [n for n in doctree.findall(nodes.container) if n.get("nb_element") == "mime_bundle"]
    for bundle in bundles:
        page = next((image for choice in bundle.children if choice.get("mime_type") == "image/png"
                     for image in choice.findall(nodes.image)), None)
        phone = phones.get(posixpath.splitext(posixpath.basename(page["uri"]))[0]) if page is not None else None
        if page is None or phone is None:
            continue
        phone = smaller_png(phone)
        name = hashlib.sha256(phone).hexdigest() + ".png"
        path = Path(app.env.mystnb_config.output_folder) / name
        if not path.exists():
            path.write_bytes(phone)
        phone_image = nodes.image(uri=posixpath.join(posixpath.dirname(page["uri"]), name), alt=page.get("alt", ""))
        choice = nodes.container(mime_type=PHONE_PNG)
        choice += picture("", phone_image, page.deepcopy())
        bundle += choice


def image_url(translator: Any, image: nodes.image) -> str | None:
    """Where the site serves an image (``_images/...``), as Sphinx's HTML writer puts it in ``src``."""
    uri = image["uri"]
    if uri not in translator.builder.images:
        return None
    return posixpath.join(translator.builder.imgpath, quote(translator.builder.images[uri]))


def visit_picture_html(translator: Any, node: picture) -> None:
    phone, page = node.children
    source = image_url(translator, phone)
    if source:
        translator.body.append(f'<picture class="phone-figure"><source media="{PHONE_MEDIA}" srcset="{source}" '
                               'type="image/png">')
    page.walkabout(translator)
    if source:
        translator.body.append("</picture>")
    raise nodes.SkipNode


def visit_picture_page(translator: Any, node: picture) -> None:
    """Any other writer (none picks the picture now) shows the page's rendering."""
    node.children[1].walkabout(translator)
    raise nodes.SkipNode


def setup(app: Any) -> dict[str, Any]:
    page_only = (visit_picture_page, None)
    app.add_node(picture, html=(visit_picture_html, None), latex=page_only, text=page_only, man=page_only,
                 texinfo=page_only)
    # Before Sphinx's image collector (priority 500) records the images to copy into _images/.
    app.connect("doctree-read", add_phone_renderings, priority=450)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
