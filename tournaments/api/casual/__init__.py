"""The casual games resource: a casual game and its invitation links."""
