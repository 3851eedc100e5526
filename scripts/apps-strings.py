#!/usr/bin/env python3
"""Writes Apps/LockOut/Resources/Localizable.xcstrings from the strings the Apple apps show.

Every user-facing literal in `Apps/` goes through `String(localized:)`, a `LocalizedStringResource`, or a SwiftUI
initializer that takes a localized key (`Text("…")`, `Button("…")`, `Label("…", …)`, `Tab("…", …)`, …); this
collects those keys, interpolations written as `%@` the way the catalog stores them, into an English string
catalog. With `--check` it writes nothing and exits 1 when the committed catalog lacks a key or keeps one no longer
used, which `scripts/check-apps.sh` runs.
"""
import json
import os
import re
import sys

# Calls whose first unlabelled string literal is a localized key, and labelled forms that are.
KEYED_CALLS = (
    "Text", "Button", "Label", "Toggle", "Tab", "TabSection", "Section", "Picker", "Stepper", "TextField",
    "SecureField", "Menu", "LabeledContent", "ContentUnavailableView", "navigationTitle", "help", "alert",
    "confirmationDialog", "DatePicker", "Link", "ShareLink", "GroupBox",
)
OPENERS = [re.compile(r"\b(?:%s)\(\s*\"" % "|".join(KEYED_CALLS)), re.compile(r"String\(localized:\s*\""),
           re.compile(r"LocalizedStringResource\s*=\s*\""), re.compile(r"LocalizedStringResource\(\s*\""),
           re.compile(r"LocalizedStringKey\(\s*\"")]


def literal_at(source, start):
    """The key of the string literal whose opening quote is at `start`, interpolations as %@, and its end."""
    out, index = [], start + 1
    while index < len(source):
        char = source[index]
        if char == "\\" and source.startswith("\\(", index):
            depth, index = 1, index + 2
            while index < len(source) and depth:
                if source[index] == '"':
                    _, index = literal_at(source, index)
                    continue
                depth += {"(": 1, ")": -1}.get(source[index], 0)
                index += 1
            out.append("%@")
            continue
        if char == "\\":
            escape = source[index + 1]
            out.append({"n": "\n", "t": "\t", '"': '"', "\\": "\\"}.get(escape, escape))
            index += 2
            continue
        if char == '"':
            return "".join(out), index + 1
        out.append(char)
        index += 1
    raise ValueError("unterminated string")


def keys_in(text):
    """Each key in `text` with the line and column of its literal."""
    found = {}
    for opener in OPENERS:
        for match in opener.finditer(text):
            start = match.end() - 1
            if text.startswith('"""', start):
                continue
            key, _ = literal_at(text, start)
            if key.strip():
                line = text.count("\n", 0, start) + 1
                column = start - (text.rfind("\n", 0, start) + 1) + 1
                found.setdefault(key, (line, column))
    return found


def swift_files(apps):
    for folder, _, files in os.walk(apps):
        for name in sorted(files):
            if name.endswith(".swift"):
                yield os.path.join(folder, name)


def main(argv):
    check = "--check" in argv
    args = [a for a in argv if a != "--check"]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    apps = args[0] if args else os.path.join(root, "Apps")
    catalog_path = os.path.join(apps, "LockOut/Resources/Localizable.xcstrings")
    keys, where = set(), {}
    for path in swift_files(apps):
        with open(path, encoding="utf-8") as source:
            for key, (line, column) in keys_in(source.read()).items():
                keys.add(key)
                where.setdefault(key, f"{path}:{line}:{column}")
    catalog = {
        "sourceLanguage": "en",
        "strings": {key: {"extractionState": "manual"} for key in sorted(keys)},
        "version": "1.0",
    }
    text = json.dumps(catalog, indent=2, ensure_ascii=False, sort_keys=True) + "\n"
    if check:
        try:
            with open(catalog_path, encoding="utf-8") as existing:
                current = set(json.load(existing).get("strings", {}))
        except (OSError, ValueError) as error:
            print(f"{catalog_path}:1:1: strings: cannot read the catalog: {error}")
            return 1
        missing, stale = sorted(keys - current), sorted(current - keys)
        for key in missing:
            print(f"{where[key]}: strings: {json.dumps(key, ensure_ascii=False)} is not in {catalog_path} (run scripts/apps-strings.py)")
        for key in stale:
            print(f"{catalog_path}:1:1: strings: {json.dumps(key, ensure_ascii=False)} is no longer used (run scripts/apps-strings.py)")
        return 1 if missing or stale else 0
    os.makedirs(os.path.dirname(catalog_path), exist_ok=True)
    with open(catalog_path, "w", encoding="utf-8") as out:
        out.write(text)
    print(f"wrote {len(keys)} keys to {os.path.relpath(catalog_path, root)}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
