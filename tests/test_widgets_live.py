"""Widget definitions and their two front ends: the ipywidgets adapter and the site's runtime path.

The site's runtime (book/_static/live-widgets.js) calls ``view_json`` with raw
values and shows the HTML it returns; Jupyter shows what the ipywidgets adapter
puts in its output.  For every widget made live, and for every setting of each
control, both paths must give the same HTML and disable the same controls.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from fractions import Fraction
from html.parser import HTMLParser
from pathlib import Path

import ipywidgets
import pytest

from casino_math import display
from casino_math.craps import RULES as CRAPS_RULES
from casino_math.widgets import baccarat, chance, craps, roulette, session
from casino_math.widgets.jupyter import ipywidget, raw_value, typeset_text
from casino_math.widgets.live import (
    DEFINITIONS,
    VEGA_LITE_MIME,
    Control,
    Shown,
    Widget,
    charts,
    definition,
    snapshot_html,
    view_json,
)

ROOT = Path(__file__).resolve().parents[1]
LIVE = ["chance.payout", "baccarat.decks", "baccarat.shoe", "craps.bets", "craps.race", "roulette.chooser",
        "session.explorer", "kelly.growth", "chemin.chart", "variants.side_bets", "fairness.wheel", "chains.state",
        "conditional.decisions"]
# The rare-events chapter's widget.
LIVE += ["rare.wins"]
LIVE += ["walks.runs"]
# The continuous-chance chapter's widget.
LIVE += ["continuous.tilt"]
# The keno chapter's widget.
LIVE += ["keno.ticket"]


def settings(control: Control) -> list[int | list[int]]:
    """Raw values worth trying: every option, or both ends and the middle of a range."""
    if control.kind in ("options", "dropdown", "buttons"):
        return list(range(len(control.options)))
    if control.kind == "range":
        return sorted({control.low, (control.low + control.high) // 2, control.high})
    if control.kind == "choices":  # none, one, two that share an edge, the last
        return [[], [0], [2, 5], [len(control.options) - 1]]
    return [False, True]


def flat_controls(view: ipywidgets.Widget) -> list[ipywidgets.Widget]:
    """The ipywidgets that hold values, in order, whatever boxes they sit in."""
    found: list[ipywidgets.Widget] = []
    for child in view.children:
        found.extend(flat_controls(child) if hasattr(child, "children") else [child])
    return found


def test_every_live_widget_is_defined() -> None:
    for name in LIVE:
        assert definition(name).name == name
    assert sorted(DEFINITIONS) == sorted(LIVE)


@pytest.mark.parametrize("name", LIVE)
def test_both_front_ends_show_the_same_for_every_setting(name: str) -> None:
    widget = definition(name)
    view = ipywidget(widget)
    leaves = flat_controls(view)
    drawn = leaves.pop() if charts(widget.view(widget.defaults())["html"]) else None
    *controls, out = leaves
    assert len(controls) == len(widget.controls)
    for control, jupyter_control in zip(widget.controls, controls, strict=True):
        for raw in settings(control):
            jupyter_control.value = tuple(raw) if isinstance(raw, list) else raw
            values = {c.name: raw_value(j) for c, j in zip(widget.controls, controls, strict=True)}
            site = json.loads(view_json(name, json.dumps(widget.args), json.dumps(values)))
            assert out.value == typeset_text(site["html"])  # the same HTML, its dollars escaped for MathJax
            assert [c.name for c, j in zip(widget.controls, controls, strict=True) if j.disabled] == site["inactive"]
            if drawn is not None:  # Jupyter draws the very specifications the site draws
                assert [o["data"][VEGA_LITE_MIME] for o in drawn.outputs] == charts(site["html"])
        jupyter_control.value = tuple(control.raw(control.default)) if control.kind == "choices" else control.raw(control.default)


@pytest.mark.parametrize("name", LIVE)
def test_the_snapshot_is_the_widget_at_its_starting_values(name: str) -> None:
    widget = definition(name)
    page = snapshot_html(widget)
    assert widget.view(widget.defaults())["html"] in page
    parsed = _Snapshot()
    parsed.feed(page)
    assert json.loads(parsed.definition.replace("<\\/", "</")) == widget.as_json()
    assert parsed.enabled == [], "a control in the static snapshot may not be enabled"
    assert parsed.unlabelled == [], "every control needs a label"
    assert parsed.states == ["static"]


class _Snapshot(HTMLParser):
    """The parts of a snapshot the site's contract names: state, controls, their labels, the definition."""

    def __init__(self) -> None:
        super().__init__()
        self.enabled: list[str] = []
        self.unlabelled: list[str | None] = []
        self.states: list[str | None] = []
        self.open: list[str] = []
        self.definition, self._in_json = "", False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        named = dict(attrs)
        if "data-state" in named:
            self.states.append(named["data-state"])
        if tag in ("label", "fieldset"):
            self.open.append(tag)
        if tag in ("input", "select", "button") and "disabled" not in named:
            self.enabled.append(tag)
        if tag in ("input", "select") and not self.open:
            self.unlabelled.append(named.get("name"))
        self._in_json = tag == "script" and named.get("class") == "live-widget-definition"

    def handle_endtag(self, tag: str) -> None:
        if tag in ("label", "fieldset") and self.open:
            self.open.pop()
        self._in_json = False

    def handle_data(self, data: str) -> None:
        if self._in_json:
            self.definition += data


def test_a_chapter_cell_carries_the_live_widget_and_its_snapshot() -> None:
    bundle = chance.payout_explorer()._repr_mimebundle_()
    assert "application/vnd.jupyter.widget-view+json" in bundle
    assert 'data-live-widget="chance.payout" data-state="static"' in bundle["text/html"]


def test_a_chapter_starting_value_reaches_both_front_ends() -> None:
    shown = baccarat.decks_explorer(decks=1)
    slider, table = shown.children
    assert slider.value == 1
    assert table.value == baccarat.edges_table("oxford", 1)._repr_html_()
    assert 'value="1"' in shown._repr_mimebundle_()["text/html"]


def test_single_deck_banker_edge_through_the_site_path() -> None:
    # Banker bet, one deck, commission 5%: 1.01% (Wizard of Odds, "Baccarat: House Edge", by number of decks).
    html = json.loads(view_json("baccarat.decks", '{"rules": "oxford"}', '{"decks": 1}'))["html"]
    assert "<td>Banker</td><td>1.0117%</td>" in html  # the edge first, beside the bet


def test_quebec_has_no_odds_and_no_commission_to_set() -> None:
    assert craps.bets_widget().view({"casino": list(CRAPS_RULES).index("quebec")})["inactive"] == ["odds", "commission"]
    assert craps.bets_widget().view({"casino": 0})["inactive"] == []


@pytest.mark.parametrize(
    "name, raw, message",
    [
        ("chance.payout", {"payout": 15}, "15 is not allowed for 'The 6 pays': an option number from 0 to 14"),
        ("chance.payout", {"payout": True}, "True is not allowed for 'The 6 pays': an option number from 0 to 14"),
        ("baccarat.decks", {"decks": 0}, "0 is not allowed for 'Decks in the shoe': a whole number from 1 to 8"),
        ("baccarat.decks", {"decks": "8"}, "'8' is not allowed for 'Decks in the shoe': a whole number from 1 to 8"),
        ("baccarat.shoe", {"removed_4": 33}, "33 is not allowed for '4s removed': a whole number from 0 to 32"),
        ("baccarat.decks", {"shoes": 1}, "baccarat.decks has no control shoes; its controls are decks"),
    ],
)
def test_bad_raw_values_get_one_line_errors(name: str, raw: dict[str, object], message: str) -> None:
    with pytest.raises(ValueError, match=f"^{re.escape(message)}$"):
        view_json(name, "{}", json.dumps(raw))


def test_an_unknown_widget_is_named_with_the_known_ones() -> None:
    unknown = "there is no widget 'baccarat.squeeze'; the widgets are baccarat.decks, baccarat.shoe"
    with pytest.raises(ValueError, match=f"^{re.escape(unknown)}$"):
        definition("baccarat.squeeze")


def test_a_starting_value_must_be_an_option() -> None:
    halves = [Fraction(n, 2) for n in range(2, 17)]  # 1 to 1 up to 8 to 1, by halves
    options = ", ".join(f"{p.numerator} to {p.denominator}" for p in halves)
    not_an_option = f"Fraction(9, 1) is not an option of 'The 6 pays'; the options are {options}"
    with pytest.raises(ValueError, match=f"^{re.escape(not_an_option)}$"):
        chance.payout_explorer(payout=9)


def test_a_kind_of_control_must_be_known() -> None:
    unknown = "'knob' is not a kind of control; the kinds are options, range, dropdown, checkbox, buttons, choices"
    with pytest.raises(ValueError, match=f"^{re.escape(unknown)}$"):
        Control("x", "knob", "X")


def test_a_checkbox_and_a_dropdown_reach_the_function() -> None:
    widget = Widget("demo.flags", (Control("fair", "checkbox", "Fair die", default=True),
                                   Control("sides", "dropdown", "Sides", options=(("six", 6), ("eight", 8)), default=6)),
                    lambda fair, sides: f"{fair} {sides}")
    assert widget.view({"fair": False, "sides": 1}) == {"html": "False 8", "inactive": []}
    assert 'type="checkbox" name="fair" checked disabled' in snapshot_html(widget)
    assert '<option value="1">eight</option>' in snapshot_html(widget)


def test_the_roulette_chooser_names_the_bet_or_says_why_there_is_none() -> None:
    pockets = [p for p, _ in definition("roulette.chooser").controls[1].options]
    split = json.loads(view_json("roulette.chooser", "{}", json.dumps({"pockets": [pockets.index("17"), pockets.index("20")]})))
    assert '<th scope="row">bet</th><td>Split 17-20</td>' in split["html"] and split["inactive"] == []
    # 1 and 5 share no edge: no bet, and the error says what a split is.
    apart = json.loads(view_json("roulette.chooser", "{}", json.dumps({"pockets": [pockets.index("1"), pockets.index("5")]})))
    assert "1 and 5 are not adjacent on the layout" in apart["html"]
    # An outside bet: the ticked pockets change nothing, so they are shown inactive; red wins 18 times in 38.
    red = json.loads(view_json("roulette.chooser", "{}", json.dumps({"bet": 1, "spins": roulette.SPINS.index(1)})))
    assert red["inactive"] == ["pockets"]
    assert '<th scope="row">P(win)</th><td>9/19 <span class="percent">(47.37%)</span></td>' in red["html"]


def test_the_race_shows_the_point_against_the_seven() -> None:
    # The 4 is made 3 ways and the 7 six: the 4 wins the race 3 times in 9 (Wizard of Odds, "Craps: Appendix 1").
    shown = json.loads(view_json("craps.race", "{}", json.dumps({"point": craps.POINTS.index(4)})))["html"]
    assert "P(point before 7)</td><td><b>1/3 (33.33%)</b></td>" in shown
    assert shown.count(f'<td style="background:{craps.POINT_CELL[0]}') == 3
    assert shown.count(f'<td style="background:{craps.SEVEN_CELL[0]}') == 6


def test_the_session_explorer_charts_the_exact_distribution_of_the_final_bankroll() -> None:
    from casino_math import ruin

    raw = {"bankroll": session.BANKROLLS.index(50), "rounds": session.ROUNDS.index(10)}
    shown = json.loads(view_json("session.explorer", "{}", json.dumps(raw)))["html"]
    (spec,) = charts(shown)
    w = ruin.walk(session.game_bets("roulette")["red"], 5, 10)
    bars = {(v["dollars"], v["ending"]): (v["exact"], v["probability"]) for v in spec["data"]["values"]}

    def exact(p: Fraction) -> str:  # as the tooltip names it: a long fraction by its size
        return str(p) if len(str(p)) <= session.LONGEST_FRACTION else f"a fraction of {len(str(p.denominator))} digits"

    # Every final bankroll of the walk is a bar, at its exact probability; together they make 1.
    assert bars == {(b * 10, "ahead" if b > 5 else "even" if b == 5 else "behind"): (exact(p), float(p))
                    for b, p in w.final.items()}
    assert sum(Fraction(count, w.denominator) for count in w.counts.values()) == 1
    # A long fraction shows its percent, the fraction itself one click away.
    assert f'<td>P(broke within 10 bets)</td><td data-value="{float(w.p_ruin()):.10g}"><details class="exact">' in shown
    assert f'<summary title="{w.p_ruin()}">{display.percent(w.p_ruin())}</summary>' in shown
    assert spec["$schema"].endswith("/vega-lite/v5.json") and spec["description"].startswith("Red at roulette, from $50")


def test_the_session_explorer_says_when_the_bankroll_cannot_cover_a_bet() -> None:
    raw = {"stake": session.STAKES.index(100), "bankroll": session.BANKROLLS.index(50)}
    shown = json.loads(view_json("session.explorer", "{}", json.dumps(raw)))
    assert shown["html"] == ('<p class="widget-refusal">a bankroll of $50 does not cover one bet of $100; choose a '
                             "larger bankroll or a smaller stake</p>")


def test_a_set_of_choices_takes_a_list_of_option_numbers() -> None:
    not_a_list = "3 is not allowed for 'Pockets': a list of option numbers from 0 to 37"
    with pytest.raises(ValueError, match=f"^{re.escape(not_a_list)}$"):
        view_json("roulette.chooser", "{}", '{"pockets": 3}')


def test_the_site_path_imports_neither_numpy_nor_ipywidgets() -> None:
    # Pyodide has no numpy here, and the wheel is installed without its dependencies.
    calls = "; ".join(f"view_json({n!r}, '{{}}', '{{}}')" for n in LIVE)
    script = (f"import sys; from casino_math.widgets.live import view_json; {calls}; "
              "print(sorted({m.split('.')[0] for m in sys.modules} & {'numpy', 'ipywidgets', 'sympy', 'matplotlib'}))")
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True, cwd=ROOT)
    assert result.stdout.strip() == "[]"


def test_a_shown_widget_reads_as_its_name() -> None:
    assert repr(Shown(definition("craps.bets"))) == "<live widget craps.bets>"


def test_the_craps_explorers_cached_start_cannot_be_changed() -> None:
    start = craps.starting_edges()
    with pytest.raises(TypeError, match="does not support item assignment"):
        start["pass"] = "0.000%"  # type: ignore[index]
    assert craps.starting_edges() is start and start["pass"] == "1.414%"


def test_the_session_explorers_cached_walk_cannot_be_changed() -> None:
    walk = session._walk("craps", "pass", 5, 3)
    with pytest.raises(TypeError, match="does not support item assignment"):
        walk.counts[Fraction(0)] = 1  # type: ignore[index]
    assert session._walk("craps", "pass", 5, 3) is walk and sum(walk.counts.values()) == walk.denominator


def test_the_roulette_layouts_pockets_are_its_only_pocket_controls_on_the_site() -> None:
    # The layout's 38 pockets are the control: the site draws no tick box for them, and says so in the definition.
    page = snapshot_html(definition("roulette.chooser"))
    assert 'type="checkbox"' not in page and 'name="pockets"' not in page
    assert page.count('data-control="pockets"') == 38 and page.count("aria-pressed=") == 38
    pockets = next(c for c in definition("roulette.chooser").as_json()["controls"] if c["name"] == "pockets")
    assert pockets["in_result"] is True
    # In Jupyter, which cannot press a button in a result, the pockets are listed to tick.
    assert isinstance(ipywidget(definition("roulette.chooser")).children[1], ipywidgets.SelectMultiple)


def test_a_screen_reader_hears_the_roulette_choosers_figures_not_its_pockets() -> None:
    # The result is not a live region as a whole: its answer is, and that holds no button.
    page = snapshot_html(definition("roulette.chooser"))
    result = page.split('class="live-widget-result"')[1].split(">")[0]
    assert "aria-live" not in result
    assert page.count("aria-live=") == 1
    answer = page.split('aria-live="polite"')[1].split("</div>")[0]
    assert "<table" in answer and "P(win)" in answer and "<button" not in answer
    # Any other widget's result is its live region.
    assert 'aria-label="Result" aria-live="polite"' in snapshot_html(definition("chance.payout"))
