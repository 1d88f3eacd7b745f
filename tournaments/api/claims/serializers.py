"""The request and response shapes of the claims resource: claiming a guest record
with a code, and the code a director issues."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.shared.strict import StrictCharField, StrictSerializer


class ClaimRequestSerializer(StrictSerializer):
    code = StrictCharField(
        max_length=40,
        help_text="the code the director gave, e.g. `KFQ7-M3XP` (any case; dash and spaces "
        "optional)",
    )


class ClaimedPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class ClaimedTournamentSerializer(serializers.Serializer):
    club = serializers.CharField(help_text="the club's slug")
    slug = serializers.CharField()
    name = serializers.CharField()


class ClaimResultSerializer(serializers.Serializer):
    player = ClaimedPlayerSerializer(help_text="your player now, holding the guest's history")
    how = serializers.ChoiceField(
        choices=["adopted", "merged"],
        help_text="`adopted`: the guest record became your player (a bare player made at "
        "sign-up was removed); `merged`: the guest's entries moved to your player",
    )
    club = serializers.CharField(help_text="the club whose guest record it was (its slug)")
    tournaments = ClaimedTournamentSerializer(many=True)


class ClaimCodeSerializer(serializers.Serializer):
    player = ClaimedPlayerSerializer()
    code = serializers.CharField(help_text="shown only now: only a hash is stored")
    expires_at = serializers.DateTimeField()
