"""The night's forms for the host's pages: the event, its players (typed names matched
against the club's roster), seating adjustments, closing a round, host scores, family
games and blank sheets. Every input a host types goes through one of these forms or
the season forms (tourney.club.season_forms).
"""

from __future__ import annotations

import hashlib
from functools import cached_property

from django import forms
from django.core.exceptions import ValidationError

from scoring import rules
from scoring.formfields import (
    NumberPad,
    WholeNumberField,
    clean_name,
    house_rule_field,
    not_a_number,
    parse_points,
)
from tourney.club.people import RosterIndex, SpellingIndex, first_names_apart, match_name
from tourney.models import Event, Person, Player, Round, Season, name_key

NAME_MAX = Player._meta.get_field("name").max_length

TABLE_SIZES = {
    Event.Game.TOONERVILLE: (3, 5),
    Event.Game.SHANGHAI: (4, 6),
}


CARD_NUMBERS = range(1, 15)


def _table_size_field(label: str, help_text: str = "") -> WholeNumberField:
    return WholeNumberField(
        label=label,
        required=False,
        min_value=2,
        help_text=help_text,
        widget=NumberPad(),
    )


class EventForm(forms.ModelForm):
    """Create or edit an event, with the chosen game's house rules.

    The house-rule fields of both tournament games are on the form (prefixed
    with the game's slug); the page shows only the chosen game's, and only
    those are saved.
    """

    rounds_planned = WholeNumberField(
        label="Number of rounds",
        required=False,
        min_value=1,
        help_text="Leave blank for the game's full length (Toonerville 11, Shanghai 7).",
        widget=NumberPad(),
    )
    min_table_size = _table_size_field(
        "Smallest table", "Blank: the game's range (Toonerville 3 to 5, Shanghai 4 to 6)."
    )
    max_table_size = _table_size_field("Largest table")

    class Meta:
        model = Event
        fields = [
            "name",
            "date",
            "place",
            "game_slug",
            "rounds_planned",
            "seating_method",
            "min_table_size",
            "max_table_size",
            "allow_short_tables",
            "sit_out_when_uneven",
            "record_buys",
            "season",
            "season_seating",
            "table_history_days",
            "round_minutes",
            "door_open",
            "door_new_names",
            "live_standings",
        ]
        field_classes = {  # as a number pad types them (scoring.formfields.WholeNumberField)
            "table_history_days": WholeNumberField,
            "round_minutes": WholeNumberField,
        }
        widgets = {
            "date": forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d"),
            "table_history_days": NumberPad(),
            "round_minutes": NumberPad(),
            "door_new_names": forms.RadioSelect,
        }
        help_texts = {  # the model's says "one", where tables of exactly 4 can need three
            "sit_out_when_uneven": "Instead of the host being asked every round.",
        }
        labels = {
            "allow_short_tables": "Allow 3-player tables (Shanghai's fewer-than-4 rules)",
            "sit_out_when_uneven": "When the players don't split into tables, the fewest that "
            "must sit out each round, in turn",
            "record_buys": "Record each player's buys",
            "place": "Place (hall, club, house)",
            "season_seating": "Seat away from recent season opponents",
            "round_minutes": "Round length in minutes",
            "door_open": "Players may check themselves in at the door (the door card)",
            "door_new_names": "A name typed at the door that isn't on tonight's list",
            "live_standings": "Live standings on players' phones (a Standings QR code)",
        }
        error_messages = {
            "round_minutes": {
                "min_value": "A round lasts at least 1 minute: leave it blank for no clock.",
                "max_value": "A round lasts at most %(limit_value)s minutes: leave it blank "
                "for no clock.",
                "invalid": "Type the round length in whole minutes, like 30, or leave it "
                "blank for no clock.",
            }
        }

    def __init__(self, *args, owner=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].widget.attrs["autofocus"] = True
        # Only the host's own seasons can be chosen; optional ("No season").
        owner = owner if owner is not None else getattr(self.instance, "owner", None)
        seasons = self.fields["season"]
        seasons.queryset = Season.objects.filter(owner=owner) if owner else Season.objects.none()
        seasons.empty_label = "No season"
        seasons.help_text = "Group this night with others for season standings."
        self.fields["season_seating"].help_text = (
            "Mix seating treats pairs who met in the season's recent nights as having met, "
            "so a regular group gets fresh tables. Only used when a season is chosen."
        )
        if self.instance.pk and self.instance.is_table_game:
            # A game at one table is no night of a season: it is ranked on its own.
            del self.fields["season"], self.fields["season_seating"]
            # Nor has it a door to check in at or a clock for its rounds.
            for name in ("round_minutes", "door_open", "door_new_names"):
                del self.fields[name]
        self.fields["table_history_days"].required = False  # blank: the house default
        if "door_new_names" in self.fields:
            self.fields["door_new_names"].required = False  # not sent: the house default
        self.rule_fields: dict[str, list[str]] = {}
        saved = self.instance.house_rules if self.instance.pk else {}
        for slug in TABLE_SIZES:
            game = rules.get_game(slug)
            names = []
            for rule in game.house_rules:
                if rule.kind == "card_values":
                    names.extend(self._add_card_value_fields(slug, rule, saved, self.instance))
                    continue
                field_name = f"{slug}__{rule.name}"
                field = house_rule_field(rule)
                if self.instance.pk and self.instance.game_slug == slug and rule.name in saved:
                    field.initial = saved[rule.name]
                self.fields[field_name] = field
                names.append(field_name)
            self.rule_fields[slug] = names

    def _add_card_value_fields(self, slug, rule, saved, instance) -> list[str]:
        values = dict(rule.default)
        if instance.pk and instance.game_slug == slug and rule.name in saved:
            values.update({int(k): v for k, v in saved[rule.name].items()})
        names = []
        for number in CARD_NUMBERS:
            name = f"{slug}__{rule.name}__{number}"
            self.fields[name] = WholeNumberField(
                label=str(number),
                min_value=rule.min,
                max_value=rule.max,
                initial=values.get(number),
                widget=NumberPad(attrs={"class": "card-value"}),
            )
            names.append(name)
        return names

    def rule_groups(self):
        """(game slug, game name, rule fields, card-value fields) for the template."""
        for slug, names in self.rule_fields.items():
            cards = [self[n] for n in names if "__card_values__" in n]
            others = [self[n] for n in names if "__card_values__" not in n]
            yield slug, rules.get_game(slug).name, others, cards

    def _chosen_house_rules(self, slug: str) -> dict:
        chosen: dict = {}
        game = rules.get_game(slug)
        for rule in game.house_rules:
            if rule.kind == "card_values":
                chosen[rule.name] = {
                    n: self.cleaned_data.get(f"{slug}__{rule.name}__{n}") for n in CARD_NUMBERS
                }
            else:
                chosen[rule.name] = self.cleaned_data.get(f"{slug}__{rule.name}")
        return chosen

    def full_clean(self):
        # Only the chosen game's house rules are required and validated.
        if self.is_bound:
            chosen = self.data.get(self.add_prefix("game_slug"), Event.Game.TOONERVILLE)
            for slug, names in self.rule_fields.items():
                if slug != chosen:
                    for name in names:
                        self.fields[name].required = False
                        self.fields[name].disabled = True
        super().full_clean()

    def clean(self):
        data = super().clean()
        if data.get("table_history_days") is None and "table_history_days" not in self.errors:
            data["table_history_days"] = Event._meta.get_field("table_history_days").default
        if "door_new_names" in self.fields and not data.get("door_new_names"):
            data["door_new_names"] = Event._meta.get_field("door_new_names").default
        slug = data.get("game_slug")
        if not slug:
            return data
        game = rules.get_game(slug)
        low, high = TABLE_SIZES[slug]
        data["min_table_size"] = data.get("min_table_size") or low
        data["max_table_size"] = data.get("max_table_size") or high
        if data["min_table_size"] < low or data["max_table_size"] > high:
            raise ValidationError(
                f"{game.name} is played {low} to {high} a table: "
                "keep the table sizes in that range."
            )
        if data["min_table_size"] > data["max_table_size"]:
            self.add_error(
                "max_table_size", "The largest table can't be smaller than the smallest."
            )
        full = len(game.rounds)
        data["rounds_planned"] = data.get("rounds_planned") or full
        if data["rounds_planned"] > full:
            self.add_error(
                "rounds_planned", f"{game.name} has {full} rounds: choose {full} or fewer."
            )
        if data.get("allow_short_tables") and slug != Event.Game.SHANGHAI:
            data["allow_short_tables"] = False
        try:
            built = rules.get_game(slug, **self._chosen_house_rules(slug))
        except ValueError as exc:
            raise ValidationError(f"House rules: {exc}") from exc
        self.instance.house_rules = built.settings
        return data


def _quoted(names: list[str]) -> str:
    return ", ".join(f"“{n}”" for n in names)


class PlayerNamesForm(forms.Form):
    """Type names one per line, or pick people from the roster. Empty and duplicate
    names are refused, naming them. A name close to someone on the roster is asked
    about ("the same Ann Whitaker as before?") before anything is saved, and so is one
    close to someone already playing tonight ("Gus Moller": someone else, or Gus
    Møller?). Lone first names one letter apart are two people ("Tim" beside "Tom"):
    added as typed, each with a note (``notes``) the host can ignore."""

    check_in = forms.BooleanField(
        label="Check them in now (they are here)", required=False, initial=True
    )
    names = forms.CharField(
        label="Names, one per line",
        widget=forms.Textarea(attrs={"rows": 8, "autocapitalize": "words", "spellcheck": "false"}),
        required=False,
    )
    tick_all = forms.BooleanField(label="Tick all", required=False)
    roster = forms.MultipleChoiceField(
        label="From your roster", required=False, widget=forms.CheckboxSelectMultiple
    )

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, **kwargs)
        self.event = event
        playing = set(event.players.values_list("person_id", flat=True))
        self.people = [p for p in Person.objects.filter(owner=event.owner) if p.pk not in playing]
        self.fields["roster"].choices = [(str(p.pk), p.name) for p in self.people]
        self.fields["tick_all"].label = f"Tick all {len(self.people)}: everyone below"
        self.questions: list[dict] = []  # the same person as someone on the roster?
        self.here_questions: list[dict] = []  # someone else than a player tonight?
        self.notes: list[str] = []
        if self.is_bound:
            self._add_questions()

    @cached_property
    def index(self) -> RosterIndex:
        return RosterIndex(self.people)

    @cached_property
    def tonight(self) -> tuple[dict[str, str], SpellingIndex, dict[str, list]]:
        """Tonight's players by name key, by close spelling, and by the spellings their
        roster person kept from merges."""
        keys: dict[str, str] = {}
        close = SpellingIndex()
        aliases: dict[str, list] = {}
        for order, p in enumerate(self.event.players.select_related("person").order_by("pk")):
            keys[name_key(p.name)] = p.name
            close.add(name_key(p.name), (order, p.name))
            for alias in p.person.aliases if p.person else ():
                aliases.setdefault(name_key(alias), []).append((order, p.name))
        return keys, close, aliases

    def _also_tonight(self, key: str) -> tuple[list[str], bool]:
        """Who playing tonight this name key is a close spelling of (or a spelling kept
        when they were merged), and whether each is a lone first name one letter from
        it, so two people ("Tim" and "Tom")."""
        _keys, close, aliases = self.tonight
        found = sorted(set(close.close(key) + aliases.get(key, [])))
        names = [name for _order, name in found]
        apart = key not in aliases and all(first_names_apart(key, name_key(n)) for n in names)
        return names, apart

    def _note(self, name: str, others: list[str]) -> None:
        who = f"{' and '.join(others)} {'is' if len(others) == 1 else 'are'}"
        self.notes.append(f"“{name}” added as typed: {who} also playing tonight.")

    def typed_names(self) -> list[str]:
        raw = self.data.get("names", "") if self.is_bound else ""
        return [n for n in (clean_name(line) for line in str(raw).splitlines()) if n]

    @staticmethod
    def _field_name(prefix: str, name: str) -> str:
        return prefix + hashlib.sha1(name_key(name).encode()).hexdigest()[:10]

    def _add_questions(self) -> None:
        """One question per typed name that is only loosely someone on the roster, or
        someone playing tonight; a note for a first name one letter from tonight's."""
        tonight_keys = self.tonight[0]
        for name in dict.fromkeys(self.typed_names()):
            if len(name) > NAME_MAX or name_key(name) in tonight_keys:
                continue  # refused in clean(): too long, or tonight's player's name
            matches = match_name(name, self.index)
            self._ask_about_tonight(name, matches)
            if matches and not matches[0].certain:
                self._ask_about_roster(name, matches)

    def _ask_about_roster(self, name: str, matches: list) -> None:
        field_name = self._field_name("same-", name)
        choices = [(str(m.person.pk), f"Yes, the same {m.person.name}") for m in matches]
        can_be_new = all(m.how != "key" for m in matches)
        if can_be_new:
            choices.append(("new", f"No, a new person named “{name}”"))
        self.fields[field_name] = forms.ChoiceField(
            label=f"“{name}”: the same {matches[0].person.name} as before?",
            choices=choices,
            required=False,
            widget=forms.RadioSelect,
        )
        self.questions.append(
            {
                "name": name,
                "field": field_name,
                "reason": matches[0].reason(name),
                "can_be_new": can_be_new,
            }
        )

    def _ask_about_tonight(self, name: str, matches: list) -> None:
        """A close spelling of a player tonight is asked about, never refused; a lone
        first name one letter apart, or someone the roster already tells apart (their
        own entry, exactly as typed), is added with a note."""
        others, apart = self._also_tonight(name_key(name))
        if not others:
            return
        if apart or (matches and matches[0].certain):
            self._note(name, others)
            return
        who = " or ".join(others)
        field_name = self._field_name("here-", name)
        label, choices = self._here_question(name, others)
        self.fields[field_name] = forms.ChoiceField(
            label=label, choices=choices, required=False, widget=forms.RadioSelect
        )
        self.here_questions.append(
            {"name": name, "field": field_name, "who": who, "others": others}
        )

    def _here_question(self, name: str, others: list[str]) -> tuple[str, list]:
        """The question, in the host's words, and its answers ("add" or "skip")."""
        who = " or ".join(others)
        return (
            f"“{name}”: someone else, or {who}, who is already playing tonight?",
            [
                ("add", f"Someone else: add “{name}” too"),
                ("skip", f"{who}, already playing: leave “{name}” out"),
            ],
        )

    def question_fields(self):
        return [(q, self[q["field"]]) for q in self.questions]

    def here_question_fields(self):
        return [(q, self[q["field"]]) for q in self.here_questions]

    def _picked(self, data: dict) -> list[Person]:
        if data.get("tick_all"):
            return list(self.people)
        by_pk = {str(p.pk): p for p in self.people}
        return [by_pk[pk] for pk in data.get("roster", []) if pk in by_pk]

    def _problems(self, names: list[str]) -> list[str]:
        """Names that cannot be added as they are: too long, already playing, twice."""
        problems = []
        too_long = [n for n in names if len(n) > NAME_MAX]
        if too_long:
            problems.append(f"{', '.join(too_long)}: a name can be at most {NAME_MAX} characters.")
        existing = self.tonight[0]
        seen: dict[str, str] = {}
        for name in names:
            key = name_key(name)
            if key in existing:
                same = "" if existing[key] == name else f" (as “{existing[key]}”)"
                problems.append(
                    f"“{name}” is already playing in this event{same}: names must differ."
                )
            elif key in seen:
                problems.append(f"“{name}” is in the list twice: each player needs their own name.")
            seen.setdefault(key, name)
        return problems

    def _entries(self, lines: list[str], data: dict) -> tuple[list[str | Person], list[str]]:
        """Each typed name as the roster's person (exactly them, or as answered) or a
        new name; and the names whose roster question is not answered yet."""
        entries: list[str | Person] = []
        unanswered = []
        by_pk = {str(p.pk): p for p in self.people}
        answers = {q["name"]: data.get(q["field"]) or "" for q in self.questions}
        for name in dict.fromkeys(lines):
            answer = answers.get(name)
            if answer is None:
                exact = match_name(name, self.index)
                entries.append(exact[0].person if exact else name)
            elif answer == "new":
                entries.append(name)
            elif answer in by_pk:
                entries.append(by_pk[answer])
            else:
                unanswered.append(name)
        return entries, unanswered

    def clean(self):
        data = super().clean()
        picked = self._picked(data)
        here = {q["name"]: data.get(q["field"]) or "" for q in self.here_questions}
        left_out = {name for name, answer in here.items() if answer == "skip"}
        lines = [n for n in self.typed_names() if n not in left_out]
        names = lines + [p.name for p in picked]
        if not names and not left_out:
            raise ValidationError("Type at least one name, or pick people from your roster.")
        problems = self._problems(names)
        if problems:
            raise ValidationError(problems)
        unsure = [n for n, answer in here.items() if answer not in ("add", "skip")]
        entries, unanswered = self._entries(lines, data)
        if unsure or unanswered:
            self.needs_answers = True
            asks = [f"is {_quoted(unsure)} someone else, or a player already here tonight"]
            asks += [f"is {_quoted(unanswered)} someone already on your roster"]
            asks = [a for a, names in zip(asks, (unsure, unanswered), strict=True) if names]
            raise ValidationError(
                f"Before adding them: {'; and '.join(asks)}? Answer below, then add again."
            )
        entries += picked
        chosen = [e.pk for e in entries if isinstance(e, Person)]
        if len(chosen) != len(set(chosen)):
            raise ValidationError("Two of those names are the same person: add them once.")
        for person in picked:  # the roster tells them apart: two people
            others, _apart = self._also_tonight(person.key)
            if others:
                self._note(person.name, others)
        for q in self.here_questions:
            if q["name"] in left_out:
                self.notes.append(f"“{q['name']}” left out: {q['who']} is already playing.")
        data["entries"] = entries
        return data


class DoorNameForm(PlayerNamesForm):
    """A player at the door types their own name. It is matched as the host's typed
    names are (the roster's close spellings, "the same Ann Whitaker as before?", a close
    spelling of someone playing tonight), in the player's own words. ``cleaned_data``
    then holds ``player`` (tonight's player they are) or ``entries`` (one roster person
    or new name, for the desk)."""

    def __init__(self, *args, event: Event, **kwargs):
        super().__init__(*args, event=event, **kwargs)
        for name in ("check_in", "tick_all", "roster"):
            del self.fields[name]
        field = self.fields["names"]
        field.label = "Your name"
        field.help_text = "First and last name, as the desk knows you."
        field.widget = forms.TextInput(
            attrs={"autocomplete": "name", "autocapitalize": "words", "spellcheck": "false"}
        )
        for question in self.questions:
            named = self.fields[question["field"]]
            person = named.choices[0][1].removeprefix("Yes, the same ")
            named.label = f"“{question['name']}”: are you the {person} who played before?"
            named.choices = [
                (value, f"Yes, I'm {label.removeprefix('Yes, the same ')}")
                if value != "new"
                else (value, f"No, I'm new: “{question['name']}”")
                for value, label in named.choices
            ]

    def typed_names(self) -> list[str]:
        return super().typed_names()[:1]  # one person at the door: their own name

    def _here_question(self, name: str, others: list[str]) -> tuple[str, list]:
        return (
            f"“{name}”: is that you, already on tonight's list?",
            [(f"me-{i}", f"Yes, I'm {other}") for i, other in enumerate(others)]
            + [("add", f"No, I'm someone else: “{name}”")],
        )

    def _tonights_player(self, name: str) -> Player | None:
        key = name_key(name)
        return next((p for p in self.event.players.all() if name_key(p.name) == key), None)

    def clean(self):
        names = self.typed_names()
        if not names:
            raise ValidationError("Type your name, or tap it in the list above.")
        exact = self._tonights_player(names[0])
        if exact is not None:  # on tonight's list, as typed (or in other capitals)
            return {**self.cleaned_data, "player": exact}
        for question in self.here_questions:
            answer = self.cleaned_data.get(question["field"]) or ""
            if answer.startswith("me-"):
                other = question["others"][int(answer.removeprefix("me-"))]
                return {**self.cleaned_data, "player": self._tonights_player(other)}
        try:
            data = super().clean()
        except ValidationError:
            if getattr(self, "needs_answers", False):
                raise ValidationError(
                    "One question first: answer it below, then tap “Check me in” again."
                ) from None
            raise
        data["player"] = None
        return data


class RenamePlayerForm(forms.ModelForm):
    class Meta:
        model = Player
        fields = ["name"]

    def clean_name(self):
        name = clean_name(self.cleaned_data["name"])
        if not name:
            raise ValidationError("A player needs a name.")
        clash = (
            Player.objects.filter(event=self.instance.event, name__iexact=name)
            .exclude(pk=self.instance.pk)
            .exists()
        )
        if clash:
            raise ValidationError(f"“{name}” is already playing in this event: names must differ.")
        return name


class PlayerStatusForm(forms.Form):
    status = forms.ChoiceField(choices=Player.Status.choices)


class SwapForm(forms.Form):
    """Swap two seated players, or move one to another table."""

    player = forms.ModelChoiceField(
        queryset=Player.objects.none(),
        label="Player",
        error_messages={"required": "Choose the player to swap or move."},
    )
    other = forms.ModelChoiceField(
        queryset=Player.objects.none(), label="Swap with", required=False
    )
    table = WholeNumberField(
        label="…or move to table",
        required=False,
        min_value=1,
        widget=NumberPad(),
        error_messages={"min_value": "Tables are numbered from 1."},
    )

    seats = forms.CharField(widget=forms.HiddenInput, required=False)
    """The seats the page showed (``services.seats_stamp``): a swap sent twice, or from a
    stale tab, is refused rather than applied to other seats. Its length is checked in
    clean(): an error on a hidden field has no place on the page to be shown."""

    STAMP_LENGTH = 64

    def __init__(self, *args, rnd: Round, seen: str = "", **kwargs):
        super().__init__(*args, initial={"seats": seen}, **kwargs)
        seated = Player.objects.filter(seats__round=rnd).order_by("name")
        self.fields["player"].queryset = seated
        self.fields["other"].queryset = seated
        self.max_table = rnd.tables.count() + 1
        self.fields["table"].max_value = self.max_table

    def clean(self):
        data = super().clean()
        if len(data.get("seats") or "") > self.STAMP_LENGTH:
            raise ValidationError(
                "This page's seats can't be read: reload the round and try again."
            )
        other, table = data.get("other"), data.get("table")
        if "player" not in data:
            return data  # said on its own field: choose the player first
        if "table" in self.errors:
            return data  # a table typed but out of range, said on its own field
        if other is None and table is None:
            raise ValidationError("Choose a player to swap with, or a table to move to.")
        if other is not None and table is not None:
            raise ValidationError("Choose either a player to swap with or a table, not both.")
        if other is not None and other == data.get("player"):
            raise ValidationError("Choose two different players to swap.")
        if table is not None and table > self.max_table:
            raise ValidationError(f"There is no table {table}: use 1 to {self.max_table}.")
        return data


class CloseRoundForm(forms.Form):
    fill_empty_tables = forms.BooleanField(
        required=False,
        label="Fill tables without scores with the missed-round rule",
    )
    keep_first_entry = forms.BooleanField(
        required=False,
        label="Close keeping the first entry at disputed tables",
        help_text="Recorded as your decision on each dispute; the other versions are kept.",
    )


class DeleteEventForm(forms.Form):
    confirm = forms.BooleanField(label="Yes, delete this event", required=True)
    confirm_scores = forms.BooleanField(
        label="Yes, I know scores have been recorded, and they will be deleted too",
        required=False,
    )

    def __init__(self, *args, has_scores: bool, **kwargs):
        super().__init__(*args, **kwargs)
        self.has_scores = has_scores
        if not has_scores:
            del self.fields["confirm_scores"]

    def clean(self):
        data = super().clean()
        if self.has_scores and not data.get("confirm_scores"):
            raise ValidationError(
                "This event has recorded scores: tick the second box too to delete them."
            )
        return data


class HostScoresForm(forms.Form):
    """The host's plain form for a table's scores (phones use the table page)."""

    high_confirmed = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, seats, **kwargs):
        super().__init__(*args, **kwargs)
        self.seats = list(seats)
        for seat in self.seats:
            self.fields[f"p{seat.player_id}"] = forms.CharField(
                label=seat.player.name,
                required=False,
                max_length=12,
                widget=forms.TextInput(
                    attrs={"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}
                ),
            )

    def clean(self):
        data = super().clean()
        for seat in self.seats:
            field = f"p{seat.player_id}"
            try:
                data[field] = parse_points(str(data.get(field) or ""))
            except ValueError as exc:
                self.add_error(field, not_a_number(seat.player.name, str(exc)))
        return data

    def points(self) -> dict[int, int | None]:
        return {s.player_id: self.cleaned_data.get(f"p{s.player_id}") for s in self.seats}

    def typed_points(self) -> dict[int, int | str | None]:
        """Every score as typed, a refused one as its text, for the rules engine to judge
        the rest in the same save (services.typed_score_problems)."""
        return {
            s.player_id: (
                str(self.data.get(self.add_prefix(f"p{s.player_id}"), "")) or "?"
                if f"p{s.player_id}" in self.errors
                else self.cleaned_data.get(f"p{s.player_id}")
            )
            for s in self.seats
        }


class TableGameForm(forms.Form):
    """Start a one-table game of Rook Shanghai or Toonerville (a family's game night)."""

    name = forms.CharField(label="Name this game", max_length=120, initial="Family game")
    game_slug = forms.ChoiceField(label="Game", choices=Event.Game.choices)
    players = forms.CharField(
        label="Players, one per line, in seat order (the first deals)",
        widget=forms.Textarea(attrs={"rows": 6, "autocapitalize": "words"}),
    )
    three_decks = forms.BooleanField(
        label="Shanghai: 3 decks with 6 wilds (for 6 players; needed for 7 or 8)", required=False
    )
    black_14s_wild = forms.BooleanField(
        label="Shanghai: no advertising cards, so the two black 14s are the wilds",
        required=False,
    )
    record_buys = forms.BooleanField(label="Record each player's buys", required=False)

    def clean(self):
        data = super().clean()
        if data.get("table_history_days") is None and "table_history_days" not in self.errors:
            data["table_history_days"] = Event._meta.get_field("table_history_days").default
        slug = data.get("game_slug")
        names = [clean_name(n) for n in data.get("players", "").splitlines()]
        names = [n for n in names if n]
        if not slug:
            return data
        shanghai = slug == Event.Game.SHANGHAI
        game = rules.get_game(
            slug, **({"three_decks": bool(data.get("three_decks"))} if shanghai else {})
        )
        sizes = game.table_sizes
        if len(names) not in sizes:
            self.add_error(
                "players",
                f"{game.name} is played by {sizes.start} to {sizes.stop - 1} at one table; "
                f"you named {len(names)}.",
            )
        elif game.table_problem(len(names)):
            self.add_error(
                "three_decks",
                f"{len(names)} players need 3 decks with 6 wilds: tick this box, "
                "or name 6 players or fewer.",
            )
        seen: set[str] = set()
        for n in names:
            if n.casefold() in seen:
                self.add_error(
                    "players", f"“{n}” is named twice: each player needs their own name."
                )
            if len(n) > NAME_MAX:
                self.add_error("players", f"“{n}” is too long: at most {NAME_MAX} characters.")
            seen.add(n.casefold())
        data["names"] = names
        data["house_rules"] = (
            {"three_decks": data.get("three_decks"), "black_14s_wild": data.get("black_14s_wild")}
            if shanghai
            else {}
        )
        return data


class BlankSheetForm(forms.Form):
    """Choose a blank score sheet to print before a game."""

    game = forms.ChoiceField(choices=Event.Game.choices, initial=Event.Game.SHANGHAI)
    players = forms.TypedChoiceField(
        label="Player columns",
        coerce=int,
        choices=[(n, str(n)) for n in range(2, 9)],
        initial=6,
    )
    three_decks = forms.BooleanField(label="Shanghai: 3 decks, 6 wilds", required=False)
    black_14s_wild = forms.BooleanField(label="Shanghai: black 14s are the wilds", required=False)
    round_11_cards = forms.TypedChoiceField(
        label="Toonerville: cards dealt in round 11",
        coerce=int,
        choices=[(12, "12 (pagat)"), (14, "14 (gamerules.com)")],
        initial=12,
        required=False,
        empty_value=12,
    )
    buys = forms.BooleanField(label="Add a buys column for each player", required=False)

    def clean(self):
        data = super().clean()
        if data.get("game") == Event.Game.TOONERVILLE:
            data["house_rules"] = {"round_11_cards": data.get("round_11_cards") or 12}
        else:
            data["house_rules"] = {
                "three_decks": data.get("three_decks", False),
                "black_14s_wild": data.get("black_14s_wild", False),
            }
        players = data.get("players")
        if data.get("game") and players:
            problem = rules.get_game(data["game"], **data["house_rules"]).table_problem(players)
            if problem:
                self.add_error("players", f"{problem}.")
        return data
