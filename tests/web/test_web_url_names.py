"""Every page's address is where it always was, under the URL name of its concern.

The URL names are grouped in namespaces, one per concern (``accounts:``, ``games:``,
``clubs:``, ``tournaments:``, ``rounds:``, ``standings:``, ``players:``, ``seasons:``,
``sheets:``); the paths never moved. :data:`PAGES` is the table of every page's path,
the view that answers it (as before the namespaces were split) and its name now.
"""

from __future__ import annotations

import re

import pytest
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse

# (a path with sample values, the view answering it, its URL name). "web." is
# tournaments.web, "auth." django.contrib.auth.views.
PAGES = [
    ("/", "tavolo.views.home", "home"),
    ("/accounts/signup/", "web.accounts.sign_up", "accounts:signup"),
    ("/accounts/verify/sent", "web.accounts.verify_sent", "accounts:verify-sent"),
    ("/accounts/verify/again", "web.accounts.verify_resend", "accounts:verify-resend"),
    ("/accounts/verify/word/", "web.accounts.verify", "accounts:verify"),
    ("/accounts/claim/", "web.claims.claim_page", "accounts:claim"),
    ("/accounts/password-reset/", "web.accounts.PasswordResetView", "accounts:password_reset"),
    ("/accounts/password-reset/sent", "auth.PasswordResetDoneView", "accounts:password_reset_done"),
    (
        "/accounts/reset/word/word/",
        "web.accounts.PasswordResetConfirmView",
        "accounts:password_reset_confirm",
    ),
    ("/accounts/reset/done", "auth.PasswordResetCompleteView", "accounts:password_reset_complete"),
    ("/clubs/club/manage/guests/2/claim-code", "web.claims.issue_code", "clubs:claim-code"),
    ("/games/", "web.views.game_list", "games:list"),
    ("/games/new", "web.new_game.new_game", "games:new"),
    ("/games/new/fields", "web.new_game.new_game_fields", "games:new-fields"),
    ("/games/join/word/", "web.invitations.join", "games:join"),
    (
        "/games/8f14e45f-ceea-467f-a0e6-2b3f0b1e5a11/invite",
        "web.invitations.invitations_page",
        "games:invitations",
    ),
    (
        "/games/8f14e45f-ceea-467f-a0e6-2b3f0b1e5a11/invite/seats",
        "web.invitations.invitations_seats",
        "games:invitations-seats",
    ),
    (
        "/games/8f14e45f-ceea-467f-a0e6-2b3f0b1e5a11/invite/new",
        "web.invitations.invitation_new",
        "games:invitation-new",
    ),
    (
        "/games/8f14e45f-ceea-467f-a0e6-2b3f0b1e5a11/invite/withdraw",
        "web.invitations.invitation_withdraw",
        "games:invitation-withdraw",
    ),
    (
        "/games/8f14e45f-ceea-467f-a0e6-2b3f0b1e5a11/invite/bot",
        "web.invitations.invitation_bot",
        "games:invitation-bot",
    ),
    ("/games/8f14e45f-ceea-467f-a0e6-2b3f0b1e5a11/", "web.views.spectate", "games:spectate"),
    (
        "/games/8f14e45f-ceea-467f-a0e6-2b3f0b1e5a11/board",
        "web.views.spectator_board",
        "games:board",
    ),
    (
        "/games/8f14e45f-ceea-467f-a0e6-2b3f0b1e5a11/record.json",
        "web.views.game_record",
        "games:record",
    ),
    (
        "/games/8f14e45f-ceea-467f-a0e6-2b3f0b1e5a11/look",
        "web.seat_look.seat_look",
        "games:seat-look",
    ),
    (
        "/games/8f14e45f-ceea-467f-a0e6-2b3f0b1e5a11/pause",
        "web.table_pause.table_pause",
        "games:table-pause",
    ),
    ("/games/8f14e45f-ceea-467f-a0e6-2b3f0b1e5a11/seat/2/", "web.views.seat_page", "games:seat"),
    (
        "/games/8f14e45f-ceea-467f-a0e6-2b3f0b1e5a11/seat/2/board",
        "web.views.seat_board",
        "games:seat-board",
    ),
    (
        "/games/8f14e45f-ceea-467f-a0e6-2b3f0b1e5a11/seat/2/act",
        "web.views.seat_act",
        "games:seat-act",
    ),
    (
        "/games/8f14e45f-ceea-467f-a0e6-2b3f0b1e5a11/seat/2/meld-check",
        "web.views.meld_check",
        "games:meld-check",
    ),
    ("/clubs/", "web.clubs.club_list", "clubs:list"),
    ("/clubs/new", "web.clubs.club_new", "clubs:new"),
    ("/clubs/club/", "web.clubs.club_page", "clubs:page"),
    ("/clubs/club/manage/", "web.clubs.club_manage", "clubs:manage"),
    ("/clubs/club/manage/role", "web.clubs.club_manage_action", "clubs:manage-do"),
    ("/clubs/club/audit/", "web.audit_pages.audit_log", "clubs:audit"),
    ("/clubs/club/audit.csv", "web.audit_pages.audit_csv", "clubs:audit-csv"),
    ("/clubs/club/t/new", "web.tournament_pages.tournament_new", "tournaments:new"),
    ("/clubs/club/t/game-fields", "web.tournament_pages.game_fields", "tournaments:game-fields"),
    ("/clubs/club/t/cup/", "web.tournament_pages.tournament_page", "tournaments:page"),
    ("/clubs/club/t/cup/setup", "web.tournament_pages.tournament_setup", "tournaments:setup"),
    ("/clubs/club/t/cup/entries", "web.entry_pages.entries_page", "tournaments:entries"),
    ("/clubs/club/t/cup/entries/add/guest", "web.entry_pages.entry_add", "tournaments:entry-add"),
    ("/clubs/club/t/cup/entries/me", "web.self_entry_pages.enter", "tournaments:entry-self"),
    (
        "/clubs/club/t/cup/entries/me/withdraw",
        "web.self_entry_pages.withdraw",
        "tournaments:entry-self-withdraw",
    ),
    (
        "/clubs/club/t/cup/entries/2/check-in",
        "web.entry_pages.entry_check_in",
        "tournaments:entry-check-in",
    ),
    (
        "/clubs/club/t/cup/entries/2/withdraw",
        "web.entry_pages.entry_withdraw",
        "tournaments:entry-withdraw",
    ),
    ("/clubs/club/t/cup/entries/2/edit", "web.entry_pages.entry_edit", "tournaments:entry-edit"),
    (
        "/clubs/club/t/cup/entries/check-in-all",
        "web.director_tools.check_in_all",
        "tournaments:entries-check-in-all",
    ),
    (
        "/clubs/club/t/cup/entries/add-several",
        "web.director_tools.add_several",
        "tournaments:entries-add-several",
    ),
    (
        "/clubs/club/t/cup/entries/import",
        "web.director_tools.import_csv",
        "tournaments:entries-import",
    ),
    ("/clubs/club/t/cup/archive", "web.director_tools.archive", "tournaments:archive"),
    ("/clubs/club/t/cup/delete", "web.director_tools.delete", "tournaments:delete"),
    ("/clubs/club/t/cup/forbidden/add", "web.entry_pages.forbid", "tournaments:forbid"),
    ("/clubs/club/t/cup/forbidden/2/remove", "web.entry_pages.allow", "tournaments:allow"),
    ("/clubs/club/t/cup/rounds/pair", "web.round_pages.round_pair", "rounds:pair"),
    ("/clubs/club/t/cup/rounds/2/", "web.round_pages.round_public", "rounds:public"),
    ("/clubs/club/t/cup/rounds/2/control", "web.round_pages.round_control", "rounds:control"),
    ("/clubs/club/t/cup/rounds/2/swap", "web.round_pages.round_swap", "rounds:swap"),
    ("/clubs/club/t/cup/rounds/2/publish", "web.round_pages.round_publish", "rounds:publish"),
    ("/clubs/club/t/cup/rounds/2/close", "web.round_closing_pages.round_close", "rounds:close"),
    ("/clubs/club/t/cup/rounds/2/correct", "web.round_pages.round_correct", "rounds:correct"),
    ("/clubs/club/t/cup/rounds/2/forfeit", "web.round_pages.round_forfeit", "rounds:forfeit"),
    ("/clubs/club/t/cup/rounds/2/cards", "web.round_pages.round_cards", "rounds:cards"),
    ("/clubs/club/t/cup/rounds/2/unpublish", "web.director_tools.unpublish", "rounds:unpublish"),
    ("/dashboard/", "web.dashboard.dashboard", "accounts:dashboard"),
    ("/accounts/login/", "auth.LoginView", "accounts:login"),
    ("/accounts/logout/", "auth.LogoutView", "accounts:logout"),
    ("/clubs/club/t/cup/standings/", "scoring.web.standings_page", "standings:page"),
    ("/clubs/club/t/cup/standings/live", "scoring.web.standings_live", "standings:live"),
    ("/clubs/club/t/cup/standings.csv", "scoring.web.standings_csv", "standings:csv"),
    ("/clubs/club/t/cup/standings.json", "scoring.web.standings_json", "standings:json"),
    ("/clubs/club/t/cup/players/2/", "scoring.web.player_page", "standings:player"),
    ("/clubs/club/t/cup/standings.pdf", "scoring.print_pages.standings_pdf", "standings:pdf"),
    (
        "/clubs/club/t/cup/crosstable/",
        "scoring.print_pages.crosstable_page",
        "standings:crosstable",
    ),
    (
        "/clubs/club/t/cup/crosstable.pdf",
        "scoring.print_pages.crosstable_pdf",
        "standings:crosstable-pdf",
    ),
    ("/clubs/club/t/cup/report/", "scoring.print_pages.report_page", "standings:report"),
    ("/clubs/club/t/cup/report.pdf", "scoring.print_pages.report_pdf", "standings:report-pdf"),
    ("/clubs/club/t/cup/prizes/", "scoring.print_pages.prizes_page", "standings:prizes"),
    ("/players/2/", "scoring.people_pages.person_page", "players:page"),
    ("/players/2/versus/3/", "scoring.people_pages.versus_page", "players:versus"),
    ("/clubs/club/ladder/", "scoring.people_pages.ladder_page", "players:ladder"),
    (
        "/clubs/club/ladder/settings",
        "scoring.rating_settings_page.rating_settings_page",
        "players:rating-settings",
    ),
    ("/clubs/club/seasons/new", "scoring.season_pages.season_new", "seasons:new"),
    ("/clubs/club/seasons/spring/", "scoring.season_pages.season_page", "seasons:page"),
    ("/clubs/club/seasons/spring/edit", "scoring.season_pages.season_edit", "seasons:edit"),
    ("/clubs/club/seasons/spring/delete", "scoring.season_pages.season_delete", "seasons:delete"),
    ("/clubs/club/seasons/spring/table.csv", "scoring.season_pages.season_csv", "seasons:csv"),
    ("/clubs/club/seasons/spring/table.pdf", "scoring.season_pages.season_pdf", "seasons:pdf"),
    ("/s/word/", "web.sheet_pages.sheet_page", "sheets:sheet"),
    ("/s/word/act", "web.sheet_pages.sheet_act", "sheets:act"),
    ("/s/word/seat", "web.guest_sheet_pages.choose_seat", "sheets:seat"),
    ("/s/word/rule", "web.sheet_rulings.rule_page", "sheets:rule"),
    (
        "/clubs/club/t/cup/rounds/2/sheets.pdf",
        "web.sheet_pages.round_sheets_pdf",
        "sheets:round-pdf",
    ),
    ("/healthz", "tavolo.views.healthz", "healthz"),
    ("/favicon.ico", "tavolo.views.favicon", "favicon"),
    ("/i18n/setlang/", "web.language.set_language", "set_language"),
    ("/jsi18n/", "django.views.i18n.JavaScriptCatalog", "javascript-catalog"),
    ("/cards/style/", "web.card_style.set_card_style", "set_card_style"),
    ("/api/health/", "tavolo.api.HealthView", "api-health"),
    ("/api/schema/", "drf_spectacular.views.SpectacularAPIView", "api-schema"),
    ("/api/docs/", "drf_spectacular.views.SpectacularSwaggerSplitView", "api-docs"),
]

SITE = {
    "home",
    "healthz",
    "favicon",
    "api-health",
    "api-schema",
    "api-docs",
    "set_language",
    "javascript-catalog",
    "set_card_style",
}
"""Names of the site itself, outside any namespace."""


def concern(path: str) -> str:
    """The namespace a page belongs in, from its address."""
    tail = re.sub(r"^/clubs/[^/]+/t/[^/]+/", "/T/", path)
    if path.startswith("/accounts/") or path == "/dashboard/":
        return "accounts"
    if path.startswith("/games/"):
        return "games"
    if path.startswith("/players/") or re.match(r"/clubs/[^/]+/ladder/", path):
        return "players"
    if path.startswith("/s/") or path.endswith("/sheets.pdf"):
        return "sheets"
    if re.match(r"/T/(standings|players|crosstable|report|prizes)\b", tail):
        return "standings"
    if re.match(r"/clubs/[^/]+/seasons/", path):
        return "seasons"
    if tail.startswith("/T/rounds/"):
        return "rounds"
    if tail.startswith("/T/") or re.match(r"/clubs/[^/]+/t/", path):
        return "tournaments"
    if path.startswith("/clubs/"):
        return "clubs"
    return ""


def _dotted(func: object) -> str:
    view = getattr(func, "view_class", func)
    dotted = f"{view.__module__}.{view.__qualname__}"
    return dotted.replace("tournaments.web.", "web.").replace("django.contrib.auth.views.", "auth.")


def _named_patterns(patterns: list, prefix: str = "", space: str = ""):
    for p in patterns:
        route = prefix + str(p.pattern)
        if isinstance(p, URLResolver):
            if not route.startswith(("admin/", "api/")):  # theirs, and the API's own
                yield from _named_patterns(p.url_patterns, route, p.namespace or space)
        elif isinstance(p, URLPattern) and p.name:
            yield f"{space}:{p.name}" if space else p.name


@pytest.mark.parametrize(("path", "view", "name"), PAGES)
def test_every_path_answers_with_the_same_view_under_its_name(path, view, name):
    match = resolve(path)
    assert _dotted(match.func) == view
    assert match.view_name == name
    assert reverse(name, args=match.args, kwargs=match.kwargs) == path


@pytest.mark.parametrize(("path", "view", "name"), PAGES)
def test_every_page_is_named_in_the_namespace_of_its_concern(path, view, name):
    space = name.partition(":")[0] if ":" in name else ""
    assert space == concern(path), f"{path} is named {name}"
    if not space:
        assert name in SITE


def test_the_table_lists_every_named_page():
    named = set(_named_patterns(get_resolver().url_patterns))
    assert named == {name for _path, _view, name in PAGES}


def test_no_page_of_another_concern_is_named_under_games():
    games = [name for path, _view, name in PAGES if name.startswith("games:")]
    assert games and all(concern(path) == "games" for path, _v, name in PAGES if name in games)
    assert not [n for n in games if re.search(r"club|tournament|round|entr|login", n)]
