"""EZ Baccarat and the pair bets: published figures, identities, brute force on small shoes, bad inputs."""

import itertools
import json
import random
import subprocess
import sys
from collections import Counter
from collections.abc import Callable
from fractions import Fraction

import pytest

from casino_math.baccarat import OXFORD, RULES, Shoe, bet, edge_bets
from casino_math.baccarat.cards import CARDS
from casino_math.baccarat.pairs import pair_bet, pairs_dealt
from casino_math.baccarat.rules import BaccaratRules
from casino_math.bets import house_edge, p_win
from casino_math.display import percent

EZ = RULES["ez"]

# bet, rules, decks, published house edge, source (book/references.bib)
PUBLISHED = [
    ("banker", EZ, 8, "1.0183%", "baccarat_woo_ez"),
    ("banker", EZ, 6, "1.0161%", "baccarat_woo_ez"),
    ("dragon_7", EZ, 8, "7.6113%", "baccarat_woo_ez"),
    ("panda_8", EZ, 8, "10.1876%", "baccarat_woo_ez"),
    ("player_pair", OXFORD, 8, "10.36%", "baccarat_woo_pairs"),
    ("banker_pair", OXFORD, 6, "11.25%", "baccarat_woo_pairs"),
    ("player_pair", OXFORD, 1, "29.41%", "baccarat_woo_pairs"),
    ("either_pair", OXFORD, 8, "13.71%", "baccarat_woo_pairs"),
    ("perfect_pair", OXFORD, 8, "13.03%", "baccarat_woo_pairs"),
    ("perfect_pair", OXFORD, 6, "17.07%", "baccarat_woo_pairs"),
]


@pytest.mark.parametrize("bet_id, rules, decks, edge, source", PUBLISHED)
def test_published_house_edges(bet_id: str, rules: BaccaratRules, decks: int, edge: str, source: str) -> None:
    digits = len(edge.split(".")[1]) - 1
    assert percent(house_edge(bet(bet_id, rules.changed(decks=decks))), digits) == edge


def test_the_perfect_pair_count_matches_the_published_one() -> None:
    # The Wizard of Odds counts 246,848,784 winning ways of 7,379,583,120 for eight decks.
    assert p_win(pair_bet("perfect_pair")) == Fraction(246_848_784, 7_379_583_120)


def random_shoe(rng: random.Random, size: int) -> Shoe:
    cards = rng.choices(CARDS, k=size)
    return Shoe.from_cards(Counter(cards))


def brute_force_pairs(shoe: Shoe, alike: str) -> dict[tuple[bool, bool, str], Fraction]:
    """Deal every ordered four cards from the shoe one card at a time and look at the two hands."""
    cards = [card for card, n in zip(CARDS, shoe.known_cards(), strict=True) for _ in range(n)]

    def key(card: tuple[str, str]) -> object:
        return card[0] if alike == "rank" else card

    seen: Counter[tuple[bool, bool]] = Counter()
    for p1, b1, p2, b2 in itertools.permutations(cards, 4):
        seen[(key(p1) == key(p2), key(b1) == key(b2))] += 1
    total = sum(seen.values())
    return {(*k, alike): Fraction(n, total) for k, n in seen.items()}


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("alike", ["rank", "card"])
def test_pairs_by_formula_agree_with_dealing_every_four_cards(seed: int, alike: str) -> None:
    shoe = random_shoe(random.Random(seed), 9)
    assert dict(pairs_dealt(shoe, alike)) == brute_force_pairs(shoe, alike)


@pytest.mark.parametrize("decks", [1, 2, 8])
def test_pair_chances_sum_to_one_and_either_is_the_union(decks: int) -> None:
    space = pairs_dealt(Shoe.of_decks(decks))
    assert sum(space.values()) == 1
    player, banker, either = (p_win(pair_bet(b, OXFORD.changed(decks=decks))) for b in
                              ("player_pair", "banker_pair", "either_pair"))
    assert either == player + banker - space[(True, True, "rank")]
    assert player == Fraction(13 * 4 * decks * (4 * decks - 1), 52 * decks * (52 * decks - 1))


def test_ez_lists_its_own_side_bets_and_every_table_the_pair_bets() -> None:
    assert [b for b, _ in edge_bets(EZ)] == ["banker", "player", "tie", "dragon_7", "panda_8", "player_pair",
                                           "banker_pair", "either_pair", "perfect_pair"]
    assert [b for b, _ in edge_bets(OXFORD)][-4:] == ["player_pair", "banker_pair", "either_pair", "perfect_pair"]


def test_the_command_line_lists_ez_with_its_side_bets() -> None:
    result = subprocess.run([sys.executable, "-m", "casino_math", "edges", "--game", "baccarat", "--rules", "ez",
                             "--decks", "6", "--format", "json"], capture_output=True, text=True, check=True)
    rows = {row["bet"]: row for row in json.loads(result.stdout)["bets"]}
    assert list(rows)[:5] == ["banker", "player", "tie", "dragon_7", "panda_8"]
    assert percent(Fraction(rows["banker"]["house_edge"]), 4) == "1.0161%"
    assert rows["dragon_7"]["pays"] == "40 to 1" and rows["panda_8"]["pays"] == "25 to 1"


BAD = [
    (lambda: pair_bet("player_pair", OXFORD, Shoe.of_decks(8).without(4)), ValueError,
     "this shoe is known only by point values; the pair bets need each card's rank and suit"),
    (lambda: pairs_dealt(Shoe.from_cards({("A", "spades"): 3})), ValueError, "the shoe has 3 cards; the pair bets"),
    (lambda: pairs_dealt(Shoe.of_decks(1), "colour"), ValueError, "alike by 'rank' (a pair) or by 'card'"),
    (lambda: Shoe.from_cards({("1", "spades"): 3}), ValueError, "unknown card ('1', 'spades')"),
    (lambda: Shoe((1,) + (0,) * 9, (2,) + (0,) * 51), ValueError, "do not add up to its counts by point value"),
    (lambda: bet("dragon_8", EZ), ValueError, "unknown baccarat bet 'dragon_8'; did you mean dragon_7"),
]


@pytest.mark.parametrize("make, error, message", BAD)
def test_bad_input_is_a_clear_error(make: Callable[[], object], error: type[ValueError], message: str) -> None:
    with pytest.raises(error, match=message.replace("(", r"\(").replace(")", r"\)")):
        make()
