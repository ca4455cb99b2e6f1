"""Browser tests of measurements as a patient enters them and a clinician reads them.

A blood pressure made in the plan editor is one reading of two numbers; a value no body can
have is refused with what to type; a value outside the target range is saved only after the
patient confirms it, then flagged in the same words on the card and in the history, and charted
as two series with their own bands. With JavaScript and without. "Now" is Thursday, November
26, 2026, 10:00 AM in New York (conftest.py).
"""

import re

import pytest
from playwright.sync_api import expect

from conftest import SLACK, open_page


def new_context(browser, javascript):
    context = browser.new_context(viewport={"width": 390, "height": 844}, java_script_enabled=javascript, color_scheme="light")
    context.set_default_timeout(15_000 * SLACK)
    return context


def add_blood_pressure(page, server):
    page.goto(server.page_url("/plan/new"))
    page.locator("#plan-title").fill("Blood pressure")
    page.get_by_label("Times of day").fill("08:00")
    page.get_by_label("What you measure").select_option("blood-pressure")
    page.get_by_label("Target range").fill("90-140/60-90")
    with page.expect_navigation():
        page.get_by_role("button", name="Add to my plan").click()


def open_survey(page, server):
    page.goto(server.page_url("/symptoms"))
    card = page.locator('article.ock-card[aria-label="Blood pressure"]')
    with page.expect_navigation():
        card.get_by_role("button", name="Record").click()
    return card


@pytest.mark.parametrize("javascript", [False, True], ids=["no-js", "js"])
def test_a_blood_pressure_is_one_reading_checked_confirmed_and_flagged(browser, server, javascript):
    context = new_context(browser, javascript)
    try:
        page, watched = open_page(context, server.page_url("/symptoms"))
        add_blood_pressure(page, server)
        open_survey(page, server)
        systolic = page.get_by_label(re.compile(r"^Systolic \(upper number\)"))
        diastolic = page.get_by_label(re.compile(r"^Diastolic \(lower number\)"))

        # A slip no body can have is refused with what to type, and nothing is saved.
        systolic.fill("1300")
        diastolic.fill("84")
        with page.expect_navigation() as navigation:
            page.get_by_role("button", name="Save").click()
        assert navigation.value is not None and navigation.value.status == 400
        expect(page.locator(".ock-form-error")).to_contain_text("1300")
        expect(page.locator(".ock-form-error")).to_contain_text("300")
        assert not any(event.get("values") for event in server.events("blood-pressure"))
        watched.problems.clear()  # the 400 above was the point

        # Above the target: the app asks first; "Change it" goes back with what was typed.
        page.get_by_label(re.compile(r"^Systolic \(upper number\)")).fill("152")
        page.get_by_label(re.compile(r"^Diastolic \(lower number\)")).fill("95")
        with page.expect_navigation():
            page.get_by_role("button", name="Save").click()
        confirm = page.locator(".ck-confirm-card")
        expect(confirm).to_contain_text("152 mmHg is above your target 90–140 mmHg.")
        expect(confirm).to_contain_text("95 mmHg is above your target 60–90 mmHg.")
        with page.expect_navigation():
            page.get_by_role("button", name="Change it").click()
        expect(page.get_by_label(re.compile(r"^Systolic \(upper number\)"))).to_have_value("152")
        assert not any(event.get("values") for event in server.events("blood-pressure"))
        with page.expect_navigation():
            page.get_by_role("button", name="Save").click()
        with page.expect_navigation():
            page.get_by_role("button", name="Save 152/95 mmHg").click()
        values = [value["value"] for event in server.events("blood-pressure") for value in event.get("values", [])]
        assert values == [152, 95], values

        # The card reads one reading, flagged; so does the history.
        page.goto(server.page_url("/symptoms"))
        card = page.locator('article.ock-card[aria-label="Blood pressure"]')
        expect(card.locator(".ock-survey-answers dd")).to_contain_text("152/95 mmHg")
        expect(card.locator(".ock-value-flag")).to_contain_text("▲ high · target 90–140 mmHg")
        page.goto(server.page_url("/tasks/blood-pressure"))
        entries = page.get_by_role("region", name="Thursday, November 26, 2026").locator(".ck-entry")
        expect(entries).to_have_count(1)
        expect(entries.first.locator(".ck-entry-value")).to_have_text("152/95 mmHg")
        expect(entries.first.locator(".ock-value-flag")).to_contain_text("▲ high")

        # Insights: one chart, two series, each with its own band; no percentage bar of it.
        page.goto(server.page_url("/insights"))
        chart = page.locator('article.ock-cartesian-chart-view[aria-label="Blood pressure"]')
        expect(chart.locator(".ock-chart-series-band")).to_have_count(2)
        expect(chart.locator(".ock-chart-legend")).to_contain_text("Systolic pressure: target 90–140")
        expect(chart.locator(".ock-chart-legend")).to_contain_text("Diastolic pressure: target 60–90")
        bars = page.locator('article.ock-cartesian-chart-view[aria-label="Zombie Training Plan"]')
        expect(bars).not_to_contain_text("Blood pressure")
        assert watched.problems == [], watched.problems
    finally:
        context.close()


def test_correcting_a_reading_is_one_form_and_delete_leaves_a_trace(browser, server):
    context = new_context(browser, True)
    try:
        page, watched = open_page(context, server.page_url("/symptoms"))
        add_blood_pressure(page, server)
        open_survey(page, server)
        page.get_by_label(re.compile(r"^Systolic \(upper number\)")).fill("128")
        page.get_by_label(re.compile(r"^Diastolic \(lower number\)")).fill("84")
        with page.expect_navigation():
            page.get_by_role("button", name="Save").click()
        values = [value["value"] for event in server.events("blood-pressure") for value in event.get("values", [])]
        assert values == [128, 84], values

        page.goto(server.page_url("/tasks/blood-pressure"))
        entry = page.locator(".ck-entry").first
        entry.locator("summary", has_text="Correct").click()
        field = entry.get_by_label("Correct 128/84 mmHg")
        expect(field).to_have_value("128/84")
        field.fill("130/85")
        with page.expect_navigation():
            entry.get_by_role("button", name="Save").click()
        expect(page.locator(".ck-entry").first.locator(".ck-entry-value")).to_have_text("130/85 mmHg")

        with page.expect_navigation():
            page.get_by_role("button", name="Delete 130/85 mmHg of Thu, Nov 26").click()
        with page.expect_navigation():
            page.get_by_role("button", name="Delete 130/85 mmHg").click()
        deleted = page.locator(".ck-entry.ck-deleted")
        expect(deleted.locator("del")).to_have_text("130/85 mmHg")
        assert not any(event.get("values") for event in server.events("blood-pressure"))
        assert watched.problems == [], watched.problems
    finally:
        context.close()
