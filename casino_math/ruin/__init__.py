"""Risk of ruin: reaching a goal before losing a bankroll, betting one unit at a time.

A player starts with a bankroll of ``bankroll`` units (stakes), bets one unit
at a time, and stops on reaching ``goal`` units or more (the goal) or when the
bankroll can no longer cover one more bet (ruin).  For a bet that wins or
loses one unit (a push changes nothing) this is the classical gambler's ruin,
solved in closed form.  A bet with other payouts, a straight-up number at 35
to 1, the banker at 19 to 20, is an absorbing Markov chain on the bankroll,
solved exactly.  One module per idea:

- :mod:`~casino_math.ruin.formula`: the gambler's ruin formula and Wald's identity;
- :mod:`~casino_math.ruin.chain`: the absorbing chain on the bankroll, and the ladder that solves it fast;
- :mod:`~casino_math.ruin.linalg`: exact linear algebra, over fractions and over whole numbers;
- :mod:`~casino_math.ruin.walks`: sessions of at most n bets that stop early at ruin.

>>> from casino_math.bets import even_money
>>> from casino_math.distribution import Distribution
>>> red = even_money("red", Distribution.uniform(range(38)), lambda pocket: pocket < 18)
>>> r = ruin(red, 10, 20)
>>> r.p_goal                      # (1 - (10/9)**10) / (1 - (10/9)**20) = 9**10 / (9**10 + 10**10)
Fraction(3486784401, 13486784401)
>>> r.method
'formula'
"""

from __future__ import annotations

from ..bets import Bet
from .chain import (
    GOAL,
    MAX_CHAIN_WORK,
    RUIN,
    Ladder,
    chain_states,
    chain_step,
    check_chain_size,
    cover,
    ladder,
    ruin_by_climbing,
    ruin_chain,
    ruin_chain_symbolic,
)
from .formula import (
    MAX_FORMULA_DIGITS,
    Ruin,
    check_bankroll,
    check_formula_size,
    check_goal,
    expected_bets_until_broke,
    expected_duration,
    is_win_lose_one,
    p_reach_goal,
)
from .linalg import solve, solve_whole
from .walks import MAX_WALK_WORK, Walk, bankroll_after, check_walk_size, expected_loss, walk, walk_work


def ruin(bet: Bet, bankroll: int, goal: int) -> Ruin:
    """The chance of reaching ``goal`` units before ruin, and the expected number of bets, betting one unit a time.

    A bet that wins or loses one unit uses the gambler's ruin formula; any other
    uses the absorbing Markov chain of :func:`ruin_chain`, solved by
    :func:`ruin_by_climbing`.

    >>> from casino_math.dice import one_face_bet
    >>> r = ruin(one_face_bet(5), 1, 6)      # the 6 pays 5 to 1: one bet ends it, at 6 units or at 0
    >>> r.p_goal, r.p_ruin, r.expected_bets, r.method
    (Fraction(1, 6), Fraction(5, 6), Fraction(1, 1), 'chain')
    """
    bankroll, goal = check_goal(bankroll, goal)
    if bet.net().P({0}) == 1:
        raise ValueError(f"{bet.name} always pushes, so a session on it never ends")
    if is_win_lose_one(bet):
        net = bet.net()
        p, q = net[1], net[-1]
        check_formula_size(p, q, goal)
        p_goal, method = p_reach_goal(p, q, bankroll, goal), "formula"
        expected = expected_duration(p, q, bankroll, goal)
    else:
        check_chain_size(bet, bankroll, goal)
        p_goal, expected = ruin_by_climbing(bet, bankroll, goal)
        method = "chain"
    return Ruin(bet.name, bankroll, goal, p_goal, 1 - p_goal, expected, method)


__all__ = [
    "GOAL", "MAX_CHAIN_WORK", "MAX_FORMULA_DIGITS", "MAX_WALK_WORK", "RUIN", "Ladder", "Ruin", "Walk", "bankroll_after", "chain_states",
    "chain_step", "check_bankroll", "check_chain_size", "check_formula_size", "check_goal", "check_walk_size", "cover",
    "expected_bets_until_broke", "expected_duration", "expected_loss", "is_win_lose_one", "ladder", "p_reach_goal", "ruin",
    "ruin_by_climbing", "ruin_chain", "ruin_chain_symbolic", "solve", "solve_whole", "walk", "walk_work",
]
