"""The PDF edition (``make pdf-test``): the whole book as one PDF, read back as text and as page images.

The PDF is built by ``make pdf`` (``make pdf-test`` builds it first); run alone, these tests build it when it is
missing.  Its text comes from pdftotext and its pages from pdftoppm (poppler-utils); the pages are kept in
``_build/screenshots/pdf/`` for review.  The first tests check the extension's own pieces and need no PDF.
"""

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from docutils import nodes
from PIL import Image

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "book" / "_ext"))

import edition
import print_edition

PDF: Path = ROOT / edition.PDF
PAGES = ROOT / "_build" / "screenshots" / "pdf"
#: pdftoppm's resolution for the page images; at 50 dpi a US letter page is 425 x 550 pixels.
DPI = 50
#: Sphinx's LaTeX pages keep 1 inch margins left and right (50 px); the footer's page number ends at 521 px.
#: Ink outside this box (with 10 px to spare) is a table, code line or figure running off the page.
TEXT_BOX = (40, 0, 385, 530)
WIDGET_REPR = re.compile(r"\b(VBox|HBox|GridBox|IntSlider|SelectionSlider|Dropdown|ToggleButtons|Button)\(children|"
                         r"\b(IntSlider|SelectionSlider|ToggleButtons|Dropdown)\(|<IPython\.core\.display|<Figure size")
GLUE_ROLE = re.compile(r"\{glue(?::\w*)?\}`([^`]+)`")
GLUE_RECORD = "application/papermill.record/"


# The extension's pieces.

def test_an_html_table_prints_as_a_latex_tabular_with_its_colours() -> None:
    html = ('<table><tr><td style="background:#1b5e20;color:white">1-5</td>'
            '<td style="background:#eeeeee;color:#212121">1-6</td></tr></table>')
    assert print_edition.latex_table(html) == (
        "\\begin{center}\n\\begin{tabular}{cc}\n"
        "\\cellcolor[HTML]{1B5E20}\\textcolor{white}{1-5} & \\cellcolor[HTML]{EEEEEE}\\textcolor[HTML]{212121}{1-6}\n"
        "\\end{tabular}\n\\end{center}\n"
    )


def test_a_long_fraction_may_break_after_its_slash_and_between_groups_of_digits() -> None:
    pieces = print_edition.breakable("P = 8514138887144/16602453602880 here")
    assert [p.astext() for p in pieces] == ["P = ", "85141388", r"\allowbreak{}", "87144/", r"\allowbreak{}",
                                            "16602453", r"\allowbreak{}", "602880", " here"]


def test_a_long_bet_name_may_break_after_its_underscores() -> None:
    assert [p.astext() for p in print_edition.breakable("dragon_bonus_player")] == [
        "dragon_", r"\allowbreak{}", "bonus_", r"\allowbreak{}", "player"]


def docutils_table(rows: list[list[str]]) -> nodes.table:
    group = nodes.tgroup(cols=len(rows[0]))
    group += [nodes.colspec(colwidth=1) for _ in rows[0]]
    body = nodes.tbody()
    for row in rows:
        body += nodes.row("", *(nodes.entry("", nodes.paragraph(text=cell)) for cell in row))
    group += body
    return nodes.table("", group)


def test_a_wide_tables_columns_never_leave_less_room_than_their_longest_word() -> None:
    # Scaled by the length of their entries, the Dragon Bonus table's "sd" column was 4 characters wide for "2.4233",
    # which ran past the table's edge (an overfull line of 9.9 pt).
    pays = "win by 9: 30 to 1; win by 8: 10 to 1; win by 7: 4 to 1; win by 6: 4 to 1; natural win: 1 to 1"
    table = docutils_table([["bet", "pays", "P(win)", "house edge", "house edge %", "sd"],
                            ["dragon bonus (player)", pays, "5660042220256/19524993263685",
                             "32536829389/1301666217579", "2.50%", "2.4233"]])
    print_edition.fit_to_page(table)
    widths = [colspec["colwidth"] for colspec in table.findall(nodes.colspec)]
    words = [len("player)"), len("natural"), len("56600422"), len("house"), len("2.50%"), len("2.4233")]
    # LaTeX shares the line out in proportion to the planned widths.
    shares = [width / sum(widths) * print_edition.LINE for width in widths]
    assert all(share >= word + print_edition.PADDING for share, word in zip(shares, words, strict=True))
    assert "colwidths-given" in table["classes"]


def test_html_without_a_table_is_left_alone() -> None:
    assert print_edition.latex_table("<p>no table here</p>") is None


def test_outside_git_the_version_line_says_unknown_commit(tmp_path: Path) -> None:
    assert edition.commit(tmp_path) == "unknown commit"


def test_the_version_line_names_the_library_and_the_commit() -> None:
    git = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT, capture_output=True, text=True, check=False)
    built_from = f"commit {git.stdout.strip()}" if git.returncode == 0 else "unknown commit"
    assert edition.edition_text(ROOT) == f"casino_math {edition.library_version()}, built from {built_from}"


def test_the_first_chapter_of_each_captioned_toctree_starts_a_part() -> None:
    toctrees = [{"caption": "Roulette", "includefiles": ["book/roulette", "book/roulette-variance"]},
                {"caption": None, "includefiles": ["book/glossary"]}]
    assert print_edition.part_captions(toctrees) == {"book/roulette": "Roulette"}


# The built PDF.

@pytest.fixture(scope="module")
def pdf() -> Path:
    if not PDF.exists():
        jupyter_book = Path(sys.executable).with_name("jupyter-book")
        subprocess.run([str(jupyter_book), "build", ".", "--builder", "pdflatex"], cwd=ROOT, check=True)
    return PDF


@pytest.fixture(scope="module")
def text(pdf: Path) -> str:
    raw = subprocess.run(["pdftotext", "-enc", "UTF-8", str(pdf), "-"], capture_output=True, text=True,
                         check=True).stdout
    return raw.replace("\u2019", "'").replace("\u2018", "'")


@pytest.fixture(scope="module")
def one_line(text: str) -> str:
    """The text with every run of white space one space, so that a title broken across lines still matches."""
    return " ".join(text.split())


@pytest.fixture(scope="module")
def pages(pdf: Path) -> list[Path]:
    PAGES.mkdir(parents=True, exist_ok=True)
    for old in PAGES.glob("page-*.png"):
        old.unlink()
    subprocess.run(["pdftoppm", "-r", str(DPI), "-png", str(pdf), str(PAGES / "page")], check=True)
    return sorted(PAGES.glob("page-*.png"))


def toc_files() -> list[Path]:
    toc = yaml.safe_load((ROOT / "_toc.yml").read_text())
    chapters = [c for part in toc["parts"] for c in part["chapters"]]
    return [next(ROOT.glob(chapter["file"] + ".*")) for chapter in chapters]


def title(path: Path) -> str:
    """A page's title: its first level-one heading, as the PDF prints it."""
    if path.suffix == ".ipynb":
        source = "\n".join("".join(c["source"]) for c in json.loads(path.read_text())["cells"] if c["cell_type"] == "markdown")
    else:
        source = path.read_text()
    heading = next(line[2:] for line in source.splitlines() if line.startswith("# "))
    return " ".join(re.sub(r"\\(.)", r"\1", heading).replace("`", "").split())


def notebooks() -> list[Path]:
    return [p for p in toc_files() if p.suffix == ".ipynb"]


def widget_outputs() -> int:
    return sum("application/vnd.jupyter.widget-view+json" in output.get("data", {})
               for path in notebooks() for cell in json.loads(path.read_text())["cells"]
               for output in cell.get("outputs", []))


def glued_values() -> list[tuple[str, str, str]]:
    """Every number the prose glues: (key, its text form, its LaTeX form or "").

    A key from another page does not resolve in LaTeX, and a formatted one cannot be predicted here: both are
    listed with the key itself as their text, so that the test names them (glue each number on its own page).
    """
    values = []
    for path in notebooks():
        cells = json.loads(path.read_text())["cells"]
        records = {output["metadata"]["scrapbook"]["name"]: output["data"]
                   for cell in cells for output in cell.get("outputs", [])
                   if GLUE_RECORD + "text/plain" in output.get("data", {})}
        for cell in cells:
            if cell["cell_type"] == "markdown":
                for key in GLUE_ROLE.findall("".join(cell["source"])):
                    if ":" in key:  # another page's key (page::key), or a format spec: not known here
                        values.append((key, key, ""))
                        continue
                    data = records[key]
                    text = "".join(data[GLUE_RECORD + "text/plain"]).strip("'")
                    values.append((key, text, "".join(data.get(GLUE_RECORD + "text/latex", "")).strip("$")))
    return values


@pytest.mark.parametrize("path", toc_files(), ids=lambda p: p.stem)
def test_every_chapter_title_is_in_the_pdf(one_line: str, path: Path) -> None:
    assert title(path) in one_line


def test_the_intro_carries_the_version_line(text: str) -> None:
    assert re.search(r"This edition: casino_math \S+, built from (commit [0-9a-f]+|unknown commit)\.", text)


def test_no_widget_prints_as_its_repr(text: str) -> None:
    assert WIDGET_REPR.findall(text) == []


def test_each_widget_prints_as_a_one_line_note(one_line: str) -> None:
    assert one_line.count(print_edition.WIDGET_NOTE) == widget_outputs()


def test_no_reference_is_left_unresolved(text: str) -> None:
    assert "??" not in text


def latex_log(pdf: Path) -> str:
    """The last LaTeX run's log, its lines joined where TeX broke them (at 79 characters)."""
    lines = pdf.with_suffix(".log").read_text(errors="replace").split("\n")
    return "".join(line if len(line) == 79 else line + "\n" for line in lines)


#: How far a line may run past its column before it shows (TeX reports every overfull line, however slight):
#: the Dragon Bonus table's "2.4233" ran 9.9 pt past the table's edge, and a header "P($300)" 7 pt into "P(broke)".
OVERFULL = 4.0


def test_no_line_runs_visibly_past_its_column(pdf: Path) -> None:
    overfull = [float(points) for points in re.findall(r"Overfull \\hbox \(([\d.]+)pt too wide\)", latex_log(pdf))]
    assert [points for points in overfull if points > OVERFULL] == []


def test_every_internal_link_has_a_target(pdf: Path) -> None:
    # A link whose label no page defines is drawn as a link all the same, and goes nowhere when clicked; LaTeX's
    # last pass names each (every link from the assumptions appendix to its box did).
    log = latex_log(pdf)
    undefined = re.findall(r"(?:Hyper r|R)eference `(.+?)' on page", log)
    assert undefined == [] and "There were undefined references" not in log


def test_every_glued_number_is_printed(one_line: str, pdf: Path) -> None:
    """A glue the LaTeX builder cannot resolve vanishes with only a warning: look for each value itself.

    A number glued with a LaTeX form prints as math, so look for that in the LaTeX source; the others in the text.
    """
    tex = pdf.with_suffix(".tex").read_text()
    values = glued_values()
    missing = [key for key, text, latex in values if (latex not in tex if latex else text not in one_line)]
    assert values and missing == []


def test_figures_are_numbered_with_captions(text: str) -> None:
    assert re.search(r"^Fig\. \d+\.1: \S", text, re.MULTILINE)


def test_every_page_is_rendered(pdf: Path, pages: list[Path]) -> None:
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    count = re.search(r"^Pages:\s+(\d+)", info, re.MULTILINE)
    assert count, info
    assert len(pages) == int(count[1])


def ink_box(page: Path) -> tuple[int, int, int, int] | None:
    """The bounding box of everything printed on a page image (left, top, right, bottom), None on a blank page."""
    image = Image.open(page).convert("L").point(lambda v: 255 if v < 200 else 0)
    return image.getbbox()


def test_nothing_runs_off_the_margins(pages: list[Path]) -> None:
    left, _, right, bottom = TEXT_BOX
    outside = {}
    for page in pages:
        box = ink_box(page)
        if box and (box[0] < left or box[2] > right or box[3] > bottom):
            outside[page.name] = box
    assert outside == {}
