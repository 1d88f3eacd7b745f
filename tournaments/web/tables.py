"""What a table looks like: plain data for the templates, built from the engine's
view of the game for one viewer (a seat, or ``None`` for spectators).

Everything here starts from :func:`tournaments.services.games.seat_view`, so a page
can only ever show what the engine lets that viewer see.
"""

from __future__ import annotations

import uuid
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy, pgettext

from tournaments.games import GameProfile, profile_for
from tournaments.models import Game
from tournaments.services import clocks
from tournaments.services.games import event_log, fairness_info, seat_view
from tournaments.services.numbering import for_people
from tournaments.web import cards, table_acts
from tournaments.web.actions import tally_fields
from tournaments.web.cards import face, faces, suit_face
from tournaments.web.eventlog import describe

LOG_LENGTH = 30
"""How many of the latest events a page lists."""

TURN_WORDS = {
    "play": (
        gettext_lazy("Your turn: play a card."),
        gettext_lazy("Waiting for %(who)s to play."),
    )
}
"""Whose turn it is, by phase: (to the seat, to the others, ``%(who)s`` the seats to
act); a game's own phases are its profile's (:attr:`GameProfile.turn_words`)."""


def load_game(game_id: uuid.UUID) -> Game:
    """The game with its seats and players (one query each); DoesNotExist if none."""
    return (
        Game.objects.select_related("created_by").prefetch_related("seats__player").get(pk=game_id)
    )


def title_of(game_type: str) -> str:
    """The game's title (a game the engine no longer knows still lists, by its name)."""
    return profile_for(game_type).title


def seat_names(game: Game) -> dict[int, str]:
    return {seat.number: seat.player.name for seat in game.seats.all()}


def _name(names: Mapping[int, str], seat: int) -> str:
    return names[seat] if seat in names else _("seat %(number)s") % {"number": for_people(seat)}


def _acting(to_act: Any) -> list[int]:
    if isinstance(to_act, list):
        return to_act
    return [] if to_act is None else [to_act]


def _side_label(view: Mapping[str, Any], names: Mapping[int, str], side: int) -> str:
    if "teams" in view:
        return pgettext("between partners", " & ").join(
            _name(names, s) for s in view["teams"][side]
        )
    return _name(names, side)


def table(game: Game, view: Mapping[str, Any], names: Mapping[int, str], me: int | None) -> dict:
    """The public part of a table (plus ``me`` marked): seats, sides and scores, the
    trick in progress, the last trick, trumps and the game's own facts."""
    acting = _acting(view.get("to_act"))
    team = "teams" in view
    in_play = game.status == Game.Status.ACTIVE and view["phase"] not in ("deal", "over")
    hand_sizes = view.get("hand_sizes") or [0] * game.players
    tricks = view.get("tricks")
    targets = view.get("targets")
    split_done = view.get("split_done")
    face_up = view.get("face_up_held")
    bots = table_acts.bot_seats(game)
    seats = []
    for s in range(game.players):
        badges = []
        if game.status == Game.Status.ACTIVE and s == view.get("dealer"):
            badges.append(_("dealer"))
        if targets:
            badges.append(_("target %(tricks)s") % {"tricks": targets[s]})
        if view.get("dummy_taker") == s:
            badges.append(_("took the dummy"))
        if s in bots:
            badges.append(_("bot"))
        if split_done is not None:
            badges.append(_("has split") if split_done[s] else _("splitting…"))
        seats.append(
            {
                "number": s,
                "name": _name(names, s),
                "me": s == me,
                "to_act": s in acting and game.status == Game.Status.ACTIVE,
                "cards": hand_sizes[s] if in_play else None,
                "tricks": tricks[s] if tricks is not None and not team and in_play else None,
                "badges": badges,
                "face_up": faces(face_up[s]) if face_up else [],
            }
        )
    winners = set(_acting(view.get("winner"))) if view.get("over") else set()
    deal_scores = view.get("deal_scores")
    sides = [
        {
            "label": _side_label(view, names, side),
            "score": score,
            "tricks": tricks[side] if team and tricks is not None and in_play else None,
            "last_deal": deal_scores[side] if deal_scores else None,
            "winner": side in winners,
            "mine": me is not None and (me % 2 == side if team else me == side),
        }
        for side, score in enumerate(view["scores"])
    ]
    profile = profile_for(game.game_type)
    context = {
        "game": game,
        "profile": profile,
        "title": profile.title,
        "version": view["version"],
        "status": game.status,
        "live": game.status != Game.Status.FINISHED,
        "phase": view["phase"],
        "deal": view["deal_number"] + (0 if view["phase"] == "over" else 1),
        "seats": seats,
        "sides": sides,
        "team_game": team,
        "trick": _trick(view.get("trick"), names),
        "last_trick": _trick(view.get("last_trick"), names),
        "last_trick_winner": (
            _name(names, view["last_trick_winner"])
            if view.get("last_trick_winner") is not None
            else None
        ),
        "facts": _facts(game, view, names, profile),
        "turn": _turn(game, view, names, me),
        "over": bool(view.get("over")),
        "winners": [s["label"] for s in sides if s["winner"]],
        "has_tricks": tricks is not None,
        "side_columns": [],
        "table_cards": None,
        "declarations": [],
        "table_banners": table_acts.banners(game, view, names),
        "view_flags": {"adjourned": view.get("adjourned"), "resigned": view.get("resigned")},
    }
    profile.extend_board(context, view, names, me)
    return context


def _trick(entries: Any, names: Mapping[int, str]) -> list[dict[str, Any]]:
    shown = []
    for entry in entries or []:
        stands_for = entry.get("as")
        shown.append(
            {
                "name": _name(names, entry["seat"]),
                "card": face(entry["card"]),
                "as": face(stands_for) if stands_for else None,
                "signal": entry.get("signal"),
            }
        )
    return shown


def _facts(
    game: Game, view: Mapping[str, Any], names: Mapping[int, str], profile: GameProfile
) -> list[dict[str, Any]]:
    """The game's own public facts (its profile's), then the common ones; each
    ``{"label", "text", "suit", "cards"}``."""
    facts: list[dict[str, Any]] = []

    def add(label: str, text: str = "", suit: str | None = None, cards: Any = None) -> None:
        facts.append({"label": label, "text": text, "suit": suit_face(suit), "cards": cards or []})

    profile.facts(game, view, names, add)
    if game.mode == Game.Mode.PHYSICAL:
        add(_("Cards"), _("real ones, entered from the score sheet"))
    return facts


def _turn(game: Game, view: Mapping[str, Any], names: Mapping[int, str], me: int | None) -> dict:
    """Whose turn it is, in words; ``mine`` when it is the viewer's."""
    if game.status == Game.Status.SETUP:
        return {"mine": False, "text": _("Waiting for the game to start.")}
    if view.get("over") or game.status == Game.Status.FINISHED:
        return {"mine": False, "text": _("The game is over.")}
    phase = view["phase"]
    if phase == "deal":
        if game.mode == Game.Mode.PHYSICAL:
            return {"mine": me is not None, "text": _("Enter the score sheet of this deal.")}
        return {"mine": False, "text": _("Dealing…")}
    acting = _acting(view.get("to_act"))
    words = {**TURN_WORDS, **profile_for(game.game_type).turn_words}
    mine_text, others = words.get(phase, (_("Your turn."), _("Waiting for %(who)s to act.")))
    if me is not None and me in acting:
        return {"mine": True, "text": str(mine_text)}
    who = pgettext("between names", " and ").join(_name(names, s) for s in acting) or _("nobody")
    return {"mine": False, "text": others % {"who": who}}


# ---------------------------------------------------------------------- pages


def seat_board(
    game: Game, seat: int, choosing: str | None = None, rummy: Any = None
) -> dict[str, Any]:
    """Everything the seat's page shows: the table, the seat's own cards and the
    form(s) for its legal actions, stamped with a fresh event id. ``choosing``: a
    card whose choices (Scopa's captures, Tresette's signals) are shown open;
    ``rummy``: the staged melds and cards kept selected (Burraco, Scala 40). The
    cards are drawn in the game's deck (:func:`cards.showing`)."""
    with cards.showing(profile_for(game.game_type).deck) as style:
        context = _seat_board(game, seat, choosing, rummy)
    context["card_style"] = style
    context["clock"] = clocks.clock_context(game, seat_names(game))
    return context


def _seat_board(game: Game, seat: int, choosing: str | None, rummy: Any) -> dict[str, Any]:
    view = seat_view(game, seat)
    names = seat_names(game)
    context = table(game, view, names, me=seat)
    legal = (view.get("legal") or []) if game.status == Game.Status.ACTIVE else []
    phase = view["phase"]
    playable = {e["card"] for e in legal if e.get("type") == "play"}
    form = None
    if legal:
        form = legal[0].get("type")
    elif game.status == Game.Status.ACTIVE and phase == "deal" and game.mode == Game.Mode.PHYSICAL:
        form = "tally"
    profile = context["profile"]
    moves = profile.moves_by_card(legal)
    hand = [
        {"face": face(code), "playable": code in playable, "moves": moves.get(code, [])}
        for code in view.get("hand") or []
    ]
    context.update(
        {
            "seat": seat,
            "me": _name(names, seat),
            "hand": hand,
            "form": form,
            "tally": cards.tally_with_suit_icons(tally_fields(game, names))
            if form == "tally"
            else None,
            "event_id": uuid.uuid4(),
            "moves_form": profile.plays_as_moves,
            "choosing": choosing if choosing in moves else None,
            "log": recent_log(game, seat, view["version"], names),
        }
    )
    context.update(table_acts.seat_acts(game, seat, view))
    context.update(profile.seat_parts(view, legal, seat, names, **(rummy or {})))
    return context


def spectator_board(game: Game) -> dict[str, Any]:
    """What anyone may see: the public table, the public log and the fairness
    commitment (with the seed once the game is over)."""
    with cards.showing(profile_for(game.game_type).deck) as style:
        view = seat_view(game, None)
        names = seat_names(game)
        context = table(game, view, names, me=None)
        context["log"] = recent_log(game, None, view["version"], names)
    context["fairness"] = fairness_info(game)
    context["card_style"] = style
    context["clock"] = clocks.clock_context(game, names)
    return context


def recent_log(
    game: Game, viewer: int | None, version: int, names: Mapping[int, str]
) -> list[dict[str, Any]]:
    """The latest events as ``viewer`` may see them, newest first."""
    entries = event_log(game, viewer, after=max(0, version - LOG_LENGTH))
    profile = profile_for(game.game_type)
    return [describe(entry, names, profile) for entry in reversed(entries)]
