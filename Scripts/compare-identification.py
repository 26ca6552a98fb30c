#!/usr/bin/env python3
"""Compares dnd-sim's identification of files with libmagic's (`file --mime-type`) and the desktop's
(`xdg-mime query filetype`, shared-mime-info through GLib).

    Scripts/compare-identification.py DND_SIM FILE...      # a summary, then every disagreement
    Scripts/compare-identification.py DND_SIM --table FILE...  # tab-separated: file, file(1), xdg-mime

Two answers agree when dnd-sim's type is the type dnd-sim gives the other tool's MIME type, or conforms to it
(`dnd-sim types show --json`: identifier and supertypes), so that a more precise answer is not a disagreement; the
same rule as Tests/ContentTypesTests/DesktopComparisonTests.swift.
"""
import json
import subprocess
import sys

SHOWN = {}


def show(dnd_sim, name):
    """dnd-sim's type for an identifier or a MIME type: (identifier, its supertypes), cached."""
    if name not in SHOWN:
        result = subprocess.run([dnd_sim, "types", "show", "--json", name], capture_output=True, text=True)
        try:
            record = json.loads(result.stdout)
            SHOWN[name] = (record["identifier"], set(record.get("supertypes", [])))
        except (json.JSONDecodeError, KeyError):
            SHOWN[name] = (None, set())
    return SHOWN[name]


def agrees(dnd_sim, ours, theirs_mime):
    """Whether dnd-sim's identifier is the type of the other tool's MIME type, or conforms to it."""
    identifier, supertypes = show(dnd_sim, ours)
    theirs, _ = show(dnd_sim, (theirs_mime or "").split(";")[0].strip())
    return theirs is not None and (theirs == identifier or theirs in supertypes)


def run(command):
    return subprocess.run(command, capture_output=True, text=True).stdout.strip()


def main():
    dnd_sim, args = sys.argv[1], sys.argv[2:]
    as_table = args[:1] == ["--table"]
    files = args[1:] if as_table else args
    ours = {}
    for start in range(0, len(files), 100):
        batch = files[start:start + 100]
        result = subprocess.run([dnd_sim, "types", "identify", "--json", *batch], capture_output=True, text=True)
        for line in result.stdout.splitlines():
            record = json.loads(line)
            ours[record["file"]] = record
    rows = []
    for path in files:
        magic = run(["file", "-b", "--mime-type", path])
        desktop = run(["xdg-mime", "query", "filetype", path])
        rows.append((path, magic, desktop))
        if as_table:
            print(f"{path}\t{magic}\t{desktop}")
    if as_table:
        return
    disagreements = {"file": [], "xdg-mime": []}
    for path, magic, desktop in rows:
        record = ours.get(path)
        if record is None:
            disagreements["file"].append((path, "(no answer)", magic))
            disagreements["xdg-mime"].append((path, "(no answer)", desktop))
            continue
        mine = f"{record['identifier']} {record.get('mimeType')} [{record['how']}]"
        if not agrees(dnd_sim, record["identifier"], magic):
            disagreements["file"].append((path, mine, magic))
        if not agrees(dnd_sim, record["identifier"], desktop):
            disagreements["xdg-mime"].append((path, mine, desktop))
    print(f"{len(rows)} files")
    for tool, items in disagreements.items():
        print(f"{tool}: agrees on {len(rows) - len(items)}, differs on {len(items)}")
    for tool, items in disagreements.items():
        for path, mine, theirs in items:
            print(f"  {tool:8}  {path}: dnd-sim {mine}; {tool} {theirs}")


if __name__ == "__main__":
    main()
