"""Two successive coups from one shoe: the exact covariance, against one full-shoe enumeration timed in the same run."""

from timing import median_seconds, report, report_ratio

from casino_math.baccarat import OXFORD, Shoe
from casino_math.baccarat.deal import _deal_counts
from casino_math.baccarat.successive import first_coup_deals, successive_coups


def main() -> None:
    shoe = Shoe.of_decks(8)
    one = median_seconds(lambda: _deal_counts(shoe.counts, OXFORD.drawing), repeat=21)
    grouped = median_seconds(lambda: first_coup_deals(shoe), repeat=5)
    both = median_seconds(lambda: successive_coups(["banker", "player"], OXFORD), repeat=3, warmup=0)
    sets = len({cards for _, cards in first_coup_deals(shoe)})
    report("one enumeration of a full eight-deck shoe (deal.py)", one)
    report("the first coup's deals grouped by result and cards used", grouped)
    report("Cov(X1, X2), banker and player, eight decks", both, f"{sets:,} shoes left by the first coup")
    report_ratio("  against one full-shoe enumeration", both, one)


if __name__ == "__main__":
    main()
