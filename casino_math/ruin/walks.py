"""Bounded walks: a session of at most n one-unit bets that stops early at ruin (or at a goal), exactly.

>>> from casino_math.dice import one_face_bet
>>> walk(one_face_bet(1), 1, 1).final        # the 6 at even money, one unit: doubled or broke
Distribution({Fraction(0, 1): 5/6, Fraction(2, 1): 1/6})
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from itertools import pairwise
from math import comb, gcd

from ..bets import Bet, house_edge_per_bet_made
from ..distribution import Distribution, FrozenMap
from ..session import _check_rounds
from .chain import cover
from .formula import check_bankroll, check_goal


@dataclass(frozen=True)
class Walk:
    """A session of at most ``rounds`` one-unit bets that stops early at ruin (or at ``goal``), exactly.

    The chances are kept as whole numbers: ``counts`` maps each final bankroll
    to its count over ``denominator`` (D**rounds); ``live[m]`` and
    ``ruined[m]`` are the counts, over D**m, of sessions still going after m
    bets and of sessions ruined within m bets.  The fractions are built only
    when asked for: ``final``, ``still_playing``, ``ruined_by``.  Every field
    is frozen (the counts a FrozenMap), so a cached walk cannot be changed.
    """

    bet: str
    bankroll: int
    goal: int | None
    rounds: int
    counts: FrozenMap[Fraction, int] = field(repr=False)
    denominator: int = field(repr=False)
    live: tuple[int, ...] = field(repr=False)
    ruined: tuple[int, ...] = field(repr=False)
    step_denominator: int = field(repr=False)

    @cached_property
    def final(self) -> Distribution[Fraction]:
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

    def ahead_even_behind(self) -> tuple[Fraction, Fraction, Fraction]:
        """The chances of ending above, at and below the starting bankroll.

        >>> from casino_math.dice import one_face_bet
        >>> walk(one_face_bet(1), 1, 1).ahead_even_behind()
        (Fraction(1, 6), Fraction(0, 1), Fraction(5, 6))
        """
        return self._ahead_even_behind

    @cached_property
    def _ahead_even_behind(self) -> tuple[Fraction, Fraction, Fraction]:
        """The chances of ending above, at and below the start, worked out once (a widget shows them twice)."""
        start = self.bankroll
        return self.P(lambda b: b > start), self.P(lambda b: b == start), self.P(lambda b: b < start)

    def P(self, event: Callable[[Fraction], bool]) -> Fraction:
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


def expected_loss(bet: Bet, w: Walk) -> Fraction:
    """The expected loss of a session that may stop early, in units: the house edge times the expected bets made.

    This is Wald's identity: however the stopping rule is chosen, each bet made
    loses the edge on average, so the session loses the edge times the number
    of bets it is expected to make.

    >>> from casino_math.dice import coin
    >>> from casino_math.bets import even_money
    >>> heads = even_money("heads", coin(), lambda side: side == "H")
    >>> expected_loss(heads, walk(heads, 1, 2))            # a fair coin: no loss, however long the session
    Fraction(0, 1)
    >>> from casino_math.dice import one_face_bet
    >>> w = walk(one_face_bet(1), 1, 2)
    >>> expected_loss(one_face_bet(1), w) == w.bankroll - w.E()      # the edge 2/3 times 1 + 1/6 bets
    True
    """
    return house_edge_per_bet_made(bet) * w.expected_bets()


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
    lattice = bet.net().lattice()
    moves, pushes, scale, denominator = lattice.moves, lattice.pushes, lattice.scale, lattice.denominator
    least, top = int(cover(bet) * scale), None if goal is None else goal * scale
    decided = _decided_walk(moves, bankroll * scale, least, top, rounds)
    live = _mixed([d.live for d in decided], pushes)
    ruined = _mixed([d.ruined for d in decided], pushes)
    final = _mixed_final([d.counts for d in decided], pushes)
    counts = FrozenMap({Fraction(b, scale): final[b] for b in sorted(final)})
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
    lattice = bet.net().lattice()
    steps = list(lattice.moves) or [0]
    stride = gcd(*(s - steps[0] for s in steps)) or 1
    bankrolls = min((steps[-1] - steps[0]) // stride * rounds + 1, comb(rounds + len(steps) - 1, len(steps) - 1))
    denominator = lattice.denominator
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


def _mixed_final(decided: list[dict[int, int]], pushes: int) -> dict[int, int]:
    """The count of each final bankroll after all n bets, from its counts after r decided bets: the sum over r of
    C(n, r) pushes**(n - r) x_r[b].

    Summed by Horner's rule in pushes (each step multiplies every sum by the small number pushes, then adds
    C(n, r) x_r[b]), where the sum written out would multiply each long count by the long weight
    C(n, r) pushes**(n - r).

    >>> _mixed_final([{1: 1}, {0: 1, 2: 1}], 3)      # one bet: pushed (3 ways) and kept 1, or decided 0 or 2
    {1: 3, 0: 1, 2: 1}
    >>> _mixed_final([{1: 1}, {0: 1, 2: 1}], 0)      # no pushes: the decided walk's last counts
    {0: 1, 2: 1}
    """
    if not pushes:
        return dict(decided[-1])
    n = len(decided) - 1
    final: dict[int, int] = {}
    for r, counts in enumerate(decided):
        for b in final:
            final[b] *= pushes
        weight = comb(n, r)
        for b, count in counts.items():
            final[b] = final.get(b, 0) + weight * count
    return final


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
    live: dict[int, int] = {start: 1}
    ended: dict[int, int] = {}
    ruined = 0
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


def bankroll_after(bet: Bet, bankroll: int, rounds: int, goal: int | None = None) -> Distribution[Fraction]:
    """The bankroll after at most ``rounds`` bets, stopping at ruin (and at ``goal``, if one is given).

    >>> from casino_math.dice import one_face_bet
    >>> bankroll_after(one_face_bet(1), 1, 1)
    Distribution({Fraction(0, 1): 5/6, Fraction(2, 1): 1/6})
    """
    return walk(bet, bankroll, rounds, goal).final
