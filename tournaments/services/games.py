"""Setting up games, and reading them as a given viewer may see them."""

from __future__ import annotations

import json
import uuid
from collections.abc import Mapping
from typing import Any

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from engine import ENGINE_VERSION, EngineError, available_games, new_game
from engine.record import RECORD_FORMAT
from tournaments import fairness
from tournaments.models import Game, GameEvent
from tournaments.services import game_store
from tournaments.services.errors import Conflict, RecordRejected, ServiceError
from tournaments.services.game_store import deal_owed_events, kind_of, read_state
from tournaments.services.rule_words import render


def create_game(
    *,
    game_type: str,
    players: int,
    options: Mapping[str, Any] | None = None,
    first_dealer: int = 0,
    mode: str = Game.Mode.ONLINE,
    created_by: Any = None,
    game_id: uuid.UUID | None = None,
    time_control: Mapping[str, Any] | None = None,
) -> Game:
    """A new game in set-up, with its seed drawn and its commitment published.
    The engine validates the game, player count and options (EngineError if bad).
    ``game_id`` fixes the id (demo data); by default a random UUID is drawn.
    ``time_control``: the game's clock (already checked: :mod:`time_controls`)."""
    engine_game = new_game(game_type, players, options, first_dealer)
    if mode not in Game.Mode.values:
        raise ServiceError(
            _("mode must be one of %(modes)s, not %(mode)r")
            % {"modes": ", ".join(Game.Mode.values), "mode": mode}
        )
    seed = fairness.new_seed()
    return Game.objects.create(
        id=game_id or uuid.uuid4(),
        game_type=game_type,
        options=dict(options or {}),
        players=engine_game.players,
        first_dealer=first_dealer,
        mode=mode,
        engine_version=ENGINE_VERSION,
        seed=seed,
        seed_commitment=fairness.commitment(seed),
        time_control=dict(time_control) if time_control is not None else None,
        created_by=created_by if getattr(created_by, "is_authenticated", False) else None,
    )


def start_game(game_id: uuid.UUID) -> Game:
    """Start a game whose seats are all filled; an online game gets its first deal."""
    with transaction.atomic():
        game = game_store.get(game_id, for_update=True)
        if game.status != Game.Status.SETUP:
            raise Conflict(
                _("the game is already %(status)s") % {"status": game.get_status_display().lower()}
            )
        filled = set(game.seats.values_list("number", flat=True))
        missing = [n for n in range(game.players) if n not in filled]
        if missing:
            raise Conflict(
                _("seat(s) %(seats)s have no player yet") % {"seats": ", ".join(map(str, missing))}
            )
        game.status = Game.Status.ACTIVE
        game.started_at = timezone.now()
        game.save(update_fields=["status", "started_at"])
        deal_owed_events(game)
    return game


# ---------------------------------------------------------------------- reading


def seat_view(game: Game, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (``None``: a spectator), plus the game's version."""
    view: dict[str, Any] = read_state(game, lambda state: state.view(seat))
    view["version"] = game.version
    view["status"] = game.status
    return view


def legal_actions(game: Game, seat: int) -> list[dict[str, Any]]:
    if game.status != Game.Status.ACTIVE:
        return []
    return read_state(game, lambda state: [a.to_event() for a in state.legal_actions(seat)])


def event_log(game: Game, viewer: int | None, after: int = 0) -> list[dict[str, Any]]:
    """The log as ``viewer`` may see it: while the game is on, chance events and other
    seats' private events are redacted; once it is over, everything is public."""
    rows = GameEvent.objects.filter(game=game, sequence__gte=after).order_by("sequence")
    engine_game = game_store.fresh_engine_game(game)
    log = []
    for row in rows.values("sequence", "payload", "kind", "seat", "created_at", "actor"):
        payload = row["payload"]
        if not game.is_over:
            payload = engine_game.event_as_seen_by(payload, viewer)
        log.append(
            {
                "sequence": row["sequence"],
                "kind": row["kind"],
                "event": payload,
                "at": row["created_at"].isoformat(),
                "actor": row["actor"],
            }
        )
    return log


def _game_of_record(record: Any) -> Any:
    """The engine's fresh game for a record's header (RECORDS.md), or RecordRejected
    saying in words what is wrong with it."""
    if not isinstance(record, Mapping):
        raise RecordRejected(_("A record must be a JSON object."))
    written = record.get("format", RECORD_FORMAT)
    if written != RECORD_FORMAT:
        raise RecordRejected(
            _("This record's format is %(format)s: Tavolo reads records of format %(ours)s.")
            % {"format": json.dumps(written), "ours": json.dumps(RECORD_FORMAT)}
        )
    for key in ("game", "players", "events"):
        if key not in record:
            raise RecordRejected(_("The record has no “%(key)s”.") % {"key": key})
    try:
        state = new_game(
            record["game"], record["players"], record.get("options"), record.get("first_dealer", 0)
        )
    except EngineError as error:
        game = record["game"] if record["game"] in available_games() else None
        raise RecordRejected(
            _("The record's game cannot be set up: %(reason)s")
            % {"reason": render(error, game=game)},
            reason=str(error),
            code=error.code,
            params=error.params,
        ) from None
    if not isinstance(record["events"], list):
        raise RecordRejected(_("The record's “events” must be a list."))
    return state


def fairness_info(game: Game) -> dict[str, Any]:
    """The commitment, and once the game is over the seed that opens it."""
    return {
        "commitment": game.seed_commitment,
        "seed": bytes(game.seed).hex() if game.is_over else None,
        "algorithm": (
            "deck of deal k = Fisher-Yates shuffle of the engine's canonical deck driven by "
            "HMAC-SHA256(seed, 'deal:k:counter'); commitment = SHA-256(seed)"
        ),
    }


# ---------------------------------------------------------------------- records


def export_record(game: Game) -> dict[str, Any]:
    """The game as a RECORDS.md record (with its fairness commitment and, once it is
    over, the seed, so anyone can verify the deals)."""
    events = list(
        GameEvent.objects.filter(game=game).order_by("sequence").values_list("payload", flat=True)
    )
    record: dict[str, Any] = {
        "format": "tavolo-record/1",
        "game": game.game_type,
        "players": game.players,
        "options": game.options,
        "first_dealer": game.first_dealer,
        "events": events,
        "seed_commitment": game.seed_commitment,
    }
    if game.is_over:
        record["seed"] = bytes(game.seed).hex()
    return record


def import_record(record: Any, created_by: Any = None) -> Game:
    """Create a game from a record, validating it event by event; a bad record is
    rejected whole (nothing is written) with the reason and the event's index.

    The reason is written for a person in the active language (the API's is English):
    the record's own problems are translated messages, the engine's refusals go
    through :mod:`~tournaments.services.rule_words` (seats and events counted from 1),
    and ``details`` keep the engine's English ``reason``, its ``code`` and ``params``,
    and the event's 0-based ``index`` for a program."""
    state = _game_of_record(record)
    events = record["events"]
    payloads = []
    for index, event in enumerate(events):
        if isinstance(event, Mapping) and ("expect" in event or event.get("illegal") is True):
            continue  # a test record's expectations and must-fail events are not moves
        try:
            payloads.append(state.apply(event).to_event())
        except EngineError as error:
            raise RecordRejected(
                _("Event %(n)s of the record is refused: %(reason)s")
                % {"n": index + 1, "reason": render(error, game=state.name)},
                index=index,
                reason=str(error),
                code=error.code,
                params=error.params,
            ) from None

    has_deals = any(p["type"] in state.CHANCE_EVENTS for p in payloads)
    with transaction.atomic():
        game = create_game(
            game_type=record["game"],
            players=record["players"],
            options=record.get("options"),
            first_dealer=record.get("first_dealer", 0),
            mode=Game.Mode.ONLINE if has_deals else Game.Mode.PHYSICAL,
            created_by=created_by,
        )
        game.imported = True
        game.status = Game.Status.FINISHED if state.over else Game.Status.ACTIVE
        game.started_at = timezone.now()
        game.finished_at = timezone.now() if state.over else None
        game.version = len(payloads)
        game.save()
        GameEvent.objects.bulk_create(
            GameEvent(
                game=game,
                sequence=index,
                kind=kind_of(payload["type"], state),
                seat=payload.get("seat"),
                payload=payload,
                event_id=uuid.uuid4(),
                submitted_by=created_by if getattr(created_by, "is_authenticated", False) else None,
            )
            for index, payload in enumerate(payloads)
        )
        game_store.keep_state(game, state)
        if game.mode == Game.Mode.ONLINE and game.status == Game.Status.ACTIVE:
            # A record that stops between deals: the server deals on (else nobody could act).
            deal_owed_events(game)
    return game
