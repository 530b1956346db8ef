"""Hostile: three machines count through one shared sync folder while an attacker who shares
the folder plays the attacks of issue 20 at random.

Each machine has its own HOME and data directory (`tally sync enable SHARED --name NAME`),
with canaries in its HOME (`.ssh/authorized_keys`, `.bashrc`) and outside the folder. Each
round one machine runs `tally inc` (now and then `get`, `list`, `log`, `stats` or `sync
status`), and the attacker places one attack in the folder:

- links at the names a machine writes (`NAME.tally.plist.tmp`, `NAME.history.YYYY-MM.jsonl`) or
  reads (a peer file), pointing at a canary;
- FIFOs at those names;
- a binary property-list bomb (thousands of nested arrays);
- a file whose counter ids name this machine's store keys (`syncFolder`, `syncState`,
  `counters`), or whose names hold escape codes;
- a file that claims a machine's own instance added 1,000,000;
- files with times at both ends of Int64 and from 2099;
- two floods of 5,001 deleted counters; a flood of settings;
- garbage in place of a peer's file name.

Checked: every command ends within 10 s and exits 0, nothing is printed with an escape
code, no canary changes, and once the attacks are taken away and each machine has read the
folder twice, every machine shows exactly the increments that were acknowledged (0 lost).
"""

import hashlib
import os
import plistlib
import random
import shutil
import stat
import time

from .harness import Result, Workspace, run_command

MACHINES = ["laptop", "desktop", "phone"]
DAY_MS = 86_400_000


def xml(document):
    return plistlib.dumps(document, fmt=plistlib.FMT_XML)


def sync_file(machine, instance, counters=None, settings=None, written=None):
    document = {
        "format": 1, "machine": machine, "instance": instance,
        "written": written if written is not None else int(time.time() * 1000), "counters": counters or {},
    }
    if settings:
        document["settings"] = settings
    return xml(document)


def counter_id(number):
    return "c-%016x" % number


def field(value, milliseconds, machine="evil", counter=0):
    return {"value": value, "time": [milliseconds, counter, machine]}


def bomb(depth=4000):
    """A binary property list whose root is `depth` arrays, each holding the next."""
    body = bytearray(b"bplist00")
    offsets = []
    for index in range(depth):
        offsets.append(len(body))
        body += b"\xa0" if index == depth - 1 else bytes([0xA1]) + (index + 1).to_bytes(2, "big")
    table = len(body)
    for offset in offsets:
        body += offset.to_bytes(4, "big")
    return bytes(body) + bytes(6) + bytes([4, 2]) + depth.to_bytes(8, "big") + bytes(8) + table.to_bytes(8, "big")


class Attacker:
    """Places one attack at a time in the folder; `clear` takes every one away."""

    def __init__(self, folder, canaries, rng):
        self.folder = folder
        self.canaries = canaries
        self.rng = rng
        self.placed = set()

    def path(self, name):
        return os.path.join(self.folder, name)

    def put(self, name, data):
        self.remove(name)
        with open(self.path(name), "wb") as file:
            file.write(data)
        self.placed.add(name)

    def link(self, name, target):
        self.remove(name)
        os.symlink(target, self.path(name))
        self.placed.add(name)

    def fifo(self, name):
        self.remove(name)
        os.mkfifo(self.path(name))
        self.placed.add(name)

    def remove(self, name):
        try:
            os.unlink(self.path(name))
        except FileNotFoundError:
            pass
        except IsADirectoryError:
            shutil.rmtree(self.path(name), ignore_errors=True)

    def instances(self):
        found = {}
        for name in MACHINES:
            try:
                with open(self.path(f"{name}.tally.plist"), "rb") as file:
                    found[name] = plistlib.load(file)["instance"]
            except (OSError, plistlib.InvalidFileException, KeyError, ValueError):
                pass
        return found

    def attack(self):
        """Places a random attack; returns its name."""
        rng = self.rng
        machine = rng.choice(MACHINES)
        canary = rng.choice(self.canaries)
        now = int(time.time() * 1000)
        kind = rng.randrange(12)
        if kind == 0:
            self.link(f"{machine}.tally.plist.tmp", canary)
            return "link at NAME.tally.plist.tmp"
        if kind == 1:
            # A link at one of the machine's own monthly history files (this month's, which it
            # appends to, or last month's), or at an old single file.
            month = time.strftime("%Y-%m", time.gmtime(now / 1000 - rng.choice([0, 32 * 86400])))
            name = rng.choice([f"{machine}.history.{month}.jsonl", f"{machine}.history.jsonl.1"])
            self.link(name, canary)
            return "link at a NAME.history file"
        if kind == 2:
            self.link(f"leak{rng.randrange(3)}.tally.plist", canary)
            return "link as a peer file"
        if kind == 3:
            self.fifo(rng.choice([f"fifo{rng.randrange(3)}.tally.plist", f"{machine}.tally.plist.tmp",
                                  f"ghost{rng.randrange(3)}.history.jsonl",
                                  f"ghost{rng.randrange(3)}.history.2026-11.jsonl"]))
            return "FIFO"
        if kind == 4:
            self.put(f"bomb{rng.randrange(2)}.tally.plist", bomb())
            return "binary plist bomb"
        if kind == 5:
            key = rng.choice(["syncFolder", "syncState", "counters", "currentCounter", "theme"])
            self.put("keys.tally.plist", sync_file("keys", "00000000000000aa", {key: {"fields": {
                "name": field("x", now), "step": field(1, now)}}}))
            return "store-key id"
        if kind == 6:
            name = rng.choice(["x\nfake 999999", "csi\u009b2J", "tab\there"])
            self.put(f"esc{rng.randrange(2)}\u001b[2J.tally.plist", sync_file("escape", "00000000000000bb", {
                counter_id(7): {"fields": {"name": field(name, now), "step": field(1, now)}}}))
            return "escape codes"
        if kind == 7:
            instances = self.instances()
            if instances:
                target = rng.choice(list(instances.values()))
                self.put("claim.tally.plist", sync_file("claim", "00000000000000cc", {
                    counter_id(1): {"contributions": {target: [1_000_000, 0]}}}))
            return "claim on a machine's own sums"
        if kind == 8:
            millis = rng.choice([2**63 - 1, 4_070_908_800_000, now + 3 * DAY_MS])
            self.put("future.tally.plist", sync_file("future", "00000000000000dd", {
                counter_id(2): {"fields": {"name": field("later", millis, "future", 2**63 - 1),
                                           "step": field(1, millis, "future")},
                                "set": {"value": 668, "seen": {}, "time": [millis, 2**63 - 1, "future"]}}},
                written=-(2**63)))
            return "time at the end of Int64 / 2099"
        if kind == 9:
            base = rng.randrange(2) * 5001
            deleted = {counter_id(100 + base + n): {"deleted": {"seen": {}, "time": [now, 0, "flood"]}}
                       for n in range(5001)}
            self.put(f"flood{base}.tally.plist", sync_file(f"flood{base}", "00000000000000e%d" % (base % 9), deleted))
            return "flood of 5,001 deleted counters"
        if kind == 10:
            settings = {f"s{n}": field("x", now, "flood") for n in range(600)}
            self.put(f"settings{rng.randrange(2)}.tally.plist",
                     sync_file("settings", "00000000000000f%d" % rng.randrange(9), settings=settings))
            return "flood of 600 settings"
        self.put(f"garbage{rng.randrange(3)}.tally.plist", bytes(rng.randrange(256) for _ in range(200)))
        return "garbage"

    def clear(self):
        for name in list(self.placed):
            self.remove(name)
        self.placed.clear()


def digest(path):
    with open(path, "rb") as file:
        return hashlib.sha256(file.read()).hexdigest()


def has_escape(data):
    text = data.decode("utf-8", errors="replace")
    return any(ord(c) < 0x20 and c not in "\n\t" or 0x7F <= ord(c) <= 0x9F for c in text)


def run(tally, seed, size=None, **_):
    rounds = size or 300
    rng = random.Random(seed)
    result = Result("hostile", seed)
    result.size = f"{len(MACHINES)} machines on one folder, {rounds} rounds of a command and an attack"
    result.checks = ("every command ends in 10 s with 0 and prints no escape code; no canary changes; "
                     "0 acknowledged increments lost once the attacks are gone")
    with Workspace(prefix="tally-rel-hostile-") as work:
        folder = os.path.join(work.root, "shared")
        os.makedirs(folder)
        homes = {}
        canaries = []
        for name in MACHINES:
            home = os.path.join(work.root, name)
            os.makedirs(os.path.join(home, ".ssh"))
            for canary, text in [(".ssh/authorized_keys", "ssh-ed25519 AAAA owner\n"), (".bashrc", "export A=1\n")]:
                with open(os.path.join(home, canary), "w") as file:
                    file.write(text)
                canaries.append(os.path.join(home, canary))
            homes[name] = home
        before = {path: digest(path) for path in canaries}
        envs = {name: {"PATH": "/usr/bin:/bin", "HOME": home, "XDG_DATA_HOME": os.path.join(home, "data"),
                       "LANG": "C.UTF-8", "TZ": "UTC"} for name, home in homes.items()}
        slowest = 0.0

        def command(name, args):
            nonlocal slowest
            started = time.monotonic()
            done = run_command(tally, args, envs[name], timeout=10)
            slowest = max(slowest, time.monotonic() - started)
            if done.returncode is None:
                result.fail("a command hung", f"{name}: tally {' '.join(args)}")
            elif done.returncode != 0:
                result.fail("a command failed", f"{name}: tally {' '.join(args)}: exit {done.returncode}: "
                            f"{done.stderr.decode(errors='replace')[-300:]}")
            elif has_escape(done.stdout) or has_escape(done.stderr):
                result.fail("an escape code was printed", f"{name}: tally {' '.join(args)}: {done.stdout[-200:]!r}")
            return done

        for name in MACHINES:
            command(name, ["sync", "enable", folder, "--name", name])
        attacker = Attacker(folder, canaries, rng)
        acknowledged = 0
        attacks = {}
        for number in range(rounds):
            kind = attacker.attack()
            attacks[kind] = attacks.get(kind, 0) + 1
            name = rng.choice(MACHINES)
            done = command(name, ["inc"])
            if done.returncode == 0:
                acknowledged += 1
            if rng.random() < 0.2:
                command(rng.choice(MACHINES), rng.choice([["get"], ["list"], ["log"], ["stats"], ["sync", "status"],
                                                          ["sync", "status", "--json"]]))
            if rng.random() < 0.1:
                attacker.clear()
            result.cases += 1
        attacker.clear()
        for _ in range(2):
            for name in MACHINES:
                command(name, ["get"])
        for name in MACHINES:
            shown = command(name, ["get"]).stdout.decode().strip()
            if shown != str(acknowledged):
                result.fail("a count was lost or made up", f"{name} shows {shown}, {acknowledged} were acknowledged")
        for path, value in before.items():
            if digest(path) != value:
                result.fail("a file outside the folder changed", path)
        for name in MACHINES:
            extra = set(os.listdir(homes[name])) - {".ssh", ".bashrc", "data"}
            if extra:
                result.fail("a file appeared outside the folder", f"{homes[name]}: {sorted(extra)}")
        result.note(f"{acknowledged} increments acknowledged; slowest command {slowest * 1000:.0f} ms; attacks: "
                    + ", ".join(f"{kind} x{count}" for kind, count in sorted(attacks.items())))
    return result.finish()
