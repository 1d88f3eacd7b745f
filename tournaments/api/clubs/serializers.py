"""The request and response shapes of the clubs resource: clubs, members, players, teams."""

from __future__ import annotations

from rest_framework import serializers

from tournaments.api.shared.strict import (
    IdField,
    StrictCharField,
    StrictChoiceField,
    StrictSerializer,
    choice,
)
from tournaments.models import Role, Tournament
from tournaments.models.clubs import LANGUAGE_CHOICES

ROLES = [role.value for role in Role]
LANGUAGES = [code for code, _name in LANGUAGE_CHOICES]


# ---------------------------------------------------------------------- clubs


class ClubCreateSerializer(StrictSerializer):
    name = StrictCharField(max_length=120)
    slug = StrictCharField(
        max_length=60,
        required=False,
        allow_blank=True,
        help_text="the club's short name in URLs (made from the name when left out)",
    )
    description = StrictCharField(max_length=5000, required=False, allow_blank=True, default="")
    time_zone = StrictCharField(
        max_length=64,
        required=False,
        allow_blank=True,
        default="",
        help_text="the club's IANA time zone for every time its pages show (default Europe/Rome)",
    )
    language = StrictChoiceField(
        choices=LANGUAGES,
        required=False,
        help_text="the language of the club's pages for a browser that asks for none (default it)",
    )


class ClubSerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    description = serializers.CharField(allow_blank=True)
    time_zone = serializers.CharField(help_text="e.g. Europe/Rome")
    language = serializers.ChoiceField(
        choices=LANGUAGES, help_text="the club's default language: it (Italian) or en (English)"
    )


class TournamentSummarySerializer(serializers.Serializer):
    slug = serializers.CharField()
    name = serializers.CharField()
    game_type = serializers.CharField()
    status = choice(Tournament.Status.choices)
    created_at = serializers.DateTimeField()


class ClubDetailSerializer(ClubSerializer):
    created_at = serializers.DateTimeField()
    role = serializers.ChoiceField(
        choices=ROLES, allow_null=True, help_text="your role in the club (null: none)"
    )
    tournaments = TournamentSummarySerializer(many=True)


# ---------------------------------------------------------------------- members


class MemberSerializer(serializers.Serializer):
    username = serializers.CharField()
    role = serializers.ChoiceField(choices=ROLES)
    version = serializers.IntegerField(
        help_text="changes with every change; its `ETag` (send it in `If-Match`)"
    )


class MemberSetSerializer(StrictSerializer):
    username = StrictCharField(max_length=150)
    role = StrictChoiceField(choices=ROLES)


class RoleSerializer(StrictSerializer):
    role = StrictChoiceField(choices=ROLES)


# ---------------------------------------------------------------------- players and teams


class PlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    username = serializers.CharField(allow_null=True, help_text="null for a guest (no login)")
    household = serializers.CharField(
        required=False, allow_blank=True, help_text="private: shown to the club's directors only"
    )


class GuestCreateSerializer(StrictSerializer):
    name = StrictCharField(max_length=120)
    household = StrictCharField(max_length=120, required=False, allow_blank=True, default="")


class TeamPlayerSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class TeamSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    players = TeamPlayerSerializer(many=True, help_text="in seating order")


class TeamCreateSerializer(StrictSerializer):
    name = StrictCharField(max_length=120)
    players = serializers.ListField(
        child=IdField(),
        min_length=2,
        max_length=8,
        help_text="the ids of the club's players, in seating order",
    )
