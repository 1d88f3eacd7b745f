"""The move's body checked by hand (the events view's fast path): it accepts exactly
what the serializer accepts in the usual form and hands everything else to it."""

import uuid

import pytest

from tournaments.api.play import serializers as s
from tournaments.api.play.views import well_formed_move

EVENT_ID = "3f2b8c1e-5d0a-4e59-9a49-0c1f6f0f3a11"
GOOD = {"event_id": EVENT_ID, "expected_version": 1, "event": {"type": "play", "seat": 1}}


def test_a_usual_body_is_taken_as_the_serializer_takes_it():
    body = s.EventSubmitSerializer(data=GOOD)
    assert body.is_valid()
    assert well_formed_move(GOOD) == dict(body.validated_data)
    assert well_formed_move(GOOD)["event_id"] == uuid.UUID(EVENT_ID)


@pytest.mark.parametrize(
    "changes",
    [
        {"expected_version": True},
        {"expected_version": "1"},
        {"expected_version": 1.0},
        {"expected_version": -1},
        {"expected_version": 2**31},
        {"event_id": "not-a-uuid-but-thirty-six-chars-long"},
        {"event_id": EVENT_ID.replace("-", "")},
        {"event_id": 12},
        {"event": []},
        {"event": "play"},
        {"extra": 1},
    ],
)
def test_anything_unusual_goes_to_the_serializer(changes):
    assert well_formed_move({**GOOD, **changes}) is None


@pytest.mark.parametrize("missing", ["event_id", "expected_version", "event"])
def test_a_missing_field_goes_to_the_serializer(missing):
    assert well_formed_move({k: v for k, v in GOOD.items() if k != missing}) is None


def test_a_body_that_is_not_an_object_goes_to_the_serializer():
    assert well_formed_move([GOOD]) is None
    assert well_formed_move(None) is None
