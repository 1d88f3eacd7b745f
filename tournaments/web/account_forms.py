"""The forms of the account pages: signing up and claiming a guest record.

Sign-up checks what a person can fix at once, next to the field at fault: a user
name or e-mail address already in use (in any case), two passwords that differ,
and a password Django's validators refuse (``AUTH_PASSWORD_VALIDATORS``: too
short, too common, all digits, too like the user name).
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.auth import get_user_model, password_validation
from django.contrib.auth.forms import PasswordResetForm, SetPasswordForm
from django.contrib.auth.validators import UnicodeUsernameValidator
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from tournaments.services import accounts


class SignUpForm(forms.Form):
    username = forms.CharField(
        label=_("User name"),
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text=_("What you type to log in: letters, digits and @ . + - _ only."),
        widget=forms.TextInput(attrs={"autocomplete": "username", "autocapitalize": "none"}),
    )
    name = forms.CharField(
        label=_("Your name"),
        max_length=120,
        help_text=_("As other players and the club see it, e.g. Carla Bianchi."),
        widget=forms.TextInput(attrs={"autocomplete": "name"}),
    )
    email = forms.EmailField(
        label=_("E-mail address"),
        help_text=_("We send a link to confirm it, and password resets."),
        widget=forms.EmailInput(attrs={"autocomplete": "email"}),
    )
    password1 = forms.CharField(
        label=_("Password"),
        strip=False,
        help_text=_("At least 8 characters; not only digits, not a common password."),
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )
    password2 = forms.CharField(
        label=_("Password again"),
        strip=False,
        widget=forms.PasswordInput(attrs={"autocomplete": "new-password"}),
    )

    def clean_username(self) -> str:
        username = str(self.cleaned_data["username"]).strip()
        if accounts.username_taken(username):
            raise ValidationError(_("That user name is taken; please choose another."))
        return username

    def clean_name(self) -> str:
        name = str(self.cleaned_data["name"]).strip()
        if not name:
            raise ValidationError(_("Please give the name other players know you by."))
        return name

    def clean_email(self) -> str:
        email = str(self.cleaned_data["email"]).strip()
        if accounts.email_taken(email):
            raise ValidationError(
                _("An account already uses this address: log in, or reset its password.")
            )
        return email

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        first, second = data.get("password1"), data.get("password2")
        if first and second and first != second:
            self.add_error("password2", _("The two passwords differ; please type them again."))
        elif first:
            probe = get_user_model()(username=data.get("username", ""), email=data.get("email", ""))
            try:
                password_validation.validate_password(first, probe)
            except ValidationError as error:
                self.add_error("password1", error)
        return data


class ClaimForm(forms.Form):
    code = forms.CharField(
        label=_("Your code"),
        max_length=40,
        help_text=_("Eight letters and digits, e.g. KFQ7-M3XP, as the director gave it to you."),
        widget=forms.TextInput(
            attrs={
                "autocomplete": "off",
                "autocapitalize": "characters",
                "spellcheck": "false",
                "class": "claim-input",
            }
        ),
    )


class ResetRequestForm(PasswordResetForm):
    """Django's form, labelled as the rest of the site."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["email"].label = _("E-mail address")


class NewPasswordForm(SetPasswordForm):
    """Django's form (the password validators run on it), with short labels and help."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["new_password1"].label = _("New password")
        self.fields["new_password1"].help_text = _(
            "At least 8 characters; not only digits, not a common password."
        )
        self.fields["new_password2"].label = _("New password again")
        self.fields["new_password2"].help_text = ""
