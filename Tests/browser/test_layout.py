"""Every page of the care app lays out in every language, at every width, at 100% and 200% text.

The pages are found, not listed: the tabs' pages, and every page their links (and GET forms)
lead to, and theirs (two steps: a task page leads to Edit schedule and Stop, a contact to its report), each
address once (its query dropped); then the states a link cannot reach: a survey sent with a
wrong answer, the plan editor with a wrong field, the HTML report, and the first-run page of an
empty store. A page added later is found the same way once a page links to it.

Each is opened in English, Spanish, German and Arabic (the `carekit_lang` cookie: one browser
window per language on one server), at 320, 390 and 1280 CSS px, with the browser's font size at
16 px and at 32 px (200% text, as a person sets it in the browser's settings), and must:

* not scroll sideways (a wide table may scroll in its own box);
* keep each tab's label inside its tab, and no two tabs on each other;
* keep each radio button and box next to its words (on the same line, at most 16 px apart).
"""

import urllib.parse

import pytest

from conftest import SLACK, CareKitServer
from test_a11y import plan_with_error, survey_with_error

LANGUAGES = ["en", "es", "de", "ar"]
WIDTHS = [320, 390, 1280]
FONT_SIZES = [16, 32]

# Links that are not pages to lay out: files, feeds, live streams, other apps.
SKIPPED = ("/assets/", "/live/", "/calendar/", "/sw.js", "/manifest.webmanifest", "/healthz")

CHECK = r"""
() => {
  const problems = [];
  const root = document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    const W = root.clientWidth;
    const out = [...document.querySelectorAll('body *')].filter(e => {
      if (!e.getClientRects().length || e.closest('.ck-skip-link, .ock-visually-hidden, .ck-report-scroll, .ck-doc-table-scroll')) { return false; }
      const r = e.getBoundingClientRect();
      return r.right > W + 0.5 || r.left < -0.5;
    });
    const innermost = out.filter(e => !out.some(o => o !== e && e.contains(o))).slice(0, 4);
    problems.push(`scrolls sideways: ${root.scrollWidth} px in ${W} px (` +
      innermost.map(e => e.tagName.toLowerCase() + '.' + [...e.classList].join('.') + ' ' + JSON.stringify(e.textContent.trim().slice(0, 24))).join('; ') + ')');
  }
  const tabs = [...document.querySelectorAll('.ck-tab')].filter(t => t.getClientRects().length);
  const boxes = tabs.map(t => t.getBoundingClientRect());
  tabs.forEach((tab, i) => {
    const range = document.createRange();
    range.selectNodeContents(tab);
    const text = range.getBoundingClientRect(), box = boxes[i];
    if (tab.scrollWidth > tab.clientWidth + 1 || text.left < box.left - 0.5 || text.right > box.right + 0.5 || text.top < box.top - 0.5 || text.bottom > box.bottom + 0.5) {
      problems.push(`the tab ${JSON.stringify(tab.textContent)} needs ${Math.ceil(text.width)}×${Math.ceil(text.height)} px in ${Math.floor(box.width)}×${Math.floor(box.height)} px`);
    }
    for (let j = 0; j < i; j++) {
      const other = boxes[j];
      const overlap = Math.min(box.right, other.right) - Math.max(box.left, other.left) > 0.5 && Math.min(box.bottom, other.bottom) - Math.max(box.top, other.top) > 0.5;
      if (overlap) { problems.push(`the tabs ${JSON.stringify(tabs[j].textContent)} and ${JSON.stringify(tab.textContent)} overlap`); }
    }
  });
  for (const input of document.querySelectorAll('label > input[type=radio], label > input[type=checkbox]')) {
    if (!input.getClientRects().length) { continue; }
    const label = input.parentElement;
    const words = [...label.childNodes].filter(n => n !== input && /\S/.test(n.textContent));
    if (!words.length) { continue; }
    const range = document.createRange();
    range.setStartBefore(words[0]);
    range.setEndAfter(words[words.length - 1]);
    const first = [...range.getClientRects()].filter(r => r.width > 0)[0];
    if (!first) { continue; }
    const box = input.getBoundingClientRect();
    const sameLine = Math.min(box.bottom, first.bottom) - Math.max(box.top, first.top) > 0;
    const gap = Math.max(first.left - box.right, box.left - first.right);
    if (!sameLine || gap > 16) {
      problems.push(`the ${input.type} of ${JSON.stringify(label.textContent.trim().slice(0, 30))} is ${sameLine ? Math.round(gap) + ' px from' : 'on another line than'} its words`);
    }
  }
  return problems;
}
"""


@pytest.fixture(scope="module")
def apps(carekit_bin, tmp_path_factory):
    """The demo, and an empty store for the first-run page."""
    root = tmp_path_factory.mktemp("layout")
    (root / "demo").mkdir()
    demo = CareKitServer(carekit_bin, root / "demo").start()
    (root / "empty").mkdir()
    empty = CareKitServer(carekit_bin, root / "empty", demo=False)
    (root / "empty" / "nothing.json").write_text("[]")
    empty.cli("import", str(root / "empty" / "nothing.json"))
    empty.start()
    yield {"demo": demo, "empty": empty}
    demo.stop()
    empty.stop()


def same_app_links(page, base):
    """The addresses of the app's pages a page links to (links, and forms that only fetch a
    page, such as a survey card's button), without their query or fragment."""
    hrefs = page.eval_on_selector_all("a[href], form[method=get][action]", "links => links.map(a => a.href || a.action)")
    found = set()
    for href in hrefs:
        url = urllib.parse.urlsplit(href)
        if f"{url.scheme}://{url.netloc}" != base or url.path.startswith(SKIPPED):
            continue
        if "format=pdf" in url.query:
            continue
        found.add(url.path)
    return found


def discover_pages(browser, app):
    """The tabs' pages and every page two links away from them."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        page.goto(app.page_url("/care-card"))
        tabs = page.eval_on_selector_all(".ck-tab", "tabs => tabs.map(t => new URL(t.href).pathname)")
        assert tabs, "no tabs"
        pages, frontier = set(tabs), list(tabs)
        for _ in range(2):
            following = []
            for path in frontier:
                response = page.goto(app.page_url(path))
                if response is None or not response.ok or "text/html" not in response.headers.get("content-type", ""):
                    continue
                for link in same_app_links(page, app.url) - pages:
                    pages.add(link)
                    following.append(link)
            frontier = following
        return sorted(pages)
    finally:
        context.close()


def visit(app, path):
    def go(page):
        response = page.goto(app.page_url(path))
        assert response is not None and response.ok, f"{path}: {response.status if response else 'no response'}"
    return go


def test_layout_every_page_in_every_language_width_and_text_size(browser, apps):
    demo = apps["demo"]
    found = discover_pages(browser, demo)
    # What the links must have found, at least (the list of pages).
    for expected in ["/care-card", "/symptoms", "/insights", "/connect", "/settings", "/settings/calendar", "/plan/new"]:
        assert expected in found, f"{expected} was not found from the tabs: {found}"
    for kind in ["/tasks/", "/survey/", "/connect/"]:
        assert any(path.startswith(kind) and path != kind.rstrip("/") for path in found), f"no {kind}… page found: {found}"
    assert any(path.endswith("/edit") for path in found) and any(path.endswith("/stop") for path in found), found
    pages = [(path, visit(demo, path)) for path in found] + [
        ("survey with an error", lambda page: survey_with_error(page, demo)),
        ("plan editor with a wrong field", lambda page: plan_with_error(page, demo)),
        ("report (HTML)", visit(demo, "/report?from=2026-11-20&to=2026-11-26&format=html")),
        ("first run", visit(apps["empty"], "/")),
    ]
    problems, checked = [], 0
    for language in LANGUAGES:
        context = browser.new_context(viewport={"width": WIDTHS[0], "height": 800})
        context.set_default_timeout(15_000 * SLACK)
        for app in apps.values():
            context.add_cookies([{"name": "carekit_lang", "value": language, "url": app.url}])
        try:
            page = context.new_page()
            session = context.new_cdp_session(page)
            for font_size in FONT_SIZES:
                session.send("Page.setFontSizes", {"fontSizes": {"standard": font_size, "fixed": font_size}})
                for width in WIDTHS:
                    page.set_viewport_size({"width": width, "height": 800})
                    for name, go in pages:
                        go(page)
                        lang = page.evaluate("document.documentElement.lang")
                        assert lang.split("-")[0] == language, f"{name} is in {lang!r}, not {language}"
                        checked += 1
                        where = f"{name} in {language} at {width} px, {font_size * 100 // 16}% text"
                        problems += [f"{where}: {problem}" for problem in page.evaluate(CHECK)]
        finally:
            context.close()
    print(f"{len(pages)} pages × {len(LANGUAGES)} languages × {len(WIDTHS)} widths × {len(FONT_SIZES)} text sizes: {checked} layouts checked")
    assert not problems, f"{len(problems)} layout problems:\n" + "\n".join(problems)
