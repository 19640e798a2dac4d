# Source of the long-run assignment.  `python -m casino_math.classroom build` makes the student's notebook
# (book/assignments/long-run.ipynb) and the teacher's (book/assignments/solutions/long-run.ipynb) from it.

# %% [markdown]
# # Assignment: the long run
#
# This assignment follows a player who bets on red at the Oxford Casino's roulette wheel {cite}`oxford_casino_rules`
# again and again: how likely they are to be ahead after a few bets and after many, how the spread of their
# result grows, their chance of doubling their money, and what a betting system changes. Before you start, read
# the chapter on the long run.
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
# The player bets $10 on red, 100 times. What is their expected net result in dollars (negative for a loss)? Give
# it exactly as `expected_net`.

# %%
expected_net = 100 * 10 * (p * 1 + q * (-1))  # SOLUTION

# %% [markdown] question="variance_hundred" points=1 answer="variance_net"
# ## How the spread grows
# The net result of one bet of one unit on red is +1 or -1. Find its variance, $E[X^2] - (E[X])^2$, then the
# variance of the net result after 100 independent bets, exactly, as `variance_net`. How does the *standard
# deviation* after $n$ bets grow with $n$, compared with the expected loss?

# %%
# BEGIN SOLUTION
mean = p - q
one_bet = (p + q) - mean**2
# END SOLUTION
variance_net = 100 * one_bet  # SOLUTION

# %% [markdown] question="ahead_thousand" points=1 answer="p_ahead_thousand"
# ## The long run
# Now the player bets one unit on red 1,000 times. Give the exact probability that they are ahead at the end, as
# `p_ahead_thousand`, and compare it with ten bets. (The sum has 500 terms; Python's `Fraction` handles it in a
# moment.)

# %%
p_ahead_thousand = sum(comb(1000, k) * p**k * q ** (1000 - k) for k in range(501, 1001))  # SOLUTION

# %% [markdown] question="double_up" points=2 answer="p_double"
# ## Doubling a bankroll, one unit at a time
# The player arrives with 10 units and bets one unit on red each spin, until they have 20 units (they stop, happy)
# or nothing. This is the gambler's ruin: with $r = q/p$, the chance of reaching $N$ units before 0, starting from
# $i$, is $(1 - r^i)/(1 - r^N)$. Give their chance of leaving with 20 units as `p_double`.

# %%
# BEGIN SOLUTION
r = q / p
# END SOLUTION
p_double = (1 - r**10) / (1 - r**20)  # SOLUTION

# %% [markdown] question="bold_play" points=1 answer="p_bold"
# ## Change the plan: bold play
# Instead, the player puts all 10 units on red in one bet and leaves whatever happens. What is now their chance
# of leaving with 20 units? Give it as `p_bold`. Which plan is better for a player who wants to double their money,
# and why does betting less at a time hurt them?

# %%
p_bold = p  # one bet decides everything: it doubles the money exactly when red wins  # SOLUTION

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

# %% [markdown] question="simulate_ahead" points=2 answer="share_ahead"
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
