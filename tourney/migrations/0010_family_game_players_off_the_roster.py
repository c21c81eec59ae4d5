"""Players of a game at one table come off the host's roster.

A family's game on one phone ("Mom", "Dad", "Kid") was linking its players to
roster people like a club night does, so they filled the roster and its name
matching. From now on such players have no person; this unlinks the ones made
before, and deletes a person only when the family game made them: no night of
the club's, no contact details, no kept spellings, and created with the game's
player (within seconds of it). Someone the host put on the roster by hand stays.
Undoing it leaves the players unlinked.
"""

from datetime import timedelta

from django.db import migrations

MADE_WITH = timedelta(seconds=5)


def take_family_players_off_the_roster(apps, schema_editor):
    Player = apps.get_model("tourney", "Player")
    Person = apps.get_model("tourney", "Person")
    family = Player.objects.filter(event__kind="table", person__isnull=False)
    joined: dict[int, list] = {}
    for person_id, at in family.values_list("person_id", "joined_at"):
        joined.setdefault(person_id, []).append(at)
    family.update(person=None)
    for person in Person.objects.filter(pk__in=joined):
        if person.players.exists() or person.email or person.phone or person.aliases:
            continue
        if any(abs(person.created_at - at) <= MADE_WITH for at in joined[person.pk]):
            person.delete()


class Migration(migrations.Migration):
    dependencies = [("tourney", "0009_person_key_season_per_host")]

    operations = [
        migrations.RunPython(take_family_players_off_the_roster, migrations.RunPython.noop)
    ]
