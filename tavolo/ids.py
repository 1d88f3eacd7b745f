"""The range of a row's id (a PostgreSQL ``bigint`` primary key), for every caller that
takes an id from a person (an address, a form, a request body): a number outside it
names no row, and is answered as "not found" before it reaches the database, which
would refuse it with an error instead."""

MAX_ID = 2**63 - 1
"""The largest primary key (``bigint``)."""


def is_row_id(value: int) -> bool:
    """Whether ``value`` can be a row's id at all (1 to :data:`MAX_ID`)."""
    return 0 < value <= MAX_ID
