"""Bets: a pay table plus the rule that says which line of it an outcome lands on.

Every figure the book quotes about a bet comes from the functions here: the
chance that it wins, loses or pushes, its expected value, and its house edge
under each of the conventions casinos and authors use.

A tiny invented bet shows the vocabulary: a die is rolled; a six pays 4 to 1,
a five pushes (the stake comes back), anything else loses.

>>> die = Distribution.uniform(range(1, 7))
>>> six = Bet("six", die, lambda face: {6: "win", 5: "push"}.get(face, "lose"),
...           pays={"win": 4, "push": 0, "lose": -1})
>>> p_win(six), p_push(six), p_lose(six)
(Fraction(1, 6), Fraction(1, 6), Fraction(2, 3))
>>> expected_value(six)          # 4 * 1/6 + 0 * 1/6 - 1 * 4/6
Fraction(0, 1)
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from decimal import Decimal
from enum import Enum, StrEnum
from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import Any, Generic, TypeVar

from .distribution import Distribution, FrozenMap, decimal_sqrt, exact

K = TypeVar("K", bound=Hashable)


class Word(StrEnum):
    """A choice that equals its word ("win", "player", "pass"), so code written with the words keeps working, and that
    shows itself in code as its member (``Line.WIN``), not as the bare word.

    >>> Line.WIN, str(Line.WIN), Line.WIN == "win"
    (Line.WIN, 'win', True)
    """

    def __repr__(self) -> str:
        return f"{type(self).__name__}.{self.name}"


class Line(Word):
    """The lines most pay tables have: how a bet ends, won, lost or pushed.

    Each member equals its word, so a pay table or a line rule written with
    the words ("win") means the same as one written with the members.

    >>> Line.WIN == "win", {"win": 35}[Line.WIN]
    (True, 35)
    """

    WIN = "win"
    """The bet pays: the stake comes back with the payout."""
    LOSE = "lose"
    """The house takes the stake."""
    PUSH = "push"
    """The stake comes back, nothing won or lost."""


WIN, LOSE, PUSH = Line.WIN, Line.LOSE, Line.PUSH


def said(line: object) -> str:
    """A pay table's line as a message names it: a :class:`Line` by its quoted word, anything else by its repr.

    >>> said(WIN), said("win by 9"), said(6)
    ("'win'", "'win by 9'", '6')
    """
    return repr(line.value) if isinstance(line, Enum) else repr(line)


def said_all(lines: Iterable[object]) -> str:
    """Lines as a message lists them, sorted: ``['lose', 'win']``."""
    return "[" + ", ".join(said(line) for line in sorted(lines, key=str)) + "]"


class PayTable(FrozenMap[K, Fraction], Generic[K]):
    """An immutable pay table: what the casino names (a total, a kind of bet, a line) -> net payout per unit, exact.

    >>> pays = PayTable({4: Fraction(9, 5), 6: Fraction(7, 6)})
    >>> pays[6], 5 in pays
    (Fraction(7, 6), False)
    >>> pays.with_(6, 1)[6]
    Fraction(1, 1)
    >>> PayTable({6: 1.1667})
    Traceback (most recent call last):
    ...
    TypeError: the payout on 6 1.1667 is a float; use a Fraction or an integer count (a float such as 0.1 is not exactly 1/10)
    """

    __slots__ = ()

    def __init__(self, pays: Mapping[Any, Any] | None = None, what: str = "the payout on") -> None:
        super().__init__({k: exact(v, f"{what} {said(k)}") for k, v in dict(pays or {}).items()})

    def __repr__(self) -> str:
        return "PayTable({" + ", ".join(f"{k!r}: {v}" for k, v in self.items()) + "})"

    def with_(self, key: K, payout: object) -> PayTable[K]:
        """A copy of this pay table with ``key`` paying ``payout``."""
        return PayTable({**self, key: payout})


@dataclass(frozen=True, init=False)
class Bet:
    """A bet: what can happen, which line of the pay table each outcome lands on, and the pay table.

    ``pays`` maps each line to the net result for a stake of 1 unit: ``35`` for
    "35 to 1", ``-1`` for a loss, ``0`` for a push; the bet keeps it as a
    :class:`PayTable`, which cannot change, so a bet's figures never go stale
    and a bet can be a dictionary key.  ``commission`` is a fee per
    unit staked that is paid when the bet is made and kept by the house whatever
    happens (a buy bet's 5% at the Oxford Casino); a commission taken only from
    a win belongs in the winning line's payout instead (baccarat's banker pays
    ``Fraction(19, 20)``).  ``rounds`` is the expected number of rounds (rolls,
    spins, hands) the bet lasts before it is decided.
    """

    name: str
    space: Distribution
    line: Callable[[Any], str] = field(repr=False)
    pays: PayTable[str]
    commission: Fraction = Fraction(0)
    rounds: Fraction = Fraction(1)

    # Written out rather than generated so that a payout may be given as a whole number (35, -1)
    # while the bet keeps every amount as a Fraction.
    def __init__(
        self,
        name: str,
        space: Distribution,
        line: Callable[[Any], str],
        pays: Mapping[str, Fraction | int],
        commission: Fraction | int = 0,
        rounds: Fraction | int = 1,
    ) -> None:
        if not isinstance(space, Distribution):
            raise TypeError(f"bet {name!r}: space must be a Distribution, not {type(space).__name__}")
        exact_pays: PayTable[str] = PayTable(pays, f"bet {name!r}: the payout on line")
        for attribute, value in [
            ("name", name),
            ("space", space),
            ("line", line),
            ("pays", exact_pays),
            ("commission", exact(commission, f"bet {name!r}: the commission")),
            ("rounds", exact(rounds, f"bet {name!r}: the expected number of rounds")),
        ]:
            object.__setattr__(self, attribute, value)
        if self.commission < 0:
            raise ValueError(f"bet {name!r}: the commission is {self.commission}; it cannot be negative")
        if self.rounds <= 0:
            raise ValueError(f"bet {name!r}: the expected number of rounds must be positive")
        for outcome in space:
            landed = line(outcome)
            if landed not in exact_pays:
                raise ValueError(
                    f"bet {name!r}: outcome {outcome!r} lands on line {said(landed)}, "
                    f"which is not in the pay table; its lines are {said_all(exact_pays)}"
                )

    def net(self) -> Distribution:
        """The distribution of the net result of one unit staked, commission included.

        >>> coin = Distribution.uniform("HT")
        >>> Bet("heads", coin, lambda side: WIN if side == "H" else LOSE, {WIN: 1, LOSE: -1}).net()
        Distribution({Fraction(1, 1): 1/2, Fraction(-1, 1): 1/2})
        """
        return self._net

    @cached_property
    def _net(self) -> Distribution:  # a Bet is immutable: its distributions are worked out once
        return self.lines().map(lambda line: self.pays[line] - self.commission)

    def settle(self, outcome: Any) -> Fraction:
        """The net result of one unit staked when the bet's space comes out as ``outcome``, commission included.

        Every simulated bet is settled here, by the bet's own line rule and pay table.

        >>> coin = Distribution.uniform("HT")
        >>> Bet("heads", coin, lambda side: WIN if side == "H" else LOSE, {WIN: 1, LOSE: -1}).settle("T")
        Fraction(-1, 1)
        """
        return self.pays[self.line(outcome)] - self.commission

    def lines(self) -> Distribution:
        """The distribution of the pay-table line the bet lands on.

        >>> coin = Distribution.uniform("HT")
        >>> Bet("heads", coin, lambda side: WIN if side == "H" else LOSE, {WIN: 1, LOSE: -1}).lines()[WIN]
        Fraction(1, 2)
        """
        return self._lines

    @cached_property
    def _lines(self) -> Distribution:
        return self.space.map(self.line)


def even_money(name: str, space: Distribution, wins: Callable[[Any], bool]) -> Bet:
    """A bet that pays 1 to 1 when ``wins(outcome)`` and loses otherwise.

    >>> p_win(even_money("odd", Distribution.uniform(range(1, 7)), lambda face: face % 2 == 1))
    Fraction(1, 2)
    """
    return simple_bet(name, space, wins, 1)


def simple_bet(name: str, space: Distribution, wins: Callable[[Any], bool], payout: Fraction | int) -> Bet:
    """A bet that pays ``payout`` to 1 when ``wins(outcome)`` and loses otherwise.

    >>> house_edge_per_bet_made(simple_bet("six", Distribution.uniform(range(1, 7)), lambda f: f == 6, 4))
    Fraction(1, 6)
    """
    return Bet(name, space, lambda o: WIN if wins(o) else LOSE, {WIN: payout, LOSE: -1})


def _p_lines(bet: Bet, keep: Callable[[Fraction], bool]) -> Fraction:
    lines = bet.lines()
    return sum((p for line, p in lines.items() if keep(bet.pays[line])), Fraction(0))


def p_win(bet: Bet) -> Fraction:
    """The probability that the bet wins (lands on a line that pays more than the stake back).

    >>> p_win(simple_bet("one", Distribution.uniform(range(1, 7)), lambda f: f == 1, 5))
    Fraction(1, 6)
    """
    return _p_lines(bet, lambda x: x > 0)


def p_lose(bet: Bet) -> Fraction:
    """The probability that the bet loses (lands on a line that takes some of the stake).

    >>> p_lose(simple_bet("one", Distribution.uniform(range(1, 7)), lambda f: f == 1, 5))
    Fraction(5, 6)
    """
    return _p_lines(bet, lambda x: x < 0)


def p_push(bet: Bet) -> Fraction:
    """The probability of a push: the stake comes back, nothing won or lost.

    >>> p_push(simple_bet("one", Distribution.uniform(range(1, 7)), lambda f: f == 1, 5))
    Fraction(0, 1)
    """
    return _p_lines(bet, lambda x: x == 0)


def expected_value(bet: Bet) -> Fraction:
    """The expected net result of staking 1 unit (commission included).

    >>> expected_value(simple_bet("one", Distribution.uniform(range(1, 7)), lambda f: f == 1, 4))  # 4/6 - 5/6
    Fraction(-1, 6)
    """
    return bet.net().E()


def house_edge_per_bet_made(bet: Bet) -> Fraction:
    """The house edge per unit wagered, counting every bet made (pushes included).

    This is the usual figure: -E for a stake of 1.

    >>> house_edge_per_bet_made(simple_bet("one", Distribution.uniform(range(1, 7)), lambda f: f == 1, 4))
    Fraction(1, 6)
    """
    return -expected_value(bet)


def house_edge_per_bet_resolved(bet: Bet) -> Fraction:
    """The house edge per unit wagered on bets that win or lose (pushes left out).

    >>> die = Distribution.uniform(range(1, 7))
    >>> bet = Bet("low", die, lambda f: WIN if f < 3 else PUSH if f < 5 else LOSE, {WIN: 1, PUSH: 0, LOSE: -2})
    >>> house_edge_per_bet_made(bet), house_edge_per_bet_resolved(bet)   # 2/6 vs 2/4
    (Fraction(1, 3), Fraction(1, 2))
    """
    resolved = 1 - p_push(bet)
    if resolved == 0:
        raise ValueError(f"bet {bet.name!r} always pushes, so it is never resolved")
    return -expected_value(bet) / resolved


def house_edge_per_amount_put_down(bet: Bet) -> Fraction:
    """The house edge per unit of money put down: the stake plus a commission paid up front.

    >>> coin = Distribution.uniform("HT")
    >>> buy = Bet("heads", coin, lambda s: WIN if s == "H" else LOSE, {WIN: 1, LOSE: -1}, commission=Fraction(1, 20))
    >>> house_edge_per_bet_made(buy), house_edge_per_amount_put_down(buy)   # 1/20 of 1 vs of 21/20
    (Fraction(1, 20), Fraction(1, 21))
    """
    return -expected_value(bet) / (1 + bet.commission)


def house_edge_per_round(bet: Bet) -> Fraction:
    """The house edge per round played (per roll in craps): the edge per bet over the expected rounds.

    >>> coin = Distribution.uniform("HT")
    >>> slow = Bet("slow", coin, lambda s: WIN if s == "H" else LOSE, {WIN: Fraction(9, 10), LOSE: -1}, rounds=2)
    >>> house_edge_per_bet_made(slow), house_edge_per_round(slow)
    (Fraction(1, 20), Fraction(1, 40))
    """
    return -expected_value(bet) / bet.rounds


def house_edge(bet: Bet) -> Fraction:
    """The headline house edge: per total amount put down (which is per bet made when there is no commission).

    >>> house_edge(simple_bet("one", Distribution.uniform(range(1, 7)), lambda f: f == 1, 4))
    Fraction(1, 6)
    """
    return house_edge_per_amount_put_down(bet)


#: The names of the house-edge conventions, as :func:`house_edges` gives them.
PER_AMOUNT_PUT_DOWN, PER_BET_MADE, PER_BET_RESOLVED, PER_ROUND = (
    "per amount put down", "per bet made", "per bet resolved", "per round")


def house_edges(bet: Bet) -> dict[str, Fraction]:
    """The house edge under every convention that tells something about this bet, by the convention's name.

    The headline, per amount put down, always comes first; per bet made only
    when a commission is paid up front (otherwise the two are the same); per
    bet resolved only when the bet can push; per round only when the bet
    lasts more than one round.  Every table of edges shows what this returns.

    >>> coin = Distribution.uniform("HT")
    >>> house_edges(simple_bet("heads", coin, lambda s: s == "H", Fraction(9, 10)))
    {'per amount put down': Fraction(1, 20)}
    >>> slow = Bet("slow", coin, lambda s: WIN if s == "H" else PUSH, {WIN: 1, PUSH: 0}, rounds=2)
    >>> house_edges(slow)
    {'per amount put down': Fraction(-1, 2), 'per bet resolved': Fraction(-1, 1), 'per round': Fraction(-1, 4)}
    """
    edges = {PER_AMOUNT_PUT_DOWN: house_edge_per_amount_put_down(bet)}
    if bet.commission:
        edges[PER_BET_MADE] = house_edge_per_bet_made(bet)
    if p_push(bet):
        edges[PER_BET_RESOLVED] = house_edge_per_bet_resolved(bet)
    if bet.rounds != 1:
        edges[PER_ROUND] = house_edge_per_round(bet)
    return edges


def variance(bet: Bet) -> Fraction:
    """The variance of the net result per unit staked.

    >>> variance(even_money("heads", Distribution.uniform("HT"), lambda s: s == "H"))
    Fraction(1, 1)
    """
    return bet.net().variance()


def standard_deviation(bet: Bet) -> Decimal:
    """The standard deviation of the net result per unit staked (28 significant digits).

    >>> standard_deviation(even_money("heads", Distribution.uniform("HT"), lambda s: s == "H"))
    Decimal('1')
    """
    return decimal_sqrt(variance(bet))


def fair_payout(bet: Bet, line: str = WIN) -> Fraction:
    """The payout on ``line`` that would make the expected value exactly 0.

    Solves P(line) * x + (expected value of every other line) = 0 for x.

    >>> fair_payout(simple_bet("one", Distribution.uniform(range(1, 7)), lambda f: f == 1, 4))
    Fraction(5, 1)
    """
    if line not in bet.pays:
        raise ValueError(f"bet {bet.name!r} has no line {said(line)}; its lines are {said_all(bet.pays)}")
    p_line = bet.lines()[line]
    if p_line == 0:
        raise ValueError(f"bet {bet.name!r} never lands on line {said(line)}, so no payout on it can make the bet fair")
    rest = expected_value(bet) - p_line * (bet.pays[line] - bet.commission)
    return -rest / p_line + bet.commission


def smallest_whole_stake(bet: Bet) -> int:
    """The smallest stake, in whole dollars, whose every payout and commission is a whole number of dollars.

    Every legal stake is a multiple of it.

    >>> place_6 = simple_bet("place 6", Distribution.uniform(range(36)), lambda r: r < 5, Fraction(7, 6))
    >>> smallest_whole_stake(place_6)
    6
    """
    amounts = [*bet.pays.values(), bet.commission]
    return lcm(*(Fraction(x).denominator for x in amounts))


def pays_text(bet: Bet) -> str:
    """The pay table's winning lines in the casino's words ("35 to 1").

    >>> pays_text(simple_bet("six", Distribution.uniform(range(1, 7)), lambda f: f == 6, Fraction(7, 6)))
    '7 to 6'
    """
    wins = winning_pays(bet)
    if len(wins) == 1:
        return odds_text(next(iter(wins.values())))
    return "; ".join(f"{line}: {odds_text(x)}" for line, x in wins.items())


def winning_pays(bet: Bet) -> dict[str, Fraction]:
    """The pay table's winning lines (those that pay more than the stake back) -> their net payouts per unit.

    >>> winning_pays(simple_bet("six", Distribution.uniform(range(1, 7)), lambda f: f == 6, Fraction(7, 6)))
    {Line.WIN: Fraction(7, 6)}
    """
    return {line: x for line, x in bet.pays.items() if x > 0}


def odds_text(payout: Fraction | int) -> str:
    """A net payout per unit as casino odds: 35 -> '35 to 1', 7/5 -> '7 to 5', 19/20 -> '19 to 20'.

    >>> odds_text(Fraction(35)), odds_text(Fraction(1, 2)), odds_text(Fraction(27, 4))
    ('35 to 1', '1 to 2', '27 to 4')
    """
    payout = Fraction(payout)
    return f"{payout.numerator} to {payout.denominator}"
