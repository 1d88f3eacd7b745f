"""The rating history drawn as an SVG (scoring.ratings.plot): pure, no database."""

from __future__ import annotations

import datetime as dt
from xml.etree import ElementTree
from zoneinfo import ZoneInfo

from scoring.ratings.plot import (
    HEIGHT,
    LEFT,
    MOST_POINTS,
    RIGHT,
    TOP,
    WIDTH,
    PlotPoint,
    date_ticks,
    rating_ticks,
    svg,
    thin,
)

ROME = ZoneInfo("Europe/Rome")
NS = {"s": "http://www.w3.org/2000/svg"}


def label(day: dt.date, with_day: bool) -> str:
    return day.strftime("%d %b") if with_day else day.strftime("%b %Y")


def weekly(count: int, start: dt.datetime | None = None) -> list[PlotPoint]:
    start = start or dt.datetime(2026, 1, 8, 20, 30, tzinfo=dt.UTC)
    return [
        PlotPoint(start + dt.timedelta(weeks=n), 1500 + 9 * n - (n % 3) * 20, max(240 - 4 * n, 80))
        for n in range(count)
    ]


def parse(text: str) -> ElementTree.Element:
    # The page writes the SVG inline in HTML; as XML it must still be well formed.
    return ElementTree.fromstring(
        text.replace("<svg ", '<svg xmlns="http://www.w3.org/2000/svg" ', 1)
    )


def drawn(text: str) -> dict[str, list[ElementTree.Element]]:
    root = parse(text)
    return {
        kind: root.findall(f".//s:{kind}", NS)
        for kind in ("title", "desc", "text", "polygon", "polyline", "circle", "line")
    }


def test_the_svg_is_an_accessible_image_with_its_title_and_description():
    text = svg(
        weekly(12),
        zone=ROME,
        title="Rating history: German whist <all clubs>",
        description="From 1500 to 1599 & more",
        date_label=label,
        ident="p7",
    )
    root = parse(text)
    assert root.get("role") == "img"
    assert root.get("aria-labelledby") == "p7-title p7-desc"
    parts = drawn(text)
    assert parts["title"][0].get("id") == "p7-title"
    assert parts["title"][0].text == "Rating history: German whist <all clubs>"  # escaped
    assert parts["desc"][0].text == "From 1500 to 1599 & more"
    assert "style=" not in text and "<script" not in text  # the CSP allows neither


def test_the_line_goes_through_every_rating_and_the_band_spans_the_uncertainty():
    points = weekly(12)
    parts = drawn(svg(points, zone=ROME, title="t", description="d", date_label=label))
    ticks = rating_ticks(
        min(p.rating - p.uncertainty for p in points), max(p.rating + p.uncertainty for p in points)
    )
    bottom, top = ticks[0], ticks[-1]

    def value_at(y: float) -> float:
        return top - (y - TOP) * (top - bottom) / (HEIGHT - TOP - 28)

    line = [tuple(map(float, xy.split(","))) for xy in parts["polyline"][0].get("points").split()]
    assert len(line) == len(points)
    assert [round(value_at(y)) for _x, y in line] == [p.rating for p in points]
    xs = [x for x, _y in line]
    assert xs == sorted(xs) and xs[0] == LEFT and xs[-1] == WIDTH - RIGHT
    band = [tuple(map(float, xy.split(","))) for xy in parts["polygon"][0].get("points").split()]
    assert len(band) == 2 * len(points)
    upper, lower = band[: len(points)], band[len(points) :][::-1]
    assert [round(value_at(y)) for _x, y in upper] == [p.rating + p.uncertainty for p in points]
    assert [round(value_at(y)) for _x, y in lower] == [p.rating - p.uncertainty for p in points]
    assert len(parts["circle"]) == 1  # the latest rating, marked


def test_the_rating_axis_is_labelled_at_round_numbers_covering_the_band():
    assert rating_ticks(1260, 1950) == [1200, 1400, 1600, 1800, 2000]
    assert rating_ticks(1480, 1530) == [1480, 1490, 1500, 1510, 1520, 1530]
    assert rating_ticks(1500, 1500) == [1500, 1510]
    for low, high in [(900, 2400), (1499, 1501), (1320, 1688), (0, 5000)]:
        ticks = rating_ticks(low, high)
        steps = {b - a for a, b in zip(ticks, ticks[1:], strict=False)}
        assert len(steps) == 1 and ticks[0] <= low and ticks[-1] >= high
        assert 2 <= len(ticks) <= 7
    texts = [
        t.text
        for t in drawn(svg(weekly(12), zone=ROME, title="t", description="d", date_label=label))[
            "text"
        ]
    ]
    assert "1400" in texts and "1600" in texts


def test_dates_are_read_on_the_given_clock():
    # 23:30 UTC on 31 January is already 00:30 on 1 February in Rome: February began
    # before the first game there, but not on a UTC clock.
    late = dt.datetime(2026, 1, 31, 23, 30, tzinfo=dt.UTC)
    ticks = date_ticks(late, late + dt.timedelta(days=70), ROME, label)
    assert [text for _when, text in ticks] == ["Mar 2026", "Apr 2026"]
    assert all(when.tzinfo == ROME and when.day == 1 and when.hour == 0 for when, _t in ticks)
    utc = date_ticks(late, late + dt.timedelta(days=70), ZoneInfo("UTC"), label)
    assert [text for _when, text in utc] == ["Feb 2026", "Mar 2026", "Apr 2026"]
    new_york = date_ticks(late, late + dt.timedelta(days=3), ZoneInfo("America/New_York"), label)
    assert new_york[0][1] == "31 Jan"  # still the 31st there


def test_long_histories_are_labelled_sparsely_and_short_ones_by_day():
    two_years = weekly(104)
    ticks = date_ticks(two_years[0].when, two_years[-1].when, ROME, label)
    assert 2 <= len(ticks) <= 5
    three_weeks = date_ticks(two_years[0].when, two_years[3].when, ROME, label)
    assert 2 <= len(three_weeks) <= 5 and all(not t.endswith("2026") for _w, t in three_weeks)


def test_one_game_draws_a_point_on_its_day():
    one = [PlotPoint(dt.datetime(2026, 3, 12, 21, 0, tzinfo=dt.UTC), 1530, 230)]
    parts = drawn(svg(one, zone=ROME, title="t", description="d", date_label=label))
    assert len(parts["polyline"][0].get("points").split()) == 1
    assert "12 Mar" in [t.text for t in parts["text"]]
    assert svg([], zone=ROME, title="t", description="d", date_label=label) == ""


def test_a_long_history_is_thinned_evenly_keeping_the_first_and_last_game():
    points = weekly(1000)
    kept = thin(points)
    assert len(kept) == MOST_POINTS
    assert kept[0] == points[0] and kept[-1] == points[-1]
    gaps = [points.index(b) - points.index(a) for a, b in zip(kept, kept[1:], strict=False)]
    assert max(gaps) - min(gaps) <= 1
    assert thin(points[:50]) == points[:50]
    text = svg(points, zone=ROME, title="t", description="d", date_label=label)
    assert len(drawn(text)["polyline"][0].get("points").split()) == MOST_POINTS


def test_the_labels_fit_a_phone():
    # The box is drawn 360 wide: on a 360 px phone (about 328 px of page) a label of
    # 12 units reads at about 11 px; and every label lies inside the box.
    text = svg(weekly(30), zone=ROME, title="t", description="d", date_label=label)
    root = parse(text)
    assert root.get("viewBox") == f"0 0 {WIDTH} {HEIGHT}" and WIDTH <= 360
    assert 12 * 328 / WIDTH >= 10.5
    for node in drawn(text)["text"]:
        assert 0 <= float(node.get("x")) <= WIDTH and 0 <= float(node.get("y")) <= HEIGHT
