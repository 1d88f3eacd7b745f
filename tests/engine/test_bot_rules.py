"""The bots' rules of thumb, each on a hand-built situation: the ``view`` and ``legal``
a seat would get (only the fields the bot reads), and the move a club player expects."""

from __future__ import annotations

from typing import Any

import pytest

from engine.bot import NoMove, choose_move


def plays(seat: int, *codes: str) -> dict[str, Any]:
    events = [{"type": "play", "seat": seat, "card": code} for code in codes]
    return {"count": len(events), "complete": True, "legal": events}


def trick(*entries: tuple[int, str]) -> list[dict[str, Any]]:
    return [{"seat": seat, "card": code} for seat, code in entries]


TEAMS = [[0, 2], [1, 3]]


def whist_view(seat: int, hand: list[str], played: list[dict[str, Any]], **more: Any) -> dict:
    return {"players": 4, "seat": seat, "teams": TEAMS, "trump": "H", "hand": hand,
            "trick": played, **more}  # fmt: skip


# ---------------------------------------------------------------------- trick games


def test_whist_plays_its_lowest_card_to_a_lost_trick() -> None:
    view = whist_view(3, ["2S", "QS", "TS", "AH"], trick((0, "AS"), (1, "5S"), (2, "KS")))
    assert choose_move("whist", 3, view, plays(3, "2S", "TS", "QS"))["card"] == "2S"


def test_whist_does_not_overtake_a_partner_who_is_winning() -> None:
    view = whist_view(3, ["AS", "7S", "2H"], trick((0, "3S"), (1, "KS"), (2, "4S")))
    assert choose_move("whist", 3, view, plays(3, "AS", "7S"))["card"] == "7S"


def test_whist_wins_with_the_cheapest_card_that_wins() -> None:
    view = whist_view(3, ["AS", "KS", "3S"], trick((0, "4S"), (1, "2S"), (2, "QS")))
    assert choose_move("whist", 3, view, plays(3, "AS", "KS", "3S"))["card"] == "KS"


def test_whist_ruffs_a_trick_it_cannot_win_in_suit_with_its_lowest_trump() -> None:
    view = whist_view(3, ["9H", "2H", "4C"], trick((0, "4S"), (1, "2S"), (2, "QS")))
    assert choose_move("whist", 3, view, plays(3, "9H", "2H", "4C"))["card"] == "2H"


def test_whist_leads_an_ace_of_a_plain_suit_else_low_from_the_longest() -> None:
    view = whist_view(0, ["AD", "3C", "7C", "KC", "2H"], [])
    assert choose_move("whist", 0, view, plays(0, "AD", "3C", "7C", "KC", "2H"))["card"] == "AD"
    view = whist_view(0, ["QD", "3C", "7C", "KC", "AH"], [])
    assert choose_move("whist", 0, view, plays(0, "QD", "3C", "7C", "KC", "AH"))["card"] == "3C"


def test_german_whist_fights_for_a_good_stock_card_only() -> None:
    base = {"players": 2, "seat": 1, "trump": "D", "hand": ["AH", "3H", "KC"],
            "trick": trick((0, "5H")), "drafting": True}  # fmt: skip
    legal = plays(1, "AH", "3H")
    assert choose_move("german_whist", 1, {**base, "stock_top": "2S"}, legal)["card"] == "3H"
    assert choose_move("german_whist", 1, {**base, "stock_top": "AD"}, legal)["card"] == "AH"
    after = {**base, "drafting": False, "stock_top": None}
    assert choose_move("german_whist", 1, after, legal)["card"] == "AH"


def test_three_handed_whist_takes_the_spare_with_a_weak_hand_only() -> None:
    legal = {"count": 2, "complete": True, "legal": [
        {"type": "exchange", "seat": 1, "take": False},
        {"type": "exchange", "seat": 1, "take": True}]}  # fmt: skip
    weak = ["2S", "3S", "5S", "7S", "2H", "4H", "6H", "8H", "3D", "5D", "9D", "4C", "TD"]
    strong = ["AS", "KS", "QS", "7S", "AH", "4H", "6H", "8H", "3D", "5D", "9D", "AC", "KC"]
    view = {"players": 3, "trump": "C", "hand": weak, "trick": []}
    assert choose_move("three_handed_whist", 1, view, legal)["take"] is True
    view = {**view, "hand": strong}
    assert choose_move("three_handed_whist", 1, view, legal)["take"] is False


def test_italian_whist_first_hand_keeps_the_jokers_and_high_cards() -> None:
    hand = ["2S", "3S", "7S", "9S", "TS", "JS", "QS", "KS", "2H",
            "3H", "4H", "2D", "6D", "KD", "AC", "JC", "KC", "RJ"]  # fmt: skip
    view = {"players": 3, "trump": None, "hand": hand, "trick": [], "phase": "split"}
    legal = {"count": 48620, "complete": False,
             "legal": [{"type": "split", "seat": 0, "choose": 9}]}  # fmt: skip
    event = choose_move("italian_whist", 0, view, legal)
    assert event["type"] == "split" and len(event["first"]) == 9
    assert {"RJ", "AC", "KS", "KD", "KC", "QS"} <= set(event["first"])
    assert "2S" not in event["first"]


def test_italian_whist_second_hand_stays_out_of_the_trick() -> None:
    view = {"players": 3, "trump": None, "hand": ["TH", "8H", "2C"], "hand_number": 2,
            "trick": trick((1, "9H"))}  # fmt: skip
    assert choose_move("italian_whist", 2, view, plays(2, "TH", "8H"))["card"] == "8H"


def test_italian_whist_declares_a_joker_high_in_the_first_hand_low_in_the_second() -> None:
    legal = {"count": 3, "complete": True, "legal": [
        {"type": "joker", "seat": 0, "as": code} for code in ("2H", "9H", "AH")]}  # fmt: skip
    view = {"players": 3, "trump": None, "hand": [], "trick": [], "hand_number": 1}
    assert choose_move("italian_whist", 0, view, legal)["as"] == "AH"
    assert choose_move("italian_whist", 0, {**view, "hand_number": 2}, legal)["as"] == "2H"


def briscola_view(seat: int, hand: list[str], played: list[dict[str, Any]], players: int = 2):
    view = {"players": players, "seat": seat, "trump": "C", "hand": hand, "trick": played}
    if players == 4:
        view["teams"] = TEAMS
    return view


def test_briscola_does_not_waste_a_briscola_on_a_worthless_trick() -> None:
    view = briscola_view(1, ["2C", "5S", "AC"], trick((0, "4H")))
    assert choose_move("briscola", 1, view, plays(1, "2C", "5S", "AC"))["card"] == "5S"


def test_briscola_takes_a_loaded_trick_with_its_cheapest_briscola() -> None:
    view = briscola_view(1, ["4C", "KS", "7D", "AC"], trick((0, "AH")))
    assert choose_move("briscola", 1, view, plays(1, "4C", "KS", "7D", "AC"))["card"] == "4C"


def test_briscola_takes_a_three_with_its_ace_rather_than_a_briscola() -> None:
    view = briscola_view(1, ["AH", "2C", "5S"], trick((0, "3H")))
    assert choose_move("briscola", 1, view, plays(1, "AH", "2C", "5S"))["card"] == "AH"


def test_briscola_leads_a_worthless_plain_card() -> None:
    view = briscola_view(0, ["AC", "3H", "6S"], [])
    assert choose_move("briscola", 0, view, plays(0, "AC", "3H", "6S"))["card"] == "6S"


def test_briscola_loads_points_on_a_partner_who_wins_the_trick_last() -> None:
    view = briscola_view(3, ["KH", "4S", "5D"], trick((0, "2S"), (1, "AC"), (2, "5H")), 4)
    assert choose_move("briscola", 3, view, plays(3, "KH", "4S", "5D"))["card"] == "KH"


def test_tresette_gives_its_ace_to_a_partner_winning_last_and_never_signals() -> None:
    view = {"players": 4, "seat": 3, "teams": TEAMS, "trump": None, "hand": ["AS", "6S"],
            "trick": trick((0, "4S"), (1, "3S"), (2, "5S"))}  # fmt: skip
    assert choose_move("tresette", 3, view, plays(3, "AS", "6S"))["card"] == "AS"
    lead = {**view, "hand": ["3D", "5C", "6C"], "trick": []}
    legal = {"count": 6, "complete": True, "legal": [
        {"type": "play", "seat": 3, "card": c, **({"signal": s} if s else {})}
        for c in ("3D", "5C", "6C") for s in ("busso", None)]}  # fmt: skip
    assert choose_move("tresette", 3, lead, legal) == {"type": "play", "seat": 3, "card": "3D"}


# ---------------------------------------------------------------------- Scopa


def scopa_move(hand: list[str], table: list[str], legal: list[dict[str, Any]]) -> dict:
    view = {"players": 2, "seat": 1, "hand": hand, "table": table, "stock_size": 20,
            "hand_sizes": [3, 3]}  # fmt: skip
    return choose_move("scopa", 1, view, {"count": len(legal), "complete": True, "legal": legal})


def test_scopa_takes_the_settebello() -> None:
    legal = [
        {"type": "play", "seat": 1, "card": "7C", "capture": ["7D"]},
        {"type": "play", "seat": 1, "card": "KS", "capture": ["4S", "3H", "2C", "AS"]},
        {"type": "play", "seat": 1, "card": "2H", "capture": ["2C"]},
    ]
    move = scopa_move(["7C", "KS", "2H"], ["7D", "4S", "3H", "2C", "AS"], legal)
    assert "7D" in move["capture"]


def test_scopa_sweeps_when_it_can() -> None:
    legal = [
        {"type": "play", "seat": 1, "card": "5C", "capture": ["2S", "3H"]},
        {"type": "play", "seat": 1, "card": "KS"},
        {"type": "play", "seat": 1, "card": "3D", "capture": ["3H"]},
    ]
    assert scopa_move(["5C", "KS", "3D"], ["2S", "3H"], legal)["card"] == "5C"


def test_scopa_does_not_leave_an_easy_sweep_when_it_can_help_it() -> None:
    legal = [{"type": "play", "seat": 1, "card": code} for code in ("3C", "KD", "QH")]
    assert scopa_move(["3C", "KD", "QH"], ["4S", "2H"], legal)["card"] == "QH"


def test_scopa_lays_its_lowest_harmless_card() -> None:
    legal = [{"type": "play", "seat": 1, "card": code} for code in ("7S", "5D", "6C")]
    assert scopa_move(["7S", "5D", "6C"], ["KS", "QH", "JC", "KC"], legal)["card"] == "6C"


# ---------------------------------------------------------------------- rummy games


def rummy_legal(*events: dict[str, Any]) -> dict[str, Any]:
    return {"count": len(events), "complete": True, "legal": list(events)}


def test_burraco_takes_the_discard_pile_when_its_top_card_completes_a_meld() -> None:
    legal = rummy_legal({"type": "draw", "seat": 0, "from": "stock"},
                        {"type": "draw", "seat": 0, "from": "discard"})  # fmt: skip
    view = {"hand": ["7H", "7S", "KD", "4C"], "discard_pile": ["QD", "7C"]}
    assert choose_move("burraco", 0, view, legal)["from"] == "discard"
    view = {"hand": ["7H", "9S", "KD", "4C"], "discard_pile": ["QD", "7C"]}
    assert choose_move("burraco", 0, view, legal)["from"] == "stock"
    view = {"hand": ["5C", "6C", "KD", "4H"], "discard_pile": ["QD", "7C"]}
    assert choose_move("burraco", 0, view, legal)["from"] == "discard"


def test_burraco_lays_down_before_discarding_and_discards_the_dearest_loose_card() -> None:
    hand = ["3S", "4S", "5S", "KH", "7D", "2C"]
    discards = [{"type": "discard", "seat": 0, "card": c} for c in hand]
    meld = {"type": "meld", "seat": 0, "cards": ["3S", "4S", "5S"]}
    view = {"hand": hand, "discard_pile": []}
    assert choose_move("burraco", 0, view, rummy_legal(*discards, meld)) == meld
    assert choose_move("burraco", 0, view, rummy_legal(*discards))["card"] == "KH"


def test_burraco_never_lays_off_a_wildcard_alone() -> None:
    hand = ["2C", "9D"]
    legal = rummy_legal({"type": "discard", "seat": 0, "card": "9D"},
                        {"type": "add", "seat": 0, "cards": ["2C"], "meld": 0})  # fmt: skip
    assert choose_move("burraco", 0, {"hand": hand}, legal)["type"] == "discard"


def test_scala40_opens_when_it_can_and_composes_an_opening_from_a_hint() -> None:
    hand = ["TH", "JH", "QH", "KS", "KD", "KC", "4D", "9C"]
    opening = {"type": "open", "seat": 1, "melds": [["TH", "JH", "QH"], ["KS", "KD", "KC"]]}
    discards = [{"type": "discard", "seat": 1, "card": c} for c in hand]
    view = {"hand": hand, "discard_pile": [], "opened": [False, False], "must_use": None}
    assert choose_move("scala40", 1, view, rummy_legal(*discards, opening)) == opening
    hint = {"count": 5000, "complete": False, "legal": discards}
    composed = choose_move("scala40", 1, view, hint)
    assert composed["type"] == "open"
    assert sorted(map(sorted, composed["melds"])) == sorted(map(sorted, opening["melds"]))


# ---------------------------------------------------------------------- any game


def test_a_bot_never_resigns_concedes_or_adjourns() -> None:
    view = whist_view(3, ["2S", "QS"], trick((0, "AS"), (1, "5S"), (2, "KS")))
    cards = [{"type": "play", "seat": 3, "card": c} for c in ("QS", "2S")]
    flow = [{"type": "resign", "seat": 3}, {"type": "concede", "seat": 3}]
    legal = {"count": 4, "complete": True, "legal": flow + cards}
    assert choose_move("whist", 3, view, legal) == {"type": "play", "seat": 3, "card": "2S"}
    with pytest.raises(NoMove):
        choose_move("whist", 3, view, {"count": 1, "complete": True,
                                       "legal": [{"type": "resign", "seat": 3}]})  # fmt: skip
