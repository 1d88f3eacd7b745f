"""Tournament models (none yet)."""
