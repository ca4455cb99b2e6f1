"""The calendar feed of a plan made with the plan editor (`carekit add-task`, `edit-task`,
`stop-task`), read by the independent reader: every kind of schedule the editor makes (times,
weekdays, every N days, all day, an end, a measurement, reminders, a change and a stop), started
and ended on the days the clocks change, in three time zones. The events that `icalendar` and
`recurring-ical-events` find must be exactly the store's.
"""
import datetime as dt

import pytest

import test_calendar_feed as feed

# The days the clocks change in 2026: forward, then back.
CHANGES = {"America/New_York": ("2026-03-08", "2026-11-01"), "Europe/Berlin": ("2026-03-29", "2026-10-25"),
           "Asia/Kolkata": ("2026-03-08", "2026-11-01")}


def plan_commands(zone: str) -> list:
    forward, back = CHANGES[zone]
    return [
        ["add-task", "plan-twice-daily", "--instructions", "500 mg with food", "--times", "08:00,20:00", "--remind", "15"],
        ["add-task", "plan-mon-thu", "--times", "07:30", "--days", "mon,thu", "--from", "2026-01-05"],
        ["add-task", "plan-weekend", "--times", "10:00", "--days", "sat,sun", "--from", forward],
        ["add-task", "plan-every-3-days", "--times", "09:15", "--every", "3", "--from", forward],
        ["add-task", "plan-skipped-time", "--times", "02:30", "--from", forward],
        ["add-task", "plan-repeated-time", "--times", "01:30", "--from", back, "--until", "2027-01-31"],
        ["add-task", "plan-all-day", "--all-day", "--every", "2", "--from", back, "--until", "2027-03-28"],
        ["add-task", "plan-ends-on-a-change", "--times", "23:30", "--until", back],
        ["add-task", "plan-measure", "--times", "07:00", "--measure", "Temperature", "--unit", "°F", "--range", "97-99.5",
         "--no-adherence", "--remind", "0"],
        ["add-task", "plan-edited", "--times", "08:00"],
        ["edit-task", "plan-edited", "--times", "09:00,21:00", "--days", "mon,wed,fri", "--from", forward],
        ["stop-task", "plan-edited", "--until", "2027-02-28"],
    ]


@pytest.mark.parametrize("zone", list(CHANGES))
def test_the_feed_of_a_plan_made_with_the_editor_gives_exactly_the_stores_events(tmp_path, zone):
    store = str(tmp_path / "store.sqlite")
    for command in plan_commands(zone):
        feed.run(*command, "--store", store, zone=zone)
    ics = tmp_path / "plan.ics"
    feed.run("calendar", "-o", str(ics), "--store", store, zone=zone)

    expected = feed.store_events(store, zone)
    found, alarms = feed.feed_events(ics.read_bytes(), zone)
    missing, extra = expected - found, found - expected
    assert not missing and not extra, (
        f"{zone}: {sum(missing.values())} events of the store are not in the feed, e.g. {sorted(missing)[:5]}; "
        f"{sum(extra.values())} events of the feed are not in the store, e.g. {sorted(extra)[:5]}")
    assert {name for name, _ in expected} == {command[1] for command in plan_commands(zone)}
    assert sum(expected.values()) > 3_000
    # The changed task stops after February 28th, 2027.
    assert max(moment for name, moment in expected if name == "plan-edited") < dt.datetime(2027, 3, 1, 12, tzinfo=dt.timezone.utc)
    assert ("plan-twice-daily", -dt.timedelta(minutes=15)) in alarms
    assert ("plan-measure", dt.timedelta(0)) in alarms
