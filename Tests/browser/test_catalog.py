"""Browser tests for the CareKitUI catalog page, in headless Chromium.

Run from the repository root:

    python3 -m venv .venv && .venv/bin/pip install pytest playwright
    .venv/bin/pytest Tests/browser/test_catalog.py

The catalog is built and written with `swift build` and `carekit-catalog` unless
CATALOG_HTML names an existing file. Chromium comes from Debian (`apt-get install chromium`);
set CHROMIUM_PATH if it is not /usr/lib/chromium/chromium. `playwright install` is not needed.
The browser fixture is shared with the app's tests (conftest.py).
"""

import os
import pathlib
import subprocess

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(scope="session")
def catalog_url(tmp_path_factory):
    existing = os.environ.get("CATALOG_HTML")
    if existing:
        return pathlib.Path(existing).resolve().as_uri()
    scratch = os.environ.get("SWIFT_SCRATCH_PATH", str(ROOT / ".build"))
    subprocess.run(
        ["swift", "build", "--scratch-path", scratch, "--product", "carekit-catalog"],
        cwd=ROOT, check=True,
    )
    binary = subprocess.run(
        ["swift", "build", "--scratch-path", scratch, "--show-bin-path"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout.strip()
    output = tmp_path_factory.mktemp("catalog") / "catalog.html"
    subprocess.run([os.path.join(binary, "carekit-catalog"), "--output", str(output)], check=True)
    return output.as_uri()


class LoadedPage:
    """A page with the catalog loaded, and everything the browser complained about."""

    def __init__(self, browser, url, width=1280, color_scheme="light"):
        self.context = browser.new_context(viewport={"width": width, "height": 900}, color_scheme=color_scheme)
        self.page = self.context.new_page()
        self.errors = []
        self.dialogs = []
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type in ("error", "warning") else None)
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("requestfailed", lambda r: self.errors.append("request failed: " + r.url))
        self.page.on("dialog", lambda d: (self.dialogs.append(d.message), d.dismiss()))
        self.page.goto(url, wait_until="load")

    def close(self):
        self.context.close()


@pytest.fixture()
def loaded(browser, catalog_url):
    page = LoadedPage(browser, catalog_url)
    yield page
    page.close()


def test_no_console_errors(loaded):
    loaded.page.wait_for_timeout(200)
    assert loaded.errors == []
    assert loaded.dialogs == []


def test_no_scripts_and_unique_ids(loaded):
    page = loaded.page
    assert page.locator("script").count() == 0
    duplicates = page.evaluate(
        """() => {
            const seen = new Map();
            for (const e of document.querySelectorAll('[id]')) seen.set(e.id, (seen.get(e.id) || 0) + 1);
            return [...seen].filter(([, n]) => n > 1).map(([id]) => id);
        }"""
    )
    assert duplicates == []


@pytest.mark.parametrize("width", [390, 1280])
def test_every_card_visible(browser, catalog_url, width):
    loaded = LoadedPage(browser, catalog_url, width=width)
    try:
        page = loaded.page
        cards = page.locator(".ock-card")
        count = cards.count()
        assert count >= 40
        for index in range(count):
            card = cards.nth(index)
            card.scroll_into_view_if_needed()
            assert card.is_visible(), f"card {index} is not visible"
            box = card.bounding_box()
            assert box is not None and box["width"] > 100 and box["height"] > 30, f"card {index}: {box}"
            assert box["x"] >= 0 and box["x"] + box["width"] <= width + 0.5, f"card {index} overflows: {box}"
        # Nothing scrolls sideways, from a phone to a desktop.
        assert page.evaluate("document.scrollingElement.scrollWidth") <= width
    finally:
        loaded.close()


def test_hostile_title_shows_as_text(loaded):
    page = loaded.page
    title = page.locator("#hostile-card h2")
    assert title.inner_text() == "<script>alert(1)</script>"
    assert page.locator("#hostile-card").get_attribute("aria-label") == "<script>alert(1)</script>"
    assert "</button><script>alert(2)</script>" in page.locator("#hostile-card button").inner_text()
    hidden = page.locator("#hostile-card input[type=hidden]")
    assert hidden.get_attribute("value") == "\" onmouseover=\"alert(4)"
    assert loaded.dialogs == []
    # Refused links are not links.
    refused = page.locator(".ock-link-unavailable")
    assert refused.count() >= 4
    assert page.locator("a[href^='javascript']").count() == 0


def test_charts_have_title_description_and_table(loaded):
    page = loaded.page
    charts = page.locator(".ock-chart")
    assert charts.count() >= 10
    for index in range(charts.count()):
        chart = charts.nth(index)
        svg = chart.locator("svg.ock-chart-svg")
        assert svg.get_attribute("role") == "img"
        assert svg.locator("title").text_content().strip() != ""
        assert svg.locator("desc").text_content().strip() != ""
        table = chart.locator("table")
        assert table.count() == 1
        assert table.locator("caption").text_content().strip() != ""
        assert table.locator("tr").count() >= 2
        # Present for screen readers, invisible on screen.
        size = table.evaluate(
            "t => { const r = t.closest('.ock-visually-hidden').getBoundingClientRect(); return [r.width, r.height]; }"
        )
        assert size[0] <= 1 and size[1] <= 1
    # The accessible name of a chart is its title.
    assert page.get_by_role("img", name="Doxylamine").count() >= 1


def test_focus_ring_visible_after_tab(loaded):
    page = loaded.page
    for _ in range(60):
        page.keyboard.press("Tab")
        tag = page.evaluate("document.activeElement.tagName")
        if tag == "BUTTON":
            break
    else:
        pytest.fail("Tab never reached a button")
    style = page.evaluate(
        """() => {
            const e = document.activeElement;
            const s = getComputedStyle(e);
            return {visible: e.matches(':focus-visible'), style: s.outlineStyle, width: parseFloat(s.outlineWidth), color: s.outlineColor};
        }"""
    )
    assert style["visible"]
    assert style["style"] != "none"
    assert style["width"] >= 2
    assert style["color"] not in ("transparent", "rgba(0, 0, 0, 0)")


def test_buttons_are_forms_that_work_without_javascript(loaded):
    page = loaded.page
    forms = page.locator("form.ock-form")
    assert forms.count() >= 20
    first = forms.first
    assert first.get_attribute("method") in ("post", "get")
    assert first.locator("button[type=submit]").count() == 1
    # Buttons without an action are inert, not submit buttons.
    assert page.locator("button[type=button]").count() >= 1


def test_styles_and_schemes(browser, catalog_url, loaded):
    page = loaded.page
    background = "el => getComputedStyle(el).backgroundColor"
    light_card = page.locator("#tasks .ock-card").first.evaluate(background)
    dark_card = page.locator("#dark .ock-card").first.evaluate(background)
    assert light_card == "rgb(255, 255, 255)"
    assert dark_card == "rgb(28, 28, 30)"
    # The README's custom style: a black separator on that card only.
    styled = page.locator("#styles .ock-card").first
    assert styled.locator(".ock-separator").evaluate(background) == "rgb(0, 0, 0)"
    assert page.locator("#tasks .ock-instructions-task-view .ock-separator").first.evaluate(background) != "rgb(0, 0, 0)"
    # A browser in dark mode gets the dark appearance everywhere.
    dark = LoadedPage(browser, catalog_url, color_scheme="dark")
    try:
        assert dark.page.locator("#tasks .ock-card").first.evaluate(background) == "rgb(28, 28, 30)"
        assert dark.errors == []
    finally:
        dark.close()
