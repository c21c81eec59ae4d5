"""Form pieces both apps use: names as typed, scores and whole numbers as typed, house-rule
fields.

They live here, below the host's forms (`tourney.night.forms`) and the score pads'
(`scoring.forms`), so that `scoring` never imports from `tourney`.
"""

from __future__ import annotations

import unicodedata

from django import forms
from django.core.exceptions import ValidationError

from scoring import rules


def clean_name(raw: str) -> str:
    """Free text (any script, apostrophes, emoji), with the whitespace tidied and
    invisible characters dropped, so "\u200bAnn" can't pass for a second "Ann"."""
    visible = "".join(ch for ch in raw if unicodedata.category(ch) != "Cc" or ch.isspace())
    return unicodedata.normalize("NFC", " ".join(_drop_format_chars(visible).split()))


JOINERS = {"\u200c", "\u200d"}  # zero-width (non-)joiner: part of emoji and some scripts


def _drop_format_chars(text: str) -> str:
    """Drop Unicode format characters (zero-width space, BOM, bidi marks...): a
    joiner stays only between two non-Latin characters (👨‍👩‍👧, Persian), and an
    emoji flag's tag characters only after another symbol."""
    out: list[str] = []
    for i, ch in enumerate(text):
        if unicodedata.category(ch) != "Cf":
            out.append(ch)
            continue
        before = out[-1] if out else ""
        after = text[i + 1] if i + 1 < len(text) else ""
        joiner = ch in JOINERS and _joinable(before) and _joinable(after)
        flag_tag = "\U000e0020" <= ch <= "\U000e007f" and bool(before) and ord(before) > 0x2000
        if joiner or flag_tag:
            out.append(ch)
    return "".join(out)


def _joinable(ch: str) -> bool:
    return bool(ch) and ord(ch) > 0x24F and unicodedata.category(ch)[0] in "LSM"


class NumberPad(forms.TextInput):
    """A text box that opens a phone's number pad (``inputmode="numeric"``).

    Not ``type="number"``: the browser drops what it can't read as a number ("٢" is sent
    as nothing, so a round length typed so was saved blank, no clock) or reads it its own
    way ("1_0" sent as 10), and an unreadable value put back after a refusal shows empty.
    Here what was typed is sent, refused with a message, and shown again."""

    def __init__(self, attrs: dict | None = None) -> None:
        super().__init__({"inputmode": "numeric", **(attrs or {})})


class WholeNumberField(forms.IntegerField):
    """A whole number as a phone's number pad types it: ASCII digits, a leading minus.

    Django's own IntegerField reads Arabic-Indic, full-width and mathematical digits,
    "1_0" and "+2" as numbers (int() takes them), so a crafted or pasted "1_0" pinned a
    player to table 10 without a word.
    These get the field's "invalid" message instead; the range checks stay the field's.
    """

    widget = NumberPad

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if isinstance(value, int) and not isinstance(value, bool):
            return value
        number = rules.read_whole(str(value).strip(), digits=18, signed=True)
        if number is None:
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return number


TYPE_A_NUMBER = "Type a whole number, like 35"


def parse_points(text: str) -> int | None:
    """A score as typed: blank is None; a ValueError for anything but ASCII digits.

    A single leading minus gets through so the rules engine can say that a
    score can't be negative; '²', '①', '--5', '+5' and '1e3' never reach int().
    """
    text = text.replace(" ", "")
    if text == "":
        return None
    number = rules.read_whole(text, signed=True)
    if number is None:
        raise ValueError(text)
    return number


def not_a_number(name: str, text: str) -> str:
    return f"{name}: “{text}” is not a number of points. {TYPE_A_NUMBER} (0 if they went out)."


def house_rule_field(rule: rules.HouseRule) -> forms.Field:
    """A form field for one house rule, its default shown and explained."""
    common = {"label": rule.label, "help_text": rule.help, "initial": rule.default}
    if rule.kind == "bool":
        return forms.BooleanField(required=False, **common)
    if rule.kind == "choice":
        return forms.TypedChoiceField(
            choices=[(str(v), label) for v, label in rule.choices],
            coerce=_coerce_choice(rule),
            **common,
        )
    if rule.kind in ("int", "optional_int"):
        return WholeNumberField(
            required=rule.kind == "int",
            min_value=rule.min,
            max_value=rule.max,
            widget=NumberPad(),
            **common,
        )
    raise ValueError(f"no form field for house rule kind {rule.kind!r}")


def _coerce_choice(rule: rules.HouseRule):
    by_text = {str(v): v for v, _ in rule.choices}
    # Bound data is text, but has_changed() also coerces the saved value (14, not "14").
    return lambda value: by_text[str(value)]
