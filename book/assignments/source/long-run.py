# Source of the long-run assignment.  `python -m casino_math.classroom build` makes the student's notebook
# (book/assignments/long-run.ipynb) and the teacher's (book/assignments/solutions/long-run.ipynb) from it.

# %% [markdown]
# # Assignment: the long run
#
# This assignment follows a player who bets on red at the Oxford Casino's roulette wheel {cite}`oxford_casino_rules`
# again and again, and then on other bets of the wheel: how likely they are to be ahead after a few bets and after
# many, how the spread of their result grows, their chance of reaching a goal, and what a betting system changes.
# Before you start, read the chapters on the long run and on betting systems.
#
# **How to work.** Each question asks you to compute something. Replace each `...` in the cell below the question
# with your code, run the cell, then run the check cell under it: it says *right*, or *not right yet* with a hint.
# It never tells you the answer. Give exact answers as a `Fraction`, not as a decimal. Run the cells in order,
# starting with the one below.

# %%
from fractions import Fraction
from math import comb

import numpy as np

from casino_math import roulette
from casino_math.classroom import check

red = roulette.red()
p = red.net()[1]
q = red.net()[-1]

# %% [markdown]
# `red` is a bet of one unit on red: it wins one unit when the ball lands on one of the 18 red pockets and loses the
# unit otherwise. `p` is its chance of winning and `q` of losing, both exact:

# %%
p, q

# %% [markdown] question="ahead_ten" points=2 answer="p_ahead_ten"
# ## Ahead after ten bets
# The player bets one unit on red ten times. They are *ahead* when they have won more bets than they have lost.
# Count: the number of wins is binomial, so the chance of exactly `k` wins is `comb(10, k) * p**k * q**(10 - k)`.
# Give the exact probability of being ahead after ten bets as `p_ahead_ten`.

# %%
p_ahead_ten = sum(comb(10, k) * p**k * q ** (10 - k) for k in range(6, 11))  # SOLUTION

# %% [markdown] question="expected_loss" points=1 answer="expected_net"
# ## What to expect
# The player bets 25 dollars on red, 80 times. What is their expected net result in dollars (negative for a loss)? Give
# it exactly as `expected_net`.

# %%
expected_net = 80 * 25 * (p * 1 + q * (-1))  # SOLUTION

# %% [markdown] question="variance_hundred" points=1 answer="variance_net"
# ## How the spread grows
# A split covers two of the 38 pockets and pays 17 to 1: the net result of one bet of one unit on a split is +17
# or -1. Find its variance, $E[X^2] - (E[X])^2$, then the variance of the net result after 100 independent bets
# on a split, exactly, as `variance_net`. How does the *standard deviation* after $n$ bets grow with $n$, compared
# with the expected loss?

# %%
# BEGIN SOLUTION
p_split = Fraction(2, 38)
mean = 17 * p_split + (-1) * (1 - p_split)
one_bet = 17**2 * p_split + (-1) ** 2 * (1 - p_split) - mean**2
# END SOLUTION
variance_net = 100 * one_bet  # SOLUTION

# %% [markdown] question="ahead_any" points=2 answer="chance_ahead" tests={"public":1,"other_bets":1}
# ## Ahead, on any bet of the wheel
# A bet on `covered` of the 38 pockets pays `payout` to 1. Write `chance_ahead(plan)`, where `plan` is a tuple
# `(covered, payout, bets)`: the exact probability of being ahead after `bets` such bets of one unit each. With
# `k` wins the net result is `payout * k - (bets - k)`, and the number of wins is binomial.
# `chance_ahead((18, 1, 10))` is your answer to the first question. Use your function to compare 10 bets on red
# with 1,000 (the sum then has 500 terms; Python's `Fraction` handles it in a moment), and with 36 straight-up
# bets. The check calls it on bets of its own choosing.

# %%
def chance_ahead(plan):
    """P(ahead after `bets` one-unit bets on `covered` of 38 pockets, each paying `payout` to 1)."""
    # BEGIN SOLUTION
    covered, payout, bets = plan
    win = Fraction(covered, 38)
    return sum(comb(bets, k) * win**k * (1 - win) ** (bets - k)
               for k in range(bets + 1) if payout * k - (bets - k) > 0)
    # END SOLUTION

# %% [markdown] question="double_up" points=2 answer="p_double"
# ## Reaching a goal, one unit at a time
# The player arrives with 30 units and bets one unit on red each spin, until they have 45 units (they stop, happy)
# or nothing. This is the gambler's ruin: with $r = q/p$, the chance of reaching $N$ units before 0, starting from
# $i$, is $(1 - r^i)/(1 - r^N)$. Give their chance of leaving with 45 units as `p_double`.

# %%
# BEGIN SOLUTION
r = q / p
# END SOLUTION
p_double = (1 - r**30) / (1 - r**45)  # SOLUTION

# %% [markdown] question="bold_play" points=1 answer="p_bold"
# ## Change the plan: bold play
# Instead, the player plays *boldly*: at each spin they stake on red just what would take them to 45 units if it
# wins, or everything they have if that is less. From 30 units they stake 15: a win ends the session at 45, a loss
# leaves 15, and from 15 they stake all 15 (a win brings them back to 30). What is their chance of leaving with 45
# units? Write the chance from 30 in terms of the chance from 15, and the chance from 15 in terms of the chance
# from 30, then solve; give it as `p_bold`.

# %%
# BEGIN SOLUTION
# from_30 = p + q * from_15, and from_15 = p * from_30
# END SOLUTION
p_bold = p / (1 - q * p)  # SOLUTION

# %% [markdown] question="why_bold" points=2 by_hand=true
# ## Which plan, and why
# Compare your last two answers. In two or three sentences, say which plan gives the player the better chance of
# leaving with 45 units, and explain why betting one unit at a time hurts a player who faces a house edge. Write
# your answer in the cell below; your teacher marks it.

# %% [markdown]
# BEGIN SOLUTION
# Bold play gives the better chance: `p_bold` is larger than `p_double`. Every bet on red loses a share of its
# stake on average, the house edge, so what matters is how much the player stakes in all before the session ends.
# One unit at a time needs many bets to climb 15 units, and over those many bets the edge drags the walk down
# towards ruin; bold play settles the session in one or two bets, staking far less in all, so the edge has less to
# work on.
# END SOLUTION

# %% [markdown] question="martingale_net" points=2 answer="martingale_net"
# ## A betting system
# The *martingale* bets 1 unit on red, doubles the stake after each loss, and stops at the first win. The table
# allows six bets of a series (1, 2, 4, 8, 16 and 32 units) before the stake passes the table's maximum. A series
# that wins nets one unit; a series whose six bets all lose loses them all. Give the exact expected net result of
# one series, in units, as `martingale_net`.

# %%
# BEGIN SOLUTION
all_six_lose = q**6
# END SOLUTION
martingale_net = (1 - all_six_lose) * 1 + all_six_lose * -(1 + 2 + 4 + 8 + 16 + 32)  # SOLUTION

# %% [markdown] question="simulate_ahead" points=1 answer="share_ahead"
# ## Simulate and compare
# Simulate 10,000 sessions of 100 bets of one unit on red with the random generator `rng` below: the number of
# wins in a session is `rng.binomial(100, float(p))`, and `size=sessions` draws them all at once. Give the share
# of sessions that end ahead as `share_ahead` (a float is right here: it is an estimate), and compare it with the
# exact probability of being ahead after 100 bets.

# %%
rng = np.random.default_rng(2024)
sessions = 10_000
# BEGIN SOLUTION
wins = rng.binomial(100, float(p), size=sessions)
# END SOLUTION
share_ahead = np.mean(wins > 50)  # SOLUTION
