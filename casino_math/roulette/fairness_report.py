"""The command line's ``fairness`` report: what a log of spins says about a wheel, each figure named for what it is.

- ``chi_square``, ``df``, ``p_value``: Pearson's statistic (exact), its degrees of freedom, and the chi-square tail
  P(chi-square >= it) to 15 significant digits;
- ``expected_per_pocket``, ``cochran_rule_holds``: the hits a fair wheel expects on each pocket, and whether that
  is at least 5 (Cochran's rule, under which the chi-square tail is a fair guide to the p-value);
- ``exact_p_value``: P(the statistic >= the one seen) on a fair wheel, counted exactly, for a log of at most
  :data:`~casino_math.roulette.fairness.LONGEST_EXACT` spins (else null);
- ``hot_pocket_tail``: the chance that on a fair wheel *some* pocket is hit at least as often as the hot pocket was
  (:mod:`~casino_math.roulette.hottest`): exact, or bounded by ``hot_pocket_tail_low`` and ``hot_pocket_tail_high``;
- ``named_pocket_tail``: the chance that one pocket named in advance is hit that often, which is not the question
  a pocket picked out for being hot asks.

Every chance has a ``_decimal`` beside it to :data:`SIGNIFICANT` significant digits (in E notation below 0.001),
and a ``_method`` saying how it was found.

>>> from casino_math.roulette.fairness import SpinLog
>>> report = fairness_report(SpinLog.of_spins(["17", "17", "5"]))      # (38/3)(2^2 + 1) - 3; (3 x 37 + 1)/38^3
>>> report["chi_square"], report["df"], report["p_value"], report["hot_pocket"], report["named_pocket_tail"]
('181/3', 37, '0.00904884973841411', '17', '14/6859')
>>> report["hot_pocket_tail"], report["exact_p_value"], report["cochran_rule_holds"]   # a repeat: 1 - 37 x 36/38^2
('28/361', '28/361', False)
"""

from __future__ import annotations

from decimal import MAX_EMAX, MIN_EMIN, ROUND_CEILING, ROUND_FLOOR, ROUND_HALF_EVEN, Context, Decimal, localcontext
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..exact import digit_count
from ..tails import binomial_tail_digits
from .fairness import (
    FEWEST_EXPECTED,
    LONGEST_EXACT,
    P_VALUE_DIGITS,
    SpinLog,
    chi_square_test,
    exact_p_value,
    expected_count,
    fair_chance,
    hot_pocket,
    pocket_tail,
)
from .hottest import BOUNDS, EXACT, p_hottest_at_least, summable

if TYPE_CHECKING:
    from ..report import Form

#: Significant digits of each chance's decimal.
SIGNIFICANT = 10
#: The longest log whose one-pocket tail is an exact fraction (its denominator is 38^n, 1.6 digits a spin); a longer
#: log's tail is summed in decimal arithmetic, within one unit of its last digit.
MOST_SPINS_EXACT_TAIL = 50_000
#: Digits to which a long log's one-pocket tail is summed, before it is rounded to :data:`SIGNIFICANT`.
TAIL_DIGITS = 20
#: Digits worked with in the bounds on the hottest pocket's chance, each step rounded outwards.
BOUND_DIGITS = 30
#: The longest log answered: summing one pocket's tail takes a step for each hit a fair pocket expects, about
#: 2.6 million steps (seconds) at 100 million spins.
MOST_SPINS = 10**8

NAMED_EXACT = "exact: the binomial sum"
NAMED_SUMMED = f"the binomial sum in decimal arithmetic, within one unit of the last digit of the {SIGNIFICANT} shown"


def chance_text(q: Fraction | Decimal, rounding: str = ROUND_HALF_EVEN) -> str:
    """A chance to :data:`SIGNIFICANT` significant digits, in E notation below 0.001, rounded as asked.

    >>> chance_text(Fraction(1, 3)), chance_text(Fraction(1, 3 * 10**12)), chance_text(Fraction(1, 3), ROUND_CEILING)
    ('0.3333333333', '3.333333333E-13', '0.3333333334')
    """
    if q == 0:
        return "0"
    with localcontext(Context(prec=SIGNIFICANT, rounding=rounding, Emin=MIN_EMIN, Emax=MAX_EMAX)):
        value = Decimal(q.numerator) / Decimal(q.denominator) if isinstance(q, Fraction) else +q
    return f"{value:f}" if value >= Decimal("0.001") else f"{value:E}"


def exact_chance(name: str, q: Fraction, method: str, exact: bool, form: Form) -> dict[str, Any]:
    """An exact chance as :func:`casino_math.report.figure` gives it (whole, or summarised by its digit counts when
    too long for ``form``), its decimal to :data:`SIGNIFICANT` significant digits, and how it was found."""
    from ..report import figure

    return figure(name, q, exact, form) | {f"{name}_decimal": chance_text(q), f"{name}_method": method}


def check_length(log: SpinLog) -> None:
    """Refuse a log longer than :data:`MOST_SPINS`, saying why.

    >>> check_length(SpinLog((10**8,) + (1,) * 37))
    Traceback (most recent call last):
    ...
    ValueError: a log of 100000037 spins is longer than this command sums (at most 100000000 spins): summing one pocket's tail takes a step for each hit a fair pocket expects
    """
    if log.spins > MOST_SPINS:
        spins = log.spins if log.spins < 10**24 else f"at least 10^{digit_count(log.spins) - 1}"
        raise ValueError(f"a log of {spins} spins is longer than this command sums (at most {MOST_SPINS} "
                         "spins): summing one pocket's tail takes a step for each hit a fair pocket expects")


def fairness_report(log: SpinLog, exact: bool = False, form: Form = "table") -> dict[str, Any]:
    """The ``fairness`` report of the command line, JSON-ready (the fields are described above)."""
    from ..report import figure

    check_length(log)
    test, hot = chi_square_test(log, P_VALUE_DIGITS), hot_pocket(log)
    report: dict[str, Any] = {"spins": log.spins, **figure("chi_square", test.statistic, exact, form)}
    report |= {"df": test.df, "p_value": str(test.p_value)} | short_log(log, exact, form)
    report |= {"hot_pocket": hot, "hot_pocket_hits": log.hits(hot)}
    return report | tails(log, hot, exact, form)


def short_log(log: SpinLog, exact: bool, form: Form) -> dict[str, Any]:
    """The hits a fair wheel expects on each pocket, whether Cochran's rule holds, and the exact p-value (short logs).

    >>> short_log(SpinLog.of_spins(["17"]), False, "json")          # 1 spin: every outcome is as extreme, p = 1
    {'expected_per_pocket': '1/38', 'expected_per_pocket_decimal': '0.0263157895', 'cochran_rule_holds': False, 'exact_p_value': '1', 'exact_p_value_decimal': '1'}
    """
    from ..report import figure

    expected = expected_count(log)
    report = figure("expected_per_pocket", expected, exact, form) | {"cochran_rule_holds": expected >= FEWEST_EXPECTED}
    if log.spins > LONGEST_EXACT:
        return report | {"exact_p_value": None}
    p = exact_p_value(log)
    return report | figure("exact_p_value", p, exact, form) | {"exact_p_value_decimal": chance_text(p)}


def tails(log: SpinLog, hot: str, exact: bool, form: Form) -> dict[str, Any]:
    """The hot pocket's chance on a fair wheel, corrected for its being picked out, and one named pocket's tail."""
    n, hits, pockets = log.spins, log.hits(hot), len(log.counts)
    if n <= MOST_SPINS_EXACT_TAIL:
        t = pocket_tail(log, hot)
        named = exact_chance("named_pocket_tail", t, NAMED_EXACT, exact, form)
        if summable(n, hits, pockets):
            return exact_chance("hot_pocket_tail", p_hottest_at_least(n, hits, pockets), EXACT, exact, form) | named
        with localcontext(_context(TAIL_DIGITS, ROUND_HALF_EVEN)):
            t_digits = Decimal(t.numerator) / Decimal(t.denominator)
    else:
        t_digits = binomial_tail_digits(n, fair_chance(log.rules), hits, TAIL_DIGITS)
        named = {"named_pocket_tail": None, "named_pocket_tail_decimal": chance_text(t_digits),
                 "named_pocket_tail_method": NAMED_SUMMED}
    low, high = sidak_bonferroni(t_digits, pockets)
    return {"hot_pocket_tail": None, "hot_pocket_tail_low": chance_text(low, ROUND_FLOOR),
            "hot_pocket_tail_high": chance_text(high, ROUND_CEILING), "hot_pocket_tail_method": BOUNDS} | named


def _context(digits: int, rounding: str) -> Context:
    """``digits`` significant digits, rounded as asked, with exponents that never underflow."""
    return Context(prec=digits, rounding=rounding, Emin=MIN_EMIN, Emax=MAX_EMAX)


def sidak_bonferroni(t: Decimal, pockets: int) -> tuple[Decimal, Decimal]:
    """Bounds on the chance that some pocket is as hot, from a one-pocket tail ``t`` known to :data:`TAIL_DIGITS`
    digits within one unit of the last: Bonferroni's N t above; below, the larger of Šidák's 1 - (1 - t)^N and
    N t - C(N, 2) t^2 (which is below Šidák's, and keeps its digits when t is tiny).  t is widened by two units of
    its last digit, and every step is rounded outwards.

    >>> low, high = sidak_bonferroni(Decimal("0.001"), 38)          # 1 - 0.999^38, and 38 x 0.001
    >>> chance_text(low, ROUND_FLOOR), chance_text(high, ROUND_CEILING)
    ('0.03730536268', '0.03800000001')
    """
    if t == 0:
        return Decimal(0), Decimal(0)
    unit = Decimal(1).scaleb(t.adjusted() - TAIL_DIGITS + 1)
    with localcontext(_context(BOUND_DIGITS, ROUND_CEILING)):
        t_high = t + 2 * unit
        high, pairs = min(Decimal(1), pockets * t_high), pockets * (pockets - 1) // 2 * t_high * t_high
        one_below = 1 - (t - 2 * unit)
        all_below = Decimal(1)
        for _ in range(pockets):
            all_below *= one_below
    with localcontext(_context(BOUND_DIGITS, ROUND_FLOOR)):
        low = max(pockets * (t - 2 * unit) - pairs, 1 - all_below, Decimal(0))
    return low, high


def fairness_table(report: dict[str, Any]) -> str:
    """A ``fairness`` report as the command line's text table: each figure exactly (or its size, or its bounds) and
    as a decimal, and a line under it when Cochran's rule fails, where the chi-square tail is only a rough guide."""
    from ..report import FIGURES_COLUMNS
    from ..tables import Table

    hits, df = report["hot_pocket_hits"], report["df"]
    rows = [[f"chi-square ({df} degrees of freedom)", *_cells(report, "chi_square")],
            ["p-value: P(chi-square >= it)", "(not a fraction)", report["p_value"]]]
    if report["exact_p_value"] is not None:
        rows.append(["exact p-value: P(chi-square >= it), counted", *_cells(report, "exact_p_value")])
    rows += [[f"P(some fair pocket is hit {hits} times or more)", *_cells(report, "hot_pocket_tail")],
             [f"P(a pocket named in advance is hit {hits} times or more)", *_cells(report, "named_pocket_tail")]]
    caption = (f"{report['spins']} spins ({report.get('rules', 'oxford')} rules): is the wheel fair? The hot pocket is "
               f"{report['hot_pocket']}, with {hits} hits")
    note = "" if report["cochran_rule_holds"] else (
        f"\nHits a fair wheel expects on each pocket: {float(Fraction(report['expected_per_pocket'])):.3g}, "
        f"fewer than {FEWEST_EXPECTED}; the chi-square p-value is only a rough guide for so short a log.")
    return repr(Table(FIGURES_COLUMNS, rows, caption)) + note


def _cells(report: dict[str, Any], name: str) -> tuple[str, str]:
    """A figure's exact and decimal cells: the fraction (or its size), bounds, or a decimal summed to its digits."""
    from ..report import exact_text

    if f"{name}_low" in report:
        return ("(bounds: Šidák below, Bonferroni above)",
                f"between {report[f'{name}_low']} and {report[f'{name}_high']}")
    if report[name] is None and f"{name}_digits" not in report:
        return "(summed in decimal)", report[f"{name}_decimal"]
    return exact_text(report, name), report[f"{name}_decimal"]
