"""Roulette's fairness command on long logs: a million spins, from a file and as counts, beside the floor (Python
importing fractions and argparse), and one pocket's tail summed in decimal beside the exact fraction it replaces."""

import random
import tempfile
from fractions import Fraction
from pathlib import Path

from timing import median_command_seconds, median_seconds, python, report, report_ratio

from casino_math.roulette.hottest import p_hottest_at_least
from casino_math.tails import binomial_tail, binomial_tail_digits

WHEEL = ["0", "00", *(str(n) for n in range(1, 37))]
SPINS = 10**6
LONG, LONG_HITS = 381_000, 10_400


def main() -> None:
    rng = random.Random(2026)
    spins = [rng.choice(WHEEL) for _ in range(SPINS)]
    counts = ",".join(str(spins.count(p)) for p in WHEEL)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "spins.txt"
        path.write_text("\n".join(spins) + "\n")
        bare = median_command_seconds(python("-c", "import fractions, argparse"), repeat=7)
        report("python -c 'import fractions, argparse' (the floor)", bare)
        from_file = median_command_seconds(python("-m", "casino_math", "fairness", "--spins", str(path), "--format",
                                                  "json"), repeat=7)
        report(f"fairness --spins FILE ({SPINS:,} lines) --format json", from_file)
        report_ratio("  over the floor", from_file, bare)
        as_counts = median_command_seconds(python("-m", "casino_math", "fairness", "--counts", counts, "--format",
                                                  "json"), repeat=7)
        report(f"fairness --counts ({SPINS:,} spins) --format json", as_counts)
        report_ratio("  over the floor", as_counts, bare)
    # The exact fraction at a million spins takes minutes; at 381,000 spins (10,400 hits on the hot pocket, the
    # size the command once took 38 s on) it is timed once, beside the decimal sum of the same tail.
    summed = median_seconds(lambda: binomial_tail_digits(LONG, Fraction(1, 38), LONG_HITS, 20), repeat=7)
    exact = median_seconds(lambda: binomial_tail(LONG, Fraction(1, 38), LONG_HITS), repeat=1, warmup=0)
    report(f"one pocket's tail at {LONG:,} spins, summed in decimal to 20 digits", summed)
    report(f"one pocket's tail at {LONG:,} spins, the exact fraction (one run)", exact)
    report_ratio("  decimal sum speed-up", exact, summed)
    report("the hottest pocket's chance, exact, 3,800 spins (the chapter's log)",
           median_seconds(lambda: p_hottest_at_least(3800, 127), repeat=3, warmup=0))


if __name__ == "__main__":
    main()
