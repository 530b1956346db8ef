#!/usr/bin/env python3
"""Tally against the floor, in the same run (issue 9).

Runs the release `tally` and the C reference counter (`tally_ref`) alternately, round after
round, each in its own pseudo-terminal at 80x24, and prints medians, Tally/reference ratios
and each target met or missed. Three Swift "floor" programs (ncurses only, with
FoundationEssentials, with Foundation) are measured in the same rounds for the memory
target. Benchmarks/run.sh builds every program and calls this script; see docs/BENCHMARKS.md.

What is on screen is decided by a terminal emulator (pyte) fed with the bytes the program
wrote, because ncurses sends only the cells that change: after an increment the text
"Count: 1" is on screen but never in the byte stream. The emulator runs only while the
program is quiet, so its cost never enters a timing: each chunk of output is time-stamped
as it is read, and a frame's time is the time of the chunk that completed it.
"""

import argparse
import fcntl
import json
import os
import platform
import plistlib
import re
import select
import shutil
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time

import pyte

COLUMNS, ROWS = 80, 24
SETTLE = 0.05  # quiet time that ends a frame's output; never part of a latency
TIMEOUT = 10.0
BURST = 10_000


class Session:
    """A program running in its own pseudo-terminal, with its output time-stamped."""

    def __init__(self, argv, env):
        self.master, slave = os.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", ROWS, COLUMNS, 0, 0))
        slave_name = os.ttyname(slave)
        self.screen = pyte.Screen(COLUMNS, ROWS)
        self.stream = pyte.ByteStream(self.screen)
        self.chunks = []  # (time, bytes) read and not yet fed to the emulator
        self.total_bytes = 0
        self.exited = None
        # posix_spawn: setsid, then open the slave as fd 0 so it becomes the controlling
        # terminal; the master and everything else of ours are close-on-exec.
        self.start = time.perf_counter()
        self.pid = os.posix_spawn(
            argv[0], argv, env,
            setsid=True,
            file_actions=[
                (os.POSIX_SPAWN_OPEN, 0, slave_name, os.O_RDWR, 0),
                (os.POSIX_SPAWN_DUP2, 0, 1),
                (os.POSIX_SPAWN_DUP2, 0, 2),
            ])
        os.close(slave)
        os.set_blocking(self.master, False)

    def _read_available(self, timeout):
        """Waits up to `timeout` for output; returns False when nothing came."""
        ready, _, _ = select.select([self.master], [], [], timeout)
        if not ready:
            return False
        try:
            data = os.read(self.master, 65536)
        except BlockingIOError:
            return True
        except OSError:  # EIO: the program closed the terminal
            data = b""
        if not data:
            raise ChildGone(self)
        self.chunks.append((time.perf_counter(), data))
        self.total_bytes += len(data)
        return True

    def shows(self, pattern):
        return any(pattern.search(line) for line in self.screen.display)

    def wait_for(self, pattern, since):
        """Reads until the screen matches `pattern` and the output has settled.

        Returns (seconds from `since` to the chunk that completed the frame, bytes read
        from `since` until the output settled).
        """
        times, written = self.wait_for_each([pattern], since)
        return times[0], written

    def wait_for_each(self, patterns, since):
        """Reads until the screen has matched each of `patterns` in turn, and the output has
        settled; returns (the seconds from `since` to the chunk that completed each, bytes
        read from `since` until the output settled)."""
        deadline = time.perf_counter() + TIMEOUT
        start_bytes = self.total_bytes
        times = []
        while time.perf_counter() < deadline:
            if self._read_available(SETTLE):
                continue
            # Quiet: now feed the emulator, chunk by chunk, to find the completing ones.
            for stamp, data in self.chunks:
                self.stream.feed(data)
                while len(times) < len(patterns) and self.shows(patterns[len(times)]):
                    times.append(stamp - since)
            self.chunks.clear()
            if len(times) == len(patterns):
                return times, self.total_bytes - start_bytes
        missing = patterns[len(times)]
        raise TimeoutError(f"{missing.pattern!r} not on screen after {TIMEOUT} s:\n"
                           + "\n".join(self.screen.display))

    def send(self, data):
        """Writes all of `data`, reading output meanwhile so neither side blocks."""
        view = memoryview(data)
        deadline = time.perf_counter() + TIMEOUT
        while view:
            if time.perf_counter() > deadline:
                raise TimeoutError(f"the program stopped reading input ({len(view)} bytes left)")
            readable, writable, _ = select.select([self.master], [self.master], [], TIMEOUT)
            if writable:
                try:
                    written = os.write(self.master, view)
                    view = view[written:]
                except BlockingIOError:
                    pass
            if readable:
                self._read_available(0)

    def peak_rss(self):
        """The program's peak resident set so far, in bytes (VmHWM).

        Not wait4's ru_maxrss: Linux carries the resident set of the process image that
        called execve into it, and here that image is a copy of this Python interpreter
        (about 20 MiB), which would hide every figure below it.
        """
        with open(f"/proc/{self.pid}/status") as file:
            for line in file:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) * 1024
        raise RuntimeError("no VmHWM in /proc/PID/status")

    def quit(self):
        """Reads the peak resident set, sends q, waits for the exit; returns the peak."""
        peak = self.peak_rss()
        self.send(b"q")
        deadline = time.perf_counter() + TIMEOUT
        while time.perf_counter() < deadline:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.exited = status
                os.close(self.master)
                if os.waitstatus_to_exitcode(status) != 0:
                    raise RuntimeError(f"exit status {os.waitstatus_to_exitcode(status)}")
                return peak
            try:
                self._read_available(0.01)
            except ChildGone:
                pass
        self.kill()
        raise TimeoutError("the program did not quit on q")

    def kill(self):
        if self.exited is None:
            try:
                os.kill(self.pid, 9)
                os.waitpid(self.pid, 0)
            except ProcessLookupError:
                pass
            self.exited = -9
            os.close(self.master)


class ChildGone(Exception):
    def __init__(self, session):
        super().__init__("the program closed its terminal:\n" + "\n".join(session.screen.display))


def count_pattern(value):
    return re.compile(rf"Count: {value}(?!\d)")


def stored_count(path):
    """The count in a store file, as both programs write it (a property list)."""
    try:
        with open(path) as file:
            text = file.read()
    except FileNotFoundError:
        return None
    match = re.search(r"<key>count</key>\s*<integer>(-?\d+)</integer>", text)
    return int(match.group(1)) if match else None


class Program:
    """One counter under test: how to start it and where it keeps its count."""

    def __init__(self, name, binary, memory_args, file_args, inc_args, store_dir_name):
        self.name = name
        self.binary = binary
        self.memory_args = memory_args
        self.file_args = file_args
        self.inc_args = inc_args
        self.store_dir_name = store_dir_name

    def store_path(self, data_home):
        return os.path.join(data_home, self.store_dir_name, "defaults.plist")


def environment(home):
    return {
        "TERM": "xterm-256color",
        "LANG": "C.UTF-8",
        "HOME": home,
        "XDG_DATA_HOME": os.path.join(home, "data"),
        "PATH": "/usr/bin:/bin",
    }


def interactive_memory(program, home, keys, samples):
    """First frame, key to frame and bytes per increment on the in-memory store."""
    session = Session([program.binary] + program.memory_args, environment(home))
    try:
        first, first_bytes = session.wait_for(count_pattern(0), session.start)
        samples["first_frame_memory"].append(first)
        samples["first_frame_bytes"].append(first_bytes)
        for value in range(1, keys + 1):
            sent = time.perf_counter()
            session.send(b" ")
            latency, written = session.wait_for(count_pattern(value), sent)
            samples["key_to_frame_memory"].append(latency)
            samples["bytes_per_increment"].append(written)
        samples["peak_rss_memory"].append(session.quit())
    finally:
        session.kill()


def interactive_file(program, home, keys, samples):
    """First frame, key to frame and the 10,000-key burst on the durable file store."""
    env = environment(home)
    store = program.store_path(env["XDG_DATA_HOME"])
    session = Session([program.binary] + program.file_args, env)
    try:
        first, _ = session.wait_for(count_pattern(0), session.start)
        samples["first_frame_file"].append(first)
        for value in range(1, keys + 1):
            sent = time.perf_counter()
            session.send(b" ")
            latency, _ = session.wait_for(count_pattern(value), sent)
            samples["key_to_frame_file"].append(latency)
        expected = keys + BURST
        sent = time.perf_counter()
        session.send(b" " * BURST)
        latency, written = session.wait_for(count_pattern(expected), sent)
        on_disk = stored_count(store)
        samples["burst_final_frame"].append(latency)
        samples["burst_bytes"].append(written)
        samples["burst_durable"].append(1.0 if on_disk == expected else 0.0)
        if on_disk != expected:
            print(f"  {program.name}: burst shows {expected} but the store holds {on_disk}",
                  file=sys.stderr)
        samples["peak_rss_file"].append(session.quit())
    finally:
        session.kill()


SYNC_MACHINES = 3        # other machines in the sync folder
SYNC_COUNTERS = 5        # counters each of them made


def run_tally(binary, env, *args):
    subprocess.run([binary, *args], env=env, check=True, stdout=subprocess.DEVNULL,
                   stdin=subprocess.DEVNULL)


def interactive_sync(binary, home, samples):
    """The first frame on the file store with sync on, and the frame with every machine's counts.

    The other machines join the folder with their own data directories and counters, then
    each adds 1 to Count after this one joined: the first start reads and merges every
    machine's file, and Count goes from 0 (this machine's store) to SYNC_MACHINES."""
    folder = os.path.join(home, "folder")
    others = [environment(os.path.join(home, f"machine{index}")) for index in range(SYNC_MACHINES)]
    for index, env in enumerate(others):
        run_tally(binary, env, "sync", "enable", folder, "--name", f"machine{index}")
        for counter in range(SYNC_COUNTERS):
            run_tally(binary, env, "new", f"m{index}-c{counter}")
            run_tally(binary, env, "inc", f"m{index}-c{counter}", "--by", str(counter + 1))
    env = environment(home)
    run_tally(binary, env, "sync", "enable", folder, "--name", "bench")
    for other in others:
        run_tally(binary, other, "inc")
    session = Session([binary, "-skipOnboarding"], env)
    try:
        (first, merged), _ = session.wait_for_each(
            [re.compile(r"Count: \d"), count_pattern(SYNC_MACHINES)], session.start)
        samples["first_frame_sync"].append(first)
        samples["merged_frame_sync"].append(merged)
        session.quit()
    finally:
        session.kill()


FOLDER_MACHINES = 200    # other machines' files in the folder of the folder benchmark


def big_folder(binary, home):
    """A sync folder of FOLDER_MACHINES other machines, each with Count and SYNC_COUNTERS
    counters, and a machine joined to it; returns that machine's environment and the folder.

    One machine's file is written by tally itself; the others are copies of it under their
    own names and instances, each with sums of its own (a machine speaks for its own sums)."""
    folder = os.path.join(home, "big-folder")
    seed_env = environment(os.path.join(home, "seed"))
    run_tally(binary, seed_env, "sync", "enable", folder, "--name", "seed")
    for counter in range(SYNC_COUNTERS):
        run_tally(binary, seed_env, "new", f"c{counter}")
    run_tally(binary, seed_env, "inc", "--by", "3")
    seed_path = os.path.join(folder, "seed.tally.plist")
    with open(seed_path, "rb") as file:
        document = plistlib.load(file)
    for index in range(1, FOLDER_MACHINES + 1):
        document["machine"] = f"m{index}"
        document["instance"] = "%016x" % (index + 1000)
        for counter in document["counters"].values():
            if counter.get("contributions"):
                counter["contributions"] = {document["instance"]: [index, 0]}
        with open(os.path.join(folder, f"m{index}.tally.plist"), "wb") as file:
            plistlib.dump(document, file)
    os.remove(seed_path)
    env = environment(os.path.join(home, "bench"))
    run_tally(binary, env, "sync", "enable", folder, "--name", "bench")
    return env, folder


def folder_gets(binary, env, folder, samples):
    """Whole-process `tally get` with every machine's file changed since the last read, then
    with nothing changed."""
    expected = str(FOLDER_MACHINES * (FOLDER_MACHINES + 1) // 2)
    now = time.time()
    for name in os.listdir(folder):
        os.utime(os.path.join(folder, name), (now, now))
    for key in ["get_folder_changed", "get_folder_unchanged"]:
        start = time.perf_counter()
        done = subprocess.run([binary, "get"], env=env, capture_output=True, stdin=subprocess.DEVNULL)
        samples[key].append(time.perf_counter() - start)
        if done.returncode != 0 or done.stdout.decode().strip() != expected:
            raise RuntimeError(f"tally get with {FOLDER_MACHINES} machines: {done}")


HISTORY_SIZES = [
    # (label, years, changes a day, other machines with the same history in the sync folder)
    ("none", 0, 0, 0),
    ("1 year x 20 a day", 1, 20, 0),
    ("10 years x 40 a day, 3 machines", 10, 40, 2),
]
# The history screen's views: the key that shows each, and what its frame shows.
HISTORY_VIEWS = [
    (b"H", "year", r"counted on [0-9,]+ days?"),
    (b"2", "day", r"in [0-9,]+ changes?"),
    (b"3", "days", r"All time [-+0-9,]+"),
    (b"4", "changes", r"of [0-9,]+, newest first|No changes yet"),
]
HISTORY_DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "history_data.py")


def timed_maxrss(argv, env):
    """Runs argv under GNU time; returns (seconds, peak RSS in bytes). GNU time's own image is
    what execs the program, so the figure is the program's (Python's would add 20 MiB)."""
    start = time.perf_counter()
    done = subprocess.run(["/usr/bin/time", "-f", "%M", *argv], env=env, capture_output=True,
                          stdin=subprocess.DEVNULL)
    elapsed = time.perf_counter() - start
    if done.returncode != 0:
        raise RuntimeError(f"{argv}: {done}")
    return elapsed, int(done.stderr.decode().strip().splitlines()[-1]) * 1024


def history_home(binary, home, years, per_day, machines):
    """A data home whose Count has a goal of 10 a day and `years` of history at `per_day`
    changes a day, imported with `tally import`; with `machines`, as many other machines
    with the same history in a sync folder this one joined. Returns its environment."""
    env = environment(home)
    if years:
        backup = os.path.join(home, "backup.json")
        subprocess.run([sys.executable, HISTORY_DATA, "backup", str(years), str(per_day), backup], check=True)
        run_tally(binary, env, "import", backup)
    else:
        run_tally(binary, env, "goal", "Count", "10/day")
    if machines:
        folder = os.path.join(home, "folder")
        for index in range(machines):
            subprocess.run([sys.executable, HISTORY_DATA, "folder", str(years), str(per_day), folder,
                            f"machine{index}"], check=True)
        run_tally(binary, env, "sync", "enable", folder, "--name", "bench")
    # The other machines' files read and the totals made once, as after the first start.
    run_tally(binary, env, "stats")
    return env


def history_session(binary, env, keys, samples, label):
    """First frame, key to frame with the goal shown, and peak RSS, on a history of `label`."""
    value = int(subprocess.run([binary, "get"], env=env, capture_output=True, check=True,
                               stdin=subprocess.DEVNULL).stdout.decode().strip())
    session = Session([binary, "-skipOnboarding"], env)
    try:
        first, _ = session.wait_for(count_pattern(value), session.start)
        if not session.shows(re.compile(r"of 10 today")):
            raise RuntimeError("the goal is not on screen:\n" + "\n".join(session.screen.display))
        samples[f"history_first_frame {label}"].append(first)
        for step in range(1, keys + 1):
            sent = time.perf_counter()
            session.send(b" ")
            latency, _ = session.wait_for(count_pattern(value + step), sent)
            samples[f"history_key_to_frame {label}"].append(latency)
        # The history screen: H opens its Year view, then 2, 3 and 4 show the others; each
        # view's frame is timed from its key.
        for key, view, pattern in HISTORY_VIEWS:
            sent = time.perf_counter()
            session.send(key)
            latency, _ = session.wait_for(re.compile(pattern), sent)
            samples[f"history_view_{view} {label}"].append(latency)
        # Back to the Year view before closing: H opens the view last shown, in the next
        # session too.
        session.send(b"1")
        session.wait_for(re.compile(HISTORY_VIEWS[0][2]), time.perf_counter())
        session.send(b"\x1b")
        session.wait_for(count_pattern(value + keys), time.perf_counter())
        samples[f"history_rss {label}"].append(session.quit())
    finally:
        session.kill()
    for key, args in [("history_stats", ["stats"]), ("history_log20", ["log", "-n", "20"])]:
        start = time.perf_counter()
        done = subprocess.run([binary, *args], env=env, capture_output=True, stdin=subprocess.DEVNULL)
        samples[f"{key} {label}"].append(time.perf_counter() - start)
        if done.returncode != 0 or not done.stdout:
            raise RuntimeError(f"tally {' '.join(args)}: {done}")


# `tally get --format`'s templates, beside a plain `get`: without a field of the history,
# and with one (the goal's progress opens the history's database).
GET_FORMATS = [("get_format", "{name} {value}"), ("get_format_progress", "{name} {value} {progress}")]


def get_formats(binary, env, samples):
    """Whole-process `tally get` and `tally get --format`, alternating, on the same store."""
    for key, args in [("get_plain", []), *((key, ["--format", template]) for key, template in GET_FORMATS)]:
        start = time.perf_counter()
        done = subprocess.run([binary, "get", "Count", *args], env=env, capture_output=True, stdin=subprocess.DEVNULL)
        samples[key].append(time.perf_counter() - start)
        if done.returncode != 0 or not done.stdout.strip():
            raise RuntimeError(f"tally get {args}: {done}")


def board_home(binary, home):
    """30 counters in one group, each with a year of history at 20 a day (issue 39)."""
    env = environment(home)
    backup = os.path.join(home, "board.json")
    subprocess.run([sys.executable, HISTORY_DATA, "board", "1", "20", "30", backup], check=True)
    run_tally(binary, env, "import", "--replace", backup)
    run_tally(binary, env, "stats", "c01")
    return env


def board_session(binary, env, keys, samples):
    """On 30 counters with a year each: the counter screen's first frame and key to frame,
    then the board's (from B) and its key to frame (a row's key)."""
    value = int(subprocess.run([binary, "get", "c01"], env=env, capture_output=True, check=True,
                               stdin=subprocess.DEVNULL).stdout.decode().strip())
    session = Session([binary, "-skipOnboarding"], env)
    try:
        first, _ = session.wait_for(re.compile(rf"c01: {value}\b"), session.start)
        samples["board_counter_first_frame"].append(first)
        for step in range(1, keys + 1):
            sent = time.perf_counter()
            session.send(b" ")
            latency, _ = session.wait_for(re.compile(rf"c01: {value + step}\b"), sent)
            samples["board_counter_key_to_frame"].append(latency)
        sent = time.perf_counter()
        session.send(b"B")
        latency, _ = session.wait_for(re.compile(rf"1  c01\s+{value + keys} "), sent)
        samples["board_first_frame"].append(latency)
        for step in range(1, keys + 1):
            sent = time.perf_counter()
            session.send(b"1")
            latency, _ = session.wait_for(re.compile(rf"1  c01\s+{value + keys + step} "), sent)
            samples["board_key_to_frame"].append(latency)
        session.send(b"q")
        session.wait_for(re.compile(rf"c01: {value + 2 * keys}\b"), time.perf_counter())
        session.quit()
    finally:
        session.kill()


def table_runs(binary, env, samples):
    """Whole-process `tally table --by 15m` (today) on 30 counters with a year of history."""
    start = time.perf_counter()
    done = subprocess.run([binary, "table", "--by", "15m"], env=env, capture_output=True, stdin=subprocess.DEVNULL)
    samples["table_15m"].append(time.perf_counter() - start)
    if done.returncode != 0 or len(done.stdout.splitlines()) < 2:
        raise RuntimeError(f"tally table: {done}")


def linked_home(binary, home):
    """A store with a plain counter and `rows` linked to `repeats` every 12 (issue 38)."""
    env = environment(home)
    for args in [("new", "plain"), ("new", "rows"), ("new", "repeats"), ("link", "rows", "repeats", "--every", "12")]:
        run_tally(binary, env, *args)
    return env


def linked_presses(binary, env, samples):
    """Whole-process `tally inc` on the plain counter and on the linked one, alternating."""
    for key, name in [("inc_plain", "plain"), ("inc_linked", "rows")]:
        start = time.perf_counter()
        done = subprocess.run([binary, "inc", name], env=env, capture_output=True, stdin=subprocess.DEVNULL)
        samples[key].append(time.perf_counter() - start)
        if done.returncode != 0 or not done.stdout.strip():
            raise RuntimeError(f"tally inc {name}: {done}")


def watch_session(binary, env, samples, idle_seconds):
    """`tally watch` as a status bar runs it: the seconds from the start of a `tally inc` in
    another process to the watch's line, then CPU time and peak RSS over `idle_seconds` of
    nothing."""
    watch = subprocess.Popen([binary, "watch", "Count", "--format", "{name} {value} {progress}"], env=env,
                             stdout=subprocess.PIPE, stdin=subprocess.DEVNULL)
    try:
        first = watch.stdout.readline()
        if not first:
            raise RuntimeError("tally watch printed nothing")
        for _ in range(5):
            started = time.perf_counter()
            run_tally(binary, env, "inc")
            ready, _, _ = select.select([watch.stdout], [], [], TIMEOUT)
            if not ready:
                raise RuntimeError("tally watch printed no line after an inc")
            watch.stdout.readline()
            samples["watch_latency"].append(time.perf_counter() - started)
            # The line after the history's write, if the value's came first.
            while select.select([watch.stdout], [], [], 0.2)[0]:
                watch.stdout.readline()

        def cpu_seconds():
            with open(f"/proc/{watch.pid}/stat") as file:
                fields = file.read().rsplit(")", 1)[1].split()
            return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

        before = cpu_seconds()
        ready, _, _ = select.select([watch.stdout], [], [], idle_seconds)
        samples["watch_idle_lines"].append(1 if ready else 0)
        samples["watch_idle_cpu"].append(cpu_seconds() - before)
        with open(f"/proc/{watch.pid}/status") as file:
            samples["watch_rss"].append(next(int(line.split()[1]) * 1024 for line in file if line.startswith("VmHWM:")))
    finally:
        watch.terminate()
        status = watch.wait(TIMEOUT)
        if status != 0:
            raise RuntimeError(f"tally watch ended with {status} on SIGTERM")


def history_import(binary, home, samples):
    """`tally import` of ten years at 40 a day (146,000 changes) into a new store."""
    backup = os.path.join(home, "backup.json")
    if not os.path.exists(backup):
        subprocess.run([sys.executable, HISTORY_DATA, "backup", "10", "40", backup], check=True)
    data = os.path.join(home, "import")
    shutil.rmtree(data, ignore_errors=True)
    env = environment(data)
    elapsed, rss = timed_maxrss([binary, "import", backup], env)
    samples["history_import"].append(elapsed)
    samples["history_import_rss"].append(rss)


def increments(program, home, runs, samples):
    """Whole-process time of `inc` (spawn to exit), each run checked against the store."""
    env = environment(home)
    store = program.store_path(env["XDG_DATA_HOME"])
    for _ in range(runs):
        before = stored_count(store) or 0
        read_end, write_end = os.pipe()
        start = time.perf_counter()
        pid = os.posix_spawn(
            program.binary, [program.binary] + program.inc_args, env,
            file_actions=[(os.POSIX_SPAWN_DUP2, write_end, 1),
                          (os.POSIX_SPAWN_OPEN, 0, "/dev/null", os.O_RDONLY, 0)])
        _, status = os.waitpid(pid, 0)
        elapsed = time.perf_counter() - start
        os.close(write_end)
        printed = os.read(read_end, 4096).decode().strip()
        os.close(read_end)
        if os.waitstatus_to_exitcode(status) != 0 or printed != str(before + 1):
            raise RuntimeError(f"{program.name} inc: status {status}, printed {printed!r}, "
                               f"expected {before + 1}")
        if stored_count(store) != before + 1:
            raise RuntimeError(f"{program.name} inc did not store {before + 1}")
        samples["inc"].append(elapsed)


def language_first_frames(binary, home, catalogs, samples):
    """The first frame on the in-memory store in English and in German, one after the other:
    German reads de.mo from `catalogs` (docs/translations.md), English reads no catalog."""
    for key, language in [("first_frame_english", {}),
                          ("first_frame_german", {"LANG": "de_DE.UTF-8", "TALLY_CATALOGS": catalogs})]:
        session = Session([binary, "-useInMemoryUserDefaults", "-skipOnboarding"], {**environment(home), **language})
        try:
            first, _ = session.wait_for(count_pattern(0), session.start)
            samples[key].append(first)
            session.quit()
        finally:
            session.kill()


def floor_session(binary, home, samples):
    session = Session([binary], environment(home))
    try:
        first, _ = session.wait_for(count_pattern(0), session.start)
        samples["first_frame_memory"].append(first)
        samples["peak_rss_memory"].append(session.quit())
    finally:
        session.kill()


def machine():
    cpu = "unknown"
    with open("/proc/cpuinfo") as file:
        for line in file:
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    swift = subprocess.run(["swift", "--version"], capture_output=True, text=True)
    swift_version = (swift.stdout + swift.stderr).strip().splitlines()
    return {
        "cores": os.cpu_count(),
        "cpu": cpu,
        "kernel": platform.release(),
        "swift": swift_version[0] if swift_version else "unknown",
        "load_average": os.getloadavg(),
    }


def median(values):
    return statistics.median(values) if values else float("nan")


def ms(seconds):
    return f"{seconds * 1000:.2f} ms"


def mib(size):
    return f"{size / (1 << 20):.1f} MiB"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tally", required=True)
    parser.add_argument("--reference", required=True)
    parser.add_argument("--floor", required=True, help="ncurses-only Swift program")
    parser.add_argument("--floor-essentials", required=True)
    parser.add_argument("--floor-foundation", required=True)
    parser.add_argument("--rounds", type=int, default=20)
    parser.add_argument("--keys", type=int, default=3, help="single keys per session")
    parser.add_argument("--inc-runs", type=int, default=5, help="`inc` runs per round")
    parser.add_argument("--json", help="write every sample here")
    parser.add_argument("--catalogs", default=os.path.abspath("Resources/po"),
                        help="the folder with de.mo (or de.po), for the German first frame")
    parser.add_argument("--watch-idle", type=float, default=60, help="seconds of an idle `tally watch`")
    options = parser.parse_args()

    tally = Program("tally", options.tally, ["-useInMemoryUserDefaults", "-skipOnboarding"],
                    ["-skipOnboarding"], ["inc"], "tally")
    reference = Program("reference", options.reference, ["-m"], [], ["inc"], "tally-ref")
    floors = {"floor (ncurses only)": options.floor,
              "floor + FoundationEssentials": options.floor_essentials,
              "floor + Foundation": options.floor_foundation}

    samples = {name: {} for name in ["tally", "reference", *floors]}
    for table in samples.values():
        for key in ["first_frame_memory", "first_frame_bytes", "key_to_frame_memory",
                    "bytes_per_increment", "peak_rss_memory", "first_frame_file",
                    "key_to_frame_file", "burst_final_frame", "burst_bytes", "burst_durable",
                    "peak_rss_file", "inc", "first_frame_sync", "merged_frame_sync",
                    "get_folder_changed", "get_folder_unchanged", "history_import",
                    "history_import_rss", "get_plain", *(key for key, _ in GET_FORMATS), "watch_latency",
                    "watch_idle_cpu", "watch_idle_lines", "watch_rss", "inc_plain", "inc_linked", "table_15m", "board_counter_first_frame",
                    "board_counter_key_to_frame", "board_first_frame", "board_key_to_frame",
                    "first_frame_english", "first_frame_german"]:
            table[key] = []
        for label, *_ in HISTORY_SIZES:
            for key in ["history_first_frame", "history_key_to_frame", "history_rss", "history_stats",
                        "history_log20", *(f"history_view_{view}" for _, view, _ in HISTORY_VIEWS)]:
                table[f"{key} {label}"] = []

    info = machine()
    scratch = tempfile.mkdtemp(prefix="tally-bench-")
    try:
        folder_env, folder = big_folder(tally.binary, tempfile.mkdtemp(dir=scratch))
        print("making the histories...", file=sys.stderr)
        histories = [(label, history_home(tally.binary, tempfile.mkdtemp(dir=scratch), years, per_day, machines))
                     for label, years, per_day, machines in HISTORY_SIZES]
        import_home = tempfile.mkdtemp(dir=scratch)
        linked_env = linked_home(tally.binary, tempfile.mkdtemp(dir=scratch))
        board_env = board_home(tally.binary, tempfile.mkdtemp(dir=scratch))
        for round_index in range(options.rounds):
            # Alternate who goes first, so that neither always runs on a warmer machine.
            order = [tally, reference] if round_index % 2 == 0 else [reference, tally]
            for program in order:
                home = tempfile.mkdtemp(dir=scratch)
                interactive_memory(program, home, options.keys, samples[program.name])
                interactive_file(program, home, options.keys, samples[program.name])
                increments(program, home, options.inc_runs, samples[program.name])
                shutil.rmtree(home)
            home = tempfile.mkdtemp(dir=scratch)
            interactive_sync(tally.binary, home, samples["tally"])
            shutil.rmtree(home)
            folder_gets(tally.binary, folder_env, folder, samples["tally"])
            for label, env in histories:
                history_session(tally.binary, env, options.keys, samples["tally"], label)
            history_import(tally.binary, import_home, samples["tally"])
            for _ in range(options.inc_runs):
                get_formats(tally.binary, histories[1][1], samples["tally"])
                linked_presses(tally.binary, linked_env, samples["tally"])
                table_runs(tally.binary, board_env, samples["tally"])
            board_session(tally.binary, board_env, options.keys, samples["tally"])
            for _ in range(options.inc_runs):
                home = tempfile.mkdtemp(dir=scratch)
                language_first_frames(tally.binary, home, options.catalogs, samples["tally"])
                shutil.rmtree(home)
            for name, binary in floors.items():
                home = tempfile.mkdtemp(dir=scratch)
                floor_session(binary, home, samples[name])
                shutil.rmtree(home)
            print(f"round {round_index + 1}/{options.rounds} done", file=sys.stderr)
        # Once: a minute of an idle watch, on the year of history.
        watch_session(tally.binary, histories[1][1], samples["tally"], options.watch_idle)
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    info["load_average_after"] = os.getloadavg()

    t, r = samples["tally"], samples["reference"]
    floor_rss = median(samples["floor (ncurses only)"]["peak_rss_memory"])

    def row(label, key, fmt, target=None, limit=None):
        tm, rm = median(t[key]), median(r[key])
        ratio = tm / rm if rm else float("nan")
        verdict = ""
        if target is not None:
            verdict = "met" if ratio <= limit else "MISSED"
            verdict = f"{target}: {verdict}"
        return f"| {label} | {fmt(tm)} | {fmt(rm)} | {ratio:.2f}x | {verdict} |"

    def sync_rows():
        # The reference has no sync: Tally with sync on against the reference's file store.
        rm = median(r["first_frame_file"])
        setup = f"{SYNC_MACHINES} other machines x {SYNC_COUNTERS} counters; reference: file store"
        first = median(t["first_frame_sync"])
        merged = median(t["merged_frame_sync"])
        inc = median(r["inc"])
        changed, unchanged = median(t["get_folder_changed"]), median(t["get_folder_unchanged"])
        return [
            f"| first frame, file store, sync on ({setup}) | {ms(first)} | {ms(rm)} | "
            f"{first / rm:.2f}x | <= 1.5x: {'met' if first / rm <= 1.5 else 'MISSED'} |",
            f"| the frame with every machine's counts, sync on (same) | {ms(merged)} | {ms(rm)} | "
            f"{merged / rm:.2f}x |  |",
            f"| `get`, whole process, {FOLDER_MACHINES} other machines' files all changed (reference: `inc`) | "
            f"{ms(changed)} | {ms(inc)} | {changed / inc:.2f}x |  |",
            f"| `get`, whole process, the same folder unchanged (reference: `inc`) | "
            f"{ms(unchanged)} | {ms(inc)} | {unchanged / inc:.2f}x |  |",
        ]

    lines = [
        f"Tally vs the C reference: medians of {options.rounds} alternating rounds, "
        f"pty {COLUMNS}x{ROWS}, TERM=xterm-256color",
        "",
        "| figure | Tally | reference | Tally/ref | target |",
        "|---|---|---|---|---|",
        row("first frame, in-memory store", "first_frame_memory", ms, "<= 1.5x", 1.5),
        row("first frame, file store", "first_frame_file", ms, "<= 1.5x", 1.5),
        *sync_rows(),
        row("key to frame, in-memory store", "key_to_frame_memory", ms, "<= 2x", 2.0),
        row("key to frame, file store (durable)", "key_to_frame_file", ms, "<= 2x", 2.0),
        row("`inc`, whole process", "inc", ms, "<= 2x", 2.0),
        row(f"{BURST:,}-key burst to final frame", "burst_final_frame", ms),
        row("terminal bytes, first frame", "first_frame_bytes", lambda v: f"{v:.0f} B"),
        row("terminal bytes per increment", "bytes_per_increment", lambda v: f"{v:.0f} B"),
        row(f"terminal bytes, {BURST:,}-key burst", "burst_bytes", lambda v: f"{v:.0f} B"),
        row("peak RSS, in-memory session", "peak_rss_memory", mib),
        row(f"peak RSS, file session with burst", "peak_rss_file", mib),
    ]

    def check(label, ok, detail):
        return f"| {label} | {detail} | {'met' if ok else 'MISSED'} |"

    # The history axis: Tally on each history, the reference on its file store (it keeps none).
    big = HISTORY_SIZES[-1][0]
    empty = HISTORY_SIZES[0][0]
    ref_first, ref_key = median(r["first_frame_file"]), median(r["key_to_frame_file"])
    lines += ["", "| history | first frame | key to frame (goal shown) | `stats` | `log -n 20` | app peak RSS |",
              "|---|---|---|---|---|---|"]
    for label, *_ in HISTORY_SIZES:
        lines.append(
            f"| {label} | {ms(median(t['history_first_frame ' + label]))} | "
            f"{ms(median(t['history_key_to_frame ' + label]))} | {ms(median(t['history_stats ' + label]))} | "
            f"{ms(median(t['history_log20 ' + label]))} | {mib(median(t['history_rss ' + label]))} |")
    lines.append(f"| C reference (file store, no history) | {ms(ref_first)} | {ms(ref_key)} |  |  |  |")
    views = [view for _, view, _ in HISTORY_VIEWS]
    lines += ["", "| history | " + " | ".join(f"`H`: {view} view, key to frame" for view in views) + " |",
              "|---|" + "---|" * len(views)]
    for label, *_ in HISTORY_SIZES:
        lines.append(f"| {label} | " + " | ".join(ms(median(t[f"history_view_{view} {label}"])) for view in views) + " |")
    big_first = median(t["history_first_frame " + big])
    empty_first = median(t["history_first_frame " + empty])
    big_key = median(t["history_key_to_frame " + big])
    big_rss, empty_rss = median(t["history_rss " + big]), median(t["history_rss " + empty])
    import_time, import_rss = median(t["history_import"]), max(t["history_import_rss"])
    history_checks = [
        check(f"first frame, {big}, at most 1.5x the reference", big_first <= 1.5 * ref_first,
              f"{ms(big_first)} = {big_first / ref_first:.2f}x {ms(ref_first)}"),
        check(f"first frame, {big}, at most 1.1x Tally's on no history", big_first <= 1.1 * empty_first,
              f"{ms(big_first)} = {big_first / empty_first:.2f}x {ms(empty_first)}"),
        check(f"key to frame with the goal shown, {big}, at most 2x the reference", big_key <= 2 * ref_key,
              f"{ms(big_key)} = {big_key / ref_key:.2f}x {ms(ref_key)}"),
        check(f"`tally stats`, {big}, under 20 ms", median(t["history_stats " + big]) < 0.020,
              ms(median(t["history_stats " + big]))),
        check(f"`tally log -n 20`, {big}, under 20 ms", median(t["history_log20 " + big]) < 0.020,
              ms(median(t["history_log20 " + big]))),
        *(check(f"`H`: the {view} view, {big}, within a frame (16 ms)",
                median(t[f"history_view_{view} {big}"]) < 0.016,
                f"{ms(median(t[f'history_view_{view} {big}']))} (no history: "
                f"{ms(median(t[f'history_view_{view} {empty}']))})") for view in views),
        check("import of 146,000 changes under 3 s", import_time < 3.0, ms(import_time)),
        check("first frame in German at most 0.2 ms more than in English (in-memory store)"
              + ("" if os.path.exists(os.path.join(options.catalogs, "de.mo")) else "; no de.mo: German is English"),
              median(t["first_frame_german"]) - median(t["first_frame_english"]) <= 0.0002,
              f"{ms(median(t['first_frame_german']))} vs {ms(median(t['first_frame_english']))}"),
        *(check(f"`get --format '{template}'` within 1.1x plain `get` (1 year of history)",
                median(t[key]) <= 1.1 * median(t["get_plain"]),
                f"{ms(median(t[key]))} = {median(t[key]) / median(t['get_plain']):.2f}x {ms(median(t['get_plain']))}")
          for key, template in GET_FORMATS),
        check("`tally watch`: its line within 0.5 s of the start of another process's `inc`",
              max(t["watch_latency"]) < 0.5,
              f"median {ms(median(t['watch_latency']))}, slowest {ms(max(t['watch_latency']))}"),
        check(f"`tally watch` idle {options.watch_idle:.0f} s: no CPU time, no line",
              max(t["watch_idle_cpu"]) == 0 and max(t["watch_idle_lines"]) == 0,
              f"{max(t['watch_idle_cpu']):.2f} s of CPU, {max(t['watch_idle_lines'])} lines"),
        check("`tally inc` on a linked counter at most 1.1x on a plain one",
              median(t["inc_linked"]) <= 1.1 * median(t["inc_plain"]),
              f"{ms(median(t['inc_linked']))} = {median(t['inc_linked']) / median(t['inc_plain']):.2f}x "
              f"{ms(median(t['inc_plain']))}"),
        *(check(f"the board's {what} at most 1.5x the counter screen's (30 counters, a year each)",
                median(t[f"board_{key}"]) <= 1.5 * median(t[f"board_counter_{key}"]),
                f"{ms(median(t[f'board_{key}']))} = {median(t[f'board_{key}']) / median(t[f'board_counter_{key}']):.2f}x "
                f"{ms(median(t[f'board_counter_{key}']))}")
          for what, key in [("first frame", "first_frame"), ("key to frame", "key_to_frame")]),
        check("`tally table --by 15m` over a year of 30 counters under 100 ms", median(t["table_15m"]) < 0.100,
              ms(median(t["table_15m"]))),
        check("`tally watch`: peak RSS under 10 MiB", max(t["watch_rss"]) < 10 << 20, mib(max(t["watch_rss"]))),
        check("import of 146,000 changes, peak RSS under 64 MiB", import_rss < 64 << 20, f"largest {mib(import_rss)}"),
        check(f"app peak RSS, {big}, at most 1.2x on no history", big_rss <= 1.2 * empty_rss,
              f"{mib(big_rss)} = {big_rss / empty_rss:.2f}x {mib(empty_rss)}"),
    ]

    burst_max = max(t["burst_final_frame"])
    durable = all(v == 1.0 for v in t["burst_durable"])
    bytes_median, bytes_max = median(t["bytes_per_increment"]), max(t["bytes_per_increment"])
    rss_targets = [("in-memory session", median(t["peak_rss_memory"])),
                   ("file session with burst", median(t["peak_rss_file"]))]
    lines += [
        "",
        "| absolute target | Tally | verdict |",
        "|---|---|---|",
        check(f"{BURST:,}-key burst: every increment on disk and on screen, within 1 s",
              durable and burst_max <= 1.0,
              f"slowest {ms(burst_max)}; store right at the final frame in "
              f"{sum(t['burst_durable']):.0f}/{len(t['burst_durable'])} runs"),
        check("at most 150 B of terminal output per increment", bytes_max <= 150,
              f"median {bytes_median:.0f} B, largest {bytes_max} B"),
    ]
    for label, value in rss_targets:
        lines.append(check(f"peak RSS ({label}) at most 1.6x the Swift ncurses floor",
                           value <= 1.6 * floor_rss,
                           f"{mib(value)} = {value / floor_rss:.2f}x {mib(floor_rss)}"))
    lines += history_checks
    lines += [
        "",
        "| floor program | first frame | peak RSS |",
        "|---|---|---|",
        f"| C reference (`tally_ref -m`) | {ms(median(r['first_frame_memory']))} | "
        f"{mib(median(r['peak_rss_memory']))} |",
    ]
    for name in floors:
        lines.append(f"| {name} | {ms(median(samples[name]['first_frame_memory']))} | "
                     f"{mib(median(samples[name]['peak_rss_memory']))} |")
    lines.append(f"| Tally (`-useInMemoryUserDefaults -skipOnboarding`) | "
                 f"{ms(median(t['first_frame_memory']))} | {mib(median(t['peak_rss_memory']))} |")
    lines += [
        "",
        f"machine: {info['cores']} cores, {info['cpu']}, Linux {info['kernel']}, "
        f"{info['swift']}; load average before "
        f"{' '.join(f'{v:.2f}' for v in info['load_average'])}, after "
        f"{' '.join(f'{v:.2f}' for v in info['load_average_after'])}",
    ]
    print("\n".join(lines))

    if options.json:
        with open(options.json, "w") as file:
            json.dump({"machine": info, "rounds": options.rounds, "samples": samples}, file,
                      indent=1)


if __name__ == "__main__":
    main()
