"""The night's workflows against a real database: seating, lifecycle, versions, fill-ins."""

import pytest

from scoring import rules
from tests.factories import PlayerFactory, night, valid_points
from tourney import seating, services
from tourney.models import Entry, Player, Round, Score

pytestmark = pytest.mark.django_db


def play_round(event, *, skip_tables=()):
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    for table in rnd.tables.order_by("number"):
        if table.number not in skip_tables:
            services.submit_scores(table, valid_points(table), entered_by="Ann")
    return rnd


def test_seating_thirteen_players_gives_tables_of_five_four_four():
    event = night(13)
    rnd = services.seat_next_round(event)
    sizes = sorted((t.seats.count() for t in rnd.tables.all()), reverse=True)
    assert sizes == [5, 4, 4]
    assert rnd.status == Round.Status.PLANNED
    seated = list(rnd.seats.values_list("player_id", flat=True))
    assert sorted(seated) == sorted(event.players.values_list("pk", flat=True))


def test_same_event_and_round_reseat_gives_the_same_plan():
    event = night(17)
    rnd = services.seat_next_round(event)
    first = services.current_plan(rnd)
    services.reseat_round(rnd)
    assert services.current_plan(rnd) == first


def test_next_round_cannot_be_seated_while_one_is_playing():
    event = night(12)
    play_round(event)
    with pytest.raises(services.RoundStateError, match="still being played"):
        services.seat_next_round(event)


def test_close_is_refused_while_a_table_has_no_scores_unless_filled():
    event = night(12)
    rnd = play_round(event, skip_tables=(3,))
    with pytest.raises(services.RoundStateError, match="Table 3 has no scores"):
        services.close_round(rnd)
    services.close_round(rnd, fill_empty_tables=True)
    rnd.refresh_from_db()
    assert rnd.status == Round.Status.CLOSED
    table3 = {s.player_id for s in rnd.tables.get(number=3).seats.all()}
    filled = Score.objects.filter(entry__round=rnd, entry__state="current", played=False)
    assert {s.player_id for s in filled} == table3
    # Highest score of the round (house default) across the tables that played.
    played = Score.objects.filter(entry__round=rnd, entry__state="current", played=True)
    assert {s.points for s in filled} == {max(s.points for s in played)}


def test_late_arrival_gets_missed_round_scores_and_is_seated_next():
    event = night(12)
    services.close_round(play_round(event))
    late = services.add_players(event, ["Latecomer"])[0]
    fill = Score.objects.get(player=late, entry__state="current")
    assert fill.played is False
    assert fill.points == max(
        Score.objects.filter(entry__round__number=1, played=True).values_list("points", flat=True)
    )
    rnd2 = services.seat_next_round(event)
    assert rnd2.seats.filter(player=late).exists()


def test_leaver_is_not_seated_and_gets_missed_round_score_on_close():
    event = night(13)
    services.close_round(play_round(event))
    leaver = event.players.get(name="P05")
    services.set_player_status(leaver, Player.Status.LEFT)
    rnd2 = play_round(event)
    assert not rnd2.seats.filter(player=leaver).exists()
    services.close_round(rnd2)
    score = Score.objects.get(player=leaver, entry__round=rnd2, entry__state="current")
    assert score.played is False


def test_absent_player_who_never_played_is_left_off_the_sheet():
    event = night(12)
    ghost = PlayerFactory(event=event, name="Never came", status=Player.Status.ABSENT)
    services.close_round(play_round(event))
    assert not Score.objects.filter(player=ghost).exists()


def test_invalid_scores_save_nothing():
    event = night(12)
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    table = rnd.tables.get(number=1)
    points = {s.player_id: 0 for s in table.seats.all()}
    with pytest.raises(rules.InvalidScore) as exc:
        services.submit_scores(table, points, entered_by="Ann")
    assert "exactly one player goes out" in str(exc.value)
    assert not Entry.objects.exists()
    assert not Score.objects.exists()


def test_host_correction_is_a_new_version_and_keeps_the_old():
    event = night(12)
    rnd = play_round(event)
    table = rnd.tables.get(number=1)
    first = table.entries.get(state="current")
    services.submit_scores(
        table,
        valid_points(table, out_index=1, base=20),
        entered_by="host",
        based_on=first.version,
        source=Entry.Source.HOST,
    )
    versions = list(table.entries.order_by("version"))
    assert [(v.version, v.state) for v in versions] == [(1, "replaced"), (2, "current")]
    assert versions[0].points_by_player() == valid_points(table)


def test_reopened_round_correction_refreshes_the_fill_ins():
    event = night(12)
    rnd = play_round(event, skip_tables=(2,))
    services.close_round(rnd, fill_empty_tables=True)
    services.reopen_round(rnd)
    table2 = rnd.tables.get(number=2)
    services.submit_scores(table2, valid_points(table2), source=Entry.Source.HOST)
    services.close_round(rnd)
    current_fill = rnd.entries.filter(table=None, state="current")
    assert not current_fill.exists()  # Everyone has now played.
    assert rnd.entries.filter(table=None, state="replaced").count() == 1


def test_phone_submission_never_overwrites_existing_scores():
    event = night(12)
    rnd = play_round(event)
    table = rnd.tables.get(number=1)
    result = services.submit_scores(
        table, valid_points(table, out_index=2), entered_by="Bo", based_on=0
    )
    assert result.outcome == "disputed"
    assert table.entries.get(state="current").points_by_player() == valid_points(table)


def test_swap_and_move_before_play():
    event = night(13)
    rnd = services.seat_next_round(event)
    t1, t2 = rnd.tables.get(number=1), rnd.tables.get(number=2)
    a, b = t1.seats.get(position=1).player, t2.seats.get(position=2).player
    services.swap_players(rnd, a, b)
    assert rnd.seats.get(player=a).table == t2
    assert rnd.seats.get(player=b).table == t1
    mover = t1.seats.get(position=0).player
    size1 = t1.seats.count()
    services.move_player(rnd, mover, 3)
    assert rnd.seats.get(player=mover).table.number == 3
    assert sorted(t1.seats.values_list("position", flat=True)) == list(range(size1 - 1))


def test_start_refused_when_a_move_breaks_the_table_sizes():
    event = night(12)
    rnd = services.seat_next_round(event)
    table1 = rnd.tables.get(number=1)
    for seat in list(table1.seats.order_by("position"))[:2]:
        services.move_player(rnd, seat.player, 2)
    with pytest.raises(services.RoundStateError, match="Table 1 has 2 players"):
        services.begin_round(rnd)


def test_shanghai_seven_players_asks_for_a_fix():
    event = night(7, game_slug="shanghai", min_table_size=4, max_table_size=6)
    with pytest.raises(seating.SeatingError) as exc:
        services.seat_next_round(event)
    assert "sit_out" in exc.value.fixes
    rnd = services.seat_next_round(event, fallback="sit_out")
    assert rnd.seats.count() == 6


def test_plan_the_whole_night_ahead():
    event = night(13, rounds_planned=5)
    created = services.plan_rest_of_night(event)
    assert [r.number for r in created] == [1, 2, 3, 4, 5]
    assert all(r.seats.count() == 13 for r in created)
    # Round 2 cannot start before round 1 is closed.
    with pytest.raises(services.RoundStateError, match="Round 1 is not closed"):
        services.begin_round(created[1])


def test_shanghai_seven_players_can_seat_a_table_of_three():
    event = night(7, game_slug="shanghai", min_table_size=4, max_table_size=6, rounds_planned=7)
    with pytest.raises(seating.SeatingError) as exc:
        services.seat_next_round(event)
    assert set(exc.value.fixes) == {"short_table", "sit_out"}
    rnd = services.seat_next_round(event, fallback="short_table")
    sizes = sorted(t.seats.count() for t in rnd.tables.all())
    assert sizes == [3, 4]
    services.begin_round(rnd)  # a 3-player Shanghai table plays the fewer-than-4 rules
    small = next(t for t in rnd.tables.all() if t.seats.count() == 3)
    assert small.rules_round().cards_dealt == 7


def test_toonerville_ignores_a_forged_short_table_choice():
    event = night(2)
    with pytest.raises(seating.SeatingError):
        services.seat_next_round(event, fallback="short_table")


def test_a_mix_night_seated_round_by_round_is_the_plan_printed_at_the_start():
    event = night(14, rounds_planned=4)
    printed = [services.current_plan(r) for r in services.plan_rest_of_night(event)]
    for number in range(1, 5):
        rnd = play_round(event)
        assert rnd.number == number
        assert services.current_plan(rnd) == printed[number - 1]
        services.close_round(rnd)


def test_a_late_arrival_replans_the_rest_of_the_night_and_everyone_moves():
    event = night(12, rounds_planned=4)
    services.plan_rest_of_night(event)
    first = play_round(event)
    services.close_round(first)
    late = services.add_players(event, ["Latecomer"])[0]
    second = services.seat_next_round(event)
    assert second.seats.filter(player=late).exists()
    before = {
        s.player_id: (s.table.number, s.position) for s in first.seats.select_related("table")
    }
    for seat in second.seats.select_related("table"):
        assert before.get(seat.player_id) != (seat.table.number, seat.position)


@pytest.mark.parametrize(
    ("game", "players", "sizes"), [("toonerville", 13, (3, 5)), ("shanghai", 9, (4, 6))]
)
def test_seating_by_standings_seats_round_one_before_anyone_has_a_total(game, players, sizes):
    """Round 1 has no totals yet: everyone is level, and the round is seated (it raised)."""
    event = night(
        players,
        game_slug=game,
        seating_method="standings",
        min_table_size=sizes[0],
        max_table_size=sizes[1],
        rounds_planned=11 if game == "toonerville" else 7,
    )
    first = play_round(event)
    seated = sorted(first.seats.values_list("player_id", flat=True))
    assert seated == sorted(event.players.values_list("pk", flat=True))
    services.close_round(first)
    second = services.seat_next_round(event)  # now by the totals round 1 left
    assert second.seats.count() == players
