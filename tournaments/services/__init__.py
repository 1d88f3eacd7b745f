"""Plain functions that carry the tournaments app's logic; views stay thin."""
