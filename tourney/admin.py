"""The back office (superusers only, see admin_site): every model of a game night."""

from django.contrib import admin
from django.db.models import Count
from django.urls import reverse
from django.utils.html import format_html

from tourney.models import (
    Activity,
    Entry,
    Event,
    GameTable,
    HelperAccount,
    Invite,
    Person,
    Player,
    Role,
    Round,
    Score,
    Season,
    Seat,
    TableCard,
)


class RoundInline(admin.TabularInline):
    model = Round
    extra = 0
    fields = ["number", "status", "started_at", "closed_at"]
    readonly_fields = ["started_at", "closed_at"]
    show_change_link = True


@admin.register(Event)
class EventAdmin(admin.ModelAdmin):
    list_display = ["name", "date", "game_slug", "kind", "owner", "rounds_planned"]
    list_filter = ["game_slug", "kind", "date"]
    search_fields = ["name", "place", "slug"]
    date_hierarchy = "date"
    # Players are a link to their own (paginated) list, not an inline: an inline posts
    # four fields a player, and a 300-player event went past Django's 1,000-field cap
    # (DATA_UPLOAD_MAX_NUMBER_FIELDS), so the event could not be saved here at all.
    readonly_fields = ["players"]
    inlines = [RoundInline]

    @admin.display(description="players")
    def players(self, event):
        if event.pk is None:
            return "Add players once the event is saved."
        url = reverse("admin:tourney_player_changelist") + f"?event__id__exact={event.pk}"
        count = event.players.count()
        return format_html('<a href="{}">{} player{}</a>', url, count, "" if count == 1 else "s")


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    list_display = ["name", "event", "status"]
    list_filter = ["status", "event"]
    search_fields = ["name", "event__name"]
    list_select_related = ["event"]


class GameTableInline(admin.TabularInline):
    model = GameTable
    extra = 0
    show_change_link = True


@admin.register(Round)
class RoundAdmin(admin.ModelAdmin):
    list_display = ["__str__", "event", "status", "started_at", "closed_at"]
    list_filter = ["status", "event"]
    list_select_related = ["event"]
    inlines = [GameTableInline]


class SeatInline(admin.TabularInline):
    model = Seat
    extra = 0
    fields = ["position", "player"]
    raw_id_fields = ["player"]


@admin.register(GameTable)
class GameTableAdmin(admin.ModelAdmin):
    list_display = ["__str__", "round", "event_name"]
    list_select_related = ["round__event"]
    inlines = [SeatInline]

    @admin.display(description="event")
    def event_name(self, obj):
        return obj.round.event.name


@admin.register(Seat)
class SeatAdmin(admin.ModelAdmin):
    list_display = ["player", "round", "table", "position"]
    list_select_related = ["player", "round__event", "table"]
    raw_id_fields = ["player", "table", "round"]


@admin.register(TableCard)
class TableCardAdmin(admin.ModelAdmin):
    list_display = ["event", "number"]
    readonly_fields = ["token"]


class ScoreInline(admin.TabularInline):
    model = Score
    extra = 0
    fields = ["player", "points", "played", "buys"]
    raw_id_fields = ["player"]


@admin.register(Entry)
class EntryAdmin(admin.ModelAdmin):
    """Corrections belong in a new version (the host's score form); edits here are for repairs."""

    list_display = ["__str__", "state", "source", "entered_by", "created_at", "confirmed_by"]
    list_filter = ["state", "source", "round__event"]
    list_select_related = ["round__event", "table"]
    readonly_fields = ["created_at", "idempotency_key"]
    inlines = [ScoreInline]


@admin.register(Activity)
class ActivityAdmin(admin.ModelAdmin):
    """The night's log is written by the workflows only: read here, never edited."""

    list_display = ["at", "event", "action", "author", "detail"]
    list_filter = ["action", "event"]
    list_select_related = ["event"]

    def has_add_permission(self, request) -> bool:
        return False

    def has_change_permission(self, request, obj=None) -> bool:
        return False


@admin.register(Score)
class ScoreAdmin(admin.ModelAdmin):
    list_display = ["player", "points", "played", "entry"]
    list_select_related = ["player", "entry__round", "entry__table"]
    raw_id_fields = ["player", "entry"]


@admin.register(Person)
class PersonAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "nights", "email"]
    search_fields = ["name", "key", "email"]
    list_filter = ["owner"]
    readonly_fields = ["key"]

    def get_queryset(self, request):
        return super().get_queryset(request).annotate(player_count=Count("players"))

    @admin.display(description="nights", ordering="player_count")
    def nights(self, person):
        return person.player_count


@admin.register(Season)
class SeasonAdmin(admin.ModelAdmin):
    list_display = ["name", "owner", "method", "created_at"]
    list_filter = ["method", "owner"]
    search_fields = ["name", "slug"]


@admin.register(Role)
class RoleAdmin(admin.ModelAdmin):
    """Who helps which club: given and taken back on the host's Team page; here to read."""

    list_display = ["user", "level", "club", "event", "granted_by", "granted_at", "revoked_at"]
    list_filter = ["level"]
    search_fields = ["user__username", "club__username"]
    raw_id_fields = ["club", "user", "event", "granted_by", "revoked_by"]


@admin.register(Invite)
class InviteAdmin(admin.ModelAdmin):
    list_display = ["club", "level", "event", "created_at", "used_at", "used_by", "revoked_at"]
    raw_id_fields = ["club", "event", "created_by", "used_by"]
    exclude = ["digest"]


@admin.register(HelperAccount)
class HelperAccountAdmin(admin.ModelAdmin):
    """Accounts made by accepting a team invite, with no club of their own: delete the
    row to make one a host's (New event, Team and a club's name appear)."""

    list_display = ["user", "created_at"]
    search_fields = ["user__username", "user__first_name"]
    raw_id_fields = ["user"]
