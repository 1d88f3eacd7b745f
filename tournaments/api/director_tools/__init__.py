"""The director tools resource: bulk entries, CSV import, archive, delete, unpublish."""
