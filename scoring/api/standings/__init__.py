"""The standings resource: a tournament's standings, prize categories, final report."""
