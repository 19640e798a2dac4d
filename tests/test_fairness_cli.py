"""The command line's ``fairness``: its JSON checked against Pearson's sum and binomial terms written out here, the
p-value against an integration of the chi-square density, and the one-line error each bad log gets."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterable
from decimal import Decimal
from fractions import Fraction
from math import comb, perm
from pathlib import Path
from typing import Any

import mpmath
import pytest

from casino_math.roulette import simulated
from casino_math.roulette.fairness_report import chance_text
from casino_math.roulette.hottest import p_hottest_at_least

WHEEL = ["0", "00", *(str(n) for n in range(1, 37))]
# A log of 3,840 spins: every pocket 100 times but 17, which came up 140 times.
COUNTS = [140 if pocket == "17" else 100 for pocket in WHEEL]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "casino_math", "fairness", *args], capture_output=True, text=True,
                          check=False)


def report(*args: str) -> dict[str, Any]:
    result = run(*args, "--format", "json")
    assert result.returncode == 0, result.stderr
    found: dict[str, Any] = json.loads(result.stdout)
    return found


def csv(counts: Iterable[int]) -> str:
    return ",".join(map(str, counts))


def integrated_tail(x: Fraction, df: int) -> mpmath.mpf:
    """P(chi-square >= x) by quadrature of the chi-square density, cut at x + 2^j."""
    mpmath.mp.dps = 40
    k, start = mpmath.mpf(df), mpmath.mpf(x.numerator) / x.denominator
    density = lambda t: t ** (k / 2 - 1) * mpmath.exp(-t / 2) / (2 ** (k / 2) * mpmath.gamma(k / 2))
    return mpmath.quad(density, [start, *(start + mpmath.mpf(2) ** j for j in range(-3, 13)), mpmath.inf])


def test_the_json_report_gives_the_statistic_the_p_value_and_the_hot_pocket_exactly() -> None:
    found = report("--counts", csv(COUNTS), "--exact")
    spins = sum(COUNTS)
    expected = Fraction(spins, 38)
    assert found["spins"] == spins and found["df"] == 37
    assert Fraction(found["chi_square"]) == sum((c - expected) ** 2 / expected for c in COUNTS)
    p_value = Decimal(found["p_value"])
    assert len(p_value.as_tuple().digits) >= 9
    reference = integrated_tail(Fraction(found["chi_square"]), 37)
    assert abs(mpmath.mpf(found["p_value"]) - reference) <= reference * mpmath.mpf(10) ** -9
    assert found["hot_pocket"] == "17" and found["hot_pocket_hits"] == 140
    # P(X >= 140), X binomial (3840, 1/38): every term over 38^3840, summed as whole numbers.
    limit = sys.get_int_max_str_digits()
    sys.set_int_max_str_digits(0)                      # the fraction has over 6,000 digits
    try:
        tail = Fraction(found["named_pocket_tail"])
    finally:
        sys.set_int_max_str_digits(limit)
    assert tail == Fraction(sum(comb(spins, j) * 37 ** (spins - j) for j in range(140, spins + 1)), 38**spins)


def test_a_long_tail_is_summarised_unless_asked_for_whole_as_the_other_reports_do() -> None:
    found = report("--counts", csv(COUNTS))
    assert found["named_pocket_tail"] is None and min(found["named_pocket_tail_digits"]) > 6000
    assert found["named_pocket_tail_decimal"].startswith("1.15") and found["named_pocket_tail_decimal"].endswith("E-4")
    assert found["game"] == "roulette" and found["rules"] == "oxford"


def test_a_tie_goes_to_the_first_pocket_on_the_layout_and_a_short_tail_is_exact() -> None:
    counts = [0] * 38
    counts[WHEEL.index("00")] = counts[WHEEL.index("36")] = 2          # 00 and 36 tie
    found = report("--counts", csv(counts))
    assert found["hot_pocket"] == "00" and found["hot_pocket_hits"] == 2
    assert Fraction(found["named_pocket_tail"]) == 1 - Fraction(37, 38) ** 4 - 4 * Fraction(1, 38) * Fraction(37, 38) ** 3
    assert Fraction(found["hot_pocket_tail"]) == 1 - Fraction(perm(38, 4), 38**4)      # a repeat in four spins


def test_a_single_zero_wheel_takes_37_counts_and_the_spins_of_a_file_count_alike(tmp_path: Path) -> None:
    single = [3] * 37
    single[0] = 10
    found = report("--counts", csv(single), "--rules", "single-zero")
    assert (found["rules"], found["spins"], found["df"], found["hot_pocket"]) == ("single_zero", 118, 36, "0")
    spins = tmp_path / "spins.txt"
    spins.write_text("".join(f"{pocket}\n" * n for pocket, n in zip(WHEEL, COUNTS, strict=True)))
    by_file = report("--spins", str(spins))
    by_counts = report("--counts", csv(COUNTS))
    assert by_file == by_counts


def test_the_table_says_what_each_figure_is() -> None:
    table = run("--counts", csv(COUNTS)).stdout
    assert table.startswith("3840 spins (oxford rules): is the wheel fair? The hot pocket is 17, with 140 hits")
    assert "chi-square (37 degrees of freedom)" in table and "P(some fair pocket is hit 140 times or more)" in table
    assert "P(a pocket named in advance is hit 140 times or more)" in table


def test_the_hot_pocket_tail_is_the_chance_that_any_pocket_is_so_hot() -> None:
    # The chapter's log of 3,800 spins: its hottest pocket, 16, came up 127 times.  One pocket named in advance is
    # hit that often with chance 0.0047; some pocket of 38, with chance 16.716% (a statistician's recomputation).
    log = simulated.biased_log(3800, "17", Fraction(1, 30), seed=2026)
    found = report("--counts", csv(log.counts))
    assert found["hot_pocket"] == "16" and found["hot_pocket_hits"] == 127
    assert found["hot_pocket_tail_decimal"].startswith("0.16716") and found["hot_pocket_tail_method"].startswith("exact")
    assert found["named_pocket_tail_decimal"].startswith("0.0047")
    assert found["hot_pocket_tail_decimal"] == chance_text(p_hottest_at_least(3800, 127))


def test_ten_spins_with_one_repeat_are_as_likely_as_not_on_a_fair_wheel() -> None:
    # 72.7% = 1 - 38 x 37 x ... x 29 / 38^10, not the 2.7% of pocket 1 named in advance.
    counts = [2 if pocket == "1" else 1 if pocket in {str(n) for n in range(2, 10)} else 0 for pocket in WHEEL]
    found = report("--counts", csv(counts))
    assert Fraction(found["hot_pocket_tail"]) == 1 - Fraction(perm(38, 10), 38**10)
    assert found["hot_pocket_tail_decimal"] == "0.7267603746"
    assert found["named_pocket_tail_decimal"].startswith("0.027")


def test_a_tiny_tail_is_given_to_ten_significant_digits() -> None:
    # 3,800 spins, 175 of them on 17: some fair pocket that hot has a chance of about 38 t, t one pocket's tail
    # (the pairs' term of inclusion and exclusion, below C(38, 2) t^2, is far below the tenth digit).
    counts = [175 if pocket == "17" else 98 for pocket in WHEEL]
    counts[0] += 3800 - sum(counts)
    t = Fraction(sum(comb(3800, j) * 37 ** (3800 - j) for j in range(175, 3801)), 38**3800)
    found = report("--counts", csv(counts))
    assert found["hot_pocket_tail_decimal"] == "1.338634666E-10" == chance_text(38 * t)
    assert found["named_pocket_tail_decimal"] == chance_text(t) == "3.522722804E-12"
    assert found["hot_pocket_tail"] is None and found["named_pocket_tail"] is None       # over 10,000 digits each


def test_a_short_log_is_told_that_the_chi_square_p_value_is_a_rough_guide() -> None:
    # Ten spins, one pocket twice and eight once: the exact p-value is the chance of a repeat in ten fair spins,
    # 1 - 38 x 37 x ... x 29 / 38^10, about 0.727, where the chi-square tail says about 0.535.
    counts = [2 if pocket == "1" else 1 if pocket in {str(n) for n in range(2, 10)} else 0 for pocket in WHEEL]
    exact = 1 - Fraction(comb(38, 10) * 3628800, 38**10)
    assert abs(Decimal(report("--counts", csv(counts))["p_value"]) - Decimal(exact.numerator) / exact.denominator) > 0.15
    assert run("--counts", csv(counts)).stdout.endswith(
        "Hits a fair wheel expects on each pocket: 0.263, fewer than 5; the chi-square p-value is only a rough guide "
        "for so short a log.\n")
    assert "rough guide" in run("--counts", csv([4] * 37 + [5])).stdout                    # 4.03 each
    assert "rough guide" not in run("--counts", csv([5] * 38)).stdout                      # 5 each: Cochran's rule holds


@pytest.mark.parametrize("args, message", [
    (("--counts", csv([5] * 37)), ("37 counts for a wheel of 38 pockets; give one count for each pocket, in the "
                                   "order 0, 00, 1, ..., 36")),
    (("--counts", csv([5] * 38), "--rules", "single_zero"), "38 counts for a wheel of 37 pockets"),
    (("--counts", csv([5] * 37 + [-1])), "pocket 36 has a count of -1; a count is a whole number from 0 up"),
    (("--counts", csv([5] * 37) + ",x"), "the 38th count, 'x', is not a whole number"),
    (("--counts", csv([0] * 38)), "a test needs at least one spin; these counts add up to 0"),
    (("--spins", "/no/such/spins.txt"), "cannot read /no/such/spins.txt: No such file or directory"),
    (("--counts", csv([5] * 38), "--rules", "monte_carlo"), "unknown rules 'monte_carlo' for roulette"),
])
def test_a_bad_log_is_a_one_line_error(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2 and "Traceback" not in result.stderr
    assert message in result.stderr and result.stderr.count("\n") == 1


def test_an_unknown_pocket_in_a_file_is_named_with_its_line(tmp_path: Path) -> None:
    spins = tmp_path / "spins.txt"
    spins.write_text("17\n00\n\n37\n")
    result = run("--spins", str(spins))
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert result.stderr.strip().endswith("spins.txt, line 4: 37 is not on the wheel; the pockets are 0, 00 and 1 to 36")


def test_counts_and_spins_go_one_at_a_time() -> None:
    assert "one of the arguments --counts --spins is required" in run().stderr
    assert "not allowed with argument" in run("--counts", "1", "--spins", "x").stderr


def test_the_command_loads_neither_numpy_nor_the_kelly_module() -> None:
    code = ("import io, sys, contextlib\nfrom casino_math import cli\n"
            f"with contextlib.redirect_stdout(io.StringIO()): cli.main(['fairness', '--counts', '{csv(COUNTS)}'])\n"
            "print(','.join(m for m in ('numpy', 'sympy', 'casino_math.kelly', 'json') if m in sys.modules))")
    assert subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout.strip() == ""


def test_a_short_logs_json_says_whether_the_chi_square_tail_can_be_trusted() -> None:
    one = report("--counts", csv([1] + [0] * 37))                  # one spin: every log is as extreme, p = 1
    assert (one["exact_p_value"], one["expected_per_pocket"], one["cochran_rule_holds"]) == ("1", "1/38", False)
    assert Decimal(one["p_value"]) < Decimal("0.5")                 # what the chi-square tail says instead
    ten = report("--counts", csv([2 if pocket == "1" else 1 if pocket in {str(n) for n in range(2, 10)} else 0
                                  for pocket in WHEEL]))
    assert Fraction(ten["exact_p_value"]) == 1 - Fraction(perm(38, 10), 38**10) and ten["expected_per_pocket"] == "5/19"
    even = report("--counts", csv([5] * 38))                       # 5 each: Cochran's rule holds; too long to count
    assert even["cochran_rule_holds"] is True and even["exact_p_value"] is None and even["expected_per_pocket"] == "5"


def test_ctrl_c_stops_the_command_with_one_line_and_status_130() -> None:
    # A real SIGINT, sent by the process to itself in the middle of the report.
    code = ("import os, signal, sys, time\nimport casino_math.roulette.fairness_report as r\n"
            "def stopped(*args, **kwargs):\n    os.kill(os.getpid(), signal.SIGINT)\n    time.sleep(60)\n"
            "r.fairness_report = stopped\nfrom casino_math import cli\n"
            f"sys.exit(cli.main(['fairness', '--counts', '{csv(COUNTS)}']))\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False, timeout=120)
    assert result.returncode == 130 and "Traceback" not in result.stderr
    assert result.stderr == "python -m casino_math fairness: interrupted\n"


@pytest.mark.parametrize("args, message", [
    (("--counts", csv([-1] + [5] * 37)), "pocket 0 has a count of -1; a count is a whole number from 0 up"),
    (("--counts", "1_000," + csv([5] * 37)), ("the 1st count, '1_000', is not a whole number written in the digits 0 "
                                             "to 9; give one count for each pocket, in the order 0, 00, 1, ..., 36")),
    (("--counts", csv([5] * 20) + ",٣," + csv([5] * 17)), "the 21st count, '٣', is not a whole number written in"),
    (("--counts", "9" * 5000 + "," + csv([5] * 37)), "a log of at least 10^5000 spins is longer than this command sums"),
    (("--counts", "x" * 5000 + "," + csv([5] * 37)), "the 1st count, 'xxxxxxxxxxxx...' (5000 characters), is not"),
])
def test_a_bad_count_is_a_short_one_line_error(args: tuple[str, ...], message: str) -> None:
    result = run(*args)
    assert result.returncode == 2 and "Traceback" not in result.stderr and result.stderr.count("\n") == 1
    assert message in result.stderr and len(result.stderr) < 300


def test_a_long_at_least_is_not_repeated_whole() -> None:
    result = subprocess.run([sys.executable, "-m", "casino_math", "hand-length", "--at-least", "7" * 5000],
                            capture_output=True, text=True, check=False)
    assert result.returncode == 2 and len(result.stderr) < 500
    assert "--at-least must be a whole number of at most 9 digits, not one of 5000 digits" in result.stderr


def test_a_file_with_a_byte_order_mark_is_read(tmp_path: Path) -> None:
    spins = tmp_path / "spins.txt"
    spins.write_text("17\n00\n17\n", encoding="utf-8-sig")
    found = report("--spins", str(spins))
    assert found["spins"] == 3 and (found["hot_pocket"], found["hot_pocket_hits"]) == ("17", 2)


def test_the_help_says_what_each_field_means_with_the_librarys_own_limits() -> None:
    from casino_math.roulette.fairness import FEWEST_EXPECTED, LONGEST_EXACT
    from casino_math.roulette.fairness_report import MOST_SPINS, MOST_SPINS_EXACT_TAIL, SIGNIFICANT
    from casino_math.roulette.hottest import MOST_SPINS_EXACT

    text = " ".join(subprocess.run([sys.executable, "-m", "casino_math", "fairness", "--help"], capture_output=True,
                                   text=True, check=True, env={**os.environ, "COLUMNS": "200"}).stdout.split())
    found = report("--counts", csv(COUNTS))
    for field in ("chi_square", "p_value", "expected_per_pocket", "cochran_rule_holds", "exact_p_value",
                  "hot_pocket_tail", "named_pocket_tail"):
        assert field in found and field in text
    assert f"at least {FEWEST_EXPECTED}," in text and f"at most {LONGEST_EXACT} spins" in text
    assert f"exact up to {MOST_SPINS_EXACT:,} spins" in text and f"Exact up to {MOST_SPINS_EXACT_TAIL:,} spins" in text
    assert f"({SIGNIFICANT} significant digits)" in text and f"up to {MOST_SPINS // 10**6} million spins" in text


def test_a_pocket_too_hot_to_sum_gets_bounds_and_one_no_other_could_match_is_exact() -> None:
    # 4,000 spins, 300 of them on 17: the sum would pack too many digits, so Šidák and Bonferroni bound the chance.
    counts = [300 if pocket == "17" else 100 for pocket in WHEEL]
    counts[0] += 4000 - sum(counts)
    found = report("--counts", csv(counts))
    t = Fraction(sum(comb(4000, j) * 37 ** (4000 - j) for j in range(300, 4001)), 38**4000)
    assert found["hot_pocket_tail"] is None and found["hot_pocket_tail_method"].startswith("bounds")
    assert Decimal(found["hot_pocket_tail_low"]) <= Decimal(chance_text(38 * t - comb(38, 2) * t * t))
    assert Decimal(found["hot_pocket_tail_high"]) >= Decimal(chance_text(38 * t))
    # All 4,000 on 17: no second pocket can be hit 4,000 times, so the chance is exactly 38 times one pocket's.
    found = report("--counts", csv([4000 if pocket == "17" else 0 for pocket in WHEEL]))
    assert found["hot_pocket_tail_method"].startswith("exact")
    assert found["hot_pocket_tail_decimal"] == chance_text(Fraction(38, 38**4000))
