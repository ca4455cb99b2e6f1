"""Browser tests of honest charts and layout at phone and desktop size (`carekit serve --demo`).

Insights draws each measurement as a line on a real axis with the task's target band; chart
text stays readable (at least 11 CSS px as rendered, after the SVG is scaled to its box).
"""

import pytest
from playwright.sync_api import expect

from conftest import SLACK, open_page

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 1000}}

# The rendered font size of every text of every chart: the CSS size times the SVG's scale.
RENDERED_FONT_SIZES = """
() => [...document.querySelectorAll('svg.ock-chart-svg text')].map(text => {
    const scale = text.ownerSVGElement.getScreenCTM().a;
    return [text.textContent, parseFloat(getComputedStyle(text).fontSize) * scale];
})
"""


@pytest.fixture(params=sorted(SIZES))
def sized_context(request, browser, server):
    context = browser.new_context(viewport=SIZES[request.param], color_scheme="light")
    context.set_default_timeout(15_000 * SLACK)
    yield context
    context.close()


def chart(page, title):
    return page.locator(f'article.ock-cartesian-chart-view[aria-label="{title}"]')


def test_insights_draws_each_measurement_as_a_line_with_its_target_band(sized_context, server):
    page, watched = open_page(sized_context, server.page_url("/insights"))
    for title, unit in (("Pulse", "bpm"), ("Temperature", "°F")):
        measurement = chart(page, title)
        expect(measurement).to_have_count(1)
        expect(measurement.locator("polyline.ock-chart-line").first).to_be_visible()
        band = measurement.locator("rect.ock-chart-target-band")
        expect(band).to_have_count(1)
        assert band.bounding_box()["height"] > 10
        ticks = measurement.locator("text.ock-chart-y-label").all_text_contents()
        assert ticks and all(tick.endswith("\u00a0" + unit) for tick in ticks), ticks
        labels = measurement.locator("text.ock-chart-value-label").all_text_contents()
        assert labels, "each point is labelled with its value"
        # One point per day with a value, and the data table lists exactly those days.
        points = measurement.locator("circle.ock-chart-line-point, polygon.ock-chart-line-point").count()
        assert points == measurement.locator("table.ock-chart-table tbody tr").count() > 0
    assert watched.problems == []


def test_no_chart_text_is_smaller_than_11_px_and_none_is_rotated(sized_context, server):
    page, _ = open_page(sized_context, server.page_url("/insights"))
    sizes = page.evaluate(RENDERED_FONT_SIZES)
    assert sizes
    small = [(text, round(size, 2)) for text, size in sizes if size < 11]
    assert small == []
    assert page.locator("svg.ock-chart-svg [transform*=rotate]").count() == 0


def test_a_low_pulse_sits_below_the_band_and_is_flagged(sized_context, server):
    server.cli("log", "pulse", "35", "--unit", "bpm")
    page, _ = open_page(sized_context, server.page_url("/insights"))
    pulse = chart(page, "Pulse")
    flagged = pulse.locator("text.ock-chart-out-of-range")
    expect(flagged.first).to_have_text("35\u00a0low")
    # Read in one go: a live refresh may replace the chart between two reads.
    band_bottom, point_top = page.evaluate("""() => {
        const chart = document.querySelector('article.ock-cartesian-chart-view[aria-label="Pulse"]');
        const band = chart.querySelector('rect.ock-chart-target-band').getBoundingClientRect();
        const point = chart.querySelector('polygon.ock-chart-out-of-range').getBoundingClientRect();
        return [band.bottom, point.top];
    }""")
    assert point_top >= band_bottom - 1, (point_top, band_bottom)


def test_report_fits_a_phone_without_horizontal_scroll(browser, server):
    context = browser.new_context(viewport=SIZES["phone"])
    context.set_default_timeout(15_000 * SLACK)
    try:
        page, _ = open_page(context, server.page_url("/report?contact=columbus-ohio&from=2026-11-20&to=2026-11-26&format=html"))
        widths = page.evaluate("[document.documentElement.scrollWidth, document.documentElement.clientWidth]")
        assert widths[0] <= widths[1], f"the report is {widths[0]} px wide in a {widths[1]} px window"
    finally:
        context.close()


def test_a_tap_without_javascript_returns_to_its_card(browser, server):
    context = browser.new_context(viewport=SIZES["phone"], java_script_enabled=False)
    context.set_default_timeout(15_000 * SLACK)
    try:
        page, _ = open_page(context, server.page_url("/care-card"))
        target = page.locator("#task-target-practice")
        expect(target).to_have_count(1)
        target.scroll_into_view_if_needed()
        with page.expect_navigation():
            target.locator("form button").first.click()
        assert page.url.endswith("#task-target-practice"), page.url
        assert page.evaluate("window.scrollY") > 0, "the page stays at the card, not at the top"
    finally:
        context.close()
