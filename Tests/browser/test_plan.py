"""Browser tests of the plan editor on `carekit serve` without --demo (the generic app).

A new patient's empty store opens on the welcome page; from there they add a medication
through the form, see it on today's Care Card, change its schedule and stop it, with
JavaScript and without, at phone and desktop size. "Now" is Thursday, November 26, 2026,
10:00 AM in New York (conftest.py).
"""

import pytest
from playwright.sync_api import expect

from conftest import SLACK, open_page

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 1000}}


def new_context(browser, size, javascript):
    context = browser.new_context(viewport=SIZES[size], java_script_enabled=javascript, color_scheme="light")
    context.set_default_timeout(15_000 * SLACK)
    return context


def fits_the_screen(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"], f"the page is {width}px wide"


def add_metformin(page):
    page.get_by_label("Name", exact=True).fill("Metformin")
    page.get_by_label("Instructions or dose").fill("500 mg with food")
    page.get_by_label("Times of day").fill("08:00, 20:00")
    page.get_by_label("Remind me (minutes before)").fill("15")
    page.get_by_role("button", name="Add to my plan").click()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("javascript", [False, True], ids=["no-js", "js"])
def test_a_new_patient_adds_edits_and_stops_a_medication(browser, empty_server, size, javascript):
    context = new_context(browser, size, javascript)
    try:
        page, watched = open_page(context, empty_server.page_url("/"))
        expect(page.get_by_role("heading", name="Welcome to CareKit")).to_be_visible()
        assert "zombie" not in page.content().lower()
        fits_the_screen(page)
        page.get_by_role("link", name="Add a medication or task").click()
        expect(page.get_by_role("heading", name="Add a medication or task")).to_be_visible()
        fits_the_screen(page)
        add_metformin(page)

        # Today's Care Card: both doses, with the dose as instructions.
        page.wait_for_url("**/care-card")
        metformin = page.locator('article.ock-card[aria-label="Metformin"]')
        expect(metformin).to_be_visible()
        expect(metformin).to_contain_text("500 mg with food")
        assert [event["taskID"] for event in empty_server.events()] == ["metformin", "metformin"]

        # Edit schedule: one dose at 09:00 from today; the store has a second version.
        page.goto(empty_server.page_url("/tasks/metformin"))
        fits_the_screen(page)
        page.get_by_role("link", name="Edit schedule").click()
        expect(page.get_by_label("Times of day")).to_have_value("08:00, 20:00")
        page.get_by_label("Times of day").fill("09:00")
        page.get_by_role("button", name="Save changes").click()
        page.wait_for_url("**/tasks/metformin")
        tomorrow = empty_server.cli("events", "--date", "2026-11-27", "--json").stdout
        assert '"start" : "2026-11-27T14:00:00Z"' in tomorrow, tomorrow

        # Stop after tomorrow: nothing the day after, today's events stay.
        page.get_by_role("link", name="Stop").click()
        page.get_by_label("Last day").fill("2026-11-27")
        page.get_by_role("button", name="Stop Metformin").click()
        page.wait_for_url("**/tasks/metformin")
        expect(page.get_by_role("note")).to_contain_text("Last day: Fri, Nov 27.")
        assert empty_server.cli("events", "--date", "2026-11-28").stdout.startswith("No events")
        assert empty_server.events("metformin")
        assert not watched.problems, watched.problems
    finally:
        context.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_wrong_time_is_explained_next_to_the_field_and_nothing_typed_is_lost(browser, empty_server, size):
    context = new_context(browser, size, javascript=False)
    try:
        page, _ = open_page(context, empty_server.page_url("/plan/new"))
        page.get_by_label("Name", exact=True).fill("Metformin")
        page.get_by_label("Instructions or dose").fill("500 mg with food")
        page.get_by_label("Times of day").fill("8pm")
        page.get_by_role("checkbox", name="Mon").check()
        page.get_by_role("button", name="Add to my plan").click()
        error = page.locator("#plan-times-error")
        expect(error).to_contain_text("'8pm' is not a time")
        expect(page.get_by_label("Times of day")).to_have_attribute("aria-invalid", "true")
        expect(page.get_by_label("Instructions or dose")).to_have_value("500 mg with food")
        expect(page.get_by_role("checkbox", name="Mon")).to_be_checked()
        fits_the_screen(page)
        assert empty_server.cli("tasks").stdout.startswith("No tasks")
    finally:
        context.close()
