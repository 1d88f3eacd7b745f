"""The claims resource: a guest's one-time claim code, and claiming a guest record."""
