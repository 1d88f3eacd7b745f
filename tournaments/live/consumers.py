"""Consumers of the live websockets: a game's, a tournament's.

A consumer only ever sends what :mod:`tournaments.services.live` publishes to its
group (a version, a status, a round number: public facts, never a card), plus the
same facts once on connecting so a page that was away knows whether to fetch. It
reads nothing from the page. Who may connect follows the pages' own rules:

- a game's channel: whoever may open the game's public board, which is anyone for a
  game that exists (the board shows no hand); each seat's page fetches its own board
  afterwards from its endpoint, which checks the seat;
- a tournament's channel: whoever may open its standings (a tournament still being set
  up only for the club's scorers and directors).

A refused connection is closed with a code and nothing logged: 4404 (no such game or
tournament, or not visible to this user).
"""

from __future__ import annotations

from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer

from tournaments.services import access, live

NOT_FOUND = 4404


class _GroupConsumer(AsyncJsonWebsocketConsumer):  # type: ignore[misc]
    group: str | None = None

    async def join(self, group: str, hello: dict[str, Any]) -> None:
        import asyncio

        live.register_server_loop(asyncio.get_running_loop())
        self.group = group
        await self.channel_layer.group_add(group, self.channel_name)
        await self.accept()
        await self.send_json(hello)

    async def refuse(self) -> None:
        await self.close(code=NOT_FOUND)

    async def disconnect(self, code: int) -> None:
        if self.group is not None:
            await self.channel_layer.group_discard(self.group, self.channel_name)

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """Pages say nothing over the socket; anything they send is ignored."""

    async def live_message(self, event: dict[str, Any]) -> None:
        await self.send_json(event["data"])


class NotFoundConsumer(_GroupConsumer):
    async def connect(self) -> None:
        await self.refuse()


class GameConsumer(_GroupConsumer):
    async def connect(self) -> None:
        game_id = self.scope["url_route"]["kwargs"]["game_id"]
        facts = await database_sync_to_async(live.game_facts)(game_id)
        if facts is None:
            await self.refuse()
            return
        await self.join(live.game_group(game_id), facts)


class TournamentConsumer(_GroupConsumer):
    async def connect(self) -> None:
        kwargs = self.scope["url_route"]["kwargs"]
        found = await database_sync_to_async(_visible_tournament)(
            self.scope.get("user"), kwargs["slug"], kwargs["tslug"]
        )
        if found is None:
            await self.refuse()
            return
        tournament_id, hello = found
        await self.join(live.tournament_group(tournament_id), hello)


def _visible_tournament(user: Any, slug: str, tslug: str) -> tuple[int, dict[str, Any]] | None:
    """The tournament's id and its standings' facts, if ``user`` may see it (the rule
    of :func:`tournaments.services.access.may_see_tournament`)."""
    from tournaments.models import Tournament

    tournament = (
        Tournament.objects.select_related("club").filter(club__slug=slug, slug=tslug).first()
    )
    if tournament is None:
        return None
    if not access.may_see_tournament(user, tournament):
        return None
    return tournament.pk, live.standings_facts(tournament.pk)
