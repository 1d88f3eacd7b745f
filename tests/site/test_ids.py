"""tavolo.ids: the range of a row's id that every caller checks a person's number against."""

from tavolo.ids import MAX_ID, is_row_id


def test_a_row_id_is_a_positive_bigint():
    assert MAX_ID == 2**63 - 1
    assert is_row_id(1) and is_row_id(MAX_ID)
    assert not is_row_id(0) and not is_row_id(-1) and not is_row_id(MAX_ID + 1)
