"""Shared fixtures of the browser tests: headless Chromium, and `carekit serve` on a fresh store.

Chromium comes from Debian (`apt-get install chromium`); set CHROMIUM_PATH if it is not
/usr/lib/chromium/chromium. The app's binary is CAREKIT_BIN, else the one `swift build` makes.
`scripts/browser-tests` sets everything up and runs the suite.
"""

import json
import os
import pathlib
import re
import signal
import subprocess
import threading
import time

import pytest
from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
CHROMIUM = os.environ.get("CHROMIUM_PATH", "/usr/lib/chromium/chromium")

# "Now" for every server and CLI run: Thursday, November 26, 2026, 10:00 AM in New York.
NOW = "2026-11-26T15:00:00Z"
TIME_ZONE = "America/New_York"
TODAY = "2026-11-26"

# Multiplies the waits that are not part of a requirement (start-up, shutdown, page loads).
SLACK = float(os.environ.get("BROWSER_TEST_SLACK", "1"))


def scratch_path():
    return os.environ.get("SWIFT_SCRATCH_PATH", str(ROOT / ".build"))


@pytest.fixture(scope="session")
def carekit_bin():
    """The `carekit` executable: CAREKIT_BIN, else built with `swift build`."""
    given = os.environ.get("CAREKIT_BIN")
    if given:
        path = pathlib.Path(given).resolve()
        if not os.access(path, os.X_OK):
            pytest.fail(f"CAREKIT_BIN={given} is not an executable")
        return str(path)
    scratch = scratch_path()
    subprocess.run(["swift", "build", "--scratch-path", scratch, "--product", "carekit"], cwd=ROOT, check=True)
    binary = subprocess.run(
        ["swift", "build", "--scratch-path", scratch, "--show-bin-path"],
        cwd=ROOT, check=True, capture_output=True, text=True,
    ).stdout.strip()
    return os.path.join(binary, "carekit")


@pytest.fixture(scope="session")
def browser():
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
        yield browser
        browser.close()


def app_environment(tmp):
    """The environment of the server and of every CLI run: the same time zone and "now"."""
    env = dict(os.environ)
    env.update(TZ=TIME_ZONE, CAREKIT_NOW=NOW, XDG_DATA_HOME=str(tmp / "xdg"), LC_ALL="C.UTF-8")
    return env


class CareKitServer:
    """`carekit serve --demo` on its own store file, and the CLI on the same file."""

    READY = re.compile(r"is running at (http://\S+)")

    def __init__(self, binary, directory, demo=True, extra_args=()):
        self.binary = binary
        self.extra_args = list(extra_args)
        self.directory = pathlib.Path(directory)
        self.store = str(self.directory / "store.sqlite")
        self.env = app_environment(self.directory)
        self.demo = demo
        self.log = []
        self.url = None
        self.process = None
        self._ready = threading.Event()

    def start(self):
        command = [self.binary, "serve", "--store", self.store, "--port", "0"] + (["--demo"] if self.demo else []) + self.extra_args
        self.process = subprocess.Popen(command, env=self.env, cwd=self.directory,
                                        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, text=True)
        threading.Thread(target=self._read_log, daemon=True).start()
        if not self._ready.wait(60 * SLACK) or self.url is None:
            self.process.kill()
            raise AssertionError("carekit serve did not start:\n" + self.log_text())
        return self

    def _read_log(self):
        for line in self.process.stderr:
            self.log.append(line.rstrip("\n"))
            match = self.READY.search(line)
            if match and self.url is None:
                self.url = match.group(1).rstrip("/")
                self._ready.set()
        self._ready.set()

    def log_text(self):
        return "\n".join(self.log)

    def page_url(self, path):
        return self.url + path

    def stop(self):
        """Ctrl-C: the server must finish what it is doing and exit 0 within a few seconds."""
        if self.process is None or self.process.poll() is not None:
            code = None if self.process is None else self.process.returncode
            raise AssertionError(f"carekit serve was not running at the end (exit {code}):\n{self.log_text()}")
        started = time.monotonic()
        self.process.send_signal(signal.SIGINT)
        try:
            code = self.process.wait(timeout=10 * SLACK)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
            raise AssertionError("carekit serve did not stop within 10 s of SIGINT:\n" + self.log_text())
        elapsed = time.monotonic() - started
        assert code == 0, f"carekit serve exited {code} after SIGINT:\n{self.log_text()}"
        return elapsed

    def cli(self, *arguments, check=True):
        """Runs `carekit ARGUMENTS --store STORE` with the server's environment."""
        result = subprocess.run([self.binary, *arguments, "--store", self.store], env=self.env, cwd=self.directory,
                                capture_output=True, text=True, timeout=120 * SLACK)
        if check and result.returncode != 0:
            raise AssertionError(f"carekit {' '.join(arguments)} failed ({result.returncode}):\n{result.stdout}{result.stderr}")
        return result

    def events(self, task_id=None):
        """Today's events as `carekit events --json` reports them."""
        events = json.loads(self.cli("events", "--json").stdout)
        return [event for event in events if task_id is None or event["taskID"] == task_id]


@pytest.fixture()
def server(carekit_bin, tmp_path):
    """A demo server on a fresh store, stopped (and checked for a clean exit) after the test."""
    app = CareKitServer(carekit_bin, tmp_path).start()
    yield app
    app.stop()


class Watched:
    """What a page complained about: console errors and warnings, script errors, failed
    requests, error responses, and dialogs (dismissed)."""

    def __init__(self, page):
        self.page = page
        self.problems = []
        self.dialogs = []
        self.navigations = []
        page.on("console", self._console)
        page.on("pageerror", lambda error: self.problems.append(f"page error: {error}"))
        page.on("requestfailed", self._request_failed)
        page.on("response", self._response)
        page.on("dialog", self._dialog)
        page.on("framenavigated", lambda frame: self.navigations.append(frame.url) if frame == page.main_frame else None)

    def _console(self, message):
        if message.type not in ("error", "warning"):
            return
        self.problems.append(f"console {message.type}: {message.text} ({(message.location or {}).get('url', '')})")

    def _request_failed(self, request):
        # Leaving a page ends its live-update stream, and the browser drops an icon it was still
        # fetching (it asks for it late and at low priority); neither is a failure.
        if ("/live" in request.url or "/assets/favicon.svg" in request.url) and "ERR_ABORTED" in (request.failure or ""):
            return
        self.problems.append(f"request failed: {request.method} {request.url} ({request.failure})")

    def _response(self, response):
        if response.status >= 400:
            self.problems.append(f"HTTP {response.status}: {response.request.method} {response.url}")

    def _dialog(self, dialog):
        self.dialogs.append(dialog.message)
        dialog.dismiss()


@pytest.fixture()
def empty_server(carekit_bin, tmp_path):
    """`carekit serve` (no demo) on an empty store."""
    app = CareKitServer(carekit_bin, tmp_path, demo=False)
    empty = tmp_path / "empty.json"
    empty.write_text("[]")
    app.cli("import", str(empty))
    app.start()
    yield app
    app.stop()


@pytest.fixture()
def context(browser, server):
    """A browser window (with JavaScript) on the app; closed before the server stops."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, color_scheme="light")
    context.set_default_timeout(15_000 * SLACK)
    yield context
    context.close()


@pytest.fixture()
def no_js_context(browser, server):
    """A browser window with JavaScript off."""
    context = browser.new_context(viewport={"width": 1280, "height": 1000}, java_script_enabled=False)
    context.set_default_timeout(15_000 * SLACK)
    yield context
    context.close()


def open_page(context, url):
    """A new tab showing `url`, watched for problems."""
    page = context.new_page()
    watched = Watched(page)
    response = page.goto(url, wait_until="load")
    assert response is not None and response.ok, f"{url}: {response.status if response else 'no response'}"
    return page, watched
