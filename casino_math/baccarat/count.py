"""What counting can and cannot do: a bet's edge over the cards left, Thorp and Walden's theorem, real shoes.

The *edge* of a bet over a shoe, here, is its expected value per unit staked
when the next coup is dealt from exactly those cards: positive when the bet
favours the bettor.  Deal k cards from a shuffled shoe and call E_k the edge
over the cards left.  Two facts frame every question about counting:

- the mean edge is unchanged (the lemma): E[E_k] = E_0, because the cards a
  coup is dealt from after k others are as random as the first ones;
- the spread never shrinks (Thorp and Walden's fundamental theorem of card counting,
  in Ethier and Levin's martingale form): E_k is a martingale in k, so for
  every convex f, E[f(E_k)] never falls as k grows, as long as six cards are
  left for a coup.  With f(x) = max(x, 0), what a bettor who bets only when
  the edge is positive can expect never falls.

:func:`mean_edge_check` checks the lemma exactly and :func:`theorem_check`
the theorem.

>>> from casino_math.baccarat.rules import EZ
>>> one_deck = EZ.changed(decks=1)
>>> full, after = mean_edge_check("dragon_7", one_deck)
>>> full == after        # one card burnt unseen, averaged over the card: the edge is unchanged
True
>>> gains = theorem_check("dragon_7", one_deck, dealt=3)
>>> gains == tuple(sorted(gains))      # E[max(edge, 0)] after 0, 1, 2, 3 cards: it never falls
True
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, NamedTuple

from ..bets import expected_value
from ..distribution import Distribution, is_whole
from .cards import CARDS, POINT_VALUES, Shoe, check_shoe, point_value
from .layout import bet, check_bet_id
from .rules import EZ, PAIR_BETS, BaccaratRules, check_rules

if TYPE_CHECKING:  # numpy is imported only to deal real shoes: the exact counting runs in a browser without it
    import numpy as np

#: The side bets a counter watches: EZ Baccarat's two, and the four pair bets.
SIDE_BETS = ("dragon_7", "panda_8", *PAIR_BETS)


def edge(bet_id: str, shoe: Shoe, rules: BaccaratRules = EZ) -> Fraction:
    """The bet's expected value per unit staked when the next coup is dealt from ``shoe`` (> 0 favours the bettor).

    >>> from casino_math.display import percent
    >>> percent(edge("panda_8", Shoe.of_decks(8)), 4)
    '-10.1876%'
    >>> percent(edge("panda_8", Shoe.of_decks(8).without(8, 16)), 4)      # half the 8s gone: fewer three-card 8s
    '-14.3897%'
    """
    return expected_value(bet(check_bet_id(bet_id), check_rules(rules), check_shoe(shoe)))


def shoe_of_cards(cards: Iterable[int]) -> Shoe:
    """The shoe holding ``cards[i]`` of the i-th card of :data:`~casino_math.baccarat.cards.CARDS`.

    >>> shoe_of_cards([1] * 52) == Shoe.of_decks(1)
    True
    """
    cards = tuple(cards)
    if len(cards) != len(CARDS):
        raise ValueError(f"a shoe's cards are a count for each of the {len(CARDS)} cards of a deck, not {len(cards)}")
    by_value = [0] * len(POINT_VALUES)
    for (rank, _), n in zip(CARDS, cards, strict=True):
        by_value[point_value(rank)] += n
    return Shoe(tuple(by_value), cards)


def next_card(shoe: Shoe, by: str = "card") -> list[tuple[int, Shoe]]:
    """Every way the next card can leave the shoe: (how many cards of the shoe it can be, the shoe after it).

    ``by`` is "card" (rank and suit, for a shoe that knows them) or "value"
    (point value: all the main bets and EZ's side bets need).

    >>> [(n, after.counts[0]) for n, after in next_card(Shoe.from_values({0: 3, 9: 1}), by="value")]
    [(3, 2), (1, 3)]
    >>> next_card(Shoe.of_decks(1), by="suit")
    Traceback (most recent call last):
    ...
    ValueError: the next card is told apart by 'card' (rank and suit) or by 'value' (point value), not 'suit'
    """
    if by == "value":
        return [(n, shoe.without(v)) for v, n in enumerate(shoe.counts) if n]
    if by != "card":
        raise ValueError(f"the next card is told apart by 'card' (rank and suit) or by 'value' (point value), not {by!r}")
    cards = shoe.known_cards()
    return [(n, shoe_of_cards((*cards[:i], n - 1, *cards[i + 1:]))) for i, n in enumerate(cards) if n]


def needs_cards(bet_id: str) -> bool:
    """Whether the bet depends on each card's rank and suit (the pair bets), not only on point values.

    >>> needs_cards("perfect_pair"), needs_cards("dragon_7")
    (True, False)
    """
    return check_bet_id(bet_id) in PAIR_BETS


def edge_after(bet_id: str, shoe: Shoe, rules: BaccaratRules = EZ, dealt: int = 1) -> Distribution:
    """The distribution of the bet's edge after ``dealt`` cards leave ``shoe`` unseen, exactly.

    Every way the cards can come out is enumerated (by rank and suit for the
    pair bets, by point value for the others), each weighted by its chance.

    >>> after = edge_after("player_pair", Shoe.of_decks(1), dealt=1)
    >>> len(after), after.E() == edge("player_pair", Shoe.of_decks(1))     # every first card alike: one value
    (1, True)
    """
    shoe, rules = check_shoe(shoe), check_rules(rules)
    least = 4 if needs_cards(bet_id) else 6
    if not is_whole(dealt) or not 0 <= dealt <= shoe.size - least:
        raise ValueError(f"the cards dealt must be a whole number from 0 to {shoe.size - least}, so that the "
                         f"{least} cards a {bet_id} bet looks at are left in a shoe of {shoe.size}, not {dealt!r}")
    by = "card" if needs_cards(bet_id) else "value"
    return Distribution.from_counts(_edge_counts(bet_id, rules, shoe.counts, shoe.cards if by == "card" else None,
                                                 dealt))


@lru_cache(maxsize=4096)
def _edge_counts(bet_id: str, rules: BaccaratRules, counts: tuple[int, ...], cards: tuple[int, ...] | None,
                 dealt: int) -> dict[Fraction, int]:
    """Edge -> number of ordered ways to deal ``dealt`` cards that leave it (cached: shoes recur in the tree)."""
    shoe = Shoe(counts, cards)
    if dealt == 0:
        return {edge(bet_id, shoe, rules): 1}
    ways: dict[Fraction, int] = {}
    for n, after in next_card(shoe, "card" if cards is not None else "value"):
        for value, m in _edge_counts(bet_id, rules, after.counts, after.cards, dealt - 1).items():
            ways[value] = ways.get(value, 0) + n * m
    return ways


def mean_edge_check(bet_id: str, rules: BaccaratRules = EZ, shoe: Shoe | None = None,
                    dealt: int = 1) -> tuple[Fraction, Fraction]:
    """The lemma of the mean edge, checked exactly: (the edge of ``shoe``, its mean after ``dealt`` unseen cards).

    The two are equal for every bet, shoe and number of cards that leaves a coup's cards in the shoe.

    >>> mean_edge_check("perfect_pair", EZ.changed(decks=2), dealt=2)
    (Fraction(-5177, 10403), Fraction(-5177, 10403))
    """
    shoe = check_rules(rules).full_shoe if shoe is None else check_shoe(shoe)
    return edge(bet_id, shoe, rules), edge_after(bet_id, shoe, rules, dealt).E()


def theorem_check(bet_id: str, rules: BaccaratRules = EZ, shoe: Shoe | None = None,
                  dealt: int = 1) -> tuple[Fraction, ...]:
    """Thorp and Walden's theorem, checked exactly: E[max(edge, 0)] after 0, 1, ..., ``dealt`` unseen cards.

    The theorem says the sequence never falls (it is the convex function
    max(x, 0) of a martingale), for as many cards as leave a coup's cards in
    the shoe.

    >>> theorem_check("panda_8", EZ.changed(decks=1), dealt=2)[0]      # a full deck never favours the Panda 8
    Fraction(0, 1)
    """
    shoe = check_rules(rules).full_shoe if shoe is None else check_shoe(shoe)
    return tuple(counter_gain_exact(bet_id, shoe, rules, k) for k in range(dealt + 1))


def counter_gain_exact(bet_id: str, shoe: Shoe, rules: BaccaratRules = EZ, dealt: int = 1) -> Fraction:
    """E[max(edge, 0)] after ``dealt`` unseen cards: what betting one unit only when the edge is positive is worth.

    >>> edge_after("player_pair", Shoe.of_decks(1), dealt=2)       # a pair dealt first (1/17) leaves fewer pairs
    Distribution({Fraction(-349, 1225): 1/17, Fraction(-361, 1225): 16/17})
    >>> counter_gain_exact("player_pair", Shoe.of_decks(1), dealt=2)          # never positive: nothing to gain
    Fraction(0, 1)
    """
    return edge_after(bet_id, shoe, rules, dealt).E(lambda e: max(e, Fraction(0)))


def effects_by_rank(bet_id: str, rules: BaccaratRules = EZ, shoe: Shoe | None = None) -> dict[str, Fraction]:
    """For each rank, the change in the bet's edge when one card of that rank (the first suit the shoe has) leaves.

    In a full shoe every rank is alike to the pair bets, so each effect is the
    same, and since the effects weighted by the cards add up to 0, each is 0:
    a linear count cannot see the pair bets move.

    >>> set(effects_by_rank("either_pair", EZ.changed(decks=6)).values())
    {Fraction(0, 1)}
    """
    shoe = check_rules(rules).full_shoe if shoe is None else check_shoe(shoe)
    cards, full = shoe.known_cards(), edge(bet_id, shoe, rules)
    effects: dict[str, Fraction] = {}
    for i, ((rank, _), n) in enumerate(zip(CARDS, cards, strict=True)):
        if n and rank not in effects:
            effects[rank] = edge(bet_id, shoe_of_cards((*cards[:i], n - 1, *cards[i + 1:])), rules) - full
    return effects


# Counters through real shoes: cards dealt in order to the cut card, the exact edge of the rest before each coup.


@dataclass(frozen=True)
class CountedShoes:
    """What a perfect counter of each side bet met over shoes dealt to the cut card.

    The counter knows every card dealt, works out each bet's exact edge over
    the rest before every coup, and bets one unit only when it is positive.
    """

    shoes: int
    """How many shoes were dealt."""
    coups: int
    """How many coups were dealt in all."""
    favourable: dict[str, int]
    """Bet ID -> the coups on which its edge over the cards left was positive."""
    gain: dict[str, Fraction]
    """Bet ID -> the sum of those positive edges: the counter's expected gain, in units, given the cards dealt."""
    won: dict[str, Fraction]
    """Bet ID -> what the counter's one-unit bets actually won, in units."""
    shoe_gains: dict[str, tuple[Fraction, ...]]
    """Bet ID -> the expected gain of each shoe, in the order dealt."""
    favourable_cards_left: dict[str, tuple[int, ...]]
    """Bet ID -> for each coup on which it was favourable, how many cards the shoe held before it."""

    def favourable_share(self, bet_id: str) -> Fraction:
        """The share of coups on which the bet was favourable."""
        return Fraction(self.favourable[bet_id], self.coups)

    def gain_per_shoe(self, bet_id: str) -> Fraction:
        """The counter's mean expected gain per shoe, in units."""
        return self.gain[bet_id] / self.shoes


class CountedCoup(NamedTuple):
    """One coup of a dealt shoe as a counter saw it: each bet's edge over the cards left, and what one unit netted."""

    cards_left: int
    """Cards in the shoe before the coup was dealt."""
    edges: dict[str, Fraction]
    """Bet ID -> its exact edge over the cards left."""
    nets: dict[str, Fraction]
    """Bet ID -> what one unit on it netted on this coup."""


def _check_counter(rules: BaccaratRules, bet_ids: tuple[str, ...], cut: int) -> None:
    from .simulate import check_cut_card, shoe_cards

    for bet_id in bet_ids:
        if bet_id not in SIDE_BETS:
            raise ValueError(f"a counter here watches the side bets {', '.join(SIDE_BETS)}, not {bet_id!r}")
    check_cut_card(cut, len(shoe_cards(check_rules(rules))))


def deal_shoe(rng: np.random.Generator, rules: BaccaratRules = EZ, bet_ids: tuple[str, ...] = SIDE_BETS,
              cut_card: int | None = None) -> list[CountedCoup]:
    """One shuffled shoe dealt coup by coup to the cut card: before each coup, each bet's exact edge over the rest.

    The cut card defaults to :data:`casino_math.baccarat.simulate.CUT_CARD` cards from the end.  The coups are
    settled as the simulation settles them (:func:`~casino_math.baccarat.simulate.baccarat_nets`).

    >>> from casino_math.simulate import generator
    >>> coups = deal_shoe(generator(1), EZ.changed(decks=1), ("dragon_7",))
    >>> len(coups), coups[0].cards_left, coups[0].edges["dragon_7"] == edge("dragon_7", Shoe.of_decks(1))
    (8, 52, True)
    """
    import numpy as np

    from .simulate import CUT_CARD, DEALT, baccarat_nets, card_faces, first_pairs, play_coups, shoe_cards

    cut = CUT_CARD if cut_card is None else cut_card
    _check_counter(rules, bet_ids, cut)
    values, ranks = card_faces()
    order = rng.permutation(shoe_cards(rules))
    left, position, before, hands = [rules.decks] * len(CARDS), 0, [], []
    while position < len(order) - cut:
        shoe, hand = shoe_of_cards(left), order[position:position + 6]
        _, _, player_cards, banker_cards = (int(a[0]) for a in play_coups(values[hand][None, :], rules))
        before.append((len(order) - position, {b: edge(b, shoe, rules) for b in bet_ids}))
        hands.append(hand)
        for card in order[position:position + player_cards + banker_cards]:
            left[card] -= 1
        position += player_cards + banker_cards
    dealt = np.array(hands)
    columns = (*play_coups(values[dealt], rules), *(flags.astype(np.int64) for flags in first_pairs(dealt, ranks)))
    coups = dict(zip(DEALT[1:], columns, strict=True))
    nets = {b: baccarat_nets(bet(b, rules), coups) for b in bet_ids}
    return [CountedCoup(cards_left, edges, {b: Fraction(int(n.steps[i]), n.scale) for b, n in nets.items()})
            for i, (cards_left, edges) in enumerate(before)]


def count_shoes(shoes: int, rng: np.random.Generator, rules: BaccaratRules = EZ,
                bet_ids: tuple[str, ...] = SIDE_BETS, cut_card: int | None = None) -> CountedShoes:
    """Deal ``shoes`` shuffled shoes with :func:`deal_shoe`; a counter bets one unit on each bet whenever its edge
    over the cards left is positive.

    >>> from casino_math.simulate import generator
    >>> result = count_shoes(2, generator(1), EZ.changed(decks=1), ("player_pair", "dragon_7"))
    >>> result.shoes, result.coups, result.favourable
    (2, 16, {'player_pair': 0, 'dragon_7': 1})
    >>> count_shoes(1, generator(1), bet_ids=("banker",))
    Traceback (most recent call last):
    ...
    ValueError: a counter here watches the side bets dragon_7, panda_8, player_pair, banker_pair, either_pair, perfect_pair, not 'banker'
    """
    from ..simulate import check_count

    shoes = check_count(shoes, "the number of shoes")
    totals: dict[str, list[Fraction]] = {b: [] for b in bet_ids}
    left: dict[str, list[int]] = {b: [] for b in bet_ids}
    favourable, won, count = dict.fromkeys(bet_ids, 0), dict.fromkeys(bet_ids, Fraction(0)), 0
    for _ in range(shoes):
        coups = deal_shoe(rng, rules, bet_ids, cut_card)
        count += len(coups)
        for bet_id in bet_ids:
            good = [c for c in coups if c.edges[bet_id] > 0]
            favourable[bet_id] += len(good)
            left[bet_id] += [c.cards_left for c in good]
            won[bet_id] += sum((c.nets[bet_id] for c in good), Fraction(0))
            totals[bet_id].append(sum((c.edges[bet_id] for c in good), Fraction(0)))
    return CountedShoes(shoes, count, favourable, {b: sum(t, Fraction(0)) for b, t in totals.items()}, won,
                        {b: tuple(t) for b, t in totals.items()}, {b: tuple(n) for b, n in left.items()})
