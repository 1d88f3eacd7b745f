"""The score-sheets resource: a table's sheet, its lines, rulings and forfeits."""
