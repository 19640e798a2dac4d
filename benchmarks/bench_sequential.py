"""Wald's sequential test followed exactly, as the chapter follows it, beside a baseline timed in the same run: the
exact binomial tail of the one-pocket test at the same number of spins."""

from fractions import Fraction
from functools import partial

from timing import median_seconds, report, report_ratio

from casino_math.sequential import Sprt, false_alarm, run
from casino_math.tails import binomial_tail

TEST = Sprt(Fraction(1, 38), Fraction(1, 30))


def main() -> None:
    base = median_seconds(lambda: binomial_tail(20_000, Fraction(1, 38), 560), repeat=5)
    report("the one-pocket tail at 20,000 spins (the baseline)", base)
    for horizon in (5_000, 20_000):
        seconds = median_seconds(partial(run, TEST, Fraction(1, 38), horizon), repeat=3, warmup=0)
        report(f"Wald's test on a fair pocket followed exactly for {horizon:,} spins", seconds)
        report_ratio("  over the baseline", seconds, base)
    looks = median_seconds(lambda: false_alarm(38, 3800), repeat=3, warmup=0)
    report("a look every 38 spins up to 3,800, the chance of a false alarm exactly", looks)
    report_ratio("  over the baseline", looks, base)


if __name__ == "__main__":
    main()
