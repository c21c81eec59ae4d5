"""``{{ value|minus }}``: a number with the true minus sign (U+2212) when it is negative.

The one way pages write a negative score or total (``scoring.models.shown``), so a
hand's "−110" and a running total of −110 look the same; load it with
``{% load numbers %}``.
"""

from django import template

from scoring.models import shown

register = template.Library()


@register.filter
def minus(value: object) -> str:
    return shown(value)
