"""Baccarat's Monte Carlo twin: coups dealt in order from a real shoe, without replacement, to the cut card.

The cards are shuffled with a seeded :class:`numpy.random.Generator` and dealt
player, banker, player, banker, then third cards by the rules' own drawing
chart, many shoes side by side.  A dealt coup is settled as the exact bets are:
it is turned into the exact model's :class:`~casino_math.baccarat.deal.Coup`
(or, for the pair bets, :class:`~casino_math.baccarat.pairs.Pairs`), and the
bet's own line rule and pay table say what it nets, so who won, the naturals
and the three-card 7 are read off a coup in one place, :mod:`~casino_math.baccarat.deal`.

>>> from casino_math.simulate import TOLERANCE, generator
>>> from casino_math.baccarat import OXFORD, bet
>>> banker = bet("banker")
>>> abs(twin("banker", banker, OXFORD, 20_000, generator(1)).z_score(banker)) < TOLERANCE
True
"""

from __future__ import annotations

from collections.abc import Hashable, Mapping
from functools import cache

import numpy as np

from ..bets import Bet
from ..distribution import is_whole
from ..simulate import Flags, Ints, Sample, check_count, nets_in_steps, played_by
from .cards import CARDS, RANKS, point_value
from .deal import Coup
from .pairs import Pairs
from .rules import STANDARD_DRAWING, STOOD, BaccaratRules, DrawingRules

#: Cards left behind the cut card: 14, as a Las Vegas dealing school teaches it (Gold Star School of Gaming,
#: "Baccarat Shuffle").  Casinos differ in how many coups they deal once the cut card is out; here the coup in
#: progress is finished and the shoe is shuffled, a difference far below what a simulation can see.
CUT_CARD = 14

#: The point values, the totals and the cards a hand can hold, for the tables the coups are looked up in.
_VALUES, _CARDS = 10, (2, 3)


def shoe_cards(rules: BaccaratRules | None) -> Ints:
    """Every card in the rules' shoe (8 decks: 416 cards), as its index in the deck's list of cards.

    The pair bets need each card's rank and suit, so the shoe is dealt as
    cards; :func:`card_faces` gives their point values and ranks.

    >>> cards = shoe_cards(None)
    >>> len(cards), int((card_faces()[0][cards] == 0).sum())
    (416, 128)
    """
    decks = 8 if rules is None else rules.decks
    return np.tile(np.arange(len(CARDS)), decks)


def card_faces() -> tuple[Ints, Ints]:
    """For each card of the deck, by index: its point value and its rank's index.

    >>> values, ranks = card_faces()
    >>> int(values[0]), int(ranks[0]), int(values[-1]), int(ranks[-1])     # the ace of spades, the king of clubs
    (1, 0, 0, 12)
    """
    return (np.array([point_value(rank) for rank, _ in CARDS]), np.array([RANKS.index(rank) for rank, _ in CARDS]))


@cache
def _drawing_tables(drawing: DrawingRules) -> tuple[Flags, Flags]:
    """The drawing procedure as lookup tables (read-only, as they are cached), by (player total, banker total):
    whether the player draws, and whether the banker draws for each player's third card (last column: stood)."""
    player = np.zeros((_VALUES, _VALUES), dtype=bool)
    banker = np.zeros((_VALUES, _VALUES, _VALUES + 1), dtype=bool)
    for p in range(_VALUES):
        for b in range(_VALUES):
            player_draws, banker_draws_on = drawing.procedure(p, b)
            player[p, b] = player_draws
            for card in banker_draws_on:
                banker[p, b, _VALUES if card is STOOD else card] = True
    player.flags.writeable = banker.flags.writeable = False
    return player, banker


def play_coups(hands: Ints, rules: BaccaratRules | None = None) -> tuple[Ints, Ints, Ints, Ints]:
    """Play many coups at once from rows of six point values, by the rules' drawing chart.

    The cards go player, banker, player, banker; the player draws the fifth
    card by the rules' player row; the banker draws the next unused card by
    its chart (column: the player's third card, or "stood"); a natural stops
    both.  Returns the player's and the banker's totals and card counts.

    >>> play_coups(np.array([[3, 4, 2, 0, 9, 1], [3, 4, 2, 0, 6, 1], [9, 0, 0, 0, 5, 5]]))[:2]
    (array([4, 1, 9]), array([4, 5, 0]))
    """
    player_rule, banker_chart = _drawing_tables(STANDARD_DRAWING if rules is None else rules.drawing)
    player, banker = (hands[:, 0] + hands[:, 2]) % 10, (hands[:, 1] + hands[:, 3]) % 10
    player_draws = player_rule[player, banker]
    banker_draws = banker_chart[player, banker, np.where(player_draws, hands[:, 4], _VALUES)]
    banker_card = np.where(player_draws, hands[:, 5], hands[:, 4])
    player = np.where(player_draws, (player + hands[:, 4]) % 10, player)
    banker = np.where(banker_draws, (banker + banker_card) % 10, banker)
    return player, banker, 2 + player_draws.astype(np.int64), 2 + banker_draws.astype(np.int64)


def first_pairs(hands: Ints, ranks: Ints) -> tuple[Flags, Flags, Flags, Flags]:
    """For rows of dealt cards (by index): whether the player's and the banker's first two cards share a rank, and
    whether they are the same card (rank and suit).

    >>> first_pairs(np.array([[0, 4, 1, 8]]), card_faces()[1])      # two aces to the player; an ace and a 3
    (array([ True]), array([False]), array([False]), array([False]))
    """
    return (ranks[hands[:, 0]] == ranks[hands[:, 2]], ranks[hands[:, 1]] == ranks[hands[:, 3]],
            hands[:, 0] == hands[:, 2], hands[:, 1] == hands[:, 3])


#: The columns of what :func:`deal_shoes` deals, one value per coup.
DEALT = ("shoe", "player", "banker", "player_cards", "banker_cards", "player_pair", "banker_pair",
         "player_perfect_pair", "banker_perfect_pair")


def deal_shoes(
    rules: BaccaratRules | None, shoes: int, rng: np.random.Generator, cut_card: int = CUT_CARD
) -> dict[str, Ints]:
    """Deal ``shoes`` shuffled shoes coup after coup until the cut card: every coup's totals and cards.

    Each coup is played by :func:`play_coups` from the next cards of its shoe,
    without replacement; a new coup starts only before the cut card,
    ``cut_card`` cards from the end, and the next shoe is a fresh shuffle.
    The shoes are dealt side by side.

    Beside the totals it records, for the pair bets, whether each hand's first
    two cards share a rank and whether they are the same card (rank and suit).

    >>> from casino_math.simulate import generator
    >>> coups = deal_shoes(None, 2, generator(12))
    >>> sorted(coups)[:5], int(coups["shoe"].max())
    (['banker', 'banker_cards', 'banker_pair', 'banker_perfect_pair', 'player'], 1)
    """
    shoes = check_count(shoes, "the number of shoes")
    cards = shoe_cards(rules)
    check_cut_card(cut_card, len(cards))
    values, ranks = card_faces()
    decks = rng.permuted(np.tile(cards, (shoes, 1)), axis=1)
    position = np.zeros(shoes, dtype=np.int64)
    dealt = []
    live = np.arange(shoes)
    while live.size:
        hands = decks[live[:, None], position[live][:, None] + np.arange(6)]
        coup = play_coups(values[hands], rules)
        dealt.append((live, *coup, *first_pairs(hands, ranks)))
        position[live] += coup[2] + coup[3]
        live = live[position[live] < len(cards) - cut_card]
    return {name: np.concatenate([d[i] for d in dealt]).astype(np.int64) for i, name in enumerate(DEALT)}


def check_cut_card(cut_card: object, size: int) -> int:
    """``cut_card`` if it leaves room for a coup on either side in a shoe of ``size`` cards, else a one-line error.

    >>> check_cut_card(3, 416)
    Traceback (most recent call last):
    ...
    ValueError: the cut card must leave a whole number of cards from 6 (a coup can take six) to 410 behind it, not 3
    """
    if not is_whole(cut_card) or not 6 <= cut_card <= size - 6:
        raise ValueError(f"the cut card must leave a whole number of cards from 6 (a coup can take six) to {size - 6} "
                         f"behind it, not {cut_card!r}")
    return cut_card


def _coup_key(player: Ints | int, banker: Ints | int, player_cards: Ints | int, banker_cards: Ints | int) -> Ints:
    """A whole number for each coup (player, banker, cards), 0 to 399, the same for arrays as for one coup."""
    return np.asarray(((player * _VALUES + banker) * 2 + player_cards - 2) * 2 + banker_cards - 2)


def _dealt_outcomes(example: Hashable, coups: Mapping[str, Ints]) -> tuple[Ints, dict[int, Hashable]]:
    """Every dealt coup as a key, and each key's outcome in the terms of the bet (``example`` is one of them):
    its :class:`Coup`, the coup's result, or the first four cards' :class:`Pairs`."""
    if isinstance(example, Pairs):
        prefix = "" if example.alike == "rank" else "perfect_"
        keys = coups[f"player_{prefix}pair"].astype(np.int64) * 2 + coups[f"banker_{prefix}pair"]
        return keys, {p * 2 + b: Pairs(bool(p), bool(b), example.alike) for p in (0, 1) for b in (0, 1)}
    every = [Coup(p, b, pc, bc) for p in range(_VALUES) for b in range(_VALUES) for pc in _CARDS for bc in _CARDS]
    keys = _coup_key(coups["player"], coups["banker"], coups["player_cards"], coups["banker_cards"])
    by_coup = isinstance(example, Coup)
    return keys, {int(_coup_key(*coup)): coup if by_coup else coup.result for coup in every}


def baccarat_nets(bet: Bet, coups: Mapping[str, Ints]) -> Sample:
    """Settle ``bet`` on every dealt coup with the bet's own line rule and pay table.

    Each dealt coup is put in the terms the bet's outcomes use, by the exact
    model's own objects (a :class:`Coup`, its result, or the :class:`Pairs`
    of the first four cards), and :meth:`Bet.settle <casino_math.bets.Bet.settle>`
    says what it nets.

    >>> from casino_math.simulate import generator
    >>> from casino_math.baccarat import EZ, bet
    >>> nets = baccarat_nets(bet("dragon_7", EZ), deal_shoes(EZ, 1, generator(1)))
    >>> sorted(set(nets.steps.tolist())), nets.scale          # a loss, or a win at 40 to 1
    ([-1, 40], 1)
    """
    keys, outcomes = _dealt_outcomes(next(iter(bet.space)), coups)
    nets = {key: bet.settle(outcome) for key, outcome in outcomes.items() if outcome in bet.space}
    steps, scale = nets_in_steps(nets.values())
    missing = ~np.isin(keys, list(nets))
    if missing.any():
        raise ValueError(f"a dealt coup has an outcome the exact {bet.name} bet never has "
                         f"({outcomes[int(keys[missing][0])]!r})")
    lookup = np.zeros(max(outcomes) + 1, dtype=np.int64)
    for key, net in nets.items():
        lookup[key] = steps[net]
    return Sample(bet.name, lookup[keys], scale)


def twin(bet_id: str, bet: Bet, rules: BaccaratRules, size: int, rng: np.random.Generator) -> Sample:
    """The bet settled on at least ``size`` coups, dealt in whole shoes to the cut card (see :func:`deal_shoes`).

    >>> from casino_math.simulate import generator
    >>> from casino_math.baccarat import OXFORD, bet
    >>> twin("tie", bet("tie"), OXFORD, 500, generator(0)).size >= 500
    True
    """
    shoe_rules = played_by("baccarat", rules, BaccaratRules)
    per_shoe = (len(shoe_cards(shoe_rules)) - CUT_CARD) // 5
    return baccarat_nets(bet, deal_shoes(shoe_rules, -(-check_count(size) // per_shoe), rng))
