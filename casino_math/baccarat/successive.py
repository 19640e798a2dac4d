"""Two successive coups from one shoe: how much the first coup's result says about the second's, exactly.

A session treated as a sum of independent bets deals every coup from a freshly
shuffled shoe.  At the table the second coup is dealt from the cards the first
one left, so the two results are dependent.  The dependence is measured by the
covariance of the net results X1 and X2 of a bet placed on both coups,

    Cov(X1, X2) = E[X1 · E[X2 | the cards of coup 1]] - E[X1] E[X2],

computed here exactly.  The first coup's deals are grouped by its result and by
the cards it used (a count for each point value: their order does not matter to
what is left); for each set of cards used, the second coup's expected net is
the bet's expected value over the shoe that is left, counted by
:mod:`~casino_math.baccarat.deal`.  A coup that uses four or five cards leaves
the rest in the shoe for the next one, as at the table.

The second coup is dealt like the first: the edge over the cards left is a
martingale as cards are dealt, and the first coup ends after at most six cards,
so E[X2] = E[X1] (and the same holds for X2², so Var(X2) = Var(X1)).  Both are
summed here over the first coup's deals rather than assumed, as a check.

A shoe of twelve cards (five tens, three 4s, two 7s and two 9s) shows it;
tests/test_successive.py deals every order of its cards to check it:

>>> twelve = Shoe.from_values({0: 5, 4: 3, 7: 2, 9: 2})
>>> banker = successive_coups(["banker"], shoe=twelve)["banker"]
>>> banker.covariance, banker.correlation
(Fraction(-2589049, 8537760000), Fraction(-2589049, 7351771811))
>>> banker.second_mean == banker.mean, banker.second_variance == banker.variance
(True, True)
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from math import lcm, perm

from ..bets import Bet, variance
from .cards import POINT_VALUES, Shoe, check_shoe
from .deal import CARDS_PER_COUP, Coup, Result, _deal_counts, _ways, first_four_groups
from .layout import bet, check_bet_id
from .rules import (
    BET_IDS,
    OXFORD,
    PAIR_BETS,
    STANDARD_DRAWING,
    STOOD,
    BaccaratRules,
    DrawingRules,
    check_rules,
)

#: The cards a coup used: how many of each point value 0 to 9.
Cards = tuple[int, ...]

#: Two coups can need this many cards: six each.
CARDS_FOR_TWO_COUPS = 2 * CARDS_PER_COUP


@dataclass(frozen=True)
class SuccessiveCoups:
    """The same bet on two successive coups from one shoe: each coup's mean and variance, and their covariance."""

    bet: str
    """The bet's ID."""
    mean: Fraction
    """E[X1], the expected net of one unit on the first coup."""
    variance: Fraction
    """Var(X1)."""
    second_mean: Fraction
    """E[X2], summed over the first coup's deals (it equals ``mean``)."""
    second_variance: Fraction
    """Var(X2), summed over the first coup's deals (it equals ``variance``)."""
    covariance: Fraction
    """Cov(X1, X2) = E[X1 X2] - E[X1] E[X2]."""

    @property
    def correlation(self) -> Fraction:
        """The correlation of the two nets, Cov(X1, X2) / sqrt(Var(X1) Var(X2)): with equal variances, a fraction."""
        if self.variance != self.second_variance:
            raise ValueError("the two coups' variances differ, so the correlation is not a fraction")
        return self.covariance / self.variance


#: E[X2], Var(X2) and Cov(X1, X2) for the banker and player bets under the Oxford Casino's rules (eight decks), as
#: :func:`successive_coups` computes them.  They are kept because the computation enumerates the second coup from
#: 6,958 shoes, half a minute or more (``benchmarks/bench_successive.py``); tests/test_successive.py computes them
#: again and compares.
OXFORD_EIGHT_DECKS: dict[str, tuple[Fraction, Fraction, Fraction]] = {
    "banker": (Fraction(-114753351728, 10847218479825),
               Fraction(101191667832985456634546596, 117662148749056983932030625),
               Fraction(-1612546595673909315745360013636941, 962036483195381089426310167161330206250)),
    "player": (Fraction(-241149546272, 19524993263685),
               Fraction(344891340492053315232095456, 381225361946944627939779225),
               Fraction(-19961746434633539073228315294008, 11544437798344573073115722005935962475)),
}


def third_cards(player: int, banker: int, left: Sequence[int],
                drawing: DrawingRules = STANDARD_DRAWING) -> Iterator[tuple[Coup, Cards, int]]:
    """How a coup with these two-card totals can end: (coup, the third cards drawn, ways to draw them from ``left``).

    ``left`` counts the cards of each point value left in the shoe after the first four.

    >>> [(coup.winner, drawn, ways) for coup, drawn, ways in third_cards(9, 4, [5] * 10)]     # a natural
    [(Side.PLAYER, (), 1)]
    >>> sum(ways for _, _, ways in third_cards(0, 7, [5] * 10))     # the player draws, the banker stands on 7
    50
    """
    player_draws, banker_draws_on = drawing.procedure(player, banker)
    if not player_draws and STOOD not in banker_draws_on:  # a natural, or both hands stand
        yield Coup(player, banker, 2, 2), (), 1
    elif not player_draws:
        for y in POINT_VALUES:
            yield Coup(player, (banker + y) % 10, 2, 3), (y,), left[y]
    else:
        for x in POINT_VALUES:
            if x not in banker_draws_on:
                yield Coup((player + x) % 10, banker, 3, 2), (x,), left[x]
                continue
            for y in POINT_VALUES:
                yield Coup((player + x) % 10, (banker + y) % 10, 3, 3), (x, y), left[x] * (left[y] - (x == y))


def first_coup_deals(shoe: Shoe, drawing: DrawingRules = STANDARD_DRAWING) -> dict[tuple[Result, Cards], int]:
    """For each result of a coup and the cards it used: the ordered six-card deals from ``shoe`` that end so.

    As in :mod:`~casino_math.baccarat.deal`, every coup is counted as six
    cards, the unused ones in every order they can come out, so the counts
    add up to N(N-1)...(N-5) and, summed over the cards used, give
    :func:`~casino_math.baccarat.deal.result_counts`.

    >>> from casino_math.baccarat.deal import result_counts
    >>> deals = first_coup_deals(Shoe.of_decks(1))
    >>> by_result = defaultdict(int)
    >>> for (result, cards), n in deals.items():
    ...     by_result[result] += n
    >>> by_result == result_counts(Shoe.of_decks(1)), sum(deals.values()) == 52 * 51 * 50 * 49 * 48 * 47
    (True, True)
    """
    counts, size = check_shoe(shoe).counts, shoe.size
    deals: dict[tuple[Result, Cards], int] = defaultdict(int)
    for (player, banker), group in first_four_groups().items():
        for taken, orderings in group:
            ways = orderings * _ways(counts, taken)
            if not ways:
                continue
            used = [0] * len(POINT_VALUES)
            for value, k in taken:
                used[value] = k
            left = [c - u for c, u in zip(counts, used, strict=True)]
            for coup, drawn, third in third_cards(player, banker, left, drawing):
                if third:
                    cards = list(used)
                    for value in drawn:
                        cards[value] += 1
                    unused = perm(size - 4 - len(drawn), CARDS_PER_COUP - 4 - len(drawn))
                    deals[(coup.result, tuple(cards))] += ways * third * unused
    return dict(deals)


def successive_coups(bet_ids: Iterable[str] = ("banker", "player"), rules: BaccaratRules = OXFORD,
                     shoe: Shoe | None = None) -> dict[str, SuccessiveCoups]:
    """Each bet on two successive coups dealt from ``shoe`` (default: the rules' full shoe), exactly.

    The bets are those a coup's result settles (every bet but the pair bets,
    which look at suits).  The work is one enumeration of the second coup for
    every set of cards the first can use (6,958 for eight decks), shared by
    all the bets asked for.

    >>> twelve = Shoe.from_values({0: 5, 4: 3, 7: 2, 9: 2})
    >>> successive_coups(["player", "tie"], shoe=twelve)["tie"].covariance     # in so small a shoe, ties cluster
    Fraction(172251, 1897280)
    >>> successive_coups(["perfect_pair"])
    Traceback (most recent call last):
    ...
    ValueError: perfect_pair looks at each card's suit; the bets on two successive coups are the bets settled by a coup's result: banker, player, tie, dragon_bonus_player, dragon_bonus_banker, dragon_7, panda_8
    """
    if isinstance(bet_ids, str):
        raise TypeError(f"bet_ids is a list of bet IDs, e.g. [{bet_ids!r}], not one ID")
    rules = check_rules(rules)
    shoe = rules.full_shoe if shoe is None else check_shoe(shoe)
    if shoe.size < CARDS_FOR_TWO_COUPS:
        raise ValueError(f"the shoe has {shoe.size} cards; two coups can need {CARDS_FOR_TWO_COUPS} "
                         f"(six each), so the shoe must hold at least {CARDS_FOR_TWO_COUPS}")
    bets = {bet_id: _result_bet(bet_id, rules, shoe) for bet_id in bet_ids}
    scale = lcm(*(x.denominator for b in bets.values() for x in b.net()))  # every net times this is whole
    sums = _second_coup_sums(shoe, rules.drawing, {bet_id: _whole_net(b, scale) for bet_id, b in bets.items()})
    out = {}
    for bet_id, b in bets.items():
        second, square, product = (_expectation(shoe, by_size, scale**power)
                                   for by_size, power in zip(sums[bet_id], (1, 2, 2), strict=True))
        mean = b.net().E()
        out[bet_id] = SuccessiveCoups(bet_id, mean, variance(b), second, square - second**2, product - mean * second)
    return out


def stored_successive_coups() -> dict[str, SuccessiveCoups]:
    """The banker and player bets on two successive coups of the Oxford Casino's eight-deck shoe, from
    :data:`OXFORD_EIGHT_DECKS` (each bet's own mean and variance computed now).

    >>> banker = stored_successive_coups()["banker"]
    >>> banker.second_mean == banker.mean, banker.second_variance == banker.variance
    (True, True)
    >>> float(banker.correlation)
    -1.949004096476655e-06
    """
    out = {}
    for bet_id, (second_mean, second_variance, covariance) in OXFORD_EIGHT_DECKS.items():
        b = bet(bet_id, OXFORD)
        out[bet_id] = SuccessiveCoups(bet_id, b.net().E(), variance(b), second_mean, second_variance, covariance)
    return out


def _result_bet(bet_id: str, rules: BaccaratRules, shoe: Shoe) -> Bet:
    """The bet, if a coup's result settles it; else a clear error."""
    if check_bet_id(bet_id) in PAIR_BETS:
        settled = [b for b in BET_IDS if b not in PAIR_BETS]
        raise ValueError(f"{bet_id} looks at each card's suit; the bets on two successive coups are the bets "
                         f"settled by a coup's result: {', '.join(settled)}")
    return bet(bet_id, rules, shoe)


def _whole_net(b: Bet, scale: int) -> Callable[[Result], int]:
    """The bet's net on a result, times ``scale`` (a whole number)."""
    whole = {line: int((x - b.commission) * scale) for line, x in b.pays.items()}
    return lambda result: whole[b.line(result)]


def _second_coup_sums(shoe: Shoe, drawing: DrawingRules,
                      nets: dict[str, Callable[[Result], int]]) -> dict[str, tuple[list[int], list[int], list[int]]]:
    """For each bet, three sums over both coups' deals, by the number of cards k the first coup used.

    With both nets as whole numbers (times the scale), and each deal counted
    as six cards for each coup: the sums of X2, of X2² and of X1 X2, over all
    deals whose first coup used k cards.
    """
    first: dict[Cards, tuple[int, dict[str, int]]] = {}  # cards used -> (deals, each bet's net summed over them)
    for (result, cards), n in first_coup_deals(shoe, drawing).items():
        deals, nets_so_far = first.get(cards, (0, dict.fromkeys(nets, 0)))
        first[cards] = (deals + n, {bet_id: nets_so_far[bet_id] + n * net(result) for bet_id, net in nets.items()})
    sums = {bet_id: ([0] * (CARDS_PER_COUP + 1), [0] * (CARDS_PER_COUP + 1), [0] * (CARDS_PER_COUP + 1))
            for bet_id in nets}
    on_coup: dict[str, dict[Coup, int]] = {bet_id: {} for bet_id in nets}  # each bet's whole net, by coup
    for cards, (deals, first_nets) in first.items():
        left = tuple(c - u for c, u in zip(shoe.counts, cards, strict=True))
        second = _deal_counts(left, drawing)  # not through deal.dealt's cache: thousands of shoes would flood it
        k = sum(cards)
        for bet_id, net in nets.items():
            known = on_coup[bet_id]
            for coup, _ in second:
                if coup not in known:
                    known[coup] = net(coup.result)
            second_sum, square_sum, product_sum = sums[bet_id]
            second_sum[k] += deals * sum(n * known[coup] for coup, n in second)
            square_sum[k] += deals * sum(n * known[coup] ** 2 for coup, n in second)
            product_sum[k] += first_nets[bet_id] * sum(n * known[coup] for coup, n in second)
    return sums


def _expectation(shoe: Shoe, by_size: list[int], scale: int) -> Fraction:
    """A sum from :func:`_second_coup_sums` as an expectation: over both coups' deals, and over ``scale``."""
    first = perm(shoe.size, CARDS_PER_COUP)
    return sum((Fraction(total, scale * first * perm(shoe.size - k, CARDS_PER_COUP))
                for k, total in enumerate(by_size) if total), Fraction(0))
