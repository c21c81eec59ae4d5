"""Roles: who besides the host may do what for a club, or for one of its nights.

A club is a host's account (the owner of its events, people and seasons). A host
gives another account a role (co-host, desk, scorer, viewer) for the whole club or
for one night. What each role may do is a Django group holding the night
permissions on Event (``tourney.view_night`` ... ``run_night``), so a site admin
can read, and adjust, what a role grants in the admin. Each permission names one
of host_event's needs (tourney.views.common.NEEDS); "own" is no permission: only
the club's host deletes and manages the team.

Everything here reads the database afresh on each request, so a revoked role is
refused on the helper's very next request.
"""

from __future__ import annotations

from django.contrib.auth.models import Group, Permission
from django.contrib.contenttypes.models import ContentType
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from tourney.models import Event, Role, display_name, has_club
from tourney.services.activity import Actor, record_role

# Least to most; a role grants its own need and every one before it.
NEEDS = ("view", "score", "desk", "run", "own")

GROUPS = {
    Role.Level.RUN: "Co-host",
    Role.Level.DESK: "Desk",
    Role.Level.SCORE: "Scorer",
    Role.Level.VIEW: "Viewer",
}

# Who may do a need, as a refusal names them.
WHO = {
    "view": "anyone on the team",
    "score": "a scorer, the desk, a co-host or the host",
    "desk": "the desk, a co-host or the host",
    "run": "a co-host or the host",
    "own": "the host",
}
WHAT = {
    "view": "seeing this night",
    "score": "entering and correcting scores",
    "desk": "checking players in, settling disputes and printing cards",
    "run": "seating, rounds, house rules and the club's people and seasons",
    "own": "deleting and managing the team",
}

# What each role may do, as the invite and the team page say it.
WHAT_ROLE = {
    Role.Level.RUN: "everything the host does except deleting nights, seasons and people, "
    "and managing the team",
    Role.Level.DESK: "check players in and out, enter and correct any table's scores, "
    "settle disputes and print cards (no seating changes, no house rules)",
    Role.Level.SCORE: "enter and correct scores",
    Role.Level.VIEW: "see the round monitor, the master sheet and the standings",
}


def permissions_for(level: str) -> list[str]:
    """The night permissions a role's group starts with: its need and all below it."""
    return [f"{need}_night" for need in NEEDS[: NEEDS.index(level) + 1]]


def ensure_groups(**kwargs) -> None:
    """Make the role groups (after every migrate, and before a grant). A group that
    exists keeps the permissions it has: a site admin may have changed them."""
    content_type = ContentType.objects.get_for_model(Event)
    for level, name in GROUPS.items():
        group, made = Group.objects.get_or_create(name=name)
        if made:
            group.permissions.set(
                Permission.objects.filter(
                    content_type=content_type, codename__in=permissions_for(level)
                )
            )


def _night_needs(levels: set[str]) -> set[str]:
    if not levels:
        return set()
    codenames = Permission.objects.filter(
        group__name__in=[GROUPS[level] for level in levels],
        content_type__app_label="tourney",
        codename__endswith="_night",
    ).values_list("codename", flat=True)
    return {codename.removesuffix("_night") for codename in codenames} - {"own"}


def granted(user, club_id: int, event_id: int | None = None) -> set[str]:
    """The needs ``user`` may do for the club (``event_id`` None: its club-wide pages)
    or one of its nights: every need for the host, none for a stranger."""
    if not user.is_authenticated or not user.is_active:
        return set()
    if user.pk == club_id:
        return set(NEEDS)
    cache = user.__dict__.setdefault("_rookery_grants", {})
    key = (club_id, event_id)
    if key not in cache:
        scope = Q(event__isnull=True) | Q(event_id=event_id) if event_id else Q(event__isnull=True)
        levels = set(
            Role.objects.filter(
                scope, user=user, club_id=club_id, revoked_at__isnull=True
            ).values_list("level", flat=True)
        )
        cache[key] = _night_needs(levels)
    return cache[key]


def taken_back(user, club_id: int, event_id: int | None = None) -> str | None:
    """Why someone with no role here has none, when it was theirs and was taken back:
    they knew the night, so they are told, not shown a "no such night" page."""
    if not getattr(user, "is_authenticated", False):
        return None
    role = (
        Role.objects.filter(club_id=club_id, user=user, revoked_at__isnull=False)
        .filter(Q(event__isnull=True) | Q(event_id=event_id))
        .select_related("revoked_by", "event", "club")
        .order_by("-revoked_at")
        .first()
    )
    if role is None:
        return None
    scope = (
        f"{role.event.name}, {role.event.date:%-d %b %Y}"
        if role.event_id
        else f"{role.club.get_username()}'s club"
    )
    by = display_name(role.revoked_by) if role.revoked_by else "the host"
    when = timezone.localtime(role.revoked_at).strftime("%-d %b at %H:%M")
    return (
        f"Your role ({role.get_level_display().lower()}) for {scope} was taken back by {by} "
        f"on {when}. Ask the host if that's a mistake."
    )


def level_name(needs: set[str]) -> str:
    """The role these needs make, as the team page names it."""
    if "own" in needs:
        return "Host"
    for level in (Role.Level.RUN, Role.Level.DESK, Role.Level.SCORE, Role.Level.VIEW):
        if level.value in needs:
            return level.label
    return ""


def refusal(need: str, needs: set[str]) -> str:
    return (
        f"You help here as {level_name(needs) or 'a helper'}: "
        f"{WHAT[need]} {'is' if need in ('view', 'score') else 'are'} for {WHO[need]}. "
        "Ask the host if you need it."
    )


def clubs_helped(user):
    """The clubs (host accounts) ``user`` has a live club-wide role for."""
    from django.contrib.auth import get_user_model

    return (
        get_user_model()
        .objects.filter(
            club_roles__user=user,
            club_roles__revoked_at__isnull=True,
            club_roles__event__isnull=True,
        )
        .distinct()
        .order_by("username")
    )


def home_club(user):
    """The club whose people and seasons ``user`` sees unless they pick another: their
    own; for a helper (no club of their own), the first club they help at, else None."""
    if has_club(user):
        return user
    return clubs_helped(user).first()


def nights_helped(user):
    """The nights ``user`` helps at: a live night role, or a club-wide one."""
    live = Role.objects.filter(user=user, revoked_at__isnull=True)
    return (
        Event.objects.filter(
            Q(pk__in=live.filter(event__isnull=False).values("event"))
            | Q(owner__in=live.filter(event__isnull=True).values("club"))
        )
        .select_related("owner")
        .order_by("-date", "-created_at")
    )


@transaction.atomic
def grant(*, club, user, level: str, event=None, by) -> Role:
    """Give ``user`` a role; a live role of theirs in the same scope is replaced
    (revoked by the same hand) so there is only ever one."""
    if event is not None and event.owner_id != club.pk:
        raise ValueError(f"{event} is not a night of {club}'s club")
    ensure_groups()
    now = timezone.now()
    replaced = list(
        Role.objects.select_for_update().filter(
            club=club, user=user, event=event, revoked_at__isnull=True
        )
    )
    Role.objects.filter(pk__in=[r.pk for r in replaced]).update(revoked_at=now, revoked_by=by)
    for old in replaced:
        _record(old, by=by, given=False)
    role = Role.objects.create(
        club=club, user=user, event=event, level=level, granted_by=by, granted_at=now
    )
    _record(role, by=by, given=True)
    return role


@transaction.atomic
def revoke(role: Role, *, by) -> bool:
    """Take a role back at once; False when it was already revoked (nothing recorded)."""
    changed = Role.objects.filter(pk=role.pk, revoked_at__isnull=True).update(
        revoked_at=timezone.now(), revoked_by=by
    )
    if changed:
        _record(role, by=by, given=False)
    return bool(changed)


def _record(role: Role, *, by, given: bool) -> None:
    """The role given or taken, in the activity log: the night's, or the club's."""
    record_role(
        club=role.club,
        by=Actor.account(by),
        who=display_name(role.user),
        role=role.get_level_display(),
        given=given,
        event=role.event,
    )
