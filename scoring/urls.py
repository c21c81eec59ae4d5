"""Score pads for the trick-taking games (Rook for Two, partnership Rook), under /pads/."""

from django.urls import path

import scoring.converters  # noqa: F401  (registers <export_format:...>)
from scoring import views

app_name = "scoring"


pad = "<int:pk>/"

urlpatterns = [
    path("", views.pad_list, name="pad_list"),
    path("new/<slug:game>/", views.pad_start, name="pad_start"),
    path(pad, views.pad_detail, name="pad_detail"),
    path(pad + "board/", views.pad_board, name="pad_board"),
    path(pad + "sheet/", views.pad_sheet, name="pad_sheet"),
    path(pad + "hands/", views.hand_add, name="hand_add"),
    path(pad + "undo/", views.hand_undo, name="hand_undo"),
    path(pad + "hands/<int:number>/", views.hand_detail, name="hand_detail"),
    path(pad + "hands/<int:number>/correct/", views.hand_correct, name="hand_correct"),
    path(pad + "sheet.<export_format:fmt>", views.pad_export, name="pad_export"),
]
