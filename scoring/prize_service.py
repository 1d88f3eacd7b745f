"""Prize categories and the final report: the one service the web pages and the API
both call (see :mod:`scoring.prizes` for how prizes are assigned).

Only the club's directors define categories; everyone who may see the standings may
read the categories and the report. Bad input raises :class:`ServiceError` with a
message in plain words and the field it is about (``details["field"]``), and changes
nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from scoring import numbers, read
from scoring.models import PrizeCategory, PrizeRules
from scoring.prizes import Award, Candidate, Category, assign_prizes
from tournaments.models import Entry, Membership, Role, Tournament
from tournaments.services import access, audit
from tournaments.services.errors import NotFound, ServiceError

__all__ = [
    "Report",
    "candidates",
    "categories_of",
    "define_category",
    "delete_category",
    "one_prize_each",
    "report",
    "set_one_prize_each",
]

MAX_PLACES = 50


def categories_of(tournament: Tournament) -> list[PrizeCategory]:
    return list(PrizeCategory.objects.filter(tournament=tournament).prefetch_related("chosen"))


def one_prize_each(tournament: Tournament) -> bool:
    rules = PrizeRules.objects.filter(tournament=tournament).first()
    return True if rules is None else rules.one_prize_each


def _invalid(field: str, message: str) -> ServiceError:
    return ServiceError(message, field=field)


def define_category(
    tournament: Tournament,
    by: Any,
    *,
    name: str,
    places: int | str | None,
    eligibility: str,
    rating_below: int | str | None = None,
    chosen: list[int] | None = None,
) -> PrizeCategory:
    """Add a prize category at the end of the order (directors only). ``chosen`` are
    start numbers of the tournament's entries, for the hand-picked eligibility."""
    access.require_role(by, tournament.club, Role.DIRECTOR)
    name = (name or "").strip()
    if not name:
        raise _invalid("name", _("Give the prize a name, e.g. “Best guest”."))
    if len(name) > 80:
        raise _invalid("name", _("The name is too long (80 characters at most)."))
    try:
        count = int(places) if places not in (None, "") else 1
    except (TypeError, ValueError):
        raise _invalid("places", _("How many places: a whole number, such as 1 or 3.")) from None
    if not 1 <= count <= MAX_PLACES:
        raise _invalid("places", _("How many places: from 1 to %(most)d.") % {"most": MAX_PLACES})
    if eligibility not in PrizeCategory.Eligibility.values:
        raise _invalid("eligibility", _("Choose who may win this prize."))
    rating: int | None = None
    if eligibility == PrizeCategory.Eligibility.RATING_BELOW:
        try:
            rating = int(str(rating_below).strip())
        except (TypeError, ValueError):
            raise _invalid(
                "rating_below", _("Give the rating limit as a whole number, such as 1400.")
            ) from None
    picked: list[Entry] = []
    if eligibility == PrizeCategory.Eligibility.CHOSEN:
        numbers = sorted(set(chosen or []))
        if not numbers:
            raise _invalid("chosen", _("Pick at least one player for this prize."))
        found = {
            e.number: e for e in Entry.objects.filter(tournament=tournament, number__in=numbers)
        }
        missing = [n for n in numbers if n not in found]
        if missing:
            raise _invalid(
                "chosen",
                _("No player with start number %(numbers)s in this tournament.")
                % {"numbers": ", ".join(str(n) for n in missing)},
            )
        picked = [found[n] for n in numbers]
    if PrizeCategory.objects.filter(tournament=tournament, name__iexact=name).exists():
        raise _invalid("name", _("There is already a prize called “%(name)s”.") % {"name": name})
    try:
        with transaction.atomic():
            last = PrizeCategory.objects.filter(tournament=tournament).aggregate(m=Max("position"))
            category = PrizeCategory.objects.create(
                tournament=tournament,
                name=name,
                places=count,
                eligibility=eligibility,
                rating_below=rating,
                position=(last["m"] or 0) + 1,
            )
            if picked:
                category.chosen.set(picked)
            after = {"places": count, "eligibility": eligibility, "rating_below": rating}
            if picked:
                after["entries"] = [e.name for e in picked]
            _audit(tournament, by, "prize-added", name, None, after)
    except IntegrityError:
        raise _invalid(
            "name", _("There is already a prize called “%(name)s”.") % {"name": name}
        ) from None
    return category


def delete_category(tournament: Tournament, by: Any, category_id: int) -> None:
    access.require_role(by, tournament.club, Role.DIRECTOR)
    with transaction.atomic():
        category = PrizeCategory.objects.filter(tournament=tournament, pk=category_id).first()
        if category is None:
            raise NotFound(_("There is no such prize in this tournament."))
        _audit(tournament, by, "prize-deleted", category.name, {"places": category.places}, None)
        category.delete()


def set_one_prize_each(tournament: Tournament, by: Any, value: bool) -> None:
    access.require_role(by, tournament.club, Role.DIRECTOR)
    with transaction.atomic():
        rules, created = PrizeRules.objects.get_or_create(
            tournament=tournament, defaults={"one_prize_each": value}
        )
        before = True if created else rules.one_prize_each  # True: the default
        if not created and rules.one_prize_each != value:
            rules.one_prize_each = value
            rules.save(update_fields=["one_prize_each"])
        if before != value:
            change = ({"one_prize_each": before}, {"one_prize_each": value})
            _audit(tournament, by, "prize-rules-changed", tournament.name, *change)


def _audit(tournament: Tournament, by: Any, action: str, subject: str, *change: Any) -> None:
    before, after = change
    audit.record(
        actor=by, club=tournament.club, tournament=tournament, action=action,
        subject=subject, before=before, after=after,
    )  # fmt: skip


# ------------------------------------------------------------------------------ report


def _players(entry: Entry) -> list[Any]:
    if entry.player_id:
        return [entry.player]
    return list(entry.team.players_in_order()) if entry.team_id else []  # type: ignore[union-attr]


def candidates(tournament: Tournament, rows: list[dict[str, Any]]) -> list[Candidate]:
    """The final standings' rows as prize candidates: guest, newcomer and member flags
    from the club's records. A team is a guest (newcomer, member) when all its players
    are."""
    entries = {
        e.pk: e
        for e in Entry.objects.filter(tournament=tournament).select_related("player", "team")
    }
    club = tournament.club
    members = set(Membership.objects.filter(club=club).values_list("user_id", flat=True))
    earlier = set(
        Entry.objects.filter(tournament__club=club, player__isnull=False)
        .exclude(tournament=tournament)
        .filter(tournament__created_at__lt=tournament.created_at)
        .values_list("player_id", flat=True)
    )
    out = []
    for row in rows:
        entry = entries.get(int(row["entry"]))
        if entry is None:
            continue
        players = _players(entry)
        is_member = [p.user_id is not None and p.user_id in members for p in players]
        out.append(
            Candidate(
                entry=entry.pk,
                rank=int(row["rank"]),
                guest=bool(players) and not any(is_member),
                newcomer=bool(players) and all(p.pk not in earlier for p in players),
                member=bool(players) and all(is_member),
                rating=entry.rating,
                withdrawn=bool(row.get("withdrawn")),
            )
        )
    return out


@dataclass
class Report:
    """The final report: the last round's standings and each category's winners."""

    tournament: Tournament
    shown: read.Shown
    rows: list[dict[str, Any]]
    awards: list[dict[str, Any]]
    one_prize_each: bool

    @property
    def final(self) -> bool:
        """The tournament is finished and its last round complete."""
        s = self.shown.standings
        return self.tournament.status == Tournament.Status.FINISHED and not (s and s.provisional)


def _category(model: PrizeCategory) -> Category:
    return Category(
        name=model.name,
        places=model.places,
        eligibility=model.eligibility,
        rating_below=model.rating_below,
        chosen=frozenset(e.pk for e in model.chosen.all()),
    )


def report(tournament: Tournament) -> Report:
    """The final report from the stored standings of the latest round."""
    shown = read.read(tournament)
    rows = list(shown.standings.rows) if shown.standings else []
    models_ = categories_of(tournament)
    single = one_prize_each(tournament)
    by_entry = {int(r["entry"]): r for r in rows}
    awards: list[Award] = assign_prizes(
        [_category(m) for m in models_], candidates(tournament, rows), single
    )
    out = []
    for model, award in zip(models_, awards, strict=True):
        out.append(
            {
                "id": model.pk,
                "name": model.name,
                "places": model.places,
                "eligibility": model.eligibility,
                "eligibility_label": eligibility_words(model),
                "rating_below": model.rating_below,
                "winners": [
                    {
                        "place": w.place,
                        "entry": w.entry,
                        "rank": w.rank,
                        "number": by_entry[w.entry]["number"],
                        "name": by_entry[w.entry]["name"],
                        "points": numbers.approximate(by_entry[w.entry]["points"]),
                    }
                    for w in award.winners
                ],
            }
        )
    return Report(tournament, shown, rows, out, single)


def eligibility_words(model: PrizeCategory) -> str:
    """Who may win the category, in words ("Rated below 1400")."""
    if model.eligibility == PrizeCategory.Eligibility.RATING_BELOW:
        return _("Rated below %(rating)s") % {"rating": model.rating_below}
    return str(model.get_eligibility_display())  # type: ignore[attr-defined]


def category_json(model: PrizeCategory) -> dict[str, Any]:
    return {
        "id": model.pk,
        "name": model.name,
        "places": model.places,
        "position": model.position,
        "eligibility": model.eligibility,
        "eligibility_label": eligibility_words(model),
        "rating_below": model.rating_below,
        "chosen": sorted(e.number for e in model.chosen.all()),
    }
