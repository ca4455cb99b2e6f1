"""The keyboard's way through the care app, counted in key presses, in Chromium.

A patient takes a dose, logs a value and corrects it, with the keyboard only, from the Care
Card as it opens (nothing focused): Tab to "Skip to today's tasks" and Enter, Tab to the 7:00
stretch and Enter; Shift+Tab back to the Symptom Tracker tab and Enter; its skip link, Tab to
Pulse's Record and Enter; on the survey (its field focused) type 72 and Enter; back on the Pulse
card, Tab to its title's link and Enter; on the task's page its skip link to the history, Tab to
Correct and Enter (the field focused with the script; one Tab more without it), type 74 and Enter.

The rule of counting: every key pressed is one (Tab, Shift+Tab, Enter), and typing is one per
character. The test does not know how many presses each step takes: it presses Tab (or
Shift+Tab) until the element it wants has the focus, and fails after 40. With the script the
whole flow must take at most 30 presses; without it (forms that post and reload) at most 38.
Focus is checked where the flow relies on it: the dose's checkmark after the tap, the survey's
field when it opens, the card after the survey is saved, the history after the correction.
"""

import re

import pytest
from playwright.sync_api import expect

from conftest import SLACK

LIMITS = {"js": 30, "no-js": 38}
FOCUSED = """() => { const e = document.activeElement; if (!e || e === document.body) { return ''; }
    return (e.getAttribute('aria-label') || e.innerText || e.id || e.tagName).trim().replace(/\\s+/g, ' '); }"""


class Keyboard:
    """Presses keys and counts them."""

    def __init__(self, page):
        self.page = page
        self.presses = 0
        self.steps = []

    def press(self, key):
        self.page.keyboard.press(key)
        self.presses += 1

    def type(self, text):
        self.page.keyboard.type(text)
        self.presses += len(text)

    def focused(self):
        return self.page.evaluate(FOCUSED)

    def tab_to(self, pattern, backwards=False):
        """Tab (or Shift+Tab) until the focused element's name matches `pattern`."""
        for _ in range(40):
            self.press("Shift+Tab" if backwards else "Tab")
            if re.search(pattern, self.focused()):
                return
        raise AssertionError(f"40 presses of {'Shift+Tab' if backwards else 'Tab'} did not reach {pattern!r} (at {self.focused()!r})")

    def step(self, name, start):
        self.steps.append(f"{name}: {self.presses - start}")


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_keyboard_take_a_dose_log_a_value_and_correct_it(browser, server, javascript):
    context = browser.new_context(viewport={"width": 1280, "height": 900}, java_script_enabled=javascript)
    context.set_default_timeout(15_000 * SLACK)
    try:
        page = context.new_page()
        page.goto(server.page_url("/care-card"), wait_until="load")
        keys = Keyboard(page)

        # Take a dose.
        start = keys.presses
        keys.tab_to(r"^Skip to today's tasks$")
        keys.press("Enter")
        keys.tab_to(r"^7:00\W+AM, Limber Up")
        seven = page.get_by_role("button", name=re.compile(r"^7:00\W+AM, Limber Up"))
        if javascript:
            keys.press("Enter")
            expect(seven).to_have_attribute("aria-pressed", "true")
            expect(seven).to_be_focused()
        else:
            with page.expect_navigation():
                keys.press("Enter")
            expect(seven).to_have_attribute("aria-pressed", "true")
            assert page.url.endswith("/care-card#task-limber-up"), page.url
        keys.step("take the 7:00 stretch", start)

        # Log a value: the Symptom Tracker's pulse.
        start = keys.presses
        keys.tab_to(r"^Symptom Tracker$", backwards=True)
        with page.expect_navigation():
            keys.press("Enter")
        keys.tab_to(r"^Skip to today's tasks$")
        keys.press("Enter")
        keys.tab_to(r"^Record")
        assert page.evaluate("document.activeElement.closest('article').getAttribute('aria-label')") == "Pulse"
        with page.expect_navigation():
            keys.press("Enter")
        field = page.get_by_role("textbox", name=re.compile("pulse", re.I))
        expect(field).to_be_focused()
        keys.type("72")
        with page.expect_navigation():
            keys.press("Enter")
        expect(page.get_by_role("article", name="Pulse")).to_contain_text("72")
        assert page.url.endswith("/symptoms#task-pulse"), page.url
        if javascript:
            expect(page.locator("#task-pulse")).to_be_focused()
        keys.step("log a pulse of 72", start)

        # Correct it on the task's page.
        start = keys.presses
        keys.tab_to(r"^Pulse")
        with page.expect_navigation():
            keys.press("Enter")
        keys.tab_to(r"^Skip to the history$")
        keys.press("Enter")
        keys.tab_to(r"^Correct$")
        keys.press("Enter")
        correction = page.get_by_role("textbox", name=re.compile(r"^Correct 72"))
        if not javascript:
            keys.tab_to(r"^Correct 72")
        expect(correction).to_be_focused()
        assert page.evaluate("document.activeElement.selectionStart === 0 && document.activeElement.selectionEnd === document.activeElement.value.length"), \
            "the value to correct is not selected"
        keys.type("74")
        with page.expect_navigation():
            keys.press("Enter")
        assert page.url.endswith("#ck-history"), page.url
        expect(page.locator("#ck-history")).to_contain_text("74")
        if javascript:
            expect(page.locator("#ck-history")).to_be_focused()
        keys.step("correct it to 74", start)

        assert [e.get("values") for e in server.events("pulse")][0][0]["value"] == 74
        summary = f"{keys.presses} presses ({', '.join(keys.steps)})"
        print(("with" if javascript else "without") + " JavaScript: " + summary)
        limit = LIMITS["js" if javascript else "no-js"]
        assert keys.presses <= limit, f"the flow took {summary}; at most {limit}"
    finally:
        context.close()
