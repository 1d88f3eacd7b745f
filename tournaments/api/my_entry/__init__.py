"""The my-entry resource: a logged-in player enters or withdraws themselves."""
