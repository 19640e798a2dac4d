"""Mini-baccarat: the exact enumeration against weighting all 10^6 six-tuples, the effect-of-removal table,
the edges command, and a widget update."""

from fractions import Fraction
from itertools import product

from timing import compile_package, median_command_seconds, median_seconds, python, report, report_ratio

from casino_math.baccarat import OXFORD, Shoe, play
from casino_math.baccarat import deal as d
from casino_math.baccarat.deal import Coup, Result
from casino_math.baccarat.eor import effect_of_removal
from casino_math.widgets.baccarat import shoe_summary


def straightforward_counts(shoe: Shoe) -> dict[Coup, int]:
    """Weight every one of the 10^6 six-tuples of point values by its number of ordered deals, and play it."""
    counts: dict[Coup, int] = {}
    for cards in product(range(10), repeat=6):
        left, ways = list(shoe.counts), 1
        for v in cards:
            ways *= left[v]
            left[v] -= 1
        if ways:
            coup = play(cards)
            counts[coup] = counts.get(coup, 0) + ways
    return counts


def clear_caches() -> None:
    """Forget every enumerated shoe (the grouping of the first four cards, made once per process, is kept)."""
    d.dealt.cache_clear()


def enumeration(shoe: Shoe) -> dict[Result, int]:
    """What the main bets and the Dragon Bonus need: the coups' counts and their results, from scratch."""
    clear_caches()
    return d.result_counts(shoe)


def main() -> None:
    shoe = Shoe.of_decks(8)
    assert straightforward_counts(shoe) == d.deal_counts(shoe)
    slow = median_seconds(lambda: straightforward_counts(shoe), repeat=3, warmup=0)
    report("straightforward: weight all 10^6 six-tuples (8 decks)", slow)
    fast = median_seconds(lambda: enumeration(shoe), repeat=21)
    report("exact enumeration, pruned and grouped (8 decks)", fast)
    report_ratio("  enumeration speed-up", slow, fast)

    def cold() -> dict[Result, int]:
        d.first_four_groups.cache_clear()
        return enumeration(shoe)

    report("exact enumeration including the first-four grouping", median_seconds(cold, repeat=21))

    def eor_table() -> dict[int, dict[str, Fraction]]:
        clear_caches()
        return effect_of_removal(OXFORD, shoe)

    report("effect-of-removal table (11 shoes, every bet)", median_seconds(eor_table, repeat=7), "target < 1 s")
    compile_package()
    edges = median_command_seconds(python("-m", "casino_math", "edges", "--game", "baccarat", "--decks", "8"), repeat=15)
    report("python -m casino_math edges --game baccarat --decks 8", edges)
    bare = median_command_seconds(python("-c", "import fractions, argparse"), repeat=15)
    report("python -c 'import fractions, argparse' (the floor)", bare)
    report_ratio("  edges over the floor (goal: at most 2)", edges, bare)
    for what, code in [("the floor and dataclasses (the rules contract)", "import fractions, argparse, dataclasses"),
                       ("importing the command line and baccarat, computing nothing",
                        "import casino_math.cli, casino_math.baccarat")]:
        seconds = median_command_seconds(python("-c", code), repeat=15)
        report(f"python -c: {what}", seconds)
        report_ratio("  over the floor", seconds, bare)
    naive = median_command_seconds(python(__file__, "--naive-process"), repeat=3)
    report("the naive method's whole process (10^6 six-tuples weighted)", naive)
    report_ratio("  edges as a share of the naive process (goal: at most 0.12)", edges, naive)
    report("python -m casino_math eor",
           median_command_seconds(python("-m", "casino_math", "eor")))

    removals = iter(range(10**6))

    def widget_update() -> object:  # a new composition each time, so nothing is cached
        n = next(removals) % 30 + 1
        return shoe_summary({4: n, 7: 1})

    report("widget update: shoe_summary for a newly depleted shoe", median_seconds(widget_update, repeat=21),
           "target < 100 ms")


if __name__ == "__main__":
    import sys

    if sys.argv[1:] == ["--naive-process"]:
        straightforward_counts(Shoe.of_decks(8))
    else:
        main()
