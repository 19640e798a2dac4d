"""Widgets for the chapter "How much to bet: the Kelly criterion"."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal, localcontext
from fractions import Fraction

from .. import baccarat, craps, display, roulette
from ..bets import Bet, expected_value, odds_text, p_win, simple_bet
from ..distribution import Distribution
from ..kelly import growth_rate, kelly, safe_limit
from ..tables import Cell, Column, Holds, Table
from .live import Control, Shown, Widget, defines

#: The shoe of the chapter's positive-edge moment: eight decks with every 3 and every 4 dealt.
DEPLETED = {3: 32, 4: 32}
#: The win probabilities the slider offers, 5% to 95%.
CHANCES = tuple(Fraction(n, 100) for n in range(5, 96))
#: The payouts offered for a bet of one's own.
PAYOUTS = tuple(Fraction(x) for x in ("1", "6/5", "3/2", "2", "3", "5", "8", "17", "35"))
#: The shares of the bankroll the reader may stake on each bet.
FRACTIONS = tuple(Fraction(x) for x in ("0", "1/1000", "1/500", "1/200", "1/100", "1/50", "3/100", "1/20", "3/40",
                                        "1/10", "3/20", "1/5", "1/4", "3/10", "2/5", "1/2", "3/5", "3/4", "9/10"))
#: How many bets the "typical bankroll" column looks ahead.
HORIZON = 1000


def depleted_dragon() -> Bet:
    """The Dragon Bonus on the player from eight decks with every 3 and 4 dealt: a bet with an edge for the player."""
    return baccarat.bet("dragon_bonus_player", baccarat.OXFORD, baccarat.Shoe.of_decks(8).removing(DEPLETED))


#: The bets the reader can pick: a name, and how to build the bet (None: the chance and payout set below).
BETS: tuple[tuple[str, Callable[[], Bet] | None], ...] = (
    ("a bet of your own: the chance and payout below", None),
    ("red at roulette", roulette.red),
    ("the pass line", lambda: craps.bet("pass")),
    ("banker, 8 decks", lambda: baccarat.bet("banker")),
    ("Dragon Bonus (player), 8 decks less every 3 and 4", depleted_dragon),
)


def own_bet(chance: Fraction, payout: Fraction) -> Bet:
    """A bet that wins ``payout`` to 1 with probability ``chance`` and otherwise loses the stake.

    >>> own_bet(Fraction(11, 20), Fraction(1)).net()
    Distribution({Fraction(1, 1): 11/20, Fraction(-1, 1): 9/20})
    """
    space = Distribution({"win": chance, "lose": 1 - chance})
    return simple_bet(f"wins {odds_text(payout)} with chance {chance}", space, lambda o: o == "win", payout)


def growth_summary(pick: int, chance: Fraction, payout: Fraction, fraction: Fraction) -> str:
    """What the Kelly explorer shows: the Kelly fraction, exactly, with the equation it solves typeset as math (or,
    for a bet without an edge, why the answer is to stake nothing), then the growth at the reader's stake and Kelly's.

    >>> print(growth_summary(0, Fraction(11, 20), Fraction(1), Fraction(1, 20)).split("<div")[0])
    <p>Bet: wins 1 to 1 with chance 11/20. Kelly fraction <b>f* = 1/10</b> (10.00% of the bankroll), exact. It solves</p>
    >>> "stake nothing" in growth_summary(1, Fraction(11, 20), Fraction(1), Fraction(1, 20))
    True
    """
    build = BETS[pick][1]
    bet = own_bet(chance, payout) if build is None else build()
    found = kelly(bet)
    f = found.fraction
    if f == 0:
        opening = no_edge(bet)
    elif found.exact:
        opening = (f"<p>Bet: {bet.name}. Kelly fraction <b>f* = {display.fraction_text(f)}</b> "
                   f"({display.percent(f)} of the bankroll), exact. It solves</p>{slope_math(bet)}")
    else:
        opening = (f"<p>Bet: {bet.name}. Kelly fraction <b>f* = {display.decimal(f, 6)}</b> "
                   f"({display.percent(f, 4)} of the bankroll), rounded: the root is not rational. It solves</p>"
                   f"{slope_math(bet)}")
    rows = [("your stake", fraction)] + ([] if f == 0 else [
        ("half Kelly", f / 2), ("Kelly", f), ("twice Kelly", 2 * f)])
    limit = safe_limit(bet)
    cells: list[list[Cell]] = [[label, g, *_growth_cells(bet, g)] for label, g in rows if g < limit]
    columns = [Column("stake"), Column("share of the bankroll", Holds.PERCENT, digits=4), Column("growth per bet G(f)"),
               Column(f"typical bankroll after {HORIZON:,} bets")]
    return opening + Table(columns, cells, caption="Growth rates: the bankroll starts at 1")._repr_html_()


def no_edge(bet: Bet) -> str:
    """Why Kelly stakes nothing on a bet without an edge for the bettor, in words (the slope of the growth rate at 0
    is the bet's expected value, and the growth rate only bends down from there).

    >>> print(no_edge(roulette.red()))
    <p>Bet: red. Kelly fraction <b>f* = 0</b>: the bet has no edge for you. Its expected value is -5.26% of each unit staked, so the growth rate G(f) falls from the first unit you stake (its slope at 0 is G'(0) = E[X] < 0). Kelly says stake nothing: any stake makes the bankroll shrink in the long run.</p>
    """
    ev = expected_value(bet)
    slope = "G'(0) = E[X] < 0" if ev < 0 else "G'(0) = E[X] = 0, and it only bends down from there"
    return (f"<p>Bet: {bet.name}. Kelly fraction <b>f* = 0</b>: the bet has no edge for you. Its expected value is "
            f"{display.percent(ev)} of each unit staked, so the growth rate G(f) falls from the first unit you "
            f"stake (its slope at 0 is {slope}). Kelly says stake nothing: any stake makes the bankroll shrink in "
            "the long run.</p>")


def slope_math(bet: Bet) -> str:
    r"""The equation G'(f) = 0 that the Kelly fraction solves, as display math: one term per net result x of the
    bet, P(x) x / (1 + x f) (a push drops out); two terms share a line, more take a line each (narrow enough for a
    phone).

    >>> print(slope_math(own_bet(Fraction(11, 20), Fraction(1))))
    <div class="math notranslate nohighlight">\[ \begin{aligned} G'(f) &= - \frac{9}{20(1 - f)} + \frac{11}{20(1 + f)} = 0 \end{aligned} \]</div>
    """
    terms = [_slope_term(p * x, x) for x, p in sorted(bet.net().items()) if x != 0]
    per_line = 2 if len(terms) <= 2 else 1
    lines = [" ".join(terms[i:i + per_line]) for i in range(0, len(terms), per_line)]
    first, *rest = [line.removeprefix("+ ") if i == 0 else line for i, line in enumerate(lines)]
    body = f"G'(f) &= {first}" + "".join(f" \\\\ &\\quad {line}" for line in rest) + " = 0"
    return f'<div class="math notranslate nohighlight">\\[ \\begin{{aligned}} {body} \\end{{aligned}} \\]</div>'


def _slope_term(weight: Fraction, x: Fraction) -> str:
    """One term of G'(f): its sign, then the weight P(x) x = a/b over 1 + x f, written a / (b (1 + x f))."""
    sign = "-" if weight < 0 else "+"
    slope = "" if abs(x) == 1 else f"{display.latex(abs(x))} "
    below = f"1 {'+' if x > 0 else '-'} {slope}f"
    below = below if weight.denominator == 1 else f"{weight.denominator}({below})"
    return f"{sign} \\frac{{{abs(weight.numerator)}}}{{{below}}}"


def _growth_cells(bet: Bet, fraction: Fraction) -> list[str]:
    growth = growth_rate(bet, fraction)
    with localcontext() as ctx:
        ctx.prec = 28
        typical = (growth * HORIZON).exp()
    shown = f"{typical:,.4f}" if Decimal("0.0001") <= typical < Decimal(10**6) else display.scientific(typical)
    return [f"{growth:.5g}", shown]


def _inactive(pick: int, **_others: object) -> list[str]:
    return [] if BETS[pick][1] is None else ["chance", "payout"]


def chosen_bet_readouts(pick: int, **_others: object) -> dict[str, tuple[int | None, str]]:
    """What the chance and payout sliders show while a bet of the casino's is chosen: that bet's chance of winning
    and its payout (or the range of its payouts), each slider at the option nearest it.

    >>> chosen_bet_readouts(3)                                   # banker: wins 45.86% of coups, pays 19 to 20
    {'chance': (41, '45.86%'), 'payout': (0, '19 to 20')}
    >>> chosen_bet_readouts(4)["payout"], chosen_bet_readouts(0)
    ((None, '1 to 1 up to 30 to 1'), {})
    """
    build = BETS[pick][1]
    if build is None:
        return {}
    bet = build()
    chance = p_win(bet)
    wins = sorted(x for x in bet.net() if x > 0)
    nearest = min(range(len(CHANCES)), key=lambda i: abs(CHANCES[i] - chance))
    payout: tuple[int | None, str]
    if len(wins) == 1:
        payout = (min(range(len(PAYOUTS)), key=lambda i: abs(PAYOUTS[i] - wins[0])), odds_text(wins[0]))
    else:
        payout = (None, f"{odds_text(wins[0])} up to {odds_text(wins[-1])}")
    return {"chance": (nearest, display.percent(chance)), "payout": payout}


@defines("kelly.growth")
def growth_widget() -> Widget:
    """The Kelly explorer's definition: pick a bet or set one, pick a stake, see growth and the Kelly fraction.

    >>> growth_widget().view({"pick": 2})["inactive"]
    ['chance', 'payout']
    """
    controls = (
        Control("pick", "dropdown", "Bet", options=tuple((name, i) for i, (name, _) in enumerate(BETS)), default=0),
        Control("chance", "options", "Chance of winning", options=tuple((display.percent(c, 0), c) for c in CHANCES),
                default=Fraction(11, 20)),
        Control("payout", "options", "Pays", options=tuple((odds_text(x), x) for x in PAYOUTS), default=Fraction(1)),
        Control("fraction", "options", "Stake per bet (share of bankroll)",
                options=tuple((display.percent(x, 1), x) for x in FRACTIONS), default=Fraction(1, 20)),
    )
    return Widget("kelly.growth", controls, growth_summary, _inactive, readouts=chosen_bet_readouts)


def growth_explorer(pick: int = 0, chance: Fraction = Fraction(11, 20), payout: Fraction = Fraction(1),
                    fraction: Fraction = Fraction(1, 20)) -> Shown:
    """The Kelly explorer, live in Jupyter and on the site, starting from the given settings.

    >>> growth_explorer(fraction=Fraction(1, 10)).widget.defaults()["fraction"]
    9
    """
    return Shown(growth_widget().starting_at(pick=pick, chance=chance, payout=payout, fraction=fraction))
