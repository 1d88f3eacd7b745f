"""URLs of the club pages (``clubs:``): the list, a new club, a club's page, its
management (members, guests and their claim codes, teams) and its audit log. Included
at the site root by tavolo/urls.py."""

from django.urls import path

from tournaments.web import audit_pages, claims, clubs

app_name = "clubs"

C = "clubs/<slug:slug>/"

urlpatterns = [
    path("clubs/", clubs.club_list, name="list"),
    path("clubs/new", clubs.club_new, name="new"),
    path(C, clubs.club_page, name="page"),
    path(C + "manage/", clubs.club_manage, name="manage"),
    path(C + "manage/<str:action>", clubs.club_manage_action, name="manage-do"),
    path(C + "manage/guests/<int:player_id>/claim-code", claims.issue_code, name="claim-code"),
    path(C + "audit/", audit_pages.audit_log, name="audit"),
    path(C + "audit.csv", audit_pages.audit_csv, name="audit-csv"),
]
