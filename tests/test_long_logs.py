"""Long logs of spins: the one-pocket tail summed in decimal arithmetic against the exact binomial sum and against
mpmath's terms from its log-gamma function, the Šidák and Bonferroni bounds against the same bounds in exact fractions, and
the command line on a million spins and beyond."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from decimal import Decimal
from fractions import Fraction
from pathlib import Path

import mpmath
import pytest

from casino_math.exact import as_decimal
from casino_math.roulette.fairness_report import MOST_SPINS, sidak_bonferroni
from casino_math.tails import binomial_tail, binomial_tail_digits

WHEEL = ["0", "00", *(str(n) for n in range(1, 37))]


def fairness(*args: str) -> subprocess.CompletedProcess[str]:
    # The timeout is a ceiling for a hang only: a million spins take about a second here.
    return subprocess.run([sys.executable, "-m", "casino_math", "fairness", *args], capture_output=True, text=True,
                          check=False, timeout=600)


def within_one_unit(found: Decimal, exact: Fraction, digits: int) -> bool:
    unit = Decimal(1).scaleb(found.adjusted() - digits + 1)
    return abs(Fraction(found) - exact) <= Fraction(unit)


def mpmath_tail(n: int, k: int) -> Fraction:
    """P(X >= k), X binomial (n, 1/38), at 60 digits: each term exp(log C(n, j) + j log p + (n - j) log q) from
    mpmath's log-gamma, summed away from the mean until the terms fall below the 70th digit."""
    mpmath.mp.dps = 60
    p = mpmath.mpf(1) / 38
    def term(j: int) -> mpmath.mpf:
        return mpmath.exp(mpmath.loggamma(n + 1) - mpmath.loggamma(j + 1) - mpmath.loggamma(n - j + 1)
                          + j * mpmath.log(p) + (n - j) * mpmath.log(1 - p))
    upper = k > n / 38
    j, total = (k, mpmath.mpf(0)) if upper else (k - 1, mpmath.mpf(0))
    while 0 <= j <= n:
        t = term(j)
        total += t
        if t < total * mpmath.mpf(10) ** -70 and (j > n / 38 if upper else j < n / 38):
            break
        j += 1 if upper else -1
    value = total if upper else 1 - total
    return Fraction(int(value.man)) * Fraction(2) ** int(value.exp)


@pytest.mark.parametrize("n, k", [(1, 1), (38, 1), (38, 2), (38, 38), (100, 0), (100, 3), (3800, 80), (3800, 100),
                                  (3800, 127), (3800, 175), (3800, 3800), (20000, 500), (20000, 600), (50000, 1316)])
def test_the_decimal_tail_is_the_exact_tail_to_its_last_digit(n: int, k: int) -> None:
    for p in (Fraction(1, 38), Fraction(1, 37), Fraction(18, 38)):
        found, exact = binomial_tail_digits(n, p, k, 15), binomial_tail(n, p, k)
        assert found == as_decimal(exact, 15) or within_one_unit(found, exact, 15)


@pytest.mark.parametrize("n, k", [(10**6, 26000), (10**6, 26631), (10**6, 30000), (10**7, 263500), (10**5, 1)])
def test_the_decimal_tail_of_a_long_log_is_mpmaths_sum_of_log_gamma_terms(n: int, k: int) -> None:
    assert within_one_unit(binomial_tail_digits(n, Fraction(1, 38), k, 20), mpmath_tail(n, k), 20)


@pytest.mark.parametrize("t", [Fraction(1, 3), Fraction(1, 1000), Fraction(3, 10**12), Fraction(7, 10**400)])
def test_the_bounds_from_a_decimal_tail_contain_sidak_and_bonferroni(t: Fraction) -> None:
    low, high = sidak_bonferroni(as_decimal(t, 20), 38)
    assert Fraction(low) <= 1 - (1 - t) ** 38 and min(Fraction(1), 38 * t) <= Fraction(high)
    assert Fraction(high) - 38 * t < 38 * t * Fraction(1, 10**17) or high == 1
    assert 1 - (1 - t) ** 38 - Fraction(low) < (1 - (1 - t) ** 38) * Fraction(1, 10**17)     # digits kept when t is tiny


def test_a_file_of_a_million_spins_is_answered_with_bounds_and_a_summed_tail(tmp_path: Path) -> None:
    rng = random.Random(2026)
    spins = [rng.choice(WHEEL) for _ in range(10**6)]
    path = tmp_path / "spins.txt"
    path.write_text("\n".join(spins) + "\n")
    result = fairness("--spins", str(path), "--format", "json")
    assert result.returncode == 0, result.stderr
    found = json.loads(result.stdout)
    hot = max(WHEEL, key=lambda p: (spins.count(p), -WHEEL.index(p)))
    assert (found["spins"], found["hot_pocket"], found["hot_pocket_hits"]) == (10**6, hot, spins.count(hot))
    t = binomial_tail_digits(10**6, Fraction(1, 38), spins.count(hot), 20)
    assert found["named_pocket_tail"] is None and found["named_pocket_tail_method"].startswith("the binomial sum in decimal")
    assert Decimal(found["named_pocket_tail_decimal"]) == round(t, 10 - t.adjusted() - 1)
    assert found["hot_pocket_tail"] is None and found["hot_pocket_tail_method"].startswith("bounds: Šidák")
    assert Decimal(found["hot_pocket_tail_low"]) <= 1 - (1 - t) ** 38 and Decimal(found["hot_pocket_tail_high"]) >= min(Decimal(1), 38 * t)


def test_a_log_too_long_to_sum_is_refused_saying_why() -> None:
    counts = [MOST_SPINS // 38 + 1] * 38
    result = fairness("--counts", ",".join(map(str, counts)))
    assert result.returncode == 2 and result.stderr.count("\n") == 1
    assert (f"a log of {sum(counts)} spins is longer than this command sums (at most {MOST_SPINS} spins): summing one "
            "pocket's tail takes a step for each hit a fair pocket expects") in result.stderr
