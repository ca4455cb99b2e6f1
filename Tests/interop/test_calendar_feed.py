"""The calendar feed, read by an independent reader.

`carekit calendar` writes the care plan as iCalendar; Python's `icalendar` and
`recurring-ical-events` (written by others, from the RFC) expand it over two years, and the
events they find must be exactly the events the store itself gives (`carekit events --from
--to --json`): same tasks, same instants, nothing more, nothing less. Three time zones, two with
daylight saving (New York and Berlin change on different days), every schedule the plan
editor makes, a task changed mid-year and then stopped, month ends and leap days.
"""
import datetime as dt
import json
import os
import subprocess
import uuid
from collections import Counter
from zoneinfo import ZoneInfo

import icalendar
import pytest
import recurring_ical_events

CAREKIT = os.environ.get("CAREKIT_BIN", ".build/debug/carekit")
REFERENCE = dt.datetime(2001, 1, 1, tzinfo=dt.timezone.utc)
FIRST_DAY, LAST_DAY = dt.date(2026, 1, 1), dt.date(2027, 12, 31)


def seconds(moment: dt.datetime) -> float:
    """CareKit's date: seconds since 2001-01-01 UTC."""
    return (moment - REFERENCE).total_seconds()


def calendar_json(zone: str) -> dict:
    return {"current": 0, "firstWeekday": 1, "identifier": "gregorian", "minimumDaysInFirstWeek": 1,
            "locale": {"current": 0, "identifier": "en_US_POSIX"}, "timeZone": {"identifier": zone}}


def element(zone: str, start: dt.datetime, interval: dict, minutes: float = 60, all_day: bool = False) -> dict:
    return {"calendar": calendar_json(zone), "interval": interval, "start": seconds(start), "targetValues": [],
            "duration": {"isAllDay": True} if all_day else {"isAllDay": False, "seconds": minutes * 60}}


def task(task_id: str, zone: str, elements: list, effective: dt.datetime, previous=None, deleted=None, reminder=None) -> dict:
    version = {
        "id": task_id, "uuid": str(uuid.uuid4()).upper(), "title": task_id, "impactsAdherence": True,
        "effectiveDate": seconds(effective), "createdDate": seconds(effective), "updatedDate": seconds(effective),
        "previousVersionUUIDs": [previous] if previous else [], "nextVersionUUIDs": [],
        "schedule": {"elements": elements}, "timezone": {"identifier": zone},
        "schemaVersion": {"majorVersion": 2, "minorVersion": 1, "patchNumber": 0},
    }
    if deleted:
        version["deletedDate"] = seconds(deleted)
    if reminder is not None:
        version["userInfo"] = {"carekit.reminder.minutesBefore": str(reminder)}
    return version


def plan(zone: str) -> list:
    tz = ZoneInfo(zone)

    def at(year, month, day, hour=0, minute=0):
        return dt.datetime(year, month, day, hour, minute, tzinfo=tz)

    daily, weekly = {"day": 1}, {"weekOfYear": 1}
    tasks = [
        task("twice-a-day", zone, [element(zone, at(2026, 1, 1, 8), daily), element(zone, at(2026, 1, 1, 20), daily)], at(2026, 1, 1), reminder=15),
        # 02:30 does not exist on the day clocks go forward; 01:30 happens twice when they go back.
        task("skipped-time", zone, [element(zone, at(2026, 1, 1, 2, 30), daily, minutes=30)], at(2026, 1, 1)),
        task("repeated-time", zone, [element(zone, at(2026, 1, 1, 1, 30), daily, minutes=30)], at(2026, 1, 1)),
        task("every-3-days", zone, [element(zone, at(2026, 1, 2, 7, 15), {"day": 3}, minutes=15)], at(2026, 1, 1), reminder=0),
        task("mon-and-thu", zone, [element(zone, at(2026, 1, 5, 9), weekly), element(zone, at(2026, 1, 8, 9), weekly)], at(2026, 1, 1)),
        task("every-2-weeks", zone, [element(zone, at(2026, 1, 7, 18), {"weekOfYear": 2}, minutes=45)], at(2026, 1, 1)),
        task("the-29th", zone, [element(zone, at(2026, 1, 29, 10), {"month": 1})], at(2026, 1, 1)),
        task("the-30th", zone, [element(zone, at(2026, 1, 30, 10), {"month": 1})], at(2026, 1, 1)),
        task("the-31st", zone, [element(zone, at(2026, 1, 31, 10), {"month": 1})], at(2026, 1, 1)),
        task("leap-day", zone, [element(zone, at(2024, 2, 29, 12), {"year": 1})], at(2024, 2, 1)),
        task("all-day", zone, [element(zone, at(2026, 1, 1), daily, all_day=True)], at(2026, 1, 1)),
        task("every-2-days-all-day", zone, [element(zone, at(2026, 1, 1), {"day": 2}, all_day=True)], at(2026, 1, 1)),
        task("every-8-hours", zone, [element(zone, at(2026, 1, 1, 6), {"hour": 8}, minutes=5)], at(2026, 1, 1)),
        task("ends-in-march", zone, [element(zone, at(2026, 1, 1, 12), daily)], at(2026, 1, 1)),
    ]
    tasks[-1]["schedule"]["elements"][0]["end"] = seconds(at(2026, 3, 15, 12))
    # A medication changed on June 1st (08:00 → 09:00 and 21:00) and stopped on March 1st 2027.
    first = task("medication", zone, [element(zone, at(2026, 1, 1, 8), daily)], at(2026, 1, 1))
    second = task("medication", zone, [element(zone, at(2026, 1, 1, 9), daily), element(zone, at(2026, 1, 1, 21), daily)],
                  at(2026, 6, 1), previous=first["uuid"])
    stop = task("medication", zone, second["schedule"]["elements"], at(2027, 3, 1), previous=second["uuid"], deleted=at(2027, 3, 1))
    return [{"type": "task", "object": version} for version in tasks + [first, second, stop]]


def run(*arguments: str, zone: str) -> str:
    environment = dict(os.environ, TZ=zone, CAREKIT_NOW="2026-01-01T12:00:00Z")
    result = subprocess.run([CAREKIT, *arguments], capture_output=True, text=True, env=environment, timeout=120)
    assert result.returncode == 0, f"carekit {' '.join(arguments)}: {result.stderr}"
    return result.stdout


def store_events(store: str, zone: str, first: dt.date = FIRST_DAY, last: dt.date = LAST_DAY) -> Counter:
    events = json.loads(run("events", "--from", first.isoformat(), "--to", last.isoformat(), "--json", "--store", store, zone=zone))
    return Counter((event["taskID"], dt.datetime.fromisoformat(event["start"].replace("Z", "+00:00"))) for event in events)


def feed_events(feed: bytes, zone: str) -> tuple[Counter, list]:
    calendar = icalendar.Calendar.from_ical(feed)
    tz = ZoneInfo(zone)
    start = dt.datetime.combine(FIRST_DAY, dt.time(), tzinfo=tz)
    end = dt.datetime.combine(LAST_DAY + dt.timedelta(days=1), dt.time(), tzinfo=tz)
    found = Counter()
    alarms = []
    for event in recurring_ical_events.of(calendar).between(start, end):
        begin = event["DTSTART"].dt
        if isinstance(begin, dt.datetime):
            instant = begin.astimezone(dt.timezone.utc)
        else:  # an all-day event: the store's starts at local midnight
            instant = dt.datetime.combine(begin, dt.time(), tzinfo=tz).astimezone(dt.timezone.utc)
        found[(str(event["SUMMARY"]), instant)] += 1
        alarms += [(str(event["SUMMARY"]), alarm["TRIGGER"].dt) for alarm in event.walk("VALARM")]
    return found, alarms


@pytest.mark.parametrize("zone", ["America/New_York", "Europe/Berlin", "Asia/Kolkata"])
def test_the_feed_gives_exactly_the_stores_events(tmp_path, zone):
    export = tmp_path / "plan.json"
    export.write_text(json.dumps(plan(zone)))
    store = str(tmp_path / "store.sqlite")
    run("import", str(export), "--store", store, zone=zone)
    feed = tmp_path / "plan.ics"
    run("calendar", "-o", str(feed), "--store", store, zone=zone)

    expected = store_events(store, zone)
    found, alarms = feed_events(feed.read_bytes(), zone)

    missing = expected - found
    extra = found - expected
    assert not missing and not extra, (
        f"{zone}: {sum(missing.values())} events of the store are not in the feed, e.g. {sorted(missing)[:5]}; "
        f"{sum(extra.values())} events of the feed are not in the store, e.g. {sorted(extra)[:5]}")
    # Two years of a plan of 17 tasks: the comparison covers thousands of events.
    assert sum(expected.values()) > 5_000
    tasks = {name for name, _ in expected}
    assert {"the-29th", "the-30th", "the-31st", "leap-day", "skipped-time", "repeated-time", "medication"} <= tasks
    # The medication stops: nothing after March 1st, 2027.
    assert max(moment for name, moment in expected if name == "medication") < dt.datetime(2027, 3, 2, tzinfo=dt.timezone.utc)
    # Reminders: 15 minutes before, and at the start.
    assert ("twice-a-day", -dt.timedelta(minutes=15)) in alarms
    assert ("every-3-days", dt.timedelta(0)) in alarms
