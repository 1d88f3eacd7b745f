"""Forms of the director's bulk and undo steps: several entrants at once, a CSV file
of entrants, and the reason given when unpublishing a round."""

from __future__ import annotations

from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from tournaments.services.entry_import import MAX_BYTES


class SeveralForm(forms.Form):
    """Club players ticked from a checklist, and new guests typed one per line."""

    players = forms.MultipleChoiceField(
        choices=(),
        required=False,
        widget=forms.CheckboxSelectMultiple(attrs={"class": "checklist"}),
        label=_("Club players and members"),
    )
    guests = forms.CharField(
        required=False,
        widget=forms.Textarea(attrs={"rows": 4, "autocomplete": "off"}),
        label=_("New guests, one name per line"),
    )

    def __init__(self, *args: Any, choices: list[tuple[int, str]], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["players"].choices = [(str(pk), name) for pk, name in choices]

    def player_ids(self) -> list[int]:
        return [int(pk) for pk in self.cleaned_data["players"]]


class ImportForm(forms.Form):
    file = forms.FileField(
        label=_("CSV file"),
        help_text=_(
            "first line: the column names — name, and if you like rating, household, "
            "affiliation, email; then one entrant per line"
        ),
        widget=forms.ClearableFileInput(attrs={"accept": ".csv,text/csv,text/plain"}),
    )

    def clean_file(self) -> Any:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_BYTES:
            raise forms.ValidationError(
                _("the file is larger than %(n)s kB") % {"n": MAX_BYTES // 1000}
            )
        return upload


class ReasonForm(forms.Form):
    reason = forms.CharField(
        max_length=300,
        required=False,
        label=_("Why (kept with the round's corrections)"),
    )
