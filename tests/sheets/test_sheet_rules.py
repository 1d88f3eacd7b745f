"""The rules of a score sheet's deal, read from plain lines: no database here."""

from __future__ import annotations

import pytest

from tournaments.models import SheetEntry
from tournaments.services import sheet_rules as rules
from tournaments.services.sheet_rules import Line, Refusal

A = {"type": "tally", "tricks": [7, 6]}
B = {"type": "tally", "tricks": [8, 5]}
C = {"type": "tally", "tricks": [9, 4]}


def entry(side, tally):
    return Line(rules.ENTRY, side, tally)


def confirm(side):
    return Line(rules.CONFIRM, side)


def view(*lines, deal=1):
    return rules.deal_view(deal, list(lines))


def test_the_kinds_are_the_sheet_lines_kinds():
    assert {rules.ENTRY, rules.CONFIRM, rules.RESOLVE, rules.CORRECT} == set(SheetEntry.Kind.values)


def test_one_entry_is_pending_with_its_tally_as_candidate():
    found = view(entry(0, A))
    assert found.agreed is None and not found.disputed
    assert found.candidate == A and found.entering_sides == {0}
    assert rules.status(1, {1: found}, 0) == rules.PENDING


def test_another_side_confirming_agrees_the_tally():
    confirmation = confirm(1)
    found = view(entry(0, A), confirmation)
    assert found.agreed == A and found.agreed_by is confirmation
    assert rules.status(1, {1: found}, 0) == rules.CONFIRMED


def test_another_side_entering_the_same_tally_agrees_it():
    second = entry(1, dict(A))
    found = view(entry(0, A), second)
    assert found.agreed == A and found.agreed_by is second and not found.disputed


def test_an_official_entry_agrees_at_once():
    line = entry(None, A)
    found = view(line)
    assert found.agreed == A and found.agreed_by is line and found.entering_sides == set()


def test_a_side_may_not_confirm_its_own_tally_but_another_side_and_an_official_may():
    views = {1: view(entry(0, A))}
    refusal = rules.may_confirm(1, views, 0, 0)
    assert refusal == Refusal(
        "your side entered deal 1: a player of another side confirms it", forbidden=True
    )
    assert rules.may_confirm(1, views, 0, 1) is None
    assert rules.may_confirm(1, views, 0, None) is None


def test_confirming_is_refused_with_nothing_to_confirm_or_once_settled():
    assert rules.may_confirm(1, {}, 0, 1) == Refusal("deal 1 has no tally to confirm yet", deal=1)
    assert rules.may_confirm(1, {}, 1, 1) == Refusal("deal 1 already counts", deal=1)
    agreed = {1: view(entry(0, A), confirm(1))}
    assert rules.may_confirm(1, agreed, 0, 1) == Refusal("deal 1 is already agreed", deal=1)
    disputed = {1: view(entry(0, A), entry(1, B))}
    assert rules.may_confirm(1, disputed, 0, 0) == Refusal(
        "deal 1 is disputed (the entries differ): a director resolves it", deal=1
    )


def test_a_confirmation_before_any_entry_agrees_nothing():
    found = view(confirm(1), entry(0, A))
    assert found.agreed is None and found.candidate == A


def test_entries_that_differ_dispute_the_deal_and_name_the_fields():
    found = view(entry(0, A), entry(1, B))
    assert found.disputed and found.agreed is None and found.candidate is None
    assert found.entered == [A, B]
    assert found.differs() == ["tricks[0]", "tricks[1]"]
    assert rules.status(1, {1: found}, 0) == rules.DISPUTED


def test_a_confirmation_does_not_settle_a_disputed_deal():
    found = view(entry(0, A), entry(1, B), confirm(None))
    assert found.disputed and found.agreed is None


def test_a_directors_ruling_settles_a_disputed_deal():
    ruling = Line(rules.RESOLVE, None, {**C, "chose": 7, "reason": "counted again"})
    found = view(entry(0, A), entry(1, B), ruling)
    assert not found.disputed and found.agreed == C and found.agreed_by is ruling
    assert found.differs() == []
    assert rules.status(1, {1: found}, 0) == rules.CONFIRMED


def test_entries_after_a_ruling_change_nothing():
    ruling = Line(rules.RESOLVE, None, A)
    found = view(entry(0, A), entry(1, B), ruling, entry(1, C))
    assert found.agreed == A and not found.disputed


def test_a_correction_settles_the_deal_with_its_tally_without_the_reason():
    correction = Line(rules.CORRECT, None, {**B, "reason": "wrong trick count"})
    found = view(entry(0, A), confirm(1), correction)
    assert found.agreed == B and found.agreed_by is correction


def test_a_side_replaces_its_own_unanswered_entry():
    found = view(entry(0, A), entry(0, B))
    assert not found.disputed and found.candidate == B
    assert found.entered == [A, B]
    agreed = view(entry(0, A), entry(0, B), entry(1, B))
    assert agreed.agreed == B and not agreed.disputed


def test_entering_is_refused_once_counted_agreed_or_disputed_unless_ruling():
    assert rules.may_enter(1, {}, 1, ruling=False) == Refusal(
        "deal 1 already counts; a director corrects it if it is wrong", deal=1
    )
    agreed = {2: view(entry(0, A), confirm(1), deal=2)}
    assert rules.may_enter(2, agreed, 1, ruling=True) == Refusal("deal 2 is already agreed", deal=2)
    disputed = {1: view(entry(0, A), entry(1, B))}
    assert rules.may_enter(1, disputed, 0, ruling=False) == Refusal(
        "deal 1 is disputed: a director resolves it", deal=1
    )
    assert rules.may_enter(1, disputed, 0, ruling=True) is None
    assert rules.may_enter(1, {1: view(entry(0, A))}, 0, ruling=False) is None
    assert rules.may_enter(1, {}, 0, ruling=False) is None


def test_a_ruling_is_refused_once_the_deal_counts():
    assert rules.may_resolve(2, 2) == Refusal("deal 2 already counts: correct it instead", deal=2)
    assert rules.may_resolve(3, 2) is None


def test_a_deal_follows_deals_that_each_have_a_tally():
    views = {2: view(entry(0, A), deal=2), 3: view(entry(1, B), confirm(0), deal=3)}
    assert rules.tallies_ahead(views, 1, 4) == [A, B]
    assert rules.tallies_ahead(views, 1, 2) == []
    assert rules.tallies_ahead(views, 1, 5) == Refusal("enter deal 4 first")
    assert rules.tallies_ahead(views, 0, 3) == Refusal("enter deal 1 first")
    assert rules.tallies_ahead(views, 3, 4) == []


def test_a_disputed_deal_holds_up_the_deals_after_it():
    views = {1: view(entry(0, A), entry(1, B))}
    assert rules.tallies_ahead(views, 0, 2) == Refusal(
        "deal 1 is disputed: a director resolves it first"
    )


@pytest.mark.parametrize(
    ("payload", "tally"),
    [(None, None), ({**A, "reason": "r", "chose": 3}, A), (A, A)],
)
def test_the_tally_of_a_payload_leaves_out_reason_and_chose(payload, tally):
    assert rules.tally_of(payload) == tally
