"""Every page of the table of contents, read in a real browser, offline.

For each page: it loads with no console errors and no failed requests (any
request leaving 127.0.0.1 is blocked, and so fails); its math is typeset by the
self-hosted MathJax; every embedded widget renders; every internal link
resolves; every image has real alt text; no control of a live widget is enabled
before it runs live; axe-core finds no serious or critical accessibility violation.

And it reads well, at a laptop's 1280 px and a phone's 390 px: the page never scrolls sideways; no table is
wider than the text column unless it scrolls inside its own frame; no table cell shows a library ID where a
reader's name belongs; a deliberate error shows its one line, with no traceback frames or build-machine paths;
a dollar amount in prose is never typeset as math, and no formula is left between dollars as text; each table
column gives its numbers in one form.  A screenshot of each page at each width is saved under
``_build/screenshots/`` for review.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urldefrag, urljoin, urlparse

import pytest
from conftest import SITE, Mode, Read, Reads, each_page
from toc import toc_pages

from casino_math.games import reader_names

PAGES = toc_pages()
RAW_MATH = re.compile(r"\\\(|\\\)|\\\[|\\\]|\$\$|\\frac|\\dfrac")
#: The widths every page is read at: a laptop and a phone.
WIDTHS = {"laptop": 1280, "phone": 390}
#: Every (width, colour mode) a page is read in: both widths in the light theme, and the laptop's in the dark.
READS: list[tuple[int, Mode]] = [(WIDTHS["laptop"], "light"), (WIDTHS["phone"], "light"), (WIDTHS["laptop"], "dark")]
#: Library IDs a table cell must not show (an ID that is also a plain word, such as "field", may appear).
IDS = sorted(i for i in reader_names() if "_" in i or "-" in i or i in {"oxford", "quebec", "vegas", "ez", "pass"})
#: What only a traceback shows: its frames, its arrows and the paths of the machine that built the book.
TRACEBACK = re.compile(r"Traceback \(most recent call last\)|^\s*File \"|----> |site-packages|/work/|/home/|/tmp/",
                       re.MULTILINE)
#: Inline math made of English words: the text between two dollar amounts read as a formula.
INLINE_MATH = re.compile(r'<span class="math notranslate nohighlight">\\\((.*?)\\\)</span>', re.DOTALL)
WORDS_AS_MATH = re.compile(r"(?<![\\{a-z])[a-z]{3,} [a-z]{3,} [a-z]{2,}")
#: JavaScript: how far an element's content runs past its right edge as scrolled now; a formula is measured by its
#: drawing (its hidden MathML for screen readers counts in its container's scroll width but is never seen).
BEYOND = (" const beyond = e => { const f = e.matches('mjx-container') && e.querySelector(':scope > mjx-math');"
          "   if (!f) return e.scrollWidth - e.clientWidth - e.scrollLeft; const b = e.getBoundingClientRect();"
          "   return f.getBoundingClientRect().right - (b.left + e.clientLeft + e.clientWidth); };")


@pytest.fixture(scope="module")
def loaded(read_at: Reads) -> Callable[[str], Read]:
    """Each page as a laptop shows it (the page at 1280 px, loaded once for every check at that width)."""
    return lambda page_path: read_at(page_path, WIDTHS["laptop"])


@each_page(PAGES)
def test_math_is_typeset(loaded: Callable[[str], Read], path: str) -> None:
    page = loaded(path)["page"]
    untypeset = page.evaluate(
        "() => [...document.querySelectorAll('.math')].filter(e => !e.querySelector('mjx-container'))"
        " .map(e => e.textContent.slice(0, 60))"
    )
    assert untypeset == [], f"math left as source on {path}"
    prose = page.evaluate(
        "() => { const main = document.querySelector('main') || document.body;"
        " const copy = main.cloneNode(true);"
        " copy.querySelectorAll('pre, code, script, style, mjx-container, .cell_input').forEach(e => e.remove());"
        " return copy.innerText; }"
    )
    leftovers = RAW_MATH.findall(prose)
    assert leftovers == [], f"raw LaTeX in the visible text of {path}"
    if "mjx-container" in (SITE / f"{path}.html").read_text() or page.locator(".math").count():
        assert page.locator("mjx-container").count() > 0


@each_page(PAGES)
def test_every_widget_renders(loaded: Callable[[str], Read], path: str) -> None:
    result = loaded(path)
    if result["widget_views"] == 0:
        return
    rendered = result["page"].evaluate(
        "() => [...document.querySelectorAll('script[type=\"application/vnd.jupyter.widget-view+json\"]')]"
        " .filter(s => s.parentElement.querySelector('.jupyter-widgets, .widget-box, .widget-inline-hbox')).length"
    )
    assert rendered == result["widget_views"], f"{result['widget_views'] - rendered} widget(s) did not render on {path}"


class _Links(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.hrefs: list[str] = []
        self.ids: set[str] = set()
        self.images: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if ident := named.get("id"):
            self.ids.add(ident)
        if tag == "a" and (href := named.get("href")):
            self.hrefs.append(href)
        if tag == "img":
            self.images.append(named)


@functools.cache
def _parse(path: Path) -> _Links:
    parser = _Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


@each_page(PAGES)
def test_internal_links_resolve(path: str) -> None:
    source = SITE / f"{path}.html"
    broken = []
    for href in _parse(source).hrefs:
        if urlparse(href).scheme or href.startswith(("mailto:", "javascript:")):
            continue
        target, fragment = urldefrag(urljoin(source.as_uri(), href))
        target_path = Path(urlparse(target).path)
        if target_path.is_dir():
            target_path = target_path / "index.html"
        if not target_path.exists() or (fragment and target_path.suffix == ".html"
                                        and fragment not in _parse(target_path).ids):
            broken.append(href)
    assert broken == [], f"broken internal links on {path}"


@each_page(PAGES)
def test_every_image_has_alt_text(path: str) -> None:
    missing = []
    for image in _parse(SITE / f"{path}.html").images:
        alt = (image.get("alt") or "").strip()
        src = image.get("src") or ""
        if not alt or alt == src or alt.endswith((".png", ".svg", ".jpg", ".jpeg")):
            missing.append(src)
    assert missing == [], f"images without alt text on {path}"


@pytest.mark.parametrize("mode", ["light", "dark"])
@each_page(PAGES)
def test_no_serious_accessibility_violations(read_at: Reads, axe_script: str, path: str, mode: Mode) -> None:
    page = read_at(path, WIDTHS["laptop"], mode)["page"]
    assert page.evaluate("document.documentElement.dataset.theme") == mode
    page.add_script_tag(content=axe_script)
    # preload: false, or axe fetches every stylesheet again itself (and asks for theme.css's @import "../basic.css"
    # at the site's root, a request the page never makes); only css-orientation-lock needs them.
    violations = page.evaluate(
        "async () => (await axe.run(document, {resultTypes: ['violations'], preload: false})).violations"
        " .filter(v => v.impact === 'serious' || v.impact === 'critical')"
        " .map(v => `${v.id} (${v.impact}): ${v.nodes.length} element(s), e.g. ${v.nodes[0].target}`)"
    )
    assert violations == [], f"accessibility violations on {path}"


@each_page(PAGES)
def test_no_enabled_control_in_a_widget_that_is_not_live(loaded: Callable[[str], Read], path: str) -> None:
    # Until a widget runs live nothing computes behind its controls, so none may be movable.
    enabled = loaded(path)["page"].evaluate(
        "() => [...document.querySelectorAll('[data-live-widget]:not([data-state=\"live\"])')]"
        " .flatMap(w => [...w.querySelectorAll('input, select, button, textarea')]"
        "   .filter(e => !e.disabled).map(e => `${w.dataset.liveWidget}: ${e.name || e.outerHTML.slice(0, 60)}`))"
    )
    assert enabled == [], f"enabled controls in a widget that is not live on {path}"


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS)
@each_page(PAGES)
def test_no_page_scrolls_sideways(read_at: Reads, path: str, width: int) -> None:
    # The page itself never scrolls sideways, and nothing in the text is cut off at the screen's edge: anything
    # wider than the screen is inside a frame that scrolls (the theme's closed drawers are outside the article).
    page = read_at(path, width)["page"]
    wider = page.evaluate(
        "() => { const w = document.documentElement.clientWidth;"
        " const scrolls = e => { for (let a = e.parentElement; a; a = a.parentElement) {"
        "   if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return a.getBoundingClientRect().right <= w + 1; }"
        "   return false; };"
        " const article = document.querySelector('article.bd-article') || document.querySelector('main');"
        " return [...article.querySelectorAll('*')].filter(e => { const r = e.getBoundingClientRect();"
        "   return r.width > 0 && r.right > w + 1 && !scrolls(e); })"
        " .slice(0, 5).map(e => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}: ${e.textContent.trim().slice(0, 40)}`"
        "   + ` ends at ${Math.round(e.getBoundingClientRect().right)}`)"
        " .concat(Math.max(document.documentElement.scrollWidth, document.body.scrollWidth) > w + 1"
        "   ? [`the page is ${document.documentElement.scrollWidth} px wide`] : []); }"
    )
    assert wider == [], f"{path} at {width} px: sideways scrolling or content cut off at the edge"


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS)
@each_page(PAGES)
def test_wide_content_scrolls_inside_its_own_frame(read_at: Reads, path: str, width: int) -> None:
    # A table (or output) wider than the text column sits in a frame that scrolls, so the column keeps its width.
    page = read_at(path, width)["page"]
    spilling = page.evaluate(
        "() => { const article = document.querySelector('article.bd-article') || document.querySelector('main');"
        " const right = article.getBoundingClientRect().right - parseFloat(getComputedStyle(article).paddingRight);"
        " const column = {right};"
        " return [...article.querySelectorAll('table, pre, .cell_output')].filter(e => {"
        "   const box = e.getBoundingClientRect(); if (box.width === 0) return false;"
        "   let frame = e; while (frame && frame !== article) { const s = getComputedStyle(frame);"
        "     if (['auto', 'scroll'].includes(s.overflowX) && frame.getBoundingClientRect().right <= column.right + 1) return false;"
        "     frame = frame.parentElement; }"
        "   return box.right > column.right + 1; })"
        " .slice(0, 5).map(e => `${e.tagName.toLowerCase()} ${Math.round(e.getBoundingClientRect().width)} px`); }"
    )
    assert spilling == [], f"content wider than the text column of {path} at {width} px, not in a scrolling frame"


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS)
@each_page(PAGES)
def test_what_scrolls_in_its_frame_shows_that_it_does(read_at: Reads, path: str, width: int) -> None:
    # Display math, tables, code and outputs wider than the column scroll in their own frame, and a frame with more
    # to see fades at that edge (book/_static/page-controls.js): nothing looks cut off without a cue.
    hidden = read_at(path, width)["page"].evaluate(
        "() => { const article = document.querySelector('article.bd-article') || document.querySelector('main');"
        + BEYOND +
        " return [...article.querySelectorAll('*')].filter(e => e.clientWidth > 0 && beyond(e) > 1"
        "   && ['auto', 'scroll'].includes(getComputedStyle(e).overflowX) && !e.classList.contains('scrolls-right'))"
        " .slice(0, 5).map(e => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}: ${e.textContent.trim().slice(0, 40)}`); }"
    )
    assert hidden == [], f"{path} at {width} px: frames that scroll with no cue that they do"


@pytest.mark.parametrize("width", WIDTHS.values(), ids=WIDTHS)
@each_page(PAGES)
def test_display_math_is_whole_or_scrolls(read_at: Reads, path: str, width: int) -> None:
    # A formula wider than the column is set a little smaller to fit, or scrolls (with its cue, above); none is
    # clipped by a frame that cannot scroll.
    clipped = read_at(path, width)["page"].evaluate(
        "() => {" + BEYOND + " return [...document.querySelectorAll('mjx-container[display=\"true\"]')]"
        " .filter(m => m.clientWidth > 0 && beyond(m) > 1 && !['auto', 'scroll'].includes(getComputedStyle(m).overflowX))"
        " .map(m => m.textContent.slice(0, 40)); }"
    )
    assert clipped == [], f"display math clipped on {path} at {width} px"


@each_page(PAGES)
def test_no_long_fraction_reads_as_one_number(read_at: Reads, path: str) -> None:
    # A table cell shows a long exact fraction as its percent, the fraction one click away: no run of digits
    # longer than a folded fraction's (display.LONG_FRACTION), and never a numerator's head beside a
    # denominator's tail ("1703780081... 876624970111349493579").
    cells = read_at(path, WIDTHS["laptop"])["page"].evaluate(
        "() => [...document.querySelectorAll('main td, main th, .live-widget-result p')]"
        " .map(c => c.innerText.trim()).filter(t => /\\d{14,}|\\d \\.\\.\\. \\d/.test(t)).map(t => t.slice(0, 60))"
    )
    assert cells == [], f"long fractions shown whole or cut into one number on {path}"


#: Each column of a page's tables whose cells give bare numbers in more than one form, fractions ("1/19") beside
#: decimals ("0.010579"): [caption or first heading, column heading, one cell of each form].  A folded long fraction
#: reads as its decimal, its summary; a percent, a dollar amount or a cell with words is not a bare number.
MIXED_FORMS = r"""() => [...document.querySelectorAll('main table')].flatMap(table => {
  const head = table.tHead ? [...table.tHead.rows[0].cells].map(c => c.innerText.trim()) : [];
  const shown = cell => { const copy = cell.cloneNode(true);
    copy.querySelectorAll('details').forEach(d => { const s = d.querySelector('summary'); d.replaceWith(s ? s.textContent : ''); });
    return copy.textContent.trim().replace(/\u2212/g, '-'); };
  const forms = new Map();
  for (const body of table.tBodies) for (const row of body.rows) [...row.cells].forEach((cell, k) => {
    const text = shown(cell);
    const form = /^-?\d+\/\d+$/.test(text) ? 'fraction' : /^-?\d*\.\d+$/.test(text) ? 'decimal' : null;
    if (!form) return;
    if (!forms.has(k)) forms.set(k, new Map());
    if (!forms.get(k).has(form)) forms.get(k).set(form, text);
  });
  return [...forms].filter(([, seen]) => seen.size > 1).map(([k, seen]) =>
    [(table.caption ? table.caption.innerText : head.join(' ')).trim().slice(0, 50), head[k] || String(k), [...seen.values()]]);
})"""


@each_page(PAGES)
def test_each_table_column_gives_its_numbers_in_one_form(read_at: Reads, path: str) -> None:
    # The house-edge columns showed "1/19" beside "0.010579".
    mixed = read_at(path, WIDTHS["laptop"])["page"].evaluate(MIXED_FORMS)
    assert mixed == [], f"columns mixing fractions and decimals on {path}"


#: A formula left between dollars in the text a reader sees ("the house edge is $P(b) - $ 7/495": a space just
#: inside the closing dollar keeps MyST from reading it as math): a dollar, then no digit, up to a dollar that a
#: space precedes.
DOLLARS_LEFT = re.compile(r"\$(?=[A-Za-z\\(])[^$\n]{0,60}?\s\$")


@each_page(PAGES)
def test_no_formula_is_left_between_dollars(read_at: Reads, path: str) -> None:
    page = read_at(path, WIDTHS["laptop"])["page"]
    text = page.evaluate(
        "() => { const main = document.querySelector('main') || document.body; const copy = main.cloneNode(true);"
        " copy.querySelectorAll('pre, code, script, style, mjx-container, .cell_input').forEach(e => e.remove());"
        " copy.querySelectorAll('details').forEach(d => d.open = true);"
        " return copy.textContent; }"
    )
    assert DOLLARS_LEFT.findall(text) == [], f"a formula left between dollars on {path}"


@each_page(PAGES)
def test_chart_labels_are_legible_on_a_phone(read_at: Reads, path: str) -> None:
    # A live chart's text is set at 11 px or more.  (A figure, a picture drawn 700 px wide, fits the column whole
    # and opens at its own size with a tap: tests/browser/test_phone.py.)
    page = read_at(path, WIDTHS["phone"])["page"]
    small = page.evaluate(
        "() => [...document.querySelectorAll('.live-widget-chart svg text')].filter(t => t.textContent.trim()"
        "   && parseFloat(getComputedStyle(t).fontSize) < 11).map(t => `${t.textContent}: ${getComputedStyle(t).fontSize}`)"
    )
    assert small == [], f"chart text under 11 px on {path} at {WIDTHS['phone']} px"


@each_page(PAGES)
def test_a_wide_tables_caption_stays_in_view_on_a_phone(read_at: Reads, path: str) -> None:
    # Scrolled to its far end, a table wider than the phone still shows its whole caption on the screen.
    cut = read_at(path, WIDTHS["phone"])["page"].evaluate(
        "() => [...document.querySelectorAll('.table-frame')].filter(f => f.scrollWidth > f.clientWidth + 1)"
        " .flatMap(f => { const c = f.querySelector('caption'); if (!c) return [];"
        "   f.scrollLeft = f.scrollWidth; const r = c.getBoundingClientRect(); f.scrollLeft = 0;"
        "   return r.left < 0 || r.right > document.documentElement.clientWidth + 1 ? [c.textContent.slice(0, 50)] : []; })"
    )
    assert cut == [], f"captions of wide tables cut off on {path} at {WIDTHS['phone']} px"


@each_page([p for p in PAGES if p != "book/reference"])
def test_no_table_is_wider_than_the_text_column_at_1280(read_at: Reads, path: str) -> None:
    # Only the reference appendix is wide by design (its frame scrolls); every other table fits the column.
    page = read_at(path, WIDTHS["laptop"])["page"]
    wide = page.evaluate(
        "() => { const article = document.querySelector('article.bd-article') || document.querySelector('main');"
        " const s = getComputedStyle(article);"
        " const width = article.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight);"
        " return [...article.querySelectorAll('table')].filter(t => t.offsetParent !== null && t.scrollWidth > width + 1)"
        " .map(t => `${(t.caption ? t.caption.textContent : t.rows[0].textContent).trim().slice(0, 50)}:"
        " ${t.scrollWidth} px in ${Math.round(width)} px`); }"
    )
    assert wide == [], f"tables wider than the text column on {path}"


@each_page(PAGES)
def test_tables_show_names_not_library_ids(read_at: Reads, path: str) -> None:
    cells = read_at(path, WIDTHS["laptop"])["page"].evaluate(
        "ids => [...document.querySelectorAll('main td, main th')].map(c => c.textContent.trim())"
        " .filter(t => ids.includes(t))", IDS)
    assert cells == [], f"library IDs in the tables of {path}"


@each_page(["book/roulette"])
def test_the_roulette_tables_name_bets_one_way(read_at: Reads, path: str) -> None:
    # One case convention, the book's: "Straight up on 17", "Top line 0-00-1-2-3", never "straight 17" beside
    # "Straight up"; and a standard deviation is called one.
    page = read_at(path, WIDTHS["laptop"])["page"]
    names = page.evaluate(
        "() => [...document.querySelectorAll('main table')].filter(t => t.tHead"
        "   && t.tHead.rows[0].cells[0].textContent.trim() === 'bet')"
        " .flatMap(t => [...t.tBodies[0].rows].map(r => r.cells[0].textContent.trim()))"
    )
    assert names and [n for n in names if n[:1].islower()] == []
    assert "Straight up on 1" in names
    headings = page.evaluate("() => [...document.querySelectorAll('main th')].map(th => th.textContent.trim())")
    assert "sd" not in headings and "standard deviation" in headings


@each_page(PAGES)
def test_a_deliberate_error_shows_only_its_line(path: str) -> None:
    html = (SITE / f"{path}.html").read_text(encoding="utf-8")
    blocks = re.findall(r'<div class="[^"]*\btraceback\b[^"]*">(.*?)</pre>', html, re.DOTALL)
    frames = [b for b in blocks if TRACEBACK.search(re.sub(r"<[^>]+>", "", b))]
    assert frames == [], f"traceback frames or build paths in the errors of {path}"
    assert all(len(re.sub(r"<[^>]+>", "", b).strip().splitlines()) <= 3 for b in blocks)


@each_page(PAGES)
def test_dollar_amounts_are_text_not_math(path: str) -> None:
    html = (SITE / f"{path}.html").read_text(encoding="utf-8")
    words = [m for m in INLINE_MATH.findall(html)
             if WORDS_AS_MATH.search(re.sub(r"\\(text|mathrm|operatorname|textrm)\{[^}]*\}", "", m))]
    assert words == [], f"prose typeset as math on {path} (a dollar amount read as a formula?)"


@each_page(PAGES)
def test_no_enabled_control_in_a_widget_that_is_not_live_on_a_phone(read_at: Reads, path: str) -> None:
    enabled = read_at(path, WIDTHS["phone"])["page"].evaluate(
        "() => [...document.querySelectorAll('[data-live-widget]:not([data-state=\"live\"])')]"
        " .flatMap(w => [...w.querySelectorAll('input, select, button, textarea')]"
        "   .filter(e => !e.disabled).map(e => `${w.dataset.liveWidget}: ${e.name || e.outerHTML.slice(0, 60)}`))"
    )
    assert enabled == [], f"enabled controls in a widget that is not live on {path}"


@each_page(["book/reference"])
def test_the_reference_filters_and_sorts_by_exact_value(read_at: Reads, path: str) -> None:
    # The last of the page's checks at 1280 px (it filters and sorts the tables the others read), but for its errors.
    page = read_at(path, WIDTHS["laptop"])["page"]
    captions = page.locator("table.filterable caption").all_text_contents()
    tables, filters = page.locator("table.filterable"), page.locator(".table-filter input")
    at = {game: captions.index(f"{game}: the house edge per amount put down, under each rules value")
          for game in ("Craps", "Mini-baccarat")}
    craps = tables.nth(at["Craps"])
    filters.nth(at["Craps"]).fill("place")
    shown = craps.evaluate("t => [...t.tBodies[0].rows].filter(r => !r.hidden).map(r => r.cells[0].textContent)")
    assert shown == [f"Place {n}" for n in (4, 5, 6, 8, 9, 10)]
    craps.locator("th button", has_text="Oxford").click()
    # Place 6 and 8 (1/66) cost least, then 5 and 9 (1/25), then 4 and 10 (1/15).
    order = craps.evaluate("t => [...t.tBodies[0].rows].filter(r => !r.hidden).map(r => r.cells[0].textContent)")
    assert order[:2] == ["Place 6", "Place 8"] and order[-2:] == ["Place 4", "Place 10"]
    filters.nth(at["Craps"]).fill("")
    baccarat = tables.nth(at["Mini-baccarat"])
    baccarat.locator("th button", has_text="Oxford").click()
    first = baccarat.evaluate("t => t.tBodies[0].rows[0].cells[0].textContent")
    assert first == "Banker"  # 1.058%, the smallest edge, though its fraction has the most digits


# Last of each page's tests (pytest runs a page's tests in the order they are defined, and this module's after those
# of the modules before it), so that everything each reading of the page did while it was read is counted.
@each_page(PAGES)
def test_page_loads_without_errors_or_failed_requests(read_at: Reads, path: str) -> None:
    for width, mode in READS:
        read_at(path, width, mode)
    for (width, mode), result in read_at.of(path).items():
        at = f"{path} at {width} px in the {mode} theme"
        assert not result["failed"], f"failed or external requests on {at}:\n" + "\n".join(result["failed"])
        assert not result["errors"], f"console errors on {at}:\n" + "\n".join(result["errors"])
