"""The host's roster: people, adding, renaming, merging, import with a preview, export."""

from __future__ import annotations

from dataclasses import asdict
from functools import wraps

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.core.exceptions import RequestDataTooBig, TooManyFieldsSent, TooManyFilesSent
from django.db import IntegrityError, transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.csrf import csrf_exempt, csrf_protect
from django.views.decorators.http import require_GET, require_http_methods

from scoring.once import answered_once
from tourney.club import people
from tourney.club.ratings import club_ratings
from tourney.club.roster_forms import (
    FILE_TOO_BIG,
    TEXT_TOO_BIG,
    CappedUpload,
    ContactForm,
    ImportForm,
    MergeForm,
    PersonForm,
)
from tourney.models import Person
from tourney.server.middleware import reads_its_own_upload, too_big_page
from tourney.views.common import CSV, XLSX, as_pk, download, host_club

IMPORT_SALT = "rookery.roster-import"


MERGED = "rookery.merged-people"  # session: pk of each person merged away -> their name


class PersonGone(Exception):
    """The person asked for is not on the host's roster (any more)."""

    def __init__(self, pk: int):
        self.pk = pk


def _club(request: HttpRequest, need: str = "run"):
    """The club whose roster this is: the people's contact details are for its host
    and co-hosts (merging, which removes a person, for the host alone)."""
    return host_club(request, need)


def host_person(request: HttpRequest, pk: int, need: str = "run") -> Person:
    """The club's person, or PersonGone: a tab opened before a merge still finds its way."""
    person = Person.objects.filter(pk=pk, owner=_club(request, need)).first()
    if person is None:
        raise PersonGone(pk)
    return person


def merged_name(request: HttpRequest, pk) -> str:
    return request.session.get(MERGED, {}).get(str(pk), "")


def person_gone(request: HttpRequest, pk: int) -> HttpResponse:
    """Not found, saying where they went when they were merged into someone."""
    name = merged_name(request, pk) or request.POST.get("name", "")
    keeper = people.merged_into(_club(request), name)
    return render(
        request,
        "tourney/roster/person_gone.html",
        {"name": name if keeper else "", "keeper": keeper, "posted": request.method == "POST"},
        status=404,
    )


def roster_person(view):
    """Views of one person answer a merged-away or unknown person with person_gone."""

    @wraps(view)
    def wrapper(request: HttpRequest, pk: int, *args, **kwargs) -> HttpResponse:
        try:
            return view(request, pk, *args, **kwargs)
        except PersonGone as gone:
            return person_gone(request, gone.pk)

    return wrapper


@login_required
@require_http_methods(["GET", "POST"])
@answered_once
def roster(request: HttpRequest) -> HttpResponse:
    search = request.GET.get("q", "")[:60]
    form = PersonForm(request.POST or None, owner=_club(request))
    if request.method == "POST" and form.is_valid():
        try:
            with transaction.atomic():
                person = form.save()
        except IntegrityError:
            # Another tab added this name since the check: say so, as the check would.
            form = PersonForm(request.POST, owner=_club(request))
            form.is_valid()
        else:
            messages.success(request, f"{person.name} is on your roster.")
            return redirect("roster")
    everyone = list(people.roster_for(_club(request), search))
    ratings = club_ratings(_club(request))
    for person in everyone:
        person.rating = ratings.of(person)
    return render(
        request,
        "tourney/roster/person_list.html",
        {
            "people": everyone,
            "search": search,
            "form": form,
            "total": Person.objects.filter(owner=_club(request)).count(),
        },
    )


@login_required
@require_http_methods(["GET", "POST"])
@roster_person
def person_edit(request: HttpRequest, pk: int) -> HttpResponse:
    person = host_person(request, pk)
    form = ContactForm(request.POST or None, instance=person)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            if data["name"] != person.name:
                people.rename_person(person, data["name"])
        except people.RosterError as exc:
            form.add_error("name", str(exc))
        else:
            person.email, person.phone = data["email"], data["phone"]
            person.save(update_fields=["email", "phone", "key"])
            messages.success(request, f"Saved {person.name}.")
            return redirect("roster")
    return render(
        request,
        "tourney/roster/person_edit.html",
        {"person": person, "form": form, "summary": people.merge_summary(person)},
    )


@login_required
@require_http_methods(["GET", "POST"])
@roster_person
def person_merge(request: HttpRequest, pk: int) -> HttpResponse:
    keep = host_person(request, pk, need="own")
    host_people = Person.objects.filter(owner=_club(request, "own"))
    data = request.POST or request.GET or None
    form = MergeForm(data, person=keep)
    context = {"person": keep, "form": form}
    other_pk = as_pk(data.get("other")) if data else None
    if data and data.get("other") and not host_people.filter(pk=other_pk).exists():
        # Merge sent again (back button, a second tab): the duplicate is already gone.
        # Another host's person, or an id that can't be one, is answered the same way.
        name = merged_name(request, other_pk) if other_pk is not None else ""
        context["form"] = MergeForm(person=keep)
        context["error"] = (
            f"{name} is no longer on your roster: they were already merged."
            if name
            else "That person is no longer on your roster: they were already merged or removed."
        )
        return render(request, "tourney/roster/person_merge.html", context, status=404)
    if form.is_bound and form.is_valid():
        other = form.cleaned_data["other"]
        context["other"] = other
        context["summary"] = people.merge_summary(other)
        context["shared"] = people.shared_nights(keep, other)
        if request.method == "POST" and request.POST.get("confirm") == "yes":
            name, other_pk = other.name, other.pk
            try:
                moved = people.merge_people(keep=keep, other=other)
            except people.RosterError as exc:
                context["error"] = str(exc)
            else:
                request.session[MERGED] = {
                    **request.session.get(MERGED, {}),
                    str(other_pk): name,
                }
                return render(
                    request,
                    "tourney/roster/person_merged.html",
                    {"person": keep, "other_name": name, "moved": moved},
                )
    return render(request, "tourney/roster/person_merge.html", context)


def _answers(request: HttpRequest, preview) -> tuple[dict[str, str], list]:
    answers, missing = {}, []
    for item in preview:
        if item.status != "doubtful":
            continue
        answer = request.POST.get(item.answer_field, "")
        allowed = {"new"} | {str(m.person.pk) for m in item.candidates}
        if answer in allowed:
            answers[item.answer_field] = answer
        else:
            missing.append(item)
    return answers, missing


def _preview_page(request, rows, *, preview=None, note="", errors=(), answers=None) -> HttpResponse:
    fingerprint = people.roster_fingerprint(_club(request))
    if preview is None:
        preview = people.preview_import(_club(request), rows)
    chosen = answers if answers is not None else request.POST
    for item in preview:
        item.chosen = chosen.get(item.answer_field, "")
    counts = {s: sum(1 for p in preview if p.status == s) for s in people.PREVIEW_STATES}
    # The preview's decisions ride along, signed with the roster they were made
    # against: Confirm reuses them while the roster is unchanged, instead of matching
    # every row again.
    payload = {
        "rows": [asdict(r) for r in rows],
        "fingerprint": fingerprint,
        "decisions": people.preview_decisions(preview),
    }
    return render(
        request,
        "tourney/roster/import_preview.html",
        {
            "preview": preview,
            "counts": counts,
            "payload": signing.dumps(payload, salt=IMPORT_SALT, compress=True),
            "note": note,
            "errors": errors,
            "confirm_label": _confirm_label(preview),
        },
        status=422 if errors else 200,
    )


def _confirm_label(preview) -> str:
    """What Confirm will do: "Add 2 people, update 1, 1 unchanged"."""
    new = sum(p.status == "new" for p in preview)
    update = sum(p.status == "matched" and bool(p.fills) for p in preview)
    same = sum(p.status == "matched" and not p.fills for p in preview)
    doubtful = sum(p.status == "doubtful" for p in preview)
    parts = [f"Add {new} {'person' if new == 1 else 'people'}"] if new else []
    if update:
        parts.append(f"update {update}")
    if doubtful:
        parts.append(f"{doubtful} as you answered")
    if same:
        parts.append(f"{same} unchanged")
    if not parts:
        return "Nothing to import"
    text = ", ".join(parts)
    return text[0].upper() + text[1:]


@reads_its_own_upload
@login_required
@csrf_exempt  # checked by _roster_import, once the upload limit is in place
@require_http_methods(["GET", "POST"])
def roster_import(request: HttpRequest) -> HttpResponse:
    """The import form: a file over the limit stops being read at the limit, and a
    paste over the server's limit is refused in the form's words, not a bare 400."""
    cap = CappedUpload(request)
    request.upload_handlers.insert(0, cap)
    try:
        return _roster_import(request, cap)
    except RequestDataTooBig:
        form = ImportForm({}, refusal=TEXT_TOO_BIG)
        form.is_valid()
        return render(request, "tourney/roster/import.html", {"form": form}, status=413)
    except (TooManyFilesSent, TooManyFieldsSent) as refused:
        return too_big_page(request, refused)


@csrf_protect
def _roster_import(request: HttpRequest, cap: CappedUpload) -> HttpResponse:
    _club(request)  # refused before anything is read
    if request.method == "POST" and "payload" in request.POST:
        return _import_confirm(request)
    refusal = FILE_TOO_BIG if cap.too_big else ""
    posted = request.method == "POST"  # bound even when a skipped file left nothing
    form = ImportForm(
        request.POST if posted else None, request.FILES if posted else None, refusal=refusal
    )
    if posted and form.is_valid():
        upload = form.cleaned_data.get("file")
        try:
            if upload:
                rows = people.parse_upload(upload.name, upload.read())
            else:
                rows = people.parse_text(form.cleaned_data["text"])
        except people.RosterError as exc:
            form.add_error(None, str(exc))
        else:
            return _preview_page(request, rows, answers={})
    status = 422 if form.errors else 200
    return render(request, "tourney/roster/import.html", {"form": form}, status=status)


def _import_confirm(request: HttpRequest) -> HttpResponse:
    try:
        signed = signing.loads(request.POST["payload"], salt=IMPORT_SALT, max_age=6 * 3600)
        rows = [people.RawRow(**r) for r in signed["rows"]]
        fingerprint, decisions = signed["fingerprint"], signed["decisions"]
    except (signing.BadSignature, TypeError, ValueError, KeyError):
        messages.error(request, "That preview has expired or was changed: import the file again.")
        return redirect("roster_import")
    preview = None
    if fingerprint == people.roster_fingerprint(_club(request)):
        preview = people.preview_again(_club(request), rows, decisions)
    if preview is None:  # the roster changed since the preview: match again
        fresh = people.preview_import(_club(request), rows)
        if all(p.status == "refused" or (p.status == "matched" and not p.fills) for p in fresh):
            # Confirm sent twice (a double tap, a second tab): the first one did it all.
            messages.success(request, "Already imported: everyone in that list is on your roster.")
            return redirect("roster")
        return _preview_page(
            request,
            rows,
            preview=fresh,
            note="Your roster changed since this preview: check the rows again, then confirm.",
        )
    answers, missing = _answers(request, preview)
    if missing:
        errors = [
            f"Row {m.row.number}: is {m.row.name} the same as {m.candidates[0].person.name}, "
            "or a new person? Pick one."
            for m in missing
        ]
        return _preview_page(request, rows, preview=preview, errors=errors)
    result = people.apply_import(_club(request), preview, answers)
    parts = [f"{result.added} added", f"{result.matched} matched"]
    if result.updated:
        parts.append(f"{result.updated} with contact filled in")
    if result.refused:
        parts.append(f"{result.refused} refused rows skipped")
    messages.success(request, "Imported: " + ", ".join(parts) + ".")
    return redirect("roster")


@login_required
@require_GET
def roster_export(request: HttpRequest, fmt: str) -> HttpResponse:
    if fmt == "xlsx":
        return download(people.export_xlsx(_club(request)), "roster.xlsx", XLSX)
    return download(
        people.export_dataset(_club(request), for_csv=True).export("csv"), "roster.csv", CSV
    )
