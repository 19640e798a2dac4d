"""Is the wheel fair?  What a log of spins says about a roulette wheel, exactly wherever it can be said exactly.

A :class:`SpinLog` holds how often each pocket came up.  From it:

- the chi-square test of the whole wheel: the statistic is a fraction, its p-value the chi-square tail;
- the exact binomial test of one pocket, and the hottest pocket of all, whose chance under a fair wheel is bounded
  on both sides (Bonferroni above, the independent case below);
- a Beta prior on one pocket's chance, its posterior, and the posterior chance that the pocket beats the
  straight-up bet's break-even chance, 1/36 for a payout of 35 to 1;
- the power of the one-pocket test, and how many spins it takes to reach a given power;
- the Kelly fraction of a straight-up bet on a pocket whose chance is estimated, and its growth rate.

>>> log = SpinLog.of_spins(["17", "17", "0", "00"])
>>> log.spins, log.hits("17"), hot_pocket(log)
(4, 2, '17')
>>> chi_square_statistic(log)           # (38/4)(2^2 + 1 + 1) - 4
Fraction(53, 1)
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass
from decimal import ROUND_CEILING, Decimal, localcontext
from fractions import Fraction
from math import factorial

from ..bets import simple_bet
from ..distribution import Distribution, Number, exact, whole
from ..tails import DIGITS, beta_tail, binomial_tail, chi_square_tail, critical_hits, normal_quantile
from .rules import OXFORD, RULES, RouletteRules, check_rules  # noqa: F401  (RULES: the examples)
from .table import PocketName, pocket, pockets

#: The level of a test and the power asked of it, unless others are given: 5% and 80%.
LEVEL = Fraction(1, 20)
POWER = Fraction(4, 5)
#: The longest log whose chi-square p-value is found exactly, by counting.
LONGEST_EXACT = 40
#: The significant digits of a p-value from the chi-square tail, as the command line prints it.
P_VALUE_DIGITS = 15
#: The fewest hits each pocket should expect for the chi-square tail to be a fair guide to the p-value (Cochran's
#: rule of thumb: no expected count below 1 and at most a fifth below 5; a fair wheel's are all equal).
FEWEST_EXPECTED = 5
#: The significant digits of the lower bound on the hottest pocket's chance.
BOUND_DIGITS = 30


@dataclass(frozen=True)
class SpinLog:
    """How often each pocket of a wheel came up, in the layout's order (0, 00, 1, 2, ..., 36)."""

    counts: tuple[int, ...]
    rules: RouletteRules = OXFORD

    def __post_init__(self) -> None:
        check_rules(self.rules)
        names = pockets(self.rules)
        if len(self.counts) != len(names):
            raise ValueError(f"{len(self.counts)} counts for a wheel of {len(names)} pockets; give one count for "
                             f"each pocket, in the order {', '.join(names[:3])}, ..., {names[-1]}")
        for name, count in zip(names, self.counts, strict=True):
            if whole(count, f"the count for pocket {name}") < 0:
                raise ValueError(f"pocket {name} has a count of {count}; a count is a whole number from 0 up")
        object.__setattr__(self, "counts", tuple(self.counts))

    @classmethod
    def of_spins(cls, spins: Iterable[PocketName], rules: RouletteRules = OXFORD) -> SpinLog:
        """The log of a sequence of spins, each a pocket's name.

        >>> SpinLog.of_spins([17, "00", "17"]).hits("17")
        2
        >>> SpinLog.of_spins(["37"])
        Traceback (most recent call last):
        ...
        ValueError: 37 is not on the wheel; the pockets are 0, 00 and 1 to 36
        """
        names = pockets(rules)
        counts = dict.fromkeys(names, 0)
        for spin in spins:
            counts[pocket(spin, rules)] += 1
        return cls(tuple(counts[name] for name in names), rules)

    @classmethod
    def of_counts(cls, counts: Mapping[str, int], rules: RouletteRules = OXFORD) -> SpinLog:
        """The log with these counts by pocket name; a pocket left out came up 0 times.

        >>> SpinLog.of_counts({"17": 3}).spins
        3
        """
        unknown = set(counts) - set(pockets(rules))
        if unknown:
            pocket(min(unknown), rules)  # says which pockets there are
        return cls(tuple(counts.get(name, 0) for name in pockets(rules)), rules)

    @property
    def pockets(self) -> tuple[str, ...]:
        """The wheel's pockets, in the order of the counts."""
        return pockets(self.rules)

    @property
    def spins(self) -> int:
        """How many spins the log holds."""
        return sum(self.counts)

    def hits(self, name: PocketName) -> int:
        """How often the pocket ``name`` came up."""
        return self.counts[self.pockets.index(pocket(name, self.rules))]

    def by_pocket(self) -> dict[str, int]:
        """The counts by pocket name."""
        return dict(zip(self.pockets, self.counts, strict=True))


def log_of_counts_text(text: str, rules: RouletteRules = OXFORD) -> SpinLog:
    """The log written as counts separated by commas, in the layout's order: "C0,C00,C1,...,C36".

    A count is written in the digits 0 to 9 (no "1_000", no other script's digits), with a minus sign if any.

    >>> log_of_counts_text(",".join(["0"] * 19 + ["5"] + ["0"] * 18)).hits("18")
    5
    >>> log_of_counts_text("1,2,1_000")
    Traceback (most recent call last):
    ...
    ValueError: the 3rd count, '1_000', is not a whole number written in the digits 0 to 9; give one count for each pocket, in the order 0, 00, 1, ..., 36
    """
    names = pockets(rules)
    order = f"in the order {', '.join(names[:3])}, ..., {names[-1]}"
    counts = []
    for i, item in enumerate(text.split(","), start=1):
        if not re.fullmatch(r"-?[0-9]+", item.strip()):
            raise ValueError(f"the {_ordinal(i)} count, {_shown(item.strip())}, is not a whole number written in the "
                             f"digits 0 to 9; give one count for each pocket, {order}")
        counts.append(_whole(item.strip()))
    return SpinLog(tuple(counts), rules)


def _shown(text: str, most: int = 24) -> str:
    """A bad value as an error repeats it: quoted, and cut to its start and its length when it is long.

    >>> _shown("x"), _shown("9" * 5000)
    ("'x'", "'999999999999...' (5000 characters)")
    """
    return repr(text) if len(text) <= most else f"'{text[:most // 2]}...' ({len(text)} characters)"


def _whole(digits: str) -> int:
    """A whole number written in the digits 0 to 9, however many (Python's ``int`` refuses past 4300 of them)."""
    return int(Decimal(digits))


def _ordinal(i: int) -> str:
    """1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, ..., 21st.

    >>> [_ordinal(i) for i in (1, 2, 3, 4, 11, 12, 13, 21, 22)]
    ['1st', '2nd', '3rd', '4th', '11th', '12th', '13th', '21st', '22nd']
    """
    suffix = "th" if 10 <= i % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(i % 10, "th")
    return f"{i}{suffix}"


def log_of_file(path: str, rules: RouletteRules = OXFORD) -> SpinLog:
    """The log of a file of spins, one pocket a line (blank lines are skipped; a byte-order mark is read as none).

    Each different line is read as a pocket once, however often it comes up, so a million spins take a second.

    >>> log_of_file("/no/such/file")
    Traceback (most recent call last):
    ...
    ValueError: cannot read /no/such/file: No such file or directory
    """
    try:
        with open(path, encoding="utf-8-sig") as spins:
            lines = spins.read().splitlines()
    except OSError as error:
        raise ValueError(f"cannot read {path}: {error.strerror}") from None
    except UnicodeDecodeError:
        raise ValueError(f"cannot read {path}: it is not text; write one pocket a line, e.g. 17 or 00") from None
    texts = Counter(line.strip() for line in lines)             # in the order each first appears
    texts.pop("", None)
    counts = dict.fromkeys(pockets(rules), 0)
    for text, times in texts.items():
        try:
            counts[pocket(text, rules)] += times
        except ValueError as error:
            number = next(i for i, line in enumerate(lines, start=1) if line.strip() == text)
            raise ValueError(f"{path}, line {number}: {error}") from None
    return SpinLog(tuple(counts.values()), rules)


def fair_chance(rules: RouletteRules = OXFORD) -> Fraction:
    """The chance of each pocket on a fair wheel: one over the number of pockets.

    >>> fair_chance(), fair_chance(RULES["single_zero"])
    (Fraction(1, 38), Fraction(1, 37))
    """
    return Fraction(1, len(check_rules(rules).wheel))


def break_even(rules: RouletteRules = OXFORD) -> Fraction:
    """The chance a pocket needs for a straight-up bet on it to break even: one over (the payout + 1).

    >>> break_even()                    # 35 to 1: 1/36
    Fraction(1, 36)
    """
    return 1 / (check_rules(rules).pays["straight"] + 1)


def straight_up_value(chance: Number, rules: RouletteRules = OXFORD) -> Fraction:
    """The expected net result of one unit straight up on a pocket with this chance: (payout + 1) chance - 1.

    >>> straight_up_value(Fraction(1, 38)), straight_up_value(Fraction(1, 35))
    (Fraction(-1, 19), Fraction(1, 35))
    """
    return (check_rules(rules).pays["straight"] + 1) * exact(chance, "the chance") - 1


# --- The whole wheel: Pearson's chi-square test ----------------------------------------------------------------


@dataclass(frozen=True)
class ChiSquare:
    """Pearson's chi-square test of a wheel: the statistic, its degrees of freedom, and the p-value."""

    statistic: Fraction
    df: int
    p_value: Decimal  #: P(a chi-square with ``df`` degrees of freedom >= the statistic), to the digits asked


def expected_count(log: SpinLog) -> Fraction:
    """How often each pocket is expected to come up on a fair wheel in the log's spins.

    >>> expected_count(SpinLog.of_spins(["1"] * 19))
    Fraction(1, 2)
    """
    return log.spins * fair_chance(log.rules)


def chi_square_statistic(log: SpinLog) -> Fraction:
    """The sum over the pockets of (observed - expected)^2 / expected, for a fair wheel: exactly.

    With n spins and N pockets it equals (N / n) times the sum of the squared counts, minus n.

    >>> chi_square_statistic(SpinLog((1,) * 38)), chi_square_statistic(SpinLog.of_spins(["00"] * 38))   # even; all on 00
    (Fraction(0, 1), Fraction(1406, 1))
    """
    expected = expected_count(log)
    if expected == 0:
        raise ValueError("a test needs at least one spin; these counts add up to 0")
    return sum(((count - expected) ** 2 / expected for count in log.counts), Fraction(0))


def chi_square_test(log: SpinLog, digits: int = DIGITS) -> ChiSquare:
    """The chi-square test of the hypothesis that every pocket is equally likely, on N - 1 degrees of freedom.

    >>> test = chi_square_test(SpinLog.of_spins(["17"] * 38), digits=6)
    >>> test.statistic, test.df, test.p_value
    (Fraction(1406, 1), 37, Decimal('2.22813E-271'))
    """
    statistic = chi_square_statistic(log)
    df = len(log.counts) - 1
    return ChiSquare(statistic, df, chi_square_tail(statistic, df, digits))


def exact_p_value(log: SpinLog) -> Fraction:
    """The exact p-value of the chi-square test for a short log: P(statistic >= observed) on a fair wheel, by counting.

    The statistic depends on the counts only through the sum of their squares, and that only through the counts'
    sizes, not which pocket has which; so the sum runs over the partitions of the number of spins into at most N
    parts.  A partition with r parts, m_v of them equal to v, is taken by N! / ((N - r)! m_1! m_2! ...) ways of
    giving its parts to pockets, and each of those by n! / (product of the parts' factorials) orders of spins,
    out of N^n.  There are many partitions of a long log (over 26,000 of 38, millions of 76), so the logs
    counted are at most :data:`LONGEST_EXACT` spins; a longer one takes the Monte Carlo test.

    >>> exact_p_value(SpinLog.of_spins(["17", "17"]))       # a repeat in two spins: the second matches, 1/38
    Fraction(1, 38)
    """
    n, size = log.spins, len(log.counts)
    if n > LONGEST_EXACT:
        raise ValueError(f"{n} spins are too many to count every way they could fall (at most {LONGEST_EXACT}); "
                         "use the Monte Carlo test")
    observed = sum(count * count for count in log.counts)
    ways = sum(sequences_with_counts(parts, size, n) for parts in partitions(n, n, size) if sum(p * p for p in parts) >= observed)
    return Fraction(ways, size**n)


def partitions(n: int, largest: int, most: int) -> Iterator[tuple[int, ...]]:
    """The partitions of n into at most ``most`` parts, none above ``largest``, largest part first.

    >>> list(partitions(4, 4, 2))
    [(4,), (3, 1), (2, 2)]
    """
    if n == 0:
        yield ()
        return
    if most == 0:
        return
    for first in range(min(n, largest), 0, -1):
        for rest in partitions(n - first, first, most - 1):
            yield (first, *rest)


def sequences_with_counts(parts: tuple[int, ...], size: int, n: int) -> int:
    """The sequences of n spins on ``size`` pockets whose counts, largest first, are ``parts``."""
    pockets_taken = factorial(size) // factorial(size - len(parts))
    for repeats in Counter(parts).values():
        pockets_taken //= factorial(repeats)
    orders = factorial(n)
    for part in parts:
        orders //= factorial(part)
    return pockets_taken * orders


# --- One pocket, and the hottest of them ------------------------------------------------------------------------


def pocket_tail(log: SpinLog, name: PocketName) -> Fraction:
    """The exact p-value of one pocket suspected in advance: P(X >= its hits), X binomial (spins, fair chance).

    >>> pocket_tail(SpinLog.of_spins(["17"] * 2), "17")      # 17 twice in two spins
    Fraction(1, 1444)
    """
    return binomial_tail(log.spins, fair_chance(log.rules), log.hits(name))


def hot_pocket(log: SpinLog) -> str:
    """The pocket with the most hits; on a tie, the first in the layout's order (0, 00, 1, ..., 36).

    >>> hot_pocket(SpinLog.of_spins(["5", "3", "5", "3"]))
    '3'
    """
    return log.pockets[log.counts.index(max(log.counts))]


def hottest_bounds(spins: int, hits: int, rules: RouletteRules = OXFORD) -> tuple[Fraction, Fraction]:
    """Bounds on the chance that on a fair wheel some pocket is hit ``hits`` times or more in ``spins`` spins.

    With t = P(X >= hits) for one pocket and N pockets: at most N t (Bonferroni: the chance of a union is at most
    the sum of the chances), and at least 1 - (1 - t)^N, the chance if the pockets' counts were independent
    (the counts of a multinomial law are negatively dependent, which can only lower the chance that all stay
    below ``hits``).  The upper bound is exact; the lower one is rounded down to :data:`BOUND_DIGITS` significant
    digits (its exact fraction runs to N times as many digits as t's), so it stays a lower bound.

    >>> low, high = hottest_bounds(2, 2)        # two spins on one pocket: the second matches the first, 1/38
    >>> high, low < high, low == 1 - (1 - Fraction(1, 1444)) ** 38
    (Fraction(1, 38), True, False)
    """
    chances = len(check_rules(rules).wheel)
    t = binomial_tail(spins, fair_chance(rules), hits)
    places = 10**BOUND_DIGITS
    whole_part, rest = divmod((t.denominator - t.numerator) * places, t.denominator)
    with localcontext() as ctx:
        ctx.prec, ctx.rounding = BOUND_DIGITS, ROUND_CEILING    # each step rounded up: (1 - t)^N is at most this
        one_below = Decimal(whole_part + (rest > 0)) / places
        all_below = Decimal(1)
        for _ in range(chances):
            all_below *= one_below
    return 1 - Fraction(all_below), min(Fraction(1), chances * t)


# --- What the spins say about one pocket's chance: a Beta prior and its posterior -------------------------------


@dataclass(frozen=True)
class BetaLaw:
    """The Beta(a, b) law of a pocket's unknown chance, with density proportional to t^(a-1) (1 - t)^(b-1)."""

    a: int
    b: int

    def __post_init__(self) -> None:
        whole(self.a, "a Beta law's a", least=1), whole(self.b, "a Beta law's b", least=1)

    @property
    def mean(self) -> Fraction:
        """The expected chance, a / (a + b)."""
        return Fraction(self.a, self.a + self.b)

    def p_above(self, x: Number) -> Fraction:
        """P(chance > x), exactly (a binomial sum: :func:`~casino_math.tails.beta_tail`).

        >>> BetaLaw(1, 37).p_above(Fraction(1, 36)) == Fraction(35, 36) ** 37
        True
        """
        return beta_tail(self.a, self.b, x)

    def after(self, hits: int, spins: int) -> BetaLaw:
        """The posterior law after ``hits`` hits in ``spins`` spins: Beta(a + hits, b + spins - hits).

        >>> BetaLaw(1, 37).after(3, 38)
        BetaLaw(a=4, b=72)
        """
        whole(spins, "the spins", least=0)
        if not 0 <= whole(hits, "the hits") <= spins:
            raise ValueError(f"{hits} hits in {spins} spins: the hits must be a whole number from 0 to the spins")
        return BetaLaw(self.a + hits, self.b + spins - hits)


def prior(rules: RouletteRules = OXFORD) -> BetaLaw:
    """The book's prior on one pocket's chance: Beta(1, N - 1), whose mean is the fair chance 1/N.

    >>> prior().mean
    Fraction(1, 38)
    """
    return BetaLaw(1, len(check_rules(rules).wheel) - 1)


def p_beats_break_even(hits: int, spins: int, rules: RouletteRules = OXFORD, start: BetaLaw | None = None) -> Fraction:
    """The posterior chance that a pocket hit ``hits`` times in ``spins`` spins beats break-even (1/36 for 35 to 1).

    >>> p_beats_break_even(0, 0) == Fraction(35, 36) ** 37     # no spins yet: the prior's chance
    True
    """
    return (start or prior(rules)).after(hits, spins).p_above(break_even(rules))


# --- Power: how many spins a biased pocket takes to show -------------------------------------------------------


def one_pocket_power(spins: int, chance: Number, level: Number = LEVEL, rules: RouletteRules = OXFORD) -> Fraction:
    """The exact power of the one-pocket test at ``level``: P(hits >= the critical count) when the chance is ``chance``.

    >>> one_pocket_power(38, Fraction(1, 38)) <= LEVEL                  # on a fair wheel, no more than the level
    True
    """
    return binomial_tail(spins, chance, critical_hits(spins, fair_chance(rules), level))


def spins_needed(chance: Number, level: Number = LEVEL, power: Number = POWER, rules: RouletteRules = OXFORD) -> int:
    """The spins the one-pocket test needs to reach ``power`` against ``chance``, by the normal approximation:

    n = ((z_level sqrt(p0 q0) + z_(1 - power) sqrt(p1 q1)) / (p1 - p0))^2, rounded up.

    >>> spins_needed(Fraction(1, 35)), spins_needed(Fraction(1, 30), Fraction(1, 100), Fraction(9, 10))
    (32002, 7370)
    """
    p0, p1 = fair_chance(rules), exact(chance, "the chance")
    if not p0 < p1 < 1:
        raise ValueError(f"a pocket's chance {p1} must lie above the fair {p0} (and below 1) for a test to find it")
    with localcontext() as ctx:
        ctx.prec = DIGITS + 10
        z_level, z_power = normal_quantile(level, ctx.prec), normal_quantile(1 - exact(power, "the power"), ctx.prec)
        spread = z_level * _root(p0 * (1 - p0), ctx.prec) + z_power * _root(p1 * (1 - p1), ctx.prec)
        root_n = spread / (Decimal(p1.numerator) / p1.denominator - Decimal(p0.numerator) / p0.denominator)
        return int((root_n * root_n).to_integral_value(rounding="ROUND_CEILING"))


def _root(q: Fraction, digits: int) -> Decimal:
    """The square root of an exact number, as a Decimal of ``digits`` digits."""
    with localcontext() as ctx:
        ctx.prec = digits
        return (Decimal(q.numerator) / q.denominator).sqrt()


# --- Betting on an estimate: Kelly --------------------------------------------------------------------------------


def straight_up_kelly(chance: Number, rules: RouletteRules = OXFORD) -> Fraction:
    """The Kelly fraction of a straight-up bet on a pocket with this chance: p - q/35, or nothing below break-even.

    >>> straight_up_kelly(Fraction(1, 35)), straight_up_kelly(Fraction(1, 38))
    (Fraction(1, 1225), Fraction(0, 1))
    """
    p, payout = exact(chance, "the chance"), check_rules(rules).pays["straight"]
    return max(Fraction(0), p - (1 - p) / payout)


def straight_up_growth(chance: Number, fraction: Number, rules: RouletteRules = OXFORD) -> Decimal:
    """G(f) = p log(1 + 35 f) + (1 - p) log(1 - f): the growth rate per spin staking ``fraction`` straight up.

    >>> straight_up_growth(Fraction(1, 38), Fraction(1, 1225)) < 0 < straight_up_growth(Fraction(1, 35), Fraction(1, 1225))
    True
    """
    from ..kelly import growth_rate  # the command line does without it, and without the ruin module it imports

    p = exact(chance, "the chance")
    one_pocket = Distribution({"hit": p, "miss": 1 - p}) if 0 < p < 1 else Distribution({"hit" if p else "miss": 1})
    bet = simple_bet("straight up", one_pocket, lambda spin: spin == "hit", check_rules(rules).pays["straight"])
    return growth_rate(bet, exact(fraction, "the fraction"))

