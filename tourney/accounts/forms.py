"""The forms of a host's account: joining by invitation, the club's name, the password.

May import tourney.models, Django's auth and django-axes.
"""

from __future__ import annotations

from django import forms
from django.contrib.auth import authenticate, get_user_model
from django.contrib.auth.forms import PasswordChangeForm, UserCreationForm
from django.db import transaction

from tourney.models import HostAccount


class InviteForm(forms.Form):
    club_name = forms.CharField(
        label="Club name (the new host may change it)", max_length=80, required=False
    )


class JoinForm(UserCreationForm):
    """The new host's user name, club name, email (for a forgotten password) and password.

    UserCreationForm checks the name isn't taken (case ignored: sign-in limits count
    "Marge" and "marge" as one name) and runs the
    password validators of settings.AUTH_PASSWORD_VALIDATORS.
    """

    club_name = forms.CharField(label="Club name", max_length=80)
    email = forms.EmailField(
        label="Email (optional: for resetting a forgotten password)", required=False
    )

    class Meta(UserCreationForm.Meta):
        model = get_user_model()
        fields = ("username", "club_name", "email")

    @transaction.atomic
    def save(self, commit: bool = True):
        user = super().save(commit=False)
        # is_staff marks a host (see ensure_host); a host is never a superuser here.
        user.is_staff = True
        user.is_superuser = False
        user.save()
        HostAccount.objects.create(user=user, club_name=self.cleaned_data["club_name"].strip())
        return user


class AccountForm(forms.Form):
    club_name = forms.CharField(label="Club name", max_length=80)
    email = forms.EmailField(label="Email (for resetting a forgotten password)", required=False)

    def save(self, user) -> None:
        user.email = self.cleaned_data["email"]
        user.save(update_fields=["email"])
        if "club_name" not in self.cleaned_data:
            return  # a helper's account (no club of its own)
        HostAccount.objects.update_or_create(
            user=user, defaults={"club_name": self.cleaned_data["club_name"].strip()}
        )


class CountedPasswordChangeForm(PasswordChangeForm):
    """Django's password change, whose old-password check counts as a sign-in attempt.

    The old password is checked through ``authenticate()``, so django-axes counts a
    wrong one against the name and address as a failed sign-in does: a stolen
    session can't be used to guess the password behind it, and once locked the
    AxesMiddleware answers with the lockout page.
    """

    def __init__(self, user, *args, request=None, **kwargs):
        self.request = request
        super().__init__(user, *args, **kwargs)

    def clean_old_password(self):
        old = self.cleaned_data["old_password"]
        checked = authenticate(self.request, username=self.user.get_username(), password=old)
        if checked is None or checked.pk != self.user.pk:
            raise forms.ValidationError(
                self.error_messages["password_incorrect"], code="password_incorrect"
            )
        return old


class DeleteAccountForm(forms.Form):
    """Typing the club's name, so a stray tap can't delete a club."""

    club_name = forms.CharField(label="Type your club's name", max_length=200)

    def __init__(self, *args, expected: str, **kwargs):
        self.expected = expected
        super().__init__(*args, **kwargs)

    def clean_club_name(self):
        typed = self.cleaned_data["club_name"]
        if typed.strip() != self.expected:
            raise forms.ValidationError(
                f"That isn't your club's name: type “{self.expected}” exactly to delete it."
            )
        return typed
