"""Screenshots of the demo app (ZombieKit) for the docs, in headless Chromium.

    .venv-browser/bin/python Tests/browser/app_screenshots.py [OUTPUT_DIR]    default: docs/images

Writes app-care-card.png, app-symptoms.png, app-insights.png and app-connect.png at 1280x1000
and app-care-card-phone.png at 390x844, of a day with some training done and a temperature
recorded (the same pinned "now" as the tests). CAREKIT_BIN names the binary, else `swift build`'s.
"""

import os
import pathlib
import subprocess
import sys
import tempfile

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))

from playwright.sync_api import sync_playwright  # noqa: E402

from conftest import CHROMIUM, ROOT, CareKitServer, scratch_path  # noqa: E402

SHOTS = [
    ("app-care-card.png", "/care-card", 1280, 1000),
    ("app-symptoms.png", "/symptoms", 1280, 1000),
    ("app-insights.png", "/insights", 1280, 1000),
    ("app-connect.png", "/connect", 1280, 1000),
    ("app-care-card-phone.png", "/care-card", 390, 844),
]


def carekit_binary():
    if os.environ.get("CAREKIT_BIN"):
        return os.environ["CAREKIT_BIN"]
    scratch = scratch_path()
    subprocess.run(["swift", "build", "--scratch-path", scratch, "--product", "carekit"], cwd=ROOT, check=True)
    path = subprocess.run(["swift", "build", "--scratch-path", scratch, "--show-bin-path"], cwd=ROOT, check=True,
                          capture_output=True, text=True).stdout.strip()
    return os.path.join(path, "carekit")


def answer_survey(page, app, task_title, value):
    page.goto(app.page_url("/symptoms"))
    card = page.locator(f'article.ock-card[aria-label="{task_title}"]')
    with page.expect_navigation():
        card.get_by_role("button", name="Record").click()
    page.locator(".ock-survey-form input:not([type=hidden])").first.fill(value)
    with page.expect_navigation():
        page.get_by_role("button", name="Save").click()


def main():
    out = pathlib.Path(sys.argv[1] if len(sys.argv) > 1 else ROOT / "docs" / "images")
    out.mkdir(parents=True, exist_ok=True)
    app = CareKitServer(carekit_binary(), pathlib.Path(tempfile.mkdtemp())).start()
    try:
        # A day under way: the morning's training done, a fever coming.
        for task in ("Limber Up", "Limber Up", "cardio", "Target Practice"):
            app.cli("complete", task)
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
            page = browser.new_page()
            answer_survey(page, app, "Temperature", "100.9")
            answer_survey(page, app, "Pulse", "88")
            page.close()
            for name, path, width, height in SHOTS:
                context = browser.new_context(viewport={"width": width, "height": height}, color_scheme="light")
                page = context.new_page()
                page.goto(app.page_url(path), wait_until="load")
                page.wait_for_timeout(300)
                page.screenshot(path=str(out / name))
                print("wrote", out / name)
                context.close()
            browser.close()
    finally:
        app.stop()


if __name__ == "__main__":
    main()
