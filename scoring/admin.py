"""The score pads in the admin: every game with its sides, players and every hand version.

Hand versions are read-only here: a hand is corrected on the pad's pages, where
the rules check it, so the admin can never save a score the rules refused.
"""

from django.contrib import admin

from scoring.models import Hand, HandScore, Pad, PadPlayer, PadSide


class PadSideInline(admin.TabularInline):
    model = PadSide
    extra = 0
    fields = ["number", "name"]


class PadPlayerInline(admin.TabularInline):
    model = PadPlayer
    extra = 0
    fields = ["seat", "name", "side"]


@admin.register(Pad)
class PadAdmin(admin.ModelAdmin):
    list_display = ["name", "game_slug", "target", "status", "owner", "created_at"]
    list_filter = ["game_slug", "status"]
    search_fields = ["name", "players__name", "owner__username"]
    readonly_fields = ["created_at", "finished_at"]
    date_hierarchy = "created_at"
    inlines = [PadSideInline, PadPlayerInline]


class HandScoreInline(admin.TabularInline):
    model = HandScore
    extra = 0
    fields = ["side", "points", "tricks", "count"]
    readonly_fields = fields
    can_delete = False

    def has_add_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Hand)
class HandAdmin(admin.ModelAdmin):
    list_display = [
        "pad",
        "number",
        "version",
        "state",
        "action",
        "bidder",
        "bid",
        "entered_by",
        "created_at",
    ]
    list_filter = ["state", "action", "pad__game_slug"]
    search_fields = ["pad__name", "entered_by"]
    list_select_related = ["pad", "bidder"]
    inlines = [HandScoreInline]
    readonly_fields = [
        "pad",
        "number",
        "version",
        "state",
        "action",
        "bidder",
        "bid",
        "trump",
        "partner",
        "taken",
        "other_taken",
        "all_tricks",
        "entered_by",
        "entered_by_user",
        "created_at",
    ]

    def has_add_permission(self, request) -> bool:
        return False
