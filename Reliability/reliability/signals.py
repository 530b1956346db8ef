"""Signals: terminating signals, SIGTSTP then SIGCONT, and SIGWINCH storms, at random moments.

Every run starts the interactive tally on a file store in a fresh pseudo-terminal, records
`stty -g` of that terminal before it starts, writes bursts of spaces, and then:

- SIGINT, SIGTERM, SIGHUP, SIGQUIT (each `per_signal` runs; a third of them sent in the middle
  of a burst, and some followed at once by a second terminating signal): tally must die of
  that signal (wait status or exit 128+n), `stty -g` afterwards must equal before, and the
  store must hold at least the last value shown and no more than the spaces written;
- SIGTSTP then SIGCONT (under a job-control stand-in, Reliability/reliability/jobshell.py,
  because the kernel drops SIGTSTP for an orphaned process group): tally must stop, the
  terminal must be in its original modes while it is stopped, after `fg` it must redraw
  without a key press, count on, quit with q and status 0, terminal restored, store = screen;
- SIGWINCH storms: 300 window-size changes (random sizes from 0x0 to 200x60, plus plain
  `kill -WINCH`) interleaved with spaces; then 80x24: tally must be alive, show the stored
  value at the new size, quit with 0, terminal restored.
"""

import os
import random
import signal
import sys
import time

from .harness import Result, Session, StoreReading, Workspace, describe_status

TERMINATING = [signal.SIGINT, signal.SIGTERM, signal.SIGHUP, signal.SIGQUIT]
JOBSHELL = os.path.join(os.path.dirname(__file__), "jobshell.py")


def died_of(status, number):
    if status is None:
        return False
    if os.WIFSIGNALED(status):
        return os.WTERMSIG(status) == number
    return os.WIFEXITED(status) and os.WEXITSTATUS(status) == 128 + number


def check_store(result, work, shown, sent, where):
    reading = StoreReading(work.store)
    if not reading.readable or work.corrupt_files():
        result.fail("store damaged", f"{where}: {reading.error} {work.corrupt_files()}")
        return
    stored = reading.count or 0
    if shown is not None and stored < shown:
        result.fail("state not saved", f"{where}: screen showed {shown}, store holds {stored}")
    if stored > sent:
        result.fail("more than was typed", f"{where}: store {stored} > {sent} spaces")


def send_bursts(session, rng, bursts):
    sent = 0
    for _ in range(bursts):
        n = rng.choice([1, 3, 20, 200, 1000])
        session.send(b" " * n)
        sent += n
        session.pump(rng.uniform(0, 0.02))
    return sent


def terminating_run(tally, rng, result, number, index):
    name = signal.Signals(number).name
    mid_burst = index % 3 == 0
    double = index % 5 == 4
    where = f"{name} run {index} ({'mid-burst' if mid_burst else 'after the frame'}{', twice' if double else ''})"
    with Workspace() as work, Session([tally, "-skipOnboarding"], work.env()) as session:
        if not session.wait_for_count(0):
            result.fail("app did not start", f"{where}: {session.text()[:200]}")
            return
        sent = send_bursts(session, rng, rng.randint(0, 4))
        if mid_burst:
            session.send(b" " * 2000)
            sent += 2000
        else:
            session.wait_for_count(sent, 5)
        session.signal(number)
        if double:
            session.signal(rng.choice(TERMINATING))
        status = session.wait(5)
        session.drain(0.02, 0.5)
        shown = session.count()
        if status is None:
            result.fail("did not end", f"{where}: still running 5 s after {name}")
            session.kill()
        elif not double and not died_of(status, number):
            result.fail("wrong exit", f"{where}: {describe_status(status)}, expected death by {name}")
        elif double and not any(died_of(status, other) for other in TERMINATING):
            result.fail("wrong exit", f"{where}: {describe_status(status)}")
        after = session.stty_now()
        if after != session.stty_before:
            result.fail("terminal modes changed", f"{where}: stty -g before {session.stty_before}, after {after}")
        check_store(result, work, shown, sent, where)
        result.cases += 1


def stop_continue_run(tally, rng, result, index):
    mid_burst = index % 3 == 0
    where = f"SIGTSTP/SIGCONT run {index} ({'mid-burst' if mid_burst else 'after the frame'})"
    with Workspace() as work:
        report = os.path.join(work.root, "jobshell.report")
        env = work.env()
        env["JOBSHELL_REPORT"] = report
        with Session([sys.executable, JOBSHELL, tally, "-skipOnboarding"], env) as session:
            if not session.wait_for_count(0):
                result.fail("app did not start", f"{where}: {session.text()[:200]} {session.stderr()[:300]}")
                return
            tally_pid = int(open(report).read().split()[1])
            sent = send_bursts(session, rng, rng.randint(0, 3))
            if mid_burst:
                session.send(b" " * 1000)
                sent += 1000
            else:
                session.wait_for_count(sent, 5)
            os.kill(tally_pid, signal.SIGTSTP)
            deadline = time.monotonic() + 5
            stopped = None
            while time.monotonic() < deadline and stopped is None:
                session.pump(0.02)
                for line in open(report).read().splitlines():
                    if line.startswith("stopped"):
                        stopped = line.split(" ", 1)[1] if " " in line else ""
            if stopped is None:
                result.fail("did not stop on SIGTSTP", where)
                return
            if stopped != session.stty_before:
                result.fail("terminal not restored while stopped",
                            f"{where}: stty -g before {session.stty_before}, while stopped {stopped}")
            shown_before_stop = session.count()
            session.drain(0.02, 0.3)
            session.screen.reset()
            session.signal(signal.SIGUSR1)  # the job shell's `fg`
            if not session.wait_for_count(None, 5):
                result.fail("no redraw after SIGCONT", f"{where}: screen after fg: {session.text()[:200]!r}")
            session.send(b" ")
            sent += 1
            session.wait_for_count((StoreReading(work.store).count or 0), 5)
            shown = session.count()
            session.send(b"q")
            status = session.wait(5)
            if status is None or os.waitstatus_to_exitcode(status) != 0:
                result.fail("did not quit with 0 after SIGCONT", f"{where}: {describe_status(status)}")
            after = session.stty_now()
            if after != session.stty_before:
                result.fail("terminal modes changed", f"{where}: before {session.stty_before}, after {after}")
            check_store(result, work, max(shown or 0, shown_before_stop or 0), sent, where)
            result.cases += 1


def winch_run(tally, rng, result, index, changes=300):
    where = f"SIGWINCH storm {index}"
    with Workspace() as work, Session([tally, "-skipOnboarding"], work.env()) as session:
        if not session.wait_for_count(0):
            result.fail("app did not start", where)
            return
        sent = 0
        tally_pid = session.pid
        for change in range(changes):
            if rng.random() < 0.2:
                os.kill(tally_pid, signal.SIGWINCH)  # no size change at all
            else:
                columns = rng.choice([0, 1, 2, 5, 9, 20, 40, 80, 132, 200, rng.randint(0, 200)])
                rows = rng.choice([0, 1, 2, 3, 5, 8, 12, 24, 60, rng.randint(0, 60)])
                session.set_size(columns, rows)
            if rng.random() < 0.3:
                n = rng.choice([1, 5, 50])
                session.send(b" " * n)
                sent += n
            if rng.random() < 0.5:
                session.pump(0)
            if session.poll() is not None:
                break
        session.set_size(80, 24)
        stored = None
        if session.poll() is not None:
            result.fail("died in a resize storm", f"{where}: {session.describe_status()} {session.stderr()[:300]!r}")
            return
        session.drain(0.05, 1)
        # Input written during the storm may still be queued: wait until screen and store agree.
        if not session.wait_for(lambda s: s.count() is not None and s.count() == StoreReading(work.store).count, 10):
            result.fail("wrong screen after a resize storm",
                        f"{where}: store {StoreReading(work.store).count}, screen {session.count()}: "
                        f"{session.text()[:300]!r}")
        session.quit_and_check(result, where, "did not quit with 0 after a resize storm")
        check_store(result, work, session.count(), sent, where)
        result.cases += 1


def run(tally, seed, size=None, **_):
    per_signal = size or 25
    rng = random.Random(seed)
    result = Result("signals", seed)
    result.checks = "dies of the signal / stops and resumes; stty -g identical; store >= shown"
    for number in TERMINATING:
        for index in range(per_signal):
            terminating_run(tally, rng, result, number, index)
    for index in range(per_signal):
        stop_continue_run(tally, rng, result, index)
    storms = max(2, per_signal // 2)
    for index in range(storms):
        winch_run(tally, rng, result, index)
    result.size = (f"{per_signal} runs each of SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGTSTP+SIGCONT; "
                   f"{storms} SIGWINCH storms of 300")
    return result.finish()
