"""Root URLconf: the host's pages, the players' table pages, auth and admin."""

from django.contrib import admin
from django.contrib.auth import views as auth_views
from django.urls import include, path

import tourney.converters  # noqa: F401  (registers <export_format:...>)
from tourney import health, signin_links, table_views, views

event = "events/<str:slug>/"
rnd = event + "rounds/<int:number>/"

urlpatterns = [
    path("", views.home, name="home"),
    path("host/", views.host_home, name="host_home"),
    path("events/new/", views.event_create, name="event_create"),
    path("games/new/", views.table_game_create, name="table_game_create"),
    path("sheets/", views.blank_sheet, name="blank_sheet"),
    path(event, views.event_detail, name="event_detail"),
    path(event + "edit/", views.event_edit, name="event_edit"),
    path(event + "delete/", views.event_delete, name="event_delete"),
    path(event + "players/", views.player_list, name="player_list"),
    path(event + "players/<int:pk>/status/", views.player_status, name="player_status"),
    path(event + "players/<int:pk>/rename/", views.player_rename, name="player_rename"),
    path(event + "rounds/next/", views.round_seat_next, name="round_seat_next"),
    path(event + "rounds/plan/", views.round_plan_night, name="round_plan_night"),
    path(event + "movement/", views.movement_cards, name="movement_cards"),
    path(event + "sheet/", views.master_sheet, name="master_sheet"),
    path(event + "standings/", views.standings, name="standings"),
    path(event + "projector/", views.projector, name="projector"),
    path(event + "players/<int:pk>/", views.player_detail, name="player_detail"),
    path(event + "sheet.<export_format:fmt>", views.export_sheet, name="export_sheet"),
    path(event + "standings.<export_format:fmt>", views.export_standings, name="export_standings"),
    path(event + "score-sheets.xlsx", views.export_score_sheets, name="export_score_sheets"),
    path(rnd, views.round_detail, name="round_detail"),
    path(rnd + "swap/", views.round_swap, name="round_swap"),
    path(rnd + "reseat/", views.round_reseat, name="round_reseat"),
    path(rnd + "begin/", views.round_begin, name="round_begin"),
    path(rnd + "close/", views.round_close, name="round_close"),
    path(rnd + "reopen/", views.round_reopen, name="round_reopen"),
    path(rnd + "chart/", views.seating_chart, name="seating_chart"),
    path(rnd + "print/", views.table_list, name="round_tables_print"),
    path(rnd + "tables/<int:table>/scores/", views.table_scores_host, name="table_scores_host"),
    path(rnd + "tables/<int:table>/history/", views.table_history, name="table_history"),
    path(rnd + "tables/<int:table>/restore/", views.table_restore, name="table_restore"),
    path(event + "cards/", views.table_cards, name="table_cards"),
    path(event + "cards/add/", views.table_card_add, name="table_card_add"),
    path("join", table_views.join, name="join"),
    path("join/", table_views.join, name="join_slash"),
    path(
        event + "cards/<int:number>/reissue/",
        views.table_card_reissue,
        name="table_card_reissue",
    ),
    path(event + "end/", views.event_end, name="event_end"),
    path("t/<str:token>/", table_views.table_page, name="table_page"),
    path("t/<str:token>/status/", table_views.table_status, name="table_status"),
    path("t/<str:token>/confirm/", table_views.table_confirm, name="table_confirm"),
    path("t/<str:token>/players/<int:pk>/", table_views.table_player, name="table_player"),
    path("accounts/login/", views.SignInView.as_view(), name="login"),
    path("accounts/link/<str:secret>/", signin_links.sign_in_link, name="sign_in_link"),
    path("health/", health.DatabaseHealth.as_view(), name="health"),
    path("health/live", health.live, name="health_live"),
    path("accounts/logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("pads/", include("scoring.urls")),
    path("admin/", admin.site.urls),
]
