"""Concurrency: 8 processes x 500 increments on one store, the exact total.

5 command workers each run 500 increments one after the other, each a new `tally` process,
cycling through the spellings that add one (`inc`, `inc -q`, `inc Count`, `inc --by 1`,
`inc --by=1`, `dec --by -1`, `inc count --quiet`), with a `get` or `list` now and then.
3 interactive instances each get 500 spaces in seeded random bursts with random pauses.
All run at once. Checked: every command exits 0, no two printing commands print the same
new value, the store ends at exactly 8 x 500 = 4000, and every interactive screen shows 4000
(changes from other processes arrive through inotify) before it quits with status 0.
"""

import random
import threading
import time

from .harness import Result, Session, StoreReading, Workspace, describe_status, run_command

SPELLINGS = [
    (["inc"], True), (["inc", "-q"], False), (["inc", "Count"], True), (["inc", "--by", "1"], True),
    (["inc", "--by=1"], True), (["dec", "--by", "-1"], True), (["inc", "count", "--quiet"], False),
]


def run(tally, seed, size=None, **_):
    per_process = size or 500
    commands, apps = 5, 3
    rng = random.Random(seed)
    result = Result("concurrency", seed)
    result.size = f"{commands} command workers + {apps} interactive instances, {per_process} increments each"
    result.checks = "exact total; every command exits 0; printed values distinct; every screen shows the total"
    expected = (commands + apps) * per_process
    printed = []
    lock = threading.Lock()
    with Workspace() as work:
        env = work.env()

        def worker(index):
            local = random.Random(seed * 1000 + index)
            for number in range(per_process):
                args, prints = SPELLINGS[(number + index) % len(SPELLINGS)]
                done = run_command(tally, args, env, timeout=30)
                if done.returncode != 0:
                    with lock:
                        result.fail(f"`tally {' '.join(args)}` failed",
                                    f"worker {index}, increment {number}: exit {done.returncode}: "
                                    f"{done.stderr.decode(errors='replace').strip()}")
                elif prints:
                    with lock:
                        printed.append(int(done.stdout.decode().strip()))
                if local.random() < 0.05:
                    read = run_command(tally, [local.choice(["get", "list"])], env)
                    if read.returncode != 0:
                        with lock:
                            result.fail("a read failed", f"exit {read.returncode}: {read.stderr!r}")

        sessions = [Session([tally, "-skipOnboarding"], env) for _ in range(apps)]
        try:
            for session in sessions:
                if not session.wait_for_count():
                    result.fail("app did not start", session.text())
            threads = [threading.Thread(target=worker, args=(i,)) for i in range(commands)]
            for thread in threads:
                thread.start()
            remaining = [per_process] * apps
            while any(remaining):
                index = rng.randrange(apps)
                if remaining[index]:
                    burst = min(remaining[index], rng.choice([1, 1, 1, 3, 10, 40]))
                    sessions[index].send(b" " * burst)
                    remaining[index] -= burst
                for session in sessions:
                    session.pump(0)
                time.sleep(rng.uniform(0, 0.03))
            for thread in threads:
                while thread.is_alive():
                    thread.join(0.05)
                    for session in sessions:
                        session.pump(0)
            total = StoreReading(work.store).count
            result.cases = expected
            if total != expected:
                result.fail("wrong total", f"store holds {total}, expected {expected}")
            if len(set(printed)) != len(printed):
                duplicates = sorted({v for v in printed if printed.count(v) > 1})[:10]
                result.fail("two commands printed the same value", f"{duplicates}")
            for number, session in enumerate(sessions):
                if not session.wait_for_count(expected, 5):
                    result.fail("screen does not show the total",
                                f"instance {number} shows {session.count()}, store {total}")
                session.send(b"q")
                status = session.wait(5)
                if status != 0:
                    result.fail("app did not quit with 0", f"instance {number}: {describe_status(status)}")
            final = StoreReading(work.store).count
            if final != expected:
                result.fail("total changed when the apps quit", f"{final}, expected {expected}")
            result.note(f"store total {final} (expected {expected}); {len(printed)} printed values")
        finally:
            for session in sessions:
                session.close()
    return result.finish()
