"""Forms for the score pads: start a game, and enter (or correct) one hand.

The hand form only reads what was typed: numbers are numbers, choices are
among the players. Whether the hand could happen is for ``scoring.rules``
(through ``Pad.score_hand``), whose problems the view shows beside the fields.
"""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.utils import timezone

from scoring import rules
from scoring.formfields import WholeNumberField, clean_name, house_rule_field
from scoring.models import NAME_MAX, GameChoice, Hand, HandInput, Pad
from scoring.rules.tricks import HAND_POINTS

SEAT_WORDS = ("first", "second", "third", "fourth", "fifth")


class StartPadForm(forms.Form):
    """A new game: its name, the players in seat order, who deals first, the house rules.

    Partnership sides are fixed by the seats (1 and 3 against 2 and 4), so the
    page lays the name boxes out as two sides of partners sitting across.
    """

    name = forms.CharField(
        label="Name of this game",
        max_length=120,
        required=False,
        help_text="Blank: the game and today's date.",
    )
    first_dealer = forms.TypedChoiceField(
        label="Deals first", coerce=int, widget=forms.RadioSelect, initial=0
    )

    def __init__(self, *args, game_slug: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = rules.get_game(game_slug)
        self.game_slug = game_slug
        count = self.game.players or 0
        self.seat_fields = []
        for seat in range(count):
            name = f"player_{seat}"
            self.fields[name] = forms.CharField(
                label=f"Seat {seat + 1}",
                max_length=NAME_MAX,
                error_messages={"required": f"Name the player in seat {seat + 1}."},
                widget=forms.TextInput(attrs={"autocapitalize": "words", "autocomplete": "off"}),
            )
            self.seat_fields.append(name)
        self.fields["first_dealer"].choices = [(s, f"Seat {s + 1}") for s in range(count)]
        self.side_fields = []
        if game_slug == GameChoice.PARTNERSHIP:
            sides = (((1, 3), "Ann & Cy"), ((2, 4), "Bo & Di"))
            for number, ((a, b), example) in enumerate(sides):
                name = f"side_{number}"
                self.fields[name] = forms.CharField(
                    label=f"Name of side {number + 1} (optional)",
                    max_length=NAME_MAX * 2 + 3,
                    required=False,
                    help_text=f"Blank: seats {a} and {b}'s names, e.g. “{example}”.",
                )
                self.side_fields.append(name)
        self.rule_fields = []
        for rule in self.game.house_rules:
            name = f"rule_{rule.name}"
            self.fields[name] = house_rule_field(rule)
            self.rule_fields.append(name)

    def seat_rows(self):
        """(name field, seat number) in seat order; the template puts "deals first" beside."""
        return [(self[name], seat) for seat, name in enumerate(self.seat_fields)]

    def house_rule_fields(self):
        return [self[name] for name in self.rule_fields]

    def partnership_sides(self):
        """Two sides, each (its name field, its two seats' name fields): partners sit across."""
        if not self.side_fields:
            return []
        seats = self.seat_rows()
        return [(self["side_0"], [seats[0], seats[2]]), (self["side_1"], [seats[1], seats[3]])]

    def clean(self):
        data = super().clean()
        players = []
        for seat, field in enumerate(self.seat_fields):
            value = clean_name(data.get(field) or "")
            if field in self.errors:
                continue
            if not value:
                self.add_error(field, f"Name the player in seat {seat + 1}.")
                continue
            data[field] = value
            earlier = [p for p in players if p.casefold() == value.casefold()]
            if earlier:
                self.add_error(
                    field, f"{value} is already in another seat: give each player their own name."
                )
            players.append(value)
        data["players"] = players
        sides = []
        for number, field in enumerate(self.side_fields):
            typed = clean_name(data.get(field) or "")
            if not typed and len(players) == 4:
                typed = f"{players[number]} & {players[number + 2]}"
            sides.append(typed)
        if len(sides) == 2 and sides[0] and sides[0].casefold() == sides[1].casefold():
            self.add_error("side_1", "The two sides need different names.")
        data["side_names"] = sides
        chosen = {name[len("rule_") :]: data.get(name) for name in self.rule_fields}
        if not any(name in self.errors for name in self.rule_fields):
            try:
                data["house_rules"] = rules.get_game(self.game_slug, **chosen).settings
            except ValueError as exc:
                raise ValidationError(f"House rules: {exc}") from exc
        if not data.get("name"):
            today = timezone.localdate()
            data["name"] = f"{self.game.name}, {today.day} {today:%b %Y}"
        return data


def _whole(text: str) -> int | None:
    text = text.replace(" ", "")
    if text == "":
        return None
    number = rules.read_whole(text, digits=6)
    if number is None:
        raise ValueError(text)
    return number


class HandForm(forms.Form):
    """One hand as typed on a phone: the bid and what each side (or player) took.

    Fields depend on the game: Rook for Two asks each player's tricks and count;
    partnership asks the bidding side's points (and, optionally, the other
    side's), whether one side took every trick, and in the five-player game
    the called partner.
    """

    number = WholeNumberField(widget=forms.HiddenInput, min_value=1)
    based_on = WholeNumberField(widget=forms.HiddenInput, min_value=0, required=False)
    bidder = forms.TypedChoiceField(
        label="Who won the bid",
        coerce=int,
        widget=forms.RadioSelect,
        error_messages={"required": "Say who won the bid."},
    )
    bid = forms.CharField(label="Bid", max_length=8, required=False)
    trump = forms.ChoiceField(label="Trump (optional, for the record)", required=False)

    def __init__(self, *args, pad: Pad, **kwargs):
        super().__init__(*args, **kwargs)
        self.pad = pad
        self.players = {player.pk: player for player in pad.seats}
        self.fields["bidder"].choices = [(p.pk, p.name) for p in pad.seats]
        self.fields["trump"].choices = [
            ("", "Not recorded"),
            *((trump.value, trump.label) for trump in pad.trump_choices()),
        ]
        self.fields["bid"].widget.attrs.update(_numeric())
        self.per_player = []
        if pad.is_two:
            for player in pad.seats:
                for what in ("tricks", "count"):
                    name = f"{what}_{player.pk}"
                    self.fields[name] = forms.CharField(
                        label=f"{player.name}: {what}", max_length=8, required=False
                    )
                    self.fields[name].widget.attrs.update(_numeric())
                self.per_player.append(player)
        else:
            tricks = pad.game.tricks_per_hand
            self.fields["taken"] = forms.CharField(
                label="Points the bidding side took", max_length=8, required=False
            )
            self.fields["other_taken"] = forms.CharField(
                label="Points the other side took",
                max_length=8,
                required=False,
                help_text=(
                    f"Filled in as {HAND_POINTS} minus the bidding side's; you can type it instead."
                ),
            )
            for name in ("taken", "other_taken"):
                self.fields[name].widget.attrs.update(_numeric())
            self.fields["all_tricks"] = forms.ChoiceField(
                label=f"Took all {tricks} tricks",
                choices=Hand.AllTricks.choices,
                required=False,
                widget=forms.RadioSelect,
                initial="",
            )
            if pad.is_five:
                self.fields["partner"] = forms.TypedChoiceField(
                    label="Called partner",
                    coerce=int,
                    required=False,
                    empty_value=None,
                    widget=forms.RadioSelect,
                    choices=[("", "Alone"), *((p.pk, p.name) for p in pad.seats)],
                    initial="",
                )
                self.fields["taken"].label = "Points the bidder's side took"
                self.fields["other_taken"].label = "Points the other players took"

    @classmethod
    def for_hand(cls, hand: Hand, *, pad: Pad) -> HandForm:
        """A correction form filled in with this version's figures."""
        entry = hand.inputs()
        initial = {
            "number": hand.number,
            "based_on": hand.version,
            "bidder": entry.bidder.pk if entry.bidder else None,
            "bid": entry.bid,
            "trump": entry.trump,
            "taken": entry.taken,
            "other_taken": entry.other_taken,
            "all_tricks": entry.all_tricks,
            "partner": entry.partner.pk if entry.partner else "",
        }
        for pk, value in entry.tricks.items():
            initial[f"tricks_{pk}"] = value
        for pk, value in entry.count.items():
            initial[f"count_{pk}"] = value
        return cls(pad=pad, initial=initial)

    def _number(self, data: dict, name: str, what: str) -> int | None:
        try:
            return _whole(data.get(name) or "")
        except ValueError:
            self.add_error(name, f"“{data.get(name)}” is not a number: type {what}.")
            return None

    def clean(self):
        data = super().clean()
        bid = self._number(data, "bid", "the bid as a whole number")
        bidder = self.players.get(data.get("bidder"))
        tricks, count = {}, {}
        for player in self.per_player:
            tricks[player.pk] = self._number(
                data, f"tricks_{player.pk}", f"{player.name}'s tricks, 0 to 13"
            )
            count[player.pk] = self._number(
                data, f"count_{player.pk}", f"{player.name}'s count, in fives"
            )
        taken = other = None
        if not self.pad.is_two:
            taken = self._number(data, "taken", "the points, in fives")
            other = self._number(data, "other_taken", "the points, in fives")
        partner = self.players.get(data.get("partner")) if self.pad.is_five else None
        if partner is not None and bidder is not None and partner.pk == bidder.pk:
            partner = None  # Calling one's own card is playing alone (RULES.md).
        data["entry"] = HandInput(
            bidder=bidder,
            bid=bid,
            trump=data.get("trump") or "",
            partner=partner,
            taken=taken,
            other_taken=other,
            all_tricks=data.get("all_tricks") or "",
            tricks=tricks,
            count=count,
        )
        return data

    def player_rows(self):
        """Rook for Two: (player, tricks field, count field) in seat order."""
        return [
            (player, self[f"tricks_{player.pk}"], self[f"count_{player.pk}"])
            for player in self.per_player
        ]

    def bidder_groups(self):
        """The bidder's radio buttons grouped by side (partnership) or in seat order."""
        buttons = {int(b.data["value"]): b for b in self["bidder"]}
        if not self.pad.is_partnership:
            return [(None, [buttons[p.pk] for p in self.pad.seats])]
        return [
            (side, [buttons[p.pk] for p in self.pad.seats if p.side_id == side.pk])
            for side in self.pad.scorers
        ]


def _numeric() -> dict[str, str]:
    return {"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}


class UndoForm(forms.Form):
    number = WholeNumberField(widget=forms.HiddenInput, min_value=1)
