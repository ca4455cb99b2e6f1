"""The web app's calendar feed, read by an independent reader.

`carekit serve --demo` gives its care plan at a secret address (`/calendar/<secret>.ics`, found
on its calendar page); Python's `icalendar` and `recurring-ical-events` expand what a calendar
app would fetch, and the events of a week must be exactly those `carekit events` gives, each
with the reminder the calendar page promises.
"""
import datetime as dt
import json
import os
import re
import subprocess
import threading
import urllib.request
from collections import Counter
from zoneinfo import ZoneInfo

import icalendar
import recurring_ical_events

CAREKIT = os.environ.get("CAREKIT_BIN", ".build/debug/carekit")
ZONE = "America/New_York"
NOW = "2026-11-26T15:00:00Z"


def environment(tmp_path):
    env = dict(os.environ)
    env.update(TZ=ZONE, CAREKIT_NOW=NOW, XDG_DATA_HOME=str(tmp_path / "xdg"), LC_ALL="C.UTF-8")
    return env


def test_the_served_feed_gives_the_stores_events(tmp_path):
    store = str(tmp_path / "store.sqlite")
    env = environment(tmp_path)
    server = subprocess.Popen([CAREKIT, "serve", "--demo", "--port", "0", "--store", store], env=env, cwd=tmp_path,
                              stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    address = []
    ready = threading.Event()

    def read_log():
        for line in server.stderr:
            match = re.search(r"is running at (http://\S+)", line)
            if match and not address:
                address.append(match.group(1).rstrip("/"))
                ready.set()
        ready.set()

    threading.Thread(target=read_log, daemon=True).start()
    try:
        assert ready.wait(120) and address, "carekit serve did not start"
        page = urllib.request.urlopen(address[0] + "/settings/calendar", timeout=60).read().decode()
        feed_url = re.search(r'value="(http://[^"]+/calendar/[0-9a-f]{64}\.ics)"', page).group(1)
        with urllib.request.urlopen(feed_url, timeout=60) as response:
            assert response.headers["Content-Type"] == "text/calendar; charset=utf-8"
            feed = response.read()
    finally:
        server.terminate()
        server.wait(timeout=30)

    tz = ZoneInfo(ZONE)
    first, last = dt.date(2026, 11, 22), dt.date(2026, 12, 5)
    calendar = icalendar.Calendar.from_ical(feed)
    found, reminders = Counter(), Counter()
    for event in recurring_ical_events.of(calendar).between(dt.datetime.combine(first, dt.time(), tzinfo=tz),
                                                            dt.datetime.combine(last + dt.timedelta(days=1), dt.time(), tzinfo=tz)):
        found[(str(event["SUMMARY"]), event["DTSTART"].dt.astimezone(dt.timezone.utc))] += 1
        reminders[(str(event["SUMMARY"]), tuple(alarm["TRIGGER"].dt for alarm in event.walk("VALARM")))] += 1
    listed = json.loads(subprocess.run([CAREKIT, "events", "--from", first.isoformat(), "--to", last.isoformat(), "--json", "--store", store],
                                       env=environment(tmp_path), capture_output=True, text=True, check=True, timeout=120).stdout)
    expected = Counter((event["title"], dt.datetime.fromisoformat(event["start"].replace("Z", "+00:00"))) for event in listed)
    assert sum(expected.values()) > 100
    assert found == expected
    # The calendar page says the calendar reminds: every event does, the trainings ten minutes
    # before, the vitals as they start.
    ten_before, at_start = (-dt.timedelta(minutes=10),), (dt.timedelta(0),)
    assert set(reminders) == {("Cardio", ten_before), ("Limber Up", ten_before), ("Target Practice", ten_before),
                              ("Pulse", at_start), ("Temperature", at_start)}
