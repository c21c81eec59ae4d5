"""A host's own account: the club's name, the password, a backup, and leaving; and
the site admin's Hosts page, where invites to new hosts are made."""

from __future__ import annotations

import json

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import get_user_model, logout
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse_lazy
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods

from tourney import services
from tourney.accounts.forms import (
    AccountForm,
    CountedPasswordChangeForm,
    DeleteAccountForm,
    InviteForm,
)
from tourney.accounts.invites import issue_invite
from tourney.club.club_backup import export_club
from tourney.models import HostInvite, club_name, has_club
from tourney.views.common import download


@login_required
@require_http_methods(["GET", "POST"])
def account(request: HttpRequest) -> HttpResponse:
    user = request.user
    form = AccountForm(
        request.POST or None, initial={"club_name": club_name(user), "email": user.email}
    )
    own_club = has_club(user)
    if not own_club:  # a helper's account names no club
        del form.fields["club_name"]
    if request.method == "POST" and form.is_valid():
        form.save(user)
        messages.success(request, "Saved.")
        return redirect("account")
    return render(
        request,
        "registration/account.html",
        {"form": form, "email_on": settings.ROOKERY_EMAIL, "own_club": own_club},
        status=422 if form.errors else 200,
    )


class PasswordChangeView(auth_views.PasswordChangeView):
    """Django's password change; wrong old passwords count as failed sign-ins (axes)."""

    form_class = CountedPasswordChangeForm
    template_name = "registration/password_change.html"
    success_url = reverse_lazy("account")

    def get_form_kwargs(self):
        return {**super().get_form_kwargs(), "request": self.request}

    def form_valid(self, form):
        messages.success(self.request, "Your password is changed.")
        return super().form_valid(form)

    def form_invalid(self, form):
        return self.render_to_response(self.get_context_data(form=form), status=422)


@login_required
@require_GET
def account_backup(request: HttpRequest) -> HttpResponse:
    """The whole club as one file, which ``manage.py import_club`` reads back."""
    body = json.dumps(export_club(request.user), ensure_ascii=False, indent=1)
    stamp = timezone.localdate().isoformat()
    return download(body, f"rookery-club-{stamp}.json", "application/json")


@login_required
@require_http_methods(["GET", "POST"])
def account_delete(request: HttpRequest) -> HttpResponse:
    name = club_name(request.user)
    form = DeleteAccountForm(request.POST or None, expected=name)
    if request.method == "POST" and form.is_valid():
        try:
            services.delete_host(user=request.user)
        except services.AccountError as error:
            form.add_error(None, str(error))
        else:
            logout(request)
            messages.success(request, f"“{name}” and everything in it are deleted.")
            return redirect("login")
    return render(
        request,
        "registration/account_delete.html",
        {"form": form, "club": name},
        status=422 if form.errors else 200,
    )


def _email_on(view):
    """Django's reset views, or a page saying to ask the site admin when no email is set up."""

    def wrapped(request, *args, **kwargs):
        if not settings.ROOKERY_EMAIL:
            return render(request, "registration/password_reset_off.html", status=404)
        return view(request, *args, **kwargs)

    return wrapped


password_reset = _email_on(
    auth_views.PasswordResetView.as_view(template_name="registration/password_reset.html")
)
password_reset_done = _email_on(
    auth_views.PasswordResetDoneView.as_view(template_name="registration/password_reset_sent.html")
)
password_reset_confirm = _email_on(
    auth_views.PasswordResetConfirmView.as_view(
        template_name="registration/password_reset_new.html"
    )
)
password_reset_complete = _email_on(
    auth_views.PasswordResetCompleteView.as_view(
        template_name="registration/password_reset_complete.html"
    )
)


@login_required
@require_http_methods(["GET", "POST"])
def host_invites(request: HttpRequest) -> HttpResponse:
    """The site admin's page: the hosts, and a one-time link for a new one."""
    if not request.user.is_superuser:
        raise Http404
    form = InviteForm(request.POST or None)
    link = None
    if request.method == "POST" and form.is_valid():
        link = issue_invite(
            made_by=request.user,
            club_name=form.cleaned_data["club_name"].strip(),
            base=settings.ROOKERY_URL or request.build_absolute_uri("/"),
        )
        form = InviteForm()
    hosts = (
        get_user_model()
        .objects.filter(is_staff=True)
        .select_related("host_account")
        .order_by("username")
    )
    invites = HostInvite.objects.select_related("made_by", "host")[:50]
    return render(
        request,
        "registration/host_invites.html",
        {"form": form, "link": link, "hosts": hosts, "invites": invites},
    )
