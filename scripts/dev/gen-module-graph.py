#!/usr/bin/env python3
"""Writes the module graph of docs/ARCHITECTURE.md from Package.swift: every target that is not
a test, on its floor (a module with no dependency is on floor 0; any other is one floor above
its highest dependency), with the modules it depends on. The table sits between the markers
`<!-- module-graph -->` and `<!-- /module-graph -->`; nothing else in the file is touched.

    scripts/dev/gen-module-graph.py           rewrite the table
    scripts/dev/gen-module-graph.py --check   exit 1 if the table differs from what it would write
"""
import json
import os
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
DOC = os.path.join(ROOT, "docs", "ARCHITECTURE.md")
BEGIN = "<!-- module-graph -->"
END = "<!-- /module-graph -->"


def package():
    output = subprocess.run(["swift", "package", "dump-package"], cwd=ROOT, check=True, capture_output=True, text=True).stdout
    return json.loads(output)


def dependency_names(target):
    names = []
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target", "product"):
            if kind in dependency:
                names.append(dependency[kind][0])
    return names


def table(manifest):
    targets = {t["name"]: t for t in manifest["targets"] if t["type"] != "test"}
    deps = {name: [d for d in dependency_names(t) if d in targets] for name, t in targets.items()}
    floors = {}

    def floor(name, seen=()):
        if name in floors:
            return floors[name]
        if name in seen:
            raise SystemExit(f"gen-module-graph: a dependency cycle through {name}")
        value = 0 if not deps[name] else 1 + max(floor(d, seen + (name,)) for d in deps[name])
        floors[name] = value
        return value

    for name in targets:
        floor(name)
    kinds = {"system": "C library", "executable": "executable", "regular": "library", "macro": "macro", "plugin": "plugin"}
    products = {p["name"] for p in manifest.get("products", []) if "library" in p.get("type", {})}
    lines = [
        BEGIN,
        "",
        "Generated from `Package.swift` by `scripts/dev/gen-module-graph.py` (`make check-generated` fails when it is stale).",
        "A module is one floor above its highest dependency; no module depends on one above it.",
        "",
        "| Floor | Module | Kind | Depends on |",
        "|---|---|---|---|",
    ]
    for name in sorted(targets, key=lambda n: (floors[n], n.lower())):
        target = targets[name]
        kind = kinds.get(target["type"], target["type"])
        if target["type"] == "system" and target.get("pkgConfig"):
            kind += f" (`{target['pkgConfig']}`)"
        elif target["type"] == "regular":
            kind = "library product" if name in products else "internal library"
        uses = ", ".join(f"`{d}`" for d in sorted(deps[name], key=str.lower)) or "—"
        lines.append(f"| {floors[name]} | `{name}` | {kind} | {uses} |")
    lines += ["", END]
    return "\n".join(lines)


def main():
    text = open(DOC, encoding="utf-8").read()
    if BEGIN not in text or END not in text:
        raise SystemExit(f"gen-module-graph: {DOC} has no {BEGIN} … {END} markers")
    start = text.index(BEGIN)
    end = text.index(END) + len(END)
    updated = text[:start] + table(package()) + text[end:]
    if "--check" in sys.argv[1:]:
        if updated != text:
            print("gen-module-graph: docs/ARCHITECTURE.md's module graph is stale; run scripts/dev/gen-module-graph.py", file=sys.stderr)
            sys.exit(1)
        return
    if updated != text:
        open(DOC, "w", encoding="utf-8").write(updated)


if __name__ == "__main__":
    main()
