"""Django's upload caps answer with a page that says so, never a 500 or a bare 400.

DATA_UPLOAD_MAX_MEMORY_SIZE bounds a form's fields, DATA_UPLOAD_MAX_NUMBER_FILES
the files in one form, FILE_UPLOAD_MAX_MEMORY_SIZE how much of a file is kept in
memory (the server's ROOKERY_MAX_REQUEST_BYTES bounds the rest: see
tests/test_slow_bodies.py). Every page a form can be sent to answers an
oversized form the same way.
"""

import html
import io

import pytest
from django.conf import settings
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.factories import PASSWORD, UserFactory
from tests.test_security import concrete, every_pattern
from tourney.models import Person

pytestmark = pytest.mark.django_db


def test_the_caps_are_set_below_what_the_server_reads():
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE <= 2_621_440
    assert settings.FILE_UPLOAD_MAX_MEMORY_SIZE <= 2_621_440
    assert settings.DATA_UPLOAD_MAX_NUMBER_FILES <= 20
    assert settings.DATA_UPLOAD_MAX_MEMORY_SIZE < settings.ROOKERY_MAX_REQUEST_BYTES


def test_a_form_over_the_field_cap_gets_a_page_saying_so(client):
    UserFactory(username="marge")
    huge = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    response = client.post(reverse("login"), {"username": "marge", "password": huge})
    page = html.unescape(response.content.decode())
    assert response.status_code == 413
    assert "That form holds more than Rookery takes at once (2.6 MB)" in page
    assert "Nothing from this form was saved" in page
    assert "_auth_user_id" not in client.session


def test_too_many_files_in_one_form_get_a_page_saying_so(host_client):
    files = {
        f"roster{n}": SimpleUploadedFile(f"r{n}.csv", b"name\nAnn\n", "text/csv")
        for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FILES + 1)
    }
    response = host_client.post(reverse("roster_import"), files)
    page = html.unescape(response.content.decode())
    assert response.status_code == 413
    assert f"That form sends more than {settings.DATA_UPLOAD_MAX_NUMBER_FILES} files" in page


def test_a_large_file_within_the_caps_still_reaches_the_form(host_client):
    """A file over FILE_UPLOAD_MAX_MEMORY_SIZE goes to a temporary file and on to the
    form, which answers with its own message (not a refusal of the request)."""
    big = io.BytesIO(
        b"name\n" + b"Ann Example\n" * (settings.FILE_UPLOAD_MAX_MEMORY_SIZE // 12 + 1)
    )
    big.name = "big.csv"
    response = host_client.post(reverse("roster_import"), {"file": big})
    assert response.status_code not in (400, 413, 500)
    assert 'name="file"' in response.content.decode()  # the import form again, with its say
    assert not Person.objects.exists()  # and nothing half-imported


def test_no_page_answers_an_oversized_form_with_an_error(client):
    UserFactory(username="marge")
    assert (
        client.post(reverse("login"), {"username": "marge", "password": PASSWORD}).status_code
        == 302
    )
    huge = "x" * (settings.DATA_UPLOAD_MAX_MEMORY_SIZE + 1)
    answers = {}
    for route, _pattern in every_pattern():
        path = concrete(route, {})
        answers[path] = client.post(path, {"name": huge}).status_code
    assert answers and set(answers.values()) == {413}, {
        p: s for p, s in answers.items() if s != 413
    }


def test_a_form_over_the_field_count_cap_gets_a_page_saying_so(client):
    UserFactory(username="marge")
    fields = {f"f{n}": "x" for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1)}
    response = client.post(reverse("login"), {"username": "marge", **fields})
    page = html.unescape(response.content.decode())
    assert response.status_code == 413
    cap = f"{settings.DATA_UPLOAD_MAX_NUMBER_FIELDS:,}"
    assert f"That form sends more than {cap} fields at once." in page
    assert "_auth_user_id" not in client.session


def test_the_roster_import_over_the_field_count_cap_gets_a_page_saying_so(host_client):
    fields = {f"row-{n}": "new" for n in range(settings.DATA_UPLOAD_MAX_NUMBER_FIELDS + 1)}
    response = host_client.post(reverse("roster_import"), fields)
    page = html.unescape(response.content.decode())
    assert response.status_code == 413
    assert "fields at once." in page
    assert not Person.objects.exists()
