"""The pair bets: the first two cards of a hand are a pair, counted from each card's rank and suit.

A pair bet looks only at the first four cards: the player's hand is the
first and third, the banker's the second and fourth.  Whether they pair
depends on ranks (a 10 and a king are both worth 0 but are no pair), and a
*perfect* pair also on suits, so these bets need a shoe that knows its cards
(:meth:`Shoe.of_decks <casino_math.baccarat.cards.Shoe.of_decks>` or
:meth:`Shoe.from_cards <casino_math.baccarat.cards.Shoe.from_cards>`).

With m_k cards of kind k (a rank, or a card for a perfect pair) in a shoe of
N, two cards dealt in a row match in sum m_k (m_k - 1) of the N (N - 1)
ordered ways; both hands pair in sum over k != j of m_k (m_k - 1) m_j (m_j - 1),
plus sum m_k (m_k - 1)(m_k - 2)(m_k - 3) for four cards of one kind, of the
N (N - 1)(N - 2)(N - 3) ordered ways to deal the first four cards.

>>> from casino_math.bets import house_edge
>>> from casino_math.display import percent
>>> percent(house_edge(pair_bet("player_pair")), 2), percent(house_edge(pair_bet("perfect_pair")), 2)
('10.36%', '13.03%')
"""

from __future__ import annotations

from fractions import Fraction
from math import perm
from typing import NamedTuple

from ..bets import LOSE, WIN, Bet, Line
from ..distribution import Distribution
from .cards import Shoe, check_shoe
from .deal import BANKER, PLAYER, Side
from .rules import OXFORD, PAIR_BETS, BaccaratRules, check_rules

#: The pair bets, by bet ID: the hands either of which must pair, and whether alike by "rank" or by "card" (suited).
PAIRED: dict[str, tuple[tuple[Side, ...], str]] = dict(zip(PAIR_BETS, [
    ((PLAYER,), "rank"),
    ((BANKER,), "rank"),
    ((PLAYER, BANKER), "rank"),
    ((PLAYER, BANKER), "card"),
], strict=True))

class Pairs(NamedTuple):
    """The first four cards as the pair bets see them.

    >>> Pairs(True, False, "rank").either
    True
    """

    player: bool
    """Whether the player's first two cards are alike."""
    banker: bool
    """Whether the banker's first two cards are alike."""
    alike: str
    """Alike by "rank" (a pair) or by "card" (rank and suit: a perfect pair)."""

    @property
    def either(self) -> bool:
        """Whether either hand's first two cards are alike."""
        return self.player or self.banker

    def of(self, side: Side) -> bool:
        """Whether the first two cards of ``side``'s hand are alike.

        >>> Pairs(True, False, "rank").of(BANKER)
        False
        """
        return self.player if side == PLAYER else self.banker


def pairs_dealt(shoe: Shoe, alike: str = "rank") -> Distribution:
    """The distribution of :class:`Pairs`: whether the player's and the banker's first two cards are alike.

    ``alike`` is "rank" (a pair) or "card" (a perfect pair: rank and suit).

    >>> one_deck = pairs_dealt(Shoe.of_decks(1))
    >>> one_deck.P(lambda pairs: pairs.player)      # 13 ranks x 4 x 3 ways of 52 x 51: 3/51
    Fraction(1, 17)
    """
    if alike not in ("rank", "card"):
        raise ValueError(f"cards are alike by 'rank' (a pair) or by 'card' (a perfect pair), not {alike!r}")
    shoe = check_shoe(shoe)
    if shoe.size < 4:
        raise ValueError(f"the shoe has {shoe.size} cards; the pair bets look at the first four, so it needs four")
    kinds = list(shoe.rank_counts().values()) if alike == "rank" else list(shoe.known_cards())
    n = shoe.size
    two = [k * (k - 1) for k in kinds]  # ordered ways for two cards of kind k
    one_hand = sum(two)
    both = one_hand * one_hand - sum(t * t for t in two) + sum(k * (k - 1) * (k - 2) * (k - 3) for k in kinds)
    player = one_hand * (n - 2) * (n - 3)  # the player pairs, whatever the banker holds
    counts = {(True, True): both, (True, False): player - both, (False, True): player - both,
              (False, False): perm(n, 4) - 2 * player + both}
    return Distribution.from_counts({Pairs(p, b, alike): c for (p, b), c in counts.items() if c})


def pair_bet(bet_id: str, rules: BaccaratRules = OXFORD, shoe: Shoe | None = None) -> Bet:
    """A pair bet under the rules' pay table, dealt from ``shoe`` (default: the rules' full shoe).

    >>> from casino_math.bets import p_win
    >>> p_win(pair_bet("perfect_pair")) == Fraction(246_848_784, 7_379_583_120)   # the Wizard of Odds' count
    True
    >>> pair_bet("twin_pair")
    Traceback (most recent call last):
    ...
    ValueError: unknown pair bet 'twin_pair'; the pair bets are: player_pair, banker_pair, either_pair, perfect_pair
    """
    if bet_id not in PAIRED:
        raise ValueError(f"unknown pair bet {bet_id!r}; the pair bets are: {', '.join(PAIRED)}")
    rules = check_rules(rules)
    hands, alike = PAIRED[bet_id]
    space = pairs_dealt(rules.full_shoe if shoe is None else shoe, alike)

    def line(pairs: Pairs) -> Line:
        return WIN if any(pairs.of(hand) for hand in hands) else LOSE

    return Bet(bet_id.replace("_", " "), space, line, {WIN: rules.pays[bet_id], LOSE: Fraction(-1)})
