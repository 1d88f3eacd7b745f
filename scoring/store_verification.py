"""``manage.py verify_store``'s run: every game, then every tournament's standings,
checked in one consistent view of the database, reported in words as it goes.

The games are checked by :mod:`tournaments.services.store_check` (the events replayed
through the engine, the seeds against their commitments, versions, statuses and final
scores), the standings by :mod:`scoring.standings_check` (the stored standings against
a recomputation). :func:`verify` writes a line for each problem as soon as it is found
(saying which game or tournament and what is wrong), a progress line every
``progress_every`` games, and a summary with the counts; it returns the
:class:`Summary`. On PostgreSQL the whole run reads one snapshot (a ``REPEATABLE READ``
transaction, as ``pg_dump`` does), so a game moving meanwhile cannot look inconsistent;
the transaction is rolled back at the end, so nothing is ever written.
"""

from __future__ import annotations

import contextlib
import uuid
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass

from django.db import connection, transaction
from django.utils.formats import number_format
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from scoring.standings_check import checked_standings, tournaments_to_check, where_tournament
from tournaments.services.store_check import checked_games, games_to_check, where_game


@dataclass
class Summary:
    games: int = 0
    events: int = 0
    seeds: int = 0
    deals: int = 0
    tournaments: int = 0
    rounds: int = 0
    owed: int = 0
    problems: int = 0


def verify(
    out: Callable[[str], None],
    *,
    game_ids: Collection[uuid.UUID] = (),
    tournament_ids: Collection[int] = (),
    progress_every: int = 500,
) -> Summary:
    """Check the games and standings: all, or (either list given) the games asked for
    and their tournaments, and the tournaments asked for and their games."""
    summary = Summary()
    with _one_snapshot():
        games = games_to_check(game_ids, tournament_ids)
        total = games.count()
        out(
            ngettext(
                "Checking %(n)s game, then the standings. Nothing is written.",
                "Checking %(n)s games, then the standings. Nothing is written.",
                total,
            )
            % {"n": _n(total)}
        )
        for game, check in checked_games(games):
            summary.games += 1
            summary.events += check.events
            summary.seeds += int(check.seed_checked)
            summary.deals += check.deals
            for problem in check.problems:
                summary.problems += 1
                out(
                    _("PROBLEM: %(where)s: %(what)s.")
                    % {"where": where_game(game), "what": problem}
                )
            if progress_every and summary.games % progress_every == 0 and summary.games < total:
                out(
                    _("… %(done)s of %(total)s games checked")
                    % {"done": _n(summary.games), "total": _n(total)}
                )
        tournaments = tournaments_to_check(game_ids, tournament_ids)
        count = tournaments.count()
        out(
            ngettext(
                "Checking the standings of %(n)s tournament.",
                "Checking the standings of %(n)s tournaments.",
                count,
            )
            % {"n": _n(count)}
        )
        for tournament, standings in checked_standings(tournaments):
            summary.tournaments += 1
            summary.rounds += standings.rounds
            summary.owed += int(standings.owed)
            for problem in standings.problems:
                summary.problems += 1
                out(
                    _("PROBLEM: %(where)s: %(what)s.")
                    % {"where": where_tournament(tournament), "what": problem}
                )
    for line in summary_lines(summary):
        out(line)
    return summary


@contextlib.contextmanager
def _one_snapshot() -> Iterator[None]:
    """One transaction, rolled back at the end; on PostgreSQL, when not already inside
    one, at ``REPEATABLE READ`` so every query reads the same snapshot."""
    outermost = not connection.in_atomic_block
    with transaction.atomic():
        if outermost and connection.vendor == "postgresql":
            with connection.cursor() as cursor:
                cursor.execute("SET TRANSACTION ISOLATION LEVEL REPEATABLE READ")
        try:
            yield
        finally:
            transaction.set_rollback(True)


def summary_lines(summary: Summary) -> list[str]:
    lines = [
        ngettext(
            "%(n)s game checked: %(events)s events replayed through the rules, %(seeds)s "
            "seeds checked against their commitments, %(deals)s deals made again from "
            "their seeds.",
            "%(n)s games checked: %(events)s events replayed through the rules, %(seeds)s "
            "seeds checked against their commitments, %(deals)s deals made again from "
            "their seeds.",
            summary.games,
        )
        % {
            "n": _n(summary.games),
            "events": _n(summary.events),
            "seeds": _n(summary.seeds),
            "deals": _n(summary.deals),
        },
        ngettext(
            "%(n)s tournament checked: %(rounds)s rounds of stored standings compared with "
            "a recomputation.",
            "%(n)s tournaments checked: %(rounds)s rounds of stored standings compared with "
            "a recomputation.",
            summary.tournaments,
        )
        % {"n": _n(summary.tournaments), "rounds": _n(summary.rounds)},
    ]
    if summary.owed:
        lines.append(
            ngettext(
                "%(n)s tournament's standings are still owed (a result changed since they "
                "were computed): the standings worker will recompute them, so they were "
                "not compared.",
                "%(n)s tournaments' standings are still owed (a result changed since they "
                "were computed): the standings worker will recompute them, so they were "
                "not compared.",
                summary.owed,
            )
            % {"n": _n(summary.owed)}
        )
    if summary.problems:
        lines.append(
            ngettext(
                "%(n)s problem found (listed above).",
                "%(n)s problems found (listed above).",
                summary.problems,
            )
            % {"n": _n(summary.problems)}
        )
    else:
        lines.append(_("Everything checked is in order."))
    return lines


def _n(value: int) -> str:
    return number_format(value, force_grouping=True)
