# Source of the craps assignment.  `python -m casino_math.classroom build` makes the student's notebook
# (book/assignments/craps.ipynb) and the teacher's (book/assignments/solutions/craps.ipynb) from it.

# %% [markdown]
# # Assignment: craps
#
# This assignment works with the line bets, the field and a place bet as the Oxford Casino deals them
# {cite}`oxford_casino_rules`, and then as other casinos deal them: other pay tables, another bar, and crapless
# craps with its odds. Before you start, read the chapters on the line bets and on the odds and place bets.
#
# **How to work.** Each question asks you to compute something. Replace each `...` in the cell below the question
# with your code, run the cell, then run the check cell under it: it says *right*, or *not right yet* with a hint.
# It never tells you the answer. Give exact answers as a `Fraction` built from whole-number counts, not as a
# decimal. Run the cells in order, starting with the one below.

# %%
from fractions import Fraction

import numpy as np

from casino_math.bets import Bet, house_edge, house_edge_per_bet_resolved
from casino_math.classroom import check
from casino_math.craps import OXFORD, bet
from casino_math.dice import total, two_dice

rolls = two_dice()

# %% [markdown]
# `rolls` is one roll of two dice: the 36 *ordered* pairs (first die, second die), each equally likely, so that
# (1, 6) and (6, 1) are two different rolls. `total(roll)` adds the two dice.

# %%
len(rolls), rolls[(1, 6)], total((1, 6))

# %% [markdown] question="natural" points=1 answer="p_natural"
# ## A natural
# The come-out roll is a *natural* when it totals 7 or 11, and the pass line then wins at once. Count the rolls
# that make a natural and give the probability as `p_natural`, a `Fraction`.

# %%
naturals = [roll for roll in rolls if total(roll) in (7, 11)]  # SOLUTION
p_natural = Fraction(len(naturals), len(rolls))  # SOLUTION

# %% [markdown] question="four_first" points=1 answer="p_four_first"
# ## Making the point, and how soon
# Suppose the come-out roll was a 4, so 4 is the point: the pass line now wins if a 4 is rolled before a 7, and
# every other total changes nothing. Only the rolls that make a 4 or a 7 end the wait. What is the probability
# that the pass line wins within the next three rolls, that is, that a 4 comes before any 7 and no later than the
# third roll? Give it as `p_four_first`.

# %%
# BEGIN SOLUTION
fours = sum(1 for roll in rolls if total(roll) == 4)
sevens = sum(1 for roll in rolls if total(roll) == 7)
neither = Fraction(36 - fours - sevens, 36)
# END SOLUTION
p_four_first = sum(neither**k * Fraction(fours, 36) for k in range(3))  # SOLUTION

# %% [markdown] question="pass_wins" points=2 answer="p_pass"
# ## The pass line
# Put the pieces together by conditioning on the come-out roll (first-step analysis): the pass line wins on a
# natural, or when the come-out sets a point (4, 5, 6, 8, 9 or 10) and that point then comes before a 7. Give the
# exact probability that a pass line bet wins as `p_pass`.

# %%
# BEGIN SOLUTION
def ways(n):
    """The number of ordered rolls that total n."""
    return sum(1 for roll in rolls if total(roll) == n)


points = (4, 5, 6, 8, 9, 10)
on_come_out = Fraction(ways(7) + ways(11), 36)
after_a_point = sum(Fraction(ways(p), 36) * Fraction(ways(p), ways(p) + ways(7)) for p in points)
# END SOLUTION
p_pass = on_come_out + after_a_point  # SOLUTION

# %% [markdown] question="field_pays" points=2 answer="field_pays"
# ## The rule of the field
# The field is a bet on the next roll alone. At the Oxford Casino it wins on a total of 2, 3, 4, 9, 10, 11 or 12,
# paying 2 to 1 on the 2 and on the 12 and even money on the others, and it loses on 5, 6, 7 and 8. Write
# `field_pays(n)`: the net result, in units, of one unit on the field when the roll totals `n` (for instance 1 for
# even money, -1 for a loss). Use whole numbers or `Fraction`s.

# %%
def field_pays(n):
    """The net result of one unit on the field when the roll totals n."""
    # BEGIN SOLUTION
    if n in (2, 12):
        return 2
    return 1 if n in (3, 4, 9, 10, 11) else -1
    # END SOLUTION

# %% [markdown] question="field_edge" points=2 answer="field_edge" tests={"public":1,"other_tables":1}
# ## The field's house edge, for any pay table
# Casinos pay the field differently: some pay 3 to 1 on the 12, some win on the 5 instead of the 9. Write
# `field_edge(pays)`: the exact house edge of one unit on the field when the dictionary `pays` maps each winning
# total to its payout and every total not in it loses. For the Oxford Casino, `pays` is
# `{2: 2, 3: 1, 4: 1, 9: 1, 10: 1, 11: 1, 12: 2}`. (The expected value is the average of the net result over the
# 36 rolls; `rolls.E(f)` computes the expected value of `f(roll)`.) The check calls your function on pay tables
# of its own choosing.

# %%
def field_edge(pays):
    """The house edge of the field when it pays pays[n] to 1 on each total n in pays, and loses on the others."""
    # BEGIN SOLUTION
    return -rolls.E(lambda roll: pays.get(total(roll), -1))
    # END SOLUTION

# %% [markdown] question="bar_three" points=2 answer="edge_bar_three"
# ## Change a rule: bar the 3
# Don't Pass is the bet against the shooter. At the Oxford Casino it wins on a come-out 2 or 3, loses on a 7 or 11,
# and *pushes* on a 12 (the 12 is "barred"); once a point is set it wins if a 7 comes before the point. Suppose a
# casino barred the 3 instead: a come-out 3 pushes, and a 12 now wins for Don't Pass. Some books quote an edge
# *per bet resolved*, leaving out the bets that push. Predict Don't Pass's house edge per bet resolved under that
# rule, as `edge_bar_three`. The library's rules can be changed to check your reasoning:
# `OXFORD.changed(bar=...)` is a rules value, and `bet("dont_pass", rules)` the bet under it.

# %%
# BEGIN SOLUTION
barred_three = OXFORD.changed(bar=3)
# END SOLUTION
edge_bar_three = house_edge_per_bet_resolved(bet("dont_pass", barred_three))  # SOLUTION

# %% [markdown] question="place_five" points=1 answer="edge_place_five"
# ## Change a pay table: a place bet
# A place bet on the 5 wins if a 5 is rolled before a 7, loses if the 7 comes first, and waits through every other
# total. The Oxford Casino pays it 7 to 5. Suppose a casino paid only 6 to 5. Give the house edge of the place
# bet on the 5 per bet made under that payout, as `edge_place_five`.

# %%
# BEGIN SOLUTION
fives, sevens = (sum(1 for roll in rolls if total(roll) == n) for n in (5, 7))
five_first = Fraction(fives, fives + sevens)
# END SOLUTION
edge_place_five = -(five_first * Fraction(6, 5) - (1 - five_first))  # SOLUTION

# %% [markdown] question="play_pass" points=2 answer="play_pass" tests={"public":1,"other_seed":1}
# ## Simulate the pass line
# Write `play_pass(rng)`, which plays one pass line bet with the random generator `rng` and returns `1` if it wins
# and `-1` if it loses. Roll one die with `rng.integers(1, 7)`. The check plays your function many times and
# compares how often it wins with the exact probability.

# %%
def play_pass(rng):
    """Play one pass line bet: 1 if it wins, -1 if it loses."""
    # BEGIN SOLUTION
    come_out = rng.integers(1, 7) + rng.integers(1, 7)
    if come_out in (7, 11):
        return 1
    if come_out in (2, 3, 12):
        return -1
    while True:
        roll = rng.integers(1, 7) + rng.integers(1, 7)
        if roll == come_out:
            return 1
        if roll == 7:
            return -1
    # END SOLUTION

# %% [markdown]
# With your function, a simulation of many bets estimates the probability of winning. Compare it with `p_pass`:

# %%
if play_pass(np.random.default_rng(0)) is None:
    print("play_pass returns nothing yet: write it above, then run this cell again")
else:
    rng = np.random.default_rng(2024)
    wins = [play_pass(rng) == 1 for _ in range(10_000)]
    print(f"share of the 10,000 simulated bets won: {sum(wins) / len(wins):.4f}")

# %% [markdown] question="crapless" points=2 answer="edge_crapless_odds"
# ## Change the rules: crapless craps, with odds
# Some casinos deal *crapless craps*: on the come-out roll only a 7 wins at once and no total loses at once; every
# other total (2, 3, 4, 5, 6, 8, 9, 10, 11 or 12) becomes the point, which must then come before a 7. Once a point
# is set, a player may also *take odds*: a second bet, beside the pass line, that the point comes before a 7.
# Crapless tables pay the odds 6 to 1 on the 2 and 12 and 3 to 1 on the 3 and 11, and as other tables do on the
# other points: 2 to 1 on the 4 and 10, 3 to 2 on the 5 and 9, 6 to 5 on the 6 and 8. A player bets 1 unit on the
# pass line and, whenever a point is set, 1 unit of odds. First find the chance that the pass line wins, by
# first-step analysis over the ten points. Then give the house edge of playing this way, per unit bet: the expected
# loss divided by the amount bet on average. Give it as `edge_crapless_odds`.

# %%
# BEGIN SOLUTION
crapless_points = (2, 3, 4, 5, 6, 8, 9, 10, 11, 12)


def point_first(p):
    """The chance that the point p comes before a 7."""
    return Fraction(ways(p), ways(p) + ways(7))


p_crapless = Fraction(ways(7), 36) + sum(Fraction(ways(p), 36) * point_first(p) for p in crapless_points)
odds_pays = {2: 6, 3: 3, 4: 2, 5: Fraction(3, 2), 6: Fraction(6, 5)}
odds_pays |= {14 - p: x for p, x in odds_pays.items()}
odds_value = sum(Fraction(ways(p), 36) * (point_first(p) * odds_pays[p] - (1 - point_first(p)))
                 for p in crapless_points)  # 0: the odds are paid at true odds
expected_loss = -((2 * p_crapless - 1) + odds_value)
expected_bet = 1 + sum(Fraction(ways(p), 36) for p in crapless_points)
# END SOLUTION
edge_crapless_odds = expected_loss / expected_bet  # SOLUTION

# %% [markdown] question="expected_rolls" points=1 answer="expected_rolls"
# ## How long a bet lasts
# How many rolls does a pass line bet last on average in crapless craps, counting the come-out roll? When a point
# $p$ is set, the wait for $p$ or a 7 is a run of independent rolls that each end it with the same chance; the
# expected length of such a wait is 1 over that chance. Give the exact expected number of rolls as
# `expected_rolls`.

# %%
expected_rolls = 1 + sum(Fraction(ways(p), 36) * Fraction(36, ways(p) + ways(7)) for p in crapless_points)  # SOLUTION
