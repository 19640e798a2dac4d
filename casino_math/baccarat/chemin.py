"""Chemin de fer as a game: the player's one choice, the banker's best replies, and the solution.

In chemin de fer the cards, totals and naturals are those of punto banco, but
two people choose.  The player may draw or stand on a two-card 5 (he draws on
0 to 4 and stands on 6 and 7, as in punto banco).  The banker, seeing his own
two-card total and the player's third card (or that the player stood), may
draw or stand in every one of the 88 *cells* of the drawing chart: banker
total 0 to 7 by player's third card 0 to 9 or "stood".  The banker wins 1 from
the player when his total is higher, loses 1 when it is lower, and a tie is a
push: what one gains the other loses.

Every coup goes through at most one cell (a natural goes through none), so the
banker's expected gain is a sum over cells, and his choice in one cell changes
nothing in another.  Each cell's figures come from the punto banco enumeration
(:func:`~casino_math.baccarat.deal.dealt`) of two drawing rules: the banker
who never draws, and the banker who draws in this cell only.  What the second
adds to the first is the cell's own part.

The game is solved for any shoe dealt without replacement, and for Kemeny
and Snell's model, in which every card is dealt *with* replacement from one
deck (:data:`WITH_REPLACEMENT`).

>>> shoe = Shoe.of_decks(8)
>>> solution = solve(shoe)
>>> solution.player_draws_on_5
Fraction(1662203, 2044584)
>>> {cell: p for cell, p in solution.banker.items() if 0 < p < 1}      # the banker mixes in one cell only
{(6, None): Fraction(1746774929, 4621782132)}
>>> sorted(contested_cells(shoe), key=str)       # where the banker's best choice depends on the player's
[(3, 9), (4, 1), (5, 4), (6, None)]
>>> solve(WITH_REPLACEMENT).player_draws_on_5             # Kemeny and Snell's model
Fraction(9, 11)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from itertools import pairwise, product
from typing import NamedTuple

from ..bets import house_edge
from ..distribution import FrozenMap, exact
from .bets import main_bets
from .cards import POINT_VALUES, Shoe, check_shoe
from .deal import BANKER, PLAYER, TIE, Deals, deals_total, dealt
from .rules import STANDARD_DRAWING, STOOD, BaccaratRules, DrawingRules, check_rules

#: A cell of the banker's chart: (banker's two-card total, player's third card or STOOD).
Cell = tuple[int, "int | None"]

#: Every cell of the banker's chart, row by row as casinos print it.
CELLS: tuple[Cell, ...] = tuple((total, column) for total in range(8) for column in (*POINT_VALUES, STOOD))

#: The player's two-card totals that draw, when he draws on 5 and when he stands on 5.
PLAYER_DRAWS = {True: frozenset(range(6)), False: frozenset(range(5))}


#: One deck: the cards Kemeny and Snell's model draws each card from.
ONE_DECK = Shoe.of_decks(1)


@dataclass(frozen=True)
class WithReplacement:
    """Cards dealt with replacement: each card is drawn from ``deck`` and put back before the next.

    Every card's point value is then independent of the others, with the
    deck's shares: from one deck, 0 with chance 4/13 and each of 1 to 9 with
    chance 1/13.  This is Kemeny and Snell's model of chemin de fer, and what
    the chance of every six-card sequence from a shoe of d decks tends to as d
    grows.

    >>> WITH_REPLACEMENT.chance(0), WITH_REPLACEMENT.chance(9)
    (Fraction(4, 13), Fraction(1, 13))
    """

    deck: Shoe = ONE_DECK
    """The cards each draw is made from (only the shares of the point values matter)."""

    def chance(self, value: int) -> Fraction:
        """The chance that a card dealt has this point value."""
        return Fraction(self.deck.counts[value], self.deck.size)

    def __repr__(self) -> str:
        return "WITH_REPLACEMENT" if self == WithReplacement() else f"WithReplacement({self.deck!r})"


#: Kemeny and Snell's model: every card dealt with replacement from one deck.
WITH_REPLACEMENT = WithReplacement()

#: How the cards are dealt: from a shoe without replacement, or with replacement.
Dealing = Shoe | WithReplacement


def check_dealing(shoe: object) -> Dealing:
    """``shoe`` if it is a :class:`Shoe` or a :class:`WithReplacement`, else a clear error.

    >>> check_dealing(WITH_REPLACEMENT)
    WITH_REPLACEMENT
    >>> check_dealing(8)
    Traceback (most recent call last):
    ...
    TypeError: a shoe must be a Shoe, e.g. Shoe.of_decks(8), or WITH_REPLACEMENT (cards dealt with replacement), not 8
    """
    if isinstance(shoe, WithReplacement):
        return shoe
    if not isinstance(shoe, Shoe):
        raise TypeError(f"a shoe must be a Shoe, e.g. Shoe.of_decks(8), or WITH_REPLACEMENT (cards dealt with "
                        f"replacement), not {shoe!r}")
    return check_shoe(shoe)


class CellCounts(NamedTuple):
    """One cell's part of the banker's gain, counted in ordered six-card deals (see :mod:`.deal`)."""

    reach: int
    """How many deals reach the cell."""
    stand: int
    """Banker wins minus banker losses among those deals, when the banker stands."""
    draw: int
    """Banker wins minus banker losses among those deals, when the banker draws."""


def banker_gain_count(deals: Deals) -> int:
    """The banker's wins minus his losses, counted in deals.

    >>> banker_gain_count(dealt(Shoe.of_decks(8)))      # punto banco's chart: more banker wins than player wins
    61734283845632
    """
    sign = {BANKER: 1, PLAYER: -1, TIE: 0}
    return sum(sign[coup.winner] * n for coup, n in deals.counts)


def banker_draws_count(deals: Deals) -> tuple[int, int]:
    """Among the deals where the banker draws: how many there are, and his wins minus his losses."""
    drawn = [(coup, n) for coup, n in deals.counts if coup.banker_cards == 3]
    sign = {BANKER: 1, PLAYER: -1, TIE: 0}
    return sum(n for _, n in drawn), sum(sign[coup.winner] * n for coup, n in drawn)


def _enumerate(shoe: Shoe, drawing: DrawingRules) -> Deals:
    # The uncached enumeration: 2 x 88 one-cell charts would crowd the shared cache out of punto banco's charts.
    return dealt.__wrapped__(shoe, drawing)


@lru_cache(maxsize=64)
def cell_counts(shoe: Shoe, player_draws_on_5: bool) -> tuple[int, Mapping[Cell, CellCounts]]:
    """The banker's gain (in deals) when he never draws, and each cell's counts, for a pure player strategy.

    Every coup without a natural goes through exactly one cell:

    >>> never, cells = cell_counts(Shoe.of_decks(1), True)
    >>> sum(c.reach for c in cells.values()) == sum(n for coup, n in dealt(Shoe.of_decks(1)).counts if not coup.natural)
    True
    """
    check_shoe(shoe)
    player = PLAYER_DRAWS[bool(player_draws_on_5)]
    never = banker_gain_count(_enumerate(shoe, DrawingRules(player_draws=player, banker_draws=frozenset())))
    cells = {}
    for cell in CELLS:
        only_here = _enumerate(shoe, DrawingRules(player_draws=player, banker_draws=frozenset({cell})))
        reach, draw = banker_draws_count(only_here)
        cells[cell] = CellCounts(reach, draw - (banker_gain_count(only_here) - never), draw)
    return never, FrozenMap(cells)


def check_mix(p: object, what: str = "the player's probability of drawing on 5") -> Fraction:
    """``p`` as an exact probability, or a clear error.

    >>> check_mix(Fraction(9, 11))
    Fraction(9, 11)
    >>> check_mix(2)
    Traceback (most recent call last):
    ...
    ValueError: the player's probability of drawing on 5 is 2; a probability is from 0 to 1, e.g. Fraction(9, 11)
    """
    q = exact(p, what)
    if not 0 <= q <= 1:
        raise ValueError(f"{what} is {q}; a probability is from 0 to 1, e.g. Fraction(9, 11)")
    return q


#: A pure player strategy's figures as chances: the banker's gain when he never draws, and each cell's
#: (chance of reaching it, banker's gain there if he stands, if he draws), each gain counted per coup.
CellChances = tuple[Fraction, Mapping[Cell, tuple[Fraction, Fraction, Fraction]]]


def _sign(difference: int) -> int:
    return (difference > 0) - (difference < 0)


def cell_chances_with_replacement(dealing: WithReplacement, player_draws_on_5: bool) -> CellChances:
    """:func:`cell_counts` for cards dealt with replacement, as chances: every card independent of the others.

    The two hands' two-card totals are then independent, and so are the third cards, so each (player total,
    banker total) and each third card is weighed by a product of chances.

    >>> never, cells = cell_chances_with_replacement(WITH_REPLACEMENT, True)
    >>> reach, stand, draw = cells[(6, STOOD)]
    >>> reach, stand / reach, draw / reach     # (16/169)(32/169): a banker 6 against a player who stood on 6 or 7
    (Fraction(512, 28561), Fraction(-1, 2), Fraction(-11, 26))
    """
    chance = [dealing.chance(v) for v in POINT_VALUES]
    two_cards = dict.fromkeys(POINT_VALUES, Fraction(0))
    for a, b in product(POINT_VALUES, repeat=2):
        two_cards[(a + b) % 10] += chance[a] * chance[b]
    never, cells = Fraction(0), {cell: [Fraction(0)] * 3 for cell in CELLS}
    choosing = DrawingRules(player_draws=PLAYER_DRAWS[bool(player_draws_on_5)], banker_draws=frozenset(CELLS))
    for p, b in product(POINT_VALUES, repeat=2):
        w = two_cards[p] * two_cards[b]
        player_draws, choices = choosing.procedure(p, b)  # the banker has a choice in every cell the coup reaches
        if not choices:  # a natural
            never += w * _sign(b - p)
            continue
        thirds = [(x, chance[x]) for x in POINT_VALUES] if player_draws else [(STOOD, Fraction(1))]
        for third, w_third in thirds:
            final = p if third is STOOD else (p + third) % 10
            stand = _sign(b - final)
            draw = sum(chance[y] * _sign((b + y) % 10 - final) for y in POINT_VALUES)
            reach = w * w_third
            cell = cells[(b, third)]
            cell[0], cell[1], cell[2] = cell[0] + reach, cell[1] + reach * stand, cell[2] + reach * draw
            never += reach * stand
    return never, FrozenMap({c: (reach, stand, draw) for c, (reach, stand, draw) in cells.items()})


def _cell_chances(shoe: Dealing, player_draws_on_5: bool) -> CellChances:
    if isinstance(shoe, WithReplacement):
        return cell_chances_with_replacement(shoe, player_draws_on_5)
    total = deals_total(shoe)
    never, cells = cell_counts(shoe, player_draws_on_5)
    return Fraction(never, total), {c: (Fraction(a, total), Fraction(b, total), Fraction(d, total))
                                    for c, (a, b, d) in cells.items()}


@lru_cache(maxsize=256)
def _mixed(shoe: Dealing, q: Fraction) -> CellChances:
    """The banker's gain when he never draws and each cell's (reach, stand, draw), as chances, mixed by q."""
    (never_d, draw5), (never_s, stand5) = _cell_chances(shoe, True), _cell_chances(shoe, False)
    return q * never_d + (1 - q) * never_s, FrozenMap({c: _mix(q, draw5[c], stand5[c]) for c in CELLS})


def _mix(q: Fraction, draws_on_5: Sequence[Fraction], stands_on_5: Sequence[Fraction]) -> tuple[Fraction, Fraction, Fraction]:
    """A cell's (reach, stand, draw) when the player draws on 5 with chance q."""
    reach, stand, draw = (q * x + (1 - q) * y for x, y in zip(draws_on_5, stands_on_5, strict=True))
    return reach, stand, draw


def banker_gains(shoe: Dealing, q: object) -> dict[Cell, tuple[Fraction, Fraction]]:
    """For each cell the shoe can reach: the banker's expected gain there if he stands, and if he draws.

    ``q`` is the probability that the player draws on 5 (1: always, as in punto banco).

    >>> gains = banker_gains(Shoe.of_decks(8), 1)
    >>> stand, draw = gains[(6, STOOD)]     # banker 6 against a player who stood on 6 or 7
    >>> stand, draw                         # about -0.502 and -0.423: drawing loses less
    (Fraction(-2069568, 4122077), Fraction(-179515976, 424573931))
    """
    _, cells = _mixed(check_dealing(shoe), check_mix(q))
    return {c: (stand / reach, draw / reach) for c, (reach, stand, draw) in cells.items() if reach}


def drawing_advantage(shoe: Dealing, q: object, cell: Cell) -> Fraction:
    """What drawing rather than standing in ``cell`` adds to the banker's expected gain per coup.

    It is the cell's chance times the difference of the two gains of :func:`banker_gains`.

    >>> drawing_advantage(Shoe.of_decks(8), 1, (0, 5)) > 0       # a banker 0 always draws
    True
    """
    _, cells = _mixed(check_dealing(shoe), check_mix(q))
    _, stand, draw = cells[cell]
    return draw - stand


def best_reply(shoe: Dealing, q: object) -> frozenset[Cell]:
    """The cells where the banker's best reply draws, against a player who draws on 5 with probability ``q``.

    Where drawing and standing are worth the same the banker stands.

    >>> (3, 8) in best_reply(Shoe.of_decks(8), 1), (3, 9) in best_reply(Shoe.of_decks(8), 1)
    (False, True)
    """
    _, cells = _mixed(check_dealing(shoe), check_mix(q))
    return frozenset(c for c, (_, stand, draw) in cells.items() if draw > stand)


def banker_expectation(shoe: Dealing, q: object, banker: Iterable[Cell] | Mapping[Cell, object]) -> Fraction:
    """The banker's expected gain per coup when the player draws on 5 with probability ``q``.

    ``banker`` is the set of cells where he draws, or a mapping cell -> his probability of drawing there.

    >>> shoe = Shoe.of_decks(8)
    >>> banker_expectation(shoe, 1, STANDARD_DRAWING.banker_draws) == Fraction(banker_gain_count(dealt(shoe)), deals_total(shoe))
    True
    """
    shoe, q = check_dealing(shoe), check_mix(q)
    mix = banker if isinstance(banker, Mapping) else dict.fromkeys(banker, 1)
    never, cells = _mixed(shoe, q)
    for cell, p in mix.items():
        if cell not in cells:
            raise ValueError(f"{cell!r} is not a cell of the banker's chart; a cell is (banker total 0-7, "
                             "player's third card 0-9 or None for stood)")
        _, stand, draw = cells[cell]
        never += check_mix(p, f"the banker's probability of drawing in {cell}") * (draw - stand)
    return never


def banker_guarantee(shoe: Dealing, banker: Iterable[Cell] | Mapping[Cell, object]) -> Fraction:
    """The least the banker's strategy gains per coup, whatever the player does on 5.

    His gain is a straight line in the player's probability q of drawing on 5,
    so its least value is at q = 0 or q = 1: the smaller of his gains against
    a player who always stands and one who always draws.

    >>> shoe = Shoe.of_decks(8)
    >>> banker_guarantee(shoe, solve(shoe).banker) == solve(shoe).value        # the optimal mix guarantees the value
    True
    >>> banker_guarantee(shoe, STANDARD_DRAWING.banker_draws) < solve(shoe).value    # punto banco's chart does not
    True
    """
    return min(banker_expectation(shoe, q, banker) for q in (0, 1))


def contested_cells(shoe: Dealing) -> frozenset[Cell]:
    """The cells where the banker's best choice depends on the player's: drawing is better against one pure
    player strategy and standing against the other.  In every other cell one choice dominates.

    >>> sorted(contested_cells(Shoe.of_decks(1)), key=str)
    [(3, 8), (3, 9), (4, 2), (6, None)]
    """
    return best_reply(shoe, 1) ^ best_reply(shoe, 0)


class Solution(NamedTuple):
    """The solution of chemin de fer: each side's optimal strategy and the value of the game to the banker."""

    player_draws_on_5: Fraction
    """The probability with which the player draws on 5."""
    banker: dict[Cell, Fraction]
    """For each cell, the probability with which the banker draws (1 draw, 0 stand, between: mix)."""
    value: Fraction
    """The banker's expected gain per coup when both play so; neither can do better alone."""
    matrix: tuple[tuple[Fraction, Fraction], tuple[Fraction, Fraction]]
    """The 2 x 2 game left after dominated choices go: rows the player draws / stands on 5, columns the banker's
    best reply to a player drawing a little less / a little more often than the solution; entries the banker's gain."""


def breakpoints(shoe: Dealing) -> list[Fraction]:
    """The player's probabilities of drawing on 5 at which some cell's best choice changes, with 0 and 1.

    >>> [round(float(p), 4) for p in breakpoints(Shoe.of_decks(8))]
    [0.0, 0.3607, 0.4, 0.813, 0.9773, 1.0]
    """
    (_, always), (_, never) = _mixed(check_dealing(shoe), Fraction(1)), _mixed(shoe, Fraction(0))
    points = {Fraction(0), Fraction(1)}
    for cell in CELLS:
        a, b = always[cell][2] - always[cell][1], never[cell][2] - never[cell][1]
        if a != b and 0 < b / (b - a) < 1:  # the advantage q a + (1 - q) b is 0 at q = b / (b - a)
            points.add(b / (b - a))
    return sorted(points)


def best_reply_value(shoe: Dealing, q: object) -> Fraction:
    """The banker's expected gain when he makes his best reply to the player's ``q``: what the player concedes.

    >>> best_reply_value(Shoe.of_decks(8), 1) > banker_expectation(Shoe.of_decks(8), 1, STANDARD_DRAWING.banker_draws)
    True
    """
    return banker_expectation(shoe, q, best_reply(shoe, q))


def solve(shoe: Dealing) -> Solution:
    """The solution of the game: the player minimises the banker's best-reply gain, which is convex and
    piecewise linear in his probability of drawing on 5, so its least value is at a breakpoint.

    >>> solution = solve(Shoe.of_decks(8))
    >>> solution.value == best_reply_value(Shoe.of_decks(8), solution.player_draws_on_5)
    True
    """
    points = breakpoints(check_dealing(shoe))
    q = min(points, key=lambda point: best_reply_value(shoe, point))
    i = points.index(q)
    left = best_reply(shoe, (points[max(i - 1, 0)] + q) / 2)
    right = best_reply(shoe, (points[min(i + 1, len(points) - 1)] + q) / 2)
    matrix = tuple(tuple(banker_expectation(shoe, player, columns) for columns in (left, right))
                   for player in (1, 0))
    (dl, dr), (sl, sr) = matrix
    # the banker weights the right column by r so that the player's two choices are worth the same to him
    r = Fraction(0) if dr - dl == sr - sl else (sl - dl) / ((dr - dl) - (sr - sl))
    r = min(max(r, Fraction(0)), Fraction(1))
    banker = {c: (1 - r) * (c in left) + r * (c in right) for c in CELLS}
    return Solution(q, banker, best_reply_value(shoe, q), matrix)  # type: ignore[arg-type]


def best_reply_range(shoe: Dealing, chart: frozenset[Cell]) -> tuple[Fraction, Fraction] | None:
    """The player's probabilities of drawing on 5 (an interval between breakpoints) against which ``chart`` is the
    banker's best reply, or None if it is his best reply to no player.

    >>> low, high = best_reply_range(Shoe.of_decks(8), STANDARD_DRAWING.banker_draws)    # punto banco's chart
    >>> round(float(low), 4), high == solve(Shoe.of_decks(8)).player_draws_on_5
    (0.4, True)
    """
    for low, high in pairwise(breakpoints(shoe)):
        if best_reply(shoe, (low + high) / 2) == chart:
            return low, high
    return None


def flipped(drawing: DrawingRules, cell: Cell) -> DrawingRules:
    """The drawing rules with one cell of the banker's chart changed: draw becomes stand, stand becomes draw.

    >>> flipped(STANDARD_DRAWING, (6, STOOD)).banker_draws_on(6, STOOD)
    True
    """
    if cell not in CELLS:
        raise ValueError(f"{cell!r} is not a cell of the banker's chart; a cell is (banker total 0-7, "
                         "player's third card 0-9 or None for stood)")
    return DrawingRules(player_draws=drawing.player_draws, banker_draws=drawing.banker_draws ^ {cell})


def chart_differences(shoe: Dealing, drawing: DrawingRules = STANDARD_DRAWING) -> list[Cell]:
    """The cells where a casino's fixed chart differs from the banker's best reply to its player's fixed rule.

    >>> chart_differences(Shoe.of_decks(8))      # the banker should draw on 4 against an ace, and on 6 when the player stood
    [(4, 1), (6, None)]
    """
    q = Fraction(5 in drawing.player_draws)
    return [c for c in CELLS if (c in best_reply(shoe, q)) != (c in drawing.banker_draws)]


def chart_edges(rules: BaccaratRules, drawing: DrawingRules | None = None) -> dict[str, Fraction]:
    """The house edge of the banker, player and tie bets when the banker draws by ``drawing`` (default: the rules').

    >>> from casino_math.display import percent
    >>> from casino_math.baccarat.rules import OXFORD
    >>> edges = chart_edges(OXFORD, flipped(STANDARD_DRAWING, (6, STOOD)))   # the banker draws on 6 when the player stood
    >>> {bet: percent(edge, 4) for bet, edge in edges.items()}
    {'banker': '0.9334%', 'player': '1.3767%', 'tie': '19.2782%'}
    """
    return dict(_edges(check_rules(rules), drawing or rules.drawing))


@lru_cache(maxsize=256)
def _edges(rules: BaccaratRules, drawing: DrawingRules) -> tuple[tuple[str, Fraction], ...]:
    # kept per chart, so that a widget going back to a cell it has shown answers at once
    return tuple((bet.name, house_edge(bet)) for bet in main_bets(rules.changed(drawing=drawing)))


def chart_text(banker: Mapping[Cell, Fraction]) -> str:
    """A banker's strategy printed as a chart: D draws, S stands, M mixes (draws with a probability between 0 and 1).

    >>> print(chart_text(solve(Shoe.of_decks(8)).banker).splitlines()[-2])
    6       S  S  S  S  S  S  D  D  S  S    M
    """
    marks = {cell: "D" if p == 1 else "S" if p == 0 else "M" for cell, p in banker.items()}
    lines = STANDARD_DRAWING.banker_chart_text().splitlines()[:2]
    for total in range(8):
        row = [marks.get((total, x), "S") for x in POINT_VALUES]
        lines.append(f"{total}       " + "  ".join(row) + f"    {marks.get((total, STOOD), 'S')}")
    return "\n".join(lines)
