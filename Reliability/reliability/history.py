"""History: the database under `kill -9`, damage, a full disk and processes at once.

Rounds of five kinds, in a seeded random order, each on its own data directory:

- appends: bursts of `tally inc` processes, three at a time, one killed with SIGKILL at a
  random moment. Every acknowledged `tally inc` (exit 0, printed N) must have its change
  (new = N) in the history, and the database must pass `PRAGMA integrity_check`.
- import: `tally import --merge` of a backup of 20,000 changes under a name of its own,
  killed at a random moment (sometimes not at all). The history then holds all of them or
  none (one transaction), all when the import exited 0; a second import completes it.
- migration: a data directory from a Tally before the database (`history.jsonl` and `.1`,
  4,000 lines), whose first start (`tally stats`) is killed at a random moment. The next
  start must find exactly the old lines in the database, once, and the old files kept
  (in place, or aside as `.imported-*`, never lost).
- damage: `history.sqlite` (and its write-ahead log) overwritten with random bytes,
  truncated, or its header zeroed. The next command exits 0 with a notice, the damaged file
  is kept aside, the store's count is untouched, and counting goes on.
- full disk: the data directory on a 256 KiB tmpfs (as root), filled; `tally inc` then
  fails or succeeds, never half: when it exits 0 the change is in the history; once space
  is back, counting and the history go on. Skipped (with a note) where mounting is not
  allowed.

The database is read with Python's own sqlite3 module, not with tally.
"""

import glob
import json
import os
import random
import signal
import sqlite3
import subprocess
import time

from .harness import Result, StoreReading, Workspace, run_command
from .storage import Mount

DEFAULT_ROUNDS = 60


def database(work):
    return os.path.join(work.store_dir, "history.sqlite")


def rows(work, where="1", params=()):
    """The history rows matching `where`, read by Python's sqlite3 (read-only)."""
    path = database(work)
    if not os.path.exists(path):
        return []
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
    try:
        return connection.execute(f"SELECT counter, name, old, new, source FROM change WHERE {where}", params).fetchall()
    finally:
        connection.close()


def integrity(work):
    path = database(work)
    if not os.path.exists(path):
        return "ok"
    connection = sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=10)
    try:
        return connection.execute("PRAGMA integrity_check").fetchone()[0]
    finally:
        connection.close()


def appends_round(tally, rng, result):
    with Workspace() as work:
        env = work.env()
        run_command(tally, ["inc"], env)
        acknowledged = []
        processes = []
        total = rng.randrange(6, 20)
        victim = rng.randrange(total)
        delay = rng.uniform(0.0, 0.006)
        for index in range(total):
            process = subprocess.Popen([tally, "inc"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                       stdin=subprocess.DEVNULL)
            processes.append(process)
            if index == victim:
                time.sleep(delay)
                process.send_signal(signal.SIGKILL)
            while sum(p.poll() is None for p in processes) >= 3:
                time.sleep(0.001)
        for index, process in enumerate(processes):
            out, err = process.communicate()
            if process.returncode == 0:
                acknowledged.append(int(out.decode().strip()))
            elif index != victim:
                result.fail("inc failed", f"exit {process.returncode}: {err.decode(errors='replace').strip()}")
        recorded = {new for _, _, _, new, _ in rows(work, "event = 'changed'")}
        missing = [value for value in acknowledged if value not in recorded]
        if missing:
            result.fail("acknowledged change not in the history", f"values {missing[:5]} of {sorted(acknowledged)}")
        check = integrity(work)
        if check != "ok":
            result.fail("database damaged after kill -9", check)


def backup_file(path, name, count):
    start = int(time.time()) - count * 60
    history = [{"event": "changed", "name": name, "new": index + 1, "old": index, "source": "app",
                "time": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start + index * 60))} for index in range(count)]
    with open(path, "w") as file:
        json.dump({"counters": [{"history": history, "name": name, "step": 1, "value": count}],
                   "format": "tally-backup", "version": 1}, file)


def import_round(tally, rng, result):
    with Workspace() as work:
        env = work.env()
        run_command(tally, ["inc"], env)
        count = 20_000
        name = f"imported{rng.randrange(1000)}"
        backup = os.path.join(work.root, "backup.json")
        backup_file(backup, name, count)
        process = subprocess.Popen([tally, "import", backup], env=env, stdout=subprocess.DEVNULL,
                                   stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
        if rng.random() < 0.85:
            time.sleep(rng.uniform(0.0, 0.3))
            if process.poll() is None:
                process.send_signal(signal.SIGKILL)
        process.communicate()
        landed = len(rows(work, "name = ?", (name,)))
        if process.returncode == 0 and landed != count:
            result.fail("acknowledged import incomplete", f"{landed} of {count} changes")
        if landed not in (0, count):
            result.fail("import half done", f"{landed} of {count} changes after kill -9")
        again = run_command(tally, ["import", backup], env)
        if again.returncode != 0:
            result.fail("second import failed", again.stderr.decode(errors="replace").strip())
        elif len(rows(work, "name = ?", (name,))) != count:
            result.fail("import not completed by a second one", f"{len(rows(work, 'name = ?', (name,)))} of {count}")


def migration_round(tally, rng, result):
    with Workspace() as work:
        env = work.env()
        os.makedirs(work.store_dir, mode=0o700)
        lines = []
        start = int(time.time()) - 4000 * 600
        for index in range(4000):
            moment = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(start + index * 600))
            lines.append('{"counter":"count","event":"changed","name":"Count","new":%d,"old":%d,"source":"app","time":"%s"}'
                         % (index + 1, index, moment))
        old = os.path.join(work.store_dir, "history.jsonl")
        with open(old + ".1", "w") as file:
            file.write("\n".join(lines[:2500]) + "\n")
        with open(old, "w") as file:
            file.write("\n".join(lines[2500:]) + "\n")
        process = subprocess.Popen([tally, "stats"], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                   stdin=subprocess.DEVNULL)
        time.sleep(rng.uniform(0.0, 0.05))
        if process.poll() is None:
            process.send_signal(signal.SIGKILL)
        process.wait()
        after = run_command(tally, ["stats"], env)
        if after.returncode != 0:
            result.fail("start after a killed migration failed", after.stderr.decode(errors="replace").strip())
            return
        # The old log's 4,000 changes, and one row that brings the history to the value the
        # store holds (there is no store file here: 0), as every start reconciles them.
        found = rows(work, "counter = 'count'")
        news = sorted(new for _, _, _, new, source in found if source == "app")
        if news != list(range(1, 4001)):
            result.fail("migration lost or doubled changes", f"{len(news)} rows, {len(set(news))} distinct")
        explaining = [(old, new) for _, _, old, new, source in found if source != "app"]
        if explaining != [(4000, 0)]:
            result.fail("migration not reconciled with the stored value", f"{explaining}")
        kept = glob.glob(old + "*")
        if len(kept) != 2:
            result.fail("old log files not kept", f"{sorted(os.path.basename(k) for k in kept)}")


def damage_round(tally, rng, result):
    with Workspace() as work:
        env = work.env()
        for _ in range(rng.randrange(1, 30)):
            run_command(tally, ["inc"], env)
        before = StoreReading(work.store).count
        path = database(work)
        kind = rng.choice(["random", "truncate", "header"])
        size = os.path.getsize(path)
        with open(path, "r+b") as file:
            if kind == "random":
                file.write(rng.randbytes(max(size, 200)))
            elif kind == "truncate":
                file.truncate(rng.randrange(1, 100))
            else:
                file.write(b"\0" * 100)
        for suffix in ["-wal", "-shm"]:
            if os.path.exists(path + suffix):
                os.remove(path + suffix)
        done = run_command(tally, ["stats"], env)
        if done.returncode != 0:
            result.fail("damaged database stops a command", f"{kind}: exit {done.returncode}: {done.stderr!r}")
            return
        if b"damaged" not in done.stderr:
            result.fail("damaged database not reported", f"{kind}: {done.stderr!r}")
        if not glob.glob(path + ".damaged-*"):
            result.fail("damaged database not kept aside", kind)
        if StoreReading(work.store).count != before:
            result.fail("a history problem touched the count", f"{before} -> {StoreReading(work.store).count}")
        done = run_command(tally, ["inc"], env)
        if done.returncode != 0 or not rows(work, "new = ?", (before + 1,)):
            result.fail("counting does not go on after damage", f"{kind}: {done.stderr!r}")


def full_disk_round(tally, rng, result):
    with Workspace() as work:
        os.makedirs(work.data, exist_ok=True)
        mount = Mount(work.data, size="256k")
        if not mount.available:
            result.note("full disk: tmpfs cannot be mounted here; skipped")
            return False
        try:
            env = work.env()
            run_command(tally, ["inc"], env)
            filler = os.path.join(work.data, "filler")
            descriptor = os.open(filler, os.O_WRONLY | os.O_CREAT, 0o600)
            try:
                while os.write(descriptor, b"x" * 4096) > 0:
                    pass
            except OSError:
                pass
            finally:
                os.close(descriptor)
            for _ in range(rng.randrange(2, 6)):
                done = run_command(tally, ["inc"], env)
                if done.returncode == 0:
                    value = int(done.stdout.decode().strip())
                    if not rows(work, "new = ?", (value,)) and b"history could not be saved" not in done.stderr:
                        result.fail("full disk: change acknowledged, not in the history, nothing said", f"{value}")
                elif done.returncode != 74:
                    result.fail("full disk: unexpected exit", f"{done.returncode}: {done.stderr!r}")
            os.remove(filler)
            done = run_command(tally, ["inc"], env)
            if done.returncode != 0:
                result.fail("full disk: counting does not go on once space is back", f"{done.stderr!r}")
            elif not rows(work, "new = ?", (int(done.stdout.decode().strip()),)):
                result.fail("full disk: the history does not go on once space is back", "")
            check = integrity(work)
            if check != "ok":
                result.fail("full disk: database damaged", check)
        finally:
            mount.unmount()
        return True


def run(tally, seed, size=None, **_):
    rounds = size or DEFAULT_ROUNDS
    rng = random.Random(seed)
    result = Result("history", seed)
    result.checks = ("acknowledged incs in the history; imports all or nothing; migration exactly once, "
                     "old files kept; damage kept aside and reported, count untouched; full disk never half")
    kinds = {"appends": 0, "import": 0, "migration": 0, "damage": 0, "full disk": 0}
    functions = {"appends": appends_round, "import": import_round, "migration": migration_round,
                 "damage": damage_round, "full disk": full_disk_round}
    for _ in range(rounds):
        kind = rng.choice(list(kinds))
        if functions[kind](tally, rng, result) is False:
            functions.pop(kind)
            kinds.pop(kind)
            continue
        kinds[kind] += 1
    result.size = f"{rounds} rounds: " + ", ".join(f"{count} {kind}" for kind, count in kinds.items())
    result.cases = rounds
    return result.finish()
