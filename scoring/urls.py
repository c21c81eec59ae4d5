"""Score pads for the trick-taking games (Rook for Two, partnership Rook)."""

from django.urls import path

app_name = "scoring"

urlpatterns: list = []
