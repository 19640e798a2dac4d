# Source of the baccarat assignment.  `python -m casino_math.classroom build` makes the student's notebook
# (book/assignments/baccarat.ipynb) and the teacher's (book/assignments/solutions/baccarat.ipynb) from it.

# %% [markdown]
# # Assignment: baccarat
#
# This assignment works with mini-baccarat as the Oxford Casino deals it {cite}`oxford_casino_rules`: eight decks,
# the banker bet paying even money less a 5% commission on the win, the player bet even money, the tie 8 to 1, and
# a tie pushing the banker and player bets; and then with other commissions and another shoe. Before you start,
# read the chapter on baccarat.
#
# **How to work.** Each question asks you to compute something. Replace each `...` in the cell below the question
# with your code, run the cell, then run the check cell under it: it says *right*, or *not right yet* with a hint.
# It never tells you the answer. Give exact answers as a `Fraction`, not as a decimal. Run the cells in order,
# starting with the one below.

# %%
from fractions import Fraction

import numpy as np

from casino_math.baccarat import Shoe, coups, play, point_value
from casino_math.bets import Bet, house_edge, house_edge_per_bet_resolved
from casino_math.classroom import check

shoe = Shoe.of_decks(8)

# %% [markdown]
# `shoe.counts[v]` is the number of cards of point value `v` in the shoe (tens and pictures count 0), and
# `point_value(rank)` is the value of a rank such as `"K"` or `"7"`.

# %%
shoe.counts, shoe.size, point_value("K"), point_value("7")

# %% [markdown] question="hand_total" points=2 answer="baccarat_total" tests={"public":1,"long_hands":1}
# ## A hand's total
# A baccarat hand's total is the sum of its cards' point values, keeping only the last digit: aces count 1, twos
# to nines their face, tens and pictures 0. Write `baccarat_total(ranks)` that gives the total of a hand of ranks
# such as `("K", "7", "5")`, using the rule rather than the library's `hand_total`.

# %%
def baccarat_total(ranks):
    """The total of a baccarat hand given as ranks ("A", "2", ..., "10", "J", "Q", "K")."""
    # BEGIN SOLUTION
    values = [0 if rank in ("10", "J", "Q", "K") else 1 if rank == "A" else int(rank) for rank in ranks]
    return sum(values) % 10
    # END SOLUTION

# %% [markdown] question="natural" points=2 answer="p_natural" tests={"public":1,"other_shoes":1}
# ## A natural, from any shoe
# The player's first two cards make a *natural* when they total 8 or 9. Write `p_natural(counts)`: the
# probability of a natural for the first two cards dealt from a shoe that holds `counts[v]` cards of point value
# `v`, for `v` from 0 to 9. Count ordered pairs of cards (first card, second card), remembering that the second
# card is dealt from what the first one left. `p_natural(shoe.counts)` is the chance from the Oxford Casino's full
# eight-deck shoe; the check also calls your function on other shoes, some with cards already dealt.

# %%
def p_natural(counts):
    """The probability that the first two cards from a shoe with counts[v] cards of value v total 8 or 9."""
    # BEGIN SOLUTION
    size = sum(counts)
    ways = 0
    for first in range(10):
        for second in range(10):
            if (first + second) % 10 in (8, 9):
                ways += counts[first] * (counts[second] - (first == second))
    return Fraction(ways, size * (size - 1))
    # END SOLUTION

# %% [markdown]
# The library counts every way a coup can be dealt from the shoe (the chapter explains how). From that
# distribution come the chances that the banker wins, that the player wins, and of a tie:

# %%
coup = coups(shoe)
p_banker = coup.P(lambda c: c.winner == "banker")
p_player = coup.P(lambda c: c.winner == "player")
p_tie = coup.P(lambda c: c.winner == "tie")
float(p_banker), float(p_player), float(p_tie)

# %% [markdown] question="banker_edge" points=2 answer="edge_banker"
# ## The banker bet
# Using `p_banker`, `p_player` and `p_tie`, find the banker bet's exact house edge per hand dealt and give it as
# `edge_banker`. Mind the pay table: a banker win pays 19 to 20 (even money less the 5% commission), a player win
# loses the stake, and a tie gives it back.

# %%
edge_banker = -(p_banker * Fraction(19, 20) - p_player)  # SOLUTION

# %% [markdown] question="player_edge" points=1 answer="edge_player"
# ## The player bet
# The player bet pays even money and also pushes on a tie. Give its exact house edge per hand as `edge_player`.
# Which of the two bets is the better one?

# %%
edge_player = -(p_player - p_banker)  # SOLUTION

# %% [markdown] question="banker_resolved" points=1 answer="edge_banker_resolved"
# ## Per hand resolved
# Some books quote the edge *per hand resolved*: they leave the ties out, since nothing is won or lost on them.
# Give the banker bet's edge per hand resolved as `edge_banker_resolved`.

# %%
edge_banker_resolved = edge_banker / (1 - p_tie)  # SOLUTION

# %% [markdown] question="commission_four" points=1 answer="edge_banker_four"
# ## Change a rule: a 4% commission
# Some casinos keep only 4% of a banker win instead of 5%. With the same eight-deck shoe, give the banker bet's
# exact house edge per hand dealt under a 4% commission, as `edge_banker_four`.

# %%
edge_banker_four = -(p_banker * Fraction(24, 25) - p_player)  # SOLUTION

# %% [markdown] question="short_shoe" points=2 answer="edge_banker_short"
# ## Change the shoe
# Another casino deals from six decks, and two 9s fell out of its shoe before the first coup. Make that shoe with
# `Shoe.of_decks(6).without(9, 2)` (or `Shoe(counts)` from a tuple of ten counts), count its coups with `coups`,
# and find the chances that the banker wins, that the player wins and of a tie, as above: the next two questions
# use them too. Give the banker bet's exact house edge per hand dealt from this shoe (commission 5%) as
# `edge_banker_short`.

# %%
# BEGIN SOLUTION
short = coups(Shoe.of_decks(6).without(9, 2))
short_banker = short.P(lambda c: c.winner == "banker")
short_player = short.P(lambda c: c.winner == "player")
short_tie = short.P(lambda c: c.winner == "tie")
# END SOLUTION
edge_banker_short = -(short_banker * Fraction(19, 20) - short_player)  # SOLUTION

# %% [markdown] question="tie_nine" points=1 answer="edge_tie_nine"
# ## Change a rule: the tie at 9 to 1
# The Oxford Casino pays 8 to 1 on the tie bet. The casino of the six-deck shoe pays 9 to 1. Predict the tie bet's
# house edge when it pays 9 to 1 and the coup is dealt from that shoe (six decks less two 9s), as
# `edge_tie_nine`.

# %%
edge_tie_nine = -(9 * short_tie - (1 - short_tie))  # SOLUTION

# %% [markdown] question="fair_commission" points=2 answer="fair_commission"
# ## Change a rule: the commission
# The banker bet keeps a commission of 5% of each win. Dealing from the six-deck shoe less two 9s, what commission
# `c` (a share of the win, a `Fraction`) would make the banker bet exactly fair? Give it as `fair_commission`.

# %%
fair_commission = 1 - short_player / short_banker  # SOLUTION

# %% [markdown] question="play_coup" points=2 answer="play_coup" tests={"public":1,"other_seed":1}
# ## Simulate a coup
# Write `play_coup(rng)`: deal six cards from a full shoe with the random generator `rng` and return who wins the
# coup, `"banker"`, `"player"` or `"tie"`. The array `cards` below holds the point values of the 416 cards;
# `rng.choice(cards, size=6, replace=False).tolist()` deals six of them, and `play(values)` plays the coup by the
# drawing rules and returns it (`play(values).winner` names the winner). The check plays your function many times
# and compares how often each hand wins with the exact chances.

# %%
cards = np.repeat(np.arange(10), shoe.counts)


def play_coup(rng):
    """Deal one coup from a full shoe: "banker", "player" or "tie"."""
    # BEGIN SOLUTION
    values = rng.choice(cards, size=6, replace=False).tolist()
    return play(values).winner
    # END SOLUTION
