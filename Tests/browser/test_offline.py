"""Installable and offline, in a real browser at phone (390 px) and desktop (1280 px) widths:
the manifest, the service worker that keeps today's page for reading offline, and taps made
offline, queued on the device and sent once the app answers again: nothing doubled, nothing lost.
"""

import json
import time

import pytest
from playwright.sync_api import expect

from conftest import SLACK, open_page

WAIT_MS = 15_000 * SLACK
SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 1000}}


def limber_up(page, index):
    return page.locator('article.ock-card[aria-label="Limber Up"]').locator(".ock-grid li").nth(index).locator("button")


def wait_until(condition, what, seconds=20):
    deadline = time.monotonic() + seconds * SLACK
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.2)
    raise AssertionError(f"{what} did not happen within {seconds} s")


@pytest.mark.parametrize("size", sorted(SIZES))
def test_todays_page_opens_offline_and_offline_taps_are_sent_once(browser, server, size):
    context = browser.new_context(viewport=SIZES[size], color_scheme="light", service_workers="allow")
    context.set_default_timeout(WAIT_MS)
    try:
        page, _ = open_page(context, server.page_url("/care-card"))
        # Installable: a manifest with a name, a start URL, standalone display and an icon.
        manifest = json.loads(page.evaluate("fetch(document.querySelector('link[rel=manifest]').href, {credentials: 'include'}).then(r => r.text())"))
        assert manifest["name"] == "ZombieKit" and manifest["display"] == "standalone" and manifest["start_url"] == "/" and manifest["icons"]
        # The service worker controls the page once it is active; the next load is kept.
        page.evaluate("navigator.serviceWorker.ready.then(() => true)")
        page.reload(wait_until="load")
        assert page.evaluate("navigator.serviceWorker.controller !== null"), "the service worker controls the page"

        context.set_offline(True)
        page.reload(wait_until="load")
        expect(limber_up(page, 2)).to_be_visible()
        expect(page.locator("h1, .ock-header").first).to_be_visible()

        # Two taps offline: saved on the device, not yet in the store.
        limber_up(page, 2).click()
        expect(page.locator("#ck-toast")).to_contain_text("Saved on this device")
        limber_up(page, 3).click()
        # The tap is queued once the request it tried has failed: wait for it, not for a moment.
        page.wait_for_function("JSON.parse(localStorage.getItem('carekit-queue') || '[]').length >= 2", timeout=5000)
        assert len(page.evaluate("JSON.parse(localStorage.getItem('carekit-queue') || '[]')")) == 2
        assert [event["completed"] for event in server.events("Limber Up")] == [False] * 6

        # Back online: the queue is sent, once, and the page shows it.
        context.set_offline(False)
        wait_until(lambda: [event["completed"] for event in server.events("Limber Up")] == [False, False, True, True, False, False],
                   "the queued taps reaching the store")
        wait_until(lambda: page.evaluate("JSON.parse(localStorage.getItem('carekit-queue') || '[]').length") == 0, "the queue emptying")
        expect(limber_up(page, 2)).to_have_attribute("aria-pressed", "true", timeout=WAIT_MS)

        # A tap whose answer was lost is sent again with the same id: applied once. (Replayed
        # here by queueing one request twice; without `completed` a tap toggles, so applying
        # it twice would undo it.)
        page.evaluate("""() => {
            const form = document.querySelector('article.ock-card[aria-label="Cardio"] form.ock-form');
            const body = new URLSearchParams(new FormData(form));
            body.delete('completed');
            body.set('request_id', 'replayed-0000-4000-8000-000000000001');
            const item = (id) => ({id: id, action: form.action, body: body.toString()});
            localStorage.setItem('carekit-queue', JSON.stringify([item('first'), item('again')]));
            window.dispatchEvent(new Event('online'));
        }""")
        wait_until(lambda: page.evaluate("JSON.parse(localStorage.getItem('carekit-queue') || '[]').length") == 0, "the replayed queue emptying")
        cardio = [event["completed"] for event in server.events("cardio")]
        assert cardio.count(True) == 1, f"one tap applied once: {cardio}"
    finally:
        context.close()
