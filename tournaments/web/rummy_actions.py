"""Burraco and Scala 40 on the seat page: from the turn form to an event, and the
"is this meld legal, and if not why" answer the page asks for before submitting.

The form sends the cards selected in the hand (``cards``, one value per copy), what
to do with them (``action``: ``draw_stock``, ``draw_discard``, ``meld``, ``add`` with
``meld`` the meld's index, ``discard``, ``swap N CARD``, Scala 40's ``open`` with the
``staged`` melds, and ``stage`` / ``unstage N`` while building it) and, when a
wildcard could stand for more than one card, which (``joker_as``).

**Wildcards.** The player picks cards, not a written order, so the page works out the
ways the selection can be laid and offers only those the engine accepts; how is the
game's (its profile's ``meld_tokens``: :mod:`tournaments.games.burraco` writes the
selection in every plausible order, :mod:`tournaments.games.scala40` tries every
name for a joker).

One choice is used without asking; several make the page show a small select. The
final event is validated by the engine as always: a refusal changes nothing.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _

from tournaments.games import profile_for
from tournaments.games.rummy import Answer
from tournaments.models import Game
from tournaments.services.game_store import read_state
from tournaments.web.tallies import FormProblem
from tournaments.web.words import engine_sentence

__all__ = ["Answer", "check", "event_from_form", "stage", "tokens_for"]

KINDS = ("draw_stock", "draw_discard", "meld", "add", "discard", "swap", "open")
STAGING = ("stage", "unstage")
"""Scala 40's opening is built on the page (melds staged one by one), then sent whole."""


def melds_game(game: Game) -> bool:
    """Whether ``game`` is played in turns of draw, meld and discard (a rummy game)."""
    return profile_for(game.game_type).melds


def verb(action: Any) -> str:
    """The first word of a button's ``action`` ("swap 3 7H": swap meld 3's joker for
    the 7H; "unstage 0": take back the first staged meld); the rest are arguments."""
    words = str(action or "").split()
    return words[0] if words else ""


def _arguments(data: Mapping[str, Any]) -> list[str]:
    return str(data.get("action") or "").split()[1:]


def selected(data: Mapping[str, Any]) -> list[str]:
    getlist = getattr(data, "getlist", None)
    codes = getlist("cards") if getlist else list(data.get("cards") or [])
    return [c for c in codes if isinstance(c, str) and c]


def staged_melds(data: Mapping[str, Any]) -> list[list[str]]:
    getlist = getattr(data, "getlist", None)
    raw = getlist("staged") if getlist else list(data.get("staged") or [])
    return [line.split() for line in raw if isinstance(line, str) and line.split()]


def _meld_index(data: Mapping[str, Any]) -> int:
    try:
        return int(str(data.get("meld", "")))
    except ValueError:
        raise FormProblem(_("Tap the meld to add to (or choose it in the list).")) from None


def tokens_for(
    game_type: str, state: Any, seat: int, codes: list[str], meld: int | None, chosen: str
) -> tuple[list[str], Answer]:
    """The cards as the event writes them, and the choices the page offers (the game's
    own ways to lay them: :meth:`RummyProfile.meld_tokens`)."""
    return profile_for(game_type).meld_tokens(state, seat, codes, meld, chosen)


# ---------------------------------------------------------------------- form to event


def event_from_form(game: Game, seat: int, data: Mapping[str, Any]) -> dict[str, Any]:
    """The event the rummy turn form describes (its legality is the engine's)."""
    kind = verb(data.get("action"))
    if kind in ("draw_stock", "draw_discard"):
        return {
            "type": "draw",
            "seat": seat,
            "from": "stock" if kind == "draw_stock" else "discard",
        }
    codes = selected(data)
    if kind == "discard":
        if len(codes) != 1:
            raise FormProblem(_("Select exactly one card to discard."))
        return {"type": "discard", "seat": seat, "card": codes[0]}
    if kind == "swap":
        parts = _arguments(data)
        if len(parts) != 2 or not parts[0].isdigit():
            raise FormProblem(_("Choose the joker swap to make."))
        return {"type": "swap", "seat": seat, "meld": int(parts[0]), "card": parts[1]}
    chosen = str(data.get("joker_as", ""))
    if kind == "open":
        melds = staged_melds(data)
        if codes:
            tokens, _problem = read_state(
                game, lambda s: tokens_for(game.game_type, s, seat, codes, None, chosen)
            )
            melds.append(tokens)
        if not melds:
            raise FormProblem(_("Stage the melds of your opening first."))
        return {"type": "open", "seat": seat, "melds": melds}
    if kind not in ("meld", "add"):
        raise FormProblem(_("That form was not understood; the table has been refreshed."))
    if not codes:
        raise FormProblem(_("Select the cards in your hand first."))
    meld = _meld_index(data) if kind == "add" else None
    tokens, answer = read_state(
        game, lambda s: tokens_for(game.game_type, s, seat, codes, meld, chosen)
    )
    if answer.choices and not answer.chosen:
        raise FormProblem(_("Say what the joker (or wildcard) stands for first."))
    if kind == "add":
        return {"type": "add", "seat": seat, "meld": meld, "cards": tokens}
    return {"type": "meld", "seat": seat, "cards": tokens}


# ---------------------------------------------------------------------- the meld check


def check(game: Game, seat: int, data: Mapping[str, Any]) -> Answer:
    """Is the selection legal as a new meld (``meld`` empty), as an addition to meld
    ``meld``, or (``target`` = ``open``) with the staged melds as an opening? The
    engine's answer, without changing anything."""
    codes = selected(data)
    target = str(data.get("target", ""))
    staged = staged_melds(data)
    if not codes and not (target == "open" and staged):
        return Answer(False, _("Select cards in your hand to check a meld."))
    raw_meld = str(data.get("meld", ""))
    meld = int(raw_meld) if raw_meld.isdigit() else None
    chosen = str(data.get("joker_as", ""))

    def ask(state: Any) -> Answer:
        tokens, answer = (
            tokens_for(game.game_type, state, seat, codes, meld, chosen)
            if codes
            else ([], Answer(True, ""))
        )
        if not answer.ok and not answer.choices:
            return answer
        if answer.choices and not answer.chosen:
            answer.text = _("Say what the wildcard stands for.")
            answer.ok = False
            return answer
        return profile_for(game.game_type).check_tokens(
            state, seat, tokens, meld, target, staged, answer
        )

    return read_state(game, ask)


# ---------------------------------------------------------------------- staging an opening


def kept(data: Mapping[str, Any]) -> dict[str, Any]:
    """After a refusal: the staged melds and the selection, to show them again."""
    return {"staged": staged_melds(data), "keep": selected(data)}


def stage(game: Game, seat: int, data: Mapping[str, Any]) -> tuple[list[list[str]], str | None]:
    """Scala 40: add the selection to the opening being built (``stage``), or take a
    staged meld back (``unstage`` with its number); the staged melds and a message
    when the selection is not a meld the seat may lay (the engine's reason)."""
    staged = staged_melds(data)
    if verb(data.get("action")) == "unstage":
        raw = "".join(_arguments(data))
        if raw.isdigit() and int(raw) < len(staged):
            staged.pop(int(raw))
        return staged, None
    codes = selected(data)
    if not codes:
        return staged, _("Select the cards of a meld first.")
    chosen = str(data.get("joker_as", ""))

    def ask(state: Any) -> tuple[list[str], str | None]:
        tokens, answer = tokens_for(game.game_type, state, seat, codes, None, chosen)
        if answer.choices and not answer.chosen:
            return tokens, _("Say what the joker stands for first.")
        result = state.check_meld_for(seat, tokens)
        return tokens, None if result.ok else engine_sentence(
            result.reason or "", _("That is not a meld."), game.game_type
        )

    tokens, problem = read_state(game, ask)
    if problem is None:
        staged.append(tokens)
    return staged, problem
