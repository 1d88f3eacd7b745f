"""The people resource: a person's page (clubs, tournaments, table-mates), their games
a page at a time, and the head-to-head of two people, as the public pages show them."""
