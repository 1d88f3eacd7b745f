"""The entries resource: entries, check-in and withdrawal, forbidden pairs."""
