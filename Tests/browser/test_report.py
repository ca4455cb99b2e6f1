"""Browser tests of the report a doctor can use (issue 27), in Chromium.

A new patient gives their name on the first-run page and the report opens with it; contacts
are added, edited and removed (after a confirmation) on Connect; the report is one tap from
every page; a dose ticked late is marked on the Care Card, in the task's history and in the
report. With JavaScript and without. "Now" is Thursday, November 26, 2026, 10:00 AM in New
York (conftest.py).
"""

import re
import urllib.parse

import pytest
from playwright.sync_api import expect

from conftest import SLACK, open_page


def new_context(browser, javascript=True, width=1280):
    context = browser.new_context(viewport={"width": width, "height": 1000}, java_script_enabled=javascript, color_scheme="light")
    context.set_default_timeout(15_000 * SLACK)
    return context


def path_of(page):
    return urllib.parse.urlparse(page.url).path


@pytest.mark.parametrize("javascript", [False, True], ids=["no-js", "js"])
def test_first_run_with_a_name_and_the_report_shows_it(browser, empty_server, javascript):
    context = new_context(browser, javascript)
    try:
        page, watched = open_page(context, empty_server.page_url("/"))
        expect(page.get_by_role("heading", name="Who is this plan for?")).to_be_visible()
        page.get_by_label("First name").fill("Ada")
        page.get_by_label("Family name").fill("Lovelace")
        page.get_by_label("Birthday (optional)").fill("1960-03-15")
        page.get_by_role("button", name="Save and continue").click()
        expect(page.get_by_text("Hello, Ada Lovelace.")).to_be_visible()
        assert path_of(page) == "/welcome"
        assert "Ada Lovelace" in empty_server.cli("patient").stdout

        # The report, one tap away: the patient first.
        page.locator(".ck-report-link").click()
        page.wait_for_url("**/report")
        report = page.locator(".ck-report-view")
        expect(report).to_contain_text("Name: Ada Lovelace")
        expect(report).to_contain_text("Born March 15, 1960 (age 66)")
        expect(page.locator(".ck-report-no-name")).to_have_count(0)
        # The PDF of the same days is a download.
        with page.expect_download() as download:
            page.get_by_role("link", name="Download PDF").click()
        assert download.value.suggested_filename.endswith(".pdf")

        # Later, About you (at the foot of every page) changes it.
        page.get_by_role("link", name="About you").click()
        expect(page.get_by_label("First name")).to_have_value("Ada")
        page.get_by_label("First name").fill("Augusta Ada")
        page.get_by_role("button", name="Save").click()
        expect(page.locator(".ck-page-notice[role=status]")).to_contain_text("Saved.")
        page.goto(empty_server.page_url("/report?format=html"))
        expect(page.locator("body")).to_contain_text("Name: Augusta Ada Lovelace")
        # A download ends the navigation that started it: not a failure.
        assert [problem for problem in watched.problems if "format=pdf (net::ERR_ABORTED)" not in problem] == [] and watched.dialogs == []
    finally:
        context.close()


def test_a_report_without_a_name_says_so_and_leads_to_where_to_add_it(browser, server):
    context = new_context(browser)
    try:
        page, watched = open_page(context, server.page_url("/report"))
        notice = page.locator(".ck-report-no-name")
        expect(notice).to_contain_text("Name not recorded.")
        notice.get_by_role("link", name="Add your name").click()
        page.get_by_label("First name").fill("Shaun")
        page.get_by_role("button", name="Save").click()
        page.wait_for_url("**/report")
        expect(page.locator(".ck-report-view")).to_contain_text("Name: Shaun")
        assert watched.problems == []
    finally:
        context.close()


@pytest.mark.parametrize("javascript", [False, True], ids=["no-js", "js"])
def test_a_contact_is_added_edited_and_removed_after_a_confirmation(browser, server, javascript):
    context = new_context(browser, javascript)
    try:
        page, watched = open_page(context, server.page_url("/connect"))
        page.get_by_role("link", name="Add a contact").click()
        page.get_by_label("First name").fill("Ruth")
        page.get_by_label("Family name").fill("Pérez")
        page.get_by_label("Role or title (optional)").fill("Pharmacist")
        page.get_by_label("Phone (optional)").fill("call me")
        page.get_by_role("button", name="Add contact").click()
        # A wrong field: its reason next to it, what was typed kept.
        expect(page.locator("#contact-phone-error")).to_contain_text("is not a phone number")
        expect(page.get_by_label("First name")).to_have_value("Ruth")
        page.get_by_label("Phone (optional)").fill("+1 555 010 2345")
        page.get_by_label("E-mail (optional)").fill("ruth@pharmacy.example")
        page.get_by_role("button", name="Add contact").click()
        page.wait_for_url("**/connect/ruth-p-rez")
        expect(page.locator("h1")).to_have_text("Ruth Pérez")
        expect(page.get_by_role("link", name="Call Ruth Pérez")).to_have_attribute("href", re.compile(r"^tel:\+15550102345$"))

        page.get_by_role("link", name="Edit contact").click()
        page.get_by_label("Role or title (optional)").fill("Pharmacist, Main St")
        page.get_by_role("button", name="Save changes").click()
        page.wait_for_url("**/connect/ruth-p-rez")
        expect(page.locator("main")).to_contain_text("Pharmacist, Main St")

        # Removing asks first; Cancel keeps the contact.
        page.get_by_role("link", name="Remove contact").click()
        expect(page.get_by_role("heading", name="Remove Ruth Pérez?")).to_be_visible()
        page.get_by_role("link", name="Cancel").click()
        page.wait_for_url("**/connect/ruth-p-rez")
        page.get_by_role("link", name="Remove contact").click()
        page.get_by_role("button", name="Remove contact").click()
        page.wait_for_url("**/connect")
        expect(page.locator("main")).not_to_contain_text("Ruth Pérez")
        expect(page.locator("main")).to_contain_text("Hershel Greene")
        # The form with a wrong field is answered 400, on purpose.
        assert [problem for problem in watched.problems if "400" not in problem or "/contacts/new" not in problem] == [] and watched.dialogs == []
    finally:
        context.close()


def test_the_report_is_one_tap_from_every_page(browser, server):
    context = new_context(browser, width=390)
    try:
        temperature = server.events("temperature")[0]
        pages = [
            "/care-card", "/symptoms", "/insights", "/connect", "/connect/hershel-greene", "/contacts/new", "/connect/hershel-greene/edit",
            "/connect/hershel-greene/remove", "/tasks/Limber%20Up?return=/care-card", "/plan/new", "/tasks/Limber%20Up/edit", "/tasks/Limber%20Up/stop",
            "/settings", "/settings/calendar", "/about-you", "/welcome", "/survey/" + urllib.parse.quote(temperature["id"], safe=""),
        ]
        page, watched = open_page(context, server.page_url("/care-card"))
        for path in pages:
            page.goto(server.page_url(path))
            link = page.locator("header .ck-report-link")
            expect(link).to_be_visible()
            expect(link).to_have_attribute("href", "/report")
        link.click()
        page.wait_for_url("**/report")
        expect(page.locator("header .ck-report-link")).to_have_attribute("aria-current", "page")
        # The days can be chosen; the page then shows them.
        page.get_by_label("From").fill("2026-11-23")
        page.get_by_role("button", name="Show these days").click()
        page.wait_for_url(re.compile(r".*/report\?from=2026-11-23&to=2026-11-26$"))
        expect(page.locator(".ck-page-subtitle")).to_have_text(re.compile(r"Mon, Nov 23 – Thu, Nov 26"))
        width = page.evaluate("document.documentElement.scrollWidth")
        assert width <= 390, f"the report page is {width}px wide on a phone"
        assert watched.problems == []
    finally:
        context.close()


@pytest.mark.parametrize("javascript", [False, True], ids=["no-js", "js"])
def test_a_dose_ticked_late_is_marked_on_the_page_and_in_the_report(browser, server, javascript):
    context = new_context(browser, javascript)
    try:
        page, watched = open_page(context, server.page_url("/care-card"))
        limber = page.locator('article.ock-card[aria-label="Limber Up"]')
        # The 7:00 stretch (15 minutes) ticked at 10:00: 2 h 45 min late.
        limber.locator(".ock-grid li").nth(0).locator("button").click()
        mark = limber.locator(".ock-grid li").nth(0).locator(".ock-checkmark-detail")
        expect(mark).to_have_text("◷ 2 h 45 min late")
        expect(limber.locator(".ock-grid li").nth(0).locator("button")).to_have_attribute("aria-label", re.compile(r"Limber Up, ◷ 2 h 45 min late, marked at 10:00\sAM$"))

        page.goto(server.page_url("/tasks/Limber%20Up?return=/care-card"))
        expect(page.locator(".ck-entry-mark").first).to_have_text("◷ 2 h 45 min late")

        page.goto(server.page_url("/report?from=2026-11-26&to=2026-11-26"))
        row = page.locator(".ck-report-view tr", has_text="Thu, Nov 26").filter(has_text="◷")
        expect(row.first).to_contain_text(re.compile(r"10:00\sAM ◷ 2 h 45 min late"))
        expect(page.locator(".ck-report-view")).to_contain_text("Marks in the dose tables:")
        assert watched.problems == [] and watched.dialogs == []
    finally:
        context.close()
