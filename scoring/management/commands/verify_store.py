"""``manage.py verify_store [--game ID] [--tournament ID] [--language it]``: check
that the database holds what the rules say it should, e.g. after restoring a backup.

Every game's events are replayed through the engine, every seed is checked against its
published commitment (and the deals made again from it), every game's version and
status against its events, and every tournament's stored standings against a
recomputation (:mod:`scoring.store_verification`). Each problem is printed in words,
with the game or tournament it concerns; the exit status is 1 when there is any. It
writes nothing. deploy/README.md, "Backup and restore".
"""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.store_verification import verify
from tournaments.models import Game, Tournament


class Command(BaseCommand):
    help = (
        "Replay every game's events through the rules, check every seed against its "
        "commitment and every stored standing against a recomputation; exit 1 if "
        "anything is wrong. Writes nothing."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--game",
            type=uuid.UUID,
            action="append",
            default=[],
            help="check this game (its id) and its tournament's standings; may be repeated",
        )
        parser.add_argument(
            "--tournament",
            type=int,
            action="append",
            default=[],
            help="check this tournament (its id): its games and standings; may be repeated",
        )
        parser.add_argument(
            "--language",
            choices=[code for code, _name in settings.LANGUAGES],
            default=settings.LANGUAGE_CODE,
            help="the language of the report (default: %(default)s)",
        )
        parser.add_argument(
            "--progress-every",
            type=int,
            default=500,
            help="a progress line every this many games (0: none; default: %(default)s)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        with translation.override(options["language"]):
            missing = _missing(options["game"], options["tournament"])
            if missing:
                raise CommandError(missing)
            summary = verify(
                self.stdout.write,
                game_ids=options["game"],
                tournament_ids=options["tournament"],
                progress_every=options["progress_every"],
            )
            if summary.problems:
                raise CommandError(
                    ngettext(
                        "the store has %(n)s problem",
                        "the store has %(n)s problems",
                        summary.problems,
                    )
                    % {"n": summary.problems},
                    returncode=1,
                )


def _missing(game_ids: list[uuid.UUID], tournament_ids: list[int]) -> str:
    """What was asked for by id and does not exist (``""``: nothing)."""
    games = set(Game.objects.filter(pk__in=game_ids).values_list("pk", flat=True))
    tournaments = set(Tournament.objects.filter(pk__in=tournament_ids).values_list("pk", flat=True))
    missing = [_("there is no game %(id)s") % {"id": g} for g in game_ids if g not in games]
    missing += [
        _("there is no tournament %(id)s") % {"id": t}
        for t in tournament_ids
        if t not in tournaments
    ]
    return "; ".join(missing)
