"""Invites: a one-time link, shown as a QR code on the host's Team page, that gives
whoever accepts it a role (tourney.accounts.roles).

Like a sign-in link (signin_links): only a hash of the secret is stored, the link
opens a page with one button, and only that button's POST uses it up, so a phone's
link preview can't spend it. Someone not signed in gives a name and gets an account
of their own (no password: they may set one to come back, see ``password_set``), marked
as a helper's: it has no club of its own (tourney.models.HelperAccount) until they start
one (``start_own_club``).
"""

from __future__ import annotations

import unicodedata

from django import forms
from django.contrib import messages
from django.contrib.auth import get_user_model, login, update_session_auth_hash
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import SetPasswordForm
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.text import slugify
from django.views.decorators.http import require_http_methods

from tourney.accounts import roles
from tourney.accounts.signin_links import digest, new_secret
from tourney.models import HelperAccount, Invite

BACKEND = "django.contrib.auth.backends.ModelBackend"
LANDING = "rookery.invite-landing"  # session: where a newly invited helper goes next


def issue(*, club, level: str, event=None, by) -> tuple[Invite, str]:
    """A new invite and its secret (the only time the secret is known)."""
    if event is not None and event.owner_id != club.pk:
        raise ValueError(f"{event} is not a night of {club}'s club")
    secret, hashed = new_secret()
    invite = Invite.objects.create(
        club=club, event=event, level=level, digest=hashed, created_by=by
    )
    return invite, secret


class NameForm(forms.Form):
    name = forms.CharField(
        label="Your name",
        max_length=60,
        help_text="The host and the team see this name.",
        widget=forms.TextInput(attrs={"autocomplete": "name", "autocapitalize": "words"}),
    )

    def clean_name(self) -> str:
        name = " ".join(self.cleaned_data["name"].split())
        if any(unicodedata.category(ch).startswith("C") for ch in name):
            raise forms.ValidationError("Type your name with letters only, no control characters.")
        if not any(ch.isalnum() for ch in name):
            raise forms.ValidationError("Type your name, for example “Ann Whitaker”.")
        return name


def free_username(name: str) -> str:
    """A sign-in name made from the name given: "Ann Whitaker" is ann-whitaker, or
    ann-whitaker-2 when that is taken."""
    users = get_user_model().objects
    base = slugify(name)[:30].strip("-") or "helper"
    username, n = base, 2
    while users.filter(username__iexact=username).exists():
        username, n = f"{base}-{n}", n + 1
    return username


def _landing(invite: Invite) -> str:
    return invite.event.get_absolute_url() if invite.event_id else reverse("host_home")


def _spent(request: HttpRequest, invite: Invite | None) -> HttpResponse:
    if invite is None or invite.used_at:
        why = "It has been used already: each invite lets one person in, once."
    elif invite.revoked_at:
        why = "The host cancelled it."
    else:
        why = "It is more than 48 hours old."
    return render(request, "registration/invite.html", {"spent": why}, status=410)


@require_http_methods(["GET", "POST"])
def invite_accept(request: HttpRequest, secret: str) -> HttpResponse:
    """GET shows what the invite is for and one button; the POST accepts it."""
    signed_in = request.user.is_authenticated
    form = NameForm(request.POST if request.method == "POST" and not signed_in else None)
    with transaction.atomic():
        invite = (
            Invite.objects.select_for_update(of=("self",))
            .select_related("club", "event", "created_by")
            .filter(digest=digest(secret))
            .first()
        )
        if invite is None or not invite.usable or not invite.club.is_active:
            return _spent(request, invite)
        own = signed_in and request.user.pk == invite.club_id
        if request.method == "POST" and not own and (signed_in or form.is_valid()):
            user = request.user if signed_in else _new_helper(form.cleaned_data["name"])
            roles.grant(
                club=invite.club,
                user=user,
                level=invite.level,
                event=invite.event,
                by=invite.created_by,
            )
            invite.used_at, invite.used_by = timezone.now(), user
            invite.save(update_fields=["used_at", "used_by"])
            if not signed_in:
                login(request, user, backend=BACKEND)
            scope = (
                f"{invite.event.name}, {invite.event.date:%-d %b %Y}"
                if invite.event_id
                else f"{invite.club}'s club"
            )
            messages.success(
                request, f"You're on the team: {invite.get_level_display()} for {scope}."
            )
            if user.has_usable_password():
                return redirect(_landing(invite))
            request.session[LANDING] = _landing(invite)
            return redirect("password_set")
    return render(
        request,
        "registration/invite.html",
        {
            "invite": invite,
            "form": form,
            "own": own,
            "what": roles.WHAT_ROLE[invite.level],
            "action": request.path,
        },
        status=422 if form.errors else 200,
    )


def _new_helper(name: str):
    """A helper's account: no password yet, and no club of its own (HelperAccount)."""
    user = get_user_model()(username=free_username(name), first_name=name[:150])
    user.set_unusable_password()
    user.save()
    HelperAccount.objects.create(user=user)
    return user


@transaction.atomic
def start_own_club(*, user) -> bool:
    """Give a helper's account a club of its own, as a host's (New event, Team, a club
    name): the helper mark is taken off and the account marked a host's (``is_staff``,
    as joining by a host invite does). Their roles at other clubs stay as they are.
    False when the account had a club already (a host, or a second tap): nothing changes.
    """
    removed, _ = HelperAccount.objects.filter(user=user).delete()
    user.__dict__.pop("_rookery_has_club", None)  # has_club's answer for this request
    if not removed:
        return False
    get_user_model().objects.filter(pk=user.pk).update(is_staff=True)
    user.is_staff = True
    return True


@login_required
@require_http_methods(["GET", "POST"])
def password_set(request: HttpRequest) -> HttpResponse:
    """An invited helper's first password, so they can sign in again another night.
    Only for an account without one (changing a password asks for the old one)."""
    landing = request.session.get(LANDING) or reverse("host_home")
    if request.user.has_usable_password():
        return redirect(landing)
    form = SetPasswordForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        update_session_auth_hash(request, user)
        request.session.pop(LANDING, None)
        messages.success(request, f"Password set: sign in as {user.get_username()} next time.")
        return redirect(landing)
    return render(
        request,
        "registration/password_set.html",
        {"form": form, "landing": landing},
        status=422 if form.errors else 200,
    )
