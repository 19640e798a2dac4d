"""The wheel explorer of the chapter "Is the wheel fair?": simulate a wheel with a biased pocket, or enter one pocket's
count, and see the tests, the posterior, the power and the Kelly stake.

:func:`wheel_widget` is its definition, drawn in Jupyter and on the site alike; :func:`log_figures` computes
what it shows, and :func:`wheel_table` is its static twin, the same figures over a range of chances.  Everything
runs in the reader's browser: the simulated wheel draws from Python's own seeded generator, and the tails are
exact binomial sums or the chi-square tail in ``Decimal`` (:mod:`casino_math.tails`).
"""

from __future__ import annotations

import html
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from typing import Any

from .. import display
from ..distribution import as_decimal
from ..roulette import OXFORD, pockets
from ..roulette.fairness import (
    LEVEL,
    POWER,
    SpinLog,
    break_even,
    chi_square_test,
    expected_count,
    fair_chance,
    hot_pocket,
    hottest_bounds,
    one_pocket_power,
    pocket_tail,
    prior,
    spins_needed,
    straight_up_growth,
    straight_up_kelly,
)
from ..roulette.simulated import biased_log
from ..tables import Column, Table
from ..tails import binomial_tail
from .live import Control, Shown, Widget, chart_html, defines

#: Where the figures come from: a simulated wheel, or a count the reader enters for one pocket.
SOURCES = (("Simulate a wheel", "simulate"), ("Enter one pocket's count", "count"))
#: The lengths of log offered (longer logs take the browser a second or more to compute).
SPINS = (380, 760, 1900, 3800, 7600, 11400, 19000)
#: The chances offered for the biased pocket (and the chance the power is computed against): 1 in 38 is fair.
CHANCES = tuple(Fraction(1, n) for n in (38, 37, 36, 35, 34, 33, 32, 30, 28, 25))
#: The seeds offered for the simulated wheel.
SEEDS = (2001, 2100)
#: The most hits the count control offers.
MOST_HITS = 1500
#: The explorer's starting settings: the chapter's log, 3,800 spins of a wheel on which 17 comes up 1 time in 30.
DEFAULT_SPINS, DEFAULT_POCKET, DEFAULT_CHANCE, DEFAULT_SEED, DEFAULT_HITS = 3800, "17", Fraction(1, 30), 2026, 116
#: How many spins a table runs in an hour, in the book's assumption.
SPINS_PER_HOUR = 40
#: Bars of the chart: the suspected pocket, the others (Okabe and Ito's palette, safe for colour-blind readers).
SUSPECT, OTHERS = "#D55E00", "#0072B2"
CHART_WIDTH = 600


def chance_name(chance: Fraction) -> str:
    """A pocket's chance as the explorer names it.

    >>> chance_name(Fraction(1, 38)), chance_name(Fraction(1, 36)), chance_name(Fraction(1, 30))
    ('1 in 38 (fair)', '1 in 36 (break-even)', '1 in 30')
    """
    note = {fair_chance(): " (fair)", break_even(): " (break-even)"}.get(chance, "")
    return f"{display.one_in(chance)}{note}"


def probability(q: Fraction | Decimal) -> str:
    """A probability as the explorer shows it: a percent, a power of ten when it is too small for one, and never
    100.00% when it is not 1.

    >>> probability(Fraction(1, 8)), probability(Decimal("2.5E-9")), probability(1 - Fraction(1, 10**6))
    ('12.50%', '2.50 × 10⁻⁹', '> 99.99%')
    """
    exact = Fraction(q)
    if 0 < exact < Fraction(1, 10**4):
        return display.scientific(as_decimal(exact, 6))
    if 1 - Fraction(1, 20_000) <= exact < 1:                 # would round to 100.00%
        return "> 99.99%"
    return display.percent(exact)


def beats_break_even(name: str) -> str:
    """The posterior's chance that a pocket pays, named as the chapter says it: under the prior, not of the wheel.

    >>> beats_break_even("17")
    'chance that 17 beats break-even (1/36), under the Beta(1, 37) prior'
    """
    law = prior()
    return f"chance that {name} beats break-even ({display.fraction_text(break_even())}), under the Beta({law.a}, {law.b}) prior"


def pocket_figures(name: str, hits: int, spins: int, chance: Fraction) -> list[tuple[str, str]]:
    """What the explorer says of one pocket hit ``hits`` times in ``spins``: its test, its posterior, the power, Kelly.

    >>> for label, value in pocket_figures("17", 2, 38, Fraction(1, 30)):
    ...     print(f"{label}: {value}")
    P(a fair pocket gets 2 or more): 26.42%
    posterior of 17's chance: Beta(3, 73), mean 1 in 25
    chance that 17 beats break-even (1/36), under the Beta(1, 37) prior: 65.38%
    power of the 5% test against 1 in 30: 3.70%
    spins for 80% power: 3,487, about 88 hours at 40 spins an hour
    Kelly stake on the mean: 1.20% of the bankroll
    """
    posterior = prior().after(hits, spins)
    tail = binomial_tail(spins, fair_chance(), hits)
    rows = [
        (f"P(a fair pocket gets {hits} or more)", probability(tail)),
        (f"posterior of {name}'s chance", f"Beta({posterior.a}, {posterior.b}), mean {display.one_in(posterior.mean)}"),
        (beats_break_even(name), probability(posterior.p_above(break_even()))),
    ]
    if chance > fair_chance():
        needed = spins_needed(chance)
        rows += [
            (f"power of the {display.percent(LEVEL, 0)} test against {display.one_in(chance)}",
             probability(one_pocket_power(spins, chance))),
            (f"spins for {display.percent(POWER, 0)} power",
             f"{needed:,}, about {-(-needed // SPINS_PER_HOUR):,} hours at {SPINS_PER_HOUR} spins an hour"),
        ]
    kelly = straight_up_kelly(posterior.mean)
    rows.append(("Kelly stake on the mean", f"{display.percent(kelly)} of the bankroll" if kelly else
                 "nothing: the mean is below break-even"))
    return rows


def log_figures(log: SpinLog, name: str, chance: Fraction) -> list[tuple[str, str]]:
    """What the explorer says of a whole log: the chi-square test, the hottest pocket, then the suspected pocket.

    >>> rows = dict(log_figures(SpinLog.of_spins(["17"] * 38), "17", Fraction(1, 38)))
    >>> rows["chi-square, 37 degrees of freedom"], rows["hottest pocket"]
    ('1406.00, p-value 2.23 × 10⁻²⁷¹', '17, with 38 hits')
    """
    test = chi_square_test(log, 6)
    hot = hot_pocket(log)
    low, high = hottest_bounds(log.spins, log.hits(hot))
    rows = [
        (f"hits on {name}", f"{log.hits(name)} (a fair pocket expects {display.decimal(expected_count(log), 1)})"),
        (f"chi-square, {test.df} degrees of freedom",
         f"{display.decimal(test.statistic, 2)}, p-value {probability(test.p_value)}"),
        ("hottest pocket", f"{hot}, with {log.hits(hot)} hits"),
        (f"P(some fair pocket gets {log.hits(hot)} or more)", f"between {probability(low)} and {probability(high)}"),
    ]
    rows += pocket_figures(name, log.hits(name), log.spins, chance)
    staked = straight_up_kelly(prior().after(log.hits(name), log.spins).mean)
    if staked:
        rows.append((f"growth per spin at {name}'s true chance",
                     f"{display.decimal(straight_up_growth(chance, staked), 6)} (staking the Kelly stake on the mean)"))
    return rows


def counts_chart(log: SpinLog, name: str) -> dict[str, Any]:
    """The Vega-Lite specification of the log as bars, one a pocket in the layout's order, with the fair expectation."""
    values = [{"pocket": p, "hits": n, "which": "suspected" if p == name else "other"} for p, n in log.by_pocket().items()]
    expected = float(expected_count(log))
    x = {"field": "pocket", "type": "ordinal", "sort": None, "title": "pocket", "axis": {"labelAngle": 0, "labelOverlap": "parity", "labelSeparation": 3}}
    return {
        "description": f"Hits on each pocket in {log.spins:,} spins",
        "title": {"text": [f"Hits on each pocket in {log.spins:,} spins", "the line: a fair wheel's expectation"],
                  "fontSize": 12},
        "width": CHART_WIDTH, "height": 160,
        "autosize": {"type": "fit-x", "contains": "padding"},
        "layer": [
            {"data": {"values": values}, "mark": "bar",
             "encoding": {"x": x, "y": {"field": "hits", "type": "quantitative", "title": "hits"},
                          "color": {"field": "which", "type": "nominal", "title": None, "legend": {"orient": "top"},
                                    "scale": {"domain": ["suspected", "other"], "range": [SUSPECT, OTHERS]}},
                          "tooltip": [{"field": "pocket"}, {"field": "hits"}]}},
            {"data": {"values": [{"expected": expected}]}, "mark": {"type": "rule", "strokeDash": [4, 3]},
             "encoding": {"y": {"field": "expected", "type": "quantitative"}}},
        ],
        "config": {"axis": {"labelFontSize": 11, "titleFontSize": 11}, "legend": {"labelFontSize": 11}},
    }


def rows_html(rows: Iterable[tuple[str, str]]) -> str:
    """Rows of (label, value) as the explorer's table."""
    body = "".join(f"<tr><td>{html.escape(label)}</td><td><b>{html.escape(value)}</b></td></tr>" for label, value in rows)
    return f"<table><tbody>{body}</tbody></table>"


def wheel_view(source: str, spins: int, name: str, chance: Fraction, seed: int, hits: int) -> str:
    """What the explorer shows: a simulated log's chart and figures, or the figures of one pocket's count.

    >>> "chance that 17 beats break-even (1/36), under the Beta(1, 37) prior" in wheel_view("count", 3800, "17", Fraction(1, 30), 2026, 116)
    True
    >>> wheel_view("count", 380, "17", Fraction(1, 30), 2026, 400)
    '<p>400 hits in 380 spins: a pocket cannot come up more often than the wheel is spun.</p>'
    """
    if source == "count":
        if hits > spins:
            return f"<p>{hits} hits in {spins} spins: a pocket cannot come up more often than the wheel is spun.</p>"
        note = ("<p>The chi-square test and the hottest pocket need every pocket's count: simulate a wheel to see "
                "them.</p>")
        return note + rows_html(pocket_figures(name, hits, spins, chance))
    log = biased_log(spins, name, chance, seed)
    said = (f"<p>{spins:,} spins of a simulated wheel on which {name} comes up with a chance of "
            f"{chance_name(chance)} (seed {seed}).</p>")
    alt = f"Bars: the hits on each pocket in {spins:,} spins, {name} marked, and a line at a fair wheel's expectation"
    return said + chart_html(counts_chart(log, name), alt) + rows_html(log_figures(log, name, chance))


def wheel_table(chances: Iterable[Fraction] = CHANCES, spins: int = DEFAULT_SPINS, name: str = DEFAULT_POCKET,
                 seed: int = DEFAULT_SEED) -> Table:
    """The static twin of :func:`wheel_explorer`: for each chance of the suspected pocket, a simulated log's figures.

    >>> wheel_table([Fraction(1, 38)], spins=380).rows[0][:4]
    ['1 in 38 (fair)', '10', '24.94%', '54.37%']
    """
    rows = []
    for chance in chances:
        log = biased_log(spins, name, chance, seed)
        k = log.hits(name)
        posterior = prior().after(k, spins)
        rows.append([chance_name(chance), str(k), probability(chi_square_test(log, 6).p_value),
                     probability(pocket_tail(log, name)), probability(posterior.p_above(break_even())),
                     probability(one_pocket_power(spins, chance)),
                     f"{spins_needed(chance):,}" if chance > fair_chance() else "-"])
    columns = [Column(heading) for heading in ("chance of " + name, "hits", "chi-square p-value", f"p-value of {name}",
                                               f"chance that {name} beats break-even, under the prior", "power at 5%",
                                               "spins for 80% power")]
    return Table(columns, rows, f"{spins:,} simulated spins (seed {seed}), {name} biased; prior Beta(1, 37)")


@defines("fairness.wheel")
def wheel_widget() -> Widget:
    """The wheel explorer's definition: where the figures come from, the spins, the pocket, its chance, the seed of the
    simulated wheel and the count entered for the pocket.

    >>> wheel_widget().view({"source": 1})["inactive"], wheel_widget().view({})["inactive"]
    (['seed'], ['hits'])
    """
    controls = (
        Control("source", "buttons", "Figures from", options=SOURCES, default="simulate"),
        Control("spins", "options", "Spins", options=tuple((f"{n:,}", n) for n in SPINS), default=DEFAULT_SPINS),
        Control("name", "dropdown", "Suspected pocket", options=tuple((p, p) for p in pockets(OXFORD)),
                default=DEFAULT_POCKET),
        Control("chance", "options", "Its chance (simulated, and for the power)",
                options=tuple((chance_name(c), c) for c in CHANCES), default=DEFAULT_CHANCE),
        Control("seed", "range", "Seed of the simulated wheel", low=SEEDS[0], high=SEEDS[1], default=DEFAULT_SEED),
        Control("hits", "range", "Its hits (a count you enter)", low=0, high=MOST_HITS, default=DEFAULT_HITS),
    )

    def inactive(source: str, **_values: Any) -> list[str]:
        return ["seed"] if source == "count" else ["hits"]

    return Widget("fairness.wheel", controls, wheel_view, inactive)


def wheel_explorer(source: str = "simulate", spins: int = DEFAULT_SPINS, name: str = DEFAULT_POCKET,
                 chance: Fraction = DEFAULT_CHANCE, seed: int = DEFAULT_SEED, hits: int = DEFAULT_HITS) -> Shown:
    """The wheel explorer, live in Jupyter and on the site, starting from the given settings.

    >>> wheel_explorer(spins=380).widget.defaults()["spins"]
    0
    """
    return Shown(wheel_widget().starting_at(source=source, spins=spins, name=name, chance=chance, seed=seed, hits=hits))
