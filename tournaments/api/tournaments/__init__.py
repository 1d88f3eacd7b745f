"""The tournaments resource: a club's tournaments, their settings and status."""
