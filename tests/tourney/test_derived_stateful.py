"""A stateful property test of the numbers derived from the scores (issue 23, items 1 and 4).

Phones submit and dispute, the host corrects, settles, restores old versions,
closes (filling empty tables), reopens, seats the next round, and players
arrive late or check in after being marked absent. After every step the
master sheet, the standings (its CSV download), ``services.event_totals``,
the person pages (``history.person_history``) and the season standings must
all equal a recomputation written here from the raw current table versions:

- a missed-round fill-in, for every round closed at least once, is the highest
  current played score of that round (the house default), for every player on
  the event's list without a table score in it;
- totals, went out, worst round, rounds played and places count the closed
  rounds and the rounds reopened for a correction, never a round whose scores
  are still coming in;
- no player has two current scores in one round.

``ROOKERY_DERIVED_EXAMPLES`` sets the number of examples (40 by default, about a
minute of CPU; CI runs it in a process of its own beside the score-path test).
"""

from __future__ import annotations

import contextlib
import csv
import io
import math
import os
import uuid

import pytest
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from scoring import rules
from tests.factories import night
from tourney import services
from tourney.club import history, seasons
from tourney.models import Entry, Player, Round, Score, Season
from tourney.night.sheet import build_sheet
from tourney.seating import SeatingError

pytestmark = pytest.mark.django_db

EXAMPLES = int(os.environ.get("ROOKERY_DERIVED_EXAMPLES", "40"))


def table_points(seats: list[int], out: int, base: int) -> dict[int, int]:
    return {pid: 0 if i == out % len(seats) else 5 * base + 5 * i for i, pid in enumerate(seats)}


class DerivedNumbers(RuleBasedStateMachine):
    host = None

    @initialize()
    def a_night(self):
        self.season = Season.objects.create(owner=self.host, name=f"S {uuid.uuid4().hex[:8]}")
        self.event = night(8, owner=self.host, rounds_planned=3, season=self.season)
        services.begin_round(services.seat_next_round(self.event))
        self.closed_once: set[int] = set()  # rounds this test has seen closed
        self.arrivals = 0
        self.browser = Client()
        self.browser.force_login(self.host)

    # -- helpers ---------------------------------------------------------------------

    def playing_tables(self):
        return [
            t
            for rnd in self.event.rounds.filter(status=Round.Status.PLAYING).order_by("number")
            for t in rnd.tables.order_by("number")
        ]

    def submit(self, pick, out, base, *, source, device=""):
        tables = self.playing_tables()
        if not tables:
            return
        table = tables[pick % len(tables)]
        seats = list(table.seats.order_by("position").values_list("player_id", flat=True))
        current = table.entries.filter(state=Entry.State.CURRENT).first()
        with contextlib.suppress(rules.InvalidScore):
            services.submit_scores(
                table,
                table_points(seats, out, base),
                entered_by="host" if source == Entry.Source.HOST else f"phone {device}",
                user=self.host if source == Entry.Source.HOST else None,
                source=source,
                device=device,
                based_on=current.version if current else None,
            )

    # -- the tables and the host -----------------------------------------------------

    @rule(pick=st.integers(0, 20), out=st.integers(0, 4), base=st.integers(1, 12))
    def phone_submits(self, pick, out, base):
        self.submit(pick, out, base, source=Entry.Source.PHONE, device=f"d{pick % 3}")

    @rule(pick=st.integers(0, 20), out=st.integers(0, 4), base=st.integers(1, 12))
    def host_corrects(self, pick, out, base):
        self.submit(pick, out, base, source=Entry.Source.HOST)

    @rule(pick=st.integers(0, 50))
    def host_settles_a_dispute(self, pick):
        disputed = list(
            Entry.objects.filter(round__event=self.event, state=Entry.State.DISPUTED)
            .select_related("table")
            .order_by("pk")
        )
        if not disputed:
            return
        table = disputed[pick % len(disputed)].table
        versions = list(table.entries.exclude(state=Entry.State.DISMISSED).order_by("version"))
        services.restore_entry(versions[pick % len(versions)], user=self.host)

    @rule(pick=st.integers(0, 50))
    def host_restores_an_old_version(self, pick):
        old = list(
            Entry.objects.filter(
                round__event=self.event,
                round__status=Round.Status.PLAYING,
                state=Entry.State.REPLACED,
            )
            .exclude(table=None)
            .order_by("pk")
        )
        if old:
            services.restore_entry(old[pick % len(old)], user=self.host)

    @rule()
    def host_closes_the_round(self):
        rnd = self.event.rounds.filter(status=Round.Status.PLAYING).order_by("number").first()
        if rnd is None:
            return
        services.close_round(rnd, fill_empty_tables=True, keep_first_entry=True, user=self.host)
        self.closed_once.add(rnd.number)

    @rule(pick=st.integers(0, 10))
    def host_reopens_a_round(self, pick):
        closed = list(self.event.rounds.filter(status=Round.Status.CLOSED).order_by("number"))
        if closed:
            services.reopen_round(closed[pick % len(closed)])

    @rule(pick=st.integers(0, 10), out=st.integers(0, 4), base=st.integers(1, 12))
    def host_reopens_a_round_and_corrects_a_table(self, pick, out, base):
        """The correction the issue names: Hank's 88 becomes 90 in a closed round."""
        closed = list(self.event.rounds.filter(status=Round.Status.CLOSED).order_by("number"))
        if not closed:
            return
        rnd = services.reopen_round(closed[pick % len(closed)])
        tables = list(rnd.tables.order_by("number"))
        table = tables[pick % len(tables)]
        seats = list(table.seats.order_by("position").values_list("player_id", flat=True))
        with contextlib.suppress(rules.InvalidScore):
            services.submit_scores(
                table, table_points(seats, out, base), user=self.host, source=Entry.Source.HOST
            )

    @rule(base=st.integers(1, 12))
    def every_table_without_scores_enters(self, base):
        for n, table in enumerate(self.playing_tables()):
            if not table.entries.filter(state=Entry.State.CURRENT).exists():
                seats = list(table.seats.order_by("position").values_list("player_id", flat=True))
                with contextlib.suppress(rules.InvalidScore):
                    services.submit_scores(
                        table, table_points(seats, n, base + n), device=f"t{table.pk}"
                    )

    @rule()
    def host_seats_and_starts_the_next_round(self):
        with contextlib.suppress(services.RoundStateError, SeatingError):
            services.begin_round(services.seat_next_round(self.event))

    @precondition(lambda self: hasattr(self, "event") and self.arrivals < 3)
    @rule(absent_first=st.booleans())
    def a_player_arrives_late(self, absent_first):
        self.arrivals += 1
        name = f"Late {self.arrivals}"
        if absent_first:
            (player,) = services.add_players(self.event, [name], status=Player.Status.ABSENT)
            self.absent = [*getattr(self, "absent", []), player.pk]
        else:
            services.add_players(self.event, [name])

    @rule()
    def an_absent_player_checks_in(self):
        waiting = getattr(self, "absent", [])
        if waiting:
            services.set_player_status(Player.objects.get(pk=waiting.pop(0)), Player.Status.PRESENT)

    # -- the recomputation -----------------------------------------------------------

    def expected(self):
        """From the raw current table versions only: cells, then the standings."""
        event = self.event
        status = dict(event.rounds.values_list("number", "status"))
        counted = {
            n
            for n, s in status.items()
            if s == Round.Status.CLOSED or (s == Round.Status.PLAYING and n in self.closed_once)
        }
        table_scores: dict[tuple[int, int], int] = {}
        for player_id, number, points in Score.objects.filter(
            entry__round__event=event, entry__state=Entry.State.CURRENT, entry__table__isnull=False
        ).values_list("player_id", "entry__round__number", "points"):
            assert (player_id, number) not in table_scores, "two current table scores"
            table_scores[(player_id, number)] = points
        fill = {
            n: max((p for (_, m), p in table_scores.items() if m == n), default=0)
            for n in self.closed_once
        }
        listed = {
            pk
            for pk, s in event.players.values_list("pk", "status")
            if s != Player.Status.ABSENT or any(k[0] == pk for k in table_scores)
        }
        seated = set(
            event.rounds.filter(status=Round.Status.PLAYING).values_list(
                "seats__player_id", "number"
            )
        )
        cells: dict[int, dict[int, tuple[int | None, bool]]] = {}
        for pk in event.players.values_list("pk", flat=True):
            mine = {}
            for n in range(1, event.rounds_planned + 1):
                if (pk, n) in table_scores:
                    mine[n] = (table_scores[(pk, n)], True)
                elif n in self.closed_once and pk in listed:
                    mine[n] = (fill[n], False)
                elif (pk, n) in seated:
                    mine[n] = (None, True)  # score to come
            if mine:
                cells[pk] = mine
        figures = {}
        for pk, mine in cells.items():
            counts = [(p, played) for n, (p, played) in mine.items() if n in counted]
            played = [p for p, was in counts if was and p is not None]
            total = sum(p for p, _ in counts if p is not None)
            worst = max(played, default=None)
            figures[pk] = {
                "total": total,
                "went_out": played.count(0),
                "worst": worst,
                "rounds_played": len(played),
                "key": (total, -played.count(0), math.inf if worst is None else worst),
            }
        for f in figures.values():
            f["place"] = 1 + sum(g["key"] < f["key"] for g in figures.values())
            f["tied"] = sum(g["key"] == f["key"] for g in figures.values()) > 1
        finished = all(
            status.get(n) == Round.Status.CLOSED for n in range(1, event.rounds_planned + 1)
        )
        return cells, figures, finished, counted

    @invariant()
    def every_reader_agrees_with_the_recomputation(self):
        if not hasattr(self, "event"):
            return
        cells, figures, finished, counted = self.expected()
        sheet = build_sheet(self.event)
        # The master sheet: every cell, and the figures of every row.
        assert {r.player.pk for r in sheet.rows} == set(cells)
        for row in sheet.rows:
            shown = {
                n: (c.points, c.played)
                for n, c in enumerate(row.cells, start=1)
                if c is not None and not (c.pending and c.points is None)
            }
            assert shown == {n: v for n, v in cells[row.player.pk].items() if v[0] is not None}
            for n, c in enumerate(row.cells, start=1):
                if c is not None:
                    assert c.final == (n in counted)
            f = figures[row.player.pk]
            got = (row.total, row.went_out, row.worst_round, row.rounds_played, row.place, row.tied)
            want = (
                f["total"],
                f["went_out"],
                f["worst"],
                f["rounds_played"],
                f["place"],
                f["tied"],
            )
            assert got == want, row.player.name
        assert sheet.finished == finished
        assert sheet.rounds_closed == len(counted)
        # Seating by standings.
        assert services.event_totals(self.event) == {pk: f["total"] for pk, f in figures.items()}
        # The standings as the host downloads them.
        reply = self.browser.get(reverse("export_standings", args=[self.event.slug, "csv"]))
        names = dict(self.event.players.values_list("name", "pk"))
        lines = list(csv.reader(io.StringIO(reply.content.decode())))[1:]
        assert {names[line[1]]: (int(line[0]), int(line[2]), int(line[5])) for line in lines} == {
            pk: (f["place"], f["total"], f["rounds_played"]) for pk, f in figures.items()
        }
        # Person pages: a night is listed from the person's first score at a table (in
        # play until it finishes); its figures count the counted rounds only.
        persons = dict(self.event.players.values_list("pk", "person_id"))
        at_a_table = set(
            Score.objects.filter(
                entry__round__event=self.event,
                entry__state=Entry.State.CURRENT,
                entry__table__isnull=False,
            ).values_list("player_id", flat=True)
        )
        for pk, f in list(figures.items())[:3]:
            person = Player.objects.get(pk=pk).person  # P01 of every example is one person
            nights = [n for n in history.person_history(person).nights if n.event == self.event]
            if pk not in at_a_table:
                assert nights == []
                continue
            (mine,) = nights
            assert (mine.total, mine.place, mine.rounds_played, mine.finished) == (
                f["total"],
                f["place"],
                f["rounds_played"],
                finished,
            )
        # Season standings: the night counts once finished, with these places.
        table = seasons.season_table(self.season)
        expected_places = {persons[pk]: f["place"] for pk, f in figures.items()} if finished else {}
        assert table.nights[0].places == expected_places
        assert {s.person: s.score for s in table.standings} == expected_places


def test_every_derived_number_follows_every_correction(host):
    DerivedNumbers.host = host
    run_state_machine_as_test(
        DerivedNumbers,
        settings=settings(
            max_examples=EXAMPLES,
            stateful_step_count=18,
            deadline=None,
            derandomize=True,  # the same examples on SQLite and PostgreSQL
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much],
            database=None,
        ),
    )
