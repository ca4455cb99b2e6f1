"""Validates FHIR JSON files with fhir.resources 6.1.0, whose models are FHIR R4 (4.0.1) on
pydantic 1.10: a second reader, beside the R4B models of the main venv. Run by test_fhir.py in
its own venv (scripts/interop-tests makes it from requirements-r4.txt).

    python validate_r4.py FILE...

Each file is a Bundle or one resource. Prints one JSON line: how many resources were valid and
each failure (file, resource, error); exits 1 when any failed.
"""
import json
import sys

import fhir.resources
from fhir.resources import get_fhir_model_class


def check(resource: dict, where: str, failures: list) -> int:
    try:
        get_fhir_model_class(resource["resourceType"]).parse_obj(resource)
    except Exception as error:  # pydantic's ValidationError, or an unknown type
        failures.append({"file": where, "resource": f"{resource.get('resourceType')}/{resource.get('id')}", "error": str(error)[:2000]})
        return 0
    return 1


def main(paths: list) -> int:
    assert fhir.resources.__version__ == "6.1.0", fhir.resources.__version__
    valid, failures = 0, []
    for path in paths:
        with open(path, encoding="utf-8") as file:
            document = json.load(file)
        valid += check(document, path, failures)
        for entry in document.get("entry", []) if document.get("resourceType") == "Bundle" else []:
            valid += check(entry["resource"], path, failures)
    print(json.dumps({"fhirVersion": "4.0.1", "valid": valid, "failures": failures}))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
