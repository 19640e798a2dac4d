"""Widgets for the chapter "How much to bet: the Kelly criterion"."""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal, localcontext
from fractions import Fraction

from .. import baccarat, craps, display, roulette
from ..bets import Bet, odds_text, simple_bet
from ..distribution import Distribution
from ..kelly import growth_rate, kelly, safe_limit
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
    """What the Kelly explorer shows: the Kelly fraction, exactly, and the growth at the reader's stake and Kelly's.

    >>> print(growth_summary(0, Fraction(11, 20), Fraction(1), Fraction(1, 20)).split("<div")[0])
    <p>Bet: wins 1 to 1 with chance 11/20. Kelly fraction <b>f* = 1/10</b> (10.00% of the bankroll), exact: G'(f) = -(9/20)/(1 - f) + (11/20)/(1 + f) = 0.</p>
    >>> "stake nothing" in growth_summary(1, Fraction(11, 20), Fraction(1), Fraction(1, 20))
    True
    """
    build = BETS[pick][1]
    bet = own_bet(chance, payout) if build is None else build()
    found = kelly(bet)
    f = found.fraction
    if found.exact:
        said = f"<b>f* = {display.fraction_text(f)}</b> ({display.percent(f)} of the bankroll), exact"
    else:
        said = (f"<b>f* = {display.decimal(f, 6)}</b> ({display.percent(f, 4)} of the bankroll), rounded: the "
                "root is not rational")
    opening = f"<p>Bet: {bet.name}. Kelly fraction {said}: {found.equation}.</p>"
    if f == 0:
        opening += ("<p>The bet does not favour you: Kelly says stake nothing, and any stake makes the bankroll "
                    "shrink in the long run.</p>")
    rows = [("your stake", fraction)] + ([] if f == 0 else [
        ("half Kelly", f / 2), ("Kelly", f), ("twice Kelly", 2 * f)])
    limit = safe_limit(bet)
    cells = [[label, display.percent(g, 4), *_growth_cells(bet, g)] for label, g in rows if g < limit]
    columns = ["stake", "share of the bankroll", "growth per bet G(f)", f"typical bankroll after {HORIZON:,} bets"]
    return opening + display.Table(columns, cells, caption="Growth rates: the bankroll starts at 1")._repr_html_()


def _growth_cells(bet: Bet, fraction: Fraction) -> list[str]:
    growth = growth_rate(bet, fraction)
    with localcontext() as ctx:
        ctx.prec = 28
        typical = (growth * HORIZON).exp()
    shown = f"{typical:,.4f}" if Decimal("0.0001") <= typical < Decimal(10**6) else display.scientific(typical)
    return [f"{growth:.5g}", shown]


def _inactive(pick: int, **_others: object) -> list[str]:
    return [] if BETS[pick][1] is None else ["chance", "payout"]


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
    return Widget("kelly.growth", controls, growth_summary, _inactive)


def growth_explorer(pick: int = 0, chance: Fraction = Fraction(11, 20), payout: Fraction = Fraction(1),
                    fraction: Fraction = Fraction(1, 20)) -> Shown:
    """The Kelly explorer, live in Jupyter and on the site, starting from the given settings.

    >>> growth_explorer(fraction=Fraction(1, 10)).widget.defaults()["fraction"]
    9
    """
    return Shown(growth_widget().starting_at(pick=pick, chance=chance, payout=payout, fraction=fraction))
