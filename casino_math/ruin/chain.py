"""The ruin chain: the bankroll as the state of an absorbing Markov chain, solved exactly.

A bet with payouts other than one unit (a straight-up number at 35 to 1, the
banker at 19 to 20) moves the bankroll between many values before the session
ends at the goal or at ruin.  :func:`ruin_chain` solves that chain by Gaussian
elimination over fractions (plain, and slow for big chains);
:func:`ruin_by_climbing` solves the same chain fast, climbing the bankroll ladder.

>>> from casino_math.dice import one_face_bet
>>> ruin_chain(one_face_bet(2), 2, 4) == ruin_by_climbing(one_face_bet(2), 2, 4)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, TypeAlias

from ..bets import Bet
from .formula import check_goal
from .linalg import solve, solve_at

if TYPE_CHECKING:
    from sympy import Matrix

RUIN, GOAL = "ruin", "goal"
Place: TypeAlias = Fraction | str
"""Where a session is after a bet: a bankroll still in play, or one of its ends, ``RUIN`` or ``GOAL``."""


def cover(bet: Bet) -> Fraction:
    """What one bet can lose at most, per unit: the bankroll needed to make it (1 unit, plus any commission).

    >>> from casino_math.dice import one_face_bet
    >>> cover(one_face_bet(5))
    Fraction(1, 1)
    """
    worst: Fraction = min(bet.net())
    return max(Fraction(1), -worst)


def chain_states(bet: Bet, bankroll: int, goal: int) -> list[Fraction]:
    """The bankrolls a session can pass through before it ends (the chain's transient states), in order.

    >>> from casino_math.dice import one_face_bet
    >>> chain_states(one_face_bet(2), 2, 4)
    [Fraction(1, 1), Fraction(2, 1), Fraction(3, 1)]
    """
    bankroll, goal = check_goal(bankroll, goal)
    least, moves = cover(bet), [x for x in bet.net() if x != 0]
    seen: set[Fraction] = set()
    todo = [Fraction(bankroll)]
    while todo:
        b = todo.pop()
        if least <= b < goal and b not in seen:
            seen.add(b)
            todo.extend(b + x for x in moves)
    return sorted(seen)


def chain_step(bet: Bet, goal: int) -> Callable[[Fraction], dict[Place, Fraction]]:
    """The chain's transition: from a bankroll, {next bankroll, or "ruin", or "goal": probability}.

    >>> from casino_math.dice import one_face_bet
    >>> chain_step(one_face_bet(2), 4)(Fraction(3))        # from 3 units, the 6 at 2 to 1 reaches 5
    {Fraction(2, 1): Fraction(5, 6), 'goal': Fraction(1, 6)}
    """
    net, least = bet.net(), cover(bet)

    def step(b: Fraction) -> dict[Place, Fraction]:
        out: dict[Place, Fraction] = {}
        for x, p in net.items():
            after = b + x
            key = GOAL if after >= goal else RUIN if after < least else after
            out[key] = out.get(key, Fraction(0)) + p
        return out

    return step


def ruin_chain(bet: Bet, bankroll: int, goal: int) -> tuple[Fraction, Fraction]:
    """(P(goal), expected bets) from the absorbing chain, solved by exact Gaussian elimination.

    For each transient bankroll b, P(goal from b) = sum of P(b -> b') P(goal from b')
    (a step into the goal counting 1), and E[bets from b] = 1 + sum of
    P(b -> b') E[bets from b']: two linear systems with one matrix, I - Q.

    >>> from casino_math.dice import one_face_bet
    >>> ruin_chain(one_face_bet(2), 2, 4)          # the 6 pays 2 to 1; from 2 units to 4
    (Fraction(41, 191), Fraction(426, 191))
    """
    states = chain_states(bet, bankroll, goal)
    if Fraction(bankroll) not in states:  # cannot cover a single bet: ruined before starting
        return Fraction(0), Fraction(0)
    if bet.net().P({0}) == 1:
        raise ValueError(f"{bet.name} always pushes, so a session on it never ends")
    index = {b: i for i, b in enumerate(states)}
    step = chain_step(bet, goal)
    rows: list[dict[int, Fraction]] = []
    rhs: list[list[Fraction]] = []
    for b in states:
        row = {index[b]: Fraction(1)}
        into_goal = Fraction(0)
        for after, p in step(b).items():
            if after == GOAL:
                into_goal += p
            elif isinstance(after, Fraction):
                row[index[after]] = row.get(index[after], Fraction(0)) - p
        rows.append(row)
        rhs.append([into_goal, Fraction(1)])
    p_goal, expected = solve(rows, rhs)[index[Fraction(bankroll)]]
    return p_goal, expected


# The same chain solved fast: climbing the bankroll ladder from the bottom.
#
# Put the bankrolls in play on a ladder of equal steps (a step is the smallest
# amount a bankroll can change by; the banker's 19 to 20 makes it 1/20 of a
# unit).  The chain's equation at rung x, x times (1 - P(push)) = the sum of
# p_j times the value at rung x + m_j, holds the value at its highest
# neighbour x + u (u the biggest win, in rungs) and lower ones only.  So, read
# from the bottom, each equation *gives* the value u rungs higher: once the u
# lowest values are named, every other value is a known combination of them.
# The u equations at the top, whose highest neighbour is past the goal, then
# fix those u values: a u x u system in place of one as big as the ladder.
# Counts stay whole numbers: a value reached after k climbs is kept times c_u**k.


@dataclass(frozen=True)
class Ladder:
    """The bankrolls in play as rungs 0 to ``rungs - 1`` of equal ``step`` (in units).

    ``moves`` maps each non-zero result, in rungs, to its whole-number count
    over ``denominator``; ``pushes`` is the count of results that change nothing;
    ``start`` is the rung of the starting bankroll (negative when it cannot
    cover a single bet).
    """

    moves: dict[int, int]
    pushes: int
    denominator: int
    rungs: int
    start: int
    step: Fraction


def ladder(bet: Bet, bankroll: int, goal: int) -> Ladder:
    """The bankroll ladder of a session from ``bankroll`` to ``goal`` units.

    >>> from casino_math.dice import one_face_bet
    >>> ladder(one_face_bet(2), 2, 4)          # rungs 1, 2, 3 units; +2 with count 1, -1 with count 5
    Ladder(moves={-1: 5, 2: 1}, pushes=0, denominator=6, rungs=3, start=1, step=Fraction(1, 1))
    """
    bankroll, goal = check_goal(bankroll, goal)
    lattice = bet.net().lattice()
    if not lattice.moves:
        raise ValueError(f"{bet.name} always pushes, so a session on it never ends")
    stride = lattice.stride
    moves = {m // stride: c for m, c in lattice.moves.items()}
    step = Fraction(stride, lattice.scale)
    lowest = bankroll - (bankroll - cover(bet)) // step * step  # the lowest bankroll in play on the ladder
    rungs, start = -((lowest - goal) // step), int((bankroll - lowest) / step)
    return Ladder(moves, lattice.pushes, lattice.denominator, rungs, start, step)


def ruin_by_climbing(bet: Bet, bankroll: int, goal: int) -> tuple[Fraction, Fraction]:
    """(P(goal), expected bets): the chain of :func:`ruin_chain` solved by climbing its ladder (fast, exact).

    >>> from casino_math.dice import one_face_bet
    >>> ruin_by_climbing(one_face_bet(2), 2, 4)          # as ruin_chain finds it
    (Fraction(41, 191), Fraction(426, 191))
    """
    lad = ladder(bet, bankroll, goal)
    if lad.start < 0 or lad.start >= lad.rungs:
        return (Fraction(0), Fraction(0)) if lad.start < 0 else (Fraction(1), Fraction(0))
    up = max(lad.moves)
    if up <= 0:
        return ruin_chain(bet, bankroll, goal)
    named = min(up, lad.rungs)
    # value[x] = (coefficients of the named values..., P(goal) constant, E[bets] constant), all times c_u**level[x]
    value = {x: [int(i == x) for i in range(named)] + [0, 0] for x in range(named)}
    level = dict.fromkeys(range(named), 0)
    top_equations = []
    c_up, whole = lad.moves[up], lad.denominator
    for x in range(lad.rungs):
        gives = x + up < lad.rungs
        terms = [(x, whole - lad.pushes)] + [
            (x + m, -c) for m, c in lad.moves.items() if not (gives and m == up) and 0 <= x + m < lad.rungs
        ]
        k = max(level[y] for y, _ in terms)
        row = [0] * (named + 2)
        for y, c in terms:
            factor = c * c_up ** (k - level[y])
            for i, a in enumerate(value[y]):
                row[i] += factor * a
        row[named] -= sum(c for m, c in lad.moves.items() if x + m >= lad.rungs and not (gives and m == up)) * c_up**k
        row[named + 1] -= whole * c_up**k
        if gives:
            value[x + up], level[x + up] = row, k + 1
        else:
            top_equations.append(row)
    mine = value[lad.start]
    matrix, rhs = [r[:named] for r in top_equations], [[-r[named], -r[named + 1]] for r in top_equations]
    numerators, det = solve_at(matrix, rhs, mine[:named], mine[named:])
    p_goal, expected = (Fraction(n, det * c_up ** level[lad.start]) for n in numerators)
    return p_goal, expected


#: The most work spent solving one chain exactly: (biggest win in rungs)**2 x
#: rungs x digits of the bet's denominator (about three seconds by whole-number
#: elimination; the banker from 20 units to 40 takes about 13 million, and from
#: 30 to 60, 19 million, well under a second from remainders).
MAX_CHAIN_WORK = 30_000_000


def check_chain_size(bet: Bet, bankroll: int, goal: int) -> None:
    """Refuse, with the reason, a chain too big to solve exactly in a few seconds.

    >>> from casino_math.dice import one_face_bet
    >>> check_chain_size(one_face_bet(2), 2, 4)
    >>> check_chain_size(one_face_bet(2), 2, 10**9)
    Traceback (most recent call last):
    ...
    ValueError: a session from 2 to 1000000000 units on the 6 has 999999999 bankrolls in play, in steps of 1 unit, with wins of up to 2 steps: too big to solve exactly here (its size, wins**2 x bankrolls x the bet's 3 binary digits, is 11999999988, and the limit is 30000000); choose a goal nearer the bankroll
    """
    lad = ladder(bet, bankroll, goal)
    up = min(max(lad.moves), lad.rungs)  # a win past the goal ends the session as one to the goal does
    work = up * up * lad.rungs * lad.denominator.bit_length()
    if work > MAX_CHAIN_WORK:
        raise ValueError(
            f"a session from {bankroll} to {goal} units on {bet.name} has {lad.rungs} bankrolls in play, in steps "
            f"of {lad.step} unit{'s' if lad.step != 1 else ''}, with wins of up to {up} steps: too big to solve "
            f"exactly here (its size, wins**2 x bankrolls x the bet's {lad.denominator.bit_length()} binary digits, "
            f"is {work}, and the limit is {MAX_CHAIN_WORK}); choose a goal nearer the bankroll"
        )


def ruin_chain_symbolic(bet: Bet, bankroll: int, goal: int) -> tuple[Matrix, Matrix, Matrix, Matrix, Matrix]:
    """The same chain as sympy matrices ``(Q, R, N, B, t)``, to show (small chains only).

    Rows follow :func:`chain_states`; the columns of R and B are ruin, goal.

    >>> from casino_math.dice import coin
    >>> from casino_math.bets import even_money
    >>> Q, R, N, B, t = ruin_chain_symbolic(even_money("heads", coin(), lambda side: side == "H"), 1, 3)
    >>> B
    Matrix([
    [2/3, 1/3],
    [1/3, 2/3]])
    """
    from ..symbolic import absorbing_chain

    return absorbing_chain(chain_states(bet, bankroll, goal), [RUIN, GOAL], chain_step(bet, goal))
