# Source of the roulette assignment.  `python -m casino_math.classroom build` makes the student's notebook
# (book/assignments/roulette.ipynb) and the teacher's (book/assignments/solutions/roulette.ipynb) from it.

# %% [markdown]
# # Assignment: roulette
#
# This assignment works with the roulette wheel of the Oxford Casino {cite}`oxford_casino_rules`: 38 pockets,
# the numbers 1 to 36 and the two zeros 0 and 00, every pocket equally likely; and, in its last questions, with a
# rule and wheels the Oxford Casino does not have. Before you start, read the chapter on roulette.
#
# **How to work.** Each question asks you to compute something. Replace each `...` in the cell below the question
# with your code, run the cell, then run the check cell under it: it says *right*, or *not right yet* with a hint.
# It never tells you the answer. Give exact answers as a `Fraction` built from whole-number counts, not as a
# decimal: a float such as `0.1` is never exact. Run the cells in order, starting with the one below.

# %%
from fractions import Fraction

import numpy as np

from casino_math import roulette
from casino_math.bets import Bet, expected_value, house_edge, simple_bet
from casino_math.classroom import check

wheel = roulette.wheel()
pockets = roulette.pockets()

# %% [markdown]
# `wheel` is one spin: a `Distribution` giving each pocket its probability. The pockets are strings, `"0"`, `"00"`,
# `"1"` to `"36"` (as a Python number, `00` would just be `0`). `roulette.colour(pocket)` tells a pocket's colour.

# %%
roulette.colour("17"), roulette.colour("00"), len(pockets)

# %% [markdown] question="red" points=1 answer="p_red"
# ## Red
# Count the red pockets and all the pockets of the wheel. What is the probability that a spin lands on a red
# number? Give it as `p_red`, a `Fraction` built from your counts.

# %%
# BEGIN SOLUTION
reds = [pocket for pocket in pockets if roulette.colour(pocket) == "red"]
# END SOLUTION
p_red = Fraction(len(reds), len(pockets))  # SOLUTION

# %% [markdown] question="straight_ev" points=1 answer="ev_straight"
# ## A night of straight-up bets
# A straight-up bet on one number pays 35 to 1: if its number comes up you keep your chip and win 35 more, and
# otherwise you lose the chip. A player puts a {{chip}}-dollar chip straight up on 17 at each of {{spins}} spins.
# What is their expected net result in dollars over the {{spins}} spins? Work out one 1-dollar chip on one spin
# first: expected values add.
# Give it as `ev_straight`, an exact `Fraction` (negative if they lose on average).

# %%
# BEGIN SOLUTION
one_chip = 35 * Fraction(1, 38) + (-1) * Fraction(37, 38)
# END SOLUTION
ev_straight = {{spins}} * {{chip}} * one_chip  # SOLUTION

# %% [markdown] question="splits" points=1 answer="n_splits"
# ## Counting splits
# A split is a bet on two pockets whose boxes share an edge on the layout: two numbers side by side in a row, two
# numbers one above the other, or a zero and a box it touches (the chapter draws the layout; 0 touches 00, 1 and 2;
# 00 touches 0, 2 and 3). How many different splits does the Oxford layout allow? Count them by reasoning about
# the layout, and give the count as `n_splits`.

# %%
# BEGIN SOLUTION
side_by_side = 12 * 2  # 12 rows of three numbers: two pairs in each row
one_above_the_other = 11 * 3  # 11 gaps between neighbouring rows, in each of the three columns
at_the_zeros = 5  # 0-00, 0-1, 0-2, 00-2, 00-3
# END SOLUTION
n_splits = side_by_side + one_above_the_other + at_the_zeros  # SOLUTION

# %% [markdown] question="low_wins" points=1 answer="low_wins"
# ## The rule of a bet
# The low bet wins when the number is from 1 to 18, and pays even money. Write the function `low_wins(pocket)`
# that returns `True` when the low bet wins on `pocket` and `False` when it loses. Remember that pockets are
# strings, and that 0 and 00 are not numbers of the layout's rows.

# %%
def low_wins(pocket):
    """Whether the low bet (1-18) wins when the ball lands in ``pocket``."""
    # BEGIN SOLUTION
    if pocket in ("0", "00"):
        return False
    return 1 <= int(pocket) <= 18
    # END SOLUTION

# %% [markdown] question="edge_low" points=1 answer="edge_low"
# ## The exact house edge of the low bet
# Turn your rule into a bet with `simple_bet(name, space, wins, payout)` (the `payout` is the "x" of "x to 1") and
# give its exact house edge as `edge_low`.

# %%
low = simple_bet("low", wheel, low_wins, 1)  # SOLUTION
edge_low = house_edge(low)  # SOLUTION

# %% [markdown] question="top_line" points=1 answer="ev_top_line"
# ## The top line
# The top line covers the five pockets 0, 00, 1, 2 and 3, and pays 6 to 1. A player bets {{top_chip}} dollars on the
# top line at each of {{top_spins}} spins. What is their exact expected net result in dollars over the {{top_spins}}
# spins? Give it as `ev_top_line`. Is the top line's house edge the same as the edge of the other bets on the wheel?

# %%
# BEGIN SOLUTION
top = {"0", "00", "1", "2", "3"}
top_line = simple_bet("top line", wheel, lambda pocket: pocket in top, 6)
# END SOLUTION
ev_top_line = {{top_spins}} * {{top_chip}} * expected_value(top_line)  # SOLUTION

# %% [markdown] question="la_partage" points=1 answer="edge_la_partage"
# ## Change a rule: half back on the 0
# Some casinos give back half of an even-money stake when the ball lands on a zero (the rule is called *la
# partage*). Suppose the Oxford Casino gave half back only when the ball lands on 0, while the 00 still takes the
# whole stake. Predict the house edge on red under this rule, as `edge_la_partage`. A bet with more than a win and
# a loss is a `Bet(name, space, line, pays)`: `line(pocket)` names the line of the pay table the pocket lands on,
# and `pays` maps each line to the net result per chip, such as
# `{"win": 1, "half back": Fraction(-1, 2), "lose": -1}`.

# %%
# BEGIN SOLUTION
def red_line(pocket):
    """The line of the pay table a red bet lands on, with half back on the 0 only."""
    if roulette.colour(pocket) == "red":
        return "win"
    return "half back" if pocket == "0" else "lose"


red_half_back = Bet("red, half back on 0", wheel, red_line, {"win": 1, "half back": Fraction(-1, 2), "lose": -1})
# END SOLUTION
edge_la_partage = house_edge(red_half_back)  # SOLUTION

# %% [markdown] question="fair_payout" points=1 answer="fair_payout"
# ## A fair payout on a wheel with a triple zero
# A {{fair.bet}} covers {{fair.covers}} pockets and pays {{fair.pays}} to 1. Some casinos spin a wheel with a third
# zero, 000, beside 0 and 00: 39 pockets in all, every pocket equally likely. What payout "x to 1" would make a
# {{fair.bet}} a fair bet on that wheel, with an expected value of exactly 0? Solve for x and give it as
# `fair_payout`, a `Fraction`.

# %%
# BEGIN SOLUTION
p_win_bet = Fraction({{fair.covers}}, 39)
# P(win) * x - P(lose) = 0
# END SOLUTION
fair_payout = (1 - p_win_bet) / p_win_bet  # SOLUTION

# %% [markdown] question="edge_of" points=2 answer="edge_of" tests={"public":1,"other_wheels":1}
# ## Any bet, any wheel
# Every bet of roulette wins on some pockets and pays "x to 1". Write `edge_of(covered, payout, zeros)`: the exact
# house edge of a bet that wins on `covered` pockets and pays `payout` to 1, on a wheel with the numbers 1 to 36
# and `zeros` zero pockets, every pocket equally likely. For instance `edge_of(18, 1, 2)` is the edge of red at
# the Oxford Casino. The check calls your function on bets and wheels of its own choosing, so derive the edge from
# the counts: the library's bets know only the wheels of its rules.

# %%
def edge_of(covered, payout, zeros):
    """The house edge of a bet on `covered` pockets paying `payout` to 1, with `zeros` zeros beside 1-36."""
    # BEGIN SOLUTION
    p_win = Fraction(covered, 36 + zeros)
    return -(p_win * payout - (1 - p_win))
    # END SOLUTION

# %% [markdown] question="simulate_red" points=1 answer="share_red"
# ## Simulate and compare
# Spin the wheel 100,000 times with the random generator `rng` below, using `rng.choice(pockets, size=spins)`,
# and give the share of spins that land on red as `share_red` (a float is right here: it is an estimate). Then
# compare it with your exact answer to the first question: how many standard errors,
# $\sqrt{p(1-p)/n}$, apart are they?

# %%
rng = np.random.default_rng(2024)
spins = 100_000
# BEGIN SOLUTION
results = rng.choice(pockets, size=spins)
reds_seen = sum(roulette.colour(pocket) == "red" for pocket in results)
# END SOLUTION
share_red = reds_seen / spins  # SOLUTION

# %% [markdown] only="teacher"
# **For the teacher.** The check accepts any estimate within four standard errors of the exact value. With this
# seed the estimate and the exact probability are this many standard errors apart:

# %% only="teacher"
z = float(share_red - p_red) / float(np.sqrt(float(p_red * (1 - p_red)) / spins))
print(f"the simulated share is {z:.2f} standard errors from the exact chance")
