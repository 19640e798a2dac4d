"""Risk of ruin: reaching a goal before losing a bankroll, betting one unit at a time.

A player starts with a bankroll of ``bankroll`` units (stakes), bets one unit
at a time, and stops on reaching ``goal`` units or more (the goal) or when the
bankroll can no longer cover one more bet (ruin).  For a bet that wins or
loses one unit (a push changes nothing) this is the classical gambler's ruin,
solved in closed form.  A bet with other payouts, a straight-up number at 35
to 1, the banker at 19 to 20, is an absorbing Markov chain on the bankroll,
solved exactly by Gaussian elimination over fractions.

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

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import pairwise
from math import comb, gcd, lcm

from .bets import Bet, house_edge_per_bet_made
from .distribution import Distribution
from .session import _check_rounds

RUIN, GOAL = "ruin", "goal"


@dataclass(frozen=True)
class Ruin:
    """How a session that stops at a goal or at ruin ends, exactly.

    ``p_goal`` is the probability of reaching the goal, ``p_ruin`` of going
    broke first, ``expected_bets`` the expected number of bets until one of
    them happens, and ``method`` says how it was found: ``"formula"`` (the
    gambler's ruin formula) or ``"chain"`` (the absorbing Markov chain).
    """

    bet: str
    bankroll: int
    goal: int
    p_goal: Fraction
    p_ruin: Fraction
    expected_bets: Fraction
    method: str


def check_bankroll(bankroll, what: str = "the bankroll") -> int:
    """A bankroll (or goal) as a positive whole number of units, or a clear error.

    >>> check_bankroll(20)
    20
    >>> check_bankroll(2.5)
    Traceback (most recent call last):
    ...
    TypeError: the bankroll must be a positive whole number of units (stakes), not 2.5: divide the money by the stake, e.g. $200 at $10 a bet is 20 units
    """
    if isinstance(bankroll, bool) or not isinstance(bankroll, int):
        raise TypeError(
            f"{what} must be a positive whole number of units (stakes), not {bankroll!r}: "
            "divide the money by the stake, e.g. $200 at $10 a bet is 20 units"
        )
    if bankroll < 1:
        raise ValueError(f"{what} must be a positive whole number of units (stakes), not {bankroll}")
    return bankroll


def check_goal(bankroll, goal) -> tuple[int, int]:
    """A bankroll and a goal above it, both positive whole numbers of units, or a clear error.

    >>> check_goal(20, 40)
    (20, 40)
    >>> check_goal(20, 20)
    Traceback (most recent call last):
    ...
    ValueError: the goal (20 units) must be above the bankroll (20 units): a session that starts at its goal is over before the first bet
    """
    bankroll, goal = check_bankroll(bankroll), check_bankroll(goal, "the goal")
    if goal <= bankroll:
        raise ValueError(
            f"the goal ({goal} units) must be above the bankroll ({bankroll} units): "
            "a session that starts at its goal is over before the first bet"
        )
    return bankroll, goal


def is_win_lose_one(bet: Bet) -> bool:
    """Whether every result of the bet wins one unit, loses one unit, or pushes (the classical gambler's ruin).

    >>> from casino_math.dice import one_face_bet
    >>> is_win_lose_one(one_face_bet(1)), is_win_lose_one(one_face_bet(5))
    (True, False)
    """
    return set(bet.net()) <= {-1, 0, 1}


def p_reach_goal(p, q, bankroll: int, goal: int) -> Fraction:
    """The gambler's ruin formula: the chance of reaching ``goal`` before 0, winning 1 with p and losing 1 with q.

    A push (probability 1 - p - q) changes nothing.  With r = q/p, the chance is
    (1 - r**bankroll) / (1 - r**goal); in a fair game (p = q) it is bankroll / goal.

    >>> p_reach_goal(Fraction(9, 19), Fraction(10, 19), 1, 2)       # one bet on red
    Fraction(9, 19)
    >>> p_reach_goal(Fraction(1, 2), Fraction(1, 2), 3, 4)
    Fraction(3, 4)
    """
    bankroll, goal = check_goal(bankroll, goal)
    p, q = Fraction(p), Fraction(q)
    if p == q:
        return Fraction(bankroll, goal)
    if p == 0:
        return Fraction(0)
    r = q / p
    return (1 - r**bankroll) / (1 - r**goal)


def expected_duration(p, q, bankroll: int, goal: int) -> Fraction:
    """The expected number of bets until the goal or ruin, winning 1 with p and losing 1 with q.

    Each bet changes the bankroll by p - q on average, and the session ends at
    ``goal`` or 0, so (Wald) ``goal * P(goal) - bankroll = (p - q) * E[bets]``; in
    a fair game the variance does the same job: ``bankroll * (goal - bankroll) =
    (p + q) * E[bets]``.

    >>> expected_duration(Fraction(1, 2), Fraction(1, 2), 10, 20)     # 10 * 10
    Fraction(100, 1)
    >>> expected_duration(Fraction(9, 19), Fraction(10, 19), 1, 2)    # one bet decides it
    Fraction(1, 1)
    """
    bankroll, goal = check_goal(bankroll, goal)
    p, q = Fraction(p), Fraction(q)
    if p + q == 0:
        raise ValueError("a bet that always pushes never ends the session")
    if p == q:
        return bankroll * (goal - bankroll) / (p + q)
    return (goal * p_reach_goal(p, q, bankroll, goal) - bankroll) / (p - q)


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
        p_goal, method = p_reach_goal(p, q, bankroll, goal), "formula"
        expected = expected_duration(p, q, bankroll, goal)
    else:
        check_chain_size(bet, bankroll, goal)
        p_goal, expected = ruin_by_climbing(bet, bankroll, goal)
        method = "chain"
    return Ruin(bet.name, bankroll, goal, p_goal, 1 - p_goal, expected, method)


# The absorbing Markov chain: the bankroll is the state.


def cover(bet: Bet) -> Fraction:
    """What one bet can lose at most, per unit: the bankroll needed to make it (1 unit, plus any commission).

    >>> from casino_math.dice import one_face_bet
    >>> cover(one_face_bet(5))
    Fraction(1, 1)
    """
    return max(Fraction(1), -min(bet.net()))


def chain_states(bet: Bet, bankroll: int, goal: int) -> list[Fraction]:
    """The bankrolls a session can pass through before it ends (the chain's transient states), in order.

    >>> from casino_math.dice import one_face_bet
    >>> chain_states(one_face_bet(2), 2, 4)
    [Fraction(1, 1), Fraction(2, 1), Fraction(3, 1)]
    """
    bankroll, goal = check_goal(bankroll, goal)
    least, moves = cover(bet), [x for x in bet.net() if x != 0]
    seen, todo = set(), [Fraction(bankroll)]
    while todo:
        b = todo.pop()
        if least <= b < goal and b not in seen:
            seen.add(b)
            todo.extend(b + x for x in moves)
    return sorted(seen)


def chain_step(bet: Bet, goal: int) -> Callable[[Fraction], dict]:
    """The chain's transition: from a bankroll, {next bankroll, or "ruin", or "goal": probability}.

    >>> from casino_math.dice import one_face_bet
    >>> chain_step(one_face_bet(2), 4)(Fraction(3))        # from 3 units, the 6 at 2 to 1 reaches 5
    {Fraction(2, 1): Fraction(5, 6), 'goal': Fraction(1, 6)}
    """
    net, least = bet.net(), cover(bet)

    def step(b: Fraction) -> dict:
        out: dict = {}
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
    rows, rhs = [], []
    for b in states:
        row = {index[b]: Fraction(1)}
        into_goal = Fraction(0)
        for after, p in step(b).items():
            if after == GOAL:
                into_goal += p
            elif after != RUIN:
                row[index[after]] = row.get(index[after], Fraction(0)) - p
        rows.append(row)
        rhs.append([into_goal, Fraction(1)])
    p_goal, expected = solve(rows, rhs)[index[Fraction(bankroll)]]
    return p_goal, expected


def solve(rows: list[dict[int, Fraction]], rhs: list[list[Fraction]]) -> list[list[Fraction]]:
    """Solve A x = b exactly by Gaussian elimination over fractions; A is given as sparse rows {column: value}.

    ``rhs`` holds one list of right-hand sides per row (several systems with
    the same matrix are solved at once); the answer has the same shape.  A row
    skips every column where it holds no entry, so a banded matrix stays cheap.

    >>> solve([{0: Fraction(2), 1: Fraction(1)}, {0: Fraction(1), 1: Fraction(3)}], [[3], [4]])
    [[Fraction(1, 1)], [Fraction(1, 1)]]
    >>> solve([{1: Fraction(1)}, {0: Fraction(1)}], [[5], [7]])          # a zero on the diagonal: swap rows
    [[Fraction(7, 1)], [Fraction(5, 1)]]
    """
    n = len(rows)
    rows = [dict(row) for row in rows]
    rhs = [[Fraction(v) for v in values] for values in rhs]
    for i in range(n):
        pivot_row = next((j for j in range(i, n) if rows[j].get(i)), None)
        if pivot_row is None:
            raise ValueError("the system is singular: some bankroll can never reach the end of the session")
        rows[i], rows[pivot_row], rhs[i], rhs[pivot_row] = rows[pivot_row], rows[i], rhs[pivot_row], rhs[i]
        pivot = rows[i][i]
        for j in range(i + 1, n):
            factor = rows[j].pop(i, 0) / pivot
            if factor:
                for col, value in rows[i].items():
                    if col != i:
                        rows[j][col] = rows[j].get(col, 0) - factor * value
                rhs[j] = [a - factor * b for a, b in zip(rhs[j], rhs[i])]
    x: list[list[Fraction]] = [[] for _ in range(n)]
    for i in reversed(range(n)):
        row = rows[i]
        x[i] = [
            (rhs[i][m] - sum((v * x[c][m] for c, v in row.items() if c > i), Fraction(0))) / row[i]
            for m in range(len(rhs[i]))
        ]
    return x


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
    net = bet.net()
    denominator = lcm(*(p.denominator for p in net.values()))
    scale = lcm(*(x.denominator for x in net))
    counts = {int(x * scale): int(p * denominator) for x, p in net.items()}
    pushes = counts.pop(0, 0)
    if not counts:
        raise ValueError(f"{bet.name} always pushes, so a session on it never ends")
    stride = gcd(*counts)
    moves = {m // stride: c for m, c in sorted(counts.items())}
    step = Fraction(stride, scale)
    lowest = bankroll - (bankroll - cover(bet)) // step * step  # the lowest bankroll in play on the ladder
    return Ladder(moves, pushes, denominator, -((lowest - goal) // step), int((bankroll - lowest) / step), step)


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
    solutions, det = solve_whole([r[:named] for r in top_equations], [[-r[named], -r[named + 1]] for r in top_equations])
    mine, scale = value[lad.start], det * c_up ** level[lad.start]
    return tuple(
        Fraction(sum(a * y[m] for a, y in zip(mine, solutions)) + mine[named + m] * det, scale) for m in range(2)
    )


#: The most work spent solving one chain exactly: (biggest win in rungs)**2 x
#: rungs x digits of the bet's denominator (about three seconds here; the
#: banker from 20 units to 40 takes about 13 million).
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
    up = max(lad.moves)
    work = up * up * lad.rungs * lad.denominator.bit_length()
    if work > MAX_CHAIN_WORK:
        raise ValueError(
            f"a session from {bankroll} to {goal} units on {bet.name} has {lad.rungs} bankrolls in play, in steps "
            f"of {lad.step} unit{'s' if lad.step != 1 else ''}, with wins of up to {up} steps: too big to solve "
            f"exactly here (its size, wins**2 x bankrolls x the bet's {lad.denominator.bit_length()} binary digits, "
            f"is {work}, and the limit is {MAX_CHAIN_WORK}); choose a goal nearer the bankroll"
        )


def solve_whole(matrix: list[list[int]], rhs: list[list[int]]) -> tuple[list[list[int]], int]:
    """Solve a square system of whole numbers exactly, without fractions (Bareiss's elimination).

    Returns ``(y, det)``: the solution is y / det, with det the matrix's
    determinant (up to sign).  Every division on the way is exact.

    >>> solve_whole([[2, 1], [1, 3]], [[3], [4]])           # x = 1, y = 1
    ([[5], [5]], 5)
    """
    n = len(matrix)
    m = [list(row) + list(r) for row, r in zip(matrix, rhs)]
    width, previous = len(m[0]) if m else 0, 1
    for k in range(n):
        swap = next((i for i in range(k, n) if m[i][k]), None)
        if swap is None:
            raise ValueError("the system is singular: some bankroll can never reach the end of the session")
        m[k], m[swap] = m[swap], m[k]
        pivot, row_k = m[k][k], m[k]
        for i in range(k + 1, n):
            row_i, lead = m[i], m[i][k]
            for j in range(k + 1, width):
                row_i[j] = (row_i[j] * pivot - lead * row_k[j]) // previous
            row_i[k] = 0
        previous = pivot
    det = m[n - 1][n - 1] if n else 1
    y = [[0] * (width - n) for _ in range(n)]
    for i in reversed(range(n)):
        for c in range(width - n):
            known = sum(m[i][j] * y[j][c] for j in range(i + 1, n))
            y[i][c] = (m[i][n + c] * det - known) // m[i][i]
    return y, det


def ruin_chain_symbolic(bet: Bet, bankroll: int, goal: int):
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
    from .symbolic import absorbing_chain

    return absorbing_chain(chain_states(bet, bankroll, goal), [RUIN, GOAL], chain_step(bet, goal))


# Playing until broke, without a goal.


def expected_bets_until_broke(bet: Bet, bankroll: int) -> Fraction:
    """The expected number of bets before ``bankroll`` units are gone, with no goal (Wald's identity).

    Every bet loses the house edge on average, and a bet that loses exactly
    one unit at a time ends the session at exactly 0, so E[bets] * edge = bankroll.

    >>> from casino_math.dice import one_face_bet
    >>> expected_bets_until_broke(one_face_bet(4), 20)          # 20 / (1/6)
    Fraction(120, 1)
    """
    bankroll = check_bankroll(bankroll)
    edge = house_edge_per_bet_made(bet)
    if edge <= 0:
        raise ValueError(
            f"{bet.name} has no house edge ({edge}), so a player with no goal may never go broke: "
            "the expected number of bets is infinite; give a goal"
        )
    if not all(x.denominator == 1 for x in bet.net()) or min(bet.net()) != -1:
        raise ValueError(
            f"{bet.name} does not win and lose whole units with a loss of exactly one, so the bankroll "
            "can end below 0 by a fraction; give a goal and use ruin()"
        )
    return bankroll / edge


@dataclass(frozen=True)
class Walk:
    """A session of at most ``rounds`` one-unit bets that stops early at ruin (or at ``goal``), exactly.

    The chances are kept as whole numbers: ``counts`` maps each final bankroll
    to its count over ``denominator`` (D**rounds); ``live[m]`` and
    ``ruined[m]`` are the counts, over D**m, of sessions still going after m
    bets and of sessions ruined within m bets.  The fractions are built only
    when asked for: ``final``, ``still_playing``, ``ruined_by``.
    """

    bet: str
    bankroll: int
    goal: int | None
    rounds: int
    counts: dict = field(repr=False)
    denominator: int = field(repr=False)
    live: tuple[int, ...] = field(repr=False)
    ruined: tuple[int, ...] = field(repr=False)
    step_denominator: int = field(repr=False)

    @cached_property
    def final(self) -> Distribution:
        """The distribution of the bankroll at the end of the session."""
        return Distribution.from_counts(self.counts)

    @cached_property
    def still_playing(self) -> tuple[Fraction, ...]:
        """P(the session is still going after m bets), for m = 0 to rounds."""
        return tuple(Fraction(c, self.step_denominator**m) for m, c in enumerate(self.live))

    @cached_property
    def ruined_by(self) -> tuple[Fraction, ...]:
        """P(ruined within m bets), for m = 0 to rounds."""
        return tuple(Fraction(c, self.step_denominator**m) for m, c in enumerate(self.ruined))

    def still_playing_floats(self) -> list[float]:
        """P(still playing after m bets) as floats, for plots.

        >>> from casino_math.dice import one_face_bet
        >>> walk(one_face_bet(1), 1, 2).still_playing_floats()
        [1.0, 0.16666666666666666, 0.16666666666666666]
        """
        return [c / self.step_denominator**m for m, c in enumerate(self.live)]

    def expected_bets(self) -> Fraction:
        """The expected number of bets made: the sum over m < rounds of P(still playing after m bets).

        >>> from casino_math.dice import coin
        >>> from casino_math.bets import even_money
        >>> walk(even_money("heads", coin(), lambda side: side == "H"), 1, 2).expected_bets()   # 1 + 1/2
        Fraction(3, 2)
        """
        d, last = self.step_denominator, self.rounds - 1
        return Fraction(sum(c * d ** (last - m) for m, c in enumerate(self.live[:-1])), d**last)

    def p_ruin(self) -> Fraction:
        """The probability of ruin within the session's ``rounds`` bets.

        >>> from casino_math.dice import one_face_bet
        >>> walk(one_face_bet(1), 1, 1).p_ruin()        # the 6 at even money: lose the only unit
        Fraction(5, 6)
        """
        return Fraction(self.ruined[-1], self.step_denominator**self.rounds)

    def P(self, event) -> Fraction:
        """The probability of an event about the final bankroll (a predicate on it).

        >>> from casino_math.dice import one_face_bet
        >>> walk(one_face_bet(1), 1, 1).P(lambda b: b > 1)
        Fraction(1, 6)
        """
        return Fraction(sum(c for b, c in self.counts.items() if event(b)), self.denominator)

    def E(self) -> Fraction:
        """The expected final bankroll.

        >>> from casino_math.dice import one_face_bet
        >>> walk(one_face_bet(1), 1, 1).E()             # 2 * 1/6
        Fraction(1, 3)
        """
        return sum((b * c for b, c in self.counts.items()), Fraction(0)) / self.denominator


def walk(bet: Bet, bankroll: int, rounds: int, goal: int | None = None) -> Walk:
    """Play at most ``rounds`` one-unit bets from ``bankroll`` units, stopping at ruin (or at ``goal``), exactly.

    Each bet, the chance of every bankroll still in play is spread over the
    bet's results; a bankroll that can no longer cover a bet (or has reached
    the goal) stops.  A push changes nothing, so the walk is made over the
    *decided* bets only, and m bets of which r are decided weigh in with the
    binomial count C(m, r) pushes**(m - r): a bet that can push (the banker)
    then costs no more than one that cannot.  All counts are whole numbers.

    >>> from casino_math.dice import coin
    >>> from casino_math.bets import even_money
    >>> w = walk(even_money("heads", coin(), lambda side: side == "H"), 1, 2)
    >>> w.final                 # broke at the first bet; won then lost; won twice
    Distribution({Fraction(0, 1): 1/2, Fraction(1, 1): 1/4, Fraction(3, 1): 1/4})
    >>> w.still_playing, w.ruined_by
    ((Fraction(1, 1), Fraction(1, 2), Fraction(1, 2)), (Fraction(0, 1), Fraction(1, 2), Fraction(1, 2)))
    """
    bankroll = check_bankroll(bankroll)
    if goal is not None:
        bankroll, goal = check_goal(bankroll, goal)
    rounds = _check_rounds(rounds)
    check_walk_size(bet, rounds)
    net = bet.net()
    denominator = lcm(*(p.denominator for p in net.values()))
    scale = lcm(*(x.denominator for x in net))
    counts = {int(x * scale): int(p * denominator) for x, p in net.items()}
    pushes = counts.pop(0, 0)
    least, top = int(cover(bet) * scale), None if goal is None else goal * scale
    decided = _decided_walk(counts, bankroll * scale, least, top, rounds)
    live = _mixed([d.live for d in decided], pushes)
    ruined = _mixed([d.ruined for d in decided], pushes)
    # After all the bets: r of them decided with count C(rounds, r) pushes**(rounds - r).
    weights = [comb(rounds, r) * pushes ** (rounds - r) for r in range(rounds + 1)] if pushes else [0] * rounds + [1]
    final: dict[int, int] = {}
    for w, d in zip(weights, decided):
        for b, count in d.counts.items() if w else ():
            final[b] = final.get(b, 0) + w * count
    counts = {Fraction(b, scale): final[b] for b in sorted(final)}
    return Walk(bet.name, bankroll, goal, rounds, counts, denominator**rounds, tuple(live), tuple(ruined), denominator)


#: The most work spent following one walk exactly, in digit operations (a few seconds here).
MAX_WALK_WORK = 8 * 10**9


def walk_work(bet: Bet, rounds: int) -> tuple[int, int, int]:
    """(estimated digit operations, bankrolls after ``rounds`` decided bets, bits per count) of :func:`walk`.

    Every decided bet spreads every bankroll still in play over the k results
    that change it: about k x bankrolls x bits x rounds / 3 in all.

    >>> from casino_math.dice import coin
    >>> from casino_math.bets import even_money
    >>> walk_work(even_money("heads", coin(), lambda s: s == "H"), 30)       # 2 results, 31 bankrolls, 30 bits
    (18600, 31, 30)
    """
    lad_moves = [x for x in bet.net() if x != 0]
    scale = lcm(*(x.denominator for x in lad_moves)) if lad_moves else 1
    steps = sorted(int(x * scale) for x in lad_moves) or [0]
    stride = gcd(*(s - steps[0] for s in steps)) or 1
    bankrolls = min((steps[-1] - steps[0]) // stride * rounds + 1, comb(rounds + len(steps) - 1, len(steps) - 1))
    denominator = lcm(*(p.denominator for p in bet.net().values()))
    bits = max(1, rounds * (denominator.bit_length() - 1))
    return len(steps) * bankrolls * bits * rounds // 3, bankrolls, bits


def check_walk_size(bet: Bet, rounds: int) -> None:
    """Refuse, with the reason, a walk too long to follow exactly in a few seconds.

    >>> from casino_math.dice import coin
    >>> from casino_math.bets import even_money
    >>> check_walk_size(even_money("heads", coin(), lambda s: s == "H"), 10**6)   # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    ValueError: 1000000 bets of heads is too many to follow exactly: ...
    """
    work, bankrolls, bits = walk_work(bet, rounds)
    if work <= MAX_WALK_WORK:
        return
    most = 1
    while walk_work(bet, most * 2)[0] <= MAX_WALK_WORK:
        most *= 2
    step = most // 2
    while step:
        most += step if walk_work(bet, most + step)[0] <= MAX_WALK_WORK else 0
        step //= 2
    raise ValueError(
        f"{rounds} bets of {bet.name} is too many to follow exactly: the bankroll could end in about {bankrolls} "
        f"places, with chances of about {round(bits * 0.30103)} digits each (about {work / 1e9:.0f} billion digit "
        f"operations; the limit is {MAX_WALK_WORK // 10**9} billion, a few seconds), so at most {most} bets of "
        "this bet; simulate a longer session"
    )


def _mixed(decided: list[int], pushes: int) -> list[int]:
    """Counts after m = 0, 1, ... bets from counts after r decided bets: the sum of C(m, r) pushes**(m-r) x[r].

    Written s_m(j) = the sum over r of C(m, r) pushes**(m-r) x[r + j], the counts obey
    s_(m+1)(j) = pushes * s_m(j) + s_m(j + 1), with s_0(j) = x[j]: each step multiplies by a small
    number and adds, where the sum written out would multiply two long numbers for every term.

    >>> _mixed([1, 2, 4], 3)          # x = 1, 2, 4 with pushes counted 3: 1; 3*1 + 2; 9*1 + 2*3*2 + 4
    [1, 5, 25]
    """
    if not pushes:
        return list(decided)
    row, out = list(decided), [decided[0]]
    for _ in range(len(decided) - 1):
        row = [pushes * a + b for a, b in pairwise(row)]
        out.append(row[0])
    return out


@dataclass(frozen=True)
class _Decided:
    """After r decided bets: the count of every bankroll (stopped or not), the count still playing, and ruined."""

    counts: dict[int, int]
    live: int
    ruined: int


def _decided_walk(moves: dict[int, int], start: int, least: int, top: int | None, rounds: int) -> list[_Decided]:
    """The walk over decided bets (no pushes), r = 0 to rounds; counts over (sum of the moves' counts)**r."""
    whole = sum(moves.values())
    if start < least:
        return [_Decided({start: whole**r}, 0, whole**r) for r in range(rounds + 1)]
    live, ended, ruined = {start: 1}, {}, 0
    out = [_Decided({start: 1}, 1, 0)]
    for _ in range(rounds):
        after: dict[int, int] = {}
        ended = {b: count * whole for b, count in ended.items()}
        ruined *= whole
        for b, count in live.items():
            for x, c in moves.items():
                nxt = b + x
                if nxt < least or (top is not None and nxt >= top):
                    ended[nxt] = ended.get(nxt, 0) + count * c
                    ruined += count * c if nxt < least else 0
                else:
                    after[nxt] = after.get(nxt, 0) + count * c
        live = after
        merged = dict(ended)
        for b, count in live.items():
            merged[b] = merged.get(b, 0) + count
        out.append(_Decided(merged, sum(live.values()), ruined))
    return out


def bankroll_after(bet: Bet, bankroll: int, rounds: int, goal: int | None = None) -> Distribution:
    """The bankroll after at most ``rounds`` bets, stopping at ruin (and at ``goal``, if one is given).

    >>> from casino_math.dice import one_face_bet
    >>> bankroll_after(one_face_bet(1), 1, 1)
    Distribution({Fraction(0, 1): 5/6, Fraction(2, 1): 1/6})
    """
    return walk(bet, bankroll, rounds, goal).final
