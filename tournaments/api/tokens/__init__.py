"""The tokens resource: an API token for a username and password."""
