"""Browser tests of moving through time, history, reminders and the calendar feed, at phone
(390 px) and desktop (1280 px) widths. "Now" is pinned to Thursday, November 26, 2026, 10:00 AM
in New York (conftest.py), or to the moment a test starts its own server with.
"""

import json
import re
import urllib.request

import pytest
from playwright.sync_api import expect

from conftest import SLACK, TODAY, CareKitServer, open_page

WAIT_MS = 15_000 * SLACK
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 1000}}


@pytest.fixture(params=sorted(SIZES))
def sized(request, browser, server):
    """A browser window of each size, with JavaScript."""
    context = browser.new_context(viewport=SIZES[request.param], color_scheme="light")
    context.set_default_timeout(WAIT_MS)
    yield context, request.param
    context.close()


def real_problems(watched):
    """What a page complained about, but requests a quick navigation cut short (its icon)."""
    return [problem for problem in watched.problems if "net::ERR_ABORTED" not in problem]


def assert_fits(page, width):
    assert page.evaluate("document.scrollingElement.scrollWidth") <= width, "the page scrolls sideways"


def test_week_back_and_forth_and_today(sized, server):
    context, size = sized
    page, watched = open_page(context, server.page_url("/care-card"))
    expect(page.locator(".ck-page-subtitle")).to_have_text("Thursday, November 26, 2026")
    page.get_by_role("link", name="‹ Previous week").click()
    expect(page).to_have_url(re.compile(r"/care-card\?date=2026-11-19$"))
    expect(page.locator(".ck-page-subtitle")).to_have_text("Thursday, November 19, 2026")
    page.get_by_role("link", name="‹ Previous week").click()
    expect(page.locator(".ck-page-subtitle")).to_have_text("Thursday, November 12, 2026")
    page.get_by_role("link", name="Next week ›").click()
    expect(page).to_have_url(re.compile(r"/care-card\?date=2026-11-19$"))
    page.reload()
    expect(page.locator(".ck-page-subtitle")).to_have_text("Thursday, November 19, 2026")
    page.get_by_role("link", name="Today", exact=True).click()
    expect(page.locator(".ck-page-subtitle")).to_have_text("Thursday, November 26, 2026")
    page.get_by_role("link", name="Next week ›").click()
    expect(page.locator(".ck-page-notice")).to_contain_text("has not come yet")
    page.go_back()
    expect(page.locator(".ck-page-subtitle")).to_have_text("Thursday, November 26, 2026")
    assert_fits(page, SIZES[size]["width"])
    assert real_problems(watched) == []


def test_insights_pages_back_by_weeks(sized, server):
    context, size = sized
    page, watched = open_page(context, server.page_url("/insights"))
    expect(page.locator(".ck-page-subtitle")).to_have_text("Fri, Nov 20 – Thu, Nov 26")
    expect(page.get_by_role("link", name="Next week ›")).to_have_count(0)
    page.get_by_role("link", name="‹ Previous week").click()
    expect(page.locator(".ck-page-subtitle")).to_have_text("Fri, Nov 13 – Thu, Nov 19")
    page.get_by_role("link", name="Next week ›").click()
    expect(page.locator(".ck-page-subtitle")).to_have_text("Fri, Nov 20 – Thu, Nov 26")
    assert_fits(page, SIZES[size]["width"])
    assert real_problems(watched) == []


def record_temperature(page, server, value):
    page.goto(server.page_url("/symptoms"))
    temperature = page.locator('article.ock-card[aria-label="Temperature"]')
    with page.expect_navigation():
        temperature.get_by_role("button", name="Record").click()
    page.get_by_label("What is your temperature? in °F").fill(value)
    with page.expect_navigation():
        page.get_by_role("button", name="Save").click()
    # A value outside the target range is saved once confirmed.
    confirm = page.get_by_role("button", name=f"Save {value} °F")
    if confirm.count():
        with page.expect_navigation():
            confirm.click()


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_correct_and_delete_a_value_and_see_history(browser, server, javascript):
    for size, viewport in SIZES.items():
        context = browser.new_context(viewport=viewport, java_script_enabled=javascript)
        context.set_default_timeout(WAIT_MS)
        try:
            page, watched = open_page(context, server.page_url("/symptoms"))
            record_temperature(page, server, "101.2")
            page.goto(server.page_url("/tasks/temperature"))
            history = page.get_by_role("region", name="History")
            today = history.get_by_role("region", name="Thursday, November 26, 2026")
            entry = today.locator(".ck-entry").first
            expect(entry.locator(".ck-entry-value")).to_have_text("101.2 °F")
            expect(entry.locator(".ck-entry-when")).to_contain_text("Recorded Thu, Nov 26 at 10:00")
            assert_fits(page, viewport["width"])

            entry.locator("summary", has_text="Correct").click()
            entry.get_by_label("Correct 101.2 °F").fill("100.1")
            with page.expect_navigation():
                entry.get_by_role("button", name="Save").click()
            assert page.url.endswith("/tasks/temperature#ck-history"), "back at the history"
            entry = page.get_by_role("region", name="Thursday, November 26, 2026").locator(".ck-entry").first
            expect(entry.locator(".ck-entry-value")).to_have_text("100.1 °F")
            expect(entry.locator(".ck-entry-when")).to_contain_text("entry changed Thu, Nov 26")
            assert [event["values"][0]["value"] for event in server.events("temperature")] == [100.1]

            # A survey answer out of the question's range is refused and changes nothing.
            entry.locator("summary", has_text="Correct").click()
            entry.get_by_label("Correct 100.1 °F").fill("300")
            response = None
            with page.expect_navigation() as navigation:
                entry.get_by_role("button", name="Save").click()
            response = navigation.value
            assert response is not None and response.status == 400
            expect(page.locator(".ck-error")).to_contain_text("above the highest accepted value")
            watched.problems.clear()
            page.goto(server.page_url("/tasks/temperature"))

            # Delete asks first, on a page of its own; Keep it changes nothing.
            with page.expect_navigation():
                page.get_by_role("button", name="Delete 100.1 °F of Thu, Nov 26").click()
            expect(page.locator(".ck-confirm-card")).to_contain_text("100.1 °F, recorded Thu, Nov 26")
            with page.expect_navigation():
                page.get_by_role("link", name="Keep it").click()
            assert [event["values"][0]["value"] for event in server.events("temperature")] == [100.1]
            deleted_before = page.locator(".ck-entry.ck-deleted").count()
            with page.expect_navigation():
                page.get_by_role("button", name="Delete 100.1 °F of Thu, Nov 26").click()
            with page.expect_navigation():
                page.get_by_role("button", name="Delete 100.1 °F").click()
            assert server.events("temperature")[0].get("values", []) in ([], None)
            # The deleted entry stays in the history, as deleted, with Undo.
            day = page.get_by_role("region", name="Thursday, November 26, 2026")
            deleted = day.locator(".ck-entry.ck-deleted").last
            expect(deleted.locator("del")).to_have_text("100.1 °F")
            expect(deleted).to_contain_text("deleted Thu, Nov 26 at 10:00")
            with page.expect_navigation():
                deleted.get_by_role("button", name="Undo deleting 100.1 °F").click()
            assert [event["values"][0]["value"] for event in server.events("temperature")] == [100.1]
            expect(page.locator(".ck-entry.ck-deleted")).to_have_count(deleted_before)
            # Leave the event empty for the next size.
            with page.expect_navigation():
                page.get_by_role("button", name="Delete 100.1 °F of Thu, Nov 26").click()
            with page.expect_navigation():
                page.get_by_role("button", name="Delete 100.1 °F").click()
            assert watched.problems == [], (size, watched.problems)
        finally:
            context.close()


def start_server_at(carekit_bin, directory, now):
    """`carekit serve --demo` with the clock pinned to `now` (an ISO 8601 instant)."""
    directory.mkdir(parents=True, exist_ok=True)
    app = CareKitServer(carekit_bin, directory)
    app.env["CAREKIT_NOW"] = now
    return app.start()


@pytest.mark.parametrize("size", sorted(SIZES))
def test_due_now_and_overdue_at_pinned_times(browser, carekit_bin, tmp_path, size):
    # 10:00 in New York: Target Practice (10:00–10:30) is due; the 7:00 and 9:00 stretches and
    # the 8:00 cardio ended undone. At 7:05 only the 7:00 stretch is due and nothing is overdue.
    for now, due, overdue in [("2026-11-26T15:00:00Z", 1, 3), ("2026-11-26T12:05:00Z", 1, 0)]:
        app = start_server_at(carekit_bin, tmp_path / now.replace(":", ""), now)
        context = browser.new_context(viewport=SIZES[size])
        try:
            page, watched = open_page(context, app.page_url("/care-card"))
            expect(page.locator(".ock-due-now")).to_have_count(due)
            expect(page.locator(".ock-overdue")).to_have_count(overdue)
            if overdue:
                expect(page.get_by_role("button", name=re.compile(r"^9:00\W+AM, Limber Up, overdue$"))).to_have_count(1)
                with page.expect_response(re.compile(r"/complete$")):
                    page.get_by_role("button", name=re.compile(r"^9:00\W+AM, Limber Up, overdue$")).click()
                expect(page.locator(".ock-overdue")).to_have_count(overdue - 1)
            assert_fits(page, SIZES[size]["width"])
            assert watched.problems == []
        finally:
            context.close()
            app.stop()


SPY = """
(() => {
  window.__notifications = [];
  const Real = window.Notification;
  if (!Real) { return; }
  class Spy extends Real {
    constructor(title, options) { window.__notifications.push(title); super(title, options); }
  }
  Object.defineProperty(Spy, 'permission', { get: () => Real.permission });
  Spy.requestPermission = (...args) => Real.requestPermission(...args);
  window.Notification = Spy;
})();
"""


@pytest.mark.parametrize("allowed", [True, False], ids=["granted", "refused"])
def test_notification_at_an_events_reminder(browser, carekit_bin, tmp_path, allowed):
    # 9:49:50: the demo reminds of Target Practice ten minutes before it starts at 10:00, so in
    # ten seconds. The page's timers run on Playwright's clock, so nothing here waits for real time.
    app = start_server_at(carekit_bin, tmp_path, "2026-11-26T14:49:50Z")
    context = browser.new_context(viewport=SIZES["phone"], permissions=["notifications"] if allowed else [])
    try:
        page = context.new_page()
        page.add_init_script(SPY)
        page.clock.install(time=1_800_000_000_000)
        page.goto(app.page_url("/care-card"))
        button = page.get_by_role("button", name="Remind me with notifications")
        status = page.locator(".ck-notify-status")
        if allowed:
            expect(button).to_be_hidden()
            expect(status).to_be_visible()
        else:
            # Headless Chromium refuses without asking; a browser that has not been asked shows
            # the button, and once refused, hides it.
            if page.evaluate("Notification.permission") == "default":
                expect(button).to_be_visible()
                button.click()
            expect(button).to_be_hidden()
            expect(status).to_be_hidden()
            assert page.evaluate("Notification.permission") == "denied"
        assert page.evaluate("window.__notifications") == [], "nothing before the reminder's time"
        page.clock.run_for(11_000)
        if allowed:
            page.wait_for_function("window.__notifications.length > 0")
            assert page.evaluate("window.__notifications") == ["Target Practice"]
        else:
            page.clock.run_for(1_000)
            assert page.evaluate("window.__notifications") == []
        page.clock.run_for(60_000)
        assert page.evaluate("window.__notifications.length") == (1 if allowed else 0), "each event is announced once"
    finally:
        context.close()
        app.stop()


def test_without_javascript_the_cards_still_say_what_is_due(browser, server):
    context = browser.new_context(viewport=SIZES["phone"], java_script_enabled=False)
    try:
        page, watched = open_page(context, server.page_url("/care-card"))
        expect(page.get_by_text(re.compile("· Due now"))).to_have_count(1)
        expect(page.get_by_role("button", name="Remind me with notifications")).to_be_hidden()
        assert watched.problems == []
    finally:
        context.close()


def fetch(url):
    """GET without the browser's cookies, as a calendar app would: (status, content type, text)."""
    try:
        with urllib.request.urlopen(url, timeout=30 * SLACK) as response:
            return response.status, response.headers.get("Content-Type"), response.read().decode("utf-8")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Content-Type"), ""


def test_calendar_subscription(sized, server):
    context, size = sized
    page, watched = open_page(context, server.page_url("/care-card"))
    with page.expect_navigation():
        page.get_by_role("link", name="Add to your calendar").click()
    expect(page.locator("h1")).to_have_text("Calendar")
    subscribe = page.get_by_role("link", name="Subscribe")
    address = page.get_by_label("The calendar's address").input_value()
    assert re.fullmatch(r"http://127\.0\.0\.1:\d+/calendar/[0-9a-f]{64}\.ics", address), address
    assert subscribe.get_attribute("href") == "webcal://" + address[len("http://"):]
    assert_fits(page, SIZES[size]["width"])

    status, content_type, text = fetch(address)
    assert (status, content_type) == (200, "text/calendar; charset=utf-8")
    assert text.startswith("BEGIN:VCALENDAR\r\n") and "SUMMARY:Cardio" in text
    try:
        import icalendar
    except ImportError:
        icalendar = None
    if icalendar is not None:
        calendar = icalendar.Calendar.from_ical(text)
        assert "Cardio" in {str(event.get("SUMMARY")) for event in calendar.walk("VEVENT")}
    secret_file = server.directory / "store.sqlite.calendar-secret"
    assert secret_file.stat().st_mode & 0o777 == 0o600
    assert fetch(re.sub(r"[0-9a-f]{64}", "0" * 64, address))[0] == 404

    with page.expect_navigation():
        page.get_by_role("button", name="Replace the address").click()
    expect(page.locator(".ck-page-notice")).to_contain_text("The address was replaced")
    new_address = page.get_by_label("The calendar's address").input_value()
    assert new_address != address
    assert fetch(address)[0] == 404, "the old address stops working"
    assert fetch(new_address)[0] == 200
    assert watched.problems == []


def test_days_follow_the_patients_time_zone_not_the_servers(browser, carekit_bin, tmp_path):
    """The server runs in New York (TZ) at 10:00 on Thursday the 26th; with --timezone
    Asia/Tokyo it is already midnight of Friday the 27th for the patient."""
    server = CareKitServer(carekit_bin, tmp_path, extra_args=["--timezone", "Asia/Tokyo"]).start()
    try:
        assert "Days and times follow the time zone Asia/Tokyo" in server.log_text()
        context = browser.new_context(viewport=SIZES["phone"], color_scheme="light")
        context.set_default_timeout(WAIT_MS)
        page, watched = open_page(context, server.page_url("/care-card"))
        expect(page.locator(".ck-page-subtitle")).to_have_text("Friday, November 27, 2026")
        page.get_by_role("link", name="‹ Previous week").click()
        expect(page).to_have_url(re.compile(r"/care-card\?date=2026-11-20$"))
        context.close()
        # serve saved the zone in the store: the CLI on the same store follows it without being
        # told (Tokyo's day starts at 15:00 UTC), and another zone only when given one.
        assert "saved in the store" in server.log_text()
        tokyo = json.loads(server.cli("events", "--json").stdout)
        new_york = json.loads(server.cli("events", "--json", "--timezone", "America/New_York").stdout)
        assert tokyo and min(event["start"] for event in tokyo) >= "2026-11-26T15:00:00Z"
        assert min(event["start"] for event in new_york) < "2026-11-26T15:00:00Z"
        assert real_problems(watched) == []
    finally:
        server.stop()
