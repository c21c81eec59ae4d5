"""``{{ value|minus }}``: a number with the true minus sign (U+2212) when it is negative.

The one way pages write a negative score or total (``scoring.models.shown``), so a
hand's change and a negative running total use the same sign; load it with
``{% load numbers %}``.
"""

from django import template

from scoring.models import shown

register = template.Library()


@register.filter
def minus(value: object) -> str:
    return shown(value)
