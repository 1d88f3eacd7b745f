"""The seasons resource: a club's seasons (directors create, change and delete them)
and each season's table (public when the season is, else for the club's members)."""
