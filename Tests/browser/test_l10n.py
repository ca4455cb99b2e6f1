"""The care app in German, Spanish and Arabic, in Chromium.

The patient chooses a language on /settings (with and without JavaScript) and the Care Card then
speaks it, dates included; a browser that asks for Spanish (its Accept-Language) gets Spanish;
in Arabic the page runs right to left (the tabs and the week strip start at the right, nothing
scrolls sideways at 320 px, a screenshot is kept and looked at), and axe-core finds no WCAG 2.2 AA
violation on the Care Card, a task page and /settings in Arabic and German, light and dark.
"""

import base64

import pytest
from playwright.sync_api import expect

from conftest import SLACK, open_page
from test_a11y import audit, headings_problems


def choose_language(page, server, native_name):
    page.goto(server.page_url("/settings?return=/care-card"))
    page.get_by_label(native_name).check()
    page.locator(".ck-settings button[type=submit]").click()
    page.wait_for_load_state("load")


def new_context(browser, width=1280, scheme="light", **options):
    context = browser.new_context(viewport={"width": width, "height": 800}, color_scheme=scheme, **options)
    context.set_default_timeout(15_000 * SLACK)
    return context


def expect_german_care_card(page):
    expect(page.locator("html")).to_have_attribute("lang", "de")
    expect(page.locator("html")).to_have_attribute("dir", "ltr")
    # The demo's Thursday, November 26, 2026, written as German writes it.
    expect(page.locator(".ck-page-subtitle")).to_have_text("Donnerstag, 26. November 2026")
    expect(page.get_by_role("link", name="Zum Inhalt springen")).to_have_count(1)
    expect(page.get_by_role("link", name="‹ Vorige Woche")).to_be_visible()
    expect(page.get_by_role("link", name="Symptomtagebuch")).to_be_visible()
    assert "Previous week" not in page.content()


def test_l10n_choose_german_without_javascript(no_js_context, server):
    page, watched = open_page(no_js_context, server.page_url("/care-card"))
    expect(page.locator("html")).to_have_attribute("lang", "en")
    choose_language(page, server, "Deutsch")
    assert page.url.endswith("/care-card"), page.url
    expect_german_care_card(page)
    # Every other page follows, and the choice outlives the tab.
    page.goto(server.page_url("/tasks/cardio"))
    expect(page.get_by_role("heading", name="Zeitplan")).to_be_visible()
    expect(page.get_by_role("link", name="Zeitplan ändern")).to_be_visible()
    assert not watched.problems, watched.problems


def test_l10n_choose_german_with_javascript(context, server):
    page, watched = open_page(context, server.page_url("/care-card"))
    choose_language(page, server, "Deutsch")
    expect_german_care_card(page)
    # The script's words come from the page: a tap that cannot reach the app says so in German.
    words = page.evaluate("() => JSON.parse(document.getElementById('ck-toast').dataset.ckStrings)")
    assert words["queued"].startswith("Auf diesem Gerät gespeichert"), words
    context.set_offline(True)
    try:
        page.locator('article.ock-card[aria-label="Limber Up"] .ock-grid li button').nth(1).click()
        expect(page.locator("#ck-toast")).to_contain_text("Auf diesem Gerät gespeichert")
    finally:
        context.set_offline(False)
    # Offline, requests fail (and a navigation may abort the icon's): nothing else may go wrong.
    assert not [p for p in watched.problems if "ERR_INTERNET_DISCONNECTED" not in p and "ERR_ABORTED" not in p], watched.problems


def test_l10n_a_spanish_browser_gets_spanish(browser, server):
    context = new_context(browser, locale="es-ES")
    try:
        page, watched = open_page(context, server.page_url("/care-card"))
        expect(page.locator("html")).to_have_attribute("lang", "es")
        expect(page.locator(".ck-page-subtitle")).to_have_text("jueves, 26 de noviembre de 2026")
        expect(page.get_by_role("link", name="‹ Semana anterior")).to_be_visible()
        expect(page.get_by_role("link", name="Registro de síntomas")).to_be_visible()
        assert not watched.problems, watched.problems
    finally:
        context.close()


def arabic_context(browser, width, scheme="light"):
    return new_context(browser, width, scheme, locale="ar")


def test_l10n_arabic_runs_right_to_left(browser, server, tmp_path):
    context = arabic_context(browser, 390)
    try:
        page, watched = open_page(context, server.page_url("/care-card"))
        expect(page.locator("html")).to_have_attribute("dir", "rtl")
        expect(page.locator("html")).to_have_attribute("lang", "ar")
        tabs = page.locator(".ck-tab")
        first, last = tabs.first.bounding_box(), tabs.last.bounding_box()
        # At 390 px the tabs may wrap to two rows; on one row the first is right of the last.
        if abs(first["y"] - last["y"]) < 1:
            assert first["x"] > last["x"], f"first tab {first} is not to the right of the last {last}"
        else:
            assert first["x"] + first["width"] > last["x"] + last["width"], (first, last)
        days = page.locator(".ock-week > li")
        assert days.count() == 7
        day_boxes = [days.nth(i).bounding_box() for i in range(7)]
        xs = [box["x"] for box in day_boxes]
        assert xs == sorted(xs, reverse=True), f"the week strip does not run right to left: {xs}"
        # The previous week lies at the start of the line: on the right.
        previous = page.locator(".ck-previous-week").bounding_box()
        following = page.locator(".ck-next-week").bounding_box()
        assert previous["x"] > following["x"], (previous, following)
        # Chevrons of links to more point the way the text reads (mirrored).
        mirrored = page.evaluate("""() => [...document.querySelectorAll('.ock-symbol-chevron-right')]
            .map(e => getComputedStyle(e).transform)""")
        assert all(t.startswith("matrix(-1") for t in mirrored), mirrored

        shot = tmp_path / "care-card-ar-390.png"
        page.screenshot(path=str(shot), full_page=True)
        assert_not_blank(context, shot)
        assert not watched.problems, watched.problems
    finally:
        context.close()


def assert_not_blank(context, path):
    """The screenshot drawn on a canvas has many colours, and dark pixels (text) among them."""
    data = base64.b64encode(path.read_bytes()).decode()
    page = context.new_page()
    try:
        stats = page.evaluate("""async (data) => {
            const image = new Image();
            image.src = 'data:image/png;base64,' + data;
            await image.decode();
            const canvas = document.createElement('canvas');
            canvas.width = image.width; canvas.height = image.height;
            const g = canvas.getContext('2d');
            g.drawImage(image, 0, 0);
            const pixels = g.getImageData(0, 0, image.width, image.height).data;
            const colours = new Set();
            let dark = 0, count = 0;
            for (let i = 0; i < pixels.length; i += 4 * 7) {
                colours.add((pixels[i] >> 3) << 10 | (pixels[i + 1] >> 3) << 5 | (pixels[i + 2] >> 3));
                if (pixels[i] + pixels[i + 1] + pixels[i + 2] < 200) { dark++; }
                count++;
            }
            return { width: image.width, height: image.height, colours: colours.size, dark: dark / count };
        }""", data)
    finally:
        page.close()
    assert stats["width"] == 390 and stats["height"] > 800, stats
    assert stats["colours"] > 40 and stats["dark"] > 0.005, f"the screenshot {path} looks blank: {stats}"


def test_l10n_arabic_does_not_scroll_sideways_at_320_px(browser, server):
    context = arabic_context(browser, 320)
    problems = []
    try:
        page = context.new_page()
        for path in ["/care-card", "/symptoms", "/insights", "/connect", "/tasks/cardio", "/settings", "/plan/new"]:
            page.goto(server.page_url(path), wait_until="load")
            expect(page.locator("html")).to_have_attribute("dir", "rtl")
            widths = page.evaluate("() => [document.documentElement.scrollWidth, window.innerWidth, document.documentElement.scrollLeft]")
            if widths[0] > widths[1]:
                problems.append(f"{path}: {widths[0]} px wide in a {widths[1]} px window")
            # Nothing hangs off the left edge either (in rtl, overflow goes left).
            left = page.evaluate("""() => [...document.querySelectorAll('main *')]
                .filter(e => e.getClientRects().length && e.getBoundingClientRect().left < -0.5 && !e.closest('.ock-visually-hidden, .ck-skip-link, .ck-doc-table-scroll'))
                .slice(0, 3).map(e => e.tagName.toLowerCase() + '.' + [...e.classList].join('.'))""")
            if left:
                problems.append(f"{path}: off the left edge: {left}")
    finally:
        context.close()
    assert not problems, "\n".join(problems)


def test_l10n_arabic_chart_labels_are_neither_clipped_nor_overlapping(browser, server):
    context = arabic_context(browser, 390)
    try:
        page, watched = open_page(context, server.page_url("/insights"))
        boxes = page.evaluate("""() => [...document.querySelectorAll('svg.ock-chart-svg')].map(svg => {
            const frame = svg.getBoundingClientRect();
            const labels = [...svg.querySelectorAll('text.ock-chart-x-label, text.ock-chart-y-label')].map(t => t.getBoundingClientRect());
            return { frame: [frame.left, frame.right], labels: labels.map(r => [r.left, r.right, r.top, r.bottom]) };
        })""")
        assert boxes, "Insights has no chart"
        for chart in boxes:
            labels = chart["labels"]
            for left, right, _, _ in labels:
                assert left >= -0.5 and right <= 390.5, f"a chart label is clipped by the window: {left}..{right}"
            rows = {}
            for box in labels:
                rows.setdefault(round(box[2]), []).append(box)
            for row in rows.values():
                row.sort()
                for a, b in zip(row, row[1:]):
                    assert a[1] <= b[0] + 0.5, f"chart labels overlap: {a} and {b}"
        assert not watched.problems, watched.problems
    finally:
        context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", ["ar", "de"])
def test_l10n_axe_finds_nothing_in_arabic_and_german(browser, server, language, scheme):
    context = new_context(browser, 390, scheme, locale=language)
    problems = []
    try:
        page = context.new_page()
        for name, path in [("Care Card", "/care-card"), ("task page", "/tasks/limber-up?return=/care-card"), ("settings", "/settings")]:
            page.goto(server.page_url(path), wait_until="load")
            expect(page.locator("html")).to_have_attribute("lang", language)
            where = f"{name} in {language} at 390 px, {scheme}"
            problems += audit(page, where)
            problems += headings_problems(page, where)
    finally:
        context.close()
    assert not problems, f"{len(problems)} accessibility problems:\n" + "\n".join(problems)
