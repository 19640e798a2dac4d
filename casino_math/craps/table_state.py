"""The craps table in the long run: its state, roll after roll, as an ergodic Markov chain.

Before each roll the table is in one of seven states: a come-out roll is next, or a point (4, 5, 6, 8, 9 or 10) is
on.  This is the Pass line's chain (:mod:`casino_math.craps.chain`) with every decision, a win or a loss, leading
back to a come-out: after a natural, a craps, a point made or a seven-out, the next roll is a come-out, whoever
shoots it.  The chain never stops, it can go from every state to every other, and a come-out can follow a
come-out, so in the long run the share of rolls made in each state settles at the stationary law.

>>> stationary_law()["come-out"]                 # the long-run share of come-out rolls
Fraction(165, 557)
>>> 1 / stationary_law()["come-out"]             # rolls per Pass decision, as the line chain counts them
Fraction(557, 165)
"""

from __future__ import annotations

from fractions import Fraction

from .. import markov
from ..bets import LOSE, WIN
from ..distribution import Distribution
from .chain import COME_OUT, step, transient_states
from .line import PASS_SIDE
from .rolls import ways
from .rules import OXFORD, CrapsRules


def table_step(state: str, rules: CrapsRules = OXFORD) -> dict[str, Fraction]:
    """The chances of the table's states one roll later: a decision on the Pass line leads to a come-out.

    >>> table_step("point 4")                            # the 4 or a 7 ends the point; anything else keeps it
    {'point 4': Fraction(3, 4), 'come-out': Fraction(1, 4)}
    >>> table_step("come-out")["come-out"]               # 2, 3, 7, 11 or 12: (1 + 2 + 6 + 2 + 1) / 36
    Fraction(1, 3)
    """
    after: dict[str, Fraction] = {}
    for nxt, p in step(state, PASS_SIDE, rules).items():
        nxt = COME_OUT if nxt in (WIN, LOSE) else nxt
        after[nxt] = after.get(nxt, Fraction(0)) + p
    return after


def table_chain(rules: CrapsRules = OXFORD) -> markov.Matrix:
    """The transition matrix over :func:`casino_math.craps.chain.transient_states` (come-out first)."""
    states = transient_states(rules)
    return tuple(tuple(table_step(s, rules).get(t, Fraction(0)) for t in states) for s in states)


def as_law(values: markov.Law, rules: CrapsRules = OXFORD) -> dict[str, Fraction]:
    """A law over the table's states, by name."""
    return dict(zip(transient_states(rules), values, strict=True))


def stationary_law(rules: CrapsRules = OXFORD) -> dict[str, Fraction]:
    """The stationary law of the table's state: the long-run share of rolls made in each state."""
    return as_law(markov.stationary(table_chain(rules)), rules)


def stationary_by_cycles(rules: CrapsRules = OXFORD) -> dict[str, Fraction]:
    """The same law from the chapter's closed form: a point n holds w_n / (w_n + 6) times as many rolls as the
    come-out, where w_n counts the ways to roll n.

    >>> stationary_by_cycles() == stationary_law()
    True
    """
    weights = {COME_OUT: Fraction(1)} | {f"point {n}": Fraction(ways(n), ways(n) + 6) for n in rules.points}
    total = sum(weights.values(), Fraction(0))
    return {state: w / total for state, w in weights.items()}


def law_after(rolls: int, start: str = COME_OUT, rules: CrapsRules = OXFORD) -> dict[str, Fraction]:
    """The law of the table's state after ``rolls`` rolls from the state ``start``.

    >>> law_after(1)["point 6"]                          # a 6 on the come-out
    Fraction(5, 36)
    """
    states = transient_states(rules)
    if start not in states:
        raise ValueError(f"{start!r} is not a state of the table; the states are {', '.join(states)}")
    law = tuple(Fraction(int(s == start)) for s in states)
    return as_law(markov.after(table_chain(rules), law, rolls), rules)


def distance_after(rolls: int, start: str = COME_OUT, rules: CrapsRules = OXFORD) -> Fraction:
    """The total-variation distance between the state after ``rolls`` rolls from ``start`` and the stationary law."""
    law, pi = law_after(rolls, start, rules), stationary_law(rules)
    return markov.total_variation(tuple(law.values()), tuple(pi.values()))


def doeblin_bound(rolls: int, rules: CrapsRules = OXFORD) -> Fraction:
    """The chapter's bound on that distance from any start: (1 - δ)^rolls, δ the Doeblin constant of one roll (the
    least chance, from any state, of a come-out next).

    >>> doeblin_bound(0), doeblin_bound(1)
    (Fraction(1, 1), Fraction(3, 4))
    """
    return (1 - markov.doeblin_constant(table_chain(rules), 1)) ** rolls


def come_out_share_of_first(rolls: int, rules: CrapsRules = OXFORD) -> Fraction:
    """The expected share of come-out rolls among the first ``rolls`` rolls of a session that starts on a come-out.

    >>> come_out_share_of_first(1), come_out_share_of_first(2)   # the first roll is one; the second, 1/3 of the time
    (Fraction(1, 1), Fraction(2, 3))
    """
    chain = table_chain(rules)
    start = tuple(Fraction(int(s == COME_OUT)) for s in transient_states(rules))
    return markov.share_of_visits(chain, start, 0, rolls)


def decisions_per_hour(rolls_per_hour: int, rules: CrapsRules = OXFORD) -> Fraction:
    """Pass line decisions an hour in the long run: each decision's last roll is followed by a come-out, so
    decisions come at the rate of come-out rolls.

    >>> decisions_per_hour(100)
    Fraction(16500, 557)
    """
    return rolls_per_hour * stationary_law(rules)[COME_OUT]


def decisions_and_net(rolls: int, rules: CrapsRules = OXFORD) -> Distribution[tuple[int, int]]:
    """The joint law of (decisions, net) over ``rolls`` rolls from a come-out, for one unit on the pass line at
    every come-out: how many pass line decisions the rolls settle, and what they net (a decision still open at the
    end counts for nothing).  Counted exactly over the 36^rolls sequences of rolls.

    >>> decisions_and_net(1)[(1, 1)], decisions_and_net(1)[(0, 0)]     # a natural (8 rolls); a point (24)
    (Fraction(2, 9), Fraction(2, 3))
    """
    counts: dict[tuple[int | None, int, int], int] = {(None, 0, 0): 1}   # (point or None, decisions, net) -> count
    for _ in range(rolls):
        after: dict[tuple[int | None, int, int], int] = {}
        for (point, decided, net), count in counts.items():
            for total in range(2, 13):
                key: tuple[int | None, int, int]
                if point is None and total in rules.points:
                    key = (total, decided, net)
                elif point is None:
                    key = (None, decided + 1, net + (1 if total in rules.naturals else -1))
                elif total in (point, 7):
                    key = (None, decided + 1, net + (1 if total == point else -1))
                else:
                    key = (point, decided, net)
                after[key] = after.get(key, 0) + count * ways(total)
        counts = after
    joint: dict[tuple[int, int], int] = {}
    for (_point, decided, net), count in counts.items():
        joint[(decided, net)] = joint.get((decided, net), 0) + count
    return Distribution.from_counts(joint)
