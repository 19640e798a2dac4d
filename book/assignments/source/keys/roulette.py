"""The roulette assignment's questions: the Oxford Casino's wheel of 38 pockets, and wheels the book never spins.

Every right answer on the Oxford wheel is computed by :mod:`casino_math.roulette`,
and every common mistake by the same library under the wrong assumption (a
wheel of 36 or 37 pockets, zeros that win an outside bet, a payout read as "for
1").  Wheels the library's rules do not describe (a triple zero, any number of
zeros) are counted by :func:`_edge` and :func:`_fair`, from whole numbers.

Three questions have numbers of each student's own (``PARAMETERS``): the chip and
the spins of a night of straight-up bets and of the top line, and the bet whose
fair payout on a triple-zero wheel is asked for.  The first value of each is the
book's.

>>> from fractions import Fraction
>>> book = default(PARAMETERS)
>>> questions(book)["red"].judge(Fraction(18, 37))
red: not right yet. Hint: 37 pockets is a single-zero wheel: the Oxford wheel has both 0 and 00.
>>> questions(book)["straight_ev"].judge(Fraction(0))
straight_ev: not right yet. Hint: 35 to 1 would be a fair payout on a wheel of 36 pockets: the two zeros are the house's share, count them.
>>> questions(book)["edge_of"].judge(lambda covered, payout, zeros: Fraction(1, 19))
edge_of: not right yet. Hint: look again at a bet on 5 pockets paying 6 to 1 with 2 zeros: the wheel has 36 + 2 pockets, and a win returns the stake and the payout.
>>> questions(Variant({**book, "fair": FAIR_BETS[2]}))["fair_payout"].right()
Fraction(35, 4)
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache
from math import sqrt

from casino_math import roulette
from casino_math.bets import WIN, Bet, expected_value, house_edge, p_win
from casino_math.classroom.checks import Estimate, Exact, Rule, same_exact
from casino_math.classroom.variants import Variant, default

THIRTY_SIX = "a wheel of 36 pockets has no zeros: the Oxford wheel has 0 and 00 as well"
THIRTY_SEVEN = "37 pockets is a single-zero wheel: the Oxford wheel has both 0 and 00"
THIRTY_NINE = "a wheel with 0, 00 and 000 has 39 pockets"
EDGE_SIGN = "the house edge is minus the expected value, positive when the house wins on average"
EV_SIGN = "an expected value is negative when the bettor loses on average"


def _edge(covered: int, pockets: int, payout) -> Fraction:
    """The house edge of a bet on ``covered`` of ``pockets`` equally likely pockets that pays ``payout`` to 1.

    A win returns the stake and ``payout`` more, so per chip the bet gives back
    (payout + 1) * covered / pockets on average: 1 minus that is the edge.

    >>> _edge(1, 38, 35), _edge(1, 36, 35)
    (Fraction(1, 19), Fraction(0, 1))
    """
    return 1 - Fraction(covered, pockets) * (payout + 1)


def _fair(covered: int, pockets: int) -> Fraction:
    """The payout "x to 1" that makes a bet on ``covered`` of ``pockets`` pockets fair: P(win) x = P(lose).

    >>> _fair(2, 38), _fair(2, 39)
    (Fraction(18, 1), Fraction(37, 2))
    """
    return Fraction(pockets - covered, covered)


#: The bets of the question on a fair payout on a wheel with 0, 00 and 000: each covers some pockets and pays as
#: the Oxford layout pays it.
FAIR_BETS = ({"bet": "split", "covers": 2, "pays": 17}, {"bet": "street", "covers": 3, "pays": 11},
             {"bet": "corner", "covers": 4, "pays": 8}, {"bet": "six line", "covers": 6, "pays": 5})

#: Each student's numbers: the first of each is the book's.
PARAMETERS = {
    "chip": (5, 2, 10, 20, 25),  # the straight-up bets: a chip on 17 at each of `spins` spins
    "spins": (80, 40, 50, 60, 75, 100, 120),
    "top_chip": (3, 2, 4, 6, 8),  # the top line: `top_chip` dollars at each of `top_spins` spins
    "top_spins": (50, 30, 40, 60, 70, 90),
    "fair": FAIR_BETS,
}


def _low_hint(pocket: str, got) -> str:
    if roulette.number(pocket) is None:
        return f"the function says {pocket!r} {'wins' if got else 'loses'}: a zero is not low, and loses every outside bet"
    return (f"look again at pocket {pocket!r} (pockets are strings: compare numbers with int(pocket), "
            "and remember that 1-18 includes both 1 and 18)")


@cache
def _low_pockets() -> frozenset[str]:
    """The pockets on which the low bet wins, by the library's rule."""
    low = roulette.low()
    return frozenset(pocket for pocket in roulette.pockets() if low.line(pocket) == WIN)


def _oxford_la_partage() -> roulette.RouletteRules:
    """The Oxford wheel and layout with la partage: half the stake back on an even-money bet when a zero comes up."""
    return roulette.OXFORD.changed(name="The Oxford wheel with la partage", la_partage=True)


def red_half_back_on_zero() -> Bet:
    """Red on the Oxford wheel when the 0 (but not the 00) gives half the stake back.

    >>> house_edge(red_half_back_on_zero())        # (19 - 18 - 1/2) / 38
    Fraction(3, 76)
    """
    def line(pocket: str) -> str:
        if roulette.colour(pocket) == "red":
            return "win"
        return "half back" if pocket == "0" else "lose"
    return Bet("red, half back on 0", roulette.wheel(), line, {"win": 1, "half back": Fraction(-1, 2), "lose": -1})


def _edge_of(covered: int, payout, zeros: int) -> Fraction:
    return _edge(covered, 36 + zeros, payout)


def _edge_of_hint(bet: tuple, got) -> str:
    covered, payout, zeros = bet
    return (f"look again at a bet on {covered} pocket{'s' if covered != 1 else ''} paying {payout} to 1 with {zeros} "
            f"zero{'s' if zeros != 1 else ''}: the wheel has 36 + {zeros} pockets, and a win returns the stake and "
            "the payout")


def _oxford_bets() -> list[tuple]:
    """Red and the top line on the Oxford wheel, and bets on it at payouts its layout does not offer: a six line at
    4 to 1, a split at 13 to 1, a street at 8 to 1."""
    return [(18, 1, 2), (5, 6, 2), (6, 4, 2), (2, 13, 2), (3, 8, 2)]


def _other_wheels() -> list[tuple]:
    """Wheels the notebook never shows and the library's rules cannot describe, and a payout of 9 to 2."""
    return [(1, 35, 1), (18, 1, 5), (6, 4, 1), (5, 6, 3), (3, 10, 5), (2, 15, 1), (4, Fraction(9, 2), 3)]


def _straight_ev(v) -> Exact:
    spins, chip = v["spins"], v["chip"]
    one = expected_value(roulette.straight(17))
    night = lambda edge_per_chip: -spins * chip * edge_per_chip  # noqa: E731
    return Exact(
        "straight_ev",
        right=lambda: spins * chip * one,
        hint=f"a straight wins 35 on one pocket of 38 and loses the chip on each of the others: add both parts for "
             f"one $1 chip, then scale to a ${chip} chip and add the {spins} spins",
        mistakes=lambda: {
            Fraction(0): "35 to 1 would be a fair payout on a wheel of 36 pockets: the two zeros are the house's share, "
                         "count them",
            night(_edge(1, 37, 35)): THIRTY_SEVEN,
            one: f"that is one $1 chip on one spin: the player stakes ${chip} at each of {spins} spins",
            chip * one: f"that is one spin: expected values add, so add the {spins} spins",
            spins * one: f"that is a $1 chip: the player stakes ${chip} at each spin",
            spins * chip * Fraction(35, 38): "that is only what the wins bring; the chip is lost on each of the other "
                                             "37 pockets",
            night(_edge(1, 38, 36)): "a win of 35 to 1 adds 35 chips to the stake you keep: the net win is 35, not 36",
        },
        sign=EV_SIGN,
    )


def _top_line(v) -> Exact:
    spins, chip = v["top_spins"], v["top_chip"]
    one = expected_value(roulette.top_line())
    night = lambda edge_per_chip: -spins * chip * edge_per_chip  # noqa: E731
    return Exact(
        "top_line",
        right=lambda: spins * chip * one,
        hint=f"the top line wins 6 on five pockets of 38 and loses the chip on the others: find the expected value "
             f"of one $1 chip, then scale to ${chip} a spin and add the {spins} spins",
        mistakes=lambda: {
            night(_edge(5, 37, 6)): THIRTY_SEVEN,
            night(_edge(5, 36, 6)): THIRTY_SIX,
            night(_edge(5, 38, 5)): "6 to 1 means you win 6 chips and keep your own: the net win is 6",
            night(_edge(4, 38, 6)): "the top line covers five pockets: 0, 00, 1, 2 and 3",
            night(house_edge(roulette.straight(1))): "every other bet has this edge; the top line is the exception: "
                                                     "work out its expected value",
            one: f"that is one $1 chip on one spin: the player stakes ${chip} at each of {spins} spins",
            chip * one: f"that is one spin: expected values add, so add the {spins} spins",
        },
        sign=EV_SIGN,
    )


def _fair_payout(v) -> Exact:
    bet, covers, pays = v["fair"]["bet"], v["fair"]["covers"], v["fair"]["pays"]
    return Exact(
        "fair_payout",
        right=lambda: _fair(covers, 39),
        hint=f"solve P(win) * x - P(lose) = 0 for x, with the {bet}'s {covers} pockets out of 39",
        mistakes=lambda: {
            Fraction(pays): f"{pays} to 1 is what the casino pays, and it would be fair only on a wheel of 36 pockets",
            _fair(covers, 38): f"that is fair on the Oxford wheel of 38 pockets; {THIRTY_NINE}",
            _fair(covers, 37): f"that is fair on a single-zero wheel of 37 pockets; {THIRTY_NINE}",
            _fair(covers, 39) + 1: "a payout 'x to 1' is the net win on top of the stake you keep: the stake is not "
                                   "part of x",
        },
    )


def questions(v) -> dict:
    """The public check of each question, for a student's variant ``v``."""
    return {
        "red": Exact(
            "red",
            right=lambda: p_win(roulette.red()),
            hint="count the red pockets, and all the pockets of the wheel (roulette.colour(pocket) gives a pocket's "
                 "colour)",
            mistakes=lambda: {
                Fraction(18, 36): f"{THIRTY_SIX}, and they are neither red nor black",
                Fraction(18, 37): THIRTY_SEVEN,
                Fraction(20, 38): "that is the chance that red does not come up",
            },
            probability=True,
        ),
        "straight_ev": _straight_ev(v),
        "splits": Exact(
            "splits",
            right=lambda: len(roulette.splits()),
            hint="count the pairs side by side in each row, the pairs one above the other, and the pairs at the zeros",
            mistakes=lambda: {
                Fraction(12 * 2 + 11 * 3): "that counts the splits among 1-36; the zeros at the head make splits too "
                                           "(with each other and with the first row)",
                Fraction(len(roulette.splits(roulette.SINGLE_ZERO))): "that is the single-zero layout; the Oxford "
                                                                      "layout has 0 and 00",
                Fraction(12 * 2 + 12 * 3): "the last row has no row below it: count the vertical pairs between "
                                           "neighbouring rows",
            },
        ),
        "low_wins": Rule(
            "low_wins",
            outcomes=roulette.pockets,
            right=lambda pocket: pocket in _low_pockets(),
            hint=_low_hint,
        ),
        "edge_low": Exact(
            "edge_low",
            right=lambda: house_edge(roulette.low()),
            hint="make the bet with simple_bet(name, wheel, low_wins, 1) and take its house_edge",
            mistakes=lambda: {
                _edge(18, 37, 1): THIRTY_SEVEN,
                Fraction(0): f"an even-money bet is fair only on {THIRTY_SIX}; check that low_wins and the wheel are "
                             "right",
                _edge(20, 38, 1): "that edge is what you get when the zeros win: check that low_wins says a zero loses",
            },
            sign=EDGE_SIGN,
        ),
        "top_line": _top_line(v),
        "la_partage": Exact(
            "la_partage",
            right=lambda: house_edge(red_half_back_on_zero()),
            hint="the bet now has three lines: win 1 on red, lose half the stake on the 0, lose the stake on black "
                 "and on the 00",
            mistakes=lambda: {
                house_edge(roulette.red()): "that is the edge without the rule: the 0 now costs only half the stake",
                house_edge(roulette.red(_oxford_la_partage())): "that gives half back on both zeros; here only the 0 "
                                                                "does, and the 00 takes the whole stake",
                house_edge(roulette.red(roulette.LA_PARTAGE)): "that is la partage on a single-zero wheel; the Oxford "
                                                               "wheel has two zeros, and only the 0 gives half back",
                Fraction(0): "a zero still costs at least half the stake, so the bet cannot be fair",
            },
            sign=EDGE_SIGN,
        ),
        "fair_payout": _fair_payout(v),
        "edge_of": _edge_of_rule(_oxford_bets),
        "simulate_red": Estimate(
            "simulate_red",
            right=lambda: p_win(roulette.red()),
            sd=lambda: sqrt(p_win(roulette.red()) * (1 - p_win(roulette.red()))),
            trials=100_000,
            hint="spin the wheel with rng.choice(pockets, size=spins) and count the red results",
            mistakes=lambda: {Fraction(1, 2): "your simulated wheel seems to have no zeros: spin all 38 pockets"},
        ),
    }


def _edge_of_rule(bets) -> Rule:
    return Rule("edge_of", outcomes=bets, right=_edge_of, hint=_edge_of_hint, same=same_exact, spread=True)


def hidden(v) -> dict:
    """Tests only the grader runs: wheels with 1, 3 or 5 zeros, which no chapter spins and no rules value of the
    library describes, so a function that only knows the Oxford wheel (or calls the library's Oxford bets) fails."""
    return {"edge_of": {"other_wheels": _edge_of_rule(_other_wheels)}}
