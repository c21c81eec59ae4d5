"""The host's seating constraints form: pin a player to a table, keep two apart or together.

The form checks only what was typed: a pin needs a table from 1 to
``SeatingConstraint.MAX_TABLE``, a pair two different players. Whether the rule
repeats or contradicts the ones already set is checked where it is stored
(``services.add_seating_rule``), against the rules as they stand at that moment,
so two tabs adding rules at once can't both pass.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from scoring.formfields import NumberPad, WholeNumberField
from tourney.models import Event, Player, SeatingConstraint

MAX_TABLE = SeatingConstraint.MAX_TABLE


class SeatingConstraintForm(forms.Form):
    kind = forms.ChoiceField(label="Rule", choices=SeatingConstraint.Kind.choices)
    player = forms.ModelChoiceField(queryset=Player.objects.none(), label="Player")
    other = forms.ModelChoiceField(
        queryset=Player.objects.none(), label="…and player", required=False
    )
    # The range is checked in clean(), where the message can name the player.
    table = WholeNumberField(
        label="…at table",
        required=False,
        help_text="Table 1 is the table by the door.",
        error_messages={"invalid": f"Type the table as a number from 1 to {MAX_TABLE}."},
        widget=NumberPad(),
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        players = event.players.order_by("name")
        self.fields["player"].queryset = players
        self.fields["other"].queryset = players

    def clean(self):
        data = super().clean()
        kind, player, other, table = (data.get(k) for k in ("kind", "player", "other", "table"))
        if kind is None or player is None:
            return data
        if kind == SeatingConstraint.Kind.PIN:
            if self.has_error("table"):
                return data  # the table's own message says what is wrong with it
            if table is None:
                raise ValidationError(f"Choose the table {player.name} sits at.")
            if not 1 <= table <= MAX_TABLE:
                raise ValidationError(
                    f"Choose a table from 1 to {MAX_TABLE} for {player.name} to sit at."
                )
            data["other"] = None
        else:
            if other is None:
                raise ValidationError(f"Choose the player to keep {player.name} {_word(kind)}.")
            if other == player:
                raise ValidationError("Choose two different players.")
            data["table"] = None
        return data

    def rule(self) -> dict:
        """The rule typed, as ``services.add_seating_rule`` takes it."""
        return {k: self.cleaned_data[k] for k in ("kind", "player", "other", "table")}


def _word(kind: str) -> str:
    return "apart from" if kind == SeatingConstraint.Kind.APART else "together with"
