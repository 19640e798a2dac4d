"""The PDF edition's view of notebook outputs: what a page shows on paper where the site shows something live.

myst-nb keeps every mime type of an output until a post-transform picks one
per builder; for LaTeX this transform runs first and:

- replaces a widget's output by a one-line note: ipywidgets print on paper as
  their repr (``VBox(children=(IntSlider(...``), and every chapter shows the
  widget's static twin (a table or figure at its starting settings) right after it;
- prints an HTML table that has no other rich form (the craps roll grid) as a
  LaTeX table, keeping its cell colours, instead of ``<IPython.core.display.HTML object>``;
- gives a table too wide for the page columns that wrap, each as wide as its
  longest entry (Sphinx sets a long table's columns at their natural width,
  which runs off the page), and lets a long fraction or bet name break after
  its slash or underscores and between groups of digits;
- numbers every output figure, with its alt text as the caption, and keeps a
  tall one short enough to share its page with the caption.

It labels every named box (the "Assumption" boxes), so that the links to them resolve; and it gives the book its
shape on paper: the intro page's text becomes a first chapter, "About this book" (Sphinx would otherwise make each
of its sections a chapter), and each caption of the table of contents starts a part.
"""

from __future__ import annotations

import itertools
import re
import struct
from html.parser import HTMLParser
from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.transforms.post_transforms import SphinxPostTransform
from sphinx.util.texescape import escape

WIDGET_VIEW = "application/vnd.jupyter.widget-view+json"
#: The mime types the LaTeX builder prints well: with any of them, an HTML form is not needed.
PRINTABLE = {"application/pdf", "image/png", "image/jpeg", "text/latex", "text/markdown"}
#: What the PDF prints where the notebook and the site show a live widget.
WIDGET_NOTE = "(A live widget: it responds in the notebook and on the book's web pages.)"
#: The tallest an output figure may print, so that a portrait chart and its caption fit on a page of text.
MAX_HEIGHT = "5.5in"
#: The characters a line of a table holds across the page; a wider table gets wrapping columns.
LINE = 80
#: The space between columns, in characters: a narrow column's share of the line must include it.
PADDING = 3
#: No column is planned wider than this many characters: longer entries wrap.
WIDEST_COLUMN = 30
#: Height over width above which a figure at the full text width would be taller than MAX_HEIGHT.
TALL = 0.85
COLOUR = re.compile(r"(?<![-\w])(background|color)\s*:\s*(#[0-9a-fA-F]{6}|[a-z]+)")


class TableCells(HTMLParser):
    """The cells of an HTML table, row by row, as (text, background, colour); a colour is #rrggbb or a name."""

    def __init__(self):
        super().__init__()
        self.rows: list[list[tuple[str, str | None, str | None]]] = []
        self.cell: dict | None = None

    def handle_starttag(self, tag, attrs):
        if tag == "tr":
            self.rows.append([])
        elif tag in ("td", "th") and self.rows:
            colours = dict(COLOUR.findall(dict(attrs).get("style") or ""))
            self.cell = {"text": "", "background": colours.get("background"), "color": colours.get("color")}

    def handle_endtag(self, tag):
        if tag in ("td", "th") and self.cell is not None:
            self.rows[-1].append((self.cell["text"].strip(), self.cell["background"], self.cell["color"]))
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell["text"] += data


def xcolor(colour: str) -> str:
    """An HTML colour (#rrggbb or a name such as white) as xcolor's arguments."""
    return f"[HTML]{{{colour[1:].upper()}}}" if colour.startswith("#") else f"{{{colour}}}"


def latex_cell(text: str, background: str | None, colour: str | None) -> str:
    """One cell in LaTeX, coloured as in the HTML."""
    cell = escape(text)
    if colour:
        cell = rf"\textcolor{xcolor(colour)}{{{cell}}}"
    if background:
        cell = rf"\cellcolor{xcolor(background)}{cell}"
    return cell


def latex_table(html: str) -> str | None:
    """An HTML table as a centred LaTeX tabular, or None if the HTML holds no table."""
    parser = TableCells()
    parser.feed(html)
    rows = [row for row in parser.rows if row]
    if not rows:
        return None
    width = max(len(row) for row in rows)
    body = " \\\\\n".join(" & ".join(latex_cell(*cell) for cell in row) for row in rows)
    return f"\\begin{{center}}\n\\begin{{tabular}}{{{'c' * width}}}\n{body}\n\\end{{tabular}}\n\\end{{center}}\n"


def mime_types(bundle: nodes.Element) -> dict[str, nodes.Element]:
    return {child["mime_type"]: child for child in bundle.children if "mime_type" in child}


def column_widths(table: nodes.table) -> list[int]:
    """The planned width of each column: its longest entry, at least 3 and at most WIDEST_COLUMN characters."""
    widths: list[int] = []
    for row in table.findall(nodes.row):
        for i, entry in enumerate(row.children):
            length = min(max(len(line) for line in (entry.astext() or " ").splitlines()), WIDEST_COLUMN)
            widths[len(widths):] = [3] * (i + 1 - len(widths))
            widths[i] = max(widths[i], length)
    return widths


def longest_words(table: nodes.table) -> list[int]:
    """The longest run of each column that no line can break: a word, or a piece of a long number or fraction
    between the places :func:`breakable` lets it break."""
    words: list[int] = []
    for row in table.findall(nodes.row):
        for i, entry in enumerate(row.children):
            pieces = [piece for run in (entry.astext() or " ").split() for piece in unbreakable_pieces(run)]
            words[len(words):] = [1] * (i + 1 - len(words))
            words[i] = max([words[i], *map(len, pieces)])
    return words


def unbreakable_pieces(run: str) -> list[str]:
    """A run of text without spaces, cut where :func:`breakable` lets a line break (a short run is not cut)."""
    if not UNBREAKABLE.fullmatch(run):
        return [run]
    cuts = [0, *(point.end() for point in BREAK_AFTER.finditer(run)), len(run)]
    return [run[a:b] for a, b in itertools.pairwise(cuts) if b > a]


def planned_widths(widths: list[int], words: list[int]) -> list[int]:
    """Each column's share of a line, in characters: room for its longest unbreakable word first (a narrow column of
    numbers squeezed below that ran its "2.4233" past the table's edge, and a header "P($300)" into the next one),
    then the rest of the line shared by how much more each column's text would take.

    >>> planned_widths([21, 30, 28, 28, 12, 6], [6, 5, 14, 14, 5, 6])
    [11, 12, 19, 19, 9, 9]
    """
    floors = [word + PADDING for word in words]
    spare = LINE - sum(floors)
    wants = [max(0, width - word) for width, word in zip(widths, words, strict=True)]
    if spare <= 0 or not sum(wants):
        return floors
    return [floor + spare * want // sum(wants) for floor, want in zip(floors, wants, strict=True)]


def fit_to_page(table: nodes.table) -> None:
    """Give a table wider than a line columns that wrap, sized by their longest entries and never narrower than their
    longest word, and let it break across pages."""
    widths = column_widths(table)
    colspecs = list(table.findall(nodes.colspec))
    if sum(widths) + 2 * len(widths) <= LINE or len(colspecs) != len(widths):
        return
    for colspec, width in zip(colspecs, planned_widths(widths, longest_words(table)), strict=True):
        colspec["colwidth"] = width
    # Wrapped rows are tall: only a longtable may break across pages (Sphinx makes one only past 30 rows).
    table["classes"] += ["colwidths-given", "longtable"]


#: A run of text with no place to break a line: a long fraction or number.
UNBREAKABLE = re.compile(r"[^\s]{8,}")
#: Where such a run may break: after a slash, underscore, comma or hyphen, and after every 8 digits of a number.
BREAK_AFTER = re.compile(r"[/_,-]|\d{8}(?=\d)")


def breakable(text: str) -> list[nodes.Node]:
    """The text as nodes, with a LaTeX line-break opportunity inside every long unbroken run."""
    pieces: list[nodes.Node] = []
    last = 0
    for run in UNBREAKABLE.finditer(text):
        pieces.append(nodes.Text(text[last:run.start()]))
        cut = run.start()
        for point in BREAK_AFTER.finditer(run.group()):
            pieces += [nodes.Text(text[cut:run.start() + point.end()]), nodes.raw("", r"\allowbreak{}", format="latex")]
            cut = run.start() + point.end()
        pieces.append(nodes.Text(text[cut:run.end()]))
        last = run.end()
    pieces.append(nodes.Text(text[last:]))
    return [piece for piece in pieces if not isinstance(piece, nodes.Text) or piece.astext()]


def allow_breaks(table: nodes.table) -> None:
    for entry in table.findall(nodes.entry):
        for text in list(entry.findall(nodes.Text)):
            if UNBREAKABLE.search(text.astext()):
                text.parent.replace(text, breakable(text.astext()))


def png_size(path: Path) -> tuple[int, int] | None:
    """A PNG's width and height in pixels, read from its header; None if it is not a PNG."""
    with path.open("rb") as file:
        head = file.read(24)
    if head[:8] != b"\x89PNG\r\n\x1a\n":
        return None
    return struct.unpack(">II", head[16:24])


def widget_note() -> nodes.paragraph:
    return nodes.paragraph("", "", nodes.emphasis("", WIDGET_NOTE))


def captioned(image: nodes.image) -> nodes.figure:
    """The image in a numbered figure whose caption is its alt text."""
    figure = nodes.figure("", image.deepcopy())
    figure += nodes.caption("", image["alt"])
    return figure


class PrintOutputs(SphinxPostTransform):
    """Choose, for the PDF, what each notebook output prints as (before myst-nb picks a mime type)."""

    default_priority = 3  # myst-nb's SelectMimeType runs at 4
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        bundles = [n for n in self.document.findall(nodes.container) if n.get("nb_element") == "mime_bundle"]
        for bundle in bundles:
            types = mime_types(bundle)
            if WIDGET_VIEW in types:
                bundle.replace_self(widget_note())
            elif "text/html" in types and not PRINTABLE & set(types):
                table = latex_table(types["text/html"].astext())
                if table is not None:
                    bundle.replace_self(nodes.raw("", table, format="latex"))
            elif "image/png" in types or "image/jpeg" in types:
                self.caption_images(bundle)
        for table in self.document.findall(nodes.table):
            fit_to_page(table)
            allow_breaks(table)

    def caption_images(self, bundle: nodes.Element) -> None:
        if isinstance(bundle.parent, nodes.figure):
            return
        for image in list(bundle.findall(nodes.image)):
            self.keep_on_page(image)
            if image.get("alt"):
                image.replace_self(captioned(image))

    def keep_on_page(self, image: nodes.image) -> None:
        path = Path(self.env.srcdir) / image.get("candidates", {}).get("*", image["uri"])
        size = png_size(path) if path.suffix == ".png" and path.exists() else None
        if size and "height" not in image and size[1] > TALL * size[0]:
            image["height"] = MAX_HEIGHT


def elements(node: nodes.Element, docname: str):
    """Every element of a doctree, top down, with the page it came from.

    The LaTeX builder joins the pages into one doctree, each in a ``start_of_file`` node whose children keep their
    old parents: the page is found going down, not up.
    """
    if isinstance(node, addnodes.start_of_file):
        docname = node["docname"]
    yield node, docname
    for child in node.children:
        if isinstance(child, nodes.Element):
            yield from elements(child, docname)


def latex_labels(docname: str, ids: list[str]) -> str:
    """LaTeX labels for a node's ids, as Sphinx's LaTeX writer names them (page:id) in its hyperlinks.

    >>> print(latex_labels("book/kelly", ["assumption-kelly-any-stake"]))
    \\phantomsection\\label{\\detokenize{book/kelly:assumption-kelly-any-stake}}
    """
    return "".join(rf"\phantomsection\label{{\detokenize{{{docname}:{id_}}}}}" for id_ in ids)


class LabelBoxes(SphinxPostTransform):
    """Give every box with a name (an admonition's ``:name:``, such as each "Assumption" box) a LaTeX label.

    Sphinx's LaTeX writer labels sections, figures and tables, not admonitions: every link from the assumptions
    appendix to its box pointed at a label the PDF never defined, and went nowhere.  The label goes just before the
    box, so that a link lands at its title.
    """

    default_priority = 3
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        boxes = [(parent, box, docname) for parent, docname in elements(self.document, self.env.docname)
                 for box in parent.children if isinstance(box, nodes.Admonition) and box["ids"]]
        for parent, box, docname in boxes:
            parent.insert(parent.children.index(box), nodes.raw("", latex_labels(docname, box["ids"]), format="latex"))


#: The intro page's chapter title on paper (on the site the intro page is the home page).
ABOUT = "About this book"


def part_captions(toctrees) -> dict[str, str]:
    """The first chapter of each captioned toctree, mapped to its caption (the part it starts)."""
    return {str(t["includefiles"][0]): t["caption"] for t in toctrees if t.get("caption") and t["includefiles"]}


class BookShape(SphinxPostTransform):
    """On paper: the intro as a chapter of its own, and a part for each caption of the table of contents."""

    default_priority = 3
    builders = ("latex",)

    def run(self, **kwargs) -> None:
        chapters = list(self.document.findall(addnodes.start_of_file))
        if not chapters:
            return  # a single page, not the whole book
        self.intro_as_chapter(chapters[0])
        captions = part_captions(self.env.get_doctree(self.config.root_doc).findall(addnodes.toctree))
        for chapter in chapters:
            if chapter["docname"] in captions:
                part = rf"\part{{{escape(captions[chapter['docname']])}}}" + "\n"
                chapter.parent.insert(chapter.parent.index(chapter), nodes.raw("", part, format="latex"))

    def intro_as_chapter(self, first_chapter: nodes.Node) -> None:
        """Move the root page's text and sections (everything before the first chapter) into one section."""
        top = next(iter(self.document.findall(nodes.section)))
        wrapper = first_chapter
        while wrapper.parent is not top:
            wrapper = wrapper.parent
        start, end = 1 if isinstance(top[0], nodes.title) else 0, top.index(wrapper)
        about = nodes.section("", nodes.title("", ABOUT), ids=["about-this-book"], names=["about this book"])
        about.extend(top.children[start:end])
        top.children[start:end] = [about]
        about.parent = top


def setup(app):
    app.add_post_transform(LabelBoxes)
    app.add_post_transform(PrintOutputs)
    app.add_post_transform(BookShape)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
