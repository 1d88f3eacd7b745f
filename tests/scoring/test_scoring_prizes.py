"""Prize assignment from the final standings (scoring.prizes): no database."""

from __future__ import annotations

import pytest

from scoring.prizes import Candidate, Category, assign_prizes, eligible

# Rank order: 1 Ada (member), 2 Bea (guest, newcomer), 3 Cid (guest, 1350),
# 4 Dan (member, newcomer, 1300), 5 Eva (guest, withdrawn).
FIELD = [
    Candidate(1, 1, member=True, rating=1800),
    Candidate(2, 2, guest=True, newcomer=True, rating=1500),
    Candidate(3, 3, guest=True, rating=1350),
    Candidate(4, 4, member=True, newcomer=True, rating=1300),
    Candidate(5, 5, guest=True, rating=1000, withdrawn=True),
]
OVERALL = Category("Overall", places=2)
GUEST = Category("Best guest", eligibility="guests")
NEWCOMER = Category("Best newcomer", eligibility="newcomers")
UNDER = Category("Best under 1400", eligibility="rating_below", rating_below=1400)


def winners(awards):
    return {a.category.name: [w.entry for w in a.winners] for a in awards}


def test_the_overall_prize_takes_precedence_and_each_player_wins_one_prize():
    awards = assign_prizes([OVERALL, GUEST, NEWCOMER, UNDER], FIELD)
    assert winners(awards) == {
        "Overall": [1, 2],
        "Best guest": [3],  # Bea (a guest) won overall: the next guest wins
        "Best newcomer": [4],
        "Best under 1400": [],  # Cid and Dan have won already; Eva withdrew
    }
    assert [w.place for w in awards[0].winners] == [1, 2]
    assert awards[1].winners[0].rank == 3


def test_several_prizes_each_when_the_director_allows_it():
    awards = assign_prizes([OVERALL, GUEST, NEWCOMER, UNDER], FIELD, one_prize_each=False)
    assert winners(awards) == {
        "Overall": [1, 2],
        "Best guest": [2],
        "Best newcomer": [2],
        "Best under 1400": [3],
    }


def test_the_order_of_the_categories_decides_precedence():
    awards = assign_prizes([GUEST, OVERALL], FIELD)
    assert winners(awards) == {"Best guest": [2], "Overall": [1, 3]}


def test_ties_are_resolved_by_rank_whatever_the_order_given():
    shuffled = list(reversed(FIELD))
    assert winners(assign_prizes([Category("Top 3", places=3)], shuffled)) == {"Top 3": [1, 2, 3]}


def test_an_empty_category_awards_nothing_and_a_short_one_fewer_places():
    awards = assign_prizes(
        [Category("Juniors", eligibility="chosen", chosen=frozenset()), Category("All", 9)],
        FIELD,
    )
    assert winners(awards) == {"Juniors": [], "All": [1, 2, 3, 4]}  # Eva withdrew
    assert assign_prizes([OVERALL], [])[0].winners == ()


def test_eligibility_rules():
    ada, bea, cid, dan, eva = FIELD
    assert eligible(Category("m", eligibility="members"), ada)
    assert not eligible(Category("m", eligibility="members"), bea)
    assert eligible(UNDER, cid) and not eligible(UNDER, bea)
    picked = Category("p", eligibility="chosen", chosen=frozenset({4}))
    assert eligible(picked, dan) and not eligible(picked, ada)
    assert not eligible(OVERALL, eva)


def test_bad_categories_are_refused():
    with pytest.raises(ValueError):
        Category("x", places=0)
    with pytest.raises(ValueError):
        Category("x", eligibility="friends")
    with pytest.raises(ValueError):
        Category("x", eligibility="rating_below")
