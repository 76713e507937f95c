#!/usr/bin/env python3
"""`make soak`: runs each part of the soak in order, merges their reports into Tests/soak.json
and prints one summary line. Python 3 standard library only.

Each part is a command whose last line of standard output is one JSON object
`{"part": "<name>", "passed": true|false, "figures": {...}, "summary": "<one sentence>"}`;
a part that prints none, or whose last line is not such an object, fails with what it printed
last. The command's exit status is not the verdict: `passed` is.
"""
import json
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SOAK = os.path.join(ROOT, "Tests", ".build", "release", "BatonSoak")

# (name, command), run in this order from the repository's root.
PARTS = [
    ("session", [SOAK, "session"]),
    ("subscriptions", [SOAK, "subscriptions"]),
]


def run_part(name, command):
    started = time.monotonic()
    process = subprocess.run(command, cwd=ROOT, stdout=subprocess.PIPE, text=True)
    seconds = time.monotonic() - started
    lines = [line for line in process.stdout.splitlines() if line.strip()]
    try:
        report = json.loads(lines[-1])
        if not isinstance(report, dict) or not {"part", "passed", "figures", "summary"} <= report.keys():
            raise ValueError("not a part's report")
    except (IndexError, ValueError) as error:
        last = lines[-1] if lines else "(nothing)"
        report = {"part": name, "passed": False, "figures": {},
                  "summary": "exit %d, no report (%s): %s" % (process.returncode, error, last[:300])}
    report["seconds"] = round(seconds, 1)
    return report


def main():
    only = set(sys.argv[1:])
    reports = []
    for name, command in PARTS:
        if only and name not in only:
            continue
        report = run_part(name, command)
        print("soak %s: %s (%s)" % (name, "passed" if report["passed"] else "FAILED", report["summary"]), flush=True)
        reports.append(report)
    passed = all(r["passed"] for r in reports)
    path = os.path.join(ROOT, "Tests", "soak.json")
    with open(path, "w", encoding="utf-8") as f:
        json.dump({"passed": passed, "parts": {r["part"]: r for r in reports}}, f, indent=2, sort_keys=True)
        f.write("\n")
    verdicts = ", ".join("%s %s" % (r["part"], "ok" if r["passed"] else "FAILED") for r in reports)
    print("soak: %s (%d parts: %s; figures in Tests/soak.json)" % ("passed" if passed else "FAILED", len(reports), verdicts))
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main())
