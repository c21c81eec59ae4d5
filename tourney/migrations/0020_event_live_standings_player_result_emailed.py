"""Live standings on phones (a secret address per night, on by default) and when a
player's result of the night was emailed (so it is never sent twice)."""

from django.db import migrations, models

import tourney.models.night


def give_each_night_its_own_token(apps, schema_editor):
    Event = apps.get_model("tourney", "Event")
    for event in Event.objects.filter(live_token="").only("pk"):
        event.live_token = tourney.models.night.new_table_token()
        event.save(update_fields=["live_token"])


class Migration(migrations.Migration):
    dependencies = [("tourney", "0019_club_site_rating_seating")]

    operations = [
        migrations.AddField(
            model_name="event",
            name="live_standings",
            field=models.BooleanField(
                default=True,
                help_text="A Standings QR code on the projector and the table cards opens the "
                "night's standings on any phone, without sign-in. Turn it off and that address "
                "stops working.",
                verbose_name="live standings on phones",
            ),
        ),
        migrations.AddField(
            model_name="event",
            name="live_token",
            field=models.CharField(default="", max_length=64),
            preserve_default=False,
        ),
        migrations.RunPython(give_each_night_its_own_token, migrations.RunPython.noop),
        migrations.AlterField(
            model_name="event",
            name="live_token",
            field=models.CharField(
                default=tourney.models.night.new_table_token, max_length=64, unique=True
            ),
        ),
        migrations.AddField(
            model_name="player",
            name="result_emailed_at",
            field=models.DateTimeField(
                blank=True,
                help_text="When this player's result of the night was emailed.",
                null=True,
            ),
        ),
    ]
