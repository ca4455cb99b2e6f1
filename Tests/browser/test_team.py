"""The care team's dashboard on `carekit sync-server`: a clinician signs in with the form, sees
their own patient's adherence ring (computed on the server from what the patient's device
pushed), and nothing of another clinician's patient."""

import re
import subprocess
import time

from playwright.sync_api import expect

from conftest import SLACK, CareKitServer, app_environment
from test_sync import SyncServer

GRACE = ("grace@clinic.example", "grace's long password")
ALAN = ("alan@clinic.example", "alan's long password!")


def run(binary, env, *arguments, input=None):
    return subprocess.run([binary, *arguments], env=env, input=input, capture_output=True, text=True, check=True)


def test_a_clinician_sees_their_patient_and_not_another_clinicians(browser, carekit_bin, tmp_path):
    server = SyncServer(carekit_bin, tmp_path)  # adds Ada (patient 1) and her token file
    env = app_environment(tmp_path)
    database = server.database
    run(carekit_bin, env, "sync-server", "add-patient", "Bob", "--db", database)
    for email, password in (GRACE, ALAN):
        added = run(carekit_bin, env, "sync-server", "add-clinician", email, "--db", database, input=password + "\n")
        assert password not in added.stdout + added.stderr
    run(carekit_bin, env, "sync-server", "assign", GRACE[0], "Ada", "--db", database)
    run(carekit_bin, env, "sync-server", "assign", ALAN[0], "Bob", "--db", database)

    # Ada's phone: vitamins at 8:00 since November 20, taken on the 25th, pushed to the server.
    phone = str(tmp_path / "phone.sqlite")
    run(carekit_bin, env, "add-task", "Vitamins", "--times", "08:00", "--from", "2026-11-20", "--store", phone)
    run(carekit_bin, env, "complete", "vitamins", "--date", "2026-11-25", "--store", phone)
    server.start()
    try:
        run(carekit_bin, env, "sync", "--server", server.url + "/", "--token-file", str(server.token_file), "--store", phone)

        context = browser.new_context(viewport={"width": 1280, "height": 1000}, java_script_enabled=False)
        context.set_default_timeout(15_000 * SLACK)
        page = context.new_page()
        page.goto(server.url + "/team")
        expect(page).to_have_url(re.compile(r"/team/login$"))
        page.get_by_label("E-mail address").fill(GRACE[0])
        page.get_by_label("Password").fill(GRACE[1])
        page.get_by_role("button", name="Sign in").click()
        expect(page.get_by_role("heading", name="Your patients")).to_be_visible()

        ada = page.locator('tr[data-patient="1"]')
        expect(ada.get_by_role("link", name="Ada")).to_be_visible()
        expect(ada.get_by_role("img", name="2026-11-25: Complete")).to_be_visible()
        expect(ada.get_by_role("img", name="2026-11-24: 0% complete")).to_be_visible()
        expect(ada).to_contain_text("Missed today: Vitamins, due 08:00.")
        expect(page.locator('tr[data-patient="2"]')).to_have_count(0)
        assert "Bob" not in page.content()

        ada.get_by_role("link", name="Ada").click()
        expect(page.get_by_role("heading", name="2026-11-26")).to_be_visible()
        expect(page.locator(".team-events")).to_contain_text("Vitamins")
        expect(page.locator(".team-audit")).to_contain_text("viewed the day 2026-11-26")

        answer = page.goto(server.url + "/team/patients/2")
        assert answer.status == 404 and "Bob" not in page.content()
        missing = page.goto(server.url + "/team/patients/99")
        assert missing.status == 404

        page.goto(server.url + "/team")
        page.get_by_role("button", name="Sign out").click()
        expect(page).to_have_url(re.compile(r"/team/login$"))
        page.goto(server.url + "/team/patients/1")
        expect(page).to_have_url(re.compile(r"/team/login$"))
        context.close()
    finally:
        server.stop()


def reload_until(page, url, locator, check, seconds):
    """Opens `url` again until `check(locator)` passes (the other side syncs every few seconds)."""
    deadline = time.monotonic() + seconds * SLACK
    while True:
        page.goto(url)
        try:
            check(locator)
            return
        except AssertionError:
            if time.monotonic() > deadline:
                raise
            time.sleep(0.5)


def test_a_schedule_changed_on_the_dashboard_reaches_the_patient_and_their_tap_moves_the_ring(browser, carekit_bin, tmp_path):
    server = SyncServer(carekit_bin, tmp_path)  # adds Ada (patient 1) and her token file
    env = app_environment(tmp_path)
    run(carekit_bin, env, "sync-server", "add-clinician", GRACE[0], "--db", server.database, input=GRACE[1] + "\n")
    run(carekit_bin, env, "sync-server", "assign", GRACE[0], "Ada", "--db", server.database)
    server.start()
    # Ada's own app: `carekit serve` on her phone's store, synchronizing with the server.
    phone_directory = tmp_path / "phone"
    phone_directory.mkdir()
    phone = CareKitServer(carekit_bin, phone_directory, demo=False,
                          extra_args=["--sync", server.url + "/", "--token-file", str(server.token_file)])
    phone.cli("add-task", "Vitamins", "--times", "08:00", "--from", "2026-11-20")
    phone.start()
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, java_script_enabled=False)
    context.set_default_timeout(15_000 * SLACK)
    try:
        dashboard = context.new_page()
        dashboard.goto(server.url + "/team/login")
        dashboard.get_by_label("E-mail address").fill(GRACE[0])
        dashboard.get_by_label("Password").fill(GRACE[1])
        dashboard.get_by_role("button", name="Sign in").click()
        ada = dashboard.locator('tr[data-patient="1"]')
        reload_until(dashboard, server.url + "/team", ada,
                     lambda row: expect(row.get_by_role("img", name="2026-11-26: 0% complete")).to_be_visible(timeout=1_000), 20)

        # The clinician moves the vitamins to 9:30 from tomorrow and writes Ada a note.
        dashboard.goto(server.url + "/team/patients/1")
        dashboard.get_by_role("link", name="Change the schedule of Vitamins").click()
        expect(dashboard.get_by_label("Times of day")).to_have_value("08:00")
        dashboard.get_by_label("Times of day").fill("09:30")
        dashboard.get_by_label("Changes start on").fill("2026-11-27")
        dashboard.get_by_role("button", name="Save the new schedule").click()
        expect(dashboard.get_by_text("The new schedule is saved")).to_be_visible()
        dashboard.goto(server.url + "/team/patients/1?date=2026-11-27")
        expect(dashboard.locator(".team-events")).to_contain_text("9:30")
        dashboard.get_by_label("Note to the patient about Vitamins").fill("With breakfast from tomorrow, please.")
        dashboard.get_by_role("button", name="Send the note").click()
        expect(dashboard.get_by_text("The note is sent")).to_be_visible()

        # Ada's app shows the new time, and the note, after its next sync.
        patient = context.new_page()
        tomorrow = patient.locator('article.ock-card[aria-label="Vitamins"]')
        reload_until(patient, phone.page_url("/care-card?date=2026-11-27"), tomorrow,
                     lambda card: expect(card).to_contain_text("9:30", timeout=1_000), 20)
        reload_until(patient, phone.page_url("/care-card"), patient.locator(".ck-care-team-notes"),
                     lambda notes: expect(notes).to_contain_text("With breakfast from tomorrow, please.", timeout=1_000), 20)
        expect(patient.locator(".ck-care-team-notes")).to_contain_text(GRACE[0])
        assert phone.events("vitamins")[0]["start"].startswith("2026-11-26T13:00"), "today keeps its 8:00 dose"

        # Ada takes today's vitamins in her app; the dashboard's ring for today moves.
        patient.locator('article.ock-card[aria-label="Vitamins"]').get_by_role("button").first.click()
        reload_until(dashboard, server.url + "/team", ada,
                     lambda row: expect(row.get_by_role("img", name="2026-11-26: Complete")).to_be_visible(timeout=1_000), 20)
        expect(ada).not_to_contain_text("Missed today")

        # The clinician reads Ada's Care Card as she sees it: the dose done, nothing to press.
        dashboard.goto(server.url + "/team/patients/1")
        dashboard.get_by_role("link", name="Care Card").click()
        vitamins = dashboard.locator('article.ock-card[aria-label="Vitamins"]')
        expect(vitamins).to_be_visible()
        expect(vitamins.get_by_role("button").first).to_be_disabled()
        expect(dashboard.locator(".ck-care-team-notes")).to_contain_text("With breakfast from tomorrow, please.")
    finally:
        context.close()
        phone.stop()
        server.stop()


def test_triage_design_fever_from_the_cli_axe_and_phone_layout(browser, carekit_bin, tmp_path):
    """README's `carekit log temperature 103.1 --unit °F` (no kind on the value) synced to the
    server alerts on the dashboard, ranked above a missed dose; acknowledging it with a note
    (no JavaScript) quiets it; the pages have the app's design, in light and dark, with 0 axe
    violations, and no sideways scrolling at 390 px. Screenshots at 1280 and 390 px go to
    $TEAM_SCREENSHOTS (docs/images for the docs' copies), else beside the test's files."""
    from axe_playwright_python.sync_playwright import Axe

    import os
    import pathlib

    server = SyncServer(carekit_bin, tmp_path)  # Ada, patient 1
    env = app_environment(tmp_path)
    database = server.database
    run(carekit_bin, env, "sync-server", "add-patient", "Bob", "--db", database)
    run(carekit_bin, env, "sync-server", "add-clinician", GRACE[0], "--db", database, input=GRACE[1] + "\n")
    for name in ("Ada", "Bob"):
        run(carekit_bin, env, "sync-server", "assign", GRACE[0], name, "--db", database)
    phone = str(tmp_path / "phone.sqlite")
    run(carekit_bin, env, "add-task", "Temperature", "--times", "09:00", "--from", "2026-11-20",
        "--measure", "Temperature", "--unit", "°F", "--range", "95-100.3", "--store", phone)
    run(carekit_bin, env, "add-task", "Vitamins", "--times", "08:00", "--from", "2026-11-20", "--store", phone)
    run(carekit_bin, env, "log", "temperature", "103.1", "--unit", "°F", "--store", phone)
    server.start()
    try:
        run(carekit_bin, env, "sync", "--server", server.url + "/", "--token-file", str(server.token_file), "--store", phone)
        shots = pathlib.Path(os.environ.get("TEAM_SCREENSHOTS", str(tmp_path)))
        shots.mkdir(parents=True, exist_ok=True)
        axe = Axe()
        problems = []
        for width, scheme in ((1280, "light"), (390, "dark")):
            # axe runs in the page, so these contexts run JavaScript; the pages have none of their own.
            context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
            context.set_default_timeout(15_000 * SLACK)
            page = context.new_page()
            page.goto(server.url + "/team/login")
            page.get_by_label("E-mail address").fill(GRACE[0])
            page.get_by_label("Password").fill(GRACE[1])
            page.get_by_role("button", name="Sign in").click()
            expect(page.get_by_role("heading", name="Your patients")).to_be_visible()
            rows = page.locator("table.team-triage tbody tr")
            expect(rows.first).to_contain_text("Ada")
            expect(rows.first.locator(".team-severity").first).to_have_text("Out of range")
            expect(rows.first).to_contain_text("103.1 °F is above the target range 95–100.3 °F")
            expect(rows.nth(1)).to_contain_text("Bob")
            expect(rows.nth(1).locator(".team-severity").first).to_have_text("No data")
            assert page.locator("script").count() == 0, "the dashboard works without JavaScript"
            for where in ("/team", "/team/patients/1"):
                page.goto(server.url + where)
                results = axe.run(page, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]},
                                                 "resultTypes": ["violations"]})
                problems += [f"{where} at {width} px, {scheme}: {v['id']}: {v['help']}: {[n['target'] for n in v['nodes']][:4]} "
                             f"{(v['nodes'][0].get('failureSummary') or '')[:200]}" for v in results.response["violations"]]
                widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
                assert widths[0] <= widths[1], f"{where} scrolls sideways at {width} px: {widths}"
            page.goto(server.url + "/team")
            suffix = "-phone" if width == 390 else ""
            page.screenshot(path=str(shots / f"team-triage{suffix}.png"), full_page=True)
            context.close()
        assert not problems, "\n".join(problems)

        # Acknowledge the fever with a note, without JavaScript: it goes quiet, the audit says who and what.
        context = browser.new_context(viewport={"width": 1280, "height": 900}, java_script_enabled=False)
        page = context.new_page()
        page.goto(server.url + "/team/login")
        page.get_by_label("E-mail address").fill(GRACE[0])
        page.get_by_label("Password").fill(GRACE[1])
        page.get_by_role("button", name="Sign in").click()
        fever = page.locator("li.team-alert", has_text="103.1 °F")
        fever.locator("summary").click()
        fever.get_by_label("Note").fill("Called Ada; recheck at 6 pm")
        fever.get_by_role("button", name="Acknowledge").click()
        expect(page.get_by_role("heading", name="Your patients")).to_be_visible()
        expect(page.locator("table.team-triage")).not_to_contain_text("103.1 °F is above")
        expect(page.locator("table.team-triage")).to_contain_text("1 alert acknowledged")
        page.goto(server.url + "/team/patients/1")
        expect(page.locator(".team-audit")).to_contain_text("with the note “Called Ada; recheck at 6 pm”")
        context.close()
    finally:
        server.stop()


def test_the_dashboard_in_arabic_is_right_to_left_passes_axe_and_a_clinician_can_choose_german(browser, carekit_bin, tmp_path):
    """A browser that asks for Arabic gets the dashboard in Arabic, right to left (`dir="rtl"` on
    the page, the header's title on the right), its pages and its 404 with 0 axe violations;
    choosing Deutsch on the language page (a form, no JavaScript needed) keeps German in this
    browser."""
    from axe_playwright_python.sync_playwright import Axe

    from test_a11y import start_team

    server = start_team(carekit_bin, tmp_path / "team")  # Grace, and Ada's vitamins synced
    try:
        # axe runs in the page, so this context runs JavaScript; the pages have none of their own.
        context = browser.new_context(locale="ar-EG", viewport={"width": 1280, "height": 900})
        context.set_default_timeout(15_000 * SLACK)
        page = context.new_page()
        page.goto(server.url + "/team/login")
        html = page.locator("html")
        expect(html).to_have_attribute("dir", "rtl")
        expect(html).to_have_attribute("lang", "ar")
        expect(page.get_by_role("heading", name="تسجيل دخول فريق الرعاية")).to_be_visible()
        page.get_by_label("البريد الإلكتروني").fill(GRACE[0])
        page.get_by_label("كلمة المرور").fill(GRACE[1])
        page.get_by_role("button", name="تسجيل الدخول", exact=True).click()
        expect(page.get_by_role("heading", name="مرضاك")).to_be_visible()
        title = page.locator(".ck-app-title").bounding_box()
        assert title["x"] > 640, f"the header's title starts on the right in Arabic: {title}"
        expect(page.locator('tr[data-patient="1"]')).to_contain_text("فائتة اليوم")

        axe = Axe()
        problems = []
        for where in ("/team", "/team/patients/1", "/team/language", "/team/patients/99"):
            answer = page.goto(server.url + where)
            expect(html).to_have_attribute("dir", "rtl")
            results = axe.run(page, options={"runOnly": {"type": "tag", "values": ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"]},
                                             "resultTypes": ["violations"]})
            problems += [f"{where} in Arabic: {v['id']}: {v['help']}: {[n['target'] for n in v['nodes']][:4]}" for v in results.response["violations"]]
            if where.endswith("/99"):
                assert answer.status == 404
                expect(page.get_by_role("heading", name="غير موجود")).to_be_visible()
        assert not problems, "\n".join(problems)

        page.goto(server.url + "/team/language")
        page.get_by_label("Deutsch").check()
        page.get_by_role("button", name="حفظ").click()
        expect(page.get_by_role("heading", name="Ihre Patienten")).to_be_visible()
        expect(html).to_have_attribute("dir", "ltr")
        expect(html).to_have_attribute("lang", "de")
        page.goto(server.url + "/team/patients/1")
        expect(page.get_by_role("heading", name="Wer die Daten dieser Person angesehen hat")).to_be_visible()
        context.close()
    finally:
        server.stop()
