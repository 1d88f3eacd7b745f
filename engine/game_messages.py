"""Each game's own rule codes and English templates (see :mod:`engine.messages`)."""

from __future__ import annotations

from engine.messages import gettext_noop

GAME_MESSAGES: dict[str, str] = {
    # Whist
    "whist.tally.tricks_total": gettext_noop(
        "the two teams' tricks must add up to {count}, not {count_got}"
    ),
    # German whist
    "german_whist.tally.tricks_total": gettext_noop(
        "the two players' phase-2 tricks must add up to {count}, not {count_got}"
    ),
    # Briscola
    "briscola.option.removed_card": gettext_noop(
        "must be a two (three-player Briscola takes out a single 2), not '{card}'"
    ),
    "briscola.tally.points_total": gettext_noop(
        "the card points of the sides must add up to {points}, not {points_got}"
    ),
    "briscola.tally.unreachable": gettext_noop(
        "side {side} cannot have taken {points} card points: no set of cards is worth that"
    ),
    # Tresette
    "tresette.malformed.signal": gettext_noop(
        "'signal' must be one of {text} (or left out), not {value}"
    ),
    "tresette.signal.refused": gettext_noop("seat {seat} cannot play {card} with {signal}: {reason}"),
    "tresette.signal.not_leading": gettext_noop("only the player leading a trick may signal"),
    "tresette.signal.volo": gettext_noop(
        "volo says it is the player's last {suitone}, and seat {seat} holds more {suit}"
    ),
    "tresette.tally.thirds_total": gettext_noop(
        "the teams' card thirds (without the last trick) must add up to {number}, not {number_got}"
    ),
    "tresette.tally.declared": gettext_noop(
        "no two hands can declare {points} points (team {side})"
    ),
    # Three-handed whist

    "three_handed_whist.option.deals": gettext_noop(
        "must be a positive multiple of 3 (a number of deals divisible by 3), not {number}"
    ),
    "three_handed_whist.exchange.playing": gettext_noop(
        "seat {seat} cannot exchange now: hands are exchanged only before the first trick, "
        "and the deal is being played"
    ),
    "three_handed_whist.exchange.no_deal": gettext_noop(
        "seat {seat} cannot exchange now: hands are exchanged only before the first trick, "
        "and no deal is in progress"
    ),
    "three_handed_whist.tally.tricks_total": gettext_noop(
        "the three players' tricks must add up to {count}, not {count_got}"
    ),
}
