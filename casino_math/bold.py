"""Bold play: the best chance of reaching a goal at an even-money bet, and what a table maximum changes.

A player with ``x`` units who wants ``goal`` units, and cares about nothing
else, plays an even-money bet until the goal is reached or the bankroll is
gone.  *Bold play* stakes the whole bankroll, or just what the goal still
needs if that is less.  Dubins and Savage proved that for one bet that
favours the house, with any stake allowed up to the bankroll, no way of
betting gives a better chance of reaching the goal.

Here bankrolls and stakes are whole numbers of units (table minimums).  Any
strategy that stakes by the bankroll alone has chances that solve linear
equations, solved exactly over fractions.  :func:`best_play` finds the best
chance over *every* whole-unit strategy, by policy iteration: start from bold
play, switch each bankroll to the stake that does best against the chances
found, and repeat until no stake changes.  Its chances then satisfy the
optimality inequality :func:`is_excessive` checks, which proves that no
strategy, however it uses the past, does better.

>>> from casino_math.bets import even_money
>>> from casino_math.distribution import Distribution
>>> red = even_money("red", Distribution.uniform(range(38)), lambda pocket: pocket < 18)
>>> bold_play(red, 20, 40)                              # one bet of all 20 units
Fraction(9, 19)
>>> best_play(red, 40).chance[20] == bold_play(red, 20, 40)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from .bets import Bet
from .distribution import is_whole
from .ruin import check_bankroll, check_goal, solve

if TYPE_CHECKING:
    import numpy as np

#: The largest goal, in units, the exact dynamic programming takes: the equations have one unknown per bankroll,
#: and their fractions grow with every elimination (a goal of 60 units takes about a second).
MAX_GOAL = 120


def even_money_chances(bet: Bet) -> tuple[Fraction, Fraction]:
    """(P(win), P(lose)) of an even-money bet among the bets that do not push: a push changes nothing.

    >>> from casino_math.dice import one_face_bet
    >>> from casino_math.bets import simple_bet
    >>> from casino_math.distribution import Distribution
    >>> die = Distribution.uniform(range(1, 7))
    >>> even_money_chances(simple_bet("high", die, lambda f: f >= 5, 1))     # 5 or 6 wins
    (Fraction(1, 3), Fraction(2, 3))
    """
    net = bet.net()
    if not set(net) <= {Fraction(-1), Fraction(0), Fraction(1)}:
        raise ValueError(f"{bet.name} does not pay even money; this needs a bet that wins or loses one unit "
                         "(or pushes), such as red or the pass line")
    p, q = net.P({Fraction(1)}), net.P({Fraction(-1)})
    if p + q == 0:
        raise ValueError(f"{bet.name} always pushes, so a session on it never ends")
    return p / (p + q), q / (p + q)


def check_table_max(table_max: object) -> int | None:
    """A table maximum as a positive whole number of units, or None for no maximum; else a clear error.

    >>> check_table_max(50), check_table_max(None)
    (50, None)
    """
    if table_max is None:
        return None
    if not is_whole(table_max) or table_max < 1:
        raise ValueError(
            f"the table maximum must be a positive whole number of units (table minimums), not {table_max!r}"
        )
    return table_max


def bold_stake(bankroll: int, goal: int, table_max: int | None = None) -> int:
    """Bold play's stake: the whole bankroll, or just enough to reach the goal if that is less; at most the maximum.

    >>> bold_stake(20, 30), bold_stake(10, 30), bold_stake(20, 40, table_max=14)
    (10, 10, 14)
    """
    stake = min(bankroll, goal - bankroll)
    return stake if table_max is None else min(stake, table_max)


def allowed_stakes(bankroll: int, goal: int, table_max: int | None = None) -> range:
    """Every whole-unit stake a player with ``bankroll`` units may make: 1 up to the bankroll and the maximum.

    A stake above what the goal still needs is allowed too (it wins no more than that stake, and loses more).

    >>> allowed_stakes(3, 10), allowed_stakes(30, 40, table_max=14)
    (range(1, 4), range(1, 15))
    """
    top = bankroll if table_max is None else min(bankroll, table_max)
    return range(1, top + 1)


def chances_of_goal(bet: Bet, goal: int, stake: Callable[[int], int]) -> tuple[Fraction, ...]:
    """The chance of reaching ``goal`` from each bankroll 0, 1, ..., goal, staking ``stake(bankroll)`` every bet.

    Each bankroll x between 0 and the goal satisfies P(x) = p P(min(x + s, goal)) + q P(x - s),
    with s = stake(x) and p, q the chances of a win and a loss once pushes are
    left out; P(0) = 0 and P(goal) = 1.  The equations are solved exactly.

    >>> from casino_math.bets import even_money
    >>> from casino_math.dice import coin
    >>> heads = even_money("heads", coin(), lambda s: s == "H")
    >>> chances_of_goal(heads, 4, lambda x: 1)                  # a fair game: the bankroll over the goal
    (Fraction(0, 1), Fraction(1, 4), Fraction(1, 2), Fraction(3, 4), Fraction(1, 1))
    """
    goal = _check_dp_goal(goal)
    p, q = even_money_chances(bet)
    rows: list[dict[int, Fraction]] = []
    rhs: list[list[Fraction]] = []
    for x in range(1, goal):
        s = stake(x)
        if not is_whole(s) or not 1 <= s <= x:
            raise ValueError(f"a stake from a bankroll of {x} must be a whole number of units from 1 to {x}, not {s!r}")
        row = {x - 1: Fraction(1)}
        if x + s < goal:
            row[x + s - 1] = row.get(x + s - 1, Fraction(0)) - p
        if x - s > 0:
            row[x - s - 1] = row.get(x - s - 1, Fraction(0)) - q
        rows.append(row)
        rhs.append([p if x + s >= goal else Fraction(0)])
    return (Fraction(0), *(value[0] for value in solve(rows, rhs)), Fraction(1))


def bold_play(bet: Bet, bankroll: int, goal: int, table_max: int | None = None) -> Fraction:
    """The exact chance that bold play on an even-money bet turns ``bankroll`` units into ``goal``.

    With a table maximum, bold play stakes as much as it would without one, cut to the maximum.

    >>> from casino_math.bets import simple_bet
    >>> from casino_math.distribution import Distribution
    >>> coin = Distribution({"H": Fraction(2, 5), "T": Fraction(3, 5)})
    >>> bold_play(simple_bet("heads", coin, lambda s: s == "H", 1), 1, 3)   # 1 -> 2 or 0; 2 -> 3 or 1
    Fraction(4, 19)
    """
    bankroll, goal = check_goal(bankroll, goal)
    table_max = check_table_max(table_max)
    return chances_of_goal(bet, goal, lambda x: bold_stake(x, goal, table_max))[bankroll]


def _check_dp_goal(goal: object) -> int:
    goal = check_bankroll(goal, "the goal")
    if goal < 2 or goal > MAX_GOAL:
        raise ValueError(f"the goal must be from 2 to {MAX_GOAL} units for the exact dynamic programming, not {goal}")
    return goal


@dataclass(frozen=True)
class BestPlay:
    """The best chance of reaching a goal from every bankroll, over every whole-unit strategy, and the stakes that get it.

    ``chance[x]`` is the best chance from x units (``chance[0]`` is 0 and
    ``chance[goal]`` is 1); ``stakes[x]`` lists every stake that achieves it
    from x units (``stakes[0]`` and ``stakes[goal]`` are empty).
    """

    bet: str
    goal: int
    table_max: int | None
    chance: tuple[Fraction, ...]
    stakes: tuple[tuple[int, ...], ...]


def one_bet_value(p: Fraction, q: Fraction, chance: tuple[Fraction, ...], bankroll: int, stake: int) -> Fraction:
    """The chance of reaching the goal after one bet of ``stake`` from ``bankroll``, given each bankroll's ``chance``.

    >>> one_bet_value(Fraction(1, 2), Fraction(1, 2), (Fraction(0), Fraction(1, 2), Fraction(1)), 1, 1)
    Fraction(1, 2)
    """
    goal = len(chance) - 1
    return p * chance[min(bankroll + stake, goal)] + q * chance[bankroll - stake]


def best_play(bet: Bet, goal: int, table_max: int | None = None) -> BestPlay:
    """The best chance of reaching ``goal`` units from every bankroll, at a table with ``table_max`` (None: no limit).

    Policy iteration from bold play: solve the strategy's chances exactly,
    switch each bankroll to a stake that does strictly better against them,
    and repeat until none does.  Every switch raises some chance and lowers
    none, and there are finitely many strategies, so it ends; its chances
    then pass :func:`is_excessive`, which proves them the best.

    >>> from casino_math.bets import even_money
    >>> from casino_math.dice import coin
    >>> from casino_math.distribution import Distribution
    >>> favourable = even_money("heads", Distribution({"H": Fraction(3, 5), "T": Fraction(2, 5)}), lambda s: s == "H")
    >>> best = best_play(favourable, 4)
    >>> best.stakes[2], best.chance[2]                   # timid play: (1 - (2/3)**2) / (1 - (2/3)**4)
    ((1,), Fraction(9, 13))
    """
    goal = _check_dp_goal(goal)
    table_max = check_table_max(table_max)
    p, q = even_money_chances(bet)
    policy = {x: bold_stake(x, goal, table_max) for x in range(1, goal)}
    while True:
        chance = chances_of_goal(bet, goal, policy.__getitem__)
        changed = False
        for x in range(1, goal):
            now = one_bet_value(p, q, chance, x, policy[x])
            better = max(allowed_stakes(x, goal, table_max), key=lambda s: one_bet_value(p, q, chance, x, s))
            if one_bet_value(p, q, chance, x, better) > now:
                policy[x], changed = better, True
        if not changed:
            break
    stakes = tuple(
        tuple(s for s in allowed_stakes(x, goal, table_max) if one_bet_value(p, q, chance, x, s) == chance[x])
        if 0 < x < goal else ()
        for x in range(goal + 1)
    )
    return BestPlay(bet.name, goal, table_max, chance, stakes)


def is_excessive(bet: Bet, chance: tuple[Fraction, ...], table_max: int | None = None) -> bool:
    """Whether no single bet can raise the chances: chance[x] >= p chance[min(x + s, goal)] + q chance[x - s] for all s.

    Chances that pass, with chance[0] = 0 and chance[goal] = 1 and all between
    0 and 1, bound every strategy: under any way of staking, chance[bankroll]
    can only fall on average, so the probability of reaching the goal by any
    time is at most the starting chance.

    >>> from casino_math.bets import even_money
    >>> from casino_math.dice import coin
    >>> heads = even_money("heads", coin(), lambda s: s == "H")
    >>> is_excessive(heads, (Fraction(0), Fraction(1, 3), Fraction(1)))     # a fair game: 1/2 is reachable
    False
    """
    p, q = even_money_chances(bet)
    goal = len(chance) - 1
    return all(chance[x] >= one_bet_value(p, q, chance, x, s)
               for x in range(1, goal) for s in allowed_stakes(x, goal, table_max))


def simulate_bold(bet: Bet, bankroll: int, goal: int, sessions: int, rng: np.random.Generator) -> Any:
    """Seeded Monte Carlo twin of :func:`bold_play`: each session's final bankroll, the goal or 0.

    Every session still under way stakes :func:`bold_stake` on the next bet, until all have ended.
    numpy is imported here, not at the top, so the exact functions above run without it.
    """
    import numpy as np

    bankroll, goal = check_goal(bankroll, goal)
    net = bet.net()
    even_money_chances(bet)
    p, q = net.P({Fraction(1)}), net.P({Fraction(-1)})
    chances = np.array([float(q), float(1 - p - q), float(p)])
    now = np.full(sessions, bankroll)
    playing = (now > 0) & (now < goal)
    while playing.any():
        stake = np.minimum(now[playing], goal - now[playing])
        now[playing] += stake * (rng.choice(3, size=int(playing.sum()), p=chances) - 1)
        playing = (now > 0) & (now < goal)
    return now
