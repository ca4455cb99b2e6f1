"""The calendar feed's time zones over ten years, read through the feed's own VTIMEZONEs.

A feed made on January 1st, 2026 with the default horizon (three years) must still place every
event right in 2035: each VTIMEZONE is the zone's yearly rule, not a list of changes that ends.
Four zones: New York, Sydney and Lord Howe (half an hour of summer time, in the southern
summer), Santiago (clocks change at midnight, on the first Sunday from the 2nd: a rule no Nth
weekday says). Two readers, neither allowed the zone names' system data:

1. `icalendar` and `recurring-ical-events` expand the feed with every TZID renamed to a name no
   zone database knows, so that icalendar builds each zone from its VTIMEZONE; it builds it with
   dateutil (its zoneinfo provider) or from its own table of changes into pytz (its pytz
   provider). Both are run. Every occurrence must be where RFC 5545 puts its local time (a
   repeated time is the first, a skipped one is read in the offset before the gap: Python's
   zoneinfo with fold=0), and those instants must be exactly the store's events. Each reader
   differs from RFC 5545 in one known case, checked as such: dateutil reads a skipped time in
   the offset after the gap, pytz a repeated time as the second.
2. `dateutil.tz.tzical` reads the VTIMEZONE blocks alone: every event instant of the ten years,
   and both sides of every change of offset (to the second), must have the local time and
   offset Python's zoneinfo gives.
"""
import datetime as dt
import io
import json
import uuid
from collections import Counter
from zoneinfo import ZoneInfo

import dateutil.tz
import icalendar
import pytest
import recurring_ical_events

import test_calendar_feed as feed

ZONES = ["America/New_York", "Australia/Sydney", "Australia/Lord_Howe", "America/Santiago"]
FIRST_DAY, LAST_DAY = dt.date(2026, 1, 1), dt.date(2035, 12, 31)
UTC = dt.timezone.utc


def plan(zone: str) -> list:
    tz = ZoneInfo(zone)

    def at(year, month, day, hour=0, minute=0):
        return dt.datetime(year, month, day, hour, minute, tzinfo=tz)

    start = at(2026, 1, 1)
    # Times the four zones skip or repeat: 00:30 (Santiago's spring), 01:30 (New York's and
    # Lord Howe's autumn), 02:15 (New York's, Sydney's and Lord Howe's spring, Sydney's
    # autumn), 23:30 (Santiago's autumn, on the Saturday).
    times = {"small-hours": (0, 30), "repeated": (1, 30), "skipped": (2, 15), "morning": (8, 0), "late": (23, 30)}
    tasks = [feed.task(name, zone, [feed.element(zone, at(2026, 1, 1, hour, minute), {"day": 1}, minutes=30)], start, reminder=10)
             for name, (hour, minute) in times.items()]
    tasks += [
        # Clocks change on Sundays.
        feed.task("sundays", zone, [feed.element(zone, at(2026, 1, 4, 2, 30), {"weekOfYear": 1})], start),
        feed.task("month-end", zone, [feed.element(zone, at(2026, 1, 31, 10), {"month": 1})], start),
    ]
    return [{"type": "task", "object": version} for version in tasks]


@pytest.fixture(scope="module", params=ZONES)
def made(request, tmp_path_factory):
    """A zone, the store's events of ten years, and the feed `carekit calendar` writes."""
    zone = request.param
    directory = tmp_path_factory.mktemp(zone.replace("/", "-"))
    export = directory / "plan.json"
    export.write_text(json.dumps(plan(zone)))
    store = str(directory / "store.sqlite")
    feed.run("import", str(export), "--store", store, zone=zone)
    ics = directory / "plan.ics"
    feed.run("calendar", "-o", str(ics), "--store", store, zone=zone)
    return zone, feed.store_events(store, zone, FIRST_DAY, LAST_DAY), ics.read_bytes().decode()


def own_names(text: str) -> tuple[str, dict]:
    """The feed unfolded, with each TZID renamed to one no zone database has (new each time,
    as icalendar keeps the zones it built by name)."""
    text = text.replace("\r\n ", "")
    names = {}
    for line in text.split("\r\n"):
        if line.startswith("TZID:"):
            names[line[5:]] = f"CareKit-{uuid.uuid4().hex}/{line[5:]}"
    for zone, name in names.items():
        text = text.replace(f"TZID:{zone}\r\n", f"TZID:{name}\r\n").replace(f";TZID={zone}:", f";TZID={name}:")
    return text, names


def rfc_instants(wall: dt.datetime, tz: ZoneInfo) -> tuple[str, dt.datetime, dt.datetime]:
    """What a local time is in a zone ("regular", "skipped" or "repeated") and its two readings:
    RFC 5545's (fold=0: the first of a repeated time, a skipped one in the offset before the gap)
    and the other (fold=1)."""
    first, second = (wall.replace(tzinfo=tz, fold=fold).astimezone(UTC) for fold in (0, 1))
    if first == second:
        return "regular", first, second
    exists = first.astimezone(tz).replace(tzinfo=None) == wall
    return ("repeated" if exists else "skipped"), first, second


@pytest.fixture(params=["zoneinfo", "pytz"])
def provider(request):
    icalendar.use_pytz() if request.param == "pytz" else icalendar.use_zoneinfo()
    try:
        yield request.param
    finally:
        icalendar.use_zoneinfo()


def test_icalendar_expands_ten_years_through_the_feeds_own_zones(made, provider):
    zone, expected, ics = made
    text, names = own_names(ics)
    assert set(names) == {zone}
    calendar = icalendar.Calendar.from_ical(text)
    tz = ZoneInfo(zone)
    # The reader's known difference from RFC 5545: which reading it takes instead.
    differs_on = {"zoneinfo": "skipped", "pytz": "repeated"}[provider]
    rfc, kinds, wrong = Counter(), Counter(), []
    start, end = (dt.datetime.combine(day, dt.time(), tzinfo=tz) for day in (FIRST_DAY, LAST_DAY + dt.timedelta(days=1)))
    for event in recurring_ical_events.of(calendar).between(start, end):
        begin, summary = event["DTSTART"].dt, str(event["SUMMARY"])
        found = begin.astimezone(UTC)
        # Read through the feed's VTIMEZONE, never the system's zone of that name.
        assert names[zone] in repr(begin.tzinfo) and not isinstance(begin.tzinfo, ZoneInfo), repr(begin.tzinfo)
        kind, first, second = rfc_instants(begin.replace(tzinfo=None), tz)
        kinds[kind] += 1
        rfc[(summary, first)] += 1
        if found != (second if kind == differs_on else first):
            wrong.append((summary, begin, found, first))
    assert not wrong, f"{zone} ({provider}): {len(wrong)} occurrences misplaced, e.g. {wrong[:5]}"
    missing, extra = expected - rfc, rfc - expected
    assert not missing and not extra, (
        f"{zone}: {sum(missing.values())} events of the store are not in the feed, e.g. {sorted(missing)[:5]}; "
        f"{sum(extra.values())} events of the feed are not in the store, e.g. {sorted(extra)[:5]}")
    # Ten years of seven tasks, 2030 and after included; the changes' days were met.
    assert sum(expected.values()) > 18_000
    assert max(moment for _, moment in expected).astimezone(tz).year == 2035
    # (pytz moves a skipped time out of the gap before it is seen: 02:15 comes back as 03:15.)
    assert kinds["repeated"] >= 10 and (provider == "pytz" or kinds["skipped"] >= 10), kinds
    # The feed asks to be fetched again every hour (RFC 7986, and Outlook's property).
    assert calendar["REFRESH-INTERVAL"].dt == dt.timedelta(hours=1) and str(calendar["X-PUBLISHED-TTL"]) == "PT1H"


def zone_changes(tz: ZoneInfo, first: dt.date, last: dt.date) -> list:
    """Every change of a zone's offset between two days, to the second (by zoneinfo)."""
    changes = []
    moment = dt.datetime.combine(first, dt.time(), tzinfo=UTC)
    end = dt.datetime.combine(last, dt.time(), tzinfo=UTC)
    while moment < end:
        after = moment + dt.timedelta(days=1)
        if moment.astimezone(tz).utcoffset() != after.astimezone(tz).utcoffset():
            low, high = moment, after
            while high - low > dt.timedelta(seconds=1):
                middle = low + (high - low) / 2
                middle = middle.replace(microsecond=0)
                if middle.astimezone(tz).utcoffset() == low.astimezone(tz).utcoffset():
                    low = middle
                else:
                    high = middle
            changes.append(high)
        moment = after
    return changes


def test_dateutil_reads_each_zone_as_zoneinfo_for_ten_years(made):
    zone, expected, ics = made
    lines = ics.replace("\r\n ", "").split("\r\n")
    begin, end = lines.index("BEGIN:VTIMEZONE"), lines.index("END:VTIMEZONE")
    theirs = dateutil.tz.tzical(io.StringIO("\r\n".join(lines[begin:end + 1]) + "\r\n")).get(zone)
    ours = ZoneInfo(zone)
    changes = zone_changes(ours, FIRST_DAY, LAST_DAY + dt.timedelta(days=1))
    instants = sorted({moment for _, moment in expected}) + [moment + delta for moment in changes for delta in (dt.timedelta(seconds=-1), dt.timedelta(0))]
    wrong = []
    for instant in instants:
        read, right = instant.astimezone(theirs), instant.astimezone(ours)
        # The local time and offset, and back: the local time (with its fold) is the instant.
        back = right.replace(tzinfo=theirs).astimezone(UTC)
        if (read.replace(tzinfo=None), read.utcoffset()) != (right.replace(tzinfo=None), right.utcoffset()) or back != instant:
            wrong.append((instant, read, right, back))
    assert not wrong, f"{zone}: {len(wrong)} of {len(instants)} instants read wrong, e.g. {wrong[:5]}"
    # Two changes a year, each checked on both sides.
    assert len(changes) == 20, changes
    assert len(instants) > 18_000
