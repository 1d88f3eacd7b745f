"""The request and response shapes of the play resource: a seat's view, its legal
actions, the event log, submitting an event, and the version."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.shared.fields import (
    MAX_INT,
    MAX_SEAT_INDEX,
    EventField,
    ToActField,
    WinnerField,
)
from tournaments.api.shared.strict import StrictIntegerField, StrictSerializer
from tournaments.models import Game, GameEvent


class SeatQuerySerializer(serializers.Serializer):
    seat = serializers.IntegerField(
        required=False,
        min_value=0,
        max_value=MAX_SEAT_INDEX,
        help_text="the seat whose view to read; leave out for the spectators' view",
    )


class RequiredSeatQuerySerializer(serializers.Serializer):
    seat = serializers.IntegerField(min_value=0, max_value=MAX_SEAT_INDEX)


class EventLogQuerySerializer(SeatQuerySerializer):
    after = serializers.IntegerField(
        required=False,
        default=0,
        min_value=0,
        max_value=MAX_INT,
        help_text="only the events from this sequence number on",
    )


class ViewSerializer(serializers.Serializer):
    """What a seat (or a spectator) sees. Each game adds its own fields (hand, trick,
    trump …); a view never holds a card its viewer may not see."""

    game = serializers.CharField()
    players = serializers.IntegerField()
    seat = serializers.IntegerField(allow_null=True)
    phase = serializers.CharField()
    deal_number = serializers.IntegerField()
    dealer = serializers.IntegerField()
    to_act = ToActField(allow_null=True)
    scores = serializers.ListField(child=serializers.IntegerField())
    deal_scores = serializers.ListField(child=serializers.IntegerField(), allow_null=True)
    over = serializers.BooleanField()
    winner = WinnerField(allow_null=True)
    legal = serializers.ListField(
        child=EventField(), required=False, help_text="a seat's legal actions (seat views only)"
    )
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.choices)


class LegalSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    count = serializers.IntegerField(help_text="how many legal actions the seat has")
    complete = serializers.BooleanField(
        help_text="false when there are too many to list (an Italian Whist split): `legal` "
        "then holds the game's compact hint instead"
    )
    legal = serializers.ListField(child=EventField())


class EventSubmitSerializer(StrictSerializer):
    event_id = serializers.UUIDField(
        help_text="chosen by the client; resending it with the same event is a safe retry"
    )
    expected_version = StrictIntegerField(
        min_value=0,
        max_value=MAX_INT,
        help_text="the game's version the client saw (the sequence number the event gets)",
    )
    event = EventField()


class SeatLegalSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    count = serializers.IntegerField(help_text="how many legal actions the seat has")
    complete = serializers.BooleanField(
        help_text="false when there are too many to list: `legal` then holds the game's "
        "compact hint (as in /legal)"
    )
    legal = serializers.ListField(child=EventField())


class NextMoveSerializer(serializers.Serializer):
    to_act = ToActField(allow_null=True)
    version = serializers.IntegerField(help_text="the version to send as `expected_version`")
    legal = SeatLegalSerializer(
        many=True,
        help_text="the legal actions of each seat now to act that the requester may act "
        "as (their own seat, and nobody acts for another); never another "
        "seat's. Empty when none of them is the requester's, or the game is over.",
    )


class EventAppendedSerializer(serializers.Serializer):
    sequence = serializers.IntegerField()
    version = serializers.IntegerField(help_text="the game's version after the event")
    event = EventField(help_text="the event as stored (canonical form)")
    over = serializers.BooleanField()
    next = NextMoveSerializer(
        help_text="what is to be done now (after this event and any deal the server made; "
        "on a retry, now): who acts, at which version, and the requester's own legal "
        "actions, so the next move needs no GET /legal"
    )


class LoggedEventSerializer(serializers.Serializer):
    sequence = serializers.IntegerField()
    kind = serializers.ChoiceField(choices=["chance", "player", "tally"])
    event = EventField(help_text='as the viewer may see it (`"hidden": true` when redacted)')
    at = serializers.DateTimeField()
    actor = serializers.ChoiceField(
        choices=GameEvent.Actor.choices,
        allow_null=True,
        help_text="who made it, when not the seat's own player (or the server): `bot` (a "
        "bot's move), `clock` (time ran out: played automatically), `director`",
    )


class EventLogSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    events = LoggedEventSerializer(many=True)


class VersionSerializer(serializers.Serializer):
    version = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.choices)


class LookSerializer(serializers.Serializer):
    """A director's look at one seat's cards: why (recorded with the look)."""

    reason = serializers.CharField(
        max_length=300, help_text="why the director looks (a dispute to settle …); recorded"
    )


class LookedSerializer(serializers.Serializer):
    """The seat's view as its player sees it, and the reason recorded with the look."""

    seat = serializers.IntegerField()
    reason = serializers.CharField()
    view = ViewSerializer()
