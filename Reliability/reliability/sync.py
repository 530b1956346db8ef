"""Sync: two machines counting through real file-sync engines, Syncthing and git (issue 15).

A machine is a data directory of its own (its own HOME and XDG_DATA_HOME) that has joined
its own folder with `tally sync enable FOLDER --name NAME`; the engine keeps the two folders
in sync. Nothing else connects the machines.

- Syncthing (Debian's package): two instances on loopback inside a network namespace that
  holds only loopback (see engines.py). First a plain file crosses each way, three times
  (the engine alone).
- git: a bare repository and two clones as the two folders; the engine "carries" when each
  machine in turn runs `git add -A`, `git commit`, `git pull --no-rebase` and `git push`
  (and the first pulls once more). Each machine writes only its own files, so a pull never
  meets a conflict (a failed git command stops the campaign).

Then, for each engine, with a running `tally` on each machine throughout: a counter made on
one machine (`laps`) reaches the other; one `tally inc` at a time, each way, timed until the
other machine's screen shows it; rounds of seeded random `inc`, `dec`, `inc --by N` on both
machines and presses in both apps (a press counts once the screen shows it), each round
followed by a wait for the exact totals everywhere; then two partitions, one each way (the
instance of one machine stopped by SIGSTOP; for git, nothing carried): the isolated machine
adds to `laps`, the other sets it (the set has seen everything before the partition and
nothing during it, so the isolated machine's additions count on top of the value), both
count, and the isolated machine's app is quit and started again in the second. During a
partition each machine must show only its own changes; after SIGCONT, the exact totals.

Checked after every round on both machines: `tally list --json` gives exactly the sum of the
acknowledged changes (every command that changed a count exited 0, every press shown), the
same counters with the same values on both, `tally get` agrees, and each running `tally`
shows the total of the counter on its screen. At the end: `tally sync status --json` names
this machine and exactly the other, the folder reachable, no problem; no conflict copy in
the folders; each app quits with 0. Measured: the engine's time for a plain file, a change's
time to the other screen, the time from a round's last change to the totals on both, and
from SIGCONT to the totals.
"""

import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import tempfile
import time

from .engines import EngineError, SyncthingPair
from .harness import Result, Session, Workspace, describe_status, run_command

NAMES = ("laptop", "desktop")
CONVERGE_TIMEOUT = 60.0
# A running tally copies its changes to the folder once its keys pause, 50 ms after the
# frame that showed them; git's turns (taken once, as a user's commit would be) come after.
APP_COPY_DELAY = 0.1


class Machine:
    """One machine: a throw-away HOME and data directory, and the folder its engine syncs."""

    def __init__(self, tally, name, folder, result):
        self.tally = tally
        self.name = name
        self.folder = folder
        self.result = result
        self.workspace = Workspace(prefix=f"tally-sync-{name}-")
        self.env = self.workspace.env()
        self.app = None

    def run(self, *args):
        """Runs `tally ARGS` on this machine; a failure unless it exits 0."""
        done = run_command(self.tally, args, self.env, timeout=30)
        if done.returncode != 0:
            self.result.fail(f"`tally {' '.join(args[:2] if args[0] == 'sync' else args[:1])}` failed",
                             f"{self.name}: `tally {' '.join(args)}`: exit {done.returncode}: "
                             f"{done.stderr.decode(errors='replace').strip()[:500]}")
        return done

    def values(self):
        """Every counter's value, from `tally list --json`; None if the command failed."""
        done = run_command(self.tally, ["list", "--json"], self.env, timeout=30)
        if done.returncode != 0:
            return None
        try:
            return {entry["name"]: entry["value"] for entry in json.loads(done.stdout)}
        except (ValueError, KeyError, TypeError):
            return None

    def value(self, counter):
        done = run_command(self.tally, ["get", counter], self.env, timeout=30)
        return int(done.stdout) if done.returncode == 0 and done.stdout.strip() else None

    def status(self):
        """`tally sync status --json`, decoded; None (and a failure) if it fails or does not parse."""
        done = self.run("sync", "status", "--json")
        if done.returncode != 0:
            return None
        try:
            return json.loads(done.stdout)
        except ValueError:
            self.result.fail("sync status --json is not JSON", f"{self.name}: {done.stdout[:300]!r}")
            return None

    def start_app(self):
        self.app = Session([self.tally, "-skipOnboarding"], self.env)
        if not self.app.wait_for_count():
            self.result.fail("app did not start", f"{self.name}: {self.app.text()} {self.app.stderr()}")

    def close(self):
        if self.app is not None:
            self.app.close()
        self.workspace.cleanup()


class Ledger:
    """The acknowledged changes: what every machine must show once the engine has carried them."""

    def __init__(self):
        self.totals = {"Count": 0}
        self.changes = 0
        # Each machine's changes since both last gave the totals: what the other has not seen.
        self.unseen = {}

    def add(self, machine, counter, amount):
        self.totals[counter] = self.totals.get(counter, 0) + amount
        key = (machine.name, counter)
        self.unseen[key] = self.unseen.get(key, 0) + amount
        self.changes += 1

    def set(self, machine, counter, value):
        """A set on `machine` records the value and what it has seen; the other machines'
        changes it has not seen count on top of it."""
        self.totals[counter] = value + sum(amount for (name, changed), amount in self.unseen.items()
                                           if name != machine.name and changed == counter)
        self.unseen = {key: amount for key, amount in self.unseen.items() if key[1] != counter or key[0] != machine.name}
        self.changes += 1

    def carried(self):
        self.unseen = {}


class Engine:
    """What the scenario asks of an engine: two folders and a way to carry changes."""

    name = ""
    folders = ()

    def carry(self):
        """Carries what changed (git: commit, pull, push in turns); Syncthing needs nothing."""

    def close(self):
        pass


class SyncthingEngine(Engine):
    name = "Syncthing"

    def __init__(self, root):
        self.pair = SyncthingPair(root)
        self.folders = (self.pair.a.folder, self.pair.b.folder)
        self.instances = (self.pair.a, self.pair.b)

    def close(self):
        self.pair.close()


class GitEngine(Engine):
    """A bare repository and two clones; each machine's folder is its clone's work tree."""

    name = "git"

    def __init__(self, root):
        self.env = {"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "HOME": root, "GIT_CONFIG_NOSYSTEM": "1",
                    "LANG": "C.UTF-8"}
        self.bare = os.path.join(root, "tally.git")
        self.git(["init", "--quiet", "--bare", "--initial-branch=main", self.bare])
        self.folders = tuple(os.path.join(root, f"clone-{name}") for name in NAMES)
        for name, folder in zip(NAMES, self.folders):
            self.git(["clone", "--quiet", self.bare, folder])
            for key, value in (("user.name", name), ("user.email", f"{name}@tally.invalid"), ("pull.rebase", "false")):
                self.git(["-C", folder, "config", key, value])
            if name == NAMES[0]:
                # One first commit that both clones share, so their histories are related.
                self.git(["-C", folder, "commit", "--quiet", "--allow-empty", "-m", "The shared folder"])
                self.git(["-C", folder, "push", "--quiet", "origin", "HEAD:main"])
        self.commits = 0
        self.pulls = 0

    def git(self, args):
        done = subprocess.run(["git"] + args, env=self.env, capture_output=True, text=True, timeout=60)
        if done.returncode != 0:
            raise EngineError(f"`git {' '.join(args)}` exited {done.returncode}: {(done.stderr or done.stdout).strip()}")
        return done.stdout

    def turn(self, index):
        """One machine's turn: commit what changed, merge what the others pushed, push."""
        folder, name = self.folders[index], NAMES[index]
        self.git(["-C", folder, "add", "-A"])
        if self.git(["-C", folder, "diff", "--cached", "--name-only"]).strip():
            self.git(["-C", folder, "commit", "--quiet", "-m", f"tally on {name}"])
            self.commits += 1
        self.git(["-C", folder, "pull", "--quiet", "--no-rebase", "--no-edit", "origin", "main"])
        self.pulls += 1
        self.git(["-C", folder, "push", "--quiet", "origin", "HEAD:main"])

    def carry(self):
        self.turn(0)
        self.turn(1)
        self.turn(0)


def run(tally, seed, size=None, **_):
    # SIGTERM or SIGHUP ends the campaign through its `finally` blocks, like Ctrl-C: the
    # Syncthing instances and the namespace never outlive it.
    previous = {number: signal.signal(number, stop_campaign) for number in (signal.SIGTERM, signal.SIGHUP)}
    try:
        return run_engines(tally, seed, size)
    finally:
        for number, handler in previous.items():
            signal.signal(number, handler)


def stop_campaign(number, _frame):
    raise SystemExit(128 + number)


def run_engines(tally, seed, size):
    rounds = size or 6
    result = Result("sync", seed)
    result.size = f"Syncthing and git, each {rounds} rounds + 2 partitions (a set with unseen changes, an app restart)"
    result.checks = ("exact totals on both machines (get, list --json), same counters; sync status --json; "
                     "each running tally shows the total; no git conflict; Syncthing on loopback only")
    for engine_class in (SyncthingEngine, GitEngine):
        root = tempfile.mkdtemp(prefix=f"tally-sync-{engine_class.name.lower()}-")
        engine = None
        try:
            engine = engine_class(root)
            exercise(tally, engine, result, random.Random(f"{seed}-{engine.name}"), rounds)
        except EngineError as error:
            result.fail(f"{engine_class.name} failed", str(error))
        finally:
            if engine is not None:
                engine.close()
            shutil.rmtree(root, ignore_errors=True)
    return result.finish()


def exercise(tally, engine, result, rng, rounds):
    if isinstance(engine, SyncthingEngine):
        engine.pair.start()
        problems = engine.pair.check_effective_options()
        for problem in problems:
            result.fail("Syncthing setting not in effect", problem)
        result.note(f"Syncthing: namespace interfaces {engine.pair.namespace.interfaces}; "
                    f"config.xml checked before the first start; the running options checked")
        result.note(f"Syncthing alone, a plain file: {describe_seconds(probe_plain_file(engine))}")
    machines = [Machine(tally, name, folder, result) for name, folder in zip(NAMES, engine.folders)]
    try:
        if not has_sync_command(machines[0]):
            result.fail("tally has no `sync` command", "`tally sync --help` fails: the feature of issue 15 is missing")
            return
        scenario(engine, machines, result, rng, rounds)
        if isinstance(engine, GitEngine):
            result.note(f"git: {engine.commits} commits and {engine.pulls} pulls, none with a conflict")
    finally:
        for machine in machines:
            if machine.app is not None and machine.app.poll() is None:
                machine.app.send(b"q")
                status = machine.app.wait(5)
                if status != 0:
                    result.fail("app did not quit with 0", f"{engine.name}, {machine.name}: {describe_status(status)}")
            machine.close()


def has_sync_command(machine):
    """Whether this tally has `sync enable` (a tally without it prints the root help instead)."""
    done = run_command(machine.tally, ["sync", "--help"], machine.env)
    return done.returncode == 0 and b"enable" in done.stdout


def probe_plain_file(engine):
    """The engine alone: the seconds a plain file takes to cross, each way three times (each
    file removed again, and the removal carried, before the next)."""
    times = []
    for number, (source, target) in enumerate(((0, 1), (1, 0)) * 3):
        name = f"probe-{number}.txt"
        path = os.path.join(engine.folders[source], name)
        with open(path + ".part", "w") as file:
            file.write(f"probe {source}\n")
        os.rename(path + ".part", path)
        started = time.monotonic()
        if not wait(lambda: os.path.exists(os.path.join(engine.folders[target], name)), CONVERGE_TIMEOUT):
            raise EngineError(f"a plain file did not cross {engine.name} in {CONVERGE_TIMEOUT} s")
        times.append(time.monotonic() - started)
        os.unlink(path)
        if not wait(lambda: not os.path.exists(os.path.join(engine.folders[target], name)), CONVERGE_TIMEOUT):
            raise EngineError(f"a plain file's deletion did not cross {engine.name} in {CONVERGE_TIMEOUT} s")
    return times


def scenario(engine, machines, result, rng, rounds):
    ledger = Ledger()
    laptop = machines[0]
    for machine in machines:
        done = machine.run("sync", "enable", machine.folder, "--name", machine.name)
        if done.returncode != 0:
            return
    engine.carry()
    for machine in machines:
        machine.start_app()
    # A counter made on one machine reaches the other.
    if laptop.run("new", "laps").returncode == 0:
        ledger.totals["laps"] = 0
    times = []
    converge(engine, machines, ledger, result, "after `new laps`", times)
    crossing = measure_crossing(engine, machines, ledger, result)
    result.note(f"{engine.name}: one change from a command on one machine to the other's running tally: "
                f"{describe_seconds(crossing)}")
    for number in range(rounds):
        change_on_both(machines, ledger, rng)
        converge(engine, machines, ledger, result, f"round {number + 1}", times)
    partition(engine, machines, ledger, result, rng, cut=1)
    partition(engine, machines, ledger, result, rng, cut=0, restart_app=True)
    check_status(engine, machines, result)
    check_no_conflicts(engine, machines, result)
    result.cases += ledger.changes
    result.note(f"{engine.name}: {ledger.changes} acknowledged changes in {rounds + 3} rounds, totals "
                f"{ledger.totals} on both machines; from the last change to both totals: {describe_seconds(times)}")


def change_on_both(machines, ledger, rng, apps=True):
    """Presses in each running tally, then a seeded random mix of commands on both machines.
    A press is acknowledged when the screen shows it; the commands wait for that, so that no
    engine meets a file half way through a burst."""
    if apps:
        press_in_apps(machines, ledger, rng)
    for _ in range(rng.randint(2, 6)):
        machine = rng.choice(machines)
        counter = rng.choice(sorted(ledger.totals))
        kind = rng.choice(["inc", "inc", "by", "dec"])
        amount = {"inc": 1, "dec": -1, "by": rng.randint(2, 9)}[kind]
        args = {"inc": ["inc", counter], "dec": ["dec", counter], "by": ["inc", counter, "--by", str(amount)]}[kind]
        if machine.run(*args, "-q").returncode == 0:
            ledger.add(machine, counter, amount)


def press_in_apps(machines, ledger, rng):
    presses = {machine.name: rng.randint(0, 5) for machine in machines}
    before = {}
    for machine in machines:
        # Whatever the commands changed is on screen first (a running tally follows the store).
        before[machine.name] = machine.value("Count")
        if not machine.app.wait_for(lambda s: s.count() == before[machine.name], 10):
            machine.result.fail("screen does not show a command's change",
                                f"{machine.name} shows {machine.app.count()}, `tally get` {before[machine.name]}")
    for machine in machines:
        if presses[machine.name]:
            machine.app.send(b" " * presses[machine.name])
    for machine in machines:
        mine = before[machine.name] + presses[machine.name]
        theirs = sum(count for name, count in presses.items() if name != machine.name)
        # The other machine's presses may cross meanwhile (Syncthing), or not yet.
        if not machine.app.wait_for(lambda s: s.count() in (mine, mine + theirs), 10):
            machine.result.fail("presses not shown", f"{machine.name} shows {machine.app.count()} after "
                                                     f"{presses[machine.name]} presses from {before[machine.name]}")
        for _ in range(presses[machine.name]):
            ledger.add(machine, "Count", 1)


def measure_crossing(engine, machines, ledger, result, times_each_way=3):
    """The time a change takes from `tally inc` on one machine to the other machine's screen."""
    times = []
    for _ in range(times_each_way):
        for source, target in (machines, machines[::-1]):
            started = time.monotonic()
            if source.run("inc", "Count", "-q").returncode != 0:
                continue
            ledger.add(source, "Count", 1)
            engine.carry()
            expected = ledger.totals["Count"]
            if target.app.wait_for(lambda s: s.count() == expected, CONVERGE_TIMEOUT):
                times.append(time.monotonic() - started)
            else:
                result.fail("a change did not reach the other screen",
                            f"{engine.name}: {target.name} shows {target.app.count()}, expected {expected}")
            ledger.carried()
    return times


def converge(engine, machines, ledger, result, where, times, started=None):
    """Carries the changes and waits until both machines give the ledger's totals."""
    started = started if started is not None else time.monotonic()
    time.sleep(APP_COPY_DELAY)
    engine.carry()
    expected = dict(ledger.totals)
    if wait(lambda: all(machine.values() == expected for machine in machines), CONVERGE_TIMEOUT, pause=0.05):
        times.append(time.monotonic() - started)
        ledger.carried()
    else:
        for machine in machines:
            result.fail("wrong totals", f"{engine.name}, {where}: {machine.name} lists {machine.values()}, "
                                        f"expected {expected}")
        return False
    for machine in machines:
        value = machine.value("Count")
        if value != expected["Count"]:
            result.fail("get disagrees with list", f"{engine.name}, {where}: {machine.name} gets {value}")
        if machine.app is not None and not machine.app.wait_for(lambda s: s.count() == expected["Count"], 10):
            result.fail("screen does not show the total",
                        f"{engine.name}, {where}: {machine.name} shows {machine.app.count()}, expected "
                        f"{expected['Count']}")
    return True


def partition(engine, machines, ledger, result, rng, cut, restart_app=False):
    """Changes on both machines while they cannot see each other (Syncthing: the instance of
    machine `cut` is stopped; git: nothing is carried); the other machine sets `laps`
    meanwhile. The set has seen everything before the partition and nothing of the other's
    changes during it, so those count on top of the value set. With `restart_app`, the cut
    machine's running tally is quit and started again during the partition."""
    isolated, setter = machines[cut], machines[1 - cut]
    stopped = engine.instances[cut] if isinstance(engine, SyncthingEngine) else None
    if stopped is not None:
        stopped.pause()
    try:
        base = {machine.name: machine.values() or {} for machine in machines}
        unseen = rng.randint(2, 9)
        if isolated.run("inc", "laps", "--by", str(unseen), "-q").returncode == 0:
            ledger.add(isolated, "laps", unseen)
        change_on_both([isolated], ledger, rng, apps=False)
        value = rng.randint(100, 999)
        if setter.run("set", "laps", str(value), "-q").returncode == 0:
            ledger.set(setter, "laps", value)
            base[setter.name]["laps"] = value
        for machine in machines:
            if machine.run("inc", "laps", "-q").returncode == 0:
                ledger.add(machine, "laps", 1)
        if restart_app:
            restart(isolated, result, engine)
        change_on_both(machines, ledger, rng)
        if stopped is not None:
            time.sleep(3)  # more than the watcher's delay: a change would have crossed by now
        for machine in machines:
            # Each machine sees its own changes only: the partition held.
            alone = {counter: base[machine.name].get(counter, 0) + ledger.unseen.get((machine.name, counter), 0)
                     for counter in ledger.totals}
            if machine.values() != alone:
                result.fail("a change crossed a partition", f"{engine.name}: {machine.name} lists {machine.values()} "
                                                            f"during the partition, expected {alone}")
    finally:
        resumed = time.monotonic()
        if stopped is not None:
            stopped.resume()
    times = []
    if converge(engine, machines, ledger, result, f"after the partition of {isolated.name}", times, started=resumed):
        result.note(f"{engine.name}: after a partition of {isolated.name} (set on {setter.name}"
                    f"{', app restarted' if restart_app else ''}), exact totals on both in {times[0]:.2f} s")


def restart(machine, result, engine):
    """Quits the machine's running tally (status 0) and starts it again."""
    machine.app.send(b"q")
    status = machine.app.wait(5)
    if status != 0:
        result.fail("app did not quit with 0", f"{engine.name}, {machine.name}: {describe_status(status)}")
    machine.app.close()
    machine.start_app()


def check_status(engine, machines, result):
    """`tally sync status --json` on each machine: this machine, the folder there, exactly the
    other machine seen, and no problem (the engine's own files are not Tally's problems)."""
    for machine, other in (machines, machines[::-1]):
        status = machine.status()
        if status is None:
            continue
        seen = [entry.get("name") for entry in status.get("machines", []) if isinstance(entry, dict)]
        wrong = []
        if status.get("machine") != machine.name:
            wrong.append(f"machine {status.get('machine')!r}")
        if status.get("reachable") is not True:
            wrong.append("folder not reachable")
        if seen != [other.name]:
            wrong.append(f"machines seen {seen}")
        if status.get("problems"):
            wrong.append(f"problems {status.get('problems')}")
        if wrong:
            result.fail("sync status is wrong", f"{engine.name}, {machine.name}: {'; '.join(wrong)}: {status}")


def check_no_conflicts(engine, machines, result):
    """Each machine writes only its own files: the engine never made a conflict copy."""
    for machine in machines:
        names = sorted(name for name in os.listdir(machine.folder) if name not in (".git", ".stfolder"))
        conflicts = [name for name in names if "sync-conflict" in name or "conflicted copy" in name]
        if conflicts:
            result.fail("the engine made conflict copies", f"{engine.name}, {machine.name}: {conflicts}")
    result.note(f"{engine.name}: {machines[0].name}'s folder holds {names}")


def wait(predicate, timeout, pause=0.1):
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if predicate():
            return True
        time.sleep(pause)
    return predicate()


def describe_seconds(times):
    if not times:
        return "none measured"
    return (f"median {statistics.median(times):.2f} s, min {min(times):.2f} s, max {max(times):.2f} s "
            f"({len(times)} measured)")
