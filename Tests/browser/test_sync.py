"""Two devices of one patient, each `carekit serve` on its own store file, synchronized through
one `carekit sync-server`: a tap in the browser on the first device shows on the second within
five seconds; a server killed in the middle of a push and started again loses nothing and
doubles nothing."""

import json
import os
import re
import signal
import subprocess
import threading
import time
import uuid

import pytest
from playwright.sync_api import expect

from conftest import SLACK, CareKitServer, Watched, app_environment

SYNC_LIMIT_MS = 5_000


class SyncServer:
    """`carekit sync-server` on a fresh database, with one patient and its token file."""

    READY = re.compile(r"running at (http://\S+?)/? ")

    def __init__(self, binary, directory):
        self.binary = binary
        self.directory = directory
        self.database = str(directory / "server.sqlite")
        self.env = app_environment(directory)
        self.process = None
        self.url = None
        self.port = "0"
        token = subprocess.run([binary, "sync-server", "add-patient", "Ada", "--db", self.database], env=self.env,
                               capture_output=True, text=True, check=True).stdout.strip()
        self.token_file = directory / "token.txt"
        self.token_file.write_text(token + "\n")
        os.chmod(self.token_file, 0o600)

    def start(self):
        ready = threading.Event()
        self.process = subprocess.Popen([self.binary, "sync-server", "--db", self.database, "--port", self.port],
                                        env=self.env, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                        stderr=subprocess.PIPE, text=True)

        def read():
            for line in self.process.stderr:
                match = self.READY.search(line)
                if match and not ready.is_set():
                    self.url = match.group(1)
                    self.port = self.url.rsplit(":", 1)[1]
                    ready.set()
            ready.set()

        threading.Thread(target=read, daemon=True).start()
        assert ready.wait(30 * SLACK) and self.url, "carekit sync-server did not start"
        return self

    def kill(self):
        self.process.send_signal(signal.SIGKILL)
        self.process.wait()

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)
            self.process.wait(timeout=10 * SLACK)

    def versions(self):
        """Every version the server holds: (count, distinct uuids)."""
        result = subprocess.run(["sqlite3", self.database, "SELECT count(*), count(DISTINCT uuid) FROM version"],
                                capture_output=True, text=True, check=True)
        total, distinct = result.stdout.strip().split("|")
        return int(total), int(distinct)


class Device(CareKitServer):
    """`carekit serve --demo --sync URL --token-file F` on its own store."""

    def __init__(self, binary, directory, sync):
        directory.mkdir()
        super().__init__(binary, directory, demo=True)
        self.sync = sync

    def start(self):
        original = self.binary
        command = [self.binary, "serve", "--store", self.store, "--port", "0", "--demo",
                   "--sync", self.sync.url + "/", "--token-file", str(self.sync.token_file)]
        self.process = subprocess.Popen(command, env=self.env, cwd=self.directory, stdin=subprocess.DEVNULL,
                                        stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        threading.Thread(target=self._read_log, daemon=True).start()
        if not self._ready.wait(60 * SLACK) or self.url is None:
            self.process.kill()
            raise AssertionError("carekit serve --sync did not start:\n" + self.log_text())
        self.binary = original
        return self


@pytest.fixture()
def sync_server(carekit_bin, tmp_path):
    server = SyncServer(carekit_bin, tmp_path).start()
    yield server
    server.stop()


def test_a_tap_on_one_device_shows_on_the_other(browser, carekit_bin, tmp_path, sync_server):
    phone = Device(carekit_bin, tmp_path / "phone", sync_server).start()
    # The phone seeded the plan and pushed it; the tablet takes it from the server.
    deadline = time.monotonic() + 20 * SLACK
    while sync_server.versions()[0] == 0 and time.monotonic() < deadline:
        time.sleep(0.2)
    tablet = Device(carekit_bin, tmp_path / "tablet", sync_server).start()
    try:
        assert "Seeded" not in tablet.log_text(), "the tablet made its own plan instead of taking the phone's"
        assert [task["id"] for task in json.loads(phone.cli("tasks", "--json").stdout)] == \
               [task["id"] for task in json.loads(tablet.cli("tasks", "--json").stdout)]

        context = browser.new_context(viewport={"width": 1280, "height": 1000})
        context.set_default_timeout(15_000 * SLACK)
        on_phone = context.new_page()
        on_tablet = context.new_page()
        watched = Watched(on_phone), Watched(on_tablet)
        on_phone.goto(phone.page_url("/care-card"))
        on_tablet.goto(tablet.page_url("/care-card"))
        phone_button = on_phone.locator('article.ock-card[aria-label="Cardio"] .ock-grid li').nth(0).locator("button")
        tablet_button = on_tablet.locator('article.ock-card[aria-label="Cardio"] .ock-grid li').nth(0).locator("button")
        expect(tablet_button).to_have_attribute("aria-pressed", "false")

        phone_button.click()
        expect(phone_button).to_have_attribute("aria-pressed", "true")
        started = time.monotonic()
        expect(tablet_button).to_have_attribute("aria-pressed", "true", timeout=SYNC_LIMIT_MS)
        print(f"the tablet showed the phone's tap {time.monotonic() - started:.2f} s after it")
        assert watched[0].problems == [] and watched[1].problems == []
        context.close()
    finally:
        phone.stop()
        tablet.stop()


def history_of_a_year(carekit_bin, directory):
    """A store with ten daily tasks and a year of their outcomes (imported), and how many
    versions it holds."""
    directory.mkdir()
    app = CareKitServer(carekit_bin, directory, demo=False)
    reference = 978307200  # 2001-01-01 in Unix time
    start = time.mktime((2025, 11, 26, 13, 0, 0, 0, 0, 0)) - time.timezone - reference
    zone = {"identifier": "America/New_York"}
    version = {"majorVersion": 2, "minorVersion": 1, "patchNumber": 0}
    entities = []
    for index in range(10):
        task_uuid = str(uuid.uuid4()).upper()
        calendar = {"current": 0, "firstWeekday": 1, "identifier": "gregorian", "minimumDaysInFirstWeek": 1,
                    "locale": {"current": 0, "identifier": "en_US_POSIX"}, "timeZone": zone}
        entities.append({"type": "task", "object": {
            "id": f"task-{index}", "uuid": task_uuid, "title": f"Task {index}", "impactsAdherence": True,
            "effectiveDate": start, "createdDate": start, "updatedDate": start, "previousVersionUUIDs": [],
            "nextVersionUUIDs": [], "timezone": zone, "schemaVersion": version,
            "schedule": {"elements": [{"calendar": calendar, "interval": {"day": 1}, "start": start, "targetValues": [],
                                       "duration": {"isAllDay": False, "seconds": 3600}}]}}})
        for day in range(365):
            moment = start + day * 86_400
            entities.append({"type": "outcome", "object": {
                "id": f"task-{index}-{day}", "uuid": str(uuid.uuid4()).upper(), "taskUUID": task_uuid,
                "taskOccurrenceIndex": day, "effectiveDate": moment, "createdDate": moment, "updatedDate": moment,
                "values": [{"type": "boolean", "value": True, "createdDate": moment}], "previousVersionUUIDs": [],
                "nextVersionUUIDs": [], "timezone": zone, "schemaVersion": version}})
    history = directory / "history.json"
    history.write_text(json.dumps(entities))
    subprocess.run([carekit_bin, "import", str(history), "--store", app.store], env=app.env, check=True,
                   capture_output=True, text=True, timeout=120 * SLACK)
    return app.store, len(entities)


def test_a_server_killed_during_a_push_loses_nothing(carekit_bin, tmp_path, sync_server):
    env = app_environment(tmp_path)
    store, local = history_of_a_year(carekit_bin, tmp_path / "phone")
    assert local > 3_000

    # Small requests, so that the server can be killed between two of them.
    sync = [carekit_bin, "sync", "--server", sync_server.url + "/", "--token-file", str(sync_server.token_file),
            "--store", store, "--page-size", "100"]
    pushing = subprocess.Popen(sync, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60 * SLACK
    while sync_server.versions()[0] < 500 and time.monotonic() < deadline:
        time.sleep(0.01)
    sync_server.kill()
    _, errors = pushing.communicate(timeout=120 * SLACK)
    cut_total, _ = sync_server.versions()
    assert 0 < cut_total < local, f"the server held {cut_total} of {local} versions when it was killed"
    assert pushing.returncode == 1 and "Could not reach the server" in errors, errors

    sync_server.start()
    finished = subprocess.run(sync, env=env, capture_output=True, text=True, timeout=120 * SLACK)
    assert finished.returncode == 0, finished.stderr
    total, distinct = sync_server.versions()
    assert total == distinct == local, f"the server holds {total} versions ({distinct} distinct) of the phone's {local}"

    # A new device gets exactly the phone's store.
    tablet = str(tmp_path / "tablet.sqlite")
    subprocess.run([carekit_bin, "sync", "--server", sync_server.url + "/", "--token-file", str(sync_server.token_file),
                    "--store", tablet, "--create"], env=env, check=True, capture_output=True, text=True)
    exports = [json.loads(subprocess.run([carekit_bin, "export", "--store", path], env=env, capture_output=True,
                                         text=True, check=True).stdout)["entities"] for path in (store, tablet)]
    assert sorted(exports[0], key=lambda entity: entity["object"]["uuid"]) == \
           sorted(exports[1], key=lambda entity: entity["object"]["uuid"])
