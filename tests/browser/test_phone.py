"""The book whole on a phone's 390 px and a laptop's 1280 px, in the light and the dark theme.

- Every figure is in view whole: none of its width is cut off or faded.  On a phone it is the rendering drawn for a
  phone (one panel to a row), shown so that its smallest text is 11 px or more; on a laptop the page's rendering.
  Shown smaller than its own size, it opens at that size with a tap, and closes with Escape.
- No inline formula ends past the screen's edge or under a fade: a long one breaks after its relations.
- A chart is drawn once on a first visit, not once more when the theme's script sets the theme.
- "On this page" closes on the section chosen; the menu opens at the current chapter; the book's title is listed once.
- On paper, code wraps rather than being cut, and the "Run live" button is not printed.
- The previous and next arrows at the page's foot are on the screen.
- No widget's table is wider than its widget on a phone (a wide one is drawn as cards, one a row), nor on a laptop.
- The roulette chooser's pockets are its only tick boxes, and its live region says the bet, not the 38 pockets.
- Every slider of a widget shows its track, and has room to be moved: long labels go above it.

Screenshots go to ``_build/screenshots/phone/``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest
from conftest import SCREENSHOTS, SITE, Mode, Reads, each_page, watch
from toc import toc_pages

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Route

#: Opens a page of the book: its path, the window's width, the colour mode, a script run before the page's own.
Reader = Callable[..., "Page"]

SHOTS = SCREENSHOTS / "phone"
WIDTHS = {"phone": 390, "laptop": 1280}
MODES: tuple[Mode, ...] = ("light", "dark")
VIEWS = [(w, m) for w in WIDTHS.values() for m in MODES]
VIEW_IDS = [f"{w}-{m}" for w, m in VIEWS]


def _pages_with(pattern: str) -> list[str]:
    """The pages of the table of contents whose built HTML matches ``pattern``."""
    found = re.compile(pattern)
    return [p for p in toc_pages() if (SITE / f"{p}.html").exists() and found.search((SITE / f"{p}.html").read_text())]


FIGURE_PAGES = _pages_with(r'class="[^"]*cell_output[\s\S]*?<img ')
CHART_PAGES = _pages_with(r'class="live-widget-vega"')
WIDGET_PAGES = _pages_with(r'data-live-widget="')
#: The pages whose long inline formulas ran off a phone's screen (craps-line's E[T] = … = 1/(a+b) among them).
FORMULA_PAGES = ["book/craps-line", "book/craps-props", "book/craps-compare", "book/chance"]


@pytest.fixture
def reader(browser: Browser, site_url: str) -> Iterator[Reader]:
    pages: list[Page] = []

    def open_(path: str, width: int, mode: Mode = "light", init_script: str | None = None) -> Page:
        page = browser.new_page(viewport={"width": width, "height": 900}, color_scheme=mode)
        errors = watch(page).errors
        page.on("pageerror", lambda exc: errors.append(str(exc)))

        def only_local(route: Route) -> None:
            return route.continue_() if "//127.0.0.1" in route.request.url else route.abort()

        page.route("**/*", only_local)
        if init_script:
            page.add_init_script(init_script)
        page.goto(f"{site_url}/{path}.html", wait_until="load")
        page.evaluate("async () => { if (window.MathJax && MathJax.startup) await MathJax.startup.promise; }")
        pages.append(page)
        return page

    yield open_
    for page in pages:
        assert watch(page).errors == []
        page.close()


def shoot(page: Page, name: str, full_page: bool = False) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=full_page)


def test_the_pages_under_test_are_found() -> None:
    assert len(FIGURE_PAGES) >= 10 and "book/foundations" in FIGURE_PAGES and "book/kelly" in FIGURE_PAGES
    assert set(CHART_PAGES) >= {"book/long-run", "book/roulette-fairness"}
    assert len(WIDGET_PAGES) >= 15 and {"book/craps-compare", "book/baccarat-variants"} <= set(WIDGET_PAGES)


#: Each figure: the share of its width inside the viewport and inside every frame it sits in, and whether a frame
#: around it fades an edge.
FIGURE_SHARES = """() => [...document.querySelectorAll('.cell_output img')].map(image => {
  const r = image.getBoundingClientRect();
  let left = Math.max(r.left, 0), right = Math.min(r.right, document.documentElement.clientWidth);
  let faded = false;
  for (let e = image.parentElement; e && e !== document.body; e = e.parentElement) {
    const b = e.getBoundingClientRect(), s = getComputedStyle(e);
    if (s.overflowX !== 'visible') { left = Math.max(left, b.left); right = Math.min(right, b.right); }
    if (e.classList.contains('scrolls-right') || e.classList.contains('scrolls-left')) faded = true;
  }
  const phone = image.closest('picture')?.querySelector('source');
  const phoneUrl = phone && new URL(phone.getAttribute('srcset'), document.baseURI).href;
  return {alt: (image.alt || '').slice(0, 60), share: Math.max(0, right - left) / r.width, faded,
          width: r.width, natural: image.naturalWidth,
          rendering: !phone ? 'only one' : image.currentSrc === phoneUrl ? 'phone' : image.currentSrc === image.src ? 'page' : '?'};
})"""
#: The smallest text of a figure, in pixels as drawn (9 points at 100 dpi: casino_math/plots/style.py).
SMALLEST_DRAWN = 9 * 100 / 72


@pytest.mark.parametrize("width, mode", VIEWS, ids=VIEW_IDS)
@each_page(FIGURE_PAGES)
def test_every_figure_is_in_view_whole(read_at: Reads, path: str, width: int, mode: Mode) -> None:
    page = read_at(path, width, mode)["page"]
    page.wait_for_function("() => [...document.querySelectorAll('.cell_output img')].every(i => i.complete)")
    figures = page.evaluate(FIGURE_SHARES)
    assert figures, "no figure found"
    assert [f for f in figures if f["share"] < 0.99 or f["faded"]] == []
    # Each figure in the rendering drawn for the screen: on a phone its smallest text shown at 11 px or more.
    expected = "phone" if width == WIDTHS["phone"] else "page"
    assert [f["alt"] for f in figures if f["rendering"] != expected] == []
    if expected == "phone":
        assert [(f["alt"], round(f["width"] / f["natural"] * SMALLEST_DRAWN, 1)) for f in figures
                if f["width"] / f["natural"] * SMALLEST_DRAWN < 11] == []
    page.locator(".cell_output img").first.scroll_into_view_if_needed()
    shoot(page, f"figure-{path.split('/')[-1]}@{width}-{mode}")


@pytest.mark.parametrize("mode", MODES)
def test_a_figure_shown_small_opens_at_its_own_size(reader: Reader, mode: Mode) -> None:
    page = reader("book/kelly", WIDTHS["phone"], mode)
    figure = page.locator(".cell_output img").first
    figure.scroll_into_view_if_needed()
    page.wait_for_selector(".cell_output img.figure-enlargeable")
    assert figure.get_attribute("role") == "button"
    figure.click()
    viewer = page.locator("dialog.figure-viewer")
    assert viewer.evaluate("d => d.open")
    shown = page.evaluate("() => { const i = document.querySelector('.figure-viewer-image'); "
                          "return [i.getBoundingClientRect().width, i.naturalWidth]; }")
    assert abs(shown[0] - shown[1]) <= 1, shown  # at its own size, labels as drawn
    shoot(page, f"figure-viewer@390-{mode}")
    page.keyboard.press("Escape")
    assert not viewer.evaluate("d => d.open")
    # From the keyboard too.
    figure.focus()
    page.keyboard.press("Enter")
    assert viewer.evaluate("d => d.open")
    page.get_by_role("button", name="Close").click()
    assert not viewer.evaluate("d => d.open")


@each_page(["book/kelly"])
def test_a_figure_shown_at_its_own_size_is_not_a_button(read_at: Reads, path: str) -> None:
    page = read_at(path, WIDTHS["laptop"])["page"]
    page.wait_for_function("() => [...document.querySelectorAll('.cell_output img')].every(i => i.complete)")
    sizes = page.evaluate("() => [...document.querySelectorAll('.cell_output img')].map(i => "
                          "[i.getBoundingClientRect().width / i.naturalWidth, i.classList.contains('figure-enlargeable')])")
    assert [s for s in sizes if (s[0] < 0.9) != s[1]] == []


#: Inline formulas whose drawing ends past the viewport, or past their own box (cut off under a fade there).
INLINE_BEYOND = """() => [...document.querySelectorAll('.bd-article mjx-container:not([display="true"])')].flatMap(m => {
  const drawing = m.querySelector(':scope > mjx-math');
  if (!drawing || !drawing.getBoundingClientRect().width) return [];
  const right = drawing.getBoundingClientRect().right;
  const box = m.getBoundingClientRect().left + m.clientLeft + m.clientWidth;
  const tex = (MathJax.startup.document.getMathItemsWithin([m])[0] || {}).math;
  return right > document.documentElement.clientWidth + 0.5 || right > box + 1 ? [[tex, Math.round(right)]] : [];
})"""


@pytest.mark.parametrize("width, mode", VIEWS, ids=VIEW_IDS)
@each_page(FORMULA_PAGES)
def test_no_inline_formula_ends_off_screen(read_at: Reads, path: str, width: int, mode: Mode) -> None:
    page = read_at(path, width, mode)["page"]
    page.wait_for_function("() => document.documentElement.dataset.longFormulas === 'broken'", timeout=30_000)
    assert page.evaluate(INLINE_BEYOND) == []
    broken = page.locator("span.math[data-broken]")
    if broken.count():
        broken.first.scroll_into_view_if_needed()
    shoot(page, f"formula-{path.split('/')[-1]}@{width}-{mode}")


def test_the_proof_of_the_wait_shows_its_whole_formula_on_a_phone(reader: Reader) -> None:
    page = reader("book/craps-line", WIDTHS["phone"])
    page.wait_for_function("() => document.documentElement.dataset.longFormulas === 'broken'", timeout=30_000)
    pieces = page.evaluate("""() => [...document.querySelectorAll('span.math[data-broken]')].map(s =>
        [...s.querySelectorAll('mjx-container')].map(m => MathJax.startup.document.getMathItemsWithin([m])[0].math))""")
    whole = ["".join(p) for p in pieces]
    # E[T] = sum_k P(T > k) = sum_k (1 - a - b)^k = 1/(a + b), in pieces that break after its relations.
    assert any(w.startswith("E[T] ={}") and "\\frac{1}{a+b}" in w.replace(" ", "") for w in whole), whole


#: Counts every chart drawing (a Vega view's SVG) put into the page, alone or drawn whole inside what is put in,
#: from before the page's own scripts run.
COUNT_DRAWINGS = """
window.chartsDrawn = 0;
new MutationObserver(records => {
  for (const r of records) for (const n of r.addedNodes)
    if (n instanceof Element) window.chartsDrawn += n.matches('svg.marks') + n.querySelectorAll('svg.marks').length;
}).observe(document, {subtree: true, childList: true});
"""


@pytest.mark.parametrize("width, mode", VIEWS, ids=VIEW_IDS)
@pytest.mark.parametrize("path", CHART_PAGES)
def test_a_chart_is_drawn_once_on_a_first_visit(reader: Reader, path: str, width: int, mode: Mode) -> None:
    page = reader(path, width, mode, init_script=COUNT_DRAWINGS)
    charts = page.locator("script.live-widget-vega").count()
    page.wait_for_function(f"() => document.querySelectorAll('.live-widget-chart-drawing svg.marks').length >= {charts}",
                           timeout=30_000)
    page.wait_for_timeout(1500)  # a second drawing, if one were coming, has had its time
    assert page.evaluate("window.chartsDrawn") == charts
    assert page.locator(".live-widget-chart-drawing").count() == charts
    # And a change of theme does draw them again, in its colours.
    other = "dark" if mode == "light" else "light"
    page.evaluate(f"document.documentElement.dataset.theme = '{other}'")
    page.wait_for_function(f"() => window.chartsDrawn >= {2 * charts}", timeout=30_000)
    assert page.locator(".live-widget-chart-drawing").count() == charts


@pytest.mark.parametrize("mode", MODES)
def test_choosing_a_section_on_this_page_closes_the_drawer(reader: Reader, mode: Mode) -> None:
    page = reader("book/roulette", WIDTHS["phone"], mode)
    page.locator(".secondary-toggle:visible").click()
    drawer = page.locator("#pst-secondary-sidebar-modal")
    assert drawer.evaluate("d => d.open")
    link = page.locator("#pst-secondary-sidebar-modal a[href^='#']:visible").nth(2)
    href = link.get_attribute("href")
    assert href is not None
    link.click()
    page.wait_for_function("() => !document.getElementById('pst-secondary-sidebar-modal').open")
    assert page.evaluate("location.hash") == href
    top = page.evaluate(f"() => document.getElementById('{href[1:]}').getBoundingClientRect().top")
    assert 0 <= top < 450, top  # the section is in view, not under a drawer
    shoot(page, f"section-chosen@390-{mode}")


def assert_the_menu_shows_the_current_chapter_with_the_title_once(page: Page, menu: str) -> None:
    """The menu (a CSS selector: the laptop's sidebar, the phone's drawer) shows Kelly's chapter, the page's, in view,
    and the book's title once."""
    # The menu scrolls its current chapter into view once drawn: wait for it (a ceiling for a hang, not a timed check).
    page.wait_for_function("""menu => { const a = document.querySelector(`${menu} nav.bd-docs-nav a.current`);
        const r = a && a.getBoundingClientRect(); return r && r.top >= 0 && r.bottom <= innerHeight; }""",
                           arg=menu, timeout=60_000)
    current = page.evaluate("""menu => { const a = document.querySelector(`${menu} nav.bd-docs-nav a.current`);
        const r = a.getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, text: a.textContent.trim(), height: innerHeight}; }""", menu)
    assert "Kelly" in current["text"] and current["top"] >= 0 and current["bottom"] <= current["height"], current
    title = page.evaluate("() => document.querySelector('.logo__title').textContent.trim()")
    seen = page.evaluate("""([menu, t]) => [...document.querySelectorAll(`${menu} *`)].filter(e =>
        e.children.length === 0 && e.textContent.trim() === t && e.getClientRects().length).length""", [menu, title])
    assert seen == 1, seen


@pytest.mark.parametrize("mode", MODES)
def test_a_laptops_menu_shows_the_current_chapter_with_the_title_once(reader: Reader, mode: Mode) -> None:
    page = reader("book/kelly", WIDTHS["laptop"], mode)  # a chapter far down the table of contents
    assert_the_menu_shows_the_current_chapter_with_the_title_once(page, ".bd-sidebar-primary")
    shoot(page, f"menu-at-current@1280-{mode}")


@pytest.mark.parametrize("mode", MODES)
def test_the_menu_opens_at_the_current_chapter_with_the_title_once(reader: Reader, mode: Mode) -> None:
    page = reader("book/kelly", WIDTHS["phone"], mode)  # a chapter far down the table of contents
    page.locator(".primary-toggle:visible").click()
    page.wait_for_function("() => document.getElementById('pst-primary-sidebar-modal').open")
    assert_the_menu_shows_the_current_chapter_with_the_title_once(page, "#pst-primary-sidebar-modal")
    shoot(page, f"menu-at-current@390-{mode}")


@pytest.mark.parametrize("width, mode", VIEWS, ids=VIEW_IDS)
def test_printed_code_wraps_and_the_run_button_is_not_printed(reader: Reader, width: int, mode: Mode) -> None:
    page = reader("book/chance", width, mode)
    page.emulate_media(media="print", color_scheme=mode)
    cut = page.evaluate("""() => [...document.querySelectorAll('div.highlight pre')].filter(p =>
        p.getClientRects().length && p.scrollWidth > p.clientWidth + 1).length""")
    assert cut == 0
    assert page.locator(".live-widget-run:visible").count() == 0
    assert page.locator(".live-widget").count() >= 1


@pytest.mark.parametrize("width, mode", VIEWS, ids=VIEW_IDS)
@each_page(["book/chance"])
def test_the_next_and_previous_arrows_are_on_screen(read_at: Reads, path: str, width: int, mode: Mode) -> None:
    page = read_at(path, width, mode)["page"]
    area = page.locator(".prev-next-area")
    area.scroll_into_view_if_needed()
    edges = page.evaluate("""() => [...document.querySelectorAll('.prev-next-area a > svg, .prev-next-area a > i')]
        .map(e => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })""")
    assert len(edges) == 2
    assert all(left >= 0 and right <= page.viewport_size["width"] for left, right in edges), edges  # type: ignore[index]
    shoot(page, f"next-previous@{width}-{mode}")


#: What a snippet shows when it glues a table's cells together ("4%-0.06baccaratBanker") or quotes TeX.
GLUED = re.compile(r"\d[a-z]{4,}|%[-−\d]|[a-z][A-Z][a-z]{3,}")
RAW_TEX = re.compile(r"\\\(|\\\)|\\frac|\\sum|\\left|\\mathrm|\$\$")


@pytest.mark.parametrize("width, mode", VIEWS, ids=VIEW_IDS)
@pytest.mark.parametrize("query", ["banker", "house edge"])
def test_search_results_read_as_text_and_keep_to_the_screen(reader: Reader, query: str, width: int, mode: Mode) -> None:
    page = reader("search", width, mode)
    page.goto(page.url.split("?")[0] + "?q=" + query.replace(" ", "+"), wait_until="load")
    page.wait_for_selector("#search-results li p.context", timeout=60_000)
    page.wait_for_function("() => !document.querySelector('#search-progress') || "
                           "/Search finished|found/i.test(document.querySelector('#search-progress').textContent)",
                           timeout=60_000)
    page.wait_for_function("() => document.querySelectorAll('#search-results li p.context').length >= 5",
                           timeout=60_000)
    page.wait_for_timeout(1000)  # the snippets are filled in as each page's text arrives
    snippets = page.locator("#search-results li p.context").all_inner_texts()
    assert len(snippets) >= 5
    assert [s for s in snippets if RAW_TEX.search(s)] == []
    assert [m.group(0) for s in snippets for m in GLUED.finditer(s)] == []
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shoot(page, f"search-{query.replace(' ', '-')}@{width}-{mode}")


#: Each widget's tables wider than its result (the frame the widget draws its result in): [widget, table widths].
WIDE_WIDGET_TABLES = """() => [...document.querySelectorAll('[data-live-widget]')].flatMap(widget => {
  const result = widget.querySelector('.live-widget-result');
  const wide = [...result.querySelectorAll('table')].map(t => t.scrollWidth).filter(w => w > result.clientWidth);
  return wide.length ? [[widget.dataset.liveWidget, result.clientWidth, wide]] : [];
})"""


@pytest.mark.parametrize("mode", MODES)
@each_page(WIDGET_PAGES)
def test_no_widget_table_is_wider_than_its_widget_on_a_phone(read_at: Reads, path: str, mode: Mode) -> None:
    # craps-compare's table of bets was 704 px wide in a widget of 340, baccarat-variants' 443.
    page = read_at(path, WIDTHS["phone"], mode)["page"]
    assert page.evaluate(WIDE_WIDGET_TABLES) == []
    cards = page.locator("[data-live-widget] table.widget-cards")
    if cards.count():
        cards.first.scroll_into_view_if_needed()
        assert cards.first.locator("tbody td[data-label]").count() >= 4
    shoot(page, f"widget-tables-{path.split('/')[-1]}@390-{mode}")
    page = read_at(path, WIDTHS["laptop"], mode)["page"]                # on a laptop the same tables are tables
    cards = page.locator("[data-live-widget] table.widget-cards")
    if cards.count():
        assert cards.first.evaluate("t => getComputedStyle(t).display") == "table"
    assert page.evaluate(WIDE_WIDGET_TABLES) == []                      # and fit their widget there too


#: Each number of every opened long fraction that is drawn on more than one line: [its digits, its lines].
BROKEN_NUMBERS = """() => [...document.querySelectorAll('details.exact')].flatMap(details => {
  details.open = true;
  const fraction = details.querySelector('.exact-fraction');
  const text = fraction.textContent;
  const walker = document.createTreeWalker(fraction, NodeFilter.SHOW_TEXT);
  const pieces = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) pieces.push(node);
  // A number's digits as drawn: the text nodes between one slash (or the start) and the next.
  const numbers = [[]];
  for (const node of pieces) {
    const [head, ...rest] = node.textContent.split('/');
    numbers[numbers.length - 1].push([node, 0, head.length]);
    let at = head.length + 1;
    for (const part of rest) { numbers.push([[node, at, at + part.length]]); at += part.length + 1; }
  }
  return numbers.flatMap(runs => {
    const tops = new Set();
    for (const [node, start, end] of runs) {
      if (end <= start) continue;
      const range = document.createRange();
      range.setStart(node, start); range.setEnd(node, end);
      for (const r of range.getClientRects()) if (r.width > 0) tops.add(Math.round(r.top));
    }
    const digits = runs.map(([node, s, e]) => node.textContent.slice(s, e)).join('');
    return tops.size > 1 ? [[digits, tops.size]] : [];
  });
})"""


@pytest.mark.parametrize("width, mode", VIEWS, ids=VIEW_IDS)
def test_an_opened_fraction_breaks_no_number_that_fits_a_line(reader: Reader, width: int, mode: Mode) -> None:
    # The baccarat chapter's tables fold long fractions ("0.010579", the fraction a click away); opened, the fraction
    # broke anywhere, "1147533517/28" on a phone.  Now only after its slash, and a number longer than a line (more
    # than casino_math.tables.LONG_NUMBER digits) only between groups of three digits.
    from casino_math.tables import LONG_NUMBER

    page = reader("book/baccarat", width, mode)
    broken = page.evaluate(BROKEN_NUMBERS)
    assert page.locator("details.exact[open]").count() >= 5
    assert [(digits, lines) for digits, lines in broken if len(digits.lstrip("-")) <= LONG_NUMBER] == []
    page.locator("details.exact[open]").first.scroll_into_view_if_needed()
    shoot(page, f"opened-fractions-baccarat@{width}-{mode}")


@pytest.mark.parametrize("width, mode", VIEWS, ids=VIEW_IDS)
@each_page(["book/roulette"])
def test_the_roulette_choosers_pockets_are_its_only_tick_boxes_and_not_in_its_live_region(
        read_at: Reads, path: str, width: int, mode: Mode) -> None:
    # The chooser showed 38 tick boxes (275 px) above the layout whose pockets do the same, and its live region held
    # the 38 pocket buttons, for a screen reader to read on every change.
    page = read_at(path, width, mode)["page"]
    chooser = page.locator('[data-live-widget="roulette.chooser"]')
    chooser.scroll_into_view_if_needed()
    assert chooser.locator('input[type="checkbox"]').count() == 0
    pockets = chooser.locator(".live-widget-result button[data-control]")
    assert pockets.count() == 38
    regions = chooser.locator("[aria-live]")
    assert regions.count() == 1 and regions.locator("button").count() == 0
    assert "P(win)" in regions.inner_text()
    shoot(page, f"roulette-chooser@{width}-{mode}")


#: Each slider of a widget: its label, its width, and the share of its width along its middle row drawn in other
#: colours than the widget's background (its track, filled or not, and its thumb), from a screenshot of it.
SLIDERS = """() => [...document.querySelectorAll('[data-live-widget] input[type="range"]')].map(input => {
  const r = input.getBoundingClientRect();
  return {name: input.name, label: input.closest('label').textContent.trim().slice(0, 50), width: r.width,
          x: r.left + scrollX, y: r.top + scrollY, height: r.height};
})"""
#: A slider narrower than this (in CSS px) is too short to move by a step at a time (the fairness explorer's seed
#: and hits sliders were 35-50 px).
SLIDER_ROOM = 120
SLIDER_PAGES = _pages_with(r'<input type="range"')


def drawn_share(png: bytes) -> float:
    """The share of a slider's middle row drawn in colours other than its background (the row's most common colour
    at its ends)."""
    import io

    from PIL import Image

    image = Image.open(io.BytesIO(png)).convert("RGB")
    width, height = image.size
    data = image.tobytes()
    pixels = [tuple(data[i:i + 3]) for i in range(0, len(data), 3)]  # RGB triples, row by row
    background = pixels[0]
    best = 0.0
    for y in range(height // 4, 3 * height // 4 + 1):
        row = pixels[y * width:(y + 1) * width]
        drawn = sum(max(abs(a - b) for a, b in zip(pixel, background, strict=True)) > 24 for pixel in row)
        best = max(best, drawn / width)
    return best


@pytest.mark.parametrize("width, mode", VIEWS, ids=VIEW_IDS)
@each_page(SLIDER_PAGES)
def test_every_slider_shows_its_track_and_has_room(read_at: Reads, path: str, width: int, mode: Mode) -> None:
    # baccarat-counting's "10s, jacks, queens and kings (0) removed" slider showed no track; the fairness explorer's
    # seed and hits sliders were 35-50 px wide.  Each slider is drawn along (nearly) its whole width, and has room.
    page = read_at(path, width, mode)["page"]
    sliders = page.evaluate(SLIDERS)
    assert sliders
    narrow = [(s["label"], round(s["width"])) for s in sliders if s["width"] < SLIDER_ROOM]
    assert narrow == []
    faint = []
    for k, slider in enumerate(sliders):
        element = page.locator('[data-live-widget] input[type="range"]').nth(k)
        element.scroll_into_view_if_needed()
        share = drawn_share(element.screenshot())
        if share < 0.8:
            faint.append((slider["label"], round(share, 2)))
    assert faint == []
    page.locator('[data-live-widget] input[type="range"]').first.scroll_into_view_if_needed()
    shoot(page, f"sliders-{path.split('/')[-1]}@{width}-{mode}")
