"""History faults (issue 36): every change in the history, whatever happens.

Each case ends by checking THE INVARIANT: for every counter, `tally stats NAME --json`'s
`allTime` equals `tally get NAME` (both read with the binary), both exit 0, and no process
hangs (a timeout on everything) or dies of a signal the campaign did not send. Cases, each on
data directories of its own, in this order:

- (a) kill rounds: many `tally inc` at once (2 to 4 at a time) on one data directory, about
  60% of them SIGKILLed 0 to 4 ms after they start; a round is one killed process (1,000 at
  full size, over a fresh data directory every 100). The invariant every 20 batches and at
  each directory's end; the value is at least the number of acknowledged incs (exit 0), and
  the values they printed are distinct.
- (b) import interruption: a backup of ten years (146,000 changes on four counters, made in
  Python in the format `tally export` writes, learnt first from a small export), imported
  with `--replace` and with `--merge` into a data directory with counters of its own,
  interrupted by SIGINT, SIGTERM, SIGHUP or SIGKILL at 20 moments spread over one
  uninterrupted import's duration (measured first). After each: the state from before
  (values and `stats` as before) or the whole import (the backup's values, `allTime` equal
  to them), and the invariant. SIGINT/SIGTERM/SIGHUP must end it with 130/143/129 (or
  death by that signal) when the state is the one from before, 0 when it is the whole import.
- (c) held lock: another process holds `BEGIN EXCLUSIVE` on `history.sqlite` (Python's
  sqlite3 in a child) past `-lockTimeout 1`: `tally inc -lockTimeout 1` exits 0; while held,
  `stats --json` allTime equals get (pending rows counted); once released, the next command
  appends them: the invariant, and the database's rows equal the changes made.
- (d) damage: 8 KiB of random bytes written into `history.sqlite` past its header (over the
  root page of `change`), a database of another program at that name, and one with
  `PRAGMA user_version = 99`; several `tally inc`, each must exit 0. Garbage: the invariant,
  and `history.sqlite.damaged-*` must exist. Another program's or a later Tally's: the file's
  bytes unchanged, and `stats --json` allTime equals get (pending rows counted) or stats
  exits 74 with a message naming the history; which one is recorded as a note.
- (e) a FIFO at `history.sqlite` (and one at `history.sqlite-wal`): inc, stats and log each
  end within 10 s; inc exits 0 and get is right; stats and log exit 0 (invariant) or 74 with
  "not a regular file"; the FIFO is left; once it is gone, the invariant.
- (g) two machines: `laptop` and `desktop`, each with a data directory of its own, joined
  to one sync folder; kill storms on both at once (as in (a), about 60% SIGKILLed), then a
  `tally get` on each to take in the other's files. On each machine: the invariant, the two
  values agree, and every row of its database, its own and the other machine's read from
  the folder, adds up to the value (`sum(new - old)` read with Python's sqlite3): with sync
  on, `stats`' allTime is the merged value, so this is what says that no row was lost.
- (f) empty-counter import scale: backups of N counters with no history (2,000 and 10,000
  at full size): the import finishes in under 10 s (exit 0, the counters there), or is
  refused at once (under 2 s) with exit 65 and a message; the time is recorded.

`--size N` is a percentage of the full size (default 100): kills, import moments and the
empty-counter backups scale with it; the ten-year backup keeps its 146,000 changes. Every
failure names its case and the seed (`Reliability/run.sh --seed S history-faults`).
"""

import datetime
import glob
import hashlib
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import sys
import time

from .harness import Result, Workspace, run_command

FULL_KILLS = 1000
KILLS_PER_DIRECTORY = 100
FULL_IMPORT_MOMENTS = 20
TEN_YEARS = 146_000
FULL_EMPTY_COUNTERS = (2_000, 10_000)
TIMEOUT = 20.0
SIGNAL_EXITS = {signal.SIGINT: 130, signal.SIGTERM: 143, signal.SIGHUP: 129}


def say(text):
    print(f"  {text}", flush=True)


class Case:
    """One case's bookkeeping: its checks and failures, each failure with the seed."""

    def __init__(self, result, letter, title, seed):
        self.result, self.letter, self.title, self.seed = result, letter, title, seed
        self.checks = 0
        self.failures = 0
        self.started = time.monotonic()
        say(f"({letter}) {title}")

    def check(self, ok, kind, detail):
        self.checks += 1
        if not ok:
            self.fail(kind, detail)
        return ok

    def fail(self, kind, detail):
        self.failures += 1
        text = f"({self.letter}) {detail} [seed {self.seed}]"
        self.result.fail(f"({self.letter}) {kind}", text)
        if self.failures <= 5:
            say(f"  FAIL {kind}: {text}")
        elif self.failures == 6:
            say("  (more failures of this case in the summary)")

    def end(self, summary):
        seconds = time.monotonic() - self.started
        verdict = "ok" if not self.failures else f"{self.failures} failures"
        say(f"  ({self.letter}) {summary}; {self.checks} checks, {verdict}, {seconds:.1f} s")
        self.result.note(f"({self.letter}) {self.title}: {summary}; {verdict}; {seconds:.0f} s")


# Commands -----------------------------------------------------------------------------


def call(case, tally, args, env, timeout=TIMEOUT, sent=()):
    """Runs `tally ARGS`; a hang (killed at the timeout) or a death by a signal not in `sent`
    is a failure. Returns the CompletedProcess (returncode None after a hang)."""
    done = run_command(tally, args, env, timeout=timeout)
    if done.returncode is None:
        case.fail("hang", f"tally {' '.join(args)} still running after {timeout:.0f} s")
    elif done.returncode < 0 and -done.returncode not in sent:
        case.fail("crash", f"tally {' '.join(args)} died of {signal.Signals(-done.returncode).name}: "
                  f"{text(done.stderr)}")
    return done


def text(raw, limit=300):
    value = raw.decode("utf-8", "replace").strip() if isinstance(raw, bytes) else str(raw)
    return value if len(value) <= limit else value[:limit] + "..."


def names(case, tally, env):
    """The counters' names, from `tally list --json`."""
    done = call(case, tally, ["list", "--json"], env)
    if done.returncode != 0:
        case.fail("list failed", f"exit {done.returncode}: {text(done.stderr)}")
        return []
    return [counter["name"] for counter in json.loads(done.stdout)]


def value_of(case, tally, env, name):
    done = call(case, tally, ["get", name], env)
    if done.returncode != 0:
        case.fail("invariant: get failed", f"get {name}: exit {done.returncode}: {text(done.stderr)}")
        return None
    return int(done.stdout.decode().strip())


def stats_of(tally, env, name, case):
    """`tally stats NAME --json` as (CompletedProcess, allTime or None)."""
    done = call(case, tally, ["stats", name, "--json"], env)
    if done.returncode == 0:
        try:
            return done, json.loads(done.stdout)["allTime"]
        except (ValueError, KeyError):
            return done, None
    return done, None


def invariant(case, tally, env, where, only=None, allow_stats_74=False):
    """THE INVARIANT for every counter (or those in `only`): stats' allTime equals get, both
    exit 0. Returns {name: value} of the counters read. With `allow_stats_74`, a stats that
    exits 74 with a message about the history passes (and is counted in the return's
    `refused`)."""
    values, refused = {}, 0
    for name in (only if only is not None else names(case, tally, env)):
        value = value_of(case, tally, env, name)
        done, all_time = stats_of(tally, env, name, case)
        case.checks += 1
        if done.returncode == 74 and allow_stats_74 and b"history" in done.stderr:
            refused += 1
        elif done.returncode != 0:
            case.fail("invariant: stats failed", f"{where}: stats {name}: exit {done.returncode}: {text(done.stderr)}")
        elif value is not None and all_time != value:
            case.fail("invariant: allTime != value", f"{where}: {name}: get {value}, stats allTime {all_time}")
        values[name] = value
    return values, refused


def database(work):
    return os.path.join(work.store_dir, "history.sqlite")


def digest(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def checkpoint(path):
    connection = sqlite3.connect(path, timeout=10)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()


# (a) kill rounds ------------------------------------------------------------------------


def kill_rounds(tally, seed, scale, result):
    rng = random.Random(f"{seed}-a")
    target = max(5, round(FULL_KILLS * scale))
    case = Case(result, "a", f"kill rounds: {target} tally inc SIGKILLed 0-4 ms after start", seed)
    kills = processes = acknowledged_total = directories = 0
    while kills < target:
        directories += 1
        with Workspace() as work:
            env = work.env()
            acknowledged, printed, started, batches = 0, [], 0, 0
            goal = min(target, kills + KILLS_PER_DIRECTORY)
            while kills < goal:
                batch = []  # (process, when to kill it or None)
                for _ in range(rng.randrange(2, 5)):
                    doomed = kills + sum(1 for _, d in batch if d is not None) < goal and rng.random() < 0.6
                    process = subprocess.Popen([tally, "inc"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                               stdin=subprocess.DEVNULL)
                    batch.append((process, time.monotonic() + rng.uniform(0, 0.004) if doomed else None))
                started += len(batch)
                for process, deadline in sorted((b for b in batch if b[1] is not None), key=lambda b: b[1]):
                    pause = deadline - time.monotonic()
                    if pause > 0:
                        time.sleep(pause)
                    process.send_signal(signal.SIGKILL)
                for process, deadline in batch:
                    try:
                        out, err = process.communicate(timeout=TIMEOUT)
                    except subprocess.TimeoutExpired:
                        process.kill()
                        out, err = process.communicate()
                        case.fail("hang", f"tally inc still running after {TIMEOUT:.0f} s (directory {directories})")
                        continue
                    if process.returncode == 0:
                        acknowledged += 1
                        printed.append(int(out.decode().strip()))
                    elif process.returncode == -signal.SIGKILL and deadline is not None:
                        kills += 1  # a round: one process killed (one that had ended first is not)
                    elif process.returncode < 0:
                        case.fail("crash", f"tally inc died of {signal.Signals(-process.returncode).name}: {text(err)}")
                    else:
                        case.fail("inc failed", f"exit {process.returncode}: {text(err)}")
                batches += 1
                if batches % 20 == 0:
                    invariant(case, tally, env, f"directory {directories}, after {kills} kills")
            values, _ = invariant(case, tally, env, f"directory {directories}, end ({kills} kills)")
            value = values.get("Count")
            case.check(value is None or acknowledged <= value <= started, "value out of bounds",
                       f"directory {directories}: value {value}, {acknowledged} acknowledged incs, {started} started")
            case.check(len(printed) == len(set(printed)), "two incs printed one value",
                       f"directory {directories}: {sorted(v for v in printed if printed.count(v) > 1)[:5]}")
            acknowledged_total += acknowledged
            processes += started
    case.end(f"{kills} kills in {processes} processes over {directories} data directories, "
             f"{acknowledged_total} acknowledged")
    return f"{kills} kills"


# (b) import interruption ---------------------------------------------------------------


def export_format(case, tally):
    """Makes a small export with the binary and returns its top-level and change keys, so
    the big backup is written as `tally export` writes one."""
    with Workspace() as work:
        env = work.env()
        call(case, tally, ["inc"], env)
        call(case, tally, ["inc", "--by", "2"], env)
        done = call(case, tally, ["export"], env)
        if done.returncode != 0:
            case.fail("export failed", text(done.stderr))
            return None
        return json.loads(done.stdout)


def ten_year_backup(rng, path, sample):
    """146,000 changes over ten years on four counters, in `sample`'s format; returns
    {name: value}."""
    names = ["water", "steps", "coffee", "pages"]
    per_counter = TEN_YEARS // len(names)
    end = datetime.datetime.now(datetime.timezone.utc).replace(microsecond=0) - datetime.timedelta(days=1)
    start = end - datetime.timedelta(days=3650)
    span_ms = int((end - start).total_seconds() * 1000)
    template = sample["counters"][0]
    counters, values = [], {}
    for name in names:
        moments = sorted(rng.randrange(span_ms) for _ in range(per_counter))
        history, value = [], 0
        for moment in moments:
            new = value + (1 if rng.random() < 0.9 else -1)
            when = start + datetime.timedelta(milliseconds=moment)
            history.append({"event": "changed", "name": name, "new": new, "old": value, "source": "app",
                            "time": when.strftime("%Y-%m-%dT%H:%M:%S.") + f"{when.microsecond // 1000:03d}Z"})
            value = new
        counter = {key: template[key] for key in template if key not in ("history", "name", "value", "goal")}
        counter.update({"history": history, "name": name, "value": value})
        counters.append(counter)
        values[name] = value
    backup = {key: sample[key] for key in sample if key != "counters"}
    backup["counters"] = counters
    with open(path, "w") as file:
        json.dump(backup, file)
    return values


def snapshot(case, tally, env):
    """{name: (value, allTime)} of every counter."""
    state = {}
    for name in names(case, tally, env):
        done, all_time = stats_of(tally, env, name, case)
        state[name] = (value_of(case, tally, env, name), all_time if done.returncode == 0 else f"exit {done.returncode}")
    return state


def import_interruption(tally, seed, scale, result):
    rng = random.Random(f"{seed}-b")
    moments = max(1, round(FULL_IMPORT_MOMENTS * scale))
    case = Case(result, "b", f"import interruption: 146,000 changes, --replace and --merge, {moments} moments each", seed)
    sample = export_format(case, tally)
    if sample is None:
        case.end("no export to learn the format from")
        return "no export"
    base = Workspace(prefix="tally-rel-import-")
    try:
        backup = os.path.join(base.root, "ten-years.json")
        made = time.monotonic()
        expected = ten_year_backup(rng, backup, sample)
        say(f"  backup: {TEN_YEARS} changes, {os.path.getsize(backup) >> 20} MiB, made in {time.monotonic() - made:.1f} s")
        env = base.env()
        for _ in range(3):
            call(case, tally, ["inc"], env)
        call(case, tally, ["new", "tea"], env)
        call(case, tally, ["inc", "tea", "--by", "4"], env)
        before = snapshot(case, tally, env)
        template = os.path.join(base.root, "template")
        shutil.copytree(base.store_dir, template)
        trials = interrupted = whole = 0
        for mode in ("--replace", "--merge"):
            # One uninterrupted import first: its duration spreads the moments, and its end
            # state is the "whole import" to compare with.
            with Workspace() as work:
                shutil.copytree(template, work.store_dir)
                started = time.monotonic()
                done = call(case, tally, ["import", mode, backup], work.env(), timeout=300)
                duration = time.monotonic() - started
                if not case.check(done.returncode == 0, "uninterrupted import failed",
                                  f"{mode}: exit {done.returncode}: {text(done.stderr)}"):
                    continue
                after = snapshot(case, tally, work.env())
                say(f"  {mode}: an uninterrupted import takes {duration:.2f} s")
                invariant(case, tally, work.env(), f"{mode} uninterrupted")
            for name, value in expected.items():
                case.check(after.get(name, (None,))[0] == value, "import gave other values",
                           f"{mode}: {name} = {after.get(name)}, backup {value}")
            kinds = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGKILL]
            for index in range(moments):
                sent = kinds[(index + rng.randrange(4)) % 4] if index >= 4 else kinds[index]
                moment = duration * (index + rng.uniform(0.1, 0.9)) / moments
                trials += 1
                with Workspace() as work:
                    shutil.copytree(template, work.store_dir)
                    env = work.env()
                    process = subprocess.Popen([tally, "import", mode, backup], env=env, stdout=subprocess.PIPE,
                                               stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
                    time.sleep(moment)
                    process.send_signal(sent)
                    try:
                        _, err = process.communicate(timeout=120)
                    except subprocess.TimeoutExpired:
                        process.kill()
                        _, err = process.communicate()
                        case.fail("hang", f"{mode} import still running 120 s after {sent.name} at {moment:.3f} s")
                        continue
                    code = process.returncode
                    where = f"{mode} {sent.name} at {moment:.3f} s of {duration:.2f} (exit {code})"
                    if code < 0 and -code != sent:
                        case.fail("crash", f"{where}: died of {signal.Signals(-code).name}: {text(err)}")
                    state = snapshot(case, tally, env)
                    if state == before:
                        interrupted += 1
                        if sent in SIGNAL_EXITS:
                            case.check(code in (SIGNAL_EXITS[sent], -sent), "interrupted import: wrong exit",
                                       f"{where}: state from before, expected exit {SIGNAL_EXITS[sent]}: {text(err)}")
                        else:
                            case.check(code == -signal.SIGKILL, "killed import: wrong exit", where)
                    elif state == after:
                        whole += 1
                        # SIGKILL after the last write and before the exit is no lie: nothing
                        # was acknowledged. Any other signal must then have been too late to
                        # matter, and the exit say the import was done.
                        case.check(code == 0 or (sent == signal.SIGKILL and code == -sent),
                                   "whole import, but an exit that says interrupted", f"{where}: {text(err)}")
                    else:
                        differing = {name: (before.get(name), state.get(name), after.get(name))
                                     for name in set(before) | set(state) | set(after)
                                     if not (state.get(name) == before.get(name) or state.get(name) == after.get(name))}
                        case.fail("import neither before nor whole",
                                  f"{where}: (before, now, whole) {dict(list(differing.items())[:4])}; "
                                  f"counters now {sorted(state)[:8]}")
                    invariant(case, tally, env, where)
        case.end(f"{trials} interrupted imports: {interrupted} left the state from before, {whole} whole")
        return f"{trials} imports"
    finally:
        base.cleanup()


# (c) held lock ---------------------------------------------------------------------------

HOLDER = """
import sqlite3, sys
connection = sqlite3.connect(sys.argv[1], timeout=10, isolation_level=None)
connection.execute("BEGIN EXCLUSIVE")
print("held", flush=True)
sys.stdin.read()
connection.execute("ROLLBACK")
"""


def held_lock(tally, seed, scale, result):
    rng = random.Random(f"{seed}-c")
    case = Case(result, "c", "held lock: BEGIN EXCLUSIVE on history.sqlite past -lockTimeout 1", seed)
    with Workspace() as work:
        env = work.env()
        changes = 0
        for _ in range(rng.randrange(2, 5)):
            if call(case, tally, ["inc"], env).returncode == 0:
                changes += 1
        holder = subprocess.Popen([sys.executable, "-c", HOLDER, database(work)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        try:
            if holder.stdout.readline().strip() != b"held":
                case.fail("lock not taken", text(holder.stderr.read()))
                return "no lock"
            held = rng.randrange(2, 5)
            for _ in range(held):
                started = time.monotonic()
                done = call(case, tally, ["inc", "-lockTimeout", "1"], env)
                if case.check(done.returncode == 0, "inc under a held lock failed",
                              f"exit {done.returncode}: {text(done.stderr)}"):
                    changes += 1
                case.check(time.monotonic() - started < 10, "inc waited too long", f"{time.monotonic() - started:.1f} s")
            value = value_of(case, tally, env, "Count")
            done, all_time = stats_of(tally, env, "Count", case)
            case.check(done.returncode == 0 and all_time == value, "while held: allTime != value",
                       f"get {value}, stats exit {done.returncode}, allTime {all_time}: {text(done.stderr)}")
        finally:
            try:
                holder.communicate(input=b"", timeout=10)
            except subprocess.TimeoutExpired:
                holder.kill()
                holder.communicate()
        call(case, tally, ["stats"], env)
        invariant(case, tally, env, "after release")
        connection = sqlite3.connect(f"file:{database(work)}?mode=ro", uri=True, timeout=10)
        try:
            rows = connection.execute("SELECT count(*) FROM change WHERE event = 'changed'").fetchone()[0]
        finally:
            connection.close()
        case.check(rows == changes, "rows != changes after release", f"{rows} rows in the database, {changes} changes")
        case.end(f"{changes} changes, {held} of them while the lock was held; {rows} rows after release")
    return "1 lock"


# (d) damage ------------------------------------------------------------------------------


def damage(tally, seed, scale, result):
    rng = random.Random(f"{seed}-d")
    case = Case(result, "d", "damage: 8 KiB of garbage, another program's database, user_version 99", seed)
    outcomes = []
    for kind in ("garbage", "foreign", "later"):
        with Workspace() as work:
            env = work.env()
            path = database(work)
            if kind == "garbage":
                for _ in range(rng.randrange(8, 16)):
                    call(case, tally, ["inc"], env)
                checkpoint(path)
                # Past the header page, over the root page of `change` (page 2), which every
                # append reads.
                offset = 4096 + rng.randrange(0, 512)
                with open(path, "r+b") as file:
                    file.seek(offset)
                    file.write(rng.randbytes(8192))
                where = f"garbage at {offset}..{offset + 8192} of {os.path.getsize(path)} bytes"
            else:
                # Put there before this data directory's first change, so that every change
                # of its own is one the history must still count (pending).
                os.makedirs(work.store_dir, mode=0o700)
                if kind == "foreign":
                    connection = sqlite3.connect(path)
                    connection.execute("CREATE TABLE recipe (id INTEGER PRIMARY KEY, title TEXT, minutes INTEGER)")
                    connection.execute("INSERT INTO recipe (title, minutes) VALUES ('bread', 240), ('soup', 45)")
                    connection.commit()
                    connection.close()
                    where = "another program's database"
                else:
                    with Workspace() as other:
                        for _ in range(rng.randrange(2, 6)):
                            call(case, tally, ["inc"], other.env())
                        checkpoint(database(other))
                        connection = sqlite3.connect(database(other))
                        connection.execute("PRAGMA user_version = 99")
                        connection.commit()
                        connection.close()
                        shutil.copyfile(database(other), path)
                    where = "a later Tally's database (user_version 99)"
            bytes_before = digest(path)
            before = value_of(case, tally, env, "Count")
            incs = rng.randrange(2, 6)
            acknowledged = 0
            for _ in range(incs):
                done = call(case, tally, ["inc"], env)
                if case.check(done.returncode == 0, "inc failed", f"{where}: exit {done.returncode}: {text(done.stderr)}"):
                    acknowledged += 1
            value = value_of(case, tally, env, "Count")
            case.check(before is not None and value == before + acknowledged, "count wrong",
                       f"{where}: {before} + {acknowledged} acknowledged, get {value}")
            if kind == "garbage":
                invariant(case, tally, env, where)
                case.check(bool(glob.glob(path + ".damaged-*")), "damaged file not kept aside", where)
                outcomes.append("garbage: " + ("moved aside" if glob.glob(path + ".damaged-*") else "not moved aside"))
            else:
                case.check(os.path.exists(path) and digest(path) == bytes_before, "file not left alone",
                           f"{where}: history.sqlite's bytes changed")
                failures = case.failures
                _, refused = invariant(case, tally, env, where, allow_stats_74=True)
                outcomes.append(f"{kind}: stats " + ("exits 74 (refused, accepted)" if refused else
                                                     "counts every change" if case.failures == failures else
                                                     "diverges (see failures)"))
    for outcome in outcomes:
        say(f"  {outcome}")
        result.note(f"(d) {outcome}")
    case.end("3 files")
    return "3 damages"


# (e) a FIFO ------------------------------------------------------------------------------


def fifo(tally, seed, scale, result):
    case = Case(result, "e", "a FIFO at history.sqlite and at history.sqlite-wal", seed)
    for name in ("history.sqlite", "history.sqlite-wal"):
        with Workspace() as work:
            env = work.env()
            path = os.path.join(work.store_dir, name)
            if name == "history.sqlite":
                # A data directory whose first change meets the FIFO: no row is lost by the
                # campaign's own doing.
                os.makedirs(work.store_dir, mode=0o700)
                expected = 1
            else:
                call(case, tally, ["inc"], env)
                call(case, tally, ["inc"], env)
                checkpoint(database(work))  # the log's rows into the database first
                expected = 3
            if os.path.exists(path):
                os.remove(path)
            os.mkfifo(path, 0o600)
            done = call(case, tally, ["inc"], env, timeout=10)
            case.check(done.returncode == 0, "inc failed", f"{name}: exit {done.returncode}: {text(done.stderr)}")
            case.check(value_of(case, tally, env, "Count") == expected, "get wrong after inc", name)
            for command in (["stats", "Count", "--json"], ["log"]):
                done = call(case, tally, command, env, timeout=10)
                if done.returncode == 74:
                    case.check(b"not a regular file" in done.stderr, "refusal does not say why",
                               f"{name}: {command[0]}: {text(done.stderr)}")
                elif done.returncode == 0 and command[0] == "stats":
                    all_time = json.loads(done.stdout)["allTime"]
                    case.check(all_time == expected, "invariant: allTime != value",
                               f"{name}: FIFO there: allTime {all_time}, get {expected}")
                elif done.returncode is not None:
                    case.check(done.returncode == 0, "unexpected exit", f"{name}: {command[0]}: exit {done.returncode}")
            case.check(os.path.exists(path) and not os.path.isfile(path), "FIFO not left alone", name)
            os.remove(path)
            invariant(case, tally, env, f"{name}: after the FIFO was removed")
    case.end("2 FIFOs")
    return "2 FIFOs"


# (f) empty counters ----------------------------------------------------------------------


def empty_counters(tally, seed, scale, result):
    sizes = [max(100, round(size * scale)) for size in FULL_EMPTY_COUNTERS]
    case = Case(result, "f", f"empty-counter import scale: {' and '.join(map(str, sizes))} counters", seed)
    rng = random.Random(f"{seed}-f")
    timings = []
    for size in sizes:
        with Workspace() as work:
            env = work.env()
            call(case, tally, ["inc"], env)
            backup = os.path.join(work.root, "empty.json")
            with open(backup, "w") as file:
                json.dump({"counters": [{"history": [], "name": f"c{index:05d}", "step": 1, "value": 0}
                                        for index in range(size)], "format": "tally-backup", "version": 1}, file)
            started = time.monotonic()
            done = call(case, tally, ["import", "--merge", backup], env, timeout=120)
            seconds = time.monotonic() - started
            timings.append(f"{size}: exit {done.returncode} in {seconds:.2f} s")
            if done.returncode == 65:
                case.check(seconds < 2 and len(done.stderr.strip()) > 10, "refusal not at once or unclear",
                           f"{size} counters: {seconds:.2f} s: {text(done.stderr)}")
                continue
            if not case.check(done.returncode == 0 and seconds < 10, "import too slow or failed",
                              f"{size} counters: exit {done.returncode} after {seconds:.2f} s: {text(done.stderr)}"):
                continue
            listed = names(case, tally, env)
            case.check(len(listed) == size + 1, "counters missing", f"{size} + 1 expected, {len(listed)} listed")
            sample = rng.sample(listed, min(10, len(listed)))
            invariant(case, tally, env, f"{size} empty counters (a sample of {len(sample)})", only=sample)
    case.end(", ".join(timings))
    return f"{len(sizes)} backups"


# (g) two machines -----------------------------------------------------------------------


def two_machines(tally, seed, scale, result):
    rng = random.Random(f"{seed}-g")
    target = max(4, round(FULL_KILLS * scale / 4))
    case = Case(result, "g", f"two machines through one folder: {target} kills on each", seed)
    with Workspace() as laptop, Workspace() as desktop:
        folder = os.path.join(laptop.root, "shared")
        os.makedirs(folder)
        machines = [("laptop", laptop), ("desktop", desktop)]
        for name, work in machines:
            done = call(case, tally, ["sync", "enable", folder, "--name", name], work.env())
            case.check(done.returncode == 0, "sync enable failed", f"{name}: {text(done.stderr)}")
        kills = {name: 0 for name, _ in machines}
        acknowledged = 0
        while min(kills.values()) < target:
            batch = []
            for name, work in machines:
                for _ in range(rng.randrange(1, 4)):
                    doomed = kills[name] < target and rng.random() < 0.6
                    process = subprocess.Popen([tally, "inc"], env=work.env(), stdout=subprocess.PIPE,
                                               stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
                    batch.append((name, process, time.monotonic() + rng.uniform(0, 0.004) if doomed else None))
            for name, process, deadline in sorted((b for b in batch if b[2] is not None), key=lambda b: b[2]):
                pause = deadline - time.monotonic()
                if pause > 0:
                    time.sleep(pause)
                process.send_signal(signal.SIGKILL)
            for name, process, deadline in batch:
                try:
                    _, err = process.communicate(timeout=TIMEOUT)
                except subprocess.TimeoutExpired:
                    process.kill()
                    process.communicate()
                    case.fail("hang", f"{name}: tally inc still running after {TIMEOUT:.0f} s")
                    continue
                if process.returncode == 0:
                    acknowledged += 1
                elif process.returncode == -signal.SIGKILL and deadline is not None:
                    kills[name] += 1
                elif process.returncode != -signal.SIGKILL:
                    case.fail("inc failed", f"{name}: exit {process.returncode}: {text(err)}")
        values = {}
        for _ in range(2):  # each takes in the other's files, twice: both have written theirs
            for name, work in machines:
                values[name] = value_of(case, tally, work.env(), "Count")
        for name, work in machines:
            invariant(case, tally, work.env(), f"{name} after the storms", only=["Count"])
            connection = sqlite3.connect(f"file:{database(work)}?mode=ro", uri=True, timeout=10)
            try:
                rows = connection.execute(
                    "SELECT coalesce(sum(new - old), 0) FROM change WHERE event = 'changed'").fetchone()[0]
            finally:
                connection.close()
            case.check(rows == values[name], "rows do not add up to the value",
                       f"{name}: value {values[name]}, its database's rows (both machines) add up to {rows}")
        case.check(values["laptop"] == values["desktop"], "the machines disagree", f"values {values}")
        case.check(acknowledged <= (values["laptop"] or 0), "an acknowledged inc is missing",
                   f"{acknowledged} acknowledged, value {values['laptop']}")
    case.end(f"{sum(kills.values())} kills on 2 machines, {acknowledged} acknowledged, value {values.get('laptop')}")
    return f"{sum(kills.values())} kills on 2 machines"


CASES = [kill_rounds, import_interruption, held_lock, damage, fifo, empty_counters, two_machines]


def run(tally, seed, size=None, **_):
    scale = (size if size is not None else 100) / 100
    result = Result("history-faults", seed)
    result.checks = ("stats allTime = get for every counter; exit 0; no hang or crash; imports all or nothing; "
                     "pending rows counted; damage kept aside; foreign files left alone")
    done = []
    for function in CASES:
        try:
            done.append(function(tally, seed, scale, result))
        except Exception as error:  # noqa: BLE001 - a broken case is a failure of the campaign, not its end
            result.fail(f"case {function.__name__} stopped", f"{type(error).__name__}: {error} [seed {seed}]")
            say(f"  case {function.__name__} stopped: {type(error).__name__}: {error}")
    result.size = ", ".join(done)
    result.cases = len(done)
    return result.finish()
