"""Craps' Monte Carlo twin: two dice rolled until each bet is decided, the way the table plays it.

A line bet goes through its come-out roll and then waits on its point; a
place, buy, lay or hardway bet races its number against the 7; a single-roll
bet is settled by the next roll.  Every bet is settled by its own pay table
(:func:`until_decided` rolls the dice for many bets at once).

>>> from casino_math.simulate import TOLERANCE, generator
>>> from casino_math.craps import OXFORD, bet
>>> abs(twin("hard_6", bet("hard_6"), OXFORD, 20_000, generator(2)).z_score(bet("hard_6"))) < TOLERANCE
True
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TypeAlias

import numpy as np

from ..bets import LOSE, PUSH, WIN, Bet, Line
from ..simulate import Ints, Sample, check_count, nets_in_steps, played_by
from .line import dont_pass_result, pass_result
from .rolls import TOTALS
from .rules import WITH_ODDS, CrapsRules

#: A roll-by-roll rule (see :func:`until_decided`): this roll's dice, the bets still waiting and their rolls so far,
#: to a line code per bet.
Decider: TypeAlias = Callable[[Ints, Ints, Ints, Ints], Ints]

#: How :func:`until_decided` codes the line each bet lands on, and a bet still waiting.
CODES = {WIN: 0, LOSE: 1, PUSH: 2}
UNDECIDED = -1


def roll(size: int, rng: np.random.Generator) -> tuple[Ints, Ints]:
    """``size`` rolls of two dice: the first die of each roll, and the second.

    >>> from casino_math.simulate import generator
    >>> first, second = roll(3, generator(8))
    >>> first.tolist(), second.tolist()
    ([5, 2, 2], [6, 2, 2])
    """
    dice = rng.integers(1, 7, size=(2, size))
    return dice[0], dice[1]


def until_decided(size: int, rng: np.random.Generator, decide: Decider) -> tuple[Ints, Ints]:
    """Roll for ``size`` bets at once until each is decided: (line code of each bet, rolls it took).

    ``decide(first, second, bets, rolls)`` gets this roll's dice for the bets
    still waiting (their indices, and how many rolls each has had, this one
    included) and returns a code per bet: 0 win, 1 lose, 2 push, -1 undecided.

    >>> from casino_math.simulate import generator
    >>> codes, rolls = until_decided(5, generator(9), lambda a, b, bets, n: np.where(a + b == 7, 0, -1))
    >>> codes.tolist(), rolls.tolist()                         # wait for a 7
    ([0, 0, 0, 0, 0], [1, 14, 6, 2, 2])
    """
    codes = np.full(size, UNDECIDED)
    rolls = np.zeros(size, dtype=np.int64)
    waiting = np.arange(size)
    while waiting.size:
        first, second = roll(waiting.size, rng)
        rolls[waiting] += 1
        decided = decide(first, second, waiting, rolls[waiting])
        codes[waiting] = decided
        waiting = waiting[decided == UNDECIDED]
    return codes, rolls


def _line_decider(rules: CrapsRules, dont: bool) -> Decider:
    """The pass line (or don't pass) roll by roll, settled by the line bet's own rule (:mod:`~casino_math.craps.line`):
    the come-out roll, then the point against the 7."""
    result = dont_pass_result if dont else pass_result
    come_out: Ints = np.full(13, UNDECIDED)                 # by total
    on_point: Ints = np.full((13, 13), UNDECIDED)           # by point and total
    for n in TOTALS:
        if n in rules.points:
            on_point[n, n], on_point[n, 7] = CODES[result((n, n), rules)], CODES[result((n, 7), rules)]
        else:
            come_out[n] = CODES[result((n,), rules)]
    point: dict[str, Ints] = {}

    def decide(first: Ints, second: Ints, bets: Ints, rolls: Ints) -> Ints:
        total = first + second
        if (rolls == 1).all():  # the come-out roll
            point["of"] = np.zeros(bets.max() + 1, dtype=np.int64)
            point["of"][bets] = total
            decided: Ints = come_out[total]
            return decided
        decided = on_point[point["of"][bets], total]
        return decided

    return decide


def _wait_decider(bet: Bet) -> Decider:
    """A bet that waits for a roll that decides it (a place, buy, lay or hardway bet): a roll in the bet's space
    settles it by the bet's own line rule, any other leaves it waiting."""
    by_roll = isinstance(next(iter(bet.space)), tuple)       # a hardway tells 3-3 from 1-5; the others read totals
    codes: Ints = np.full((7, 7), UNDECIDED)
    for a in range(1, 7):
        for b in range(1, 7):
            if (rolled := (a, b) if by_roll else a + b) in bet.space:
                codes[a, b] = CODES[Line(bet.line(rolled))]

    def decide(first: Ints, second: Ints, bets: Ints, rolls: Ints) -> Ints:
        decided: Ints = codes[first, second]
        return decided

    return decide


def _one_roll_table(bet: Bet) -> dict[tuple[int, int], Fraction]:
    rolls = {(a, b) for a in range(1, 7) for b in range(1, 7)}
    if set(bet.space) != rolls:
        raise ValueError(f"{bet.name} is not settled by one roll of two dice")
    return {r: bet.settle(r) for r in rolls}


def craps_decider(bet_id: str, bet: Bet, rules: CrapsRules | None) -> Decider | None:
    """The roll-by-roll rule that settles the craps bet ``bet_id`` (see :func:`until_decided`),
    or None for a single-roll bet.

    >>> from casino_math.craps import bet
    >>> decide = craps_decider("place_6", bet("place_6"), None)
    >>> decide(np.array([3, 1, 2]), np.array([3, 6, 2]), np.arange(3), np.ones(3)).tolist()   # 6 wins, 7 loses
    [0, 1, -1]
    """
    if bet_id in ("pass", "come", "dont_pass", "dont_come"):
        return _line_decider(_line_rules(bet_id, rules), dont=bet_id.startswith("dont"))
    if bet_id in WITH_ODDS:
        raise ValueError(f"no roll-by-roll twin for {bet_id}; sample its exact distribution with sample_bet")
    return None if bet.rounds == 1 else _wait_decider(bet)


def _line_rules(bet_id: str, rules: CrapsRules | None) -> CrapsRules:
    """The rules a line bet is settled by: its naturals, craps and barred number come from them."""
    if rules is None:
        raise ValueError(f"{bet_id} is settled by the rules' naturals, craps and bar: give craps rules, not None")
    return rules


def craps_sample(bet_id: str, bet: Bet, rules: CrapsRules | None, size: int, rng: np.random.Generator) -> Sample:
    """``size`` craps bets ``bet_id``, each settled roll by roll, with the rolls each took.

    >>> from casino_math.simulate import TOLERANCE, generator
    >>> from casino_math import craps
    >>> rules = craps.RULES["oxford"]
    >>> s = craps_sample("pass", craps.bet("pass", rules), rules, 20_000, generator(10))
    >>> abs(s.z_score(craps.bet("pass", rules))) < TOLERANCE, float(s.mean_rounds())    # 557/165 = 3.376 exactly
    (True, 3.34855)
    """
    size = check_count(size)
    decide = craps_decider(bet_id, bet, rules)
    if decide is None:
        table = _one_roll_table(bet)
        steps, scale = nets_in_steps(table.values())
        first, second = roll(size, rng)
        grid = np.zeros((7, 7), dtype=np.int64)
        for (a, b), x in table.items():
            grid[a, b] = steps[x]
        return Sample(bet.name, grid[first, second], scale, np.ones(size, dtype=np.int64))
    codes, rolls = until_decided(size, rng, decide)
    nets = [bet.pays.get(line, Fraction(0)) - bet.commission for line in (WIN, LOSE, PUSH)]
    steps, scale = nets_in_steps(nets)
    return Sample(bet.name, np.array([steps[x] for x in nets], dtype=np.int64)[codes], scale, rolls)


def shooter_hands(rules: CrapsRules, shooters: int, rng: np.random.Generator) -> Ints:
    """How many rolls each of ``shooters`` shooters makes before sevening out (a 7 after a point is set).

    >>> from casino_math.simulate import generator
    >>> from casino_math import craps
    >>> shooter_hands(craps.RULES["oxford"], 5, generator(11)).tolist()
    [11, 3, 3, 2, 8]
    """
    shooters = check_count(shooters, "the number of shooters")
    points = list(rules.points)
    state = {"point": np.zeros(shooters, dtype=np.int64)}

    def decide(first: Ints, second: Ints, bets: Ints, rolls: Ints) -> Ints:
        total = first + second
        point = state["point"][bets]
        out = np.full(total.size, UNDECIDED)
        on = point > 0
        out[on & (total == 7)] = 0                                   # seven out: the hand ends
        made = on & (total == point)
        state["point"][bets[made]] = 0                              # point made: a new come-out
        sets = ~on & np.isin(total, points)
        state["point"][bets[sets]] = total[sets]
        return out

    return until_decided(shooters, rng, decide)[1]


def twin(bet_id: str, bet: Bet, rules: CrapsRules, size: int, rng: np.random.Generator) -> Sample:
    """The craps bet ``bet_id`` settled roll by roll ``size`` times (see :func:`craps_sample`).

    >>> from casino_math.simulate import generator
    >>> from casino_math.craps import OXFORD, bet
    >>> twin("field", bet("field"), OXFORD, 100, generator(0)).size
    100
    """
    return craps_sample(bet_id, bet, played_by("craps", rules, CrapsRules), size, rng)
