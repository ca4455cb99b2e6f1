"""The FHIR the project writes, read by independent readers.

`carekit export --format fhir` writes an HL7 FHIR R4 Bundle. Python's `fhir.resources` must
accept every resource in it twice: with its R4B models (8.x, pydantic 2) and with the R4
(4.0.1) models of fhir.resources 6.1.0 (pydantic 1, in its own venv: validate_r4.py). That is the
ZombieKit example committed in docs/, and the export of a store with every kind of schedule,
versions and deletions, a patient, contacts and outcomes of every value type, in three time zones.
Then an expander written here from FHIR's definition of Timing (not from the project's code) reads
each activity's Timing.repeat and must find exactly the store's events for two years.
"""
import calendar as months
import datetime as dt
import json
import os
import pathlib
import re
import signal
import subprocess
import tempfile
import time
import uuid
from collections import defaultdict

import pytest
from fhir.resources.R4B import get_fhir_model_class
from fhir.resources.R4B.bundle import Bundle

from test_calendar_feed import CAREKIT, FIRST_DAY, LAST_DAY, plan, seconds
from zoneinfo import ZoneInfo

ROOT = pathlib.Path(__file__).resolve().parents[2]
R4_VALIDATOR = pathlib.Path(__file__).with_name("validate_r4.py")
EXAMPLE = ROOT / "docs" / "examples" / "zombiekit-fhir.json"
SCHEDULE_EXTENSION = "http://carekit.invalid/fhir/StructureDefinition/schedule"
TASK_EXTENSION = "http://carekit.invalid/fhir/StructureDefinition/task"
ZONES = ["America/New_York", "Australia/Lord_Howe", "Asia/Kolkata"]


def run(*arguments: str, zone: str) -> str:
    environment = {"TZ": zone, "CAREKIT_NOW": "2026-06-15T12:00:00Z", "PATH": "/usr/bin:/bin"}
    result = subprocess.run([CAREKIT, *arguments], capture_output=True, text=True, env=environment, timeout=300)
    assert result.returncode == 0, f"carekit {' '.join(arguments)}: {result.stderr}"
    return result.stdout


def validate_r4(*documents: dict) -> int:
    """Validates bundles (and each of their resources) or single resources with fhir.resources
    6.1.0's R4 4.0.1 models, in their own venv; returns how many resources passed."""
    python = os.environ.get("CAREKIT_R4_PYTHON")
    if not python:
        pytest.fail("CAREKIT_R4_PYTHON names no Python with fhir.resources 6.1.0: run scripts/interop-tests")
    with tempfile.TemporaryDirectory() as directory:
        paths = []
        for index, document in enumerate(documents):
            path = pathlib.Path(directory) / f"{index}.json"
            path.write_text(json.dumps(document))
            paths.append(str(path))
        result = subprocess.run([python, str(R4_VALIDATOR), *paths], capture_output=True, text=True, timeout=300)
    assert result.stdout, result.stderr
    report = json.loads(result.stdout)
    assert report["failures"] == [], f"R4 4.0.1 (fhir.resources 6.1.0) refused: {report['failures'][:5]}"
    return report["valid"]


def validate(bundle: dict, r4: bool = True) -> int:
    """Validates the bundle and each resource on its own with the R4B models, then (unless the
    caller validates many at once) with the R4 models; returns how many resources it has."""
    Bundle.model_validate(bundle)
    for entry in bundle.get("entry", []):
        resource = entry["resource"]
        get_fhir_model_class(resource["resourceType"]).model_validate(resource)
    if r4:
        assert validate_r4(bundle) == len(bundle.get("entry", [])) + 1
    return len(bundle.get("entry", []))


ANONYMOUS = {"display": "The patient of this care plan (not recorded)"}


def for_account(value, reference: str):
    """A resource of a store without OCKPatient as the sync server serves it: each subject that
    names no patient names the account's Patient."""
    if isinstance(value, dict):
        return {key: {"reference": reference} if item == ANONYMOUS else for_account(item, reference) for key, item in value.items()}
    if isinstance(value, list):
        return [for_account(item, reference) for item in value]
    return value


def fractions(document) -> list[str]:
    """The timestamps of a document with more than three fractional digits."""
    return re.findall(r"T\d\d:\d\d:\d\d\.\d{4,}", json.dumps(document))


def versioned(kind: str, object_: dict) -> dict:
    return {"type": kind, "object": object_}


def rich_store(zone: str) -> list:
    """The calendar test's plan (17 tasks, a changed and a deleted one), with a patient, a care
    plan they belong to, contacts and outcomes of every value type."""
    tz = ZoneInfo(zone)
    entities = plan(zone)
    now = seconds(dt.datetime(2025, 12, 1, tzinfo=tz))

    def base(id_: str) -> dict:
        return {"id": id_, "uuid": str(uuid.uuid4()).upper(), "effectiveDate": now, "createdDate": now, "updatedDate": now,
                "previousVersionUUIDs": [], "nextVersionUUIDs": [], "timezone": {"identifier": zone},
                "schemaVersion": {"majorVersion": 2, "minorVersion": 1, "patchNumber": 0}}

    patient = base("ada") | {"name": {"givenName": "Ada", "familyName": "Lovelace"}, "sex": "female",
                             "birthday": seconds(dt.datetime(1815, 12, 10, tzinfo=tz)), "allergies": ["Penicillin"]}
    care_plan = base("plan") | {"title": "Everything", "patientUUID": patient["uuid"]}
    doctor = base("doctor") | {"name": {"givenName": "John", "familyName": "Smith"}, "carePlanUUID": care_plan["uuid"],
                               "category": "careProvider", "title": "Cardiologist",
                               "phoneNumbers": [{"label": "work", "value": "+1 555 0100"}],
                               "address": {"street": "1 Main St", "subLocality": "", "city": "Springfield", "subAdministrativeArea": "",
                                           "state": "IL", "postalCode": "62701", "country": "USA", "isoCountryCode": "US"}}
    friend = base("friend") | {"name": {"givenName": "Amy"}, "carePlanUUID": care_plan["uuid"], "category": "friendsAndFamily",
                               "role": "Friend", "emailAddresses": [{"label": "home", "value": "amy@example.com"}]}
    outcomes = []
    tasks = [entity["object"] for entity in entities if entity["type"] == "task" and "deletedDate" not in entity["object"]]
    values = [
        {"type": "double", "value": 98.6, "units": "°F", "kind": "temperature"},
        {"type": "boolean", "value": True},
        {"type": "integer", "value": 2, "units": "tablets"},
        {"type": "integer", "value": 7, "kind": "pain"},
        {"type": "text", "value": "felt dizzy"},
        {"type": "date", "value": now},
        {"type": "binary", "value": "AAEC/g=="},
        {"type": "text", "value": ""},
    ]
    for index, version in enumerate(tasks):
        version["carePlanUUID"] = care_plan["uuid"]
        chosen = [values[index % len(values)]] + ([values[(index + 3) % len(values)]] if index % 3 == 0 else [])
        # Written by a phone's clock: fractions of a second to the last bit of a Double.
        recorded = now + 0.3852337598800659 + index
        outcome = base(f"outcome-{index}") | {"taskUUID": version["uuid"], "taskOccurrenceIndex": 1, "createdDate": recorded,
                                              "values": [] if index == 5 else [value | {"createdDate": recorded} for value in chosen]}
        outcomes.append(versioned("outcome", outcome))
    for entity in entities:
        if entity["type"] == "task":
            entity["object"]["carePlanUUID"] = care_plan["uuid"]
    return [versioned("patient", patient), versioned("carePlan", care_plan), versioned("contact", doctor),
            versioned("contact", friend)] + entities + outcomes


def test_the_committed_zombiekit_example_is_valid_r4_and_r4b():
    bundle = json.loads(EXAMPLE.read_text())
    assert bundle["type"] == "collection"
    assert all(entry["fullUrl"] == f"http://carekit.invalid/fhir/R4/{entry['resource']['resourceType']}/{entry['resource']['id']}" for entry in bundle["entry"])
    assert validate(bundle) == 33


def demo_environment(tmp_path) -> dict:
    return {"TZ": "America/New_York", "CAREKIT_NOW": "2025-01-22T15:00:00Z", "PATH": "/usr/bin:/bin",
            "XDG_DATA_HOME": str(tmp_path / "xdg")}


def started(arguments: list, environment: dict, what: str) -> tuple[subprocess.Popen, str]:
    """Starts a carekit server and waits for its "is running" line (returned)."""
    server = subprocess.Popen([CAREKIT, *arguments], stderr=subprocess.PIPE, text=True, env=environment)
    deadline = time.monotonic() + 60
    line = ""
    while "is running" not in line and time.monotonic() < deadline:
        line = server.stderr.readline()
        if not line and server.poll() is not None:
            raise AssertionError(f"{what} stopped before it ran")
    if "is running" not in line:
        server.kill()
        raise AssertionError(f"{what} did not start within a minute")
    return server, line


def stop(server: subprocess.Popen) -> None:
    server.send_signal(signal.SIGINT)
    try:
        server.wait(timeout=60)
    except subprocess.TimeoutExpired:
        server.kill()
        server.wait()


def seeded_demo(tmp_path, environment: dict) -> str:
    """`carekit serve --demo` seeds the demo into a new store; returns its path."""
    store = str(tmp_path / "demo.sqlite")
    server, _ = started(["serve", "--demo", "--port", "0", "--store", store], environment, "carekit serve --demo")
    stop(server)
    return store


def test_the_cli_writes_the_committed_example_again(tmp_path):
    """`carekit serve --demo` seeds the demo; `carekit export --format fhir` then writes the
    committed example byte for byte (CAREKIT_NOW pins the clock and the store's write stamps)."""
    environment = demo_environment(tmp_path)
    store = seeded_demo(tmp_path, environment)
    result = subprocess.run([CAREKIT, "export", "--format", "fhir", "--store", store, "-o", str(tmp_path / "demo.json")],
                            capture_output=True, text=True, env=environment, timeout=120)
    assert result.returncode == 0, result.stderr
    assert (tmp_path / "demo.json").read_bytes() == EXAMPLE.read_bytes()


def test_the_sync_servers_read_api_gives_the_stores_resources_as_valid_r4_and_r4b(tmp_path):
    """The demo store synchronizes with `carekit sync-server`; its FHIR read API, asked with the
    patient's device token, gives searchsets valid as R4B and as R4 whose resources are exactly
    the store's own export, page after page, with the account's Patient (its name and the MRN
    `set-identifier` gave it) as every subject, since the demo records no OCKPatient."""
    import urllib.error
    import urllib.request

    environment = demo_environment(tmp_path)
    store = seeded_demo(tmp_path, environment)
    database = str(tmp_path / "server.sqlite")
    added = subprocess.run([CAREKIT, "sync-server", "add-patient", "Ada", "--db", database], capture_output=True, text=True, env=environment, timeout=60)
    assert added.returncode == 0, added.stderr
    token = added.stdout.strip()
    mrn = {"system": "urn:oid:1.2.36.146.595.217.0.1", "value": "MRN-1815"}
    identified = subprocess.run([CAREKIT, "sync-server", "set-identifier", "Ada", mrn["system"], mrn["value"], "--db", database],
                                capture_output=True, text=True, env=environment, timeout=60)
    assert identified.returncode == 0, identified.stderr
    token_file = tmp_path / "token"
    token_file.write_text(token + "\n")
    token_file.chmod(0o600)
    server, line = started(["sync-server", "--db", database, "--port", "0"], environment, "carekit sync-server")
    try:
        base = line.split("running at ")[1].split("/ ")[0].rstrip("/")
        synced = subprocess.run([CAREKIT, "sync", "--server", base + "/", "--token-file", str(token_file), "--store", store],
                                capture_output=True, text=True, env=environment, timeout=120)
        assert synced.returncode == 0, synced.stderr

        def get(path: str, authorized: bool = True) -> tuple[int, dict]:
            request = urllib.request.Request(path if path.startswith("http") else base + path)
            if authorized:
                request.add_header("Authorization", f"Bearer {token}")
            try:
                with urllib.request.urlopen(request, timeout=60) as response:
                    assert response.headers["Content-Type"].startswith("application/fhir+json")
                    return response.status, json.loads(response.read())
            except urllib.error.HTTPError as error:
                return error.code, json.loads(error.read())

        status, statement = get("/fhir/R4/metadata", authorized=False)
        assert status == 200
        get_fhir_model_class("CapabilityStatement").model_validate(statement)
        status, refusal = get("/fhir/R4/Observation", authorized=False)
        assert status == 401
        get_fhir_model_class("OperationOutcome").model_validate(refusal)

        export = json.loads(EXAMPLE.read_text())
        expected = {(entry["resource"]["resourceType"], entry["resource"]["id"]): for_account(entry["resource"], "Patient/account-1")
                    for entry in export["entry"]}
        medical_record_number = {"coding": [{"system": "http://terminology.hl7.org/CodeSystem/v2-0203", "code": "MR", "display": "Medical record number"}]}
        expected[("Patient", "account-1")] = {"resourceType": "Patient", "id": "account-1", "name": [{"text": "Ada"}],
                                              "identifier": [mrn | {"use": "usual", "type": medical_record_number}]}
        served = [statement, refusal]
        for resource_type in ["Patient", "CarePlan", "Observation"]:
            found = {}
            url = f"/fhir/R4/{resource_type}?_count=5"
            pages = 0
            while url and pages < 100:
                status, page = get(url)
                assert status == 200, page
                validate(page, r4=False)
                served.append(page)
                for entry in page.get("entry", []):
                    resource = entry["resource"]
                    assert entry["fullUrl"] == f"{base}/fhir/R4/{resource_type}/{resource['id']}"
                    found[(resource_type, resource["id"])] = resource
                url = next((link["url"] for link in page["link"] if link["relation"] == "next"), None)
                pages += 1
            wanted = {key: value for key, value in expected.items() if key[0] == resource_type}
            assert found.keys() == wanted.keys(), resource_type
            assert found == wanted, f"{resource_type} differs from the store's own export"
            assert len(wanted) >= 1, resource_type
            for key in list(wanted)[:3]:
                status, one = get(f"/fhir/R4/{resource_type}/{key[1]}")
                assert status == 200 and one == wanted[key]
        assert all(fractions(page) == [] for page in served)
        assert validate_r4(*served) == 2 + sum(1 + len(page.get("entry", [])) for page in served[2:])
    finally:
        stop(server)


def test_the_read_api_examples_are_valid_r4_and_r4b():
    """A page of a search (searchset with total and links) and the CapabilityStatement, as the
    read API functions write them (docs/examples, checked against the code by the Swift tests)."""
    page = json.loads((ROOT / "docs" / "examples" / "zombiekit-observation-search.json").read_text())
    assert page["type"] == "searchset" and page["total"] == 3 and validate(page) == 2
    assert [link["relation"] for link in page["link"]] == ["self", "next"]
    statement = json.loads((ROOT / "docs" / "examples" / "capability-statement.json").read_text())
    get_fhir_model_class("CapabilityStatement").model_validate(statement)
    assert validate_r4(statement) == 1
    searches = {resource["type"]: {parameter["name"] for parameter in resource["searchParam"]} for resource in statement["rest"][0]["resource"]}
    assert {"subject", "date", "code"} <= searches["Observation"] and "subject" in searches["CarePlan"]


def parse(text: str, tz: ZoneInfo) -> tuple[dt.datetime, bool]:
    """A FHIR dateTime as an aware datetime, and whether it names a whole day."""
    if len(text) == 10:
        return dt.datetime.fromisoformat(text).replace(tzinfo=tz), True
    return dt.datetime.fromisoformat(text.replace("Z", "+00:00")), False


def expand(repeat: dict, tz: ZoneInfo, window_end: dt.datetime) -> list[dt.datetime]:
    """The starts a Timing.repeat describes, by FHIR's definition: `frequency` times each
    `period`, at each timeOfDay, on each dayOfWeek, within boundsPeriod (both ends included)."""
    start, whole_day = parse(repeat["boundsPeriod"]["start"], tz)
    end = window_end
    if "end" in repeat["boundsPeriod"]:
        last, last_is_day = parse(repeat["boundsPeriod"]["end"], tz)
        end = min(end, last + dt.timedelta(days=1) if last_is_day else last + dt.timedelta(microseconds=1))
    unit, period, frequency = repeat["periodUnit"], int(repeat["period"]), repeat.get("frequency", 1)
    times = [dt.time.fromisoformat(text) for text in repeat.get("timeOfDay", [])] or [dt.time(0)]
    local = start.astimezone(tz)
    found = []
    if unit in ("h", "min", "s"):
        step = dt.timedelta(**{{"h": "hours", "min": "minutes", "s": "seconds"}[unit]: period}) / frequency
        moment = start
        while moment < end:
            found.append(moment)
            moment += step
        return found

    def at(day: dt.date, time: dt.time) -> dt.datetime:
        return dt.datetime.combine(day, time, tzinfo=tz)

    first_day = local.date()
    if unit == "wk":
        codes = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
        for weekday in [codes.index(code) for code in repeat.get("dayOfWeek", [])] or [first_day.weekday()]:
            for time in times:
                # The first such weekday and time at or after the start, then every `period` weeks.
                anchor = next(day for day in (first_day + dt.timedelta(days=offset) for offset in range(8))
                              if day.weekday() == weekday and (whole_day or at(day, time) >= start))
                week = 0
                while (moment := at(anchor + dt.timedelta(weeks=week * period), time)) < end:
                    found.append(moment)
                    week += 1
        return found
    for time in times:
        first = at(first_day, time)
        offset = 0 if whole_day or first >= start else 1
        step = 0
        while True:
            count = offset + step
            if unit == "d":
                day = first_day + dt.timedelta(days=count * period)
            else:  # months and years: the start's day of the month, or the month's last when it has none
                month_count = count * period * (12 if unit == "a" else 1)
                year, month = divmod(first_day.month - 1 + month_count, 12)
                year += first_day.year
                day = dt.date(year, month + 1, min(first_day.day, months.monthrange(year, month + 1)[1]))
            moment = at(day, time)
            if moment >= end:
                break
            found.append(moment)
            step += 1
    return found


@pytest.mark.parametrize("zone", ZONES)
def test_every_resource_is_valid_r4b_and_each_timing_gives_the_stores_events(tmp_path, zone):
    backup = tmp_path / "plan.json"
    backup.write_text(json.dumps(rich_store(zone)))
    store = str(tmp_path / "store.sqlite")
    run("import", str(backup), "--store", store, zone=zone)
    run("export", "--format", "fhir", "-o", str(tmp_path / "bundle.json"), "--store", store, zone=zone)
    bundle = json.loads((tmp_path / "bundle.json").read_text())
    types = [entry["resource"]["resourceType"] for entry in bundle["entry"]]
    assert fractions(bundle) == []
    assert ".385-" in json.dumps(bundle) or ".385+" in json.dumps(bundle) or ".385Z" in json.dumps(bundle), "milliseconds are kept"
    assert validate(bundle) == len(types) >= 22
    # The same resources as a transaction for a FHIR server: each entry PUT at its id.
    run("export", "--format", "fhir-transaction", "-o", str(tmp_path / "transaction.json"), "--store", store, zone=zone)
    transaction = json.loads((tmp_path / "transaction.json").read_text())
    assert transaction["type"] == "transaction" and validate(transaction) == len(types)
    assert all(entry["request"] == {"method": "PUT", "url": f'{entry["resource"]["resourceType"]}/{entry["resource"]["id"]}'} for entry in transaction["entry"])
    assert {"Patient", "AllergyIntolerance", "CarePlan", "CareTeam", "Practitioner", "RelatedPerson", "Observation"} <= set(types)

    # An expander written from FHIR's definition finds exactly the store's events, for every task
    # whose Timing needs no CareKit extension.
    tz = ZoneInfo(zone)
    window = (dt.datetime.combine(FIRST_DAY, dt.time(), tzinfo=tz), dt.datetime.combine(LAST_DAY + dt.timedelta(days=1), dt.time(), tzinfo=tz))
    expanded = defaultdict(set)
    exact = set()
    with_extension = set()
    for care_plan in (entry["resource"] for entry in bundle["entry"] if entry["resource"]["resourceType"] == "CarePlan"):
        for activity in care_plan.get("activity", []):
            task = next(part["valueString"] for extension in activity["extension"] if extension["url"] == TASK_EXTENSION
                        for part in extension["extension"] if part["url"] == "id")
            timing = activity["detail"]["scheduledTiming"]
            if any(extension["url"] == SCHEDULE_EXTENSION for extension in timing.get("extension", [])):
                with_extension.add(task)
                continue
            exact.add(task)
            expanded[task] |= {moment.astimezone(dt.timezone.utc) for moment in expand(timing["repeat"], tz, window[1]) if moment >= window[0]}
    exact -= with_extension
    events = json.loads(run("events", "--from", FIRST_DAY.isoformat(), "--to", LAST_DAY.isoformat(), "--json", "--store", store, zone=zone))
    stored = defaultdict(set)
    for event in events:
        stored[event["taskID"]].add(dt.datetime.fromisoformat(event["start"].replace("Z", "+00:00")))
    assert len(exact) >= 12, f"only {sorted(exact)} read without the extension"
    for task in sorted(exact):
        missing, extra = stored[task] - expanded[task], expanded[task] - stored[task]
        assert not missing and not extra, f"{zone} {task}: the store has {sorted(missing)[:3]} the Timing lacks; the Timing has {sorted(extra)[:3]} the store lacks"
    print(f"{zone}: {len(types)} resources valid; {len(exact)} tasks, {sum(len(stored[task]) for task in exact)} events expanded from Timing alone")
    assert sum(len(stored[task]) for task in exact) > 3_000
