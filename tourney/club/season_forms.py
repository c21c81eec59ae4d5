"""The season forms: name a season and choose how it is ranked, add a night to it,
delete it. A club backup is checked against the same limits (club.backup_check).
"""

from __future__ import annotations

import datetime
import itertools

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone

from scoring.formfields import NumberPad, WholeNumberField
from tourney.models import Event, Season


class SeasonForm(forms.ModelForm):
    """Name a season and choose how it is ranked; the points table is checked number by number."""

    BEST_OF_MAX = 100
    BEST_OF_RULE = f"Best N must be a whole number from 1 to {BEST_OF_MAX}."
    POINTS_PLACES_MAX = 30
    POINTS_DIGITS_MAX = 4
    # A second tap on "Create" this soon after the first, with the same name and
    # settings, is the same season: the host is sent to it rather than told off.
    DOUBLE_SUBMIT = datetime.timedelta(minutes=2)

    best_of = WholeNumberField(
        label="Best N",
        required=False,
        widget=NumberPad(),
        error_messages={"invalid": BEST_OF_RULE},
    )
    points_table = forms.CharField(
        label="Points for places",
        required=False,
        max_length=500,
        help_text=Season._meta.get_field("points_table").help_text,
        error_messages={
            "max_length": f"Points for places: at most {POINTS_PLACES_MAX} places, "
            "e.g. 10, 8, 6, 5, 4."
        },
    )

    class Meta:
        model = Season
        fields = ["name", "method", "best_of", "points_table"]

    def __init__(self, *args, owner, **kwargs):
        super().__init__(*args, **kwargs)
        self.owner = owner
        self.clash: Season | None = None  # the host's other season of the typed name
        self.typed_name = ""  # the name as checked, spaces tidied
        self.fields["method"].widget.attrs["class"] = "season-method"
        self.fields[
            "best_of"
        ].help_text = "Best N nights only: how many of each player's nights count, e.g. 6."

    def same_name(self, name: str) -> Season | None:
        """The host's other season of this name, compared as people read names: case
        folded in Python (the database's LOWER folds only A-Z, so "ÉTÉ" is "Été" here)."""
        folded = name.casefold()
        others = Season.objects.filter(owner=self.owner).exclude(pk=self.instance.pk)
        return next((s for s in others.only("pk", "name") if s.name.casefold() == folded), None)

    def clean_name(self):
        name = self.typed_name = " ".join(self.cleaned_data["name"].split())
        if not name:
            raise ValidationError("A season needs a name, e.g. “Spring 2027”.")
        self.clash = self.same_name(name)
        if self.clash is not None:
            raise ValidationError(self.name_taken(name))
        return name

    @staticmethod
    def name_taken(name: str) -> str:
        return f"You already have a season called “{name}”: pick another name."

    def refuse_taken_name(self) -> bool:
        """After the database refused the save: if another request (a second tap, another
        tab) took the name since this form was checked, say so on the form."""
        name = self.cleaned_data["name"]
        self.clash = self.same_name(name)
        if self.clash is None:
            return False
        self.add_error("name", self.name_taken(name))
        return True

    def repeat_of(self) -> Season | None:
        """A new season the host made moments ago with this same name and settings (a
        double tap on "Create"): the one to go to instead of refusing the name."""
        if self.instance.pk is not None or self.clash is None or set(self.errors) != {"name"}:
            return None
        season = Season.objects.get(pk=self.clash.pk)
        data = self.cleaned_data
        method = data["method"]
        same = (season.name, season.method, season.best_of) == (
            self.typed_name,
            method,
            data["best_of"],
        ) and (method != Season.Method.POINTS or season.points_table == data["points_table"])
        recent = timezone.now() - season.created_at <= self.DOUBLE_SUBMIT
        return season if same and recent else None

    def clean_points_table(self):
        typed = self.cleaned_data.get("points_table", "").strip()
        if not typed:
            return ""
        parts = [p.strip() for p in typed.replace(";", ",").split(",")]
        while parts and not parts[-1]:
            parts.pop()  # "10, 8, 6," : a trailing comma means nothing more
        if len(parts) > self.POINTS_PLACES_MAX:
            raise ValidationError(
                f"Points for places: at most {self.POINTS_PLACES_MAX} places "
                f"(you typed {len(parts)}); later places score 0 anyway."
            )
        numbers = []
        for place, part in enumerate(parts, start=1):
            if not part.isascii() or not part.isdigit():
                raise ValidationError(
                    f"Points must be whole numbers, 0 or more, separated by commas: "
                    f"“{part or '(empty)'}” for place {place} is not."
                )
            if len(part.lstrip("0")) > self.POINTS_DIGITS_MAX:
                raise ValidationError(
                    f"Points must be at most {10**self.POINTS_DIGITS_MAX - 1}: "
                    f"place {place} gets {part}."
                )
            numbers.append(int(part))
        for place, (higher, lower) in enumerate(itertools.pairwise(numbers), start=2):
            if lower > higher:
                raise ValidationError(
                    f"Points can't go up down the table: place {place} gets {lower}, "
                    f"more than place {place - 1}'s {higher}."
                )
        table = ", ".join(map(str, numbers))
        limit = Season._meta.get_field("points_table").max_length
        if len(table) > limit:
            raise ValidationError(
                f"Points for places: too long to keep ({len(table)} characters written out, "
                f"at most {limit}): use fewer places or smaller numbers."
            )
        return table

    def clean(self):
        data = super().clean()
        method = data.get("method")
        best_of = data.get("best_of")
        if method == Season.Method.BEST_OF and best_of is None and "best_of" not in self.errors:
            self.add_error("best_of", "Best N nights: say how many nights count, e.g. 6.")
        elif method != Season.Method.BEST_OF:
            # Hidden on the page for the other methods: nothing to correct there.
            self.errors.pop("best_of", None)
            data["best_of"] = None
        elif best_of is not None and not 1 <= best_of <= self.BEST_OF_MAX:
            self.add_error("best_of", f"{self.BEST_OF_RULE} You typed {best_of}.")
        if method != Season.Method.POINTS and self.errors.pop("points_table", None):
            data["points_table"] = self.instance.points_table  # hidden: keep the saved table
        if (
            method == Season.Method.POINTS
            and not data.get("points_table")
            and ("points_table" not in self.errors)
        ):
            self.add_error(
                "points_table", "Points for places: type the points, e.g. 10, 8, 6, 5, 4."
            )
        return data


class SeasonEventForm(forms.Form):
    """Add one of the host's nights to a season."""

    event = forms.ModelChoiceField(queryset=Event.objects.none(), label="Add a night")

    def __init__(self, *args, season: Season, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["event"].queryset = (
            Event.objects.for_host(season.owner)
            .exclude(season=season)
            .exclude(kind=Event.Kind.TABLE)  # games at one table are no season's nights
            .select_related("season")
            .order_by("-date", "-created_at")
        )
        self.fields["event"].empty_label = "Choose one of your nights"
        self.fields["event"].label_from_instance = lambda e: (
            f"{e.name} · {e.date:%d %b %Y}" + (f" (now in {e.season.name})" if e.season else "")
        )


class DeleteSeasonForm(forms.Form):
    confirm = forms.BooleanField(
        label="Yes, delete this season (its nights stay, without a season)",
        error_messages={"required": "Tick the box to confirm: nothing was deleted."},
    )
