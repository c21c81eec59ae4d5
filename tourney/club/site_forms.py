"""The host's club site settings: publish or not, how names show, who is hidden."""

from __future__ import annotations

from django import forms

from tourney.models import ClubSite, Person


class ClubSiteForm(forms.ModelForm):
    class Meta:
        model = ClubSite
        fields = ["published", "title", "names", "indexable", "hidden"]
        widgets = {
            "names": forms.RadioSelect,
            "hidden": forms.CheckboxSelectMultiple(attrs={"class": "hidden-people"}),
        }

    def __init__(self, *args, owner, **kwargs):
        super().__init__(*args, **kwargs)
        # Only the host's own people can be hidden (another host's ids are refused).
        self.fields["hidden"].queryset = Person.objects.filter(owner=owner).order_by("name")
        self.fields["hidden"].error_messages["invalid_choice"] = (
            "People not shown: “%(value)s” is not on your roster (removed meanwhile?). "
            "Tick the people again."
        )
