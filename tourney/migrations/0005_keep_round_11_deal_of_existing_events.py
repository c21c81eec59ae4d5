"""Round 11's default deal became 12 (pagat); events made before keep the 14 they had.

An event stores its house rules as JSON, and a rule it does not mention takes
the game's current default. Writing 14 into every Toonerville event that does
not name its round 11 deal keeps those events as they were played; only events
created from now on get the new default. Undoing it leaves the JSON alone: 14
is what those events meant either way.
"""

from django.db import migrations

OLD_DEFAULT = 14


def keep_old_deal(apps, schema_editor):
    Event = apps.get_model("tourney", "Event")
    for event in Event.objects.filter(game_slug="toonerville").only("pk", "house_rules"):
        rules = dict(event.house_rules or {})
        if "round_11_cards" not in rules:
            rules["round_11_cards"] = OLD_DEFAULT
            Event.objects.filter(pk=event.pk).update(house_rules=rules)


class Migration(migrations.Migration):
    dependencies = [("tourney", "0004_table_codes_join_attempts_sign_in_links")]

    operations = [migrations.RunPython(keep_old_deal, migrations.RunPython.noop)]
