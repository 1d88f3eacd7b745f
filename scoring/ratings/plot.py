"""A rating's history drawn as a picture: a server-rendered SVG, no JavaScript.

Pure (no Django): the caller gives the points already on the scale people read
(:func:`scoring.ratings.scale.shown`), the time zone the dates are read in, the words
(title and description, translated) and how a date is written in the reader's
language. The picture:

- time runs left to right; the date axis is labelled at the starts of months (every
  second, third, sixth or twelfth when the history is long) or, for a history of a few
  weeks, at days;
- the rating runs bottom to top, labelled at round numbers (steps of 10, 20, 25, 50,
  100 … chosen so that four to six labels fit);
- a shaded band is the uncertainty (the "±" people read), the line the rating.

It is drawn in a 360 × 220 box that the page scales to its width: on a 360 px phone the
labels read at about 11 px; the stylesheet caps its width on a desktop. Colours come
from CSS classes (the page's light and dark themes), never from style attributes (the
Content-Security-Policy allows none). For screen readers the SVG is ``role="img"`` with
a title and a description, and the page shows the same numbers as a table
(:func:`thin` picks the points both show).
"""

from __future__ import annotations

import datetime as dt
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from html import escape
from zoneinfo import ZoneInfo

WIDTH = 360
HEIGHT = 220
LEFT = 44
"""Room for the rating labels."""
RIGHT = 12
TOP = 12
BOTTOM = 28
"""Room for the date labels."""
FONT = 12
MOST_POINTS = 200
"""At most this many points are drawn (and listed in the table): a longer history is
thinned evenly, always keeping its first and last game."""

DateLabel = Callable[[dt.date, bool], str]
"""Writes a date for the axis: ``(date, with_day)`` → "Mar 2026" or "12 Mar"."""


@dataclass(frozen=True)
class PlotPoint:
    """The rating after one game, as people read it."""

    when: dt.datetime
    """When the game finished (aware)."""
    rating: int
    uncertainty: int
    """The "±": the band runs from ``rating - uncertainty`` to ``rating + uncertainty``."""


@dataclass(frozen=True)
class Tick:
    position: float
    label: str


def thin(points: Sequence[PlotPoint], most: int = MOST_POINTS) -> list[PlotPoint]:
    """At most ``most`` points, evenly spread, the first and the last always kept."""
    if len(points) <= most:
        return list(points)
    last = len(points) - 1
    picked = sorted({round(i * last / (most - 1)) for i in range(most)})
    return [points[i] for i in picked]


def rating_ticks(low: float, high: float) -> list[int]:
    """Round numbers spanning ``low``–``high``: four to six of them, a "nice" step apart."""
    span = max(high - low, 1.0)
    for step in _nice_steps():
        if span / step <= 5:
            break
    first = math.floor(low / step) * step
    last = math.ceil(high / step) * step
    if last == first:
        last = first + step
    return list(range(int(first), int(last) + 1, int(step)))


def _nice_steps() -> list[int]:
    return [int(m * 10**e) for e in range(1, 6) for m in (1, 2, 2.5, 5)]


def date_ticks(
    start: dt.datetime, end: dt.datetime, zone: ZoneInfo, label: DateLabel
) -> list[tuple[dt.datetime, str]]:
    """Where the date axis is labelled, between ``start`` and ``end`` (in ``zone``)."""
    first, last = start.astimezone(zone), end.astimezone(zone)
    months = _month_starts(first, last)
    if len(months) >= 2:
        for every in (1, 2, 3, 6, 12, 24, 60):
            kept = [m for m in months if (m.year * 12 + m.month - 1) % every == 0]
            if len(kept) <= 5:
                break
        return [(m, label(m.date(), False)) for m in kept]
    days = (last.date() - first.date()).days
    step = next(s for s in (1, 2, 7, 14, 31) if days / s <= 4)
    out = []
    day = first.date()
    while day <= last.date():
        out.append((dt.datetime.combine(day, dt.time(0), tzinfo=zone), label(day, True)))
        day += dt.timedelta(days=step)
    # The first day's midnight lies before the first game: it is still on the axis's day.
    return out or [(first, label(first.date(), True))]


def _month_starts(first: dt.datetime, last: dt.datetime) -> list[dt.datetime]:
    out = []
    year, month = first.year, first.month
    while (year, month) <= (last.year, last.month):
        start = dt.datetime(year, month, 1, tzinfo=first.tzinfo)
        if first <= start <= last:
            out.append(start)
        year, month = (year + 1, 1) if month == 12 else (year, month + 1)
    return out


def svg(
    points: Sequence[PlotPoint],
    *,
    zone: ZoneInfo,
    title: str,
    description: str,
    date_label: DateLabel,
    ident: str = "rating-plot",
) -> str:
    """The history as one ``<svg>`` element (empty string without points)."""
    if not points:
        return ""
    points = thin(sorted(points, key=lambda p: p.when))
    lows = [p.rating - p.uncertainty for p in points]
    highs = [p.rating + p.uncertainty for p in points]
    values = rating_ticks(min(lows), max(highs))
    bottom, top = values[0], values[-1]
    start, end = points[0].when, points[-1].when
    if end <= start:  # one day's games: spread over that day
        start = start - dt.timedelta(hours=12)
        end = end + dt.timedelta(hours=12)
    plot_w, plot_h = WIDTH - LEFT - RIGHT, HEIGHT - TOP - BOTTOM

    def x(when: dt.datetime) -> float:
        return LEFT + plot_w * (when - start).total_seconds() / (end - start).total_seconds()

    def y(value: float) -> float:
        return TOP + plot_h * (top - value) / (top - bottom)

    parts = [
        f'<svg class="rating-plot" viewBox="0 0 {WIDTH} {HEIGHT}" role="img" '
        f'aria-labelledby="{ident}-title {ident}-desc" font-size="{FONT}">',
        f'<title id="{ident}-title">{escape(title)}</title>',
        f'<desc id="{ident}-desc">{escape(description)}</desc>',
    ]
    for value in values:
        parts.append(
            f'<line class="plot-grid" x1="{LEFT}" x2="{WIDTH - RIGHT}" '
            f'y1="{_n(y(value))}" y2="{_n(y(value))}"/>'
        )
        parts.append(
            f'<text class="plot-label" x="{LEFT - 4}" y="{_n(y(value) + FONT / 3)}" '
            f'text-anchor="end">{value}</text>'
        )
    for when, text in date_ticks(points[0].when, points[-1].when, zone, date_label):
        left = min(max(x(when), LEFT), WIDTH - RIGHT)
        anchor = "start" if left < LEFT + 20 else "end" if left > WIDTH - RIGHT - 20 else "middle"
        parts.append(
            f'<line class="plot-axis" x1="{_n(left)}" x2="{_n(left)}" '
            f'y1="{HEIGHT - BOTTOM}" y2="{HEIGHT - BOTTOM + 4}"/>'
        )
        parts.append(
            f'<text class="plot-label" x="{_n(left)}" y="{HEIGHT - BOTTOM + 4 + FONT}" '
            f'text-anchor="{anchor}">{escape(text)}</text>'
        )
    parts.append(
        f'<line class="plot-axis" x1="{LEFT}" x2="{WIDTH - RIGHT}" '
        f'y1="{HEIGHT - BOTTOM}" y2="{HEIGHT - BOTTOM}"/>'
    )
    upper = [f"{_n(x(p.when))},{_n(y(h))}" for p, h in zip(points, highs, strict=True)]
    lower = [f"{_n(x(p.when))},{_n(y(lo))}" for p, lo in zip(points, lows, strict=True)]
    parts.append(f'<polygon class="plot-band" points="{" ".join(upper + lower[::-1])}"/>')
    line = " ".join(f"{_n(x(p.when))},{_n(y(p.rating))}" for p in points)
    parts.append(f'<polyline class="plot-line" points="{line}"/>')
    last = points[-1]
    parts.append(
        f'<circle class="plot-dot" cx="{_n(x(last.when))}" cy="{_n(y(last.rating))}" r="3.5"/>'
    )
    parts.append("</svg>")
    return "".join(parts)


def _n(value: float) -> str:
    """A coordinate with one decimal, as short as it goes (``12``, ``12.5``)."""
    return f"{value:.1f}".rstrip("0").rstrip(".")
