"""CI: read pytest's JUnit XML and fail unless the service tests really ran.

Every test in tests/standings/test_celery_worker.py (real worker + Redis), the
standings worker tests (tests/standings/test_standings_worker.py), the PostgreSQL
test (tests/site/test_database.py), the concurrent-writer and append-only trigger
tests (tests/games/), the browser tests (Chromium) and the translation extraction
test (xgettext) must have run and passed: skipped, failed or missing counts as
failure, so CI can never go green by not talking to the services.
(tests/architecture/test_test_layout.py checks that each module and test named here
exists.)
"""

from __future__ import annotations

import sys
import xml.etree.ElementTree as ET

# (what, classname of the test module, a test that must be among them or None)
REQUIRED = [
    ("Celery worker tests", "tests.standings.test_celery_worker", None),
    (
        "Standings through a real worker",
        "tests.standings.test_standings_worker",
        "test_with_the_broker_down_the_result_is_kept_and_the_worker_catches_up",
    ),
    (
        "PostgreSQL test",
        "tests.site.test_database",
        "test_postgres_is_used_when_database_url_is_set",
    ),
    ("Concurrent writers on PostgreSQL", "tests.games.test_concurrency", None),
    (
        "Two workers racing for one clock deadline write one event (PostgreSQL)",
        "tests.games.test_table_driver",
        "test_two_workers_racing_for_one_deadline_write_one_event",
    ),
    (
        "A bot's move through a real Celery worker",
        "tests.games.test_table_worker",
        "test_the_worker_makes_the_bots_move",
    ),
    (
        "Ratings updated through a real Celery worker",
        "tests.ratings.test_rating_worker",
        "test_a_finished_game_updates_the_ratings_through_the_worker",
    ),
    (
        "A killed standings worker catches up on restart",
        "tests.standings.test_standings_worker_killed",
        "test_a_worker_killed_with_a_task_reserved_catches_up_when_it_restarts",
    ),
    (
        "No 500 when PostgreSQL cuts the server's connections",
        "tests.site.test_database_blink",
        "test_no_request_fails_when_the_servers_connections_are_cut",
    ),
    (
        "The app's database role cannot rewrite the log",
        "tests.site.test_app_role",
        "test_the_app_role_writes_the_log_but_cannot_rewrite_it",
    ),
    (
        "Concurrent edits of settings, entries and roles on PostgreSQL (versions)",
        "tests.clubs.test_version_races",
        "test_api_clients_racing_with_if_match_get_one_200_and_412s",
    ),
    (
        "A pg_dump restored into a fresh database passes verify_store",
        "tests.site.test_backup_restore",
        "test_a_dump_restored_into_a_fresh_database_verifies",
    ),
    (
        "Append-only triggers",
        "tests.games.test_event_store_triggers",
        "test_postgres_truncate_is_refused",
    ),
    (
        "Browser test (Chromium)",
        "tests.browser.test_browser_play",
        "test_playing_a_card_updates_the_board_in_place",
    ),
    (
        "Browser test: moves pushed to another browser, polled while its socket is down (Chromium)",
        "tests.browser.test_browser_live",
        "test_two_browsers_see_each_others_moves_pushed_then_polled_when_the_socket_drops",
    ),
    (
        "Push across two server processes through the Redis channel layer",
        "tests.benchmarks.test_live_push_bench",
        "test_live_push_benchmark_crosses_two_servers_through_redis",
    ),
    (
        "Browser test: guests score their own table on a phone (Chromium)",
        "tests.browser.test_browser_guest_sheet",
        "test_a_guest_enters_hands_over_and_the_other_side_confirms",
    ),
    (
        "Browser test: a Scopa capture chosen on a phone (Chromium)",
        "tests.browser.test_browser_scopa",
        "test_a_scopa_capture_is_chosen_on_a_phone",
    ),
    (
        "Browser test: Italian cards on Scopa and Briscola boards at 360 px (Chromium)",
        "tests.browser.test_browser_italian_cards",
        None,  # parametrised (Scopa, Briscola): every case in the module must pass
    ),
    (
        "Browser test: an Italian player scores a Scopa deal and sees Italian cards (Chromium)",
        "tests.browser.test_browser_italian_sheet",
        "test_an_italian_player_scores_a_scopa_deal_and_sees_italian_cards",
    ),
    (
        "Browser test: a director publishes round 1 (Chromium)",
        "tests.browser.test_browser_director",
        "test_director_sets_up_a_tournament_and_publishes_round_one",
    ),
    (
        "Browser test: a whole small tournament, phones to live standings (Chromium)",
        "tests.browser.test_browser_tournament",
        "test_a_small_tournament_from_setup_to_live_standings",
    ),
    (
        "Browser test: a person's page, head-to-head and the club ladder at 360 px (Chromium)",
        "tests.browser.test_browser_person",
        None,  # every test of the module must pass
    ),
    (
        "Browser test: Burraco and Scala 40 boards (Chromium)",
        "tests.browser.test_browser_rummy",
        None,  # parametrised (one case per game): every case in the module must pass
    ),
    (
        "Browser test: a casual game made on a desktop, joined by link on a phone (Chromium)",
        "tests.browser.test_browser_casual_game",
        "test_a_game_made_on_a_desktop_is_joined_by_link_on_a_phone",
    ),
    (
        "Browser test: the director's evening — dashboard, unfinished tables, CSV import",
        "tests.browser.test_browser_director_evening",
        None,  # every test of the module must pass
    ),
    (
        "Browser test: a sheet entry typed offline is sent once (Chromium)",
        "tests.browser.test_browser_offline_sheet",
        "test_an_entry_typed_offline_is_kept_and_sent_once_when_the_network_returns",
    ),
    (
        "Browser test: standings on a phone, the crosstable and final report PDFs (Chromium)",
        "tests.browser.test_browser_printing",
        "test_the_director_defines_a_prize_and_prints_the_crosstable_and_report",
    ),
    (
        "Browser test: a director makes a season on a phone, its table and PDF (Chromium)",
        "tests.browser.test_browser_seasons",
        "test_a_director_makes_a_season_on_a_phone_and_its_table_reads_there",
    ),
    (
        "Browser test: sign up, confirm, claim guest results; reset a password (Chromium)",
        "tests.browser.test_browser_accounts",
        "test_a_player_signs_up_confirms_and_claims_their_guest_results_on_a_phone",
    ),
    (
        "Browser test: an owner reads the audit log on a phone, in Italian too (Chromium)",
        "tests.browser.test_browser_audit_log",
        "test_an_owner_reads_the_audit_log_on_a_phone",
    ),
    (
        "Browser test: a tournament set up with no JSON on a phone, a player enters (Chromium)",
        "tests.browser.test_browser_setup",
        "test_a_director_sets_up_on_a_phone_and_a_player_enters",
    ),
    (
        "Lockouts counted across processes (Redis)",
        "tests.accounts.test_lockouts_redis",
        None,
    ),
    (
        "Browser test: the pages live with the Content-Security-Policy (Chromium)",
        "tests.browser.test_browser_csp",
        None,  # every test of the module must pass
    ),
    (
        "Translations: every marked string is in the catalogues (makemessages, xgettext)",
        "tests.i18n.test_i18n_extraction",
        None,  # parametrised (one case per language and domain): every case must pass
    ),
]


# The worst outcome wins when one test has more than one <testcase> (a test that
# passed and then failed in its teardown is reported twice, under one name).
RANK = {"passed": 0, "skipped": 1, "failure": 2, "error": 3}


def outcomes(path: str) -> list[tuple[str, str, str]]:
    """Every <testcase> of the report as (classname, name, outcome), none merged:
    parametrised cases keep their ids (``test_x[Scopa]``) in ``name``."""
    found = []
    for case in ET.parse(path).getroot().iter("testcase"):
        outcome = "passed"
        for tag in ("skipped", "failure", "error"):
            if case.find(tag) is not None:
                outcome = tag
        found.append((case.get("classname", ""), case.get("name", ""), outcome))
    return found


def main(path: str) -> int:
    cases = outcomes(path)
    results: dict[tuple[str, str], str] = {}
    for cls, name, outcome in cases:
        previous = results.get((cls, name), "passed")
        results[(cls, name)] = max(previous, outcome, key=RANK.__getitem__)

    problems = []
    for what, module, must_have in REQUIRED:
        ran = {name: outcome for (cls, name), outcome in results.items() if cls == module}
        if not ran:
            problems.append(f"{what}: none in the report ({module})")
        if must_have and must_have not in ran:
            problems.append(f"{what}: {must_have} is not in the report")
        for name, outcome in sorted(ran.items()):
            if outcome != "passed":
                problems.append(f"{what}: {module}::{name} {outcome}")
        passed = sum(outcome == "passed" for outcome in ran.values())
        print(f"ci: {what}: {passed} of {len(ran)} passed")

    for problem in problems:
        print(f"ci: FAIL {problem}", file=sys.stderr)
    # The whole run in one closing line, every <testcase> counted (as pytest counts
    # them; errors count as failures).
    counts = {tag: sum(c[2] == tag for c in cases) for tag in RANK}
    failed = counts["failure"] + counts["error"]
    print(f"tests: {counts['passed']} passed, {failed} failed, {counts['skipped']} skipped")
    return 1 if problems or failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
