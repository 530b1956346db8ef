"""Crash: `kill -9` at random moments during bursts of increments.

One store is shared by every round, so damage done in one round would show in the next.
Three kinds of round, in a seeded random order:

- app: the interactive tally alone on the store; bursts of spaces of random size are written
  while the screen is read; SIGKILL at a random moment (sometimes during start-up).
  Acknowledged = the last `Count: N` on screen (output still buffered in the terminal when
  the process died counts: it was written, so it was shown).
- inc: a burst of `tally inc` processes, several at a time; one of them is killed at a
  random moment of its life. Acknowledged = every `tally inc` that exited 0.
- mixed: the app and a burst of `tally inc` at once; the victim is either.

After every round: the store parses (Python's plistlib, not tally's codec), no
`defaults.plist.corrupt-*` appeared, and
  max(last value on screen, value before + acknowledged incs) <= stored
  stored <= value before + spaces written + incs started,
every value printed by an acknowledged `tally inc` is distinct (no two processes got the
same new value), and every process that was not killed exited 0. An app that survived its
round is quit with q and must first show the stored value (it hears other processes through
inotify). At the end `tally get` and `tally log` must exit 0.
"""

import os
import random
import signal
import subprocess
import time

from .harness import Result, Session, StoreReading, Workspace, describe_status, run_command

DEFAULT_KILLS = 500


def _spawn_inc(tally, env):
    return subprocess.Popen([tally, "inc"], env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                            stdin=subprocess.DEVNULL)


class IncBurst:
    """A burst of `tally inc` processes, `parallel` at a time; one victim is killed."""

    def __init__(self, tally, env, rng, total, parallel, victim, delay):
        self.tally, self.env, self.rng = tally, env, rng
        self.total, self.parallel = total, parallel
        self.victim, self.delay = victim, delay  # victim index (or None), seconds after its spawn
        self.running = []  # (index, process, spawn time)
        self.started = 0
        self.acknowledged = []  # printed values of processes that exited 0
        self.killed = 0
        self.problems = []
        self.victim_done = victim is None

    def step(self):
        """Starts and reaps processes; kills the victim when its moment comes. True while busy."""
        now = time.monotonic()
        for entry in list(self.running):
            index, process, spawned = entry
            if index == self.victim and process.poll() is None and now - spawned >= self.delay:
                process.send_signal(signal.SIGKILL)
                process.wait()
                self.killed += 1
                self.victim_done = True
            if process.poll() is not None:
                self.running.remove(entry)
                out, err = process.communicate()
                if index == self.victim and process.returncode == -signal.SIGKILL:
                    continue
                if index == self.victim:
                    self.victim_done = True  # finished before its moment: not a kill
                if process.returncode == 0:
                    try:
                        self.acknowledged.append(int(out.decode().strip()))
                    except ValueError:
                        self.problems.append(f"tally inc exited 0 but printed {out!r}")
                else:
                    self.problems.append(
                        f"tally inc exited {process.returncode}: {err.decode(errors='replace').strip()}")
        while len(self.running) < self.parallel and self.started < self.total:
            self.running.append((self.started, _spawn_inc(self.tally, self.env), time.monotonic()))
            self.started += 1
        return bool(self.running)

    def kill_all(self):
        for _, process, _ in self.running:
            process.kill()
            process.wait()


def run(tally, seed, size=None, **_):
    kills_wanted = size or DEFAULT_KILLS
    rng = random.Random(seed)
    result = Result("crash", seed)
    result.checks = ("store parses; no corrupt-* file; shown/acknowledged <= stored <= attempted; "
                     "inc values distinct; survivors exit 0")
    kinds = {"app": 0, "inc": 0, "mixed": 0}
    kills = 0
    unreadable = 0
    lost = 0
    extra = 0
    with Workspace() as work:
        env = work.env()
        round_number = 0
        while kills < kills_wanted:
            round_number += 1
            kind = rng.choices(["app", "inc", "mixed"], weights=[2, 2, 1])[0]
            before = StoreReading(work.store)
            if not before.readable:
                break
            value_before = before.count or 0
            where = f"round {round_number} ({kind}, seed {seed})"
            session = None
            burst = None
            spaces = 0
            shown = None
            app_killed = False
            try:
                if kind in ("app", "mixed"):
                    session = Session([tally, "-skipOnboarding"], env)
                if kind in ("inc", "mixed"):
                    total = rng.randint(2, 8)
                    victim = rng.randrange(total) if kind == "inc" or rng.random() < 0.5 else None
                    burst = IncBurst(tally, env, rng, total, rng.randint(1, 3), victim, rng.uniform(0, 0.12))
                if session is not None and (burst is None or burst.victim is None):
                    # The app is the victim: somewhere from start-up to 0.6 s after it.
                    app_deadline = time.monotonic() + rng.choice([rng.uniform(0, 0.05), rng.uniform(0.05, 0.6)])
                else:
                    app_deadline = None
                busy = burst is not None
                next_burst = time.monotonic()
                while True:
                    now = time.monotonic()
                    if burst is not None:
                        busy = burst.step()
                    if session is not None and not app_killed:
                        session.pump(0.002)
                        if session.poll() is not None:
                            result.fail("app ended by itself", f"{where}: {session.describe_status()} "
                                        f"stderr {session.stderr()!r}")
                            break
                        if app_deadline is not None and now >= app_deadline:
                            session.kill()
                            app_killed = True
                            kills += 1
                            session.drain(0.02, 0.5)
                        elif now >= next_burst and session.count() is not None:
                            n = rng.choice([1, 1, 2, 5, 20, 100, 300])
                            try:
                                session.send(b" " * n)
                                spaces += n
                            except Exception as error:  # noqa: BLE001
                                result.fail("app stopped reading", f"{where}: {error}")
                                break
                            next_burst = now + rng.uniform(0, 0.05)
                    elif session is None:
                        time.sleep(0.002)
                    app_done = session is None or app_killed or app_deadline is None
                    if not busy and app_done:
                        break
                    if burst is not None and not busy and app_deadline is None:
                        break
                if burst is not None:
                    kills += burst.killed
                    for problem in burst.problems:
                        result.fail("tally inc failed", f"{where}: {problem}")
                if session is not None:
                    session.drain(0.02, 0.5)
                    shown = session.count()
                    if not app_killed:
                        # Spaces may still be queued: wait until the screen and a fresh read agree.
                        if not session.wait_for(lambda s: s.count() == StoreReading(work.store).count, 5):
                            result.fail("app does not show the stored value",
                                        f"{where}: store {StoreReading(work.store).count}, screen {session.count()}")
                        session.send(b"q")
                        status = session.wait(5)
                        if status is None or not os.WIFEXITED(status) or os.WEXITSTATUS(status) != 0:
                            result.fail("app did not quit with 0", f"{where}: {describe_status(status)}")
                        shown = max(shown or 0, session.count() or 0)
            finally:
                if burst is not None:
                    burst.kill_all()
                if session is not None:
                    session.close()
            kinds[kind] += 1
            after = StoreReading(work.store)
            result.cases += 1
            if not after.readable:
                unreadable += 1
                result.fail("unreadable store", f"{where}: {after.error}")
                break
            if work.corrupt_files():
                unreadable += 1
                result.fail("store moved aside as corrupt", f"{where}: {work.corrupt_files()}")
                break
            stored = after.count or 0
            acked_incs = burst.acknowledged if burst else []
            started_incs = burst.started if burst else 0
            lower = max(shown or 0, value_before + len(acked_incs))
            upper = value_before + spaces + started_incs
            if stored < lower:
                lost += lower - stored
                result.fail("lost acknowledged increments",
                            f"{where}: before {value_before}, shown {shown}, incs acknowledged "
                            f"{len(acked_incs)}, stored {stored}")
            if stored > upper:
                extra += stored - upper
                result.fail("more increments than attempted", f"{where}: stored {stored} > {upper}")
            if len(set(acked_incs)) != len(acked_incs):
                result.fail("two tally inc printed the same value", f"{where}: {sorted(acked_incs)}")
            if any(v > stored for v in acked_incs):
                result.fail("tally inc printed a value above the stored one", f"{where}: {acked_incs} > {stored}")
        final = run_command(tally, ["get"], env)
        if final.returncode != 0:
            result.fail("tally get at the end", f"exit {final.returncode}: {final.stderr!r}")
        log = run_command(tally, ["log"], env)
        if log.returncode != 0:
            result.fail("tally log at the end", f"exit {log.returncode}: {log.stderr!r}")
        leftovers = sorted(os.listdir(work.store_dir))
        result.note(f"final count {StoreReading(work.store).count}; files left in the data directory: {leftovers}")
    result.size = (f"{kills} kill -9 in {result.cases} rounds "
                   f"({kinds['app']} app, {kinds['inc']} inc, {kinds['mixed']} mixed)")
    result.note(f"unreadable stores {unreadable}, lost acknowledged increments {lost}, unexplained extra {extra}")
    return result.finish()
