"""The demo data ./bin/serve loads: idempotent, DEBUG only, and every game opens."""

import pytest
from django.core.management import CommandError, call_command
from django.test import Client

from tournaments.models import Game, Player
from tournaments.services.demo import DEMO_GAMES, DEMO_PASSWORD, demo_game_id


@pytest.mark.django_db
def test_load_demo_is_idempotent_and_every_demo_page_opens(settings):
    settings.DEBUG = True
    call_command("load_demo")
    games, players = Game.objects.count(), Player.objects.count()
    call_command("load_demo")
    assert (Game.objects.count(), Player.objects.count()) == (games, players)
    assert games == len(DEMO_GAMES)

    client = Client()
    assert client.login(username="alice", password=DEMO_PASSWORD)
    for index in range(len(DEMO_GAMES)):
        game = Game.objects.get(pk=demo_game_id(index))
        assert client.get(f"/games/{game.pk}/").status_code == 200
        assert client.get(f"/games/{game.pk}/seat/0/").status_code == 200  # alice sits at 0
    statuses = set(Game.objects.values_list("status", flat=True))
    assert statuses == {Game.Status.ACTIVE, Game.Status.FINISHED}


@pytest.mark.django_db
def test_load_demo_refuses_without_debug(settings):
    settings.DEBUG = False
    with pytest.raises(CommandError, match="only with DEBUG"):
        call_command("load_demo")
    assert not Game.objects.exists()
