"""The seating resource: where the logged-in player sits in the latest round."""
