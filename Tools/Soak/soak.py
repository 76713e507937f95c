#!/usr/bin/env python3
"""`make soak`: the long reliability runs that `make test` leaves out (Tools/Soak/README.md).

Builds what the parts need (release), runs each part of PARTS in order, and reads the part's
last line of standard output: one JSON object {"part", "passed", "figures", "summary"}. Writes
every part's object to Tests/soak.json (keyed by part name, with the date and the commit) and
ends with one summary line. Exits non-zero when a part fails, fails to report, or a build fails.

    Tools/Soak/soak.py [PART ...]     (no names: every part)

Environment: SOAK_KILLS (crashes, default 200), SOAK_TWO_PROCESS_SECONDS (two-processes,
default 30), SOAK_SEED (crashes; default: from the clock, printed in the figures), SWIFT.
"""
import datetime
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SWIFT = os.environ.get("SWIFT", "swift")
SCRATCH = tempfile.mkdtemp(prefix="baton-soak-")

# (name, package to build in release or None, its product, arguments). Adding a part is one line.
# With a package, the command is the product's release binary (built once per run, before the
# first part that needs it) with the arguments; without one, the arguments are the whole
# command. The command's last line of standard output is the part's JSON object.
PARTS = [
    ("crashes", "Packages/Image", "ImageCrashChild",
     ["soak-crashes", os.environ.get("SOAK_KILLS", "200"), SCRATCH, os.environ.get("SOAK_SEED", str(int(time.time())))]),
    ("two-processes", "Packages/Image", "ImageCrashChild",
     ["soak-two-processes", os.environ.get("SOAK_TWO_PROCESS_SECONDS", "30"), SCRATCH]),
    ("session", "Tests", "BatonSoak", ["session"]),
    ("subscriptions", "Tests", "BatonSoak", ["subscriptions"]),
]


def release_binary(package, product):
    return os.path.join(ROOT, package, ".build/release", product)


def build(package, product):
    print(f"soak: building {product} (release, {package})", flush=True)
    subprocess.run([SWIFT, "build", "-c", "release", "--package-path", os.path.join(ROOT, package),
                    "--product", product], check=True)


def run_part(name, command):
    """Runs one part; returns its object (a failed one when it did not report)."""
    print(f"soak: {name} ...", flush=True)
    started = time.monotonic()
    process = subprocess.run(command, stdout=subprocess.PIPE, text=True)
    seconds = round(time.monotonic() - started, 1)
    lines = [line for line in process.stdout.splitlines() if line.strip()]
    try:
        result = json.loads(lines[-1])
        if not isinstance(result, dict) or not {"part", "passed", "figures", "summary"} <= result.keys():
            raise ValueError("not a part's object")
    except (IndexError, ValueError) as error:
        result = {"part": name, "passed": False, "figures": {},
                  "summary": f"reported no result ({error}); exit status {process.returncode}"}
    if process.returncode != 0 and result["passed"]:
        result["passed"] = False
        result["summary"] += f" (but it exited with status {process.returncode})"
    result["figures"]["part_seconds"] = seconds
    print(f"soak: {name}: {'passed' if result['passed'] else 'FAILED'} in {seconds} s: {result['summary']}",
          flush=True)
    return result


def commit():
    try:
        return subprocess.run(["git", "-C", ROOT, "rev-parse", "HEAD"], stdout=subprocess.PIPE, text=True,
                              check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return None


def main(names):
    parts = [part for part in PARTS if not names or part[0] in names]
    unknown = set(names) - {part[0] for part in PARTS}
    if unknown:
        print(f"soak: no part named {', '.join(sorted(unknown))}; parts: {', '.join(p[0] for p in PARTS)}")
        return 2
    built = set()
    results = {}
    for name, package, product, arguments in parts:
        try:
            command = arguments
            if package:
                if (package, product) not in built:
                    build(package, product)
                    built.add((package, product))
                command = [release_binary(package, product)] + arguments
            results[name] = run_part(name, command)
        except (OSError, subprocess.CalledProcessError) as error:
            results[name] = {"part": name, "passed": False, "figures": {}, "summary": f"could not run: {error}"}
    passed = all(result["passed"] for result in results.values())
    report = {"date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
              "commit": commit(), "passed": passed, "parts": results}
    with open(os.path.join(ROOT, "Tests/soak.json"), "w") as file:
        json.dump(report, file, indent=2, sort_keys=True)
        file.write("\n")
    shutil.rmtree(SCRATCH, ignore_errors=True)
    summary = "; ".join(f"{name}: {result['summary']}" for name, result in results.items())
    print(f"soak: {'passed' if passed else 'FAILED'} — {summary}")
    return 0 if passed else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
