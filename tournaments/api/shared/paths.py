"""The URL prefixes the resources' ``urls.py`` share: paths under ``/api/``."""

CLUB = "clubs/<slug:slug>/"
TOURNAMENT = CLUB + "tournaments/<slug:tournament>/"
ENTRY = TOURNAMENT + "entries/<int:entry_id>/"
ROUND = TOURNAMENT + "rounds/<int:number>/"
TABLE = ROUND + "tables/<int:table>/"
GAME = "games/<uuid:game_id>/"
