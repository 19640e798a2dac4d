"""The live widgets, run in a real browser, offline: Pyodide and casino_math from the site itself.

For each widget made live so far: the page shows the static snapshot with every
control disabled; "Run live in your browser" brings it to ``data-state="live"``;
a control is set, and the new result is checked against casino_math computed in
this process.  A start that cannot succeed (no WebAssembly, a missing file)
sets ``failed``, keeps the snapshot and says why.  Screenshots of each widget
before and after going live, at 1280 px and 390 px, go to ``_build/screenshots/``,
and the times measured (button to first live result, each later update) to
``_build/screenshots/live-timings.json``; the times are reported, not asserted.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Iterator
from fractions import Fraction
from typing import TYPE_CHECKING, Any
from urllib.parse import urlparse

import pytest
from conftest import SCREENSHOTS

from casino_math import bets, display, roulette, ruin
from casino_math.baccarat import Shoe, edge_bets, rules_named
from casino_math.craps import RULES, bet
from casino_math.craps.rolls import race
from casino_math.dice import one_face_bet
from casino_math.widgets import craps as craps_widgets
from casino_math.widgets import session as session_widgets
from casino_math.widgets.chemin import flip_table

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Route

#: Opens a page of the site (a path, a width, a script to run first, a file to answer 404): a playwright Page that
#: also keeps the requests it blocked and its errors.
Opener = Callable[..., Any]

TIMINGS: dict[str, dict[str, list[float]]] = {}


def banker_edge(decks: int) -> str:
    """The banker bet's house edge dealt from ``decks`` decks, as the decks explorer shows it."""
    return display.percent(bets.house_edge(dict(edge_bets(rules_named("oxford").changed(decks=decks)))["banker"]), 4)


def banker_value_without_fours() -> str:
    """The banker bet's expected value from an 8-deck shoe with all 32 fours taken out."""
    shoe = Shoe.of_decks(8).removing({4: 32})
    return display.percent(bets.expected_value(dict(edge_bets(rules_named("oxford"), shoe))["banker"]), 4)


def chemin_banker_row(banker: int, third: int | None) -> str:
    """The banker bet's row of the chart flipper with one cell flipped, as the widget shows it."""
    row = next(row for row in flip_table(banker, third).rows if row[0] == "banker")
    return " | ".join([display.reader_text(row[0]), *row[1:]])


def field_edge_when_12_pays(payout: int) -> str:
    """The Oxford field bet's house edge when the 12 pays ``payout`` to 1."""
    rules = RULES["oxford"].changed(field_pays={**RULES["oxford"].field_pays, 12: Fraction(payout)})
    return display.fraction_text(bets.house_edge(bet("field", rules)))


def red_wins() -> str:
    """P(win) of a bet on red under the Oxford rules, as the bet chooser shows it."""
    p = bets.p_win(roulette.bet_on(roulette.outside_groups(roulette.OXFORD)["red"][0], roulette.OXFORD))
    return f"{display.fraction_text(p)} ({display.percent(p)})"


def four_before_seven() -> str:
    """P(the point 4 is rolled before a 7), as the race view shows it."""
    return f"{display.fraction_text(race(4, 7))} ({display.percent(race(4, 7))})"


def broke_on_red_from_50() -> str:
    """P(broke within 100 bets of $10 on red, from $50), as the session explorer shows it."""
    return display.percent(ruin.walk(session_widgets.game_bets("roulette")["red"], 5, 100).p_ruin())


def dragon_7_edge_with_16_eights() -> str:
    """The Dragon 7's edge from an 8-deck shoe with 16 of its 8s taken out, as the side-bet explorer shows it."""
    from casino_math.baccarat.count import edge
    from casino_math.widgets.variants import depleted_by_rank

    return display.percent(edge("dragon_7", depleted_by_rank({"8": 16})), 4)


#: page, widget, (control, raw value), the table row to read (None: the whole result), what it must contain.
CASES = [
    ("book/chance", "chance.payout", ("payout", 8), None,
     (f"house edge {display.fraction_text(bets.house_edge(one_face_bet(Fraction(5))))} "
      f"({display.percent(bets.house_edge(one_face_bet(Fraction(5))))})")),
    ("book/baccarat", "baccarat.decks", ("decks", 1), "Banker", banker_edge(1)),
    ("book/baccarat-counting", "baccarat.shoe", ("removed_4", 32), "Banker", banker_value_without_fours()),
    ("book/craps-compare", "craps.bets", ("field_12", 1), "Field", field_edge_when_12_pays(3)),
    # a 60-40 even-money bet: the Kelly fraction is p - q = 1/5 of the bankroll
    ("book/kelly", "kelly.growth", ("chance", 55), "Kelly", display.percent(Fraction(1, 5), 4)),
    ("book/chemin-de-fer", "chemin.chart", ("banker", 6), "Banker", chemin_banker_row(6, 4)),
    ("book/roulette", "roulette.chooser", ("bet", 1), "P(win)", red_wins()),
    ("book/craps-line", "craps.race", ("point", craps_widgets.POINTS.index(4)), "P(point before 7)", four_before_seven()),
    ("book/long-run", "session.explorer", ("bankroll", session_widgets.BANKROLLS.index(50)), "P(broke within 100 bets)",
     broke_on_red_from_50()),
    ("book/baccarat-variants", "variants.side_bets", ("removed_8", 16), "Dragon 7", dragon_7_edge_with_16_eights()),
]


@pytest.fixture
def open_page(browser: Browser, site_url: str) -> Iterator[Opener]:
    """A page of the site at a given width, every request outside 127.0.0.1 blocked and recorded."""
    pages = []

    def open_(path: str, width: int = 1280, init_script: str | None = None, block: str | None = None) -> Any:
        page: Any = browser.new_page(viewport={"width": width, "height": 900})
        page.blocked, page.errors = [], []
        page.on("pageerror", lambda exc: page.errors.append(str(exc)))

        def route(r: Route) -> None:
            url = r.request.url
            if urlparse(url).hostname != "127.0.0.1":
                page.blocked.append(url)
                return r.abort()
            if block and url.split("?")[0].endswith(block):
                return r.fulfill(status=404, body="")
            return r.continue_()

        page.route("**/*", route)
        if init_script:
            page.add_init_script(init_script)
        page.goto(f"{site_url}/{path}.html", wait_until="load")
        pages.append(page)
        return page

    yield open_
    for page in pages:
        page.close()


def set_control(page: Page, widget: str, name: str, raw: object) -> float:
    """Set a control as a reader would (the change event fires) and return how long the update took, in ms."""
    value: float = page.evaluate(
        """([widget, name, raw]) => {
             const container = document.querySelector(`[data-live-widget="${widget}"]`);
             const inputs = [...container.querySelectorAll(`[name="${name}"]`)];
             const input = inputs.length > 1 ? inputs.find(i => i.value === String(raw)) : inputs[0];
             if (input.type === 'radio' || input.type === 'checkbox') input.checked = input.type === 'radio' || raw;
             else input.value = String(raw);
             const started = performance.now();
             input.dispatchEvent(new Event('input', {bubbles: true}));
             input.dispatchEvent(new Event('change', {bubbles: true}));
             return performance.now() - started;
           }""",
        [widget, name, raw],
    )
    return value


def result_text(page: Page, widget: str, row: str | None) -> str:
    """The widget's result: one table row's cells, or its whole text."""
    value: str = page.evaluate(
        """([widget, row]) => {
             const result = document.querySelector(`[data-live-widget="${widget}"] .live-widget-result`);
             if (!row) return result.innerText;
             const tr = [...result.querySelectorAll('tr')].find(r => r.cells[0] && r.cells[0].innerText.trim() === row);
             return tr ? [...tr.cells].map(c => c.innerText.trim()).join(' | ') : '';
           }""",
        [widget, row],
    )
    return value


def enabled_controls(page: Page, widget: str) -> list[str]:
    value: list[str] = page.evaluate(
        """widget => [...document.querySelector(`[data-live-widget="${widget}"]`)
                        .querySelectorAll('input, select, button, textarea')]
                        .filter(e => !e.disabled).map(e => e.name || e.outerHTML.slice(0, 60))""",
        widget,
    )
    return value


def shoot(page: Page, widget: str, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    frame = page.locator(f'.live-widget:has([data-live-widget="{widget}"])')
    frame.scroll_into_view_if_needed()
    frame.screenshot(path=str(SCREENSHOTS / f"live__{widget}__{name}.png"))


def fits_the_page(page: Page, widget: str) -> bool:
    value: bool = page.evaluate(
        """widget => document.querySelector(`.live-widget:has([data-live-widget="${widget}"])`)
                      .getBoundingClientRect().right <= document.documentElement.clientWidth + 1""",
        widget,
    )
    return value


@pytest.mark.parametrize("path, widget, setting, row, expected", CASES, ids=[c[1] for c in CASES])
def test_widget_runs_live_and_computes_what_the_library_computes(
        open_page: Opener, path: str, widget: str, setting: tuple[str, int], row: str | None, expected: str) -> None:
    page = open_page(path, width=390)
    container = page.locator(f'[data-live-widget="{widget}"]')
    assert container.get_attribute("data-state") == "static"
    assert enabled_controls(page, widget) == []
    assert fits_the_page(page, widget)
    shoot(page, widget, "static-390")
    page.set_viewport_size({"width": 1280, "height": 900})
    shoot(page, widget, "static-1280")

    started = time.perf_counter()
    page.get_by_role("button", name="Run live in your browser").first.click()
    page.wait_for_selector(f'[data-live-widget="{widget}"][data-state="live"]', timeout=120_000)
    cold = time.perf_counter() - started

    control, raw = setting
    updates = [set_control(page, widget, control, raw)]
    assert expected in result_text(page, widget, row)
    starting = container.locator(f'[name="{control}"]').first.evaluate(
        """e => e.type === 'radio' ? [...e.form ? e.form.elements : document.getElementsByName(e.name)]
                                        .find(i => i.name === e.name && i.defaultChecked).value
              : e.tagName === 'SELECT' ? String([...e.options].findIndex(o => o.defaultSelected))
              : e.defaultValue""")
    for _ in range(4):  # back and forth, to time the updates
        updates.append(set_control(page, widget, control, starting))
        updates.append(set_control(page, widget, control, raw))
    assert expected in result_text(page, widget, row)
    assert page.blocked == [], f"requests outside 127.0.0.1: {page.blocked}"
    assert page.errors == []
    shoot(page, widget, "live-1280")
    page.set_viewport_size({"width": 390, "height": 900})
    assert fits_the_page(page, widget)
    shoot(page, widget, "live-390")
    record(widget, cold, updates)


def record(widget: str, cold: float, updates: list[float]) -> None:
    TIMINGS[widget] = {"cold start s": [round(cold, 2)], "updates ms": [round(u, 1) for u in updates]}
    summary = {w: {"cold start s": t["cold start s"][0], "median update ms": statistics.median(t["updates ms"])}
               for w, t in TIMINGS.items()}
    (SCREENSHOTS / "live-timings.json").write_text(json.dumps({"runs": TIMINGS, "summary": summary}, indent=1))


def test_ticking_pockets_makes_the_bet_they_cover(open_page: Opener) -> None:
    page = open_page("book/roulette")
    page.get_by_role("button", name="Run live in your browser").first.click()
    page.wait_for_selector('[data-live-widget="roulette.chooser"][data-state="live"]', timeout=120_000)
    assert "split 17-20" in result_text(page, "roulette.chooser", "bet")
    chooser = page.locator('[data-live-widget="roulette.chooser"]')
    chooser.get_by_label("20", exact=True).uncheck()         # only 17 is left: a straight-up bet
    assert "straight 17" in result_text(page, "roulette.chooser", "bet")
    chooser.get_by_label("21", exact=True).check()           # 17 and 21 share no edge: no bet, and why
    assert "17 and 21 are not adjacent on the layout" in result_text(page, "roulette.chooser", None)
    chooser.locator('select[name="bet"]').select_option(label="Red")
    assert sorted(set(enabled_controls(page, "roulette.chooser"))) == ["bet", "spins"]


def test_the_session_chart_is_drawn_from_the_site_in_the_snapshot_and_live(open_page: Opener) -> None:
    page = open_page("book/long-run")
    chart = '[data-live-widget="session.explorer"] .live-widget-chart svg'
    page.wait_for_selector(chart, timeout=60_000)          # vega-embed draws the snapshot's chart on page load
    page.get_by_role("button", name="Run live in your browser").first.click()
    page.wait_for_selector('[data-live-widget="session.explorer"][data-state="live"]', timeout=120_000)
    set_control(page, "session.explorer", "game", 2)
    assert "Mini-baccarat bet" in page.locator('[data-live-widget="session.explorer"]').inner_text()
    page.wait_for_function(
        """() => [...document.querySelectorAll('[data-live-widget="session.explorer"] .live-widget-chart svg')]
                   .some(svg => svg.textContent.includes('mini-baccarat banker'))""", timeout=60_000)
    assert page.blocked == [] and page.errors == []


def chart_and_frame_widths(page: Page) -> list[tuple[float, float]]:
    value: list[tuple[float, float]] = page.evaluate(
        """() => [...document.querySelectorAll('[data-live-widget="session.explorer"] .live-widget-chart svg')]
                   .map(svg => [svg.getBoundingClientRect().width, svg.closest('figure').getBoundingClientRect().width])""")
    return value


def test_the_session_chart_keeps_to_its_frame_when_the_window_narrows_and_widens(open_page: Opener) -> None:
    # Vega's own "container" width followed the window: after 1280 -> 900 -> 1280 px the chart was 1598 px wide in
    # a frame of 654, its title and every bar of the sessions that end ahead cut off.
    page = open_page("book/long-run")
    page.wait_for_selector('[data-live-widget="session.explorer"] .live-widget-chart svg', timeout=60_000)
    for width in (900, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(800)
        for chart, frame in chart_and_frame_widths(page):
            assert 0.8 * frame <= chart <= frame, (width, chart, frame)


def test_a_setting_that_cannot_be_computed_is_said_and_then_cleared(open_page: Opener) -> None:
    page = open_page("book/baccarat-counting")
    page.get_by_role("button", name="Run live in your browser").first.click()
    page.wait_for_selector('[data-live-widget="baccarat.shoe"][data-state="live"]', timeout=120_000)
    note = page.locator('.live-widget:has([data-live-widget="baccarat.shoe"]) .live-widget-note')
    stale = '[data-live-widget="baccarat.shoe"] .live-widget-result.live-widget-stale'
    highs = page.evaluate("""() => [...document.querySelectorAll('[data-live-widget="baccarat.shoe"] input[type="range"]')]
                                   .map(i => [i.name, i.max])""")
    for name, high in highs:  # every card taken out: no coup can be dealt
        set_control(page, "baccarat.shoe", name, high)
    assert "That setting could not be computed: " in note.inner_text()
    assert "Error:" not in note.inner_text() and page.locator(stale).count() == 1
    for name, _ in highs:
        set_control(page, "baccarat.shoe", name, 0)
    assert note.inner_text().startswith("Live:") and page.locator(stale).count() == 0


def test_one_start_brings_every_widget_on_the_page_to_life(open_page: Opener) -> None:
    page = open_page("book/craps-compare")
    page.get_by_role("button", name="Run live in your browser").first.click()
    assert page.locator('[data-live-widget]').first.get_attribute("data-state") in ("loading", "live")
    page.wait_for_selector('[data-live-widget][data-state="live"]', timeout=120_000)
    assert page.locator('[data-live-widget]:not([data-state="live"])').count() == 0
    assert page.locator(".live-widget-run:visible").count() == 0


def test_a_setting_the_rules_do_not_have_is_disabled_when_live(open_page: Opener) -> None:
    page = open_page("book/craps-compare")
    page.get_by_role("button", name="Run live in your browser").first.click()
    page.wait_for_selector('[data-live-widget="craps.bets"][data-state="live"]', timeout=120_000)
    page.locator('[data-live-widget="craps.bets"] select[name="casino"]').select_option(label=RULES["quebec"].name)
    # Québec offers no odds and takes no commission: those controls would do nothing, so they are disabled.
    assert sorted(enabled_controls(page, "craps.bets")) == ["casino", "field_12", "field_12"]


def test_a_browser_without_webassembly_keeps_the_snapshot_and_says_why(open_page: Opener) -> None:
    page = open_page("book/chance", init_script="delete window.WebAssembly;")
    container = page.locator('[data-live-widget="chance.payout"]')
    assert container.get_attribute("data-state") == "failed"
    note = page.locator(".live-widget-note").first.inner_text()
    assert note == ("The live version could not start: this browser does not run WebAssembly; "
                    "the snapshot shows the starting values.")
    assert "house edge 1/6 (16.67%)" in result_text(page, "chance.payout", None)
    assert page.locator(".live-widget-run").first.is_disabled()


def test_a_missing_file_fails_the_start_and_keeps_the_snapshot(open_page: Opener) -> None:
    page = open_page("book/chance", block=".whl")
    page.get_by_role("button", name="Run live in your browser").click()
    page.wait_for_selector('[data-live-widget="chance.payout"][data-state="failed"]', timeout=120_000)
    note = page.locator(".live-widget-note").first.inner_text()
    assert note.startswith("The live version could not start: casino_math-") and "(HTTP 404)" in note
    assert note.count(". ") == 0 and note.endswith(".")
    assert "house edge 1/6 (16.67%)" in result_text(page, "chance.payout", None)
    assert enabled_controls(page, "chance.payout") == []
