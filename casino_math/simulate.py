"""Monte Carlo twins of the exact results: spins, dice and shoes, with a seeded random generator.

Every exact figure of the book can be checked by playing the game many times
and averaging.  The twins here play each game the way the casino does: a
roulette wheel spins; a craps bet waits roll by roll for the totals that decide
it (a pass line bet through its come-out roll and its point); baccarat coups
are dealt in order from a real shoe, without replacement, until the cut card
comes out, and then the shoe is shuffled again.  The chance is all in a
:class:`numpy.random.Generator` made from a seed, so every run is repeatable.

A simulated mean is not the exact value, but it should lie within a few
standard errors of it (the standard error is the bet's standard deviation over
the square root of the number of bets): the law of large numbers says how it
closes in, the central limit theorem how far it strays.

>>> from casino_math.bets import even_money
>>> from casino_math.distribution import Distribution
>>> red = even_money("red", Distribution.uniform(range(38)), lambda pocket: pocket < 18)
>>> sample = sample_bet(red, 10_000, generator(1))
>>> sample.size, abs(sample.z_score(red)) < 4
(10000, True)
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Any, TypeAlias, TypeVar

import numpy as np
from numpy.typing import NDArray

from .bets import LOSE, PUSH, WIN, Bet, expected_value, standard_deviation
from .distribution import is_whole

if TYPE_CHECKING:
    from .baccarat.rules import BaccaratRules
    from .craps.rules import CrapsRules
    from .roulette.rules import RouletteRules
    from .rules import GameRules

#: Whole numbers, one per bet, roll, card or coup; floats (for plots only); yes-or-no flags.
Ints: TypeAlias = NDArray[np.int64]
Floats: TypeAlias = NDArray[np.float64]
Flags: TypeAlias = NDArray[np.bool_]

#: A roll-by-roll rule (see :func:`until_decided`): this roll's dice, the bets still waiting and their rolls so far,
#: to a line code per bet.
Decider: TypeAlias = Callable[[Ints, Ints, Ints, Ints], Ints]

T = TypeVar("T")
G = TypeVar("G", bound="GameRules")

#: How many standard errors a simulated mean may stray from the exact value in
#: the cross-checks: four (a fair sample strays further about 6 times in 100,000).
TOLERANCE = 4


def generator(seed: int) -> np.random.Generator:
    """A seeded random generator: the same seed plays the same games.

    >>> int(generator(7).integers(1, 7)) == int(generator(7).integers(1, 7))
    True
    """
    if not is_whole(seed) or seed < 0:
        raise ValueError(f"a seed must be a whole number from 0 up, not {seed!r}")
    return np.random.default_rng(seed)


def _check_size(size: object, what: str = "the number of bets") -> int:
    if not (is_whole(size) or isinstance(size, np.integer)) or size < 1:
        raise ValueError(f"{what} must be a positive whole number, not {size!r}")
    return int(size)


@dataclass(frozen=True, eq=False)
class Sample:
    """Simulated bets: each one's net result (in 1/scale units) and, for bets lasting several rounds, its rounds.

    ``steps[i] / scale`` is the net result of bet i per unit staked; ``rounds[i]``
    (if given) how many rolls it took to settle.
    """

    bet: str
    steps: Ints
    scale: int
    rounds: Ints | None = None

    @property
    def size(self) -> int:
        """The number of simulated bets."""
        return len(self.steps)

    def mean(self) -> Fraction:
        """The average net result per unit staked, exactly (a sum of whole numbers over the count).

        >>> Sample("demo", np.array([1, -1, -1, 1, 1]), 1).mean()
        Fraction(1, 5)
        """
        return Fraction(int(self.steps.sum(dtype=np.int64)), self.scale * self.size)

    def mean_rounds(self) -> Fraction:
        """The average number of rounds (rolls) the bets took, exactly.

        >>> Sample("demo", np.array([1, -1]), 1, np.array([1, 4])).mean_rounds()
        Fraction(5, 2)
        """
        if self.rounds is None:
            raise ValueError(f"the sample of {self.bet} did not record rounds")
        return Fraction(int(self.rounds.sum(dtype=np.int64)), self.size)

    def standard_error(self, bet: Bet) -> Decimal:
        """The exact bet's standard deviation over the square root of the number of bets.

        >>> from casino_math.dice import coin
        >>> from casino_math.bets import even_money
        >>> Sample("heads", np.array([1, -1, 1, -1]), 1).standard_error(even_money("heads", coin(), lambda s: s == "H"))
        Decimal('0.5')
        """
        return standard_deviation(bet) / Decimal(self.size).sqrt()

    def z_score(self, bet: Bet) -> float:
        """How many standard errors the simulated mean lies from the exact expected value (a float: display only).

        >>> from casino_math.dice import coin
        >>> from casino_math.bets import even_money
        >>> Sample("heads", np.array([1, 1, 1, -1]), 1).z_score(even_money("heads", coin(), lambda s: s == "H"))
        1.0
        """
        return float(self.mean() - expected_value(bet)) / float(self.standard_error(bet))

    def running_mean(self) -> Floats:
        """The average after 1, 2, ... bets, as floats (for plots of the law of large numbers).

        >>> Sample("demo", np.array([1, -1, 1, 1]), 1).running_mean().tolist()
        [1.0, 0.0, 0.3333333333333333, 0.5]
        """
        return np.cumsum(self.steps) / (self.scale * np.arange(1, self.size + 1))


def _nets_in_steps(nets: Collection[Fraction]) -> tuple[dict[Fraction, int], int]:
    """Net results as whole numbers of 1/scale: ({net: steps}, scale)."""
    scale = lcm(*(Fraction(x).denominator for x in nets))
    return {x: int(Fraction(x) * scale) for x in nets}, scale


# Any bet, drawn from its exact distribution.


def sample_bet(bet: Bet, size: int, rng: np.random.Generator) -> Sample:
    """``size`` independent bets drawn from the bet's exact distribution of net results.

    Each outcome's whole-number count over the common denominator D becomes a
    range of the integers 0 to D - 1, and a uniform integer picks the outcome,
    so every outcome comes up with exactly its probability.

    >>> from casino_math.dice import one_face_bet
    >>> sample_bet(one_face_bet(5), 6_000, generator(3)).mean()
    Fraction(-17, 1000)
    """
    size = _check_size(size)
    net = bet.net()
    lattice, values = net.lattice(), list(net)
    steps = [int(x * lattice.scale) for x in values]
    cuts = np.cumsum([lattice.counts[step] for step in steps])
    picks = np.searchsorted(cuts, rng.integers(0, lattice.denominator, size=size, dtype=np.int64), side="right")
    return Sample(bet.name, np.array(steps, dtype=np.int64)[picks], lattice.scale)


def session_nets(bet: Bet, rounds: int, sessions: int, rng: np.random.Generator) -> Sample:
    """The net result of each of ``sessions`` sessions of ``rounds`` bets (drawn from the exact distribution).

    >>> from casino_math.dice import one_face_bet
    >>> nets = session_nets(one_face_bet(5), 10, 500, generator(4))
    >>> nets.size, nets.scale, int(nets.steps.max()) <= 60
    (500, 1, True)
    """
    rounds, sessions = _check_size(rounds, "the number of rounds"), _check_size(sessions, "the number of sessions")
    one = sample_bet(bet, rounds * sessions, rng)
    return Sample(f"{rounds} bets on {bet.name}", one.steps.reshape(sessions, rounds).sum(axis=1), one.scale)


def paths(bet: Bet, rounds: int, count: int, rng: np.random.Generator, bankroll: int | None = None) -> Floats:
    """``count`` simulated bankroll paths over ``rounds`` one-unit bets, as floats (for plots).

    Row i is the net result after 0, 1, ..., rounds bets.  With a ``bankroll``
    (in units) a path stops, flat, once it can no longer cover a bet.

    >>> from casino_math.dice import one_face_bet
    >>> p = paths(one_face_bet(5), 5, 3, generator(2), bankroll=2)
    >>> p.shape, bool((p >= -2).all())
    ((3, 6), True)
    """
    rounds, count = _check_size(rounds, "the number of rounds"), _check_size(count, "the number of paths")
    one = sample_bet(bet, rounds * count, rng)
    nets = one.steps.reshape(count, rounds) / one.scale
    totals = np.concatenate([np.zeros((count, 1)), np.cumsum(nets, axis=1)], axis=1)
    if bankroll is not None:
        worst = -float(min(bet.net()))
        for row in totals:
            broke = np.nonzero(bankroll + row[:-1] < worst)[0]
            if broke.size:
                row[broke[0] + 1:] = row[broke[0]]
    return totals


# Roulette: spins of the wheel.


def spins(wheel: Iterable[T], size: int, rng: np.random.Generator) -> list[T]:
    """``size`` spins of a wheel (a sequence of pockets), each pocket equally likely.

    >>> spins(["0", "00", "1"], 4, generator(5))
    ['1', '1', '0', '1']
    """
    wheel = list(wheel)
    return [wheel[i] for i in rng.integers(0, len(wheel), size=_check_size(size, "the number of spins"))]


def roulette_sample(bet: Bet, rules: RouletteRules, size: int, rng: np.random.Generator) -> Sample:
    """``size`` spins of the rules' wheel settled by the bet's own pay table.

    >>> from casino_math import roulette
    >>> rules = roulette.RULES["oxford"]
    >>> red = dict(roulette.edge_bets(rules))["red"]
    >>> abs(roulette_sample(red, rules, 20_000, generator(6)).z_score(red)) < TOLERANCE
    True
    """
    wheel = list(rules.wheel)
    nets = {pocket: bet.pays[bet.line(pocket)] - bet.commission for pocket in wheel}
    steps, scale = _nets_in_steps(nets.values())
    table = np.array([steps[nets[pocket]] for pocket in wheel], dtype=np.int64)
    return Sample(bet.name, table[rng.integers(0, len(wheel), size=_check_size(size))], scale)


# Craps: dice rolled until each bet is decided.

_CODES = {WIN: 0, LOSE: 1, PUSH: 2}
_UNDECIDED = -1


def roll(size: int, rng: np.random.Generator) -> tuple[Ints, Ints]:
    """``size`` rolls of two dice: the first die of each roll, and the second.

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

    >>> codes, rolls = until_decided(5, generator(9), lambda a, b, bets, n: np.where(a + b == 7, 0, -1))
    >>> codes.tolist(), rolls.tolist()                         # wait for a 7
    ([0, 0, 0, 0, 0], [1, 14, 6, 2, 2])
    """
    codes = np.full(size, _UNDECIDED)
    rolls = np.zeros(size, dtype=np.int64)
    waiting = np.arange(size)
    while waiting.size:
        first, second = roll(waiting.size, rng)
        rolls[waiting] += 1
        decided = decide(first, second, waiting, rolls[waiting])
        codes[waiting] = decided
        waiting = waiting[decided == _UNDECIDED]
    return codes, rolls


def _line_decider(rules: CrapsRules, dont: bool) -> Decider:
    """The pass line (or don't pass) roll by roll: the come-out roll, then the point against the 7."""
    win, lose, push = _CODES[WIN], _CODES[LOSE], _CODES[PUSH]
    naturals, craps = sorted(rules.naturals), sorted(rules.craps)
    point: dict[str, Ints] = {}

    def decide(first: Ints, second: Ints, bets: Ints, rolls: Ints) -> Ints:
        total = first + second
        out = np.full(total.size, _UNDECIDED)
        if (rolls == 1).all():  # the come-out roll
            out[np.isin(total, naturals)] = lose if dont else win
            out[np.isin(total, craps)] = win if dont else lose
            if dont and rules.bar is not None:
                out[total == rules.bar] = push
            point["of"] = np.zeros(bets.max() + 1, dtype=np.int64)
            point["of"][bets] = total
            return out
        made, seven = total == point["of"][bets], total == 7
        out[made] = lose if dont else win
        out[seven] = win if dont else lose
        return out

    return decide


def _race_decider(number: int, seven_wins: bool = False, hard: bool = False) -> Decider:
    """A race between ``number`` and the 7 (a hardway also loses to an easy ``number``)."""

    def decide(first: Ints, second: Ints, bets: Ints, rolls: Ints) -> Ints:
        total = first + second
        out = np.full(total.size, _UNDECIDED)
        hit = total == number
        if hard:
            out[hit & (first == second)] = 0
            out[hit & (first != second)] = 1
        else:
            out[hit] = 1 if seven_wins else 0
        out[total == 7] = 0 if seven_wins else 1
        return out

    return decide


def _one_roll_table(bet: Bet) -> dict[tuple[int, int], Fraction]:
    rolls = {(a, b) for a in range(1, 7) for b in range(1, 7)}
    if set(bet.space) != rolls:
        raise ValueError(f"{bet.name} is not settled by one roll of two dice")
    return {r: bet.pays[bet.line(r)] - bet.commission for r in rolls}


def craps_decider(bet_id: str, rules: CrapsRules | None) -> Decider | None:
    """The roll-by-roll rule that settles the craps bet ``bet_id`` (see :func:`until_decided`), or None for
    a single-roll bet.

    >>> decide = craps_decider("place_6", None)
    >>> decide(np.array([3, 1, 2]), np.array([3, 6, 2]), np.arange(3), np.ones(3)).tolist()   # 6 wins, 7 loses
    [0, 1, -1]
    """
    if bet_id in ("pass", "come"):
        return _line_decider(_line_rules(bet_id, rules), dont=False)
    if bet_id in ("dont_pass", "dont_come"):
        return _line_decider(_line_rules(bet_id, rules), dont=True)
    kind, _, number = bet_id.rpartition("_")
    if kind in ("place", "buy") and number.isdigit():
        return _race_decider(int(number))
    if kind == "lay" and number.isdigit():
        return _race_decider(int(number), seven_wins=True)
    if kind == "hard" and number.isdigit():
        return _race_decider(int(number), hard=True)
    if bet_id.endswith("_with_odds"):
        raise ValueError(f"no roll-by-roll twin for {bet_id}; sample its exact distribution with sample_bet")
    return None


def _line_rules(bet_id: str, rules: CrapsRules | None) -> CrapsRules:
    """The rules a line bet is settled by: its naturals, craps and barred number come from them."""
    if rules is None:
        raise ValueError(f"{bet_id} is settled by the rules' naturals, craps and bar: give craps rules, not None")
    return rules


def craps_sample(bet_id: str, bet: Bet, rules: CrapsRules | None, size: int, rng: np.random.Generator) -> Sample:
    """``size`` craps bets ``bet_id``, each settled roll by roll, with the rolls each took.

    >>> from casino_math import craps
    >>> rules = craps.RULES["oxford"]
    >>> s = craps_sample("pass", craps.bet("pass", rules), rules, 20_000, generator(10))
    >>> abs(s.z_score(craps.bet("pass", rules))) < TOLERANCE, float(s.mean_rounds())    # 557/165 = 3.376 exactly
    (True, 3.34855)
    """
    size = _check_size(size)
    decide = craps_decider(bet_id, rules)
    if decide is None:
        table = _one_roll_table(bet)
        steps, scale = _nets_in_steps(table.values())
        first, second = roll(size, rng)
        grid = np.zeros((7, 7), dtype=np.int64)
        for (a, b), x in table.items():
            grid[a, b] = steps[x]
        return Sample(bet.name, grid[first, second], scale, np.ones(size, dtype=np.int64))
    codes, rolls = until_decided(size, rng, decide)
    nets = [bet.pays.get(line, Fraction(0)) - bet.commission for line in (WIN, LOSE, PUSH)]
    steps, scale = _nets_in_steps(nets)
    return Sample(bet.name, np.array([steps[x] for x in nets], dtype=np.int64)[codes], scale, rolls)


def shooter_hands(rules: CrapsRules, shooters: int, rng: np.random.Generator) -> Ints:
    """How many rolls each of ``shooters`` shooters makes before sevening out (a 7 after a point is set).

    >>> from casino_math import craps
    >>> shooter_hands(craps.RULES["oxford"], 5, generator(11)).tolist()
    [11, 3, 3, 2, 8]
    """
    shooters = _check_size(shooters, "the number of shooters")
    naturals, craps = frozenset(rules.naturals), frozenset(rules.craps)
    state = {"point": np.zeros(shooters, dtype=np.int64)}

    def decide(first: Ints, second: Ints, bets: Ints, rolls: Ints) -> Ints:
        total = first + second
        point = state["point"][bets]
        out = np.full(total.size, _UNDECIDED)
        on = point > 0
        out[on & (total == 7)] = 0                                   # seven out: the hand ends
        made = on & (total == point)
        state["point"][bets[made]] = 0                              # point made: a new come-out
        sets = ~on & ~np.isin(total, list(naturals | craps))
        state["point"][bets[sets]] = total[sets]
        return out

    return until_decided(shooters, rng, decide)[1]


# Baccarat: coups dealt from a real shoe, without replacement, to the cut card.

#: Cards left behind the cut card: 14, as a Las Vegas dealing school teaches it (Gold Star School of Gaming,
#: "Baccarat Shuffle").  Casinos differ in how many coups they deal once the cut card is out; here the coup in
#: progress is finished and the shoe is shuffled, a difference far below what a simulation can see.
CUT_CARD = 14


def shoe_cards(rules: BaccaratRules | None) -> Ints:
    """Every card in the rules' shoe (8 decks: 416 cards), as its index in the deck's list of cards.

    The pair bets need each card's rank and suit, so the shoe is dealt as
    cards; :func:`card_faces` gives their point values and ranks.

    >>> cards = shoe_cards(None)
    >>> len(cards), int((card_faces()[0][cards] == 0).sum())
    (416, 128)
    """
    from .baccarat.cards import CARDS

    decks = 8 if rules is None else rules.decks
    return np.tile(np.arange(len(CARDS)), decks)


def card_faces() -> tuple[Ints, Ints]:
    """For each card of the deck, by index: its point value and its rank's index.

    >>> values, ranks = card_faces()
    >>> int(values[0]), int(ranks[0]), int(values[-1]), int(ranks[-1])     # the ace of spades, the king of clubs
    (1, 0, 0, 12)
    """
    from .baccarat.cards import CARDS, RANKS, point_value

    return (np.array([point_value(rank) for rank, _ in CARDS]), np.array([RANKS.index(rank) for rank, _ in CARDS]))


def _drawing_tables(rules: BaccaratRules | None) -> tuple[Flags, Flags]:
    from .baccarat.rules import STANDARD_DRAWING, STOOD

    drawing = STANDARD_DRAWING if rules is None else rules.drawing
    player = np.array([t in drawing.player_draws for t in range(10)])
    banker = np.zeros((10, 11), dtype=bool)
    for total, card in drawing.banker_draws:
        banker[total, 10 if card is STOOD else card] = True
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
    player_rule, banker_chart = _drawing_tables(rules)
    player, banker = (hands[:, 0] + hands[:, 2]) % 10, (hands[:, 1] + hands[:, 3]) % 10
    natural = (player >= 8) | (banker >= 8)
    player_draws = ~natural & player_rule[player]
    banker_draws = ~natural & banker_chart[banker, np.where(player_draws, hands[:, 4], 10)]
    banker_card = np.where(player_draws, hands[:, 5], hands[:, 4])
    player = np.where(player_draws, (player + hands[:, 4]) % 10, player)
    banker = np.where(banker_draws, (banker + banker_card) % 10, banker)
    return player, banker, 2 + player_draws.astype(np.int64), 2 + banker_draws.astype(np.int64)


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

    >>> coups = deal_shoes(None, 2, generator(12))
    >>> sorted(coups)[:5], int(coups["shoe"].max())
    (['banker', 'banker_cards', 'banker_pair', 'banker_perfect_pair', 'player'], 1)
    """
    shoes = _check_size(shoes, "the number of shoes")
    cards = shoe_cards(rules)
    if not is_whole(cut_card) or not 6 <= cut_card <= len(cards) - 6:
        raise ValueError(
            f"the cut card must leave a whole number of cards from 6 (a coup can take six) to {len(cards) - 6} "
            f"behind it, not {cut_card!r}"
        )
    values, ranks = card_faces()
    decks = rng.permuted(np.tile(cards, (shoes, 1)), axis=1)
    position = np.zeros(shoes, dtype=np.int64)
    dealt = []
    live = np.arange(shoes)
    while live.size:
        hands = decks[live[:, None], position[live][:, None] + np.arange(6)]
        coup = play_coups(values[hands], rules)
        pairs = (ranks[hands[:, 0]] == ranks[hands[:, 2]], ranks[hands[:, 1]] == ranks[hands[:, 3]],
                 hands[:, 0] == hands[:, 2], hands[:, 1] == hands[:, 3])
        dealt.append((live, *coup, *pairs))
        position[live] += coup[2] + coup[3]
        live = live[position[live] < len(cards) - cut_card]
    names = ("shoe", "player", "banker", "player_cards", "banker_cards", "player_pair", "banker_pair",
             "player_perfect_pair", "banker_perfect_pair")
    return {name: np.concatenate([d[i] for d in dealt]).astype(np.int64) for i, name in enumerate(names)}


def baccarat_nets(bet: Bet, coups: dict[str, Ints]) -> Sample:
    """Settle ``bet`` on every dealt coup with the bet's own pay table.

    Each coup is put in the terms the bet's outcomes use: how the coup ended
    (who won, by how much, on a natural or not, a banker's three-card 7 or
    not), its final totals and cards (the Dragon 7, the Panda 8), or whether
    the hands' first two cards pair (the pair bets); the bet's line rule is
    asked which line each lands on.
    """
    keys, key_of = _coup_keys(next(iter(bet.space)), coups)
    table = {key_of(outcome): bet.pays[bet.line(outcome)] - bet.commission for outcome in bet.space}
    steps, scale = _nets_in_steps(table.values())
    missing = ~np.isin(keys, list(table))
    if missing.any():
        raise ValueError(f"a dealt coup has an outcome the exact {bet.name} bet never has (key {int(keys[missing][0])})")
    lookup = np.zeros(max(table) + 1, dtype=np.int64)
    for k, x in table.items():
        lookup[k] = steps[x]
    return Sample(bet.name, lookup[keys], scale)


def _coup_keys(example: object, coups: dict[str, Ints]) -> tuple[Ints, Callable[[Any], int]]:
    """Every dealt coup as a whole-number key in the terms of the bet's outcomes, and the key of one outcome."""
    from .baccarat.deal import Coup
    from .baccarat.pairs import Pairs

    if isinstance(example, Pairs):
        prefix = "" if example.alike == "rank" else "perfect_"
        keys = coups[f"player_{prefix}pair"].astype(np.int64) * 2 + coups[f"banker_{prefix}pair"]
        return keys, lambda pairs: int(pairs.player) * 2 + int(pairs.banker)
    if isinstance(example, Coup):
        keys = ((coups["player"] * 10 + coups["banker"]) * 2 + coups["player_cards"] - 2) * 2 + coups["banker_cards"] - 2
        return keys, lambda c: ((c.player * 10 + c.banker) * 2 + c.player_cards - 2) * 2 + c.banker_cards - 2
    winner = np.where(coups["player"] > coups["banker"], 0, np.where(coups["player"] < coups["banker"], 1, 2))
    margin = np.abs(coups["player"] - coups["banker"])
    natural = (coups["player_cards"] == 2) & (coups["banker_cards"] == 2) & (
        np.maximum(coups["player"], coups["banker"]) >= 8)
    seven = (winner == 1) & (coups["banker"] == 7) & (coups["banker_cards"] == 3)
    names = ("player", "banker", "tie")
    return (((winner * 10 + margin) * 2 + natural) * 2 + seven, lambda r: (
        ((names.index(r.winner) * 10 + r.margin) * 2 + r.natural) * 2 + r.banker_three_card_seven))


# Every bet of every game.


def game_sample(game: str, bet_id: str, bet: Bet, rules: GameRules | None, size: int, rng: np.random.Generator) -> Sample:
    """The game's own twin for one of its bets: spins, rolls, or coups from a shoe (about ``size`` of them).

    Baccarat deals whole shoes, so its sample holds at least ``size`` coups.

    >>> from casino_math import roulette
    >>> rules = roulette.RULES["oxford"]
    >>> game_sample("roulette", "red", dict(roulette.edge_bets(rules))["red"], rules, 100, generator(0)).size
    100
    """
    size = _check_size(size)
    if game == "roulette":
        from .roulette.rules import RouletteRules

        wheel_rules = _own_rules(game, rules, RouletteRules)
        if wheel_rules is None:
            raise ValueError("roulette is played by its rules' wheel and pay table: give roulette rules, not None")
        return roulette_sample(bet, wheel_rules, size, rng)
    if game == "craps":
        from .craps.rules import CrapsRules

        return craps_sample(bet_id, bet, _own_rules(game, rules, CrapsRules), size, rng)
    if game == "baccarat":
        from .baccarat.rules import BaccaratRules

        shoe_rules = _own_rules(game, rules, BaccaratRules)
        per_shoe = (len(shoe_cards(shoe_rules)) - CUT_CARD) // 5
        return baccarat_nets(bet, deal_shoes(shoe_rules, -(-size // per_shoe), rng))
    raise ValueError(f"unknown game {game!r}; the games are roulette, craps and baccarat")


def _own_rules(game: str, rules: GameRules | None, kind: type[G]) -> G | None:
    """``rules`` if they are the game's own kind (or None), else a one-line error naming both."""
    if rules is None or isinstance(rules, kind):
        return rules
    raise TypeError(f"{game} is played by {kind.__name__}, not {type(rules).__name__}")
