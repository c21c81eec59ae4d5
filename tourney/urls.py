"""Root URLconf: the host's pages, the players' table pages, auth and admin."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

import scoring.converters  # noqa: F401  (registers <export_format:...>)
from tourney.accounts import signin_links
from tourney.server import health
from tourney.views import (
    cards,
    events,
    person,
    players,
    roster,
    rounds,
    seasons,
    seating,
    sheets,
    table,
)

event = "events/<str:slug>/"
rnd = event + "rounds/<int:number>/"

urlpatterns = [
    path("", events.home, name="home"),
    path("host/", events.host_home, name="host_home"),
    path("events/new/", events.event_create, name="event_create"),
    path("games/new/", events.table_game_create, name="table_game_create"),
    path("sheets/", sheets.blank_sheet, name="blank_sheet"),
    path("people/", roster.roster, name="roster"),
    path("people/import/", roster.roster_import, name="roster_import"),
    path("people/export.<export_format:fmt>", roster.roster_export, name="roster_export"),
    path("people/<int:pk>/edit/", roster.person_edit, name="person_edit"),
    path("people/<int:pk>/merge/", roster.person_merge, name="person_merge"),
    path(event, events.event_detail, name="event_detail"),
    path(event + "edit/", events.event_edit, name="event_edit"),
    path(event + "delete/", events.event_delete, name="event_delete"),
    path(event + "players/", players.player_list, name="player_list"),
    path(event + "players/<int:pk>/status/", players.player_status, name="player_status"),
    path(event + "players/check-in/", players.player_check_in_all, name="player_check_in_all"),
    path(event + "players/<int:pk>/rename/", players.player_rename, name="player_rename"),
    path(event + "seating/", seating.event_seating, name="event_seating"),
    path(event + "seating/rules/", seating.seating_constraint_add, name="seating_constraint_add"),
    path(
        event + "seating/rules/<int:pk>/remove/",
        seating.seating_constraint_remove,
        name="seating_constraint_remove",
    ),
    path(event + "rounds/next/", rounds.round_seat_next, name="round_seat_next"),
    path(event + "rounds/plan/", rounds.round_plan_night, name="round_plan_night"),
    path(event + "movement/", cards.movement_cards, name="movement_cards"),
    path(event + "sheet/", sheets.master_sheet, name="master_sheet"),
    path(event + "standings/", sheets.standings, name="standings"),
    path(event + "projector/", sheets.projector, name="projector"),
    path(event + "players/<int:pk>/", players.player_detail, name="player_detail"),
    path(event + "sheet.<export_format:fmt>", sheets.export_sheet, name="export_sheet"),
    path(event + "standings.<export_format:fmt>", sheets.export_standings, name="export_standings"),
    path(event + "score-sheets.xlsx", sheets.export_score_sheets, name="export_score_sheets"),
    path(rnd, rounds.round_detail, name="round_detail"),
    path(rnd + "swap/", rounds.round_swap, name="round_swap"),
    path(rnd + "reseat/", rounds.round_reseat, name="round_reseat"),
    path(rnd + "begin/", rounds.round_begin, name="round_begin"),
    path(rnd + "close/", rounds.round_close, name="round_close"),
    path(rnd + "reopen/", rounds.round_reopen, name="round_reopen"),
    path(rnd + "chart/", cards.seating_chart, name="seating_chart"),
    path(rnd + "print/", cards.table_list, name="round_tables_print"),
    path(rnd + "tables/<int:table>/scores/", rounds.table_scores_host, name="table_scores_host"),
    path(rnd + "tables/<int:table>/history/", rounds.table_history, name="table_history"),
    path(rnd + "tables/<int:table>/restore/", rounds.table_restore, name="table_restore"),
    path(event + "cards/", cards.table_cards, name="table_cards"),
    path(event + "cards/add/", cards.table_card_add, name="table_card_add"),
    path("seasons/", seasons.season_list, name="season_list"),
    # No trailing slash: a season named "New" keeps "seasons/new/" for its own page.
    path("seasons/new", seasons.season_create, name="season_create"),
    path("seasons/<str:slug>/", seasons.season_detail, name="season_detail"),
    path("seasons/<str:slug>/edit/", seasons.season_edit, name="season_edit"),
    path("seasons/<str:slug>/delete/", seasons.season_delete, name="season_delete"),
    path("seasons/<str:slug>/nights/", seasons.season_event_add, name="season_event_add"),
    path(
        "seasons/<str:slug>/nights/<str:event_slug>/remove/",
        seasons.season_event_remove,
        name="season_event_remove",
    ),
    path("seasons/<str:slug>/projector/", seasons.season_projector, name="season_projector"),
    path("seasons/<str:slug>/standings.xlsx", seasons.season_export, name="season_export"),
    path("people/<int:pk>/", person.person_detail, name="person_detail"),
    path("join", table.join, name="join"),
    path("join/", table.join, name="join_slash"),
    path(
        event + "cards/<int:number>/reissue/",
        cards.table_card_reissue,
        name="table_card_reissue",
    ),
    path(event + "end/", events.event_end, name="event_end"),
    path(event + "reopen/", events.event_reopen, name="event_reopen"),
    path("t/<str:token>/", table.table_page, name="table_page"),
    path("t/<str:token>/status/", table.table_status, name="table_status"),
    path("t/<str:token>/confirm/", table.table_confirm, name="table_confirm"),
    path("t/<str:token>/players/<int:pk>/", table.table_player, name="table_player"),
    path("accounts/login/", events.SignInView.as_view(), name="login"),
    path("accounts/link/<str:secret>/", signin_links.sign_in_link, name="sign_in_link"),
    path("health/", health.DatabaseHealth.as_view(), name="health"),
    path("health/live", health.live, name="health_live"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("pads/", include("scoring.urls")),
    path("admin/", admin.site.urls),
]
