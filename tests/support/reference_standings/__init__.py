"""The standings computation as it was before issue 17 (every round recomputed from
round 1), kept unchanged as the reference oracle for tests/scoring/test_standings_oracle.py."""
