"""``{% once_field %}``: the hidden one-time token a create form carries."""

import secrets

from django import template
from django.utils.html import format_html

from scoring.once import FIELD

register = template.Library()


@register.simple_tag
def once_field() -> str:
    return format_html(
        '<input type="hidden" name="{}" value="{}">', FIELD, secrets.token_urlsafe(18)
    )
