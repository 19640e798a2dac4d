"""Betting systems: changing the stake from bet to bet changes the shape of the outcomes, never the edge.

A betting system decides each stake from what happened before: the
martingale doubles after a loss, the reverse martingale after a win, the
d'Alembert adds or takes away one unit, and "bet it all" stakes the whole
bankroll on one bet.  Played against a bankroll, a table maximum, a goal and a
number of bets, every system's outcome is computed here exactly, by following
the chance of every (bankroll, next stake) pair from bet to bet.

Whatever the system, every bet loses the house edge times its stake on
average, so the expected loss is the house edge times the expected total
amount staked (the *action*): the stakes may depend on the past, never on the
future (the optional stopping theorem; Wald's identity).

>>> from casino_math.bets import even_money, house_edge
>>> from casino_math.distribution import Distribution
>>> red = even_money("red", Distribution.uniform(range(38)), lambda pocket: pocket < 18)
>>> result = play(red, MARTINGALE, bankroll=20, goal=30, table_max=50, rounds=60)
>>> result.loss_per_action() == house_edge(red)
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Final, Literal, TypeAlias

from .bets import Bet, house_edge_per_bet_made
from .bold import check_table_max
from .distribution import Distribution, is_whole
from .ruin import check_bankroll, check_goal, cover
from .session import _check_rounds

#: The stake "everything": the whole bankroll (up to the table maximum).
ALL: Final = "all"

#: A stake a system wants: a whole number of units, or ALL.
Stake: TypeAlias = int | Literal["all"]

#: How a system changes the stake it wants, from the one it wanted last.  A rule sees only the stakes its own
#: system wants (whole numbers for those that double or add one, ALL for "bet it all", whose rules keep it), so
#: each is written for its own kind: Any, where Stake would ask ``2 * stake`` to make sense of ALL too.
Rule: TypeAlias = Callable[[Any], Stake]


@dataclass(frozen=True)
class System:
    """A betting system: the stake it wants first, and the stake it wants after a win and after a loss.

    Stakes are whole numbers of units (table minimums), or :data:`ALL`.  A push leaves the stake as it was.
    ``max_bets`` ends the session after that many bets whatever happens
    (``None``: no such rule).  The stake actually put down is the one wanted,
    cut to the table maximum and to what the bankroll can cover.
    """

    name: str
    rule: str
    first: Stake
    after_win: Rule = field(repr=False)
    after_loss: Rule = field(repr=False)
    max_bets: int | None = None


FLAT = System("flat", "one unit every bet", 1, lambda stake: stake, lambda stake: stake)
MARTINGALE = System(
    "martingale", "double the stake after a loss; back to one unit after a win", 1,
    lambda stake: 1, lambda stake: 2 * stake,
)
DALEMBERT = System(
    "d'Alembert", "one unit more after a loss; one unit less after a win, never below one", 1,
    lambda stake: max(1, stake - 1), lambda stake: stake + 1,
)
BET_IT_ALL = System(
    "bet it all", "the whole bankroll (up to the table maximum) on one bet, then stop", ALL,
    lambda stake: stake, lambda stake: stake, max_bets=1,
)


def reverse_martingale(wins: int = 3) -> System:
    """The reverse martingale (the Paroli): double after a win, bank the profit after ``wins`` wins in a row.

    >>> parlay = reverse_martingale(3)
    >>> [parlay.after_win(stake) for stake in (1, 2, 4)]         # 1, 2, 4, then back to 1
    [2, 4, 1]
    """
    if not is_whole(wins) or wins < 1:
        raise ValueError(f"the number of wins in a row before starting again must be a positive whole number, not {wins!r}")
    return System(
        "reverse martingale",
        f"double the stake after a win, back to one unit after a loss or after {wins} wins in a row",
        1,
        lambda stake: 2 * stake if 2 * stake < 2**wins else 1,
        lambda stake: 1,
    )


REVERSE_MARTINGALE = reverse_martingale()

#: The systems the chapter compares, by name.
SYSTEMS = {s.name: s for s in (FLAT, MARTINGALE, REVERSE_MARTINGALE, DALEMBERT, BET_IT_ALL)}


@dataclass(frozen=True)
class Play:
    """The exact outcome of playing a system: the final bankroll, the expected action and number of bets.

    ``final`` is the distribution of the bankroll when the session ends (goal
    reached, bankroll unable to cover the smallest bet, the system's own stop,
    or ``rounds`` bets made).  ``expected_action`` is the expected total of the
    stakes put down, ``expected_bets`` the expected number of bets; ``builds_on``
    says what a system's next stake built on after a stake was cut.
    """

    system: str
    bet: str
    bankroll: int
    goal: int | None
    table_max: int | None
    rounds: int
    final: Distribution[Fraction]
    expected_action: Fraction
    expected_bets: Fraction
    smallest_bet: Fraction
    builds_on: str = "wanted"

    def expected_net(self) -> Fraction:
        """The expected net result: the expected final bankroll less the starting one.

        >>> from casino_math.dice import coin
        >>> from casino_math.bets import even_money
        >>> play(even_money("heads", coin(), lambda s: s == "H"), MARTINGALE, 3, rounds=5).expected_net()
        Fraction(0, 1)
        """
        return self.final.E() - self.bankroll

    def loss_per_action(self) -> Fraction:
        """The expected loss per unit staked: minus the expected net over the expected action.

        >>> from casino_math.dice import one_face_bet
        >>> play(one_face_bet(4), DALEMBERT, 10, rounds=6).loss_per_action()     # the bet's edge, 1/6
        Fraction(1, 6)
        """
        return -self.expected_net() / self.expected_action

    def p_goal(self) -> Fraction:
        """The probability of ending at the goal or above it (0 when there is no goal).

        >>> from casino_math.dice import coin
        >>> from casino_math.bets import even_money
        >>> play(even_money("heads", coin(), lambda s: s == "H"), BET_IT_ALL, 5, goal=10).p_goal()
        Fraction(1, 2)
        """
        goal = self.goal
        return Fraction(0) if goal is None else self.final.P(lambda b: b >= goal)

    def p_ruin(self) -> Fraction:
        """The probability of ending unable to cover the smallest bet: ruin.

        >>> from casino_math.dice import coin
        >>> from casino_math.bets import even_money
        >>> play(even_money("heads", coin(), lambda s: s == "H"), MARTINGALE, 3, goal=4, rounds=10).p_ruin()
        Fraction(1, 4)
        """
        return self.final.P(lambda b: b < self.smallest_bet)

    def p_ahead(self) -> Fraction:
        """The probability of ending with more than the starting bankroll.

        >>> from casino_math.dice import coin
        >>> from casino_math.bets import even_money
        >>> play(even_money("heads", coin(), lambda s: s == "H"), MARTINGALE, 3, goal=4, rounds=10).p_ahead()
        Fraction(3, 4)
        """
        return self.final.P(lambda b: b > self.bankroll)


def stake_put_down(wanted: Stake, bankroll: Fraction | int, table_max: int | None, per_unit: Fraction | int) -> int:
    """The stake actually bet, in whole units: the one wanted, cut to the table maximum and to the bankroll.

    ``per_unit`` is what one unit of stake can cost at worst (1, or more with a
    commission); the bankroll must cover the stake times that.

    >>> stake_put_down(16, Fraction(12), 50, Fraction(1))       # a martingale's 16 with 12 units left
    12
    >>> stake_put_down(ALL, Fraction(200), 50, Fraction(1))     # everything, up to the maximum
    50
    """
    can_cover = int(bankroll // per_unit)
    stake = can_cover if wanted == ALL else min(int(wanted), can_cover)
    return stake if table_max is None else min(stake, table_max)


#: What a system's next stake builds on when the table or the bankroll cut the last one: the stake it wanted
#: (a d'Alembert that wanted 52 units and was allowed 50 wants 53 after a loss), or the stake allowed (51).
BUILDS_ON: Final = ("wanted", "allowed")


def next_wanted(system: System, wanted: Stake, stake: int, net: Fraction | int, builds_on: str = "wanted") -> Stake:
    """The stake the system wants next, after a bet of ``stake`` (it wanted ``wanted``) that netted ``net`` per unit.

    A push leaves it as it was; "bet it all" keeps wanting everything.

    >>> next_wanted(DALEMBERT, 52, 50, -1), next_wanted(DALEMBERT, 52, 50, -1, builds_on="allowed")
    (53, 51)
    """
    if net == 0:
        return wanted
    base = wanted if builds_on == "wanted" or wanted == ALL else stake
    return system.after_win(base) if net > 0 else system.after_loss(base)


def _check_builds_on(builds_on: object) -> str:
    if builds_on not in BUILDS_ON:
        raise ValueError(f"after a stake is cut, the next one builds on the stake 'wanted' or the stake 'allowed', "
                         f"not {builds_on!r}")
    return str(builds_on)


@dataclass
class _Session:
    """The counts of a session in progress, over D**m after m bets: every state still in play and every ending.

    ``live`` maps (bankroll in steps, stake wanted next) to its count; ``ended`` maps a final bankroll to its count.
    """

    live: dict[tuple[int, Stake], int]
    ended: dict[int, int]
    action: int = 0
    bets: int = 0


def _one_bet(session: _Session, results: list[tuple[int, int]], denominator: int, least: int, top: int | None,
             cap: int | None, system: System, builds_on: str) -> _Session:
    """The session after one more bet: each live state spread over the bet's results (net in steps, count)."""
    after: dict[tuple[int, Stake], int] = {}
    ended = {b: count * denominator for b, count in session.ended.items()}
    action, bets = session.action * denominator, session.bets * denominator
    for (b, wanted), count in session.live.items():
        stake = stake_put_down(wanted, b, cap, least)
        action += stake * count
        bets += count
        following = {sign: next_wanted(system, wanted, stake, sign, builds_on) for sign in (-1, 0, 1)}
        for x, c in results:
            nxt = b + stake * x
            if nxt < least or (top is not None and nxt >= top):
                ended[nxt] = ended.get(nxt, 0) + count * c
            else:
                key = (nxt, following[(x > 0) - (x < 0)])
                after[key] = after.get(key, 0) + count * c
    return _Session(after, ended, action, bets)


def play(bet: Bet, system: System, bankroll: int, goal: int | None = None, table_max: int | None = None,
         rounds: int = 100, builds_on: str = "wanted") -> Play:
    """Play ``system`` on ``bet`` from ``bankroll`` units, exactly.

    The session ends at ``goal`` units or more, when the bankroll cannot cover
    a one-unit bet, when the system stops, or after ``rounds`` bets.  Each bet,
    the chance of every (bankroll, stake wanted next) pair still in play is
    spread over the bet's results.  Bankrolls are whole numbers of steps (1/20
    of a unit for the banker's 19 to 20) and chances whole-number counts over
    D**m after m bets, so the arithmetic is exact and quick.  Every bet is
    independent of the last (a coup is dealt from a freshly shuffled shoe).
    ``builds_on`` says what the next stake builds on after the table or the
    bankroll cut one: the stake ``"wanted"`` or the stake ``"allowed"``.

    >>> from casino_math.dice import coin
    >>> from casino_math.bets import even_money
    >>> heads = even_money("heads", coin(), lambda s: s == "H")
    >>> p = play(heads, MARTINGALE, 3, goal=4, rounds=10)       # bet 1, then 2: ruined only by two losses
    >>> p.final
    Distribution({Fraction(0, 1): 1/4, Fraction(4, 1): 3/4})
    >>> p.expected_action, p.expected_bets                     # 1 + 2/2; 1 + 1/2
    (Fraction(2, 1), Fraction(3, 2))
    """
    if not isinstance(system, System):
        raise TypeError(f"system must be a System (e.g. one of {', '.join(SYSTEMS)}), not {type(system).__name__}")
    bankroll = check_bankroll(bankroll)
    if goal is not None:
        bankroll, goal = check_goal(bankroll, goal)
    table_max, rounds = check_table_max(table_max), _check_rounds(rounds)
    builds_on = _check_builds_on(builds_on)
    if system.max_bets is not None:
        rounds = min(rounds, system.max_bets)
    net = bet.net()
    lattice = net.lattice()
    denominator, scale = lattice.denominator, lattice.scale
    results = [(int(x * scale), lattice.counts[int(x * scale)]) for x in net]      # in the bet's own order
    per_unit = cover(bet)
    least, top = int(per_unit * scale), None if goal is None else goal * scale

    start = bankroll * scale
    session = _Session({(start, system.first): 1}, {}) if start >= least else _Session({}, {start: 1})
    played = 0
    while session.live and played < rounds:
        session = _one_bet(session, results, denominator, least, top, table_max, system, builds_on)
        played += 1
    ended = dict(session.ended)
    for (b, _), count in session.live.items():
        ended[b] = ended.get(b, 0) + count
    total = denominator**played
    final = Distribution.from_counts({Fraction(b, scale): ended[b] for b in sorted(ended)})
    return Play(system.name, bet.name, bankroll, goal, table_max, rounds, final,
                Fraction(session.action * denominator, total), Fraction(session.bets * denominator, total), per_unit,
                builds_on)


def edge_on_action(bet: Bet) -> Fraction:
    """What every system loses per unit of action in the long run: the bet's house edge per bet made.

    >>> from casino_math.dice import one_face_bet
    >>> edge_on_action(one_face_bet(4))
    Fraction(1, 6)
    """
    return house_edge_per_bet_made(bet)


def martingale_series(bet: Bet, doublings: int) -> Distribution[Fraction]:
    """One martingale series on an even-money bet, with room for ``doublings`` bets: 1, 2, 4, ...

    The series wins one unit unless all ``doublings`` bets lose, which loses
    1 + 2 + ... + 2**(k-1) = 2**k - 1 units, with chance q**k.

    >>> from casino_math.bets import even_money
    >>> from casino_math.distribution import Distribution
    >>> red = even_money("red", Distribution.uniform(range(38)), lambda pocket: pocket < 18)
    >>> series = martingale_series(red, 3)
    >>> series[-7], series[1]                      # (10/19)**3 and 1 - (10/19)**3
    (Fraction(1000, 6859), Fraction(5859, 6859))
    """
    if set(bet.net()) != {-1, 1}:
        raise ValueError(f"a martingale series needs an even-money bet that wins or loses one unit; {bet.name} does not")
    if not is_whole(doublings) or doublings < 1:
        raise ValueError(f"the number of bets in the series must be a positive whole number, not {doublings!r}")
    q = bet.net()[-1]
    return Distribution({Fraction(1): 1 - q**doublings, Fraction(1 - 2**doublings): q**doublings})
