"""Accessibility of every page of the care app and of the care team's dashboard, in Chromium.

axe-core (`axe-playwright-python`) checks each page and state at WCAG 2.2 AA (the tags
wcag2a, wcag2aa, wcag21a, wcag21aa, wcag22aa) at 320, 390 and 1280 CSS px wide, in the light and
the dark appearance (`prefers-color-scheme`), with the demo's tint (ZombieKit's green) and with
the default one (the same store served without `--demo`). Any violation fails the test, and
every violation of the run is listed: page, width, appearance, tint, rule, and the elements.

Beside axe: one h1 per page and no skipped heading level; text in rem that follows the browser's
font size; reflow at 320 px with 200% text (no horizontal scrolling); focus never under the
sticky header when tabbing back on a phone; animations and transitions off with
`prefers-reduced-motion`.

One server per configuration serves every page of the module (the demo, the same store with the
default tint, an empty store, a sync server with a clinician).
"""

import subprocess
import urllib.parse

import pytest
from axe_playwright_python.sync_playwright import Axe
from playwright.sync_api import expect

from conftest import SLACK, CareKitServer, app_environment
from test_sync import SyncServer

TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]
WIDTHS = [320, 390, 1280]
SCHEMES = ["light", "dark"]
CLINICIAN = ("grace@clinic.example", "grace's long password")
AXE = Axe()


def quoted(text):
    return urllib.parse.quote(text, safe="")


@pytest.fixture(scope="module")
def apps(carekit_bin, tmp_path_factory):
    """The servers of this module: the demo (its tint), the same store with the default tint,
    an empty store (the first-run page) and a care team's sync server with one patient."""
    root = tmp_path_factory.mktemp("a11y")
    (root / "demo").mkdir()
    demo = CareKitServer(carekit_bin, root / "demo").start()
    # The same store without --demo, beside it: the standard app, with CareKit's default tint.
    plain = CareKitServer(carekit_bin, root / "demo", demo=False).start()
    (root / "empty").mkdir()
    empty = CareKitServer(carekit_bin, root / "empty", demo=False)
    (root / "empty" / "nothing.json").write_text("[]")
    empty.cli("import", str(root / "empty" / "nothing.json"))  # a store with no tasks yet
    empty.start()
    team = start_team(carekit_bin, root / "team")
    servers = {"demo": demo, "default": plain, "empty": empty, "team": team}
    yield servers
    for name in ("demo", "default", "empty"):
        servers[name].stop()
    team.stop()


def start_team(binary, directory):
    directory.mkdir()
    server = SyncServer(binary, directory)  # Ada, patient 1
    env = app_environment(directory)

    def run(*arguments, input=None):
        return subprocess.run([binary, *arguments], env=env, input=input, capture_output=True, text=True, check=True)

    run("sync-server", "add-clinician", CLINICIAN[0], "--db", server.database, input=CLINICIAN[1] + "\n")
    run("sync-server", "assign", CLINICIAN[0], "Ada", "--db", server.database)
    phone = str(directory / "phone.sqlite")
    run("add-task", "Vitamins", "--times", "08:00", "--from", "2026-11-20", "--store", phone)
    run("complete", "vitamins", "--date", "2026-11-25", "--store", phone)
    server.start()
    run("sync", "--server", server.url + "/", "--token-file", str(server.token_file), "--store", phone)
    return server


def new_context(browser, width, scheme, **options):
    context = browser.new_context(viewport={"width": width, "height": 800}, color_scheme=scheme, **options)
    context.set_default_timeout(15_000 * SLACK)
    return context


# MARK: The pages


def survey_with_error(page, app):
    """The temperature survey sent with a value that is not a number: the form with its reason."""
    event = app.events("temperature")[0]
    page.goto(app.page_url(f"/survey/{quoted(event['id'])}?return=/symptoms"))
    field = page.locator(".ock-survey-form input[inputmode=decimal]").first
    field.fill("warm")
    page.locator(".ock-survey-form button[type=submit]").click()
    expect(page.locator("#survey-error")).to_be_visible()


def plan_with_error(page, app):
    """A new task with a time that is not one: the form again, with the reason by the field
    (in any language)."""
    page.goto(app.page_url("/plan/new"))
    page.locator("#plan-title").fill("Metformin")
    page.locator("#plan-times").fill("8pm")
    page.locator(".ck-plan-form button[type=submit]").click()
    expect(page.locator("#plan-times-error")).to_be_visible()


def contact_with_error(page, app):
    """A new contact with a phone number that is not one: the form again, the reason by the field."""
    page.goto(app.page_url("/contacts/new"))
    page.get_by_label("First name").fill("Ruth")
    page.get_by_label("Phone (optional)").fill("call me")
    page.get_by_role("button", name="Add contact").click()
    expect(page.locator("#contact-phone-error")).to_be_visible()


def patient_with_error(page, app):
    """About you with a birthday to come: the form again, the reason by the field."""
    page.goto(app.page_url("/about-you"))
    page.get_by_label("First name").fill("Shaun")
    page.get_by_label("Birthday (optional)").fill("2030-01-01")
    page.get_by_role("button", name="Save").click()
    expect(page.locator("#patient-birthday-error")).to_be_visible()


def app_pages(app):
    """(name, how to get there) for every page and state of a care app with the demo's plan."""
    def visit(path):
        return lambda page: page.goto(app.page_url(path))

    return [
        ("Care Card", visit("/care-card")),
        ("Symptom Tracker", visit("/symptoms")),
        ("Insights", visit("/insights")),
        ("Connect", visit("/connect")),
        ("task page", visit("/tasks/limber-up?return=/care-card")),
        ("survey with an error", lambda page: survey_with_error(page, app)),
        ("contact", visit("/connect/columbus-ohio")),
        ("report (HTML)", visit("/report?from=2026-11-20&to=2026-11-26&format=html")),
        ("report page", visit("/report?from=2026-11-20&to=2026-11-26")),
        ("about you", visit("/about-you")),
        ("about you: a field wrong", lambda page: patient_with_error(page, app)),
        ("add a contact", visit("/contacts/new")),
        ("add a contact: a field wrong", lambda page: contact_with_error(page, app)),
        ("edit a contact", visit("/connect/columbus-ohio/edit")),
        ("remove a contact: confirm", visit("/connect/columbus-ohio/remove")),
        ("plan editor: new", visit("/plan/new")),
        ("plan editor: a field wrong", lambda page: plan_with_error(page, app)),
        ("plan editor: edit", visit("/tasks/limber-up/edit")),
        ("plan editor: stop", visit("/tasks/limber-up/stop")),
        ("calendar settings", visit("/settings/calendar")),
    ]


def first_run_pages(app):
    return [("first run", lambda page: page.goto(app.page_url("/")))]


def team_pages(team):
    def sign_in(page):
        page.goto(team.url + "/team/login")
        page.get_by_label("E-mail address").fill(CLINICIAN[0])
        page.get_by_label("Password").fill(CLINICIAN[1])
        page.get_by_role("button", name="Sign in").click()
        expect(page.get_by_role("heading", name="Your patients")).to_be_visible()

    return [
        ("team: sign in", lambda page: page.goto(team.url + "/team/login")),
        ("team: patients", sign_in),
        ("team: patient", lambda page: page.goto(team.url + "/team/patients/1")),
    ]


# MARK: axe


def describe(violations, where):
    lines = []
    for violation in violations:
        lines.append(f"{where}: {violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"][:6]:
            summary = " ".join((node.get("failureSummary") or "").split())
            lines.append(f"    {' '.join(map(str, node['target']))}: {summary[:300]}")
        if len(violation["nodes"]) > 6:
            lines.append(f"    … and {len(violation['nodes']) - 6} more")
    return lines


def audit(page, where):
    results = AXE.run(page, options={"runOnly": {"type": "tag", "values": TAGS}, "resultTypes": ["violations"]})
    return describe(results.response["violations"], where)


def headings_problems(page, where):
    levels = page.eval_on_selector_all("h1, h2, h3, h4, h5, h6", "hs => hs.filter(h => h.getClientRects().length).map(h => Number(h.tagName[1]))")
    problems = []
    if levels.count(1) != 1:
        problems.append(f"{where}: {levels.count(1)} h1 elements (want one)")
    previous = 0
    for level in levels:
        if level > previous + 1:
            problems.append(f"{where}: heading levels skip from h{previous} to h{level} ({levels})")
            break
        previous = level
    return problems


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("scheme", SCHEMES)
@pytest.mark.parametrize("tint", ["demo", "default"])
def test_a11y_axe_finds_nothing_on_any_page(browser, apps, tint, scheme, width):
    pages = app_pages(apps[tint])
    if tint == "default":
        pages += first_run_pages(apps["empty"]) + team_pages(apps["team"])
    problems = []
    context = new_context(browser, width, scheme)
    try:
        page = context.new_page()
        for name, go in pages:
            go(page)
            page.wait_for_load_state("load")
            where = f"{name} at {width} px, {scheme}, {tint} tint"
            problems += audit(page, where)
            problems += headings_problems(page, where)
    finally:
        context.close()
    assert not problems, f"{len(problems)} accessibility problems:\n" + "\n".join(problems)


# MARK: Text size, reflow, focus, motion


def with_font_size(context, page, pixels):
    """The browser's default font size (Settings › Appearance › Font size), as a person sets it."""
    session = context.new_cdp_session(page)
    session.send("Page.setFontSizes", {"fontSizes": {"standard": pixels, "fixed": pixels}})
    return session


def test_a11y_text_follows_the_browsers_font_size(browser, apps):
    sizes = {}
    for pixels in (16, 32):
        # Wider than 40 ems at 32 px (1280 px), where the layout (and the title's size) is a phone's.
        context = new_context(browser, 1440, "light")
        page = context.new_page()
        with_font_size(context, page, pixels)
        page.goto(apps["demo"].page_url("/care-card"))
        sizes[pixels] = page.evaluate("""() => ['h1', '.ck-tab', '.ock-card .ock-header .ock-label', '.ck-app-title', '.ock-weekday .ock-label']
            .map(s => parseFloat(getComputedStyle(document.querySelector(s)).fontSize))""")
        context.close()
    for small, large in zip(sizes[16], sizes[32]):
        assert large == pytest.approx(2 * small, rel=0.02), f"text did not follow the browser's font size: {sizes}"


def test_a11y_reflow_at_320_px_with_200_percent_text(browser, apps):
    problems = []
    pages = app_pages(apps["demo"]) + first_run_pages(apps["empty"]) + team_pages(apps["team"])
    context = new_context(browser, 320, "light")
    page = context.new_page()
    with_font_size(context, page, 32)
    for name, go in pages:
        go(page)
        page.wait_for_load_state("load")
        widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth]")
        if widths[0] > widths[1]:
            wide = page.evaluate("""() => [...document.querySelectorAll('body *')]
                .filter(e => e.getBoundingClientRect().right > window.innerWidth + 0.5 && !e.closest('.ck-report-scroll, .ck-doc-table-scroll'))
                .slice(0, 5).map(e => e.tagName.toLowerCase() + '.' + [...e.classList].join('.'))""")
            problems.append(f"{name}: {widths[0]} px wide in a {widths[1]} px window ({wide})")
    context.close()
    assert not problems, "horizontal scrolling at 320 px with 200% text:\n" + "\n".join(problems)


def test_a11y_focus_is_never_under_the_sticky_header_when_tabbing_back(browser, apps):
    context = new_context(browser, 390, "light", is_mobile=False)
    page = context.new_page()
    page.set_viewport_size({"width": 390, "height": 700})
    page.goto(apps["demo"].page_url("/care-card"))
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    page.locator(".ck-footer a, main a, main button").last.focus()
    hidden = []
    for _ in range(25):
        page.keyboard.press("Shift+Tab")
        state = page.evaluate("""() => {
            const e = document.activeElement, header = document.querySelector('.ck-app-header');
            if (!e || header.contains(e) || e === document.body || e.closest('.ck-skip-link')) { return null; }
            const r = e.getBoundingClientRect();
            return { top: r.top, header: header.getBoundingClientRect().bottom, what: e.outerHTML.slice(0, 80) };
        }""")
        if state is None:
            continue
        if state["top"] < state["header"] - 0.5:
            hidden.append(f"{state['what']}: top {state['top']:.0f} under the header's bottom {state['header']:.0f}")
    context.close()
    assert not hidden, "focused controls under the sticky header:\n" + "\n".join(hidden)


def test_a11y_reduced_motion_stops_animations_and_transitions(browser, apps):
    context = new_context(browser, 390, "light", reduced_motion="reduce")
    page = context.new_page()
    page.goto(apps["demo"].page_url("/care-card"))
    moving = page.evaluate("""() => [...document.querySelectorAll('*')].filter(e => {
        const s = getComputedStyle(e);
        const long = v => v.split(',').some(t => parseFloat(t) > 0.01);
        return long(s.transitionDuration) || (s.animationName !== 'none' && long(s.animationDuration));
    }).slice(0, 5).map(e => e.tagName.toLowerCase() + '.' + [...e.classList].join('.'))""")
    context.close()
    assert not moving, f"elements still animate with prefers-reduced-motion: {moving}"
