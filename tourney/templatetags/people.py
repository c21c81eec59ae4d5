"""Template filters for naming accounts: ``{{ role.user|display_name }}``, the same
name tourney.models.display_name gives the activity log and messages."""

from __future__ import annotations

from django import template

from tourney.models import display_name as _display_name

register = template.Library()


@register.filter
def display_name(user) -> str:
    """An account's name as people see it; empty for no account (``|default:`` then)."""
    return _display_name(user) if user is not None else ""
