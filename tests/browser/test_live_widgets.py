"""The live widgets, run in a real browser, offline: Pyodide and casino_math from the site itself.

For each widget made live so far: the page shows the static snapshot with every
control disabled; "Run live in your browser" brings it to ``data-state="live"``;
a control is set, and the new result is checked against casino_math computed in
this process.  A start that cannot succeed (no WebAssembly, a missing file)
sets ``failed``, keeps the snapshot and says why.  Each widget follows the dark
theme, before and after it goes live.  Screenshots of each widget before and
after going live, at 1280 px and 390 px (and in the dark at 390 px), go to ``_build/screenshots/``,
and the times measured (button to first live result, each later update) to
``_build/screenshots/live-timings.json``; the times are reported, not asserted.
"""

from __future__ import annotations

import json
import re
import statistics
import time
from collections.abc import Iterator
from fractions import Fraction
from typing import TYPE_CHECKING, Protocol
from urllib.parse import urlparse

import pytest
from conftest import SCREENSHOTS, Mode, watch

from casino_math import bets, display, roulette, ruin
from casino_math.baccarat import BET_NAMES as BACCARAT_BET_NAMES
from casino_math.baccarat import Shoe, edge_bets, rules_named
from casino_math.baccarat import bet as baccarat_bet
from casino_math.craps import RULES, bet
from casino_math.craps.rolls import race
from casino_math.dice import one_face_bet
from casino_math.widgets import craps as craps_widgets
from casino_math.widgets import kelly as kelly_widgets
from casino_math.widgets import roulette as roulette_widgets
from casino_math.widgets import session as session_widgets
from casino_math.widgets.chemin import flip_table

if TYPE_CHECKING:
    from playwright.sync_api import Browser, BrowserContext, Locator, Page, Route

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
    return " | ".join([BACCARAT_BET_NAMES.get(row[0], row[0]), *row[1:]])


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
    """The Dragon 7's house edge (minus its expected value) from an 8-deck shoe with 16 of its 8s taken out, as the
    side-bet explorer shows it."""
    from casino_math.baccarat.count import edge
    from casino_math.widgets.variants import depleted_by_rank

    return display.percent(-edge("dragon_7", depleted_by_rank({"8": 16})), 4)


def seventeen_beats_break_even(seed: int) -> str:
    """The posterior chance that 17 beats 1/36 after the wheel explorer's 3,800 simulated spins from ``seed``."""
    from casino_math.roulette.fairness import break_even, prior
    from casino_math.roulette.simulated import biased_log
    from casino_math.widgets.fairness import probability

    log = biased_log(3800, "17", Fraction(1, 30), seed)
    return probability(prior().after(log.hits("17"), log.spins).p_above(break_even()))


def seven_reds_in_100_spins() -> str:
    """P(a run of at least 7 reds in 100 spins of a double-zero wheel), as the runs-and-leads explorer shows it."""
    from casino_math.walks import run_at_least

    return display.percent(run_at_least(100, 7, Fraction(18, 38)), 4)


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
    ("book/roulette-fairness", "fairness.wheel", ("seed", 2031),
     "chance that 17 beats break-even (1/36), under the Beta(1, 37) prior", seventeen_beats_break_even(2031)),
    # the table one roll after a come-out: a come-out again on 12 of the 36 rolls
    ("book/craps-long-run", "chains.state", ("rolls", 1), "come-out", display.percent(Fraction(1, 3), 3)),
    # one roll: a decision only if the come-out is a natural or craps, 12 of the 36 rolls
    ("book/conditional-expectation", "conditional.decisions", ("rolls", 1), "1", "1/3"),
]
CASES += [
    ("book/random-walks", "walks.runs", ("run", 7), "a run of at least 7 wins in 100 bets", seven_reds_in_100_spins()),
]


def straight_up_distance_at_380() -> str:
    """The total variation distance between the binomial and Poisson laws of a straight-up bet's wins in 380 spins,
    as the rare-wins explorer shows it."""
    from casino_math import rare
    from casino_math.widgets.rare import distance_text

    return rare.shown(lambda digits: rare.total_variation(380, Fraction(1, 38), digits), distance_text)


# The rare-events chapter's widget: 380 spins straight up.
CASES += [
    ("book/rare-events", "rare.wins", ("spins", 4), "total variation distance", straight_up_distance_at_380()),
]


def michigan_four_spot_edge() -> str:
    """The house edge of Michigan Club Keno's 4-spot ticket, as the keno ticket explorer shows it."""
    from casino_math import keno
    from casino_math.bets import house_edge

    return display.percent(house_edge(keno.bet("pick_4", keno.MICHIGAN)), 3)


# The keno chapter's widget: the 4-spot ticket (the fourth option, 1 to 10 spots) of the Michigan table.
CASES += [
    ("book/keno", "keno.ticket", ("spots", 3), "house edge", michigan_four_spot_edge()),
]


class OpenPage(Protocol):
    """Opens a page of the site (its path) at a width, with a script run first, a file made to fail, a colour mode."""

    def __call__(self, path: str, width: int = 1280, init_script: str | None = None, block: str | None = None,
                 color_scheme: Mode = "light") -> Page: ...


@pytest.fixture
def open_page(browser: Browser, site_url: str) -> Iterator[OpenPage]:
    """A page of the site at a given width, every request outside 127.0.0.1 blocked and recorded."""
    pages: list[Page] = []

    def open_(path: str, width: int = 1280, init_script: str | None = None, block: str | None = None,
              color_scheme: Mode = "light") -> Page:
        page = browser.new_page(viewport={"width": width, "height": 900}, color_scheme=color_scheme)
        seen = watch(page)
        page.on("pageerror", lambda exc: seen.errors.append(str(exc)))

        def route(r: Route) -> None:
            url = r.request.url
            if urlparse(url).hostname != "127.0.0.1":
                seen.blocked.append(url)
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
    """Set a control as a reader would (the change event fires), wait for the widget's new result, and return how
    long the runtime took to show it, in ms (Python computes in a worker; the page waits for nothing)."""
    page.evaluate(
        """([widget, name, raw]) => {
             const container = document.querySelector(`[data-live-widget="${widget}"]`);
             const inputs = [...container.querySelectorAll(`.live-widget-controls [name="${name}"]`)];
             const input = inputs.length > 1 ? inputs.find(i => i.value === String(raw)) : inputs[0];
             if (input.type === 'radio' || input.type === 'checkbox') input.checked = input.type === 'radio' || raw;
             else input.value = String(raw);
             input.dispatchEvent(new Event('input', {bubbles: true}));
             input.dispatchEvent(new Event('change', {bubbles: true}));
           }""",
        [widget, name, raw],
    )
    return settled(page, widget)


def settled(page: Page, widget: str, timeout: float = 120_000) -> float:
    """Wait until the widget shows the result of its newest setting; the runtime's time for it, in ms."""
    page.wait_for_function(
        """widget => { const c = document.querySelector(`[data-live-widget="${widget}"]`);
                       return c.dataset.state === 'live' && !c.querySelector('.live-widget-result[aria-busy]'); }""",
        arg=widget, timeout=timeout)
    return float(page.locator(f'[data-live-widget="{widget}"]').get_attribute("data-update-ms") or 0)


def go_live(page: Page, widget: str) -> float:
    """Press "Run live in your browser" in the widget's frame; the seconds until it shows its first live result."""
    started = time.perf_counter()
    page.locator(f'.live-widget:has([data-live-widget="{widget}"]) .live-widget-run').click()
    page.wait_for_selector(f'[data-live-widget="{widget}"][data-state="live"]', timeout=120_000)
    settled(page, widget)
    return time.perf_counter() - started


def result_text(page: Page, widget: str, row: str | None) -> str:
    """The widget's result: one table row's cells, or its whole text."""
    text: str = page.evaluate(
        """([widget, row]) => {
             const result = document.querySelector(`[data-live-widget="${widget}"] .live-widget-result`);
             if (!row) return result.innerText;
             const tr = [...result.querySelectorAll('tr')].find(r => r.cells[0] && r.cells[0].innerText.trim() === row);
             return tr ? [...tr.cells].map(c => c.innerText.trim()).join(' | ') : '';
           }""",
        [widget, row],
    )
    return text


def enabled_controls(page: Page, widget: str) -> list[str]:
    names: list[str] = page.evaluate(
        """widget => [...document.querySelector(`[data-live-widget="${widget}"]`)
                        .querySelectorAll('input, select, button, textarea')]
                        .filter(e => !e.disabled).map(e => e.name || e.outerHTML.slice(0, 60))""",
        widget,
    )
    return names


def shoot(page: Page, widget: str, name: str) -> None:
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    frame = page.locator(f'.live-widget:has([data-live-widget="{widget}"])')
    frame.scroll_into_view_if_needed()
    frame.screenshot(path=str(SCREENSHOTS / f"live__{widget}__{name}.png"))


def fits_the_page(page: Page, widget: str) -> bool:
    fits: bool = page.evaluate(
        """widget => document.querySelector(`.live-widget:has([data-live-widget="${widget}"])`)
                      .getBoundingClientRect().right <= document.documentElement.clientWidth + 1""",
        widget,
    )
    return fits


def tables_wider_than_the_result(page: Page, widget: str) -> list[int]:
    """The widths of the widget's tables wider than its result (a phone draws a wide one as cards)."""
    wide: list[int] = page.evaluate(
        """widget => { const result = document.querySelector(`[data-live-widget="${widget}"] .live-widget-result`);
                       return [...result.querySelectorAll('table')].map(t => t.scrollWidth)
                                .filter(w => w > result.clientWidth); }""",
        widget,
    )
    return wide


def tilted_departure_at_half() -> str:
    """The largest departure from 1/38 on the tilted wheel with tilt 1/2, |e| sin(pi/19)/(2 pi), as a percent to three
    decimals, from mpmath rather than the library's Decimal series."""
    from decimal import Decimal

    import mpmath

    mpmath.mp.dps = 40
    value = Decimal(str(100 * mpmath.mpf(1) / 2 * mpmath.sin(mpmath.pi / 19) / (2 * mpmath.pi)))
    return f"{value.quantize(Decimal('0.001')):f}%"


# The continuous-chance chapter's widget: the tilt moved to 1/2.
CASES += [
    ("book/continuous", "continuous.tilt", ("e", 5), "largest departure from 1/38", tilted_departure_at_half()),
]


@pytest.mark.parametrize("path, widget, setting, row, expected", CASES, ids=[c[1] for c in CASES])
def test_widget_runs_live_and_computes_what_the_library_computes(
        open_page: OpenPage, path: str, widget: str, setting: tuple[str, object], row: str | None, expected: str
) -> None:
    page = open_page(path, width=390)
    container = page.locator(f'[data-live-widget="{widget}"]')
    assert container.get_attribute("data-state") == "static"
    assert enabled_controls(page, widget) == []
    assert fits_the_page(page, widget)
    shoot(page, widget, "static-390")
    in_the_theme(page, widget, "dark")  # the widget follows the dark theme, before and after it goes live
    shoot(page, widget, "static-390-dark")
    in_the_theme(page, widget, "light")
    page.set_viewport_size({"width": 1280, "height": 900})
    shoot(page, widget, "static-1280")

    cold = go_live(page, widget)

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
    assert watch(page).blocked == [], f"requests outside 127.0.0.1: {watch(page).blocked}"
    assert watch(page).errors == []
    shoot(page, widget, "live-1280")
    page.set_viewport_size({"width": 390, "height": 900})
    assert fits_the_page(page, widget)
    assert tables_wider_than_the_result(page, widget) == []
    shoot(page, widget, "live-390")
    in_the_theme(page, widget, "dark")
    shoot(page, widget, "live-390-dark")
    assert watch(page).errors == []
    record(widget, cold, updates)


def record(widget: str, cold: float, updates: list[float]) -> None:
    TIMINGS[widget] = {"cold start s": [round(cold, 2)], "updates ms": [round(u, 1) for u in updates]}
    summary = {w: {"cold start s": t["cold start s"][0], "median update ms": statistics.median(t["updates ms"])}
               for w, t in TIMINGS.items()}
    (SCREENSHOTS / "live-timings.json").write_text(json.dumps({"runs": TIMINGS, "summary": summary}, indent=1))


def pocket(page: Page, name: str) -> Locator:
    """The pocket ``name`` on the chooser's layout (its accessible name is the number, then the colour)."""
    return page.locator(f'[data-live-widget="roulette.chooser"] .roulette-layout .pocket[aria-label^="{name} "]')


def test_pressing_pockets_makes_the_bet_they_cover(open_page: OpenPage) -> None:
    page = open_page("book/roulette")
    chooser = page.locator('[data-live-widget="roulette.chooser"]')
    assert chooser.locator('input[type="checkbox"]').count() == 0  # the layout's pockets are the only ones
    go_live(page, "roulette.chooser")
    assert "Split 17-20" in result_text(page, "roulette.chooser", "bet")
    pocket(page, "20").click()                                  # only 17 is left: a straight-up bet
    settled(page, "roulette.chooser")
    assert "Straight up on 17" in result_text(page, "roulette.chooser", "bet")
    pocket(page, "21").click()                                  # 17 and 21 share no edge: no bet, and why
    settled(page, "roulette.chooser")
    assert "17 and 21 are not adjacent on the layout" in result_text(page, "roulette.chooser", None)
    chooser.locator('select[name="bet"]').select_option(label="Red")
    settled(page, "roulette.chooser")
    assert sorted(set(enabled_controls(page, "roulette.chooser"))) == ["bet", "spins"]  # the layout's pockets rest
    chooser.locator('select[name="bet"]').select_option(label=roulette_widgets.TICKED)
    settled(page, "roulette.chooser")                           # back to the pockets: the reader's own, 17 and 21
    assert "17 and 21 are not adjacent on the layout" in result_text(page, "roulette.chooser", None)
    assert [pocket(page, n).get_attribute("aria-pressed") for n in ("17", "20", "21")] == ["true", "false", "true"]


def test_a_screen_reader_hears_the_bets_figures_and_not_the_pockets(open_page: OpenPage) -> None:
    page = open_page("book/roulette")
    go_live(page, "roulette.chooser")
    regions = page.locator('[data-live-widget="roulette.chooser"] [aria-live]')
    assert regions.count() == 1 and regions.locator("button").count() == 0
    assert "P(win)" in regions.inner_text()
    page.evaluate("""() => { window.answer = document.querySelector('[data-live-widget="roulette.chooser"] [aria-live]');
                             window.saidAfter = []; new MutationObserver(() => window.saidAfter.push(1))
                               .observe(window.answer, {childList: true, subtree: true}); }""")
    pocket(page, "20").click()
    settled(page, "roulette.chooser")
    # The same live region, kept in place, now says the new bet (a region put in anew is often not read at all).
    assert page.evaluate("""() => document.querySelector('[data-live-widget="roulette.chooser"] [aria-live]')
                                  === window.answer && window.saidAfter.length > 0""")
    assert "Straight up on 17" in regions.inner_text() and regions.locator("button").count() == 0


@pytest.mark.parametrize("width", [390, 1280])
def test_the_layouts_pockets_are_the_choosers_controls(open_page: OpenPage, width: int) -> None:
    # A pocket pressed on the layout ticks or unticks it, by pointer and by keyboard: a toggle button, pressed or not.
    page = open_page("book/roulette", width=width)
    go_live(page, "roulette.chooser")
    twenty = pocket(page, "20")
    assert twenty.get_attribute("aria-pressed") == "true" and twenty.is_enabled()
    box = twenty.bounding_box()
    assert box is not None and box["height"] >= 24 and box["width"] >= 16
    twenty.click()                                             # 17 alone: straight up
    settled(page, "roulette.chooser")
    assert "Straight up on 17" in result_text(page, "roulette.chooser", "bet")
    assert pocket(page, "20").get_attribute("aria-pressed") == "false"
    pocket(page, "18").focus()                                 # 17 and 18 share an edge: a split, from the keyboard
    page.keyboard.press("Enter")
    settled(page, "roulette.chooser")
    assert pocket(page, "18").get_attribute("aria-pressed") == "true"
    assert "Split 17-18" in result_text(page, "roulette.chooser", "bet")
    assert page.evaluate("document.activeElement.textContent") == "18"  # the focus stays on the pocket pressed
    page.keyboard.press("Space")
    settled(page, "roulette.chooser")
    assert "Straight up on 17" in result_text(page, "roulette.chooser", "bet")
    shoot(page, "roulette.chooser", f"layout-pressed-{width}")
    assert watch(page).errors == []


def chart_and_frame_widths(page: Page) -> list[tuple[float, float]]:
    widths: list[tuple[float, float]] = page.evaluate(
        """() => [...document.querySelectorAll('[data-live-widget="session.explorer"] .live-widget-chart svg')]
                   .map(svg => [svg.getBoundingClientRect().width, svg.closest('figure').getBoundingClientRect().width])""")
    return widths


def test_the_session_chart_keeps_to_its_frame_when_the_window_narrows_and_widens(open_page: OpenPage) -> None:
    # Vega's own "container" width followed the window: after 1280 -> 900 -> 1280 px the chart was 1598 px wide in
    # a frame of 654, its title and every bar of the sessions that end ahead cut off.
    page = open_page("book/long-run")
    page.wait_for_selector('[data-live-widget="session.explorer"] .live-widget-chart svg', timeout=60_000)
    for width in (900, 1280):
        page.set_viewport_size({"width": width, "height": 900})
        page.wait_for_timeout(800)  # time enough for a chart that followed the window to outgrow its frame
        for _ in range(300):  # and on a slow machine, until the charts are redrawn (a ceiling for a hang)
            widths = chart_and_frame_widths(page)
            if widths and all(0.8 * frame <= chart <= frame for chart, frame in widths):
                break
            page.wait_for_timeout(100)
        widths = chart_and_frame_widths(page)
        assert widths, "no chart drawn"
        for chart, frame in widths:
            assert 0.8 * frame <= chart <= frame, (width, chart, frame)


def test_a_setting_that_cannot_be_computed_is_said_and_then_cleared(open_page: OpenPage) -> None:
    page = open_page("book/baccarat-counting")
    go_live(page, "baccarat.shoe")
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


def test_one_start_brings_every_widget_on_the_page_to_life(open_page: OpenPage) -> None:
    page = open_page("book/craps-compare")
    page.get_by_role("button", name="Run live in your browser").first.click()
    assert page.locator('[data-live-widget]').first.get_attribute("data-state") in ("loading", "live")
    # Each widget is live once its first result is shown; the widgets take turns at the one Python.
    page.wait_for_function("() => [...document.querySelectorAll('[data-live-widget]')].every(c => c.dataset.state === 'live')",
                           timeout=120_000)
    assert page.locator(".live-widget-run:visible").count() == 0


#: Records, at the moment each widget says it is live (its state, and its note, which a screen reader announces),
#: which of its controls are disabled: the form's and the result's own (the roulette layout's pockets).
DISABLED_WHEN_LIVE = """
window.disabledWhenLive = [];
const told = new Set();
new MutationObserver(() => {
  for (const c of document.querySelectorAll('[data-live-widget]')) {
    const note = c.closest('.live-widget').querySelector('.live-widget-note');
    const says = [['state', c.dataset.state === 'live'], ['note', note.textContent.startsWith('Live:')]];
    for (const [how, live] of says) {
      if (!live || told.has(c.dataset.liveWidget + how)) continue;
      told.add(c.dataset.liveWidget + how);
      const disabled = [...c.querySelectorAll('.live-widget-controls [name], .live-widget-result [data-control]')]
        .filter(i => i.disabled).map(i => i.name || i.dataset.control);
      window.disabledWhenLive.push([c.dataset.liveWidget, how, [...new Set(disabled)].sort()]);
    }
  }
}).observe(document, {subtree: true, childList: true, characterData: true, attributes: true});
"""


@pytest.mark.parametrize("path, widget", [("book/baccarat", "baccarat.decks"), ("book/craps-compare", "craps.bets"),
                                          ("book/roulette", "roulette.chooser")])
def test_a_widget_says_it_is_live_only_once_its_controls_are_enabled(open_page: OpenPage, path: str,
                                                                     widget: str) -> None:
    # At the moment a widget says it is live, the only controls still disabled are those its starting view says
    # change nothing there (the library's own answer): "Decks in the shoe" was once disabled then.
    from casino_math.widgets.live import definition

    page = open_page(path, init_script=DISABLED_WHEN_LIVE)
    go_live(page, widget)
    page.wait_for_function("() => [...document.querySelectorAll('[data-live-widget]')].every(c => c.dataset.state === 'live')",
                           timeout=120_000)
    seen = page.evaluate("window.disabledWhenLive")
    defined = {d["name"]: d["args"] for d in page.evaluate(
        "() => [...document.querySelectorAll('.live-widget-definition')].map(s => JSON.parse(s.textContent))")}
    assert sorted((name, how) for name, how, _ in seen) == sorted((n, how) for n in defined for how in ("note", "state"))
    for name, how, disabled in seen:
        starting = definition(name, defined[name])
        assert disabled == sorted(starting.view(starting.defaults())["inactive"]), (name, how, disabled)


def test_a_setting_the_rules_do_not_have_is_disabled_when_live(open_page: OpenPage) -> None:
    page = open_page("book/craps-compare")
    go_live(page, "craps.bets")
    page.locator('[data-live-widget="craps.bets"] select[name="casino"]').select_option(label=RULES["quebec"].name)
    settled(page, "craps.bets")
    # Québec offers no odds and takes no commission: those controls would do nothing, so they are disabled.
    assert sorted(enabled_controls(page, "craps.bets")) == ["casino", "field_12", "field_12"]


def test_a_browser_without_webassembly_keeps_the_snapshot_and_says_why(open_page: OpenPage) -> None:
    page = open_page("book/chance", init_script="delete window.WebAssembly;")
    container = page.locator('[data-live-widget="chance.payout"]')
    assert container.get_attribute("data-state") == "failed"
    note = page.locator(".live-widget-note").first.inner_text()
    assert note == ("The live version could not start: this browser does not run WebAssembly; "
                    "the snapshot shows the starting values.")
    assert "house edge 1/6 (16.67%)" in result_text(page, "chance.payout", None)
    assert page.locator(".live-widget-run").first.is_disabled()


def test_a_missing_file_fails_the_start_and_keeps_the_snapshot(open_page: OpenPage) -> None:
    page = open_page("book/chance", block=".whl")
    page.get_by_role("button", name="Run live in your browser").click()
    page.wait_for_selector('[data-live-widget="chance.payout"][data-state="failed"]', timeout=120_000)
    note = page.locator(".live-widget-note").first.inner_text()
    assert note.startswith("The live version could not start: casino_math-") and "(HTTP 404)" in note
    assert note.count(". ") == 0 and note.endswith(".")
    assert "house edge 1/6 (16.67%)" in result_text(page, "chance.payout", None)
    assert enabled_controls(page, "chance.payout") == []


#: Records what each note says, as a screen reader hears it (its words, without the part hidden from it), every time
#: it changes, and the part only seen (the megabytes downloaded).
NOTES_HEARD = """
window.notesHeard = [];
window.notesSeen = [];
new MutationObserver(() => {
  const note = document.querySelector('.live-widget-note');
  if (!note) return;
  const heard = [...note.childNodes].filter(n => !(n.nodeType === 1 && n.getAttribute('aria-hidden') === 'true'))
    .map(n => n.textContent).join('').trim();
  if (heard !== window.notesHeard[window.notesHeard.length - 1]) window.notesHeard.push(heard);
  const seen = note.querySelector('[aria-hidden="true"]');
  if (seen && seen.textContent) window.notesSeen.push(seen.textContent);
}).observe(document, {subtree: true, childList: true, characterData: true});
"""

#: The stages a start says, each with "(step N of 4)" kept on one line (no-break spaces).
STAGES = [f"{words} (step\u00a0{n}\u00a0of\u00a04)" for n, words in enumerate(
    ("Loading Python", "Starting Python", "Loading casino_math", "Computing the first result"), start=1)]


@pytest.mark.parametrize("width, mode", [(390, "light"), (1280, "dark")])
def test_a_cold_start_says_each_stage_once_and_starts_from_the_builds_snapshot(
        browser: Browser, site_url: str, width: int, mode: Mode) -> None:
    # A first visit (a fresh browser profile) with Python's WebAssembly held back until the reader has pressed the
    # button: the note says each stage of the start once, in order, and the megabytes move beside the first.
    page = browser.new_page(viewport={"width": width, "height": 900}, color_scheme=mode)
    held: list[Route] = []

    def route(r: Route) -> None:
        if urlparse(r.request.url).hostname != "127.0.0.1":
            return r.abort()
        if r.request.url.endswith("/pyodide.asm.wasm") and not held:
            held.append(r)
            return None
        return r.continue_()

    page.route("**/*", route)
    page.add_init_script(NOTES_HEARD)
    page.goto(f"{site_url}/book/baccarat.html", wait_until="load")
    widget = "baccarat.decks"
    page.locator(f'.live-widget:has([data-live-widget="{widget}"]) .live-widget-run').click()
    page.wait_for_function("() => /^Loading Python/.test(document.querySelector('.live-widget-note').textContent)")
    for _ in range(1200):  # until the worker asks for the WebAssembly (a ceiling for a hang, not a timed check)
        if held:
            break
        page.wait_for_timeout(50)
    assert held, "the worker never asked for Python's WebAssembly"
    page.wait_for_function("() => / MB$/.test(document.querySelector('.live-widget-detail').textContent)")
    shoot(page, widget, f"downloading-{width}-{mode}")
    # The button says what it is doing, and stays disabled until the widget is live.
    button = page.locator(f'.live-widget:has([data-live-widget="{widget}"]) .live-widget-run')
    assert button.inner_text() == "Going live…" and button.is_disabled()
    bar = page.locator(".live-widget-progress").first
    assert bar.is_visible() and bar.get_attribute("max") == "4" and float(bar.get_attribute("value") or 0) < 1
    held[0].continue_()
    page.wait_for_selector(f'[data-live-widget="{widget}"][data-state="live"]', timeout=120_000)
    heard = page.evaluate("window.notesHeard")
    said = [text for text in heard if text in STAGES]
    assert said == STAGES, heard
    assert heard[-1].startswith("Live:") and heard.index(STAGES[-1]) < len(heard) - 1
    # The megabytes are seen (hidden from a screen reader, which would otherwise hear them four times a second).
    seen = page.evaluate("window.notesSeen")
    assert seen and all(re.fullmatch(r": (about \d+ MB the first time|\d+\.\d of \d+ MB)", s) for s in seen), seen
    assert page.evaluate("document.documentElement.dataset.livePython") == "snapshot"
    assert "Decks in the shoe" in page.locator(f'[data-live-widget="{widget}"]').inner_text()
    assert enabled_controls(page, widget) == ["decks"]
    page.close()


def test_without_the_builds_snapshot_python_starts_afresh_and_the_widget_goes_live(open_page: OpenPage) -> None:
    page = open_page("book/baccarat", block=".snapshot.gz", init_script=NOTES_HEARD)
    go_live(page, "baccarat.decks")
    assert page.evaluate("document.documentElement.dataset.livePython") == "afresh"
    assert [text for text in page.evaluate("window.notesHeard") if text in STAGES] == STAGES
    set_control(page, "baccarat.decks", "decks", 1)
    assert banker_edge(1) in result_text(page, "baccarat.decks", "Banker")


#: Where the worker keeps the build's snapshot, unzipped, for the next visit: its Cache Storage and the name of this
#: build's snapshot there (the snapshot's address without .gz, and its wheel's SHA-256).
KEPT = "live-widgets-python"
KEPT_NAME = """() => { const paths = window.LIVE_WIDGETS;
  const root = new URL(document.documentElement.dataset.content_root || './', document.baseURI);
  return `${new URL(paths.snapshot.path, root).href.replace(/\\.gz$/, '')}?wheel=${paths.snapshot.wheel}`; }"""


def keep(page: Page, name: str, body: str) -> None:
    """Put some bytes in the page's Cache Storage under a snapshot's name, as an earlier visit would have."""
    page.evaluate(f"async ([name, body]) => (await caches.open('{KEPT}')).put(name, new Response(body))", [name, body])


def until_kept(page: Page, check: str, arg: str) -> None:
    """Wait until a check of the page's kept snapshot (an async function of the cache and arg) is true (the worker
    keeps it once Python has started; a ceiling for a hang, not a timed check)."""
    for _ in range(600):
        if page.evaluate(f"async arg => ({check})(await caches.open('{KEPT}'), arg)", arg):
            return
        page.wait_for_timeout(100)
    held = page.evaluate(f"""async () => {{ const cache = await caches.open('{KEPT}');
      return Promise.all((await cache.keys()).map(async key =>
        `${{key.url}} (${{(await (await cache.match(key)).arrayBuffer()).byteLength}} bytes)`)); }}""")
    raise AssertionError(f"the kept snapshot never passed {check}; the cache holds {held or 'nothing'}")


def visit_until_live(context: BrowserContext, site_url: str, *kept: str) -> tuple[str, int]:
    """Open the baccarat chapter in a browser profile and go live: how Python started, and how many times the
    build's snapshot was fetched.  The page stays open until its kept snapshot passes each check in kept: the worker
    writes it (30 MB) while the first result is computed, and a page closed at once may stop the worker before the
    writing is done."""
    page = context.new_page()
    fetched: list[str] = []
    page.on("request", lambda request: fetched.append(request.url) if ".snapshot" in request.url else None)
    page.goto(f"{site_url}/book/baccarat.html", wait_until="load")
    widget = "baccarat.decks"
    go_live(page, widget)
    assert banker_edge(8) in result_text(page, widget, "Banker")
    started = page.evaluate("document.documentElement.dataset.livePython")
    for check in kept:
        until_kept(page, check, page.evaluate(KEPT_NAME))
    page.close()
    return started, len(fetched)


def open_profile(browser: Browser, site_url: str) -> tuple[BrowserContext, Page, str]:
    """A fresh browser profile with a page of the site without widgets, and the name this build's snapshot is kept
    under."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    context.route("**/*", lambda r: r.continue_() if urlparse(r.request.url).hostname == "127.0.0.1" else r.abort())
    index = context.new_page()
    index.goto(f"{site_url}/genindex.html", wait_until="load")
    return context, index, index.evaluate(KEPT_NAME)


ONLY = "async (cache, name) => { const keys = await cache.keys(); return keys.length === 1 && keys[0].url === name; }"
WHOLE = "async (cache, name) => { const kept = await cache.match(name); " \
        "return Boolean(kept) && (await kept.arrayBuffer()).byteLength > 1e6; }"


def test_a_second_visit_starts_from_the_unzipped_snapshot_kept_by_the_first(
        browser: Browser, site_url: str) -> None:
    # The first visit unzips the build's snapshot and keeps it, unzipped, in Cache Storage, deleting an older
    # build's; the second starts from it as it is (the build's snapshot not fetched, nothing unzipped).
    context, index, name = open_profile(browser, site_url)
    keep(index, name.replace("?wheel=", "-older?wheel="), "an older build's snapshot")
    assert visit_until_live(context, site_url, ONLY, WHOLE) == ("snapshot", 1)
    assert visit_until_live(context, site_url) == ("kept snapshot", 0)
    context.close()


def test_a_kept_snapshot_that_cannot_be_loaded_is_forgotten_and_the_builds_used(
        browser: Browser, site_url: str) -> None:
    context, index, name = open_profile(browser, site_url)
    keep(index, name, "not a snapshot")
    assert visit_until_live(context, site_url, WHOLE) == ("snapshot", 1)
    assert visit_until_live(context, site_url) == ("kept snapshot", 0)
    context.close()


# --- Screen readers, keyboards and thumbs ------------------------------------------------------------------------


def slider_texts(page: Page, widget: str) -> list[tuple[str, str]]:
    """Each slider's aria-valuetext beside the value shown next to it."""
    texts: list[tuple[str, str]] = page.evaluate(
        """widget => [...document.querySelectorAll(`[data-live-widget="${widget}"] input[type="range"]`)]
                      .map(i => [i.getAttribute('aria-valuetext'), i.closest('label').querySelector('output').textContent])""",
        widget)
    return texts


@pytest.mark.parametrize("width", [390, 1280])
def test_a_widget_is_reached_heard_and_pressed_as_a_reader_needs(open_page: OpenPage, width: int) -> None:
    page = open_page("book/kelly", width=width)
    # Sliders say their value, as shown ("55%", "1 to 1"), not their position, in the snapshot and live.
    texts = slider_texts(page, "kelly.growth")
    assert texts and all(said == shown for said, shown in texts) and ["55%", "55%"] in [list(t) for t in texts]
    # From the top of the page, the second Tab reaches a skip link, and Enter the widget's button.
    page.keyboard.press("Tab")
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to the live widget"
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.className") == "live-widget-run"
    page.keyboard.press("Enter")                              # run it live from the keyboard
    settled(page, "kelly.growth")
    # Live, the focus is on the widget's first control, not lost to the page.
    assert page.evaluate("document.activeElement.name") == "pick"
    set_control(page, "kelly.growth", "chance", 55)         # 60%
    assert ["60%", "60%"] in [list(t) for t in slider_texts(page, "kelly.growth")]
    # Every control is a target of at least 24 px.
    small = page.evaluate(
        """() => [...document.querySelectorAll('[data-live-widget] .live-widget-controls :is(input, select, button)')]
                   .map(e => [e.name, e.getBoundingClientRect().height]).filter(([, h]) => h < 24)""")
    assert small == []
    assert watch(page).errors == []


# --- The Kelly explorer ------------------------------------------------------------------------------------------


@pytest.mark.parametrize("mode", ["light", "dark"])
def test_the_kelly_explorer_shows_the_chosen_bets_values_and_says_why_it_stakes_nothing(
        open_page: OpenPage, mode: Mode) -> None:
    page = open_page("book/kelly", width=390, color_scheme=mode)
    go_live(page, "kelly.growth")
    widget = page.locator('[data-live-widget="kelly.growth"]')
    assert widget.locator(".live-widget-result mjx-container").count() >= 1  # G'(f) = 0, typeset
    banker = [label for label, _ in kelly_widgets.BETS].index("banker, 8 decks")
    set_control(page, "kelly.growth", "pick", banker)
    # Greyed, the chance and payout show the banker's: it wins 45.86% of coups and pays 19 to 20.
    p = bets.p_win(baccarat_bet("banker"))
    assert [list(t) for t in slider_texts(page, "kelly.growth")][:2] == [
        [display.percent(p), display.percent(p)], ["19 to 20", "19 to 20"]]
    assert widget.locator('input[name="chance"]').is_disabled()
    text = result_text(page, "kelly.growth", None)
    assert "f* = 0: the bet has no edge for you" in text
    assert f"Its expected value is {display.percent(bets.expected_value(baccarat_bet('banker')))}" in text
    assert "G'(f) =" not in text                              # no equation that f = 0 does not satisfy
    shoot(page, "kelly.growth", f"banker-390-{mode}")
    dragon = [label for label, _ in kelly_widgets.BETS].index("Dragon Bonus (player), 8 decks less every 3 and 4")
    set_control(page, "kelly.growth", "pick", dragon)
    assert widget.locator(".live-widget-result mjx-container").count() >= 1  # its eight terms typeset, not text
    shoot(page, "kelly.growth", f"dragon-390-{mode}")
    assert watch(page).errors == []


# --- Widgets that never freeze the page -----------------------------------------------------------------------

LONG_TASKS = """() => { window.longTasks = [];
  new PerformanceObserver(list => list.getEntries().forEach(e => window.longTasks.push(e.duration)))
    .observe({type: 'longtask'}); }"""


def choose(page: Page, widget: str, name: str, label: str) -> None:
    """Choose an option of a menu by its label, as a reader does, without waiting for the result."""
    page.locator(f'[data-live-widget="{widget}"] select[name="{name}"]').select_option(label=label)


def test_a_long_computation_never_freezes_the_page_and_the_newest_setting_wins(open_page: OpenPage) -> None:
    page = open_page("book/long-run")
    go_live(page, "session.explorer")
    page.evaluate(LONG_TASKS)
    choose(page, "session.explorer", "game", "Mini-baccarat")
    settled(page, "session.explorer")
    choose(page, "session.explorer", "baccarat_bet", "Dragon Bonus (banker)")
    # While Python works, the page says so, and answers: a click lands at once.
    note = page.locator('.live-widget:has([data-live-widget="session.explorer"]) .live-widget-note')
    page.wait_for_function(
        """() => document.querySelector('.live-widget.live-widget-computing .live-widget-busy:not([hidden])')
                 && /^Computing/.test(document.querySelector('.live-widget-computing .live-widget-note').textContent)""",
        timeout=10_000)
    page.mouse.wheel(0, 300)                                  # the reader scrolls, and the page's own thread
    assert page.evaluate("() => document.querySelector('.live-widget-computing') !== null")  # answers mid-sum
    choose(page, "session.explorer", "stake", "$5")           # a newer setting, before the last one is done
    settled(page, "session.explorer")
    text = result_text(page, "session.explorer", None)
    assert "Dragon Bonus (banker) at mini-baccarat: $200 at $5 a bet" in text  # the newest setting, not a stale one
    assert re.search(r"\d{14,}", text) is None            # its fractions of 1,300 digits folded behind percents
    assert note.inner_text().startswith("Live:")
    # Python ran in its worker (the page answered above while it computed).  How long the page's thread is busy
    # drawing the result depends on the machine: it is recorded here and timed by benchmarks/bench_live.py, not
    # asserted.
    record_long_tasks("Dragon Bonus (banker), then a $5 stake", page.evaluate("window.longTasks"))
    assert watch(page).errors == []


def test_too_many_bets_says_why_and_offers_what_the_explorer_can_do(open_page: OpenPage) -> None:
    page = open_page("book/long-run", width=390)
    go_live(page, "session.explorer")
    rounds = page.locator('[data-live-widget="session.explorer"] input[name="rounds"]')
    assert rounds.get_attribute("max") == str(len(session_widgets.ROUNDS) - 1)
    assert session_widgets.ROUNDS[:11] == tuple(range(10, 111, 10))  # every step between 100 and 200 is there
    choose(page, "session.explorer", "game", "Mini-baccarat")
    choose(page, "session.explorer", "baccarat_bet", "Dragon Bonus (banker)")
    set_control(page, "session.explorer", "rounds", session_widgets.ROUNDS.index(300))
    text = result_text(page, "session.explorer", None)
    most = session_widgets.most_bets(session_widgets.game_bets("baccarat")["dragon_bonus_banker"])
    assert f"It follows at most {most} bets of this bet; choose {max(r for r in session_widgets.ROUNDS if r <= most)} " \
        "bets or fewer." in text
    assert "simulate" not in text
    shoot(page, "session.explorer", "too-many-390")


def record_long_tasks(what: str, tasks: list[float]) -> None:
    path = SCREENSHOTS / "live-long-tasks.json"
    runs = json.loads(path.read_text()) if path.exists() else {}
    runs.setdefault(what, []).append([round(t) for t in tasks])
    path.write_text(json.dumps(runs, indent=1))


# --- Dark mode ---------------------------------------------------------------------------------------------------


def in_the_theme(page: Page, widget: str, mode: Mode) -> None:
    """Switch the page to ``mode`` as the theme's button does, and check the widget's frame takes its colours."""
    page.evaluate("mode => { document.documentElement.dataset.theme = mode; }", mode)
    frame = page.locator(f'.live-widget:has([data-live-widget="{widget}"])')
    background, ink, scheme = frame.evaluate(
        "f => { const s = getComputedStyle(f); return [s.backgroundColor, s.color, s.colorScheme]; }")
    dark = mode == "dark"
    assert scheme == mode, (widget, scheme)
    assert (_luminance(background) < 0.1) == dark and (_luminance(ink) > 0.4) == dark, (widget, background, ink)


def _luminance(colour: str) -> float:
    """The relative luminance (WCAG) of a CSS rgb() or rgba() colour."""
    r, g, b = (int(x.strip(" )")) / 255 for x in colour[colour.index("(") + 1:].split(",")[:3])
    return sum(w * (c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4)
               for w, c in zip((0.2126, 0.7152, 0.0722), (r, g, b), strict=True))


def test_the_session_chart_takes_the_themes_colours_and_follows_a_switch(open_page: OpenPage) -> None:
    page = open_page("book/long-run", width=390, color_scheme="dark")
    label = '[data-live-widget="session.explorer"] .live-widget-chart svg .role-axis-label text'
    page.wait_for_selector(label, timeout=60_000)
    ink = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--pst-color-text-base').trim()")
    assert (page.locator(label).first.get_attribute("fill") or "").lower() == ink.lower()  # light text on the dark page
    page.evaluate("document.documentElement.dataset.theme = 'light'")             # as the theme's switch does
    ink = page.evaluate("getComputedStyle(document.documentElement).getPropertyValue('--pst-color-text-base').trim()")
    page.wait_for_function(f"() => document.querySelector('{label}').getAttribute('fill').toLowerCase() === '{ink.lower()}'",
                           timeout=30_000)
    assert page.locator('[data-live-widget="session.explorer"] .live-widget-chart svg').count() == 1
    assert watch(page).errors == []
