"""The roster pages' forms (kept beside forms.py so the night's forms stay one file's read)."""

from __future__ import annotations

from django import forms
from django.core.exceptions import ValidationError
from django.core.files.uploadhandler import FileUploadHandler, SkipFile

from scoring.formfields import clean_name
from tourney.club.people import MAX_ROWS, MAX_UPLOAD_BYTES, match_name
from tourney.models import Person, name_key

NAME_MAX = Person._meta.get_field("name").max_length


class PersonForm(forms.ModelForm):
    """Add someone to the roster, or change their contact. A name already on the roster
    is refused; a close spelling of one is asked about first."""

    different = forms.BooleanField(
        label="Yes, this is a different person", required=False, widget=forms.CheckboxInput
    )

    class Meta:
        model = Person
        fields = ["name", "email", "phone"]
        labels = {"email": "Email (optional)", "phone": "Phone (optional)"}
        widgets = {
            "name": forms.TextInput(attrs={"autocapitalize": "words", "spellcheck": "false"}),
            "email": forms.EmailInput(attrs={"autocomplete": "off"}),
            "phone": forms.TextInput(attrs={"inputmode": "tel", "autocomplete": "off"}),
        }

    def __init__(self, *args, owner, **kwargs):
        super().__init__(*args, **kwargs)
        self.owner = owner
        self.close: list = []

    def clean_name(self):
        name = clean_name(self.cleaned_data.get("name", ""))
        if not name:
            raise ValidationError("A person needs a name.")
        if len(name) > NAME_MAX:
            raise ValidationError(f"A name can be at most {NAME_MAX} characters.")
        return name

    def clean(self):
        data = super().clean()
        name = data.get("name")
        if not name or self.instance.pk:
            return data
        people = Person.objects.filter(owner=self.owner)
        twin = people.filter(key=name_key(name)).first()
        if twin:
            self.add_error("name", f"“{twin.name}” is already on your roster.")
            return data
        self.close = [m for m in match_name(name, people) if m.how != "exact"]
        if self.close and not data.get("different"):
            names = " or ".join(m.person.name for m in self.close)
            self.add_error(
                "different",
                f"“{name}” is close to {names}, already on your roster. "
                "Tick the box if this is someone else.",
            )
        return data

    def validate_constraints(self, exclude=None):
        # The roster's unique name is checked (with a friendlier message) in clean().
        pass

    def save(self, commit=True):
        self.instance.owner = self.owner
        return super().save(commit)


class ContactForm(forms.ModelForm):
    """Rename and contact on the person's edit page; the rename itself is
    people.rename_person, which checks every night they played."""

    class Meta:
        model = Person
        fields = ["name", "email", "phone"]
        labels = {"email": "Email (optional)", "phone": "Phone (optional)"}
        widgets = {"phone": forms.TextInput(attrs={"inputmode": "tel"})}

    def clean_name(self):
        name = clean_name(self.cleaned_data.get("name", ""))
        if not name:
            raise ValidationError("A person needs a name.")
        return name

    def validate_constraints(self, exclude=None):
        pass

    def _post_clean(self):
        # Keep the instance untouched: the view renames through rename_person.
        pass


class MergeForm(forms.Form):
    other = forms.ModelChoiceField(
        queryset=Person.objects.none(),
        label="The duplicate (their nights and scores move here, then they are removed)",
        empty_label="Pick a person",
    )
    confirm = forms.BooleanField(required=False, widget=forms.HiddenInput)

    def __init__(self, *args, person: Person, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["other"].queryset = Person.objects.filter(owner_id=person.owner_id).exclude(
            pk=person.pk
        )


FILE_TOO_BIG = f"That file is over 1 MB: import at most {MAX_ROWS} people at a time."
TEXT_TOO_BIG = "That is too much text: paste at most 1 MB at a time."


class CappedUpload(FileUploadHandler):
    """The import form's 1 MB limit, held while the file arrives: past it, the rest is
    skipped (never written to a temporary file) and the form says the file is too big."""

    def __init__(self, request=None):
        super().__init__(request)
        self.too_big = False

    def receive_data_chunk(self, raw_data, start):
        if start + len(raw_data) > MAX_UPLOAD_BYTES:
            self.too_big = True
            raise SkipFile
        return raw_data  # on to the handler that keeps it

    def file_complete(self, file_size):
        return None


class ImportForm(forms.Form):
    text = forms.CharField(
        label="Paste names (one per line: name, email, phone)",
        required=False,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
    )
    file = forms.FileField(
        label="…or upload a .csv or .xlsx file",
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,.xlsx,text/csv"}),
    )

    def __init__(self, *args, refusal: str = "", **kwargs):
        """``refusal``: what was wrong with the request before the form saw it (a file
        or a paste over the limit), said in the form's own words."""
        super().__init__(*args, **kwargs)
        self.refusal = refusal

    def clean(self):
        data = super().clean()
        if self.refusal:
            raise ValidationError(self.refusal)
        upload = data.get("file")
        if upload and upload.size > MAX_UPLOAD_BYTES:
            raise ValidationError(FILE_TOO_BIG)
        if "file" in self.errors or "text" in self.errors:
            return data  # e.g. "The submitted file is empty.", "Null characters...": that says it
        if not upload and not (data.get("text") or "").strip():
            raise ValidationError("Paste some names or pick a file to import.")
        return data
