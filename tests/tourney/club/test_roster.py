"""The roster: matching names to people, merge, rename, import with a preview, export."""

import csv
import io
import random
import re
from html import unescape

import openpyxl
import pytest
import tablib
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import EventFactory, UserFactory, night
from tourney import services
from tourney.club import people
from tourney.club.people import RosterError, close_spelling, match_name, merge_people, rename_person
from tourney.models import Person, Player, Score
from tourney.night.sheet import build_sheet

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("typed", "known", "close"),
    [
        ("Anne Whitaker", "Ann Whitaker", True),
        ("Jon Smith", "John Smith", True),
        ("Ann Whittaker", "Ann Whitaker", True),
        ("Ann Walker", "Ann Whitaker", False),
        ("Bo", "Jo", False),
        ("P01", "P02", False),
        ("Ann Whitaker", "Ann Whitaker", False),
    ],
    ids=["extra-e", "missing-h", "double-t", "other-surname", "two-letters", "numbers", "same"],
)
def test_close_spelling(typed, known, close):
    assert close_spelling(people.name_key(typed), people.name_key(known)) is close


@pytest.mark.parametrize(
    ("a", "b", "apart"),
    [
        ("Tim", "Tom", True),
        ("Jan", "Dan", True),
        ("Christina", "Christine", True),
        ("Jon", "John", True),
        ("Anne Whitaker", "Ann Whitaker", False),
        ("Ann W", "Ann B", False),
        ("Christopher", "Kristopher", False),
        ("Tim", "Tim", False),
        ("P1", "P2", False),
    ],
    ids=[
        "tim-tom",
        "jan-dan",
        "long",
        "added-letter",
        "surname",
        "initial",
        "two-slips",
        "same",
        "numbers",
    ],
)
def test_first_names_apart(a, b, apart):
    assert people.first_names_apart(people.name_key(a), people.name_key(b)) is apart


def test_match_name_exact_key_alias_and_close(host):
    ann = Person.objects.create(owner=host, name="Ann Whitaker", aliases=["Annie W"])
    Person.objects.create(owner=host, name="Ann Walker")
    roster = list(Person.objects.filter(owner=host))
    assert [(m.person, m.how) for m in match_name("Ann Whitaker", roster)] == [(ann, "exact")]
    assert [(m.person, m.how) for m in match_name("ANN  whitaker.", roster)] == [(ann, "key")]
    assert [(m.person, m.how) for m in match_name("annie w", roster)] == [(ann, "alias")]
    assert [(m.person, m.how) for m in match_name("Anne Whitaker", roster)] == [(ann, "close")]
    assert match_name("Bob Jones", roster) == []


def play_round(event, rng):
    rnd = services.seat_next_round(event)
    services.begin_round(rnd)
    for table in rnd.tables.order_by("number"):
        seats = list(table.seats.order_by("position"))
        out = rng.randrange(len(seats))
        points = {s.player_id: 0 if i == out else rng.randint(2, 80) for i, s in enumerate(seats)}
        services.submit_scores(table, points, entered_by="test")
    services.close_round(rnd, fill_empty_tables=True)


def test_merge_moves_every_score_and_keeps_the_sheet_totals(host):
    rng = random.Random(3)
    march = night(6, owner=host, rounds_planned=3, name="March")
    services.add_players(march, ["Anne Whitaker"])
    for _ in range(3):
        play_round(march, rng)
    april = night(0, owner=host, rounds_planned=2, name="April")
    services.add_players(april, ["Ann Whitaker", "Q1", "Q2", "Q3", "Q4", "Q5"])
    for _ in range(2):
        play_round(april, rng)
    keep = Person.objects.get(owner=host, name="Ann Whitaker")
    other = Person.objects.get(owner=host, name="Anne Whitaker")
    march_total = next(r.total for r in build_sheet(march).rows if r.player.name == "Anne Whitaker")
    scores_before = Score.objects.filter(player__person__in=[keep, other]).count()

    moved = merge_people(keep=keep, other=other)

    assert moved.nights == 1 and moved.scores == 3
    assert not Person.objects.filter(pk=other.pk).exists()
    keep.refresh_from_db()
    assert keep.aliases == ["Anne Whitaker"]
    assert Score.objects.filter(player__person=keep).count() == scores_before
    row = next(r for r in build_sheet(march).rows if r.player.person_id == keep.pk)
    assert row.player.name == "Ann Whitaker"
    assert row.total == march_total
    # The kept spelling is recognised next time.
    assert match_name("anne whitaker", [keep])[0].how == "alias"


def test_merge_fills_empty_contact_only(host):
    keep = Person.objects.create(owner=host, name="Jo Bloggs", phone="0400 111 222")
    other = Person.objects.create(owner=host, name="Joe Bloggs", email="jo@x.org", phone="999")
    merge_people(keep=keep, other=other)
    keep.refresh_from_db()
    assert (keep.email, keep.phone) == ("jo@x.org", "0400 111 222")


def test_merge_refused_for_a_night_both_played(host):
    event = EventFactory(owner=host, name="Friday Rook")
    a = Player.objects.create(event=event, name="Ann Whitaker").person
    b = Player.objects.create(event=event, name="Anne Whitaker").person
    with pytest.raises(RosterError, match="both played on Friday Rook"):
        merge_people(keep=a, other=b)
    assert Person.objects.filter(pk=b.pk).exists()
    assert event.players.count() == 2


def test_rename_follows_every_night_and_refuses_twins(host):
    first, second = EventFactory(owner=host), EventFactory(owner=host, name="Second")
    ann = Player.objects.create(event=first, name="ann w").person
    Player.objects.create(event=second, name="Ann W", person=ann)
    Player.objects.create(event=second, name="Annie Whitaker")
    rename_person(ann, "Ann Whitaker")
    assert sorted(Player.objects.filter(person=ann).values_list("name", flat=True)) == [
        "Ann Whitaker",
        "Ann Whitaker",
    ]
    with pytest.raises(RosterError, match="played on a night with them: they are two people"):
        rename_person(ann, "annie whitaker")
    ann.refresh_from_db()
    assert ann.name == "Ann Whitaker"


def test_rename_refused_when_a_night_has_another_player_of_that_name(host):
    event = EventFactory(owner=host, name="Clash night")
    ann = Player.objects.create(event=event, name="Ann").person
    bob = Player.objects.create(event=event, name="Bob").person
    # A night kept from before the roster: the player's name there is not the person's.
    Person.objects.filter(pk=bob.pk).update(name="Robert", key="robert")
    with pytest.raises(RosterError, match=r"Clash night .* already has a player named “Bob”"):
        rename_person(ann, "Bob")


def test_night_rename_page_renames_the_person(host_client, host):
    first, second = EventFactory(owner=host), EventFactory(owner=host)
    ann = Player.objects.create(event=first, name="Ann").person
    player = Player.objects.create(event=second, name="Ann", person=ann)
    response = host_client.post(
        reverse("player_rename", args=[second.slug, player.pk]),
        {"name": "Ann Whitaker"},
        follow=True,
    )
    assert "Renamed to Ann Whitaker, in every night they played." in response.content.decode()
    assert set(Player.objects.filter(person=ann).values_list("name", flat=True)) == {"Ann Whitaker"}
    Person.objects.create(owner=host, name="Bea")
    refused = host_client.post(
        reverse("player_rename", args=[second.slug, player.pk]), {"name": "bea"}
    ).content.decode()
    assert "<h1>Rename Ann Whitaker</h1>" in refused
    assert "“Bea” is already someone else on your roster" in refused
    assert set(Player.objects.filter(person=ann).values_list("name", flat=True)) == {"Ann Whitaker"}


# -- import ---------------------------------------------------------------


@pytest.fixture
def roster(host):
    Person.objects.create(owner=host, name="Ann Whitaker")
    Person.objects.create(owner=host, name="Bob Stone", email="bob@stone.org")
    return host


def post_file(client, name, content):
    upload = SimpleUploadedFile(name, content)
    return client.post(reverse("roster_import"), {"file": upload})


CSV_TEXT = (
    "Name,E-mail,Phone number\n"
    "Ann Whitaker,ann@x.org,\n"
    "Carl Dee,carl@x.org,0400 000 001\n"
    "Jon Stone,,\n"  # close to Bob Stone? no: "jon stone" vs "bob stone" is 2 letters
    "Anne Whitaker,,\n"
    ",nobody@x.org,\n"
    "Dora,not-an-email,\n"
    "carl dee,,\n"
)


def test_import_csv_preview_marks_rows_then_confirm_saves(host_client, roster):
    response = post_file(host_client, "club.csv", CSV_TEXT.encode())
    page = response.content.decode()
    assert "Nothing is saved yet." in page
    assert "Row 2: Ann Whitaker" in page and "email will be filled in: ann@x.org" in page
    assert 'Row 3: Carl Dee</strong>\n      <span class="badge ok">New' in page
    assert "Row 5: Anne Whitaker" in page and "Is Anne Whitaker someone already" in page
    assert "Row 6: (no name)" in page and "No name in this row." in page
    assert "“not-an-email” is not an email address (Dora)." in page
    assert "carl dee is in the file twice (row 3 too)" in page
    assert Person.objects.filter(owner=roster).count() == 2  # nothing saved yet

    form = _form_fields(page)
    # Without an answer for the doubtful row: asked again, nothing saved.
    again = host_client.post(reverse("roster_import"), form).content.decode()
    assert "Row 5: is Anne Whitaker the same as Ann Whitaker, or a new person? Pick one." in again
    assert Person.objects.filter(owner=roster).count() == 2

    ann = Person.objects.get(name="Ann Whitaker")
    form["row-5"] = str(ann.pk)
    done = host_client.post(reverse("roster_import"), form, follow=True).content.decode()
    assert "Imported: 2 added, 2 matched, 1 with contact filled in, 3 refused rows skipped." in done
    names = set(Person.objects.filter(owner=roster).values_list("name", flat=True))
    assert names == {"Ann Whitaker", "Bob Stone", "Carl Dee", "Jon Stone"}
    ann.refresh_from_db()
    assert ann.email == "ann@x.org"
    assert Person.objects.get(name="Carl Dee").phone == "0400 000 001"


def _form_fields(page: str) -> dict:
    import re

    return dict(re.findall(r'type="hidden" name="(payload|fingerprint)" value="([^"]*)"', page))


def test_import_xlsx_without_header(host_client, roster):
    data = tablib.Dataset()
    data.append(["Ann Whitaker", "", "0400 222 333"])
    data.append(["Zoë O'Brien", "zoe@x.org", ""])
    page = post_file(host_client, "club.xlsx", data.export("xlsx")).content.decode()
    assert "Row 1: Ann Whitaker" in page and "phone will be filled in: 0400 222 333" in page
    assert "Row 2: Zoë O&#x27;Brien" in page
    done = host_client.post(reverse("roster_import"), _form_fields(page), follow=True)
    assert "Imported: 1 added, 1 matched, 1 with contact filled in." in done.content.decode()
    assert Person.objects.get(owner=roster, key="zoe o'brien").email == "zoe@x.org"


def test_a_paste_over_the_row_limit_is_called_a_list(host_client, roster):
    text = "\n".join(f"Person {n:04d}" for n in range(2001))
    page = unescape(host_client.post(reverse("roster_import"), {"text": text}).content.decode())
    assert "That list has 2001 rows: import at most 2000 at a time." in page
    assert "file" not in page.split("That list has")[1].split("</")[0]


def test_a_paste_holding_nul_says_only_that(host_client, roster):
    response = host_client.post(reverse("roster_import"), {"text": "Zed\x00Q\nYves Ybarra"})
    page = unescape(response.content.decode())
    assert response.status_code == 422
    assert "Null characters are not allowed." in page
    assert "Paste some names" not in page
    assert not Person.objects.filter(name__in=["ZedQ", "Zed", "Yves Ybarra"]).exists()


def test_import_paste(host_client, roster):
    response = host_client.post(reverse("roster_import"), {"text": "Dee Dee\nbob stone, , 0411"})
    page = response.content.decode()
    assert "1 new" in page and "1 matched" in page


def test_stale_preview_is_shown_again(host_client, roster):
    page = post_file(host_client, "club.csv", b"Carl Dee\nDee Dee\n").content.decode()
    Person.objects.create(owner=roster, name="Carl Dee")  # someone added it meanwhile
    again = host_client.post(reverse("roster_import"), _form_fields(page)).content.decode()
    assert "Your roster changed since this preview" in again
    assert "Matched" in again
    assert Person.objects.filter(owner=roster, key="carl dee").count() == 1


def test_tampered_preview_is_refused(host_client, roster):
    page = post_file(host_client, "club.csv", b"Carl Dee\n").content.decode()
    form = _form_fields(page)
    form["payload"] = form["payload"][:-2] + "xx"
    done = host_client.post(reverse("roster_import"), form, follow=True).content.decode()
    assert "That preview has expired or was changed" in done
    assert not Person.objects.filter(key="carl dee").exists()


@pytest.mark.parametrize(
    ("filename", "content", "message"),
    [
        ("club.pdf", b"%PDF-1.4", "Upload a .csv or .xlsx file"),
        ("club.xlsx", b"not a zip", "could not be read as an Excel workbook"),
        ("club.xls", b"\xd0\xcf\x11\xe0", "Old Excel files (.xls) can&#x27;t be read"),
        ("club.csv", b"", "The submitted file is empty."),
        ("club.csv", b"\n\n,,\n", "That file has no names in it."),
        ("club.csv", b"x" * 1_000_001, "That file is over 1 MB"),
        ("club.csv", "\n".join(f"P{n}" for n in range(2001)).encode(), "at most 2000"),
        ("club.csv", "Zoë\n".encode("cp1252"), "Row 1: Zoë"),
        ("club.csv", b"\xff\xfeA\x00n\x00n\x00", "not a text CSV"),
    ],
    ids=["pdf", "bad-xlsx", "xls", "empty", "blank-rows", "too-big", "too-many", "cp1252", "utf16"],
)
def test_bad_files_get_a_clear_message(host_client, roster, filename, content, message):
    response = post_file(host_client, filename, content)
    assert response.status_code == (200 if message.startswith("Row") else 422)
    assert message in response.content.decode()
    assert "Paste some names" not in response.content.decode()  # one message, the right one
    assert Person.objects.filter(owner=roster).count() == 2


def test_export_round_trip_imports_as_all_matched(host_client, roster):
    Person.objects.create(owner=roster, name='=HYPERLINK("http://x")', phone="+61 400")
    csv_bytes = host_client.get(reverse("roster_export", args=["csv"])).content
    assert csv_bytes.startswith("\ufeff".encode())  # so Excel on Windows reads UTF-8
    rows = list(csv.reader(io.StringIO(csv_bytes.decode("utf-8-sig"))))
    assert rows[0] == ["name", "email", "phone"]
    assert ['\'=HYPERLINK("http://x")', "", "'+61 400"] in rows
    page = post_file(host_client, "roster.csv", csv_bytes).content.decode()
    assert "3 matched" in page and "0 new" in page and "0 doubtful" in page

    book_bytes = host_client.get(reverse("roster_export", args=["xlsx"])).content
    sheet = openpyxl.load_workbook(io.BytesIO(book_bytes)).active
    cells = {c.value: c for row in sheet.iter_rows() for c in row if c.value}
    assert cells['=HYPERLINK("http://x")'].data_type == "s"
    page = post_file(host_client, "roster.xlsx", book_bytes).content.decode()
    assert "3 matched" in page and "0 new" in page


# -- pages ----------------------------------------------------------------


def test_roster_page_lists_searches_and_adds(host_client, host):
    empty = host_client.get(reverse("roster")).content.decode()
    assert "No one on your roster yet." in empty
    event = EventFactory(owner=host)
    Player.objects.create(event=event, name="Ann Whitaker")
    page = host_client.get(reverse("roster")).content.decode()
    assert "Ann Whitaker" in page and "1 night, last" in page
    assert (
        "No one on your roster matches “zed”"
        in host_client.get(reverse("roster"), {"q": "zed"}).content.decode()
    )
    close = host_client.post(reverse("roster"), {"name": "Anne Whitaker"}).content.decode()
    assert "“Anne Whitaker” is close to Ann Whitaker" in close
    assert not Person.objects.filter(name="Anne Whitaker").exists()
    twin = host_client.post(reverse("roster"), {"name": "ann whitaker"}).content.decode()
    assert "“Ann Whitaker” is already on your roster." in twin
    host_client.post(reverse("roster"), {"name": "Anne Whitaker", "different": "on"})
    assert Person.objects.filter(owner=host, name="Anne Whitaker").exists()


def test_merge_page_shows_what_moves_then_merges(host_client, host):
    keep = Person.objects.create(owner=host, name="Ann Whitaker")
    event = EventFactory(owner=host)
    other = Player.objects.create(event=event, name="Anne Whitaker").person
    url = reverse("person_merge", args=[keep.pk])
    page = host_client.get(url, {"other": other.pk}).content.decode()
    assert "1 night, 0 scores</strong> will move to Ann Whitaker" in page
    assert Person.objects.filter(pk=other.pk).exists()
    done = host_client.post(url, {"other": other.pk, "confirm": "yes"}).content.decode()
    assert "Anne Whitaker is now Ann Whitaker: 1 night and 0 scores moved" in done
    assert event.players.get().person == keep


def test_edit_page_renames_and_refuses_a_twin(host_client, host):
    ann = Person.objects.create(owner=host, name="Ann")
    Person.objects.create(owner=host, name="Bea")
    url = reverse("person_edit", args=[ann.pk])
    page = host_client.post(url, {"name": "bea", "email": "a@x.org"}).content.decode()
    assert "“Bea” is already someone else on your roster" in page
    assert 'value="bea"' in page  # what was typed is kept
    host_client.post(url, {"name": "Ann W", "email": "a@x.org", "phone": ""})
    ann.refresh_from_db()
    assert (ann.name, ann.email) == ("Ann W", "a@x.org")


def test_another_hosts_person_is_404(host_client):
    stranger = Person.objects.create(owner=UserFactory(username="other"), name="Secret Sam")
    for name in ("person_edit", "person_merge"):
        assert host_client.get(reverse(name, args=[stranger.pk])).status_code == 404
    assert "Secret Sam" not in host_client.get(reverse("roster")).content.decode()
    assert b"Secret Sam" not in host_client.get(reverse("roster_export", args=["csv"])).content


def test_roster_pages_need_sign_in(client):
    for url in (
        reverse("roster"),
        reverse("roster_import"),
        reverse("roster_export", args=["xlsx"]),
    ):
        assert client.get(url).status_code == 302


# -- adding players to a night ----------------------------------------------


def test_add_players_asks_about_close_names_then_links(host_client, host):
    old = EventFactory(owner=host)
    ann = Player.objects.create(event=old, name="Ann Whitaker").person
    bob = Player.objects.create(event=old, name="Bob Stone").person
    event = EventFactory(owner=host)
    url = reverse("player_list", args=[event.slug])
    typed = {"names": "Anne Whitaker\nBob Stone\nCy", "check_in": "on"}
    page = host_client.post(url, typed).content.decode()
    assert "“Anne Whitaker”: the same Ann Whitaker as before?" in page
    assert "No, a new person named “Anne Whitaker”" in page
    assert "Anne Whitaker\nBob Stone\nCy" in page  # what was typed is kept
    assert not event.players.exists()
    form = question_field(page, "Anne Whitaker")
    host_client.post(url, {**typed, form: str(ann.pk)})
    players = {p.name: p.person for p in event.players.all()}
    assert players == {"Ann Whitaker": ann, "Bob Stone": bob, "Cy": players["Cy"]}
    assert players["Cy"].name == "Cy"


def test_add_players_new_person_for_a_close_name(host_client, host):
    old = EventFactory(owner=host)
    ann = Player.objects.create(event=old, name="Ann Whitaker").person
    event = EventFactory(owner=host)
    url = reverse("player_list", args=[event.slug])
    page = host_client.post(url, {"names": "Anne Whitaker"}).content.decode()
    host_client.post(url, {"names": "Anne Whitaker", question_field(page, "Anne Whitaker"): "new"})
    player = event.players.get()
    assert player.name == "Anne Whitaker" and player.person != ann


def test_add_players_case_only_difference_can_only_be_the_same(host_client, host):
    old = EventFactory(owner=host)
    Player.objects.create(event=old, name="Ann Whitaker")
    event = EventFactory(owner=host)
    page = host_client.post(
        reverse("player_list", args=[event.slug]), {"names": "ann whitaker"}
    ).content.decode()
    assert "the same Ann Whitaker as before?" in page
    assert "No, a new person" not in page
    assert "add an initial" in page


def question_field(page: str, name: str) -> str:
    import re

    found = re.search(r'name="(same-[0-9a-f]+)"', page)
    assert found, f"no question about {name}"
    return found.group(1)


# -- fixes after testing ----------------------------------------------------


def test_rename_away_and_back_keeps_the_name_out_of_also_written(host_client, host):
    ann = Person.objects.create(owner=host, name="Ann")
    rename_person(ann, "Annie")
    rename_person(ann, "Ann")
    ann.refresh_from_db()
    assert (ann.name, ann.aliases) == ("Ann", ["Annie"])
    page = host_client.get(reverse("person_edit", args=[ann.pk])).content.decode()
    assert "Also written: Annie." in page


def test_rename_to_someone_met_at_a_night_does_not_suggest_a_merge(host):
    event = EventFactory(owner=host, name="Shared night")
    ann = Player.objects.create(event=event, name="Ann").person
    bo = Player.objects.create(event=event, name="Bo").person
    Person.objects.filter(pk=bo.pk).update(name="Bea", key="bea")
    with pytest.raises(RosterError) as refused:
        rename_person(ann, "bea")
    assert "they are two people" in str(refused.value)
    assert "merge" not in str(refused.value)


@pytest.mark.parametrize("sep", [";", "\t"], ids=["semicolon", "tab"])
def test_semicolon_and_tab_csv_are_read_as_columns(host_client, roster, sep):
    text = sep.join(["Name", "Email", "Phone"]) + "\nPat Quinn" + sep + "pat@example.org"
    text += sep + "555-1\nAnn Whitaker" + sep + sep + "\n"
    page = post_file(host_client, "r.csv", text.encode()).content.decode()
    assert "Row 2: Pat Quinn</strong>" in page and "pat@example.org 555-1" in page
    assert "Row 3: Ann Whitaker</strong>" in page and "1 matched" in page
    pasted = host_client.post(reverse("roster_import"), {"text": text}).content.decode()
    assert "Row 2: Pat Quinn</strong>" in pasted


def test_a_name_holding_an_email_is_refused(host_client, roster):
    page = host_client.post(
        reverse("roster_import"), {"text": "Pat Quinn pat@example.org\nDee"}
    ).content.decode()
    assert "Row 1: Pat Quinn pat@example.org</strong>" in page
    assert "The name holds an email address: put it in its own column" in page
    assert page.count("Row 1") == 1
    assert "1 refused" in page and "1 new" in page


def test_first_and_last_name_columns_are_joined(host_client, roster):
    text = "First Name,Last Name,Email\nPat,Quinn,pat@x.org\nAnn,Whitaker,\n"
    page = post_file(host_client, "r.csv", text.encode()).content.decode()
    assert "Row 2: Pat Quinn</strong>" in page and "pat@x.org" in page
    assert "Row 3: Ann Whitaker</strong>" in page
    assert "is not an email address" not in page and "First Name" not in page


def test_unrecognised_headings_are_reported_once(host_client, roster):
    page = post_file(host_client, "r.csv", b"Nom,Courriel,Email\nPat,x,pat@x.org\n")
    text = page.content.decode()
    assert "the columns “Nom”, “Courriel” weren&#x27;t recognised" in text
    assert "Nothing is saved yet." not in text


def test_doubtful_row_says_why_and_confirm_says_what_it_does(host_client, roster):
    Person.objects.filter(name="Bob Stone").update(email="")
    text = "Ann Whitakr\nCarl Dee\nDora Ek\nBob Stone,bob@x.org\nAnn Whitaker"
    page = host_client.post(reverse("roster_import"), {"text": text}).content.decode()
    assert '<p class="help">“Ann Whitakr” is a close spelling of “Ann Whitaker”.</p>' in page
    assert ">Add 2 people, update 1, 1 as you answered, 1 unchanged</button>" in page
    unanswered = host_client.post(reverse("roster_import"), _form_fields(page))
    assert unanswered.status_code == 422


def test_confirming_the_same_preview_twice_adds_once(host_client, roster):
    page = host_client.post(reverse("roster_import"), {"text": "Carl Dee\nAnn Whitaker"})
    form = _form_fields(page.content.decode())
    first = host_client.post(reverse("roster_import"), form, follow=True).content.decode()
    assert "Imported: 1 added, 1 matched." in first
    again = host_client.post(reverse("roster_import"), form, follow=True).content.decode()
    assert "Already imported: everyone in that list is on your roster." in again
    assert Person.objects.filter(owner=roster, key="carl dee").count() == 1


def test_a_person_added_between_preview_and_save_is_matched(roster):
    rows = people.parse_text("Carl Dee, carl@x.org\nDee Dee")
    preview = people.preview_import(roster, rows)
    carl = Person.objects.create(owner=roster, name="Carl Dee")  # the other tab's confirm
    result = people.apply_import(roster, preview, {})
    assert (result.added, result.matched, result.updated) == (1, 1, 1)
    carl.refresh_from_db()
    assert carl.email == "carl@x.org"
    assert Person.objects.filter(owner=roster).count() == 4


@pytest.mark.django_db(transaction=True)
def test_two_confirms_at_the_same_instant_add_each_person_once(host):
    import threading

    from django.db import connection
    from django.test import Client

    Person.objects.create(owner=host, name="Ann Whitaker")
    client = Client()
    client.force_login(host)
    page = client.post(reverse("roster_import"), {"text": "Carl Dee\nDee Dee\nAnn Whitaker"})
    form = _form_fields(page.content.decode())
    barrier = threading.Barrier(3)
    answers = []

    def tap():
        try:
            tab = Client()
            tab.force_login(host)
            barrier.wait(timeout=10)
            answers.append(tab.post(reverse("roster_import"), form).status_code)
        finally:
            connection.close()

    threads = [threading.Thread(target=tap) for _ in range(3)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert answers == [302, 302, 302]
    assert sorted(Person.objects.filter(owner=host).values_list("name", flat=True)) == [
        "Ann Whitaker",
        "Carl Dee",
        "Dee Dee",
    ]


def test_a_close_spelling_of_someone_playing_tonight_is_asked_not_refused(host_client, host):
    event = EventFactory(owner=host)
    services.add_players(event, ["Gus Møller", "Ann Whitaker"])
    url = reverse("player_list", args=[event.slug])
    typed = {"names": "Gus Moller\nCy"}
    page = unescape(host_client.post(url, typed).content.decode())
    assert "“Gus Moller”: someone else, or Gus Møller, who is already playing tonight?" in page
    assert "Someone else: add “Gus Moller” too" in page
    assert "Gus Møller, already playing: leave “Gus Moller” out" in page
    assert "Gus Moller\nCy" in page  # what was typed is kept
    assert "is already playing tonight: if this is" not in page  # no refusal
    assert event.players.count() == 2 and not Person.objects.filter(name="Cy").exists()
    field = re.search(r'name="(here-[0-9a-f]+)"', page).group(1)

    # "The same Gus Møller": the line is left out, Cy is added, and the page says so.
    done = host_client.post(url, {**typed, field: "skip"}, follow=True).content.decode()
    assert sorted(event.players.values_list("name", flat=True)) == [
        "Ann Whitaker",
        "Cy",
        "Gus Møller",
    ]
    assert "Added 1 player." in unescape(done)
    assert "“Gus Moller” left out: Gus Møller is already playing." in unescape(done)

    # Left out, with nothing else to add: nothing is added, and the page says why.
    alone = host_client.post(url, {"names": "Gus Moller", field: "skip"}, follow=True)
    assert "No one added." in unescape(alone.content.decode())
    assert event.players.count() == 3

    # "Someone else": added as typed, beside Gus Møller.
    host_client.post(url, {"names": "Gus Moller", field: "add"})
    assert event.players.filter(name="Gus Moller").exists()
    assert event.players.filter(name="Gus Møller").exists()


@pytest.mark.parametrize(
    ("playing", "typed"),
    [("Tom", "Tim"), ("Dan", "Jan"), ("Don", "Ron"), ("Jim", "Kim"), ("Hal", "Cal")],
    ids=["tim-tom", "jan-dan", "ron-don", "kim-jim", "cal-hal"],
)
def test_first_names_one_letter_apart_are_added_with_a_note(host_client, host, playing, typed):
    event = EventFactory(owner=host)
    services.add_players(event, [playing, "Ann Whitaker"])
    url = reverse("player_list", args=[event.slug])
    response = host_client.post(url, {"names": typed, "check_in": "on"}, follow=True)
    page = unescape(response.content.decode())
    assert response.redirect_chain == [(url, 302)]
    assert "Added 1 player." in page
    assert f"“{typed}” added as typed: {playing} is also playing tonight." in page
    assert sorted(event.players.values_list("name", flat=True)) == sorted(
        [playing, typed, "Ann Whitaker"]
    )
    assert Person.objects.get(owner=host, name=typed) != Person.objects.get(
        owner=host, name=playing
    )


def test_the_same_name_written_differently_is_still_the_same_player(host_client, host):
    event = EventFactory(owner=host)
    services.add_players(event, ["Tom"])
    url = reverse("player_list", args=[event.slug])
    page = unescape(host_client.post(url, {"names": "tom\nTim"}).content.decode())
    assert "“tom” is already playing in this event (as “Tom”): names must differ." in page
    assert list(event.players.values_list("name", flat=True)) == ["Tom"]


def test_a_roster_close_spelling_not_playing_tonight_still_asks(host_client, host):
    Player.objects.create(event=EventFactory(owner=host), name="Ann Whitaker")
    Player.objects.create(event=EventFactory(owner=host), name="Tom")
    event = EventFactory(owner=host)
    url = reverse("player_list", args=[event.slug])
    page = unescape(host_client.post(url, {"names": "Anne Whitaker\nTim"}).content.decode())
    assert "“Anne Whitaker”: the same Ann Whitaker as before?" in page
    assert "“Tim”: the same Tom as before?" in page
    assert "also playing tonight" not in page
    assert not event.players.exists()


def test_both_kinds_of_question_are_asked_at_once(host_client, host):
    Player.objects.create(event=EventFactory(owner=host), name="Ann Whitaker")
    event = EventFactory(owner=host)
    services.add_players(event, ["Gus Møller"])
    url = reverse("player_list", args=[event.slug])
    page = unescape(host_client.post(url, {"names": "Gus Moller\nAnne Whitaker"}).content.decode())
    assert (
        "Before adding them: is “Gus Moller” someone else, or a player already here tonight; "
        "and is “Anne Whitaker” someone already on your roster? Answer below, then add again."
    ) in page
    answers = dict(re.findall(r'name="((?:here|same)-[0-9a-f]+)" value="(add|new)"', page))
    assert len(answers) == 2
    done = host_client.post(url, {"names": "Gus Moller\nAnne Whitaker", **answers}, follow=True)
    assert "Added 2 players." in done.content.decode()
    assert event.players.count() == 3


def test_a_kept_spelling_of_a_player_tonight_is_asked(host_client, host):
    event = EventFactory(owner=host)
    (ann,) = services.add_players(event, ["Ann Whitaker"])
    Person.objects.filter(pk=ann.person_id).update(aliases=["Annie"])
    url = reverse("player_list", args=[event.slug])
    page = unescape(host_client.post(url, {"names": "Annie"}).content.decode())
    assert "“Annie”: someone else, or Ann Whitaker, who is already playing tonight?" in page
    assert event.players.count() == 1


def test_roster_people_close_to_a_player_tonight_are_added_with_a_note(host_client, host):
    Player.objects.create(event=EventFactory(owner=host), name="Gus Moller")
    tim = Player.objects.create(event=EventFactory(owner=host), name="Tim").person
    event = EventFactory(owner=host)
    services.add_players(event, ["Gus Møller", "Tom"])
    url = reverse("player_list", args=[event.slug])
    # Typed exactly as their own roster entry, or ticked: the roster tells them apart.
    data = {"names": "Gus Moller", "roster": [str(tim.pk)]}
    page = unescape(host_client.post(url, data, follow=True).content.decode())
    assert "Added 2 players." in page
    assert "“Gus Moller” added as typed: Gus Møller is also playing tonight." in page
    assert "“Tim” added as typed: Tom is also playing tonight." in page
    assert event.players.count() == 4


def test_the_same_person_question_says_why(host_client, host):
    Player.objects.create(event=EventFactory(owner=host), name="Ann Whitaker")
    event = EventFactory(owner=host)
    page = host_client.post(
        reverse("player_list", args=[event.slug]), {"names": "Ann Whitakr"}
    ).content.decode()
    assert "“Ann Whitakr” is a close spelling of “Ann Whitaker”." in page


def test_invisible_characters_are_dropped_from_names(host_client, host):
    Person.objects.create(owner=host, name="Ann Whitaker")
    page = host_client.post(reverse("roster"), {"name": "\u200bAnn Whitaker\u200e"})
    assert "“Ann Whitaker” is already on your roster." in page.content.decode()
    event = EventFactory(owner=host)
    services.add_players(event, ["Bo"])
    added = host_client.post(reverse("player_list", args=[event.slug]), {"names": "\ufeffBo"})
    assert "“Bo” is already playing in this event" in added.content.decode()
    preview = host_client.post(reverse("roster_import"), {"text": "Ann\u200d Whitaker"})
    assert "1 matched" in preview.content.decode()
    assert Person.objects.filter(owner=host).count() == 2


def test_stale_tabs_of_a_merged_person_say_where_they_went(host_client, host):
    keep = Person.objects.create(owner=host, name="Nell Okafor")
    other = Person.objects.create(owner=host, name="Nel Okafor")
    merge_url = reverse("person_merge", args=[keep.pk])
    host_client.post(merge_url, {"other": other.pk, "confirm": "yes"})
    edit = host_client.post(
        reverse("person_edit", args=[other.pk]), {"name": "Nel Okafor", "email": "n@x.org"}
    )
    assert edit.status_code == 404
    text = edit.content.decode()
    assert "That person was merged into Nell Okafor" in text and "Nothing was saved" in text
    assert reverse("person_detail", args=[keep.pk]) in text
    keep.refresh_from_db()
    assert keep.email == ""
    detail = host_client.get(reverse("person_detail", args=[other.pk]))
    assert detail.status_code == 404
    assert "That person was merged into Nell Okafor" in detail.content.decode()
    again = host_client.post(merge_url, {"other": other.pk, "confirm": "yes"}).content.decode()
    assert "Nel Okafor is no longer on your roster: they were already merged." in again
    assert "Select a valid choice" not in again


def test_a_person_gone_without_a_trace_is_a_clear_404(host_client, host):
    stranger = Person.objects.create(owner=UserFactory(username="other"), name="Secret Sam")
    response = host_client.get(reverse("person_detail", args=[stranger.pk]))
    assert response.status_code == 404
    text = response.content.decode()
    assert "That person isn't on your roster any more" in text
    assert "Secret Sam" not in text and reverse("roster") in text
