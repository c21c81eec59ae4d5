"""The host's Team page: invite helpers by QR code, see who has which role, revoke;
the club switcher for an account that helps at other clubs; and a helper's "Start a
club of my own"."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.views.decorators.http import require_http_methods, require_POST

from tourney.accounts import roles, team_invites
from tourney.models import Event, Invite, Role, display_name
from tourney.night.links import absolute_url, phones_cannot_open, qr_svg
from tourney.views.common import CLUB, as_pk, own_club

SHOWN = "rookery.new-invites"  # session: invite pk -> secret, while its QR code is shown


class InviteForm(forms.Form):
    level = forms.ChoiceField(
        label="Role",
        choices=[(level.value, level.label) for level in Role.Level],
        initial=Role.Level.DESK,
        widget=forms.RadioSelect,
    )
    night = forms.ChoiceField(label="For", required=False)

    def __init__(self, *args, club, **kwargs):
        super().__init__(*args, **kwargs)
        self.nights = {
            e.slug: e for e in Event.objects.filter(owner=club, kind=Event.Kind.TOURNAMENT)[:30]
        }
        self.fields["night"].choices = [("", "Every night of the club")] + [
            (slug, f"{e.name}, {e.date:%-d %b %Y} only") for slug, e in self.nights.items()
        ]

    def clean_night(self) -> Event | None:
        slug = self.cleaned_data["night"]
        if slug and slug not in self.nights:
            raise forms.ValidationError("That night isn't one of your club's: pick another.")
        return self.nights.get(slug)


def _shown_invites(request: HttpRequest, club) -> list[dict]:
    """The invites made in this session that nobody has used yet, with their QR codes."""
    secrets = request.session.get(SHOWN, {})
    made = Invite.objects.filter(pk__in=[int(pk) for pk in secrets], club=club)
    live = {str(i.pk): i for i in made.select_related("event") if i.usable}
    request.session[SHOWN] = {pk: s for pk, s in secrets.items() if pk in live}
    shown = []
    for pk, invite in live.items():
        url = absolute_url(request, reverse("invite_accept", args=[secrets[pk]]))
        svg = qr_svg(url, scale=5)
        shown.append({"invite": invite, "url": url, "svg": svg})
    return shown


@login_required
@require_http_methods(["GET", "POST"])
def team(request: HttpRequest) -> HttpResponse:
    """Only a club's host manages its team ("own"), so this is always the signed-in
    account's own club, whichever club's pages they are looking at (a helper's account
    has none: 403)."""
    club = own_club(request)
    form = InviteForm(
        request.POST or None, club=club, initial={"night": request.GET.get("night", "")}
    )
    if request.method == "POST" and form.is_valid():
        invite, secret = team_invites.issue(
            club=club, level=form.cleaned_data["level"], event=form.cleaned_data["night"], by=club
        )
        request.session[SHOWN] = {**request.session.get(SHOWN, {}), str(invite.pk): secret}
        messages.success(
            request,
            f"Invite made: let your {invite.get_level_display().lower()} scan the code below.",
        )
        return redirect(reverse("team") + "#new-invites")
    club_roles = Role.objects.filter(club=club).select_related(
        "user", "event", "granted_by", "revoked_by"
    )
    return render(
        request,
        "tourney/team.html",
        {
            "form": form,
            "shown": _shown_invites(request, club),
            "live": [r for r in club_roles if r.revoked_at is None],
            "past": [r for r in club_roles if r.revoked_at is not None][:20],
            "open_invites": [
                i
                for i in Invite.objects.filter(
                    club=club, used_at=None, revoked_at=None
                ).select_related("event")
                if not i.expired
            ],
            "what": roles.WHAT_ROLE,
            "loopback": phones_cannot_open(request),
        },
        status=422 if form.errors else 200,
    )


@login_required
@require_POST
def role_revoke(request: HttpRequest, pk: int) -> HttpResponse:
    role = get_object_or_404(Role.objects.select_related("user", "event"), pk=pk, club=request.user)
    if roles.revoke(role, by=request.user):
        who = display_name(role.user)
        scope = f"{role.event.name}, {role.event.date:%-d %b %Y}" if role.event_id else "the club"
        messages.success(
            request,
            f"{who} is no longer {role.get_level_display().lower()} for {scope}: "
            "refused from their next tap.",
        )
    else:
        messages.info(request, "That role had already been taken back.")
    return redirect("team")


@login_required
@require_POST
def invite_cancel(request: HttpRequest, pk: int) -> HttpResponse:
    invite = get_object_or_404(Invite, pk=pk, club=request.user)
    changed = Invite.objects.filter(pk=invite.pk, used_at=None, revoked_at=None).update(
        revoked_at=timezone.now()
    )
    if changed:
        messages.success(request, "Invite cancelled: its QR code no longer works.")
    else:
        messages.info(request, "That invite was already used or cancelled.")
    return redirect("team")


@login_required
@require_POST
def club_switch(request: HttpRequest) -> HttpResponse:
    """Show another club's people and seasons (one this account helps at), or its own."""
    wanted = request.POST.get("club", "")
    own = str(request.user.pk)
    if wanted in ("", own):
        request.session.pop(CLUB, None)
        messages.success(request, "Showing your own club's people and seasons.")
        return redirect("host_home")
    club = get_user_model().objects.filter(pk=as_pk(wanted)).first()
    if club is None or not roles.granted(request.user, club.pk):
        raise PermissionDenied("You don't help at that club (any more).")
    request.session[CLUB] = club.pk
    messages.success(request, f"Showing {club.get_username()}'s club's people and seasons.")
    return redirect("host_home")


@login_required
@require_POST
def club_start(request: HttpRequest) -> HttpResponse:
    """A helper's account (no club of its own) becomes a host's, keeping its roles
    elsewhere; home then offers New event. An account with a club already (a host, a
    second tap) changes nothing and is sent home without a word."""
    if team_invites.start_own_club(user=request.user):
        request.session.pop(CLUB, None)  # Players and Seasons: the new club's own
        messages.success(
            request,
            "Your club is ready: New event starts its first night, and your roles at "
            "other clubs' nights stay as they were. Name your club on the Account page.",
        )
    return redirect("host_home")
