"""Checking the stored games against the rules: what ``manage.py verify_store`` does
for each game (the standings' half is :mod:`scoring.standings_check`).

For one game, :func:`check_game` (no query: it is given the game's row and its events)

- checks that the events are numbered 0, 1, 2 … without a gap or a repeat, and that the
  game's ``version`` is their count;
- replays them through the engine with the strictness of ``python -m engine check``
  (:mod:`engine.record`): every field of an event must be one the game reads, and every
  event must be accepted in turn (a refusal is worded by
  :mod:`~tournaments.services.rule_words`, which never names a hidden card);
- checks the stored status against the replayed state (finished exactly when the rules
  say the game is over; a game in set-up has no events; an online game in play is not
  left waiting for a deal the server owes), and a stored final score
  (:class:`~scoring.models.GameScore`) of the game's version against the engine's;
- checks the seed against its published commitment and re-derives every deal from it
  with :func:`tournaments.fairness.verify_record`, the function behind
  ``POST /api/games/ID/fairness/verify`` (an imported game's deals were not made from
  its seed: only the commitment is checked). The seed itself is never shown.

:func:`checked_games` streams the games (``.iterator()``: one game's events in memory at
a time) with their results. Nothing here writes.
"""

from __future__ import annotations

import uuid
from collections import Counter
from collections.abc import Collection, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from itertools import islice
from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from engine import EngineError, available_games, new_game
from engine import Game as EngineGame
from tournaments import fairness
from tournaments.models import Game, GameEvent
from tournaments.services.numbering import for_people
from tournaments.services.rule_words import render

SHOWN = 5
"""How many missing or repeated event numbers a problem lists before "and N more"."""


@dataclass
class GameCheck:
    """What checking one game found: counts, and each problem in words."""

    events: int = 0
    deals: int = 0
    """Deals (and other chance events) re-derived from the seed."""
    seed_checked: bool = False
    problems: list[str] = field(default_factory=list)


def where_game(game: Game) -> str:
    """The game as a director finds it: its id, and its tournament, round and table."""
    table = getattr(game, "table", None)
    if table is None:
        return _("Game %(id)s") % {"id": game.pk}
    return _("Game %(id)s (tournament “%(tournament)s”, round %(round)s, table %(table)s)") % {
        "id": game.pk,
        "tournament": table.round.tournament.name,
        "round": table.round.number,
        "table": table.number,
    }


def games_to_check(
    game_ids: Collection[uuid.UUID] = (), tournament_ids: Collection[int] = ()
) -> QuerySet[Game]:
    """The games to check, oldest first: every game, or (either list given) those of
    ``game_ids`` and those played at the tables of ``tournament_ids``; with what naming
    them and their stored final score need (no query per game for those)."""
    games = Game.objects.select_related("table__round__tournament", "final_score")
    if game_ids or tournament_ids:
        games = games.filter(
            Q(pk__in=list(game_ids)) | Q(table__round__tournament_id__in=list(tournament_ids))
        )
    return games.order_by("created_at", "pk")


def checked_games(games: QuerySet[Game]) -> Iterator[tuple[Game, GameCheck]]:
    """Each game of ``games`` with what :func:`check_game` found, one at a time."""
    for game in games.iterator(chunk_size=200):
        rows = list(
            GameEvent.objects.filter(game_id=game.pk)
            .order_by("sequence")
            .values_list("sequence", "payload")
        )
        stored = getattr(game, "final_score", None)
        score = None if stored is None else (stored.version, stored.scores, stored.side_of)
        yield game, check_game(game, rows, score)


def check_game(
    game: Game,
    rows: Sequence[tuple[int, Any]],
    stored_score: tuple[int, Any, Any] | None = None,
) -> GameCheck:
    """Check one game: ``rows`` are its events' ``(sequence, payload)`` in sequence
    order, ``stored_score`` its stored final score ``(version, scores, side_of)``."""
    check = GameCheck(events=len(rows))
    check.problems += numbering_problems([sequence for sequence, _payload in rows])
    if game.version != len(rows):
        check.problems.append(
            ngettext(
                "its version says it holds %(version)s event, but %(count)s are stored",
                "its version says it holds %(version)s events, but %(count)s are stored",
                game.version,
            )
            % {"version": game.version, "count": len(rows)}
        )
    state = _replayed(game, rows, check.problems)
    if state is not None:
        check.problems += _status_problems(game, state, len(rows))
        check.problems += _score_problems(game, state, stored_score)
    check.deals, problem = _fairness(game, rows, replayed=state is not None)
    check.seed_checked = True
    if problem:
        check.problems.append(problem)
    return check


def numbering_problems(sequences: Sequence[int]) -> list[str]:
    problems = []
    counts = Counter(sequences)
    repeated = sorted(n for n, times in counts.items() if times > 1)
    if repeated:
        problems.append(
            _("event numbers stored more than once: %(numbers)s")
            % {"numbers": _listed([for_people(n) for n in repeated[:SHOWN]], len(repeated))}
        )
    top = max(sequences, default=-1)
    missing = top + 1 - len(counts)  # (a number far too high is not walked to)
    if missing:
        first = list(islice((n for n in range(top + 1) if n not in counts), SHOWN))
        problems.append(
            _("event numbers missing (the events run from 1 to %(top)s): %(numbers)s")
            % {"top": for_people(top), "numbers": _listed([for_people(n) for n in first], missing)}
        )
    return problems


def _listed(first: Sequence[int], total: int) -> str:
    """The first few numbers, and how many more there are."""
    shown = ", ".join(str(n) for n in first)
    rest = total - len(first)
    if rest <= 0:
        return shown
    return ngettext("%(shown)s and %(n)s more", "%(shown)s and %(n)s more", rest) % {
        "shown": shown,
        "n": rest,
    }


def _replayed(
    game: Game, rows: Sequence[tuple[int, Any]], problems: list[str]
) -> EngineGame | None:
    """The state after every event, each checked as ``engine check`` checks a record's
    (``None``, and the problem added, at the first the engine refuses)."""
    try:
        state = new_game(game.game_type, game.players, game.options, game.first_dealer)
    except EngineError as error:
        problems.append(
            _("the engine cannot set up this game: %(reason)s")
            % {"reason": render(error, game=_known(game.game_type))}
        )
        return None
    for sequence, payload in rows:
        if not isinstance(payload, Mapping):
            problems.append(
                _("event %(n)s is not an event of the game") % {"n": for_people(sequence)}
            )
            return None
        try:
            action = state.parse(payload)
            unknown = state.unknown_fields(payload, action)
            if unknown:
                problems.append(
                    _("event %(n)s (%(type)s) has fields the rules do not read: %(fields)s")
                    % {"n": for_people(sequence), "type": action.type, "fields": ", ".join(unknown)}
                )
                return None
            state.apply(payload)
        except EngineError as error:
            problems.append(
                _("event %(n)s (%(type)s) is refused by the rules: %(reason)s")
                % {
                    "n": for_people(sequence),
                    "type": str(payload.get("type")),
                    "reason": render(error, game=state.name),
                }
            )
            return None
    return state


def _known(game_type: str) -> str | None:
    return game_type if game_type in available_games() else None


def _status_problems(game: Game, state: EngineGame, count: int) -> list[str]:
    status = game.get_status_display()
    if game.status == Game.Status.SETUP and count:
        return [
            _("it is stored as “%(status)s” but holds events") % {"status": status},
        ]
    if game.status == Game.Status.FINISHED and not state.over:
        return [
            _("it is stored as “%(status)s” but the rules say it is not over") % {"status": status}
        ]
    if game.status == Game.Status.ACTIVE:
        if state.over:
            return [
                _("it is stored as “%(status)s” but the rules say it is over") % {"status": status}
            ]
        if game.mode == Game.Mode.ONLINE and state.awaiting == "deal":
            return [_("it is played online and waits for a deal the server has not made")]
    return []


def _score_problems(
    game: Game, state: EngineGame, stored: tuple[int, Any, Any] | None
) -> list[str]:
    """A stored final score of the game's current version must be the engine's (one of
    another version is stale, and read again when needed: not a problem)."""
    if stored is None or stored[0] != game.version or not state.over:
        return []
    scores = list(state.scores)
    side_of = [state.side_of(seat) for seat in range(state.players)]
    if stored[1] == scores and stored[2] == side_of:
        return []
    return [
        _("its stored final score is %(stored)s, but the rules give %(computed)s")
        % {"stored": _scores(stored[1], stored[2]), "computed": _scores(scores, side_of)}
    ]


def _scores(scores: Any, side_of: Any) -> str:
    return _("%(scores)s (sides of the seats: %(sides)s)") % {
        "scores": " – ".join(str(s) for s in scores) if isinstance(scores, list) else scores,
        "sides": ", ".join(str(s) for s in side_of) if isinstance(side_of, list) else side_of,
    }


def _fairness(game: Game, rows: Sequence[tuple[int, Any]], *, replayed: bool) -> tuple[int, str]:
    """(deals re-derived, problem or ``""``): the seed against its commitment and, but
    for an imported game, every chance event against the seed."""
    record = {
        "game": game.game_type,
        "players": game.players,
        "options": game.options,
        "first_dealer": game.first_dealer,
        "events": [] if game.imported else [payload for _sequence, payload in rows],
    }
    try:
        return fairness.verify_record(record, bytes(game.seed).hex(), game.seed_commitment), ""
    except fairness.VerificationFailed as failure:
        return 0, _fairness_words(failure, [sequence for sequence, _payload in rows], replayed)


def _fairness_words(
    failure: fairness.VerificationFailed, sequences: list[int], replayed: bool
) -> str:
    params = dict(failure.params)
    if "index" in params:
        params["index"] = for_people(sequences[params["index"]])  # the stored event's number
    if failure.code in ("commitment", "format"):
        return _("its seed does not match the commitment published when it was created")
    if failure.code == "deal":
        return _("deal %(deal)s (event %(n)s) is not the deal its seed makes") % {
            "deal": for_people(params["deal"]),
            "n": params["index"],
        }
    if failure.code == "shuffle":
        return _("event %(n)s (a reshuffle) is not the one its seed makes") % {"n": params["index"]}
    if failure.code in ("illegal", "setup") and not replayed:
        return ""  # the replay has said it already, in the engine's words
    return _("its deals cannot be checked against its seed: %(reason)s") % {"reason": failure}
