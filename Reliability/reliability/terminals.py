"""Terminals: tiny sizes, resize storms, terminal types, colours, locales, and standard
streams that are not terminals.

- every size from 1x1 to 20x5 (100 sizes): tally starts, draws something (the counter or
  a short "too small" message, never nothing), is sent a Space, which counts at 20x5 (the
  counter screen's smallest size, stored 1) and does nothing below it (no key changes a
  counter the screen does not show), grows to 80x24 and shows that value, quits with q and
  0, terminal modes identical;
- resize storms among the tiny sizes (0x0 to 20x5), 200 changes with spaces between: the
  screen and the store agree, at most the spaces sent;
- TERM unset and unknown: exit 1 with a message naming TERM, nothing written to the
  terminal, terminal modes identical, and the store not touched (nothing should be written
  when tally cannot start);
- TERM=dumb: either a usable screen (`Count: 0` visible) or exit 1 with a message;
- TERM=vt100, linux, screen-256color, tmux-256color, xterm: the counter works;
- NO_COLOR=1: no colour in any SGR sequence; NO_COLOR= (empty) and unset: colours allowed;
- LANG=C and LC_ALL=POSIX (not UTF-8): the counter works and every byte written is ASCII;
- standard input not a terminal (/dev/null, a file) or standard output not a terminal (a
  file): exit 1 with a message, nothing written to the store or the file;
- commands with standard output closed (`>&-`), full (`>/dev/full`) or a closed pipe
  (`| head -0`): no crash, the increment applied exactly once, the store and history
  intact, and a write that failed for a reason other than a closed pipe must not exit 0
  silently (`n=$(tally get)` must be able to tell).
"""

import json
import os
import random
import sqlite3
import re
import subprocess

from .harness import Result, Session, StoreReading, Workspace, describe_status, run_command


def sgr_colours(output):
    found = set()
    for match in re.finditer(rb"\x1b\[([0-9;:]*)m", output):
        for part in match.group(1).replace(b":", b";").split(b";"):
            if part and (30 <= int(part) <= 38 or 40 <= int(part) <= 48 or 90 <= int(part) <= 107):
                found.add(int(part))
    return found


def size_run(tally, result, columns, rows):
    where = f"{columns}x{rows}"
    with Workspace() as work, Session([tally, "-skipOnboarding"], work.env(), columns=columns, rows=rows) as session:
        session.drain(0.1, 3)
        if session.poll() is not None:
            result.fail("died at a tiny size", f"{where}: {session.describe_status()} {session.stderr()[:200]!r}")
            return
        if not session.text().strip():
            result.fail("nothing drawn at a tiny size", where)
        session.send(b" ")
        # Below 20x5 the counter is not drawn, and the Space counts nothing.
        expected = 1 if columns >= 20 and rows >= 5 else 0
        if expected and not session.wait_for(lambda s: StoreReading(work.store).count == 1, 3):
            result.fail("Space not saved at the smallest size", f"{where}: store {StoreReading(work.store).values}")
        if not expected:
            session.drain(0.3, 1)  # time to read the Space before the resize, which nothing shows
        session.set_size(80, 24)
        if not session.wait_for_count(expected, 3):
            result.fail("wrong counter after growing from a tiny size", f"{where}: {session.text()[:200]!r}")
        elif StoreReading(work.store).count != expected:
            result.fail("a Space counted below the smallest size", f"{where}: store {StoreReading(work.store).values}")
        session.quit_and_check(result, where)
        result.cases += 1


def tiny_storm(tally, result, rng, index):
    where = f"tiny resize storm {index}"
    with Workspace() as work, Session([tally, "-skipOnboarding"], work.env(), columns=20, rows=5) as session:
        session.drain(0.1, 3)
        sent = 0
        for _ in range(200):
            session.set_size(rng.randint(0, 20), rng.randint(0, 5))
            if rng.random() < 0.3:
                session.send(b" ")
                sent += 1
            session.pump(0)
            if session.poll() is not None:
                result.fail("died in a resize storm", f"{where}: {session.describe_status()}")
                return
        session.set_size(80, 24)
        # Only a Space that came at 20x5 counts: the screen and the store agree, at most sent.
        if not session.wait_for(lambda s: s.count() is not None and s.count() == StoreReading(work.store).count <= sent, 10):
            result.fail("wrong value after a resize storm",
                        f"{where}: sent {sent}, store {StoreReading(work.store).count}, screen {session.count()}")
        session.quit_and_check(result, where)
        result.cases += 1


def app_run(tally, work, env, **kwargs):
    """Starts the app, waits for output to settle, presses Space and q. Returns the session
    (closed), the screen text after start, and the wait status."""
    session = Session([tally, "-skipOnboarding"], env, **kwargs)
    session.drain(0.15, 3)
    first = session.text()
    shown = session.count()
    if session.poll() is None:
        try:
            session.send(b" ")
            session.drain(0.1, 2)
            session.send(b"q")
        except Exception:  # noqa: BLE001 - judged by the status
            pass
    status = session.wait(5)
    if status is None:
        session.kill()
    return session, first, shown, status


def term_runs(tally, result):
    # TERM unset or unknown: a clear refusal.
    for label, term, drop in [("TERM unset", "x", ("TERM",)), ("TERM unknown", "no-such-terminal", ()),
                              ("TERM empty", "", ())]:
        with Workspace() as work:
            session, first, shown, status = app_run(tally, work, work.env(term=term, drop=drop))
            message = session.stderr()
            if status is None or os.waitstatus_to_exitcode(status) != 1:
                result.fail("wrong exit for a bad TERM", f"{label}: {describe_status(status)}")
            if "TERM" not in message:
                result.fail("no clear message for a bad TERM", f"{label}: {message!r}")
            if session.output:
                result.fail("wrote to a terminal it could not use", f"{label}: {bytes(session.output[:80])!r}")
            if session.stty_now() != session.stty_before:
                result.fail("terminal modes changed", label)
            if os.path.exists(work.store):
                result.fail("store written although tally could not start",
                            f"{label}: `tally -skipOnboarding` wrote {StoreReading(work.store).values} before "
                            f"finding the terminal unusable")
            session.close()
            result.cases += 1
    # TERM=dumb: usable or refused.
    with Workspace() as work:
        session, first, shown, status = app_run(tally, work, work.env(term="dumb"))
        code = None if status is None else os.waitstatus_to_exitcode(status)
        if not (shown == 0 and code == 0) and not (code == 1 and session.stderr()):
            result.fail("TERM=dumb: neither a usable screen nor a clear refusal",
                        f"exit {code}, `Count: 0` visible: {shown is not None}, {len(session.output)} bytes "
                        f"written (the whole screen as lines of spaces), stderr {session.stderr()!r}")
        if session.stty_now() != session.stty_before:
            result.fail("terminal modes changed", "TERM=dumb")
        session.close()
        result.cases += 1
    # Terminal types that must work.
    for term in ["vt100", "linux", "screen-256color", "tmux-256color", "xterm", "xterm-256color"]:
        with Workspace() as work:
            session, first, shown, status = app_run(tally, work, work.env(term=term))
            if shown != 0 or status is None or os.waitstatus_to_exitcode(status) != 0 or \
                    StoreReading(work.store).count != 1:
                result.fail("terminal type does not work",
                            f"TERM={term}: shown {shown}, {describe_status(status)}, store {StoreReading(work.store).values}")
            if session.stty_now() != session.stty_before:
                result.fail("terminal modes changed", f"TERM={term}")
            session.close()
            result.cases += 1


def colour_and_locale_runs(tally, result):
    cases = [
        ("NO_COLOR=1", {"NO_COLOR": "1"}, "none"),
        ("NO_COLOR=yes", {"NO_COLOR": "yes"}, "none"),
        ("NO_COLOR empty", {"NO_COLOR": ""}, "any"),
        ("colour", {}, "any"),
        ("LANG=C", {"LANG": "C"}, "ascii"),
        ("LC_ALL=POSIX", {"LC_ALL": "POSIX"}, "ascii"),
        ("LANG=C, NO_COLOR, vt100", {"LANG": "C", "NO_COLOR": "1"}, "ascii-none"),
    ]
    for label, extra, expectation in cases:
        with Workspace() as work:
            term = "vt100" if "vt100" in label else "xterm-256color"
            session, first, shown, status = app_run(tally, work, work.env(term=term, extra=extra))
            output = bytes(session.output)
            if shown != 0 or status is None or os.waitstatus_to_exitcode(status) != 0:
                result.fail("counter does not work", f"{label}: shown {shown}, {describe_status(status)}")
            if "none" in expectation and sgr_colours(output):
                result.fail("colour despite NO_COLOR", f"{label}: SGR {sorted(sgr_colours(output))}")
            if "ascii" in expectation and any(byte > 127 for byte in output):
                result.fail("non-ASCII bytes in a non-UTF-8 locale", f"{label}")
            if session.stty_now() != session.stty_before:
                result.fail("terminal modes changed", label)
            session.close()
            result.cases += 1


def stream_runs(tally, result):
    for label, kwargs in [("stdin /dev/null", {"stdin": "/dev/null"}), ("stdin a file", {"stdin": "FILE"}),
                          ("stdout a file", {"stdout": "FILE"})]:
        with Workspace() as work:
            path = os.path.join(work.root, "stream")
            with open(path, "wb") as file:
                file.write(b"   q")
            kwargs = {k: (path if v == "FILE" else v) for k, v in kwargs.items()}
            session = Session([tally, "-skipOnboarding"], work.env(), **kwargs)
            status = session.wait(5)
            message = session.stderr()
            if status is None or os.waitstatus_to_exitcode(status) != 1:
                result.fail("wrong exit without a terminal", f"{label}: {describe_status(status)}")
            if "not a terminal" not in message:
                result.fail("no clear message without a terminal", f"{label}: {message!r}")
            if os.path.exists(work.store):
                result.fail("store written without a terminal", label)
            if "stdout" in label and os.path.getsize(path) not in (0, 4):
                result.fail("escape sequences written to a file", label)
            if session.stty_now() != session.stty_before:
                result.fail("terminal modes changed", label)
            session.close()
            result.cases += 1


def command_output_runs(tally, result):
    """Commands whose standard output is closed, full, or a pipe closed by the reader."""
    cases = [
        ("inc >&-", ["inc"], "closed"), ("get >&-", ["get"], "closed"), ("list --json >&-", ["list", "--json"], "closed"),
        ("inc >/dev/full", ["inc"], "full"), ("get >/dev/full", ["get"], "full"),
        ("list >/dev/full", ["list"], "full"), ("list | head -0", ["list"], "pipe"), ("inc | head -0", ["inc"], "pipe"),
    ]
    for label, args, kind in cases:
        with Workspace() as work:
            env = work.env()
            run_command(tally, ["set", "5"], env)
            if kind == "closed":
                done = subprocess.run([tally] + args, env=env, stdin=subprocess.DEVNULL, stdout=None,
                                      stderr=subprocess.PIPE, timeout=10, pass_fds=(),
                                      preexec_fn=lambda: os.close(1))
            elif kind == "full":
                with open("/dev/full", "wb") as full:
                    done = subprocess.run([tally] + args, env=env, stdin=subprocess.DEVNULL, stdout=full,
                                          stderr=subprocess.PIPE, timeout=10)
            else:
                read_end, write_end = os.pipe()
                os.close(read_end)
                done = subprocess.run([tally] + args, env=env, stdin=subprocess.DEVNULL, stdout=write_end,
                                      stderr=subprocess.PIPE, timeout=10)
                os.close(write_end)
            code = done.returncode
            if code < 0:
                result.fail("crash with an unusable stdout", f"tally {label}: killed by signal {-code}")
            expected = 6 if args[0] == "inc" else 5
            stored = StoreReading(work.store)
            if not stored.readable or stored.count != expected:
                result.fail("store wrong after an unusable stdout", f"tally {label}: {stored.values} {stored.error}")
            history = os.path.join(work.store_dir, "history.sqlite")
            if os.path.exists(history):
                connection = sqlite3.connect(f"file:{history}?mode=ro", uri=True, timeout=10)
                try:
                    check = connection.execute("PRAGMA integrity_check").fetchone()[0]
                finally:
                    connection.close()
                if check != "ok":
                    result.fail("history damaged by an unusable stdout", f"tally {label}: {check}")
            if kind == "full" and code == 0:
                result.fail("write error ignored (exit 0)",
                            f"`tally {label}` exits 0 although nothing could be written "
                            f"(stderr {done.stderr.decode(errors='replace')!r})")
            if kind == "pipe" and (code != 0 or done.stderr):
                result.fail("closed pipe not quiet", f"tally {label}: exit {code}, stderr {done.stderr!r}")
            result.cases += 1


def run(tally, seed, size=None, **_):
    rng = random.Random(seed)
    result = Result("terminals", seed)
    result.checks = ("no crash; something drawn; Space saved at 20x5, ignored below; stty -g identical; clear refusals (exit 1); "
                     "NO_COLOR, non-UTF-8 output; commands with closed/full stdout")
    sizes = [(c, r) for c in range(1, 21) for r in range(1, 6)]
    if size:
        sizes = rng.sample(sizes, min(size, len(sizes)))
    for columns, rows in sizes:
        size_run(tally, result, columns, rows)
    for index in range(3):
        tiny_storm(tally, result, rng, index)
    term_runs(tally, result)
    colour_and_locale_runs(tally, result)
    stream_runs(tally, result)
    command_output_runs(tally, result)
    result.size = (f"{len(sizes)} sizes (1x1-20x5), 3 tiny resize storms x 200, 10 TERM values, "
                   f"7 colour/locale settings, 3 non-terminal streams, 8 unusable stdouts")
    return result.finish()
