"""The baccarat assignment's questions: totals, naturals, the three main bets, changed rules and a changed shoe.

Every right answer is computed by :mod:`casino_math.baccarat`, for the Oxford
Casino's eight-deck shoe or for the shoe the questions change to (six decks
less two 9s), and each common mistake (a tie that loses instead of pushing, a
commission forgotten or taken from the stake, cards dealt as if they were put
back, the Oxford shoe used for another) by the same numbers under the wrong
assumption.

>>> QUESTIONS["banker_edge"].judge(banker_edge_if_ties_lose())
banker_edge: not right yet. Hint: a tie pushes the banker and player bets: the stake comes back, a result of 0, not a loss.
>>> p_two_card_natural((16, 4, 4, 4, 4, 4, 4, 4, 4, 4))     # one deck: 504 ordered pairs of 52 * 51
Fraction(42, 221)
>>> QUESTIONS["natural"].judge(lambda counts: p_two_card_natural(oxford_shoe().counts))   # the Oxford shoe's chance only
natural: not right yet. Hint: look again at the shoe (16, 4, 4, 4, 4, 4, 4, 4, 4, 4) of 52 cards: count the ordered pairs (first card, second card) whose total is 8 or 9, the second dealt from what the first left, out of 52 * 51.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from itertools import product

from casino_math.baccarat import OXFORD, RULES, Shoe, banker_bet, coups, hand_total, player_bet, point_value, tie_bet
from casino_math.baccarat.cards import RANKS
from casino_math.bets import house_edge, house_edge_per_bet_resolved, p_win
from casino_math.classroom.checks import Exact, Rule, Simulation, same_exact, same_whole

TIE_PUSHES = "a tie pushes the banker and player bets: the stake comes back, a result of 0, not a loss"
EDGE_SIGN = "the house edge is minus the expected value, positive when the house wins on average"
PICTURES = ("10", "J", "Q", "K")


def oxford_shoe() -> Shoe:
    """The Oxford Casino's shoe: eight full decks."""
    return Shoe.of_decks(RULES["oxford"].decks)


def short_shoe() -> Shoe:
    """The other casino's shoe: six decks, less two 9s that fell out.

    >>> short_shoe().counts, short_shoe().size
    ((96, 24, 24, 24, 24, 24, 24, 24, 24, 22), 310)
    """
    return Shoe.of_decks(6).without(9, 2)


def chances(shoe: Shoe | None = None) -> tuple[Fraction, Fraction, Fraction]:
    """P(banker wins), P(player wins), P(tie) for a coup from ``shoe`` (the Oxford shoe unless another is given).

    >>> sum(chances())
    Fraction(1, 1)
    """
    deal = coups(shoe or oxford_shoe())
    return tuple(deal.P(lambda coup, w=winner: coup.winner == w) for winner in ("banker", "player", "tie"))


#: The banker bet with a 4% commission on the win: it pays 24 to 25.
FOUR_PERCENT = OXFORD.changed(name="Oxford's rules with a 4% commission", banker_pays=Fraction(24, 25))


def p_two_card_natural(counts, put_back: bool = False, totals=(8, 9)) -> Fraction:
    """P(the first two cards of a hand total 8 or 9), dealt from a shoe with ``counts[v]`` cards of value v.

    ``put_back=True`` is the mistake of dealing the second card from a full shoe again.
    """
    n = sum(counts)
    ways = sum(counts[a] * (counts[b] - (a == b and not put_back))
               for a, b in product(range(10), repeat=2) if (a + b) % 10 in totals)
    return Fraction(ways, n * (n if put_back else n - 1))


def banker_edge_if_ties_lose(shoe: Shoe | None = None, pays: Fraction = Fraction(19, 20)) -> Fraction:
    """The banker bet's edge worked out as if a tie lost the stake (the mistake).

    >>> banker_edge_if_ties_lose() > house_edge(banker_bet())
    True
    """
    banker, player, tie = chances(shoe)
    return -(banker * pays - player - tie)


def _natural_hint(counts: tuple, got) -> str:
    n = sum(counts)
    return (f"look again at the shoe {tuple(counts)} of {n} cards: count the ordered pairs (first card, second card) "
            f"whose total is 8 or 9, the second dealt from what the first left, out of {n} * {n - 1}")


def _shoes() -> list[tuple]:
    """The Oxford Casino's eight decks, one deck and six decks: full shoes."""
    return [Shoe.of_decks(decks).counts for decks in (8, 1, 6)]


def _other_shoes() -> list[tuple]:
    """Shoes the notebook never shows: cards already dealt, and a shoe of 9s and 0s."""
    return [short_shoe().counts, Shoe.of_decks(8).removing({0: 40, 8: 10}).counts,
            Shoe.of_decks(1).removing({1: 4, 9: 3}).counts, (5, 0, 0, 0, 0, 0, 0, 0, 3, 2)]


def _total_hint(ranks: tuple, got) -> str:
    shown = "-".join(ranks)
    if isinstance(got, int) and not 0 <= got <= 9:
        return f"for {shown} it gives {got}: a total is never more than 9, keep only the last digit of the sum"
    if any(rank in PICTURES for rank in ranks):
        return f"look again at {shown}: tens and pictures count 0"
    if "A" in ranks:
        return f"look again at {shown}: an ace counts 1"
    return f"look again at {shown}: add the point values and keep the last digit"


def _hands():
    return [*product(RANKS, repeat=2), *product(RANKS, repeat=3)]


QUESTIONS = {
    "hand_total": Rule(
        "hand_total",
        outcomes=_hands,
        right=lambda ranks: hand_total(point_value(rank) for rank in ranks),
        hint=_total_hint,
        same=same_whole,
    ),
    "natural": Rule(
        "natural",
        outcomes=_shoes,
        right=p_two_card_natural,
        hint=_natural_hint,
        same=same_exact,
    ),
    "banker_edge": Exact(
        "banker_edge",
        right=lambda: house_edge(banker_bet()),
        hint="the banker bet wins 19/20 of the stake when the banker wins, loses the stake when the player wins, "
             "and gets it back on a tie",
        mistakes=lambda: {
            banker_edge_if_ties_lose(): TIE_PUSHES,
            -(chances()[0] - chances()[1]): "a banker win pays even money less a 5% commission on the win: 19 to 20",
            -(chances()[0] - chances()[1] - Fraction(1, 20)): "the commission is 5% of the win, taken only when "
                                                                "the bet wins, not 5% of every stake",
            house_edge_per_bet_resolved(banker_bet()): "that is per hand resolved; the question asks per hand "
                                                        "dealt, ties included with a result of 0",
        },
        sign=EDGE_SIGN,
    ),
    "player_edge": Exact(
        "player_edge",
        right=lambda: house_edge(player_bet()),
        hint="the player bet wins even money when the player wins, loses the stake when the banker wins, and "
             "gets it back on a tie",
        mistakes=lambda: {
            -(chances()[1] - chances()[0] - chances()[2]): TIE_PUSHES,
            house_edge_per_bet_resolved(player_bet()): "that is per hand resolved; the question asks per hand "
                                                        "dealt, ties included with a result of 0",
        },
        sign=EDGE_SIGN,
    ),
    "banker_resolved": Exact(
        "banker_resolved",
        right=lambda: house_edge_per_bet_resolved(banker_bet()),
        hint="divide the banker bet's expected loss per hand by the chance that a hand is resolved (not a tie)",
        mistakes=lambda: {
            house_edge(banker_bet()): "that is per hand dealt: leave the ties out by dividing by the chance that "
                                      "the hand is resolved",
            banker_edge_if_ties_lose(): TIE_PUSHES,
        },
        sign=EDGE_SIGN,
    ),
    "commission_four": Exact(
        "commission_four",
        right=lambda: house_edge(banker_bet(FOUR_PERCENT)),
        hint="a banker win now pays 24 to 25 (even money less 4%), a player win loses the stake, and a tie gives "
             "it back",
        mistakes=lambda: {
            house_edge(banker_bet()): "that is the edge with the 5% commission; this casino keeps 4% of a win",
            banker_edge_if_ties_lose(pays=Fraction(24, 25)): TIE_PUSHES,
            -(chances()[0] - chances()[1] - Fraction(1, 25)): "the commission is 4% of the win, taken only when the "
                                                                "bet wins, not 4% of every stake",
            house_edge_per_bet_resolved(banker_bet(FOUR_PERCENT)): "that is per hand resolved; the question asks per "
                                                                   "hand dealt, ties included with a result of 0",
        },
        sign=EDGE_SIGN,
    ),
    "short_shoe": Exact(
        "short_shoe",
        right=lambda: house_edge(banker_bet(shoe=short_shoe())),
        hint="count the coups of the six-deck shoe less two 9s, then weigh a banker win at 19/20, a player win at "
             "-1 and a tie at 0",
        mistakes=lambda: {
            house_edge(banker_bet()): "that is the Oxford Casino's full eight-deck shoe; this shoe has six decks "
                                      "less two 9s",
            house_edge(banker_bet(shoe=Shoe.of_decks(6))): "that is a full six-deck shoe: take the two 9s out",
            banker_edge_if_ties_lose(short_shoe()): TIE_PUSHES,
            house_edge_per_bet_resolved(banker_bet(shoe=short_shoe())): "that is per hand resolved; the question "
                "asks per hand dealt, ties included with a result of 0",
        },
        sign=EDGE_SIGN,
    ),
    "tie_nine": Exact(
        "tie_nine",
        right=lambda: house_edge(tie_bet(RULES["tie_9_to_1"], shoe=short_shoe())),
        hint="the tie bet now wins 9 units with the chance of a tie from the six-deck shoe less two 9s, and loses "
             "1 otherwise",
        mistakes=lambda: {
            house_edge(tie_bet(shoe=short_shoe())): "that is the edge at 8 to 1 (or 9 paid back for 1, the same "
                                                    "thing); a win of 9 to 1 returns the stake and 9 units more",
            house_edge(tie_bet(RULES["tie_9_to_1"])): "that is the tie at 9 to 1 from the Oxford Casino's full "
                                                      "eight-deck shoe; this one has six decks less two 9s",
        },
        sign=EDGE_SIGN,
    ),
    "fair_commission": Exact(
        "fair_commission",
        right=lambda: 1 - p_win(player_bet(shoe=short_shoe())) / p_win(banker_bet(shoe=short_shoe())),
        hint="solve P(banker wins) * (1 - c) - P(player wins) = 0 for the commission c, with the chances of the "
             "six-deck shoe less two 9s",
        mistakes=lambda: {
            1 - (chances(short_shoe())[1] + chances(short_shoe())[2]) / chances(short_shoe())[0]: TIE_PUSHES,
            chances(short_shoe())[1] / chances(short_shoe())[0]: "that is what a banker win would pay, 1 - c; the "
                                                                 "commission is what is taken away from even money",
            1 - p_win(player_bet()) / p_win(banker_bet()): "that is the fair commission for the Oxford Casino's "
                                                           "eight-deck shoe; this one has six decks less two 9s",
        },
    ),
    "play_coup": Simulation(
        "play_coup",
        right=lambda: coups(oxford_shoe()).map(lambda coup: coup.winner),
        rounds=20_000,
        hint="deal six cards from the full shoe without putting any back, and let play(values) settle the coup",
    ),
}


def _long_hands():
    """Four- and five-card hands the notebook never shows: a total rule that only knows two or three cards fails."""
    return [("9", "9", "9", "9"), ("K", "A", "7", "5"), ("A", "A", "A", "A", "A"), ("8", "Q", "6", "3", "2")]


#: Tests only the grader runs: hands longer than any coup deals; shoes with cards already dealt, so that a function
#: that knows only full shoes, or returns the Oxford shoe's chance, fails; and the simulation on an unseen seed.
HIDDEN = {
    "hand_total": {"long_hands": replace(QUESTIONS["hand_total"], outcomes=_long_hands)},
    "natural": {"other_shoes": replace(QUESTIONS["natural"], outcomes=_other_shoes)},
    "play_coup": {"other_seed": replace(QUESTIONS["play_coup"], seed=11, rounds=5_000)},
}
