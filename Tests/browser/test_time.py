"""Browser tests of moving through time, history, reminders and the calendar feed, at phone
(390 px) and desktop (1280 px) widths. "Now" is pinned to Thursday, November 26, 2026, 10:00 AM
in New York (conftest.py), or to the moment a test starts its own server with.
"""

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
    assert watched.problems == []


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
    assert watched.problems == []
