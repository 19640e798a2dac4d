"""The algebra behind the numbers, shown with sympy.

The numerical core never needs sympy; this module imports it only when one of
its functions is called, so ``import casino_math`` stays fast.  Each function
returns sympy objects a chapter can display: the expected value as a formula
in the payout, the payout that makes it zero, and absorbing Markov chains
(the craps line bets, the gambler's ruin).

>>> from casino_math.bets import simple_bet
>>> from casino_math.distribution import Distribution
>>> one = simple_bet("one", Distribution.uniform(range(1, 7)), lambda f: f == 1, 4)
>>> expected_value_formula(one)
x/6 - 5/6
>>> solve_fair_payout(one)
5
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from sympy import Expr, Matrix, Rational, Symbol

    from .bets import Bet

# sympy ships no type stubs, so every sympy value here is Any to a type checker; Expr, Matrix, Rational and
# Symbol name what each function returns for the reader.
State = TypeVar("State", bound=Hashable)
End = TypeVar("End", bound=Hashable)


def _sympy() -> Any:
    import sympy

    return sympy


def rational(q: Fraction | int) -> Rational:
    """A Fraction as a sympy Rational (exact).

    >>> rational(Fraction(1, 19))
    1/19
    """
    sp = _sympy()
    q = Fraction(q)
    return sp.Rational(q.numerator, q.denominator)


def payout_symbol(name: str = "x") -> Symbol:
    """The symbol for a payout "x to 1", positive.

    >>> payout_symbol(), payout_symbol().is_positive
    (x, True)
    """
    return _sympy().Symbol(name, positive=True)


def expected_value_formula(bet: Bet, line: str = "win", payout: Expr | None = None) -> Expr:
    """The expected value of one unit staked, with the payout on ``line`` left as a symbol.

    >>> from casino_math.bets import Bet
    >>> from casino_math.distribution import Distribution
    >>> coin = Distribution.uniform("HT")
    >>> expected_value_formula(Bet("heads", coin, lambda s: "win" if s == "H" else "lose", {"win": 1, "lose": -1}))
    x/2 - 1/2
    """
    sp = _sympy()
    x = payout if payout is not None else payout_symbol()
    lines = bet.lines()
    value = sum(
        (rational(p) * ((x if name == line else rational(bet.pays[name])) - rational(bet.commission))
         for name, p in lines.items()),
        sp.Integer(0),
    )
    return sp.expand(value)


def house_edge_formula(bet: Bet, line: str = "win", payout: Expr | None = None) -> Expr:
    """The house edge per amount put down, as a formula in the payout on ``line``.

    >>> from casino_math.bets import simple_bet
    >>> from casino_math.distribution import Distribution
    >>> house_edge_formula(simple_bet("red", Distribution.uniform(range(38)), lambda n: n < 18, 1))
    10/19 - 9*x/19
    """
    return _sympy().expand(-expected_value_formula(bet, line, payout) / (1 + rational(bet.commission)))


def solve_fair_payout(bet: Bet, line: str = "win") -> Rational:
    """Solve E = 0 for the payout on ``line``: the fair payout, as a sympy Rational.

    >>> from casino_math.bets import simple_bet
    >>> from casino_math.distribution import Distribution
    >>> solve_fair_payout(simple_bet("straight", Distribution.uniform(range(38)), lambda n: n == 0, 35))
    37
    """
    sp = _sympy()
    x = sp.Symbol("x")
    (solution,) = sp.solve(sp.Eq(expected_value_formula(bet, line, x), 0), x)
    return solution


def n_number_expected_value(pocket_count: int | Symbol = 38) -> Expr:
    """The expected value of a roulette bet on n numbers paying (36/n - 1) to 1, as a sympy formula in n.

    ``pocket_count`` may be a number or a sympy symbol.  Simplified, the formula
    no longer contains n: every such bet costs the same.

    >>> formula = n_number_expected_value()
    >>> formula
    n*(-1 + 36/n)/38 + n/38 - 1
    >>> _sympy().simplify(formula)
    -1/19
    """
    sp = _sympy()
    n = sp.Symbol("n", positive=True, integer=True)
    payout = 36 / n - 1
    pockets = sp.sympify(pocket_count)
    return n / pockets * payout - (pockets - n) / pockets


def absorbing_chain(
    transient: Iterable[State], absorbing: Iterable[End], step: Callable[[State], Mapping[State | End, Fraction]]
) -> tuple[Matrix, Matrix, Matrix, Matrix, Matrix]:
    """Solve an absorbing Markov chain exactly.

    ``step(state)`` gives ``{next_state: probability}`` for each transient
    state.  Returns ``(Q, R, N, B, t)``: the transient-to-transient and
    transient-to-absorbing blocks of the transition matrix, the fundamental
    matrix N = (I - Q)^-1, the absorption probabilities B = N R, and the
    expected number of steps to absorption t = N 1, all as sympy matrices with
    rows in the order of ``transient`` and columns of B in the order of
    ``absorbing``.

    A fair coin, betting 1 from a bankroll of 1 or 2, stopping at 0 or 3:

    >>> half = Fraction(1, 2)
    >>> Q, R, N, B, t = absorbing_chain([1, 2], [0, 3], lambda s: {s - 1: half, s + 1: half})
    >>> B
    Matrix([
    [2/3, 1/3],
    [1/3, 2/3]])
    >>> t.T
    Matrix([[2, 2]])
    """
    sp = _sympy()
    states, ends = list(transient), list(absorbing)
    # Keyed by Hashable: a next state is looked up in both, before it is known to be transient or absorbing.
    index_t: dict[Hashable, int] = {s: i for i, s in enumerate(states)}
    index_a: dict[Hashable, int] = {e: j for j, e in enumerate(ends)}
    Q = sp.zeros(len(states), len(states))
    R = sp.zeros(len(states), len(ends))
    for s in states:
        for nxt, p in step(s).items():
            if nxt in index_t:
                Q[index_t[s], index_t[nxt]] += rational(p)
            elif nxt in index_a:
                R[index_t[s], index_a[nxt]] += rational(p)
            else:
                raise ValueError(f"state {s!r} steps to {nxt!r}, which is neither transient nor absorbing")
    N = (sp.eye(len(states)) - Q).inv()
    return Q, R, N, N * R, N * sp.ones(len(states), 1)
