"""The people pages (``players:``): a person's page (ratings and their history drawn,
games, tournaments, partners and opponents), the head-to-head page of two people, and a
club's ladder. Public, like the standings: they show names, results and ratings, never
a login name, an e-mail or anything of a game its public pages do not show.

Thin views: :mod:`scoring.person`, :mod:`scoring.tablemates` and :mod:`scoring.ladder`
read; :mod:`scoring.ratings.plot` draws. A choice in the address that is not one offered
(a scope, a page, a ladder filter) is answered 400 with a sentence.
"""

from __future__ import annotations

import datetime as dt
from typing import Any
from zoneinfo import ZoneInfo

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import formats, timezone
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from scoring import ladder as ladder_service
from scoring import person, tablemates
from scoring.numbers import ordinal
from scoring.ratings import plot, scale
from tournaments.models import Club, Player
from tournaments.web.club_time import club_zone, people_zone
from tournaments.web.forms import game_title
from tournaments.web.gates import club_view


class BadChoice(ValueError):
    """An address asking for something the page does not offer."""


def _number(request: HttpRequest, name: str) -> int | None:
    value = request.GET.get(name, "").strip()
    if not value:
        return None
    if value.isdigit() and len(value) < 10 and int(value) >= 1:
        return int(value)
    raise BadChoice(
        _("“%(value)s” is not a page number: pages are numbered from 1.") % {"value": value[:20]}
        if name == "page"
        else _("That rating is not one of this person's: choose one of the list.")
    )


def _zone(club: Club | None) -> ZoneInfo:
    return club_zone(club) if club is not None else people_zone()


def _day(when: dt.datetime | None, club: Club | None) -> dt.date | None:
    """The day a person reads for a moment: on its club's clock, else the site's."""
    return timezone.localtime(when, _zone(club)).date() if when else None


def _day_writer() -> Any:
    """Writes a day as people read it ("8 Jan 2026"), each day once: a long history or
    list repeats its days, and Django's date formatting is the page's dearest step."""
    written: dict[dt.date, str] = {}

    def write(day: dt.date | None) -> str:
        if day is None:
            return ""
        if day not in written:
            written[day] = formats.date_format(day, _("j M Y"))
        return written[day]

    return write


def _date_label(day: dt.date, with_day: bool) -> str:
    return formats.date_format(day, _("j M") if with_day else _("M Y"))


def scope_words(scope: Any) -> str:
    """ "German whist, all clubs" / "German whist, Circolo Tavolo"."""
    where = scope.club.name if scope.club_id else _("all clubs")
    return _("%(game)s, %(where)s") % {"game": game_title(scope.game_type), "where": where}


def result_words(outcome: str | None, place: int | None, sides: int) -> str:
    """ "won", "lost", "drawn" at a table of two sides; "2nd of 4" at a bigger one."""
    if outcome is None or place is None:
        return "—"
    if sides > 2:
        return _("%(place)s of %(sides)s") % {"place": _(ordinal(place)), "sides": sides}
    return {
        tablemates.WON: _("won"),
        tablemates.LOST: _("lost"),
        tablemates.DRAWN: _("drawn"),
    }[outcome]


def change_words(change: int | None) -> str:
    """A rating change as people read it: "+12", "−8", "±0"; empty when not rated."""
    if change is None:
        return ""
    return f"+{change}" if change > 0 else f"−{-change}" if change < 0 else "±0"


def _person_base() -> str:
    """The address of a person's page without the id ("/players/"), reversed once per
    page rather than once per link."""
    return reverse("players:page", args=[0])[: -len("0/")]


def _people_links(base: str, people: list[tuple[int, str]]) -> str:
    """Links to each person's page, "Anna Rossi, Bruno Bianchi"."""
    return format_html_join(", ", '<a href="{}{}/">{}</a>', ((base, i, n) for i, n in people))


def _plot(player: Player, chosen: person.ScopeRating) -> dict[str, Any]:
    points = person.history(player, chosen.scope)
    shown = plot.thin(points)
    zone = _zone(chosen.scope.club)
    if not shown:
        return {"svg": "", "rows": []}
    first, last = shown[0], shown[-1]
    description = _(
        "Rating from %(first)s on %(first_day)s to %(last)s on %(last_day)s, over "
        "%(games)s rated games. The line is the rating; the shaded band around it is "
        "its uncertainty (now ± %(uncertainty)s)."
    ) % {
        "first": first.rating,
        "first_day": formats.date_format(timezone.localtime(first.when, zone).date()),
        "last": last.rating,
        "last_day": formats.date_format(timezone.localtime(last.when, zone).date()),
        "games": len(points),
        "uncertainty": last.uncertainty,
    }
    svg = plot.svg(
        points,
        zone=zone,
        title=_("Rating history: %(scope)s") % {"scope": scope_words(chosen.scope)},
        description=description,
        date_label=_date_label,
    )
    written = _day_writer()
    rows = format_html_join(
        "",
        '<tr><td class="day">{}</td><td>{}</td><td>± {}</td></tr>',
        (
            (written(timezone.localtime(p.when, zone).date()), p.rating, p.uncertainty)
            for p in shown
        ),
    )
    return {
        "svg": mark_safe(svg),
        "rows": rows,
        "count": len(shown),
        "thinned": len(shown) < len(points),
    }


@require_GET
@never_cache
def person_page(request: HttpRequest, player_id: int) -> HttpResponse:
    player = person.person_or_none(player_id)
    if player is None:
        moved = person.claimed_into(player_id)
        if moved is not None:
            return redirect("players:page", player_id=moved, permanent=True)
        raise Http404("no such player")
    ratings = person.ratings_of(player)
    status, banner = 200, ""
    try:
        wanted = _number(request, "scope")
        page_number = _number(request, "page") or 1
    except BadChoice as error:
        status, banner, wanted, page_number = 400, str(error), None, 1
    chosen = next((r for r in ratings if r.scope.pk == wanted), None)
    if wanted is not None and chosen is None:
        status, banner = 400, _("That rating is not one of this person's: choose one of the list.")
    chosen = chosen or (ratings[0] if ratings else None)
    page, games = person.games_page(player, page_number)
    written, base = _day_writer(), _person_base()
    partners, opponents = tablemates.partners_and_opponents(player)
    placings, tournaments_total = person.placings(player)
    context = {
        "player": player,
        "clubs": person.clubs_of(player),
        "ratings": [{"r": r, "where": scope_words(r.scope)} for r in ratings],
        "chosen": chosen,
        "chosen_words": scope_words(chosen.scope) if chosen else "",
        "plot": _plot(player, chosen) if chosen else None,
        "page": page,
        "games": [
            {
                "g": g,
                "title": game_title(g.game.game_type),
                "day": written(_day(g.when, g.club)),
                "partners": _people_links(base, g.partners),
                "opponents": _people_links(base, g.opponents),
                "result": result_words(g.outcome, g.place, g.sides),
                "change": change_words(g.change),
            }
            for g in games
        ],
        "partners": partners,
        "opponents": opponents,
        "placings": [
            {
                "p": p,
                "day": p.tournament.starts_on or _day(p.tournament.created_at, p.tournament.club),
            }
            for p in placings
        ],
        "placings_left_out": tournaments_total - len(placings),
        "banner": banner,
        "provisional_games": scale.PROVISIONAL_GAMES,
    }
    return render(request, "players/person.html", context, status=status)


@require_GET
@never_cache
def versus_page(request: HttpRequest, player_id: int, other_id: int) -> HttpResponse:
    player = person.person_or_none(player_id)
    other = person.person_or_none(other_id)
    if player is None or other is None:
        moved = [person.claimed_into(player_id), person.claimed_into(other_id)]
        if any(moved):
            ids = [m or o for m, o in zip(moved, [player_id, other_id], strict=True)]
            return redirect("players:versus", player_id=ids[0], other_id=ids[1], permanent=True)
        raise Http404("no such player")
    if player.pk == other.pk:
        return redirect("players:page", player_id=player.pk)
    found = tablemates.versus(player, other)
    partners, opponents = tablemates.partners_and_opponents(player)
    picks = {r.player_id: r.name for r in opponents + partners if r.player_id != other.pk}
    return render(
        request,
        "players/versus.html",
        {
            "player": player,
            "other": other,
            "v": found,
            "meetings": [
                {
                    "m": m,
                    "title": game_title(m.game.game_type),
                    "table": getattr(m.game, "table", None),
                    "day": _day(m.when, _club_of(m.game)),
                }
                for m in found.meetings
            ],
            "picks": sorted(picks.items(), key=lambda item: item[1].casefold()),
        },
    )


def _club_of(game: Any) -> Club | None:
    table = getattr(game, "table", None)
    return table.round.tournament.club if table is not None else None


@require_GET
@never_cache
@club_view()
def ladder_page(request: HttpRequest, club: Club) -> HttpResponse:
    scopes = ladder_service.scopes_of(club)
    status, banner = 200, ""
    try:
        choices = ladder_service.choices_from(request.GET, scopes)
        page_number = _number(request, "page") or 1
    except (ladder_service.BadChoice, BadChoice) as error:
        status, banner = 400, str(error)
        choices = ladder_service.choices_from({}, scopes)
        page_number = 1
    page, rungs = ladder_service.ladder(club, choices, page_number) if choices.game else (None, [])
    # A hundred rows: their words and links are made here once, not by template tags
    # in every row (which cost the page about twice as much).
    person = _person_base()
    counted: dict[int, str] = {}
    rows = [
        {
            "r": r,
            "url": f"{person}{r.player_id}/",
            "last": formats.date_format(timezone.localtime(r.last_played).date(), _("j M Y")),
            "games": counted.setdefault(
                r.games, ngettext("%(n)s game", "%(n)s games", r.games) % {"n": r.games}
            ),
        }
        for r in rungs
    ]
    return render(
        request,
        "players/ladder.html",
        {
            "club": club,
            "games": [(s.game_type, game_title(s.game_type)) for s in scopes],
            "choices": choices,
            "active_choices": ladder_service.ACTIVE_CHOICES,
            "game_words": game_title(choices.game) if choices.game else "",
            "page": page,
            "rungs": rows,
            "provisional_title": ngettext(
                "fewer than %(n)s rated game",
                "fewer than %(n)s rated games",
                scale.PROVISIONAL_GAMES,
            )
            % {"n": scale.PROVISIONAL_GAMES},
            "banner": banner,
            "provisional_games": scale.PROVISIONAL_GAMES,
        },
        status=status,
    )
