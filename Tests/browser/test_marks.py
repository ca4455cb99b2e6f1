"""'Due now' and 'overdue' are seen, not only heard: in Chromium, light and dark, on single-dose
(simple and survey), checklist and grid cards.

At the pinned 10:00 the demo's Limber Up grid has its 7:00 and 9:00 stretches overdue, Cardio's
8:00 run is overdue, Target Practice's 10:00 row (a checklist) is due now, and the Symptom
Tracker's two surveys are due now; two one-dose tasks are added, one at 9:00 (overdue) and one
at 10:00 (due now), for the simple card.

For every marked control the test finds what draws the mark and measures it as drawn: a ring
(an outline around the checkmark, or a ring inside a wide button) must have a box of real size
and 3:1 against what it is drawn on (WCAG 1.4.11); the words that say it ("Due now", "Overdue")
must be visible in the card, with 4.5:1 (WCAG 1.4.3), so that the two marks differ by more than
their colour (WCAG 1.4.1). Colours are read as the browser paints them (a canvas normalises
any CSS colour), and translucent backgrounds are laid over what is behind them.
"""

import contextlib
import re

import pytest
from playwright.sync_api import expect

from conftest import SLACK

# What each marked control draws, measured in the page: its ring (box, colour, what is behind
# it) and the words on its card that say where it stands.
MEASURE = r"""
() => {
  const canvas = document.createElement('canvas');
  canvas.width = canvas.height = 1;
  const g = canvas.getContext('2d', { willReadFrequently: true });
  function rgba(css) {
    g.clearRect(0, 0, 1, 1);
    g.fillStyle = '#000'; g.fillStyle = css;
    g.fillRect(0, 0, 1, 1);
    const d = g.getImageData(0, 0, 1, 1).data;
    return [d[0], d[1], d[2], d[3] / 255];
  }
  function over(top, bottom) {
    const a = top[3];
    return [0, 1, 2].map(i => top[i] * a + bottom[i] * (1 - a)).concat([1]);
  }
  // The opaque colour behind an element: its backgrounds and its ancestors', laid over each other.
  function behind(element) {
    const layers = [];
    for (let e = element; e; e = e.parentElement) {
      const c = rgba(getComputedStyle(e).backgroundColor);
      if (c[3] > 0) { layers.push(c); }
      if (c[3] >= 1) { break; }
    }
    let colour = [255, 255, 255, 1];
    for (let i = layers.length - 1; i >= 0; i--) { colour = over(layers[i], colour); }
    return colour;
  }
  function box(e) { const r = e.getBoundingClientRect(); return { width: r.width, height: r.height }; }
  const results = [];
  for (const marked of document.querySelectorAll('.ock-due-now, .ock-overdue')) {
    const kind = marked.classList.contains('ock-overdue') ? 'overdue' : 'due-now';
    const button = marked.matches('button') ? marked : marked.querySelector('button');
    const card = marked.closest('article');
    const circle = button && button.querySelector('.ock-checkmark-circle');
    const result = { kind, card: card ? card.getAttribute('aria-label') : '?', name: button ? (button.getAttribute('aria-label') || button.textContent.trim()) : '?' };
    if (circle) {
      const s = getComputedStyle(circle);
      const width = parseFloat(s.outlineWidth) || 0, offset = parseFloat(s.outlineOffset) || 0;
      const b = box(circle);
      result.ring = { what: 'outline around the checkmark', style: s.outlineStyle, width,
        box: { width: b.width + 2 * (offset + width), height: b.height + 2 * (offset + width) },
        colour: over(rgba(s.outlineColor), behind(circle.parentElement)), background: behind(circle.parentElement) };
    } else if (button) {
      const s = getComputedStyle(button);
      const shadow = s.boxShadow.match(/^(.*?\))\s+0px\s+0px\s+0px\s+([\d.]+)px\s+inset/);
      const b = box(button);
      result.ring = { what: 'ring inside the button', style: shadow ? 'solid' : 'none', width: shadow ? parseFloat(shadow[2]) : 0, box: b,
        colour: shadow ? over(rgba(shadow[1]), behind(button)) : [0, 0, 0, 0], background: behind(button) };
    }
    // The words: a grid cell's status, a checklist row's label, or the card header's status.
    const words = (button && [...button.querySelectorAll('.ock-checkmark-status, .ock-label')].find(e => /\S/.test(e.textContent) && e.getClientRects().length && /due|overdue|fällig|toca|atrasado|مستحق|متأخر/i.test(e.textContent)))
      || (card && card.querySelector('.ock-header-status .ock-label'));
    if (words && words.getClientRects().length) {
      const s = getComputedStyle(words);
      result.words = { text: words.textContent.trim(), box: box(words), colour: over(rgba(s.color), behind(words)), background: behind(words) };
    }
    results.push(result);
  }
  return results;
}
"""


def luminance(rgb):
    def channel(value):
        value /= 255
        return value / 12.92 if value <= 0.04045 else ((value + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(v) for v in rgb[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


@pytest.fixture()
def marked_server(server):
    """The demo with two one-dose tasks: 9:00 (overdue at 10:00) and 10:00 (due now)."""
    server.cli("add-task", "Vitamin D", "--times", "09:00")
    server.cli("add-task", "Iron", "--times", "10:00")
    return server


@contextlib.contextmanager
def opened(browser, server, path, scheme="light"):
    """A phone-sized window (JavaScript on) showing `path`."""
    context = browser.new_context(viewport={"width": 390, "height": 900}, color_scheme=scheme)
    context.set_default_timeout(15_000 * SLACK)
    try:
        page = context.new_page()
        page.goto(server.page_url(path), wait_until="load")
        yield page
    finally:
        context.close()


def measure(browser, server, scheme, path):
    with opened(browser, server, path, scheme) as page:
        return page.evaluate(MEASURE)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_marks_are_seen_on_every_kind_of_card(browser, marked_server, scheme):
    marks = measure(browser, marked_server, scheme, "/care-card") + measure(browser, marked_server, scheme, "/symptoms")
    cards = {(mark["card"], mark["kind"]) for mark in marks}
    # Grid, checklist, two simple cards (one of each) and the two surveys.
    expected = {("Limber Up", "overdue"), ("Cardio", "overdue"), ("Target Practice", "due-now"), ("Vitamin D", "overdue"),
                ("Iron", "due-now"), ("Pulse", "due-now"), ("Temperature", "due-now")}
    assert expected <= cards, f"marked cards: {sorted(cards)}"
    problems, report = [], []
    for mark in marks:
        where = f"{mark['card']} ({mark['name']}, {mark['kind']}, {scheme})"
        ring, words = mark.get("ring"), mark.get("words")
        # The ring: drawn, with a real box, 3:1 (a graphical mark); the words: 4.5:1 (text).
        for part, what, minimum, least in [(ring, "ring", 3, 24), (words, "words", 4.5, 1)]:
            if not part:
                problems.append(f"{where}: no {what} say{'s' if what == 'ring' else ''} it")
                continue
            ratio = contrast(part["colour"], part["background"])
            size = f"{part['box']['width']:.0f}×{part['box']['height']:.0f} px"
            report.append(f"{where}: {part.get('what', repr(part.get('text')))} {size}, {ratio:.2f}:1")
            if part["box"]["width"] < least or part["box"]["height"] < least:
                problems.append(f"{where}: the {what} is {size}")
            if ratio < minimum:
                problems.append(f"{where}: the {what} has {ratio:.2f}:1 against its background (want {minimum}:1)")
        if ring and (ring["style"] == "none" or ring["width"] < 2):
            problems.append(f"{where}: the {ring['what']} is not drawn ({ring['style']}, {ring['width']} px)")
        expected_words = "Overdue" if mark["kind"] == "overdue" else "Due now"
        if words and expected_words not in words["text"]:
            problems.append(f"{where}: the words {words['text']!r} do not say {expected_words!r}")
    print("\n".join(report))
    assert not problems, "\n".join(problems)


def test_marks_leave_later_and_done_events_alone(browser, marked_server):
    with opened(browser, marked_server, "/care-card") as page:
        names = [mark["name"] for mark in page.evaluate(MEASURE)]
        assert not [name for name in names if re.match(r"^(11:00|1:00|3:00|5:00)", name)], f"later events are marked: {names}"
        # Taking the overdue 9:00 stretch takes its mark away, ring and words.
        nine = page.get_by_role("button", name=re.compile(r"^9:00\W+AM, Limber Up, overdue$"))
        with page.expect_response(re.compile(r"/complete$")):
            nine.click()
        cell = page.get_by_role("button", name=re.compile(r"^9:00\W+AM, Limber Up"))
        expect(cell).to_have_attribute("aria-pressed", "true")
        expect(cell.locator(".ock-checkmark-status")).to_have_count(0)
        expect(cell.locator(".ock-checkmark-circle")).to_have_css("outline-style", "none")
