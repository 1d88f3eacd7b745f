"""Draft rounds that must go, and tournaments that may no longer change.

A draft round is normally thrown away when the entries change or the round is
paired again. A round that was published and then *unpublished*
(:func:`tournaments.services.round_undo.unpublish`) carries an append-only
:class:`~tournaments.models.RoundCorrection` recording that, so the round row itself
must stay: it is emptied (its tables and byes go) instead, and the next pairing
fills it again.
"""

from __future__ import annotations

from django.utils.translation import gettext as _

from tournaments.models import Bye, Round, Table, Tournament
from tournaments.services.errors import Conflict


def require_editable(tournament: Tournament) -> None:
    """Refuse any change to an archived tournament (it is read-only)."""
    if tournament.archived_at is not None:
        raise Conflict(
            _("%(name)s is archived: bring it back from the archive to change it")
            % {"name": tournament.name}
        )


def clear(round_: Round) -> None:
    """Empty a draft round: its tables (with their places) and byes go."""
    Table.objects.filter(round=round_).delete()
    Bye.objects.filter(round=round_).delete()


def drop_drafts(tournament: Tournament) -> None:
    """Entries or settings changed: an unpublished pairing no longer fits them."""
    for round_ in tournament.rounds.filter(status=Round.Status.DRAFT):
        if round_.corrections.exists():
            clear(round_)
        else:
            round_.delete()


def reusable_draft(tournament: Tournament, number: int) -> Round | None:
    """Before round ``number`` is paired again: the old draft is deleted, or, when it
    must stay (it was unpublished), emptied and returned to be filled again."""
    round_ = tournament.rounds.filter(number=number).first()
    if round_ is None:
        return None
    if round_.corrections.exists():
        clear(round_)
        round_.method = tournament.pairing_method
        round_.save(update_fields=["method", "paired_at"])
        return round_
    round_.delete()
    return None
