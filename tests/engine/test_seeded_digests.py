"""The oracle for the engine's speed work (issue 17): seeded random games must stay
event for event what they were.

A game played by ``random_deal_event`` and ``random_action`` from a seeded generator,
its events, every seat's view along the way and its result are hashed; the digests
below were taken before the representations changed (whist's per-suit hands, Scala
40's bit-mask hands...). A faster engine that draws differently from the generator,
lists the legal actions in another order, or shows another view fails here. When a
rule change is meant to change the games, take the digests again (``python -m
tests.engine.test_seeded_digests`` prints them) and say why in the commit.
"""

from __future__ import annotations

import hashlib
import json
import random
from typing import Any

import pytest

import engine

SEEDS = range(5)
VIEW_EVERY = 7
"""Every seat's view (and a spectator's) is hashed after every 7th event."""

EXPECTED: dict[tuple[str, int], str] = {
    ("italian_whist", 3): "f4bbead734bd807a0e527d538a6c296df995f261de3c2ef6ccb0e26c7e935892",
    ("german_whist", 2): "3795c152edeab755b99020fa35e41a4be810d9db8d0d2f7ce7df4342f8e683f8",
    ("whist", 4): "1d5c1ff58e79ef96b85e9dad587d4bf077f305ee06f1bea9a5f319bf4e0700f9",
    ("three_handed_whist", 3): "f11535c169cb9119ec948575a1e9978cbc236625aa3ffb3216126bdb5e58335a",
    ("scopa", 2): "6881ef2b9e2f8c777bffb319c49e1223bae99413603fe68e30d0501a0a788c92",
    ("scopa", 3): "38d950c4d2be5a0a2bc262431138ef828a3524e2c850702a4c6105e92b94d7bb",
    ("scopa", 4): "6d5d8d89968f15ae8133ffb08d3549973466dcd03f373f7525fdd44ae44a0fa3",
    ("scopa", 6): "7faf3db76310b4ad4fb7c691d1a20ca69f11c9bbf286085f8a0f839e1a070487",
    ("briscola", 2): "25fc76f10bf784ab038bc7802ac94671bc30fd73bea108158318c1de6b254ae2",
    ("briscola", 3): "30fc5e68b4715df6669ee49adaa2cae541eb3d75a595a12bd95d741567e55f0f",
    ("briscola", 4): "edf5e625f35ed7430955b20fba6a74f873bc123c0196412061161f22a2cf5aae",
    ("tresette", 4): "519a5459c4d324ad5b6b8eb766c31a4ae3776601010f743029fe31cb51202b24",
    ("burraco", 2): "721daa6683c32c9cf52eb7ba0d29c595b258e2805af93eb4359fe4970a547fa7",
    ("burraco", 4): "4700a80d108c098d923a090ea6fd6e798d94b3b46771b161500deeb6f8db39cc",
    ("scala40", 2): "3a6dab7c54ea9635a6192b8cd21a13e825b460ab11502e3396ec66d3569956a2",
    ("scala40", 3): "7bec8568171137814c29a8e195b13c909c780bb009ebe6df6c624ae3ef962f58",
    ("scala40", 4): "a1453859869be1f49aa061aa9b7e7ff814ef81638d892662de023642126d4e0e",
    ("scala40", 5): "7d445786b9ffd65fdd4abe70dafc481d7eeb0ba5837555b33832d9a05bba2744",
    ("scala40", 6): "83661fd8a4a414114fc257fc7b9ff7a653bda6e1a6dbc2078115ff5935a7bf8e",
}


def seeded_game(name: str, players: int, seed: int) -> tuple[list[dict[str, Any]], Any]:
    """The events of one random game of ``name``, and the hash input of its views."""
    game = engine.new_game(name, players)
    rng = random.Random(seed)
    events: list[dict[str, Any]] = []
    views: list[Any] = []
    while not game.over:
        if game.awaiting == "deal":
            event = game.random_deal_event(rng)
            game.apply(event)
        else:
            action = game.random_action(rng)
            event = action.to_event()
            game.push(action)
        events.append(event)
        if len(events) % VIEW_EVERY == 0:
            views.append([game.view(seat) for seat in (None, *range(players))])
    views.append([game.scores, game.winner, game.deal_number, game.view(None)])
    return events, views


def digest(name: str, players: int) -> str:
    hashed = hashlib.sha256()
    for seed in SEEDS:
        events, views = seeded_game(name, players, seed)
        hashed.update(json.dumps(events, sort_keys=True).encode())
        hashed.update(json.dumps(views, sort_keys=True, default=str).encode())
        replayed = engine.replay(name, players, events)
        hashed.update(json.dumps(replayed.view(None), sort_keys=True, default=str).encode())
    return hashed.hexdigest()


CASES = [
    (name, players)
    for name in engine.available_games()
    for players in engine.game_class(name).player_counts
]


@pytest.mark.parametrize(("name", "players"), CASES)
def test_seeded_random_games_are_unchanged(name: str, players: int) -> None:
    assert digest(name, players) == EXPECTED[(name, players)]


if __name__ == "__main__":
    for name, players in CASES:
        print(f'    ("{name}", {players}): "{digest(name, players)}",')


@pytest.mark.parametrize(("name", "players"), CASES)
def test_over_and_awaiting_follow_the_phase(name: str, players: int) -> None:
    """``over`` and ``awaiting`` are plain values kept in step with the phase (no
    longer properties computed from it): after every event they say what the phase
    and ``adjourned`` say, through an adjournment and a resignation too."""
    game = engine.new_game(name, players)
    chance_phases = type(game).CHANCE_PHASES

    def agree() -> None:
        assert game.over == (game.phase == "over")
        expected = "deal" if game.phase in chance_phases and not game.adjourned else None
        assert game.awaiting == expected

    rng = random.Random(11)
    agree()
    steps = 0
    while not game.over:
        if steps == 5:
            game.apply({"type": "adjourn"})
            agree()
            game.apply({"type": "resume"})
        if game.awaiting == "deal":
            game.apply(game.random_deal_event(rng))
        else:
            game.push(game.random_action(rng))
        agree()
        steps += 1
        if steps == 300:
            seat = next(s for s in range(players) if game.can_resign(s))
            game.apply({"type": "resign", "seat": seat})
    agree()
    assert game.over and game.awaiting is None


def test_every_change_of_phase_goes_through_set_phase() -> None:
    """A phase set directly would leave ``over`` and ``awaiting`` behind."""
    from pathlib import Path

    root = Path(engine.__file__).parent
    offenders = [
        f"{path.relative_to(root)}:{number}"
        for path in root.rglob("*.py")
        for number, line in enumerate(path.read_text().splitlines(), 1)
        if ".phase = " in line and path.name != "flow.py"
    ]
    assert offenders == []
