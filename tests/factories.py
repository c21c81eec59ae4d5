"""factory_boy factories for the test suite."""

import factory
from django.contrib.auth import get_user_model

PASSWORD = "a-test-password-1"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"host{n}")
    is_staff = True
    is_superuser = True

    @factory.post_generation
    def password(self, create, extracted, **kwargs):
        self.set_password(extracted or PASSWORD)
        if create:
            self.save(update_fields=["password"])


class EventFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "tourney.Event"

    owner = factory.SubFactory(UserFactory)
    name = factory.Sequence(lambda n: f"Rook night {n}")
    game_slug = "toonerville"
    rounds_planned = 11
    min_table_size = 3
    max_table_size = 5
    house_rules = factory.LazyAttribute(lambda o: _default_rules(o.game_slug))


def _default_rules(slug: str) -> dict:
    from scoring import rules

    return rules.get_game(slug).settings


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = "tourney.Player"

    event = factory.SubFactory(EventFactory)
    name = factory.Sequence(lambda n: f"Player {n}")
    status = "present"


def night(players: int = 13, **event_fields):
    """An event with ``players`` checked-in players named P01, P02, ..."""
    event = EventFactory(**event_fields)
    for n in range(1, players + 1):
        PlayerFactory(event=event, name=f"P{n:02d}")
    return event


def valid_points(table, *, out_index: int = 0, base: int = 10) -> dict[int, int]:
    """Scores a table could really have: the seat at ``out_index`` went out."""
    seats = list(table.seats.order_by("position"))
    return {s.player_id: 0 if i == out_index else base + i for i, s in enumerate(seats)}
