"""The visits of tests/i18n/test_every_page_speaks.py: for every named page of the
site, who reads it and at which address in the world of tests/support/whole_site.py;
the pages not read there and why; the interface words of each language.

A :class:`Visit` with ``data`` is a POST (the page it leads to is read, following
redirects); its ``status`` lists the answers expected (a refusal is a page too).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from tests.support.whole_site import DIRECTOR, NINE_GAMES, World
from tournaments.services.demo_club import SEASON_SLUG

ENGLISH = (
    "Standings", "Tournaments", "Tournament", "Log in", "Log out", "Sign up", "Round",
    "Rounds", "Players", "Player", "Score sheet", "score sheet", "Entries", "Entrants",
    "Publish", "Check in", "Withdraw", "Table", "Tables", "Setup", "Clubs", "Save",
    "Remove", "Guests", "Teams", "Members", "Print", "Seat", "Bye", "Not found",
    "round", "table", "pairings", "entered", "seat", "bye", "playing", "disputed",
    "finished", "forfeit", "no-show", "director", "withdrawn", "Your turn", "Play",
    "Pass", "Trick", "Hand", "Deal", "deal", "Score", "Waiting", "Dealer", "Trumps",
    "Stock", "Discard", "Meld", "Latest moves", "cards", "Points", "points", "Team",
    "Game over", "Confirm", "Enter", "Status", "Totals", "Crosstable", "Opponents",
    "Result", "provisional", "Cancel", "Delete", "Back",
    "Name", "Games", "Password:", "New game", "Invite", "Forbidden", "Server error", "the", "and",
    "with", "your", "Your", "you", "You", "is", "are", "of", "Italian Whist",
    "Partnership whist", "Two-player whist", "Three-handed whist", "German whist",
)  # fmt: skip
"""Words of the English interface that must not reach an Italian reader (whole words,
case as written)."""

ITALIAN = (
    "Classifica", "Turno", "Turni", "Smazzata", "smazzata", "Riposo", "Giocatori",
    "Accedi", "Esci", "Registrati", "Circoli", "Tornei", "Torneo", "Posto", "posto",
    "Salva", "Iscrizioni", "Ospiti", "Squadre", "Punteggio", "Segnapunti", "Partita",
    "Partite", "Tocca a te", "Ultime mosse", "direttore", "Abbina", "Pubblica",
    "Stampa", "Mazziere", "Annulla", "Conferma", "Nome", "Tavoli", "tavolo", "turno",
    "Tavolo 1", "Punti", "punti", "Squadra", "Carte", "carte", "Pagina non trovata",
    "il", "della", "del", "con", "non", "una", "sono", "Sì",
)  # fmt: skip
"""Words of the Italian interface that must not reach an English reader. ("Tavolo"
alone is the site's name; the games' Italian names are names in English too.)"""


@dataclass(frozen=True)
class Visit:
    who: str
    """anonymous, guest (a phone at a table of guests), or a username of the world."""
    url: Callable[[World], str]
    label: str = ""
    data: Callable[[World], dict[str, Any]] | None = None
    status: tuple[int, ...] = (200,)
    htmx: bool = False
    italian: tuple[str, ...] = ()
    """Some words the Italian page must hold (it is not an empty page)."""


def at(path: str) -> Callable[[World], str]:
    return lambda w: path


def club(tail: str = "") -> Callable[[World], str]:
    return lambda w: f"/clubs/{w.club.slug}/{tail}"


def cup(tail: str = "", which: str = "thursday") -> Callable[[World], str]:
    def url(w: World) -> str:
        t = getattr(w, which)
        return f"/clubs/{t.club.slug}/t/{t.slug}/{tail}"

    return url


def game(game_type: str, tail: str = "") -> Callable[[World], str]:
    return lambda w: f"/games/{w.games[game_type].pk}/{tail}"


def first_seat(game_type: str, tail: str = "") -> Callable[[World], str]:
    """The seat to act of the game (seat 0 is alice, 1 bruno, 2 carla, 3 dario)."""

    def url(w: World) -> str:
        return f"/games/{w.games[game_type].pk}/seat/{seat_to_act(w, game_type)}/{tail}"

    return url


def seat_to_act(w: World, game_type: str) -> int:
    from tournaments.services.game_store import read_state

    game = w.games[game_type]
    game.refresh_from_db()
    if game.is_over:
        return 0
    return ([*read_state(game, lambda s: s.seats_to_act())] or [0])[0]  # real cards: none


DEMO_GAMES = [f"demo-{n}" for n in range(7)]
"""The demo's games (tournaments.services.demo.DEMO_GAMES): whist mid-deal, Italian
Whist waiting for the split and in its second hand, two-player whist drafting,
three-handed whist's exchange, a finished whist, Italian Whist with real cards."""


SEAT_USERS = ["alice", "bruno", "carla", "dario"]


def seat_visits(tail: str = "", htmx: bool = False) -> list[Visit]:
    games = [g for g, _n in NINE_GAMES] + DEMO_GAMES
    return [Visit(f"seat-of:{g}", first_seat(g, tail), label=g, htmx=htmx) for g in games]


def sheet(code: str, tail: str = "") -> Callable[[World], str]:
    return lambda w: f"/s/{getattr(w, code)}/{tail}"


def form(**fields: Any) -> Callable[[World], dict[str, Any]]:
    return lambda w: fields


D, A, C = DIRECTOR, "alice", "carla"
ANY_REFUSAL = (200, 400, 403, 404, 409)

VISITS: dict[str, list[Visit]] = {
    "home": [Visit("anonymous", lambda w: "/"), Visit(D, lambda w: "/")],
    "accounts:login": [Visit("anonymous", lambda w: "/accounts/login/")],
    "accounts:dashboard": [Visit(u, lambda w: "/dashboard/") for u in (D, A, C, "zeno")],
    "accounts:signup": [Visit("anonymous", lambda w: "/accounts/signup/")],
    "accounts:verify-sent": [Visit(A, lambda w: "/accounts/verify/sent")],
    "accounts:verify-resend": [
        Visit(A, lambda w: "/accounts/verify/again", data=form(), status=ANY_REFUSAL)
    ],
    "accounts:verify": [
        Visit("anonymous", lambda w: "/accounts/verify/not-a-word/", status=ANY_REFUSAL)
    ],
    "accounts:claim": [
        Visit(A, lambda w: "/accounts/claim/"),
        Visit(A, lambda w: "/accounts/claim/", data=form(code="WRONG"), status=ANY_REFUSAL),
    ],
    "accounts:password_reset": [Visit("anonymous", lambda w: "/accounts/password-reset/")],
    "accounts:password_reset_done": [Visit("anonymous", lambda w: "/accounts/password-reset/sent")],
    "accounts:password_reset_confirm": [
        Visit("anonymous", lambda w: "/accounts/reset/MQ/set-password/", status=ANY_REFUSAL)
    ],
    "accounts:password_reset_complete": [Visit("anonymous", lambda w: "/accounts/reset/done")],
    "games:list": [Visit("anonymous", lambda w: "/games/"), Visit(A, lambda w: "/games/")],
    "games:new": [
        Visit(A, lambda w: "/games/new"),
        Visit(A, lambda w: "/games/new", data=form(game="scopa", players="9"), status=ANY_REFUSAL),
    ],
    "games:new-fields": [
        Visit(A, at(f"/games/new/fields?game={g}"), htmx=True) for g, _n in NINE_GAMES
    ],
    "games:join": [
        Visit("anonymous", lambda w: f"/games/join/{w.invitation_token}/"),
        Visit("bruno", lambda w: f"/games/join/{w.invitation_token}/"),
        Visit("bruno", lambda w: "/games/join/no-such-link/", status=ANY_REFUSAL),
    ],
    "games:invitations": [Visit(A, lambda w: f"/games/{w.waiting_game.pk}/invite")],
    "games:invitations-seats": [
        Visit(A, lambda w: f"/games/{w.waiting_game.pk}/invite/seats", htmx=True)
    ],
    "games:invitation-new": [
        Visit(A, lambda w: f"/games/{w.waiting_game.pk}/invite/new", data=form(seat="1"))
    ],
    "games:invitation-withdraw": [
        Visit(A, lambda w: f"/games/{w.waiting_game.pk}/invite/withdraw", data=form(seat="1"))
    ],
    "games:invitation-bot": [
        # A seat the table does not have: refused in words (a real bot would fill the
        # waiting game's seat that other visits invite to).
        Visit(
            A,
            lambda w: f"/games/{w.waiting_game.pk}/invite/bot",
            data=form(seat="9"),
            status=ANY_REFUSAL,
        )
    ],
    "games:spectate": [
        *[Visit("anonymous", game(g), label=g) for g, _n in NINE_GAMES],
        *[Visit("anonymous", game(g), label=g) for g in DEMO_GAMES],
        Visit("anonymous", lambda w: f"/games/{w.finished_game.pk}/"),
        Visit("zeno", lambda w: f"/games/{w.waiting_game.pk}/"),
    ],
    "games:board": [Visit("anonymous", game(g, "board"), htmx=True) for g, _n in NINE_GAMES],
    "games:seat": [
        *seat_visits(),
        Visit("zeno", game("scopa", "seat/1/"), status=(403,)),
        Visit(A, lambda w: f"/games/{w.finished_game.pk}/seat/0/"),
    ],
    "games:seat-board": seat_visits("board", htmx=True),
    "games:seat-act": [
        Visit(
            f"seat-of:{g}", first_seat(g, "act"), data=form(action="nonsense"), status=ANY_REFUSAL
        )
        for g, _n in NINE_GAMES
    ],
    "games:seat-look": [
        # A casual game has no director: the refusal page says who may look.
        Visit(D, game("scopa", "look"), data=form(seat="1", reason="controllo"), status=(403,)),
    ],
    "games:table-pause": [
        # A casual game's pause is its creator's: anyone else is refused with the
        # reason (the creator's pause would stop the other visits' game).
        Visit(
            "zeno", game("scopa", "pause"), data=form(action="adjourn", reason="x"), status=(403,)
        ),
    ],
    "games:meld-check": [
        Visit(f"seat-of:{g}", first_seat(g, "meld-check"), htmx=True, status=ANY_REFUSAL)
        for g in ("burraco", "scala40")
    ],
    "clubs:list": [Visit("anonymous", lambda w: "/clubs/")],
    "clubs:new": [
        Visit(D, lambda w: "/clubs/new"),
        Visit(D, lambda w: "/clubs/new", data=form(name=""), status=ANY_REFUSAL),
    ],
    "clubs:page": [Visit(u, club()) for u in ("anonymous", A, D)],
    "clubs:manage": [
        Visit(D, club("manage/"), italian=("Ospiti", "Squadre")),
        Visit("zeno", club("manage/"), status=(403,)),
    ],
    "clubs:manage-do": [
        Visit(D, club(f"manage/{a}"), data=form(), status=ANY_REFUSAL)
        for a in ("role", "remove", "guest", "team", "zone", "language")
    ],
    "clubs:audit": [
        Visit(D, club("audit/"), italian=("Torneo", "direttori")),
        Visit(D, club("audit/?page=2")),
        Visit(C, club("audit/"), status=(403,)),
        Visit("zeno", club("audit/"), status=(403,)),
    ],
    "clubs:claim-code": [
        Visit(
            D, lambda w: f"/clubs/{w.club.slug}/manage/guests/{_guest(w)}/claim-code", data=form()
        )
    ],
    "tournaments:new": [
        Visit(D, club("t/new")),
        Visit(D, club("t/new"), data=form(name=""), status=ANY_REFUSAL),
    ],
    "tournaments:game-fields": [
        Visit(D, club(f"t/game-fields?game_type={g}"), htmx=True) for g, _n in NINE_GAMES
    ],
    "tournaments:page": [
        *[Visit(u, cup()) for u in ("anonymous", A, C, D)],
        *[Visit(u, cup(which="sunday")) for u in ("anonymous", A, D)],
        Visit("anonymous", cup(which="finished")),
    ],
    "tournaments:setup": [
        Visit(D, cup("setup")),
        Visit(D, cup("setup", "sunday")),
        Visit(D, cup("setup"), data=form(name="", rounds_planned="x"), status=ANY_REFUSAL),
        Visit("zeno", cup("setup"), status=(403,)),
    ],
    "tournaments:entries": [
        Visit(D, cup("entries")),
        Visit(D, cup("entries", "sunday")),
        Visit(C, cup("entries")),
    ],
    "tournaments:entry-add": [
        Visit(D, cup(f"entries/add/{k}", w), data=form(), status=ANY_REFUSAL)
        for k, w in (("guest", "thursday"), ("player", "thursday"), ("team", "sunday"))
    ],
    "tournaments:entry-self": [
        Visit("zeno", cup("entries/me", "sunday"), data=form(), status=ANY_REFUSAL)
    ],
    "tournaments:entry-self-withdraw": [
        Visit(A, cup("entries/me/withdraw", "sunday"), data=form(), status=ANY_REFUSAL)
    ],
    "tournaments:entry-check-in": [
        Visit(
            D,
            lambda w: cup("entries/{}/check-in")(w).format(_entry(w)),
            data=form(),
            status=ANY_REFUSAL,
        )
    ],
    "tournaments:entry-withdraw": [
        Visit(
            D,
            lambda w: cup("entries/{}/withdraw")(w).format(_entry(w)),
            data=form(),
            status=ANY_REFUSAL,
        )
    ],
    "tournaments:entry-edit": [
        Visit(
            D,
            lambda w: cup("entries/{}/edit")(w).format(_entry(w)),
            data=form(rating="x"),
            status=ANY_REFUSAL,
        )
    ],
    "tournaments:entries-check-in-all": [
        Visit(D, cup("entries/check-in-all"), data=form(), status=ANY_REFUSAL)
    ],
    "tournaments:entries-add-several": [
        Visit(D, cup("entries/add-several"), data=form(names="Ada Verdi\n"), status=ANY_REFUSAL)
    ],
    "tournaments:entries-import": [
        Visit(D, cup("entries/import"), data=form(csv="name,rating\n,abc\n"), status=ANY_REFUSAL)
    ],
    "tournaments:archive": [
        Visit(D, cup("archive")),
        Visit(D, cup("archive"), data=form(), status=ANY_REFUSAL),
    ],
    "tournaments:delete": [Visit(D, cup("delete"), status=ANY_REFUSAL)],
    "tournaments:forbid": [Visit(D, cup("forbidden/add"), data=form(), status=ANY_REFUSAL)],
    "tournaments:allow": [Visit(D, cup("forbidden/999/remove"), data=form(), status=ANY_REFUSAL)],
    "rounds:pair": [Visit(D, cup("rounds/pair"), data=form(), status=ANY_REFUSAL)],
    "rounds:public": [Visit(u, cup(f"rounds/{n}/")) for u in ("anonymous", A) for n in (1, 3)],
    "rounds:control": [Visit(D, cup(f"rounds/{n}/control")) for n in (1, 3)],
    "rounds:swap": [Visit(D, cup("rounds/3/swap"), data=form(), status=ANY_REFUSAL)],
    "rounds:publish": [Visit(D, cup("rounds/3/publish"), data=form(), status=ANY_REFUSAL)],
    "rounds:close": [Visit(D, cup("rounds/3/close"), data=form(), status=ANY_REFUSAL)],
    "rounds:correct": [Visit(D, cup("rounds/3/correct"), data=form(), status=ANY_REFUSAL)],
    "rounds:forfeit": [Visit(D, cup("rounds/3/forfeit"), data=form(), status=ANY_REFUSAL)],
    "rounds:unpublish": [Visit(D, cup("rounds/3/unpublish"), status=ANY_REFUSAL)],
    "standings:page": [
        Visit("anonymous", cup("standings/")),
        Visit("anonymous", cup("standings/", "finished")),
    ],
    "standings:live": [Visit("anonymous", cup("standings/live"), htmx=True)],
    "standings:player": [
        Visit(u, lambda w: cup("players/{}/")(w).format(_entry(w, "alice")))
        for u in ("anonymous", A)
    ],
    "standings:crosstable": [
        Visit("anonymous", cup("crosstable/")),
        Visit("anonymous", cup("crosstable/", "finished")),
    ],
    "standings:report": [
        Visit("anonymous", cup("report/", "finished")),
        Visit("anonymous", cup("report/"), status=ANY_REFUSAL),
    ],
    "standings:prizes": [
        Visit(D, cup("prizes/", "finished"), status=ANY_REFUSAL),
        Visit(D, cup("prizes/"), status=ANY_REFUSAL),
    ],
    "players:page": [
        Visit(u, lambda w: f"/players/{_player(w, 'alice')}/", italian=("Partite", "Tornei"))
        for u in ("anonymous", A)
    ]
    + [Visit("anonymous", lambda w: f"/players/{_player(w, 'alice')}/?page=x", status=(400,))],
    "players:versus": [
        Visit(
            "anonymous",
            lambda w: f"/players/{_player(w, 'alice')}/versus/{_player(w, 'bruno')}/",
        )
    ],
    "players:ladder": [
        Visit("anonymous", club("ladder/")),
        Visit("anonymous", club("ladder/?active=7"), status=(400,)),
    ],
    "players:rating-settings": [
        Visit(D, club("ladder/settings"), italian=("Partite abbandonate",)),
        Visit(D, club("ladder/settings"), data=form(count_forfeited_tables="maybe"), status=(400,)),
    ],
    "seasons:page": [
        Visit(u, club(f"seasons/{SEASON_SLUG}/"), italian=("Risultati", "Tornei"))
        for u in ("anonymous", D)
    ],
    "seasons:new": [
        Visit(D, club("seasons/new"), italian=("Nuova stagione",)),
        Visit(D, club("seasons/new"), data=form(name="", ends_on="x"), status=ANY_REFUSAL),
    ],
    "seasons:edit": [
        Visit(D, club(f"seasons/{SEASON_SLUG}/edit"), italian=("Elimina la stagione",)),
        Visit(
            D,
            club(f"seasons/{SEASON_SLUG}/edit"),
            data=form(name="", formula="best"),
            status=ANY_REFUSAL,
        ),
    ],
    # A stale version: refused (409), so the season stays for the other visits.
    "seasons:delete": [
        Visit(D, club(f"seasons/{SEASON_SLUG}/delete"), data=form(version="0"), status=(409,))
    ],
    "sheets:sheet": [
        Visit(A, sheet("alice_code")),
        Visit("guest", sheet("guest_code")),
        Visit("anonymous", sheet("guest_code")),
        Visit(D, sheet("disputed_code")),
        Visit(C, sheet("disputed_code")),
        Visit("anonymous", lambda w: "/s/NOTACODE/", status=(404,)),
    ],
    "sheets:act": [
        Visit(
            A, sheet("alice_code", "act"), data=form(action="enter", deal="1"), status=ANY_REFUSAL
        ),
        Visit("guest", sheet("guest_code", "act"), data=form(action="enter"), status=ANY_REFUSAL),
    ],
    "sheets:seat": [Visit("anonymous", sheet("guest_code", "seat"), data=form(seat="0"))],
    "sheets:rule": [
        Visit(
            D,
            lambda w: f"/s/{w.disputed_code}/rule?deal={w.disputed_deal}&chose={w.disputed_entry}",
        )
    ],
    "set_language": [
        Visit(A, lambda w: "/i18n/setlang/", data=form(language="{language}", next="/"))
    ],
    "set_card_style": [Visit(A, lambda w: "/cards/style/", data=form(style="french", next="/"))],
}


def _entry(w: World, username: str | None = None) -> int:
    entries = w.thursday.entries.select_related("player__user").order_by("pk")
    if username:
        return next(
            e.pk
            for e in entries
            if e.player and e.player.user and e.player.user.username == username
        )
    return entries.first().pk


def _player(w: World, username: str) -> int:
    return w.user(username).player.pk


def _guest(w: World) -> int:
    return w.club.players.filter(user__isnull=True).order_by("pk").first().pk


EXEMPT = {
    "accounts:logout": "POST-only; it leads to the home page, read above",
    "games:record": "the game record, JSON for programs (the API answers in English)",
    "standings:csv": (
        "CSV for spreadsheets: its headers stay machine-readable (docs/directors-guide.md)"
    ),
    "standings:json": "JSON for programs (the API answers in English)",
    "seasons:csv": (
        "CSV for the club's spreadsheets, headed in the club's language: "
        "tests/seasons/test_web_seasons.py::test_the_csv_and_pdf_speak_the_clubs_language"
    ),
    "seasons:pdf": (
        "a PDF in its club's language: "
        "tests/seasons/test_web_seasons.py::test_the_csv_and_pdf_speak_the_clubs_language"
    ),
    "clubs:audit-csv": (
        "CSV for spreadsheets: the audit page's rows (read above); its headers and "
        "sentences in both languages are read by tests/web/test_web_audit_log.py"
    ),
    "standings:pdf": "a PDF in its club's language: test_the_pdfs_speak_their_clubs_language",
    "standings:crosstable-pdf": "a PDF: test_the_pdfs_speak_their_clubs_language",
    "standings:report-pdf": "a PDF: test_the_pdfs_speak_their_clubs_language",
    "sheets:round-pdf": "a PDF: test_the_pdfs_speak_their_clubs_language",
    "rounds:cards": (
        "printed for the room in its club's language: "
        "test_the_table_cards_speak_their_clubs_language"
    ),
    "javascript-catalog": "the scripts' words, checked by tests/i18n/test_italian_js.py",
    "healthz": "the load balancer's health check, JSON",
    "favicon": "an icon",
    "api-health": "the API (answers in English)",
    "api-schema": "the API's schema (English)",
    "api-docs": "the API's documentation (English)",
}
"""Named URLs read by no person in a language of the site, and why."""


def pdf_urls(w: World, name: str) -> list[tuple[str, str]]:
    """(address, the club's language) of the PDF ``name`` of each club of the world."""
    tails = {
        "standings:pdf": "standings.pdf",
        "standings:crosstable-pdf": "crosstable.pdf",
        "standings:report-pdf": "report.pdf",
        "sheets:round-pdf": "rounds/1/sheets.pdf",
    }
    return [
        (cup(tails[name], which)(w), getattr(w, which).club.language)
        for which in ("thursday", "finished")
    ]
