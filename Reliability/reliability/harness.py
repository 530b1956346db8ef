"""What every campaign shares: a tally in a pseudo-terminal read through a terminal emulator,
tally commands run to completion, throw-away data directories, an independent reading of the
store, `stty -g` of a terminal, and the result every campaign hands back.

The pseudo-terminal driver follows Benchmarks/side_by_side.py (posix_spawn with setsid, the
slave as standard input and output, pyte as the screen) but keeps no timing: it feeds the
emulator as it reads. Standard error goes to a file, so tally's own messages are kept apart
from the screen. The slave side stays open here, so that `stty -g` can be asked for the
terminal's modes before tally starts and after it ends.
"""

import fcntl
import glob
import os
import stat
import plistlib
import re
import select
import shutil
import signal
import struct
import subprocess
import tempfile
import termios
import time

import pyte

COUNT = re.compile(r"Count: (-?\d+)")
# The plain value line of whichever counter is on screen: "<name>: <value>", centred.
VALUE_LINE = re.compile(r"^ +\S(?:.*\S)?: (-?\d+)$")
TIMEOUT = 10.0
DEFAULT_SIGNALS = (signal.SIGPIPE, signal.SIGXFSZ, signal.SIGINT, signal.SIGQUIT, signal.SIGTERM, signal.SIGHUP,
                   signal.SIGTSTP, signal.SIGTTIN, signal.SIGTTOU, signal.SIGUSR1, signal.SIGCHLD)


def base_environment(home, term="xterm-256color", extra=None, drop=()):
    """A minimal environment with HOME and XDG_DATA_HOME inside `home` (never the real one)."""
    env = {
        "PATH": "/usr/local/bin:/usr/bin:/bin",
        "HOME": home,
        "XDG_DATA_HOME": os.path.join(home, "data"),
        "LANG": "C.UTF-8",
        "TERM": term,
    }
    if extra:
        env.update(extra)
    for name in drop:
        env.pop(name, None)
    return env


class Workspace:
    """A temporary directory with a HOME and a data directory for one campaign or case."""

    def __init__(self, prefix="tally-rel-"):
        self.root = tempfile.mkdtemp(prefix=prefix)
        os.chmod(self.root, 0o755)
        self.home = os.path.join(self.root, "home")
        os.makedirs(self.home)
        self.data = os.path.join(self.home, "data")
        self.store_dir = os.path.join(self.data, "tally")
        self.store = os.path.join(self.store_dir, "defaults.plist")

    def env(self, **kwargs):
        return base_environment(self.home, **kwargs)

    def corrupt_files(self):
        """The store's bytes kept aside: moved (`.corrupt-*`) or copied (`.copy-*`)."""
        return sorted(glob.glob(self.store + ".corrupt-*") + glob.glob(self.store + ".copy-*"))

    def reset_store(self, value=None):
        shutil.rmtree(self.store_dir, ignore_errors=True)
        if value is not None:
            write_store(self.store, {"count": value})

    def cleanup(self):
        shutil.rmtree(self.root, ignore_errors=True)

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.cleanup()


def write_store(path, values):
    os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
    with open(path, "wb") as file:
        plistlib.dump(values, file, fmt=plistlib.FMT_XML)


class StoreReading:
    """The store file read by Python's plistlib, independently of tally's own codec."""

    def __init__(self, path):
        self.path = path
        self.exists = os.path.exists(path)
        self.values = None
        self.error = None
        if self.exists and not stat.S_ISREG(os.stat(path).st_mode):
            self.error = "not a regular file"
        elif self.exists:
            try:
                with open(path, "rb") as file:
                    self.values = plistlib.load(file)
                if not isinstance(self.values, dict):
                    self.error = f"top level is a {type(self.values).__name__}"
            except Exception as error:  # noqa: BLE001 - any failure is "unreadable"
                self.error = f"{type(error).__name__}: {error}"
                self._read_utf16()

    def _read_utf16(self):
        """Foundation reads an XML property list by its byte-order mark, whatever its
        declaration says, a comment holding --, a second root value or bytes after </plist>, and a bare <dict> without <plist> around it;
        plistlib refuses them.
        Read them as Foundation does, so that what Tally keeps of them can be compared."""
        with open(self.path, "rb") as file:
            raw = file.read()
        try:
            if raw.startswith((b"\xff\xfe", b"\xfe\xff")):
                raw = raw.decode("utf-16").encode("utf-8")
            elif re.search(rb"</dict>\s*(<dict/>|<dict>.*</dict>)?\s*</plist>\s*[^\s]", raw + b"x", re.DOTALL) and \
                    re.search(rb"</dict>\s*(<dict/>|<dict>)|</plist>[\s\x00]*[^\s\x00]|\x00", raw):
                # Foundation reads the first root value and stops: a second value after it, or
                # bytes after </plist> (NULs from a file extended by a crash), are ignored.
                first = re.search(rb"^(.*?<plist[^>]*>\s*<dict>.*?</dict>)", raw, re.DOTALL)
                if not first:
                    return
                raw = first.group(1) + b"</plist>"
            elif b"<!--" in raw:
                # Foundation skips a comment whatever it holds; XML forbids "--" inside one.
                raw = re.sub(rb"<!--.*?-->", b"", raw, flags=re.DOTALL)
            elif b"<plist" not in raw and raw.lstrip().startswith(b"<dict"):
                # Foundation also reads a bare <dict> without the <plist> element around it.
                raw = b'<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">' + raw + b"</plist>"
            else:
                return
            values = plistlib.loads(raw)
        except Exception:  # noqa: BLE001 - still unreadable
            return
        if isinstance(values, dict):
            self.values, self.error = values, None

    @property
    def readable(self):
        return not self.exists or self.error is None

    @property
    def count(self):
        if not self.values:
            return 0
        value = self.values.get("count", 0)
        return value if isinstance(value, int) else None

    def current_count(self):
        """The value of the counter on screen: `currentCounter`, or the first one listed."""
        if not self.values:
            return 0
        records = self.values.get("counters", [{"id": "count"}])
        ids = [r.get("id") for r in records if isinstance(r, dict)] if isinstance(records, list) else []
        current = self.values.get("currentCounter", "count")
        if current not in ids:
            current = ids[0] if ids else "count"
        value = self.values.get(current, 0)
        return value if isinstance(value, int) and not isinstance(value, bool) else None


def stty_settings(fd):
    """`stty -g` of the terminal open as `fd`."""
    result = subprocess.run(["stty", "-g"], stdin=fd, capture_output=True, text=True, timeout=5)
    return result.stdout.strip() if result.returncode == 0 else f"stty failed: {result.stderr.strip()}"


class ChildGone(Exception):
    pass


class Session:
    """tally running in its own pseudo-terminal; the screen is a pyte emulator."""

    def __init__(self, argv, env, columns=80, rows=24, stdin=None, stdout=None, stderr_path=None,
                 preexec_user=None):
        self.columns, self.rows = columns, rows
        self.master, self.slave = os.openpty()
        self.set_size(columns, rows, signal_child=False)
        self.slave_name = os.ttyname(self.slave)
        self.stty_before = stty_settings(self.slave)
        self.screen = pyte.Screen(max(columns, 1), max(rows, 1))
        self.stream = pyte.ByteStream(self.screen)
        self.output = bytearray()
        self.status = None
        self.stderr_path = stderr_path or tempfile.mktemp(prefix="tally-stderr-")
        actions = [(os.POSIX_SPAWN_OPEN, 0, self.slave_name, os.O_RDWR, 0)]
        actions.append((os.POSIX_SPAWN_DUP2, 0, 1))
        if stdin is not None:
            actions.append((os.POSIX_SPAWN_OPEN, 0, stdin, os.O_RDONLY, 0))
        if stdout is not None:
            actions.append((os.POSIX_SPAWN_OPEN, 1, stdout, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))
        actions.append((os.POSIX_SPAWN_OPEN, 2, self.stderr_path, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600))
        if preexec_user is not None:
            argv = ["setpriv", f"--reuid={preexec_user}", f"--regid={preexec_user}", "--clear-groups", "--"] + list(argv)
        program = shutil.which(argv[0]) or argv[0]
        self.started = time.monotonic()
        # Python ignores SIGPIPE and SIGXFSZ, and an ignored signal stays ignored across exec:
        # give tally the default dispositions and an empty mask, as a shell would.
        self.pid = os.posix_spawn(program, list(argv), env, setsid=True, file_actions=actions,
                                  setsigdef=DEFAULT_SIGNALS, setsigmask=())
        os.set_blocking(self.master, False)

    # Terminal size ---------------------------------------------------------------------

    def set_size(self, columns, rows, signal_child=True):
        """Sets the window size; the kernel sends SIGWINCH to the foreground process group."""
        fcntl.ioctl(self.master, termios.TIOCSWINSZ, struct.pack("HHHH", rows, columns, 0, 0))
        self.columns, self.rows = columns, rows
        if signal_child and hasattr(self, "screen"):
            self.screen.resize(max(rows, 1), max(columns, 1))

    # Output ----------------------------------------------------------------------------

    def pump(self, timeout=0.0):
        """Reads whatever output is there (waiting up to `timeout`); feeds the emulator.
        Returns the number of bytes read."""
        total = 0
        ready, _, _ = select.select([self.master], [], [], timeout)
        while ready:
            try:
                data = os.read(self.master, 65536)
            except BlockingIOError:
                break
            except OSError:
                break
            if not data:
                break
            total += len(data)
            self.output += data
            self.stream.feed(data)
            ready, _, _ = select.select([self.master], [], [], 0)
        return total

    def drain(self, quiet=0.05, limit=2.0):
        """Reads until the output has been quiet for `quiet` seconds (at most `limit`)."""
        deadline = time.monotonic() + limit
        while time.monotonic() < deadline:
            if not self.pump(quiet):
                return

    def lines(self):
        return list(self.screen.display)

    def text(self):
        return "\n".join(line.rstrip() for line in self.screen.display)

    def count(self):
        """The value of the `Count: N` line on screen, or None."""
        for line in self.screen.display:
            match = COUNT.search(line)
            if match:
                return int(match.group(1))
        return None

    def wait_for(self, predicate, timeout=TIMEOUT):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            self.pump(0.02)
            if predicate(self):
                return True
            if self.poll() is not None:
                self.pump(0)
                return predicate(self)
        return False

    def shown_value(self):
        """The value on the plain value line of the counter on screen, whatever its name."""
        for line in self.screen.display:
            match = VALUE_LINE.match(line.rstrip())
            if match:
                return int(match.group(1))
        return None

    def wait_for_count(self, value=None, timeout=TIMEOUT):
        if value is None:
            return self.wait_for(lambda s: s.count() is not None, timeout)
        return self.wait_for(lambda s: s.count() == value, timeout)

    # Input -----------------------------------------------------------------------------

    def send(self, data, timeout=TIMEOUT):
        """Writes all of `data`, reading output meanwhile so neither side blocks."""
        view = memoryview(bytes(data))
        deadline = time.monotonic() + timeout
        while view:
            if time.monotonic() > deadline:
                raise TimeoutError(f"tally stopped reading input ({len(view)} bytes left)")
            if self.poll() is not None:
                raise ChildGone(f"tally exited ({self.describe_status()}) with {len(view)} bytes unsent")
            readable, writable, _ = select.select([self.master], [self.master], [], 0.1)
            if writable:
                try:
                    view = view[os.write(self.master, view):]
                except BlockingIOError:
                    pass
            if readable:
                self.pump(0)

    # Process ---------------------------------------------------------------------------

    def poll(self):
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
        return self.status

    def wait(self, timeout=TIMEOUT):
        """Waits for the exit (reading output meanwhile); returns the wait status or None."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.poll() is not None:
                self.pump(0)
                return self.status
            self.pump(0.01)
        return None

    def signal(self, number):
        try:
            os.kill(self.pid, number)
        except ProcessLookupError:
            pass

    def kill(self):
        if self.poll() is None:
            self.signal(signal.SIGKILL)
            os.waitpid(self.pid, 0)
            self.status = -9
        self.pump(0)

    def describe_status(self):
        return describe_status(self.status)

    def quit_and_check(self, result, where, failure="did not quit with 0"):
        """Sends q; records a failure unless the program exits 0 with the terminal modes it found."""
        self.send(b"q")
        status = self.wait(5)
        if status is None or os.waitstatus_to_exitcode(status) != 0:
            result.fail(failure, f"{where}: {describe_status(status)}")
        if self.stty_now() != self.stty_before:
            result.fail("terminal modes changed", where)

    def stty_now(self):
        return stty_settings(self.slave)

    def stderr(self):
        try:
            with open(self.stderr_path, "rb") as file:
                return file.read().decode("utf-8", "replace")
        except FileNotFoundError:
            return ""

    def close(self):
        if self.status is None:
            self.kill()
        for fd in (self.master, self.slave):
            try:
                os.close(fd)
            except OSError:
                pass
        try:
            os.unlink(self.stderr_path)
        except OSError:
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def describe_status(status):
    if status is None:
        return "still running"
    if status == -9:
        return "killed by SIGKILL (by the campaign)"
    if os.WIFSIGNALED(status):
        return f"killed by {signal.Signals(os.WTERMSIG(status)).name}"
    if os.WIFSTOPPED(status):
        return f"stopped by {signal.Signals(os.WSTOPSIG(status)).name}"
    return f"exit {os.WEXITSTATUS(status)}"


def exit_code(status):
    """Exit status as a shell shows it: 128+n for a signal."""
    if os.WIFSIGNALED(status):
        return 128 + os.WTERMSIG(status)
    return os.WEXITSTATUS(status)


def run_command(tally, args, env, timeout=TIMEOUT, stdin=subprocess.DEVNULL, user=None, **kwargs):
    """Runs `tally ARGS` to completion; returns a CompletedProcess (returncode -N: signal N).
    On a timeout the process is killed and the returncode is None."""
    argv = [tally] + list(args)
    if user is not None:
        argv = ["setpriv", f"--reuid={user}", f"--regid={user}", "--clear-groups", "--"] + argv
    try:
        return subprocess.run(argv, env=env, capture_output=True, timeout=timeout, stdin=stdin, **kwargs)
    except subprocess.TimeoutExpired as expired:
        return subprocess.CompletedProcess(argv, None, expired.stdout or b"", expired.stderr or b"")


class Result:
    """One campaign's outcome: its size, what it checked, and every failure with a repro."""

    def __init__(self, name, seed=None):
        self.name = name
        self.seed = seed
        self.size = ""
        self.checks = ""
        self.cases = 0
        self.failures = []  # (kind, detail)
        self.notes = []
        self.started = time.monotonic()
        self.seconds = 0.0

    def fail(self, kind, detail):
        self.failures.append((kind, detail))

    def note(self, text):
        self.notes.append(text)

    def finish(self):
        self.seconds = time.monotonic() - self.started
        return self

    @property
    def passed(self):
        return not self.failures

    def summary_of_failures(self):
        """Failures grouped by kind: kind -> (count, first detail)."""
        groups = {}
        for kind, detail in self.failures:
            count, first = groups.get(kind, (0, detail))
            groups[kind] = (count + 1, first)
        return groups

    def to_json(self):
        return {
            "campaign": self.name, "seed": self.seed, "size": self.size, "checks": self.checks,
            "cases": self.cases, "failures": len(self.failures), "seconds": round(self.seconds, 1),
            "failure_kinds": {kind: {"count": count, "first": first}
                              for kind, (count, first) in self.summary_of_failures().items()},
            "notes": self.notes,
            "all_failures": [{"kind": kind, "detail": detail[:1000]} for kind, detail in self.failures[:300]],
        }


def tally_args_interactive(memory=False):
    args = ["-skipOnboarding"]
    if memory:
        args.insert(0, "-useInMemoryUserDefaults")
    return args
