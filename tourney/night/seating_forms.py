"""The host's seating constraints form: pin a player to a table, keep two apart or together.

A constraint that contradicts the ones already set (kept both apart and
together, a couple kept together but pinned to two tables, more players pinned
to a table than it seats) is refused naming the players, by the engine's own
check (``Constraints.problems``). Whether tonight's room can honour them (a pin
to table 4 when 13 players make 3 tables) depends on who comes, so the seating
page says that, and only the seating refuses it.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError

from tourney.models import Event, Player, SeatingConstraint
from tourney.models.seating import engine_constraints

# The highest table a player can be pinned to: past any room Rookery seats.
MAX_TABLE = 99


class SeatingConstraintForm(forms.Form):
    kind = forms.ChoiceField(label="Rule", choices=SeatingConstraint.Kind.choices)
    player = forms.ModelChoiceField(queryset=Player.objects.none(), label="Player")
    other = forms.ModelChoiceField(
        queryset=Player.objects.none(), label="…and player", required=False
    )
    table = forms.IntegerField(
        label="…at table",
        required=False,
        min_value=1,
        max_value=MAX_TABLE,
        help_text="Table 1 is the table by the door.",
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
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
            if table is None:
                raise ValidationError(f"Choose the table {player.name} always sits at.")
            data["other"] = None
        else:
            if other is None:
                raise ValidationError(f"Choose the player to keep {player.name} {_word(kind)}.")
            if other == player:
                raise ValidationError("Choose two different players.")
            data["table"] = None
            if other.pk < player.pk:
                data["player"], data["other"] = other, player
        self._refuse_repeats_and_contradictions(data)
        return data

    def _refuse_repeats_and_contradictions(self, data: dict) -> None:
        existing = list(self.event.seating_constraints.select_related("player", "other"))
        Kind = SeatingConstraint.Kind
        player, other, kind = data["player"], data["other"], data["kind"]
        for c in existing:
            if kind == Kind.PIN and c.kind == Kind.PIN and c.player_id == player.pk:
                raise ValidationError(
                    f"{player.name} already always sits at table {c.table}: remove that rule first."
                )
            if c.kind == kind and (c.player_id, c.other_id) == (
                player.pk,
                getattr(other, "pk", None),
            ):
                raise ValidationError(f"That rule is already set: {c.describe()}.")
        ours = [
            *existing,
            SeatingConstraint(kind=kind, player=player, other=other, table=data["table"]),
        ]
        constraints = engine_constraints(ours)
        names = dict(self.event.players.values_list("pk", "name"))
        tables = max([1, *(c.table or 0 for c in ours)])
        problems = constraints.problems(
            [self.event.max_table_size] * tables, names, name=lambda pk: names[pk]
        )
        if problems:
            raise ValidationError(["This rule contradicts the others:", *problems])

    def save(self) -> SeatingConstraint:
        data = self.cleaned_data
        return SeatingConstraint.objects.create(
            event=self.event,
            kind=data["kind"],
            player=data["player"],
            other=data["other"],
            table=data["table"],
        )


def _word(kind: str) -> str:
    return "apart from" if kind == SeatingConstraint.Kind.APART else "together with"
