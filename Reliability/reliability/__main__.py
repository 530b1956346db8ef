"""python3 -m reliability CAMPAIGN... --tally PATH [--seed N] [--size N] [--json FILE]

Runs the campaigns named (or `all`) against one tally binary and prints a table of results.
Exits 1 if any campaign found a failure. Reliability/run.sh builds tally and calls this.
"""

import argparse
import importlib
import json
import os
import resource
import shutil
import tempfile
import sys
import time

CAMPAIGNS = ["crash", "concurrency", "corrupt", "signals", "terminals", "fuzz", "storage", "sync", "hostile", "history", "history-faults"]


def main():
    parser = argparse.ArgumentParser(prog="python3 -m reliability")
    parser.add_argument("campaigns", nargs="*", default=["all"])
    parser.add_argument("--tally", required=True, help="the tally binary under test")
    parser.add_argument("--seed", type=int, default=None, help="seed (default: time based, printed)")
    parser.add_argument("--size", type=int, default=None, help="override the campaign's size (for a quick run)")
    parser.add_argument("--json", help="write the results as JSON to this file")
    options = parser.parse_args()
    names = CAMPAIGNS if options.campaigns == ["all"] else options.campaigns
    for name in names:
        if name not in CAMPAIGNS:
            parser.error(f"unknown campaign {name!r}; choose from {', '.join(CAMPAIGNS)} or all")
    seed = options.seed if options.seed is not None else int(time.time()) % 100000
    tally = os.path.abspath(options.tally)
    # No core files from SIGQUIT or a crash, and nothing written outside temp directories:
    # every process the campaigns start inherits this limit and this working directory.
    resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
    scratch = tempfile.mkdtemp(prefix="tally-rel-cwd-")
    os.chdir(scratch)
    print(f"tally: {tally}\nseed: {seed}  (rerun with --seed {seed})", flush=True)
    results = []
    for name in names:
        module = importlib.import_module(f"reliability.{name.replace('-', '_')}")
        print(f"\n== {name} ==", flush=True)
        result = module.run(tally, seed, size=options.size)
        results.append(result)
        print(f"{name}: {'PASS' if result.passed else 'FAIL'} - {result.size} - {result.seconds:.0f} s", flush=True)
        for kind, (count, first) in result.summary_of_failures().items():
            print(f"  FAIL x{count} {kind}: {first}", flush=True)
        for note in result.notes:
            print(f"  note: {note}", flush=True)
    print("\n| campaign | size | checked | result | time |")
    print("|---|---|---|---|---|")
    for result in results:
        verdict = "pass" if result.passed else f"FAIL ({len(result.failures)}: {', '.join(result.summary_of_failures())})"
        print(f"| {result.name} | {result.size} | {result.checks} | {verdict} | {result.seconds:.0f} s |")
    os.chdir("/")
    shutil.rmtree(scratch, ignore_errors=True)
    if options.json:
        with open(options.json, "w") as file:
            json.dump({"tally": tally, "seed": seed, "results": [r.to_json() for r in results]}, file, indent=2)
    sys.exit(0 if all(result.passed for result in results) else 1)


if __name__ == "__main__":
    main()
