"""Storage faults: a read-only data directory, a full disk, a file-size limit, a data
directory path through a regular file, no HOME, and the data directory deleted under a
running tally.

Read-only and full disks are real: a small tmpfs mounted on a directory inside the temp
workspace (`mount -t tmpfs`, then `mount -o remount,ro`), when the machine allows it
(root in a container may not); otherwise the read-only cases run tally as nobody on a
directory of mode 0555, and the full-disk cases are skipped and reported.

Checked, for commands: the documented exit status (74), a clear message on stderr, the
store's bytes unchanged, no temp file left behind. For the interactive app: it keeps
running, shows a message that the value was not saved, keeps the value on screen, and saves
it once the fault is gone: at the next Space, and also when the user quits right after the
fault is gone (a value shown and never saved, then lost at q with exit 0, is a lost count).
"""

import os
import shutil
import signal
import subprocess
import time

from .harness import Result, Session, StoreReading, Workspace, describe_status, run_command, write_store

NOBODY = 65534
QUIT = {"app-space": False, "app-quit": True, "app-quit-during": "during"}


class Mount:
    """A small tmpfs at `path`; `available` is False when mounting is not allowed here."""

    def __init__(self, path, size="64k"):
        self.path = path
        os.makedirs(path, exist_ok=True)
        done = subprocess.run(["mount", "-t", "tmpfs", "-o", f"size={size},mode=0755", "tmpfs", path],
                              capture_output=True, text=True)
        self.available = done.returncode == 0
        self.error = done.stderr.strip()

    def read_only(self, flag):
        option = "remount,ro" if flag else "remount,rw"
        subprocess.run(["mount", "-o", option, self.path], check=True, capture_output=True)

    def unmount(self):
        if self.available:
            subprocess.run(["umount", "-l", self.path], capture_output=True)


def store_bytes(path):
    try:
        with open(path, "rb") as file:
            return file.read()
    except OSError:
        return None


def leftovers(directory):
    try:
        return [name for name in os.listdir(directory) if name.endswith(".tmp")]
    except OSError:
        return []


def app_fault_run(tally, result, label, work, env, break_it, mend_it, quit_after_mend, user=None):
    """The app on a store holding 5: Space (6, saved), the fault, Space x2, then the fault is
    mended and either Space (expect 9 saved) or q at once (expect 8 saved)."""
    write_store(work.store, {"count": 5, "hasOnboardingBeenShown": True})
    if user is not None:
        for path in (work.data, work.store_dir, work.store):
            os.chown(path, user, user)
    where = (f"{label}, app, q during the fault" if quit_after_mend == "during" else
             f"{label}, app, {'q' if quit_after_mend else 'Space'} after the fault is mended")
    with Session([tally, "-skipOnboarding"], env, preexec_user=user) as session:
        if not session.wait_for_count(5):
            result.fail("app did not start", f"{where}: {session.text()[:200]!r} {session.stderr()[:200]!r}")
            return
        session.send(b" ")
        session.wait_for_count(6, 3)
        break_it()
        session.send(b" ")  # two separate presses, two batches
        session.wait_for_count(7, 3)
        session.drain(0.1, 1)
        first_screen = session.text().lower()
        session.send(b" ")
        session.drain(0.2, 3)
        if session.poll() is not None:
            result.fail("app died on a storage fault", f"{where}: {session.describe_status()}; "
                        f"terminal restored: {session.stty_now() == session.stty_before}")
            mend_it()
            return
        shown = session.count()
        screen = session.text().lower()
        if shown != 8:
            result.fail("value on screen not kept", f"{where}: screen {shown}, expected 8")
        if "save" not in first_screen:
            result.fail("no message that the value was not saved",
                        f"{where}: after the first Space during the fault the screen shows Count: 7 and no "
                        f"message{' (one appears only after the second Space)' if 'save' in screen else ''}")
        on_disk = StoreReading(work.store)
        if on_disk.readable and on_disk.count not in (6,):
            result.fail("store changed during the fault", f"{where}: {on_disk.values}")
        if quit_after_mend == "during":
            session.send(b"q")
            status = session.wait(3)
            mend_it()
            stored = StoreReading(work.store).count
            code = None if status is None else os.waitstatus_to_exitcode(status)
            if status is None:
                session.send(b" ")  # still running: it must now save everything
                session.wait_for_count(9, 3)
                if StoreReading(work.store).count != 9:
                    result.fail("saving not retried", f"{where}: store {StoreReading(work.store).count}")
                session.send(b"q")
                session.wait(3)
            elif code == 0 and "save" not in session.stderr().lower():
                result.fail("shown value lost at quit",
                            f"{where}: screen showed 8, q during the fault exited 0 with no message; "
                            f"store holds {stored}")
            if session.stty_now() != session.stty_before:
                result.fail("terminal modes changed", where)
            result.cases += 1
            return
        mend_it()
        if quit_after_mend:
            session.send(b"q")
            status = session.wait(5)
            expected = 8
        else:
            session.send(b" ")
            session.wait_for_count(9, 3)
            expected = 9
            session.send(b"q")
            status = session.wait(5)
        stored = StoreReading(work.store).count
        if stored != expected:
            code = None if status is None else os.waitstatus_to_exitcode(status)
            result.fail("shown value lost" if quit_after_mend else "saving not retried",
                        f"{where}: screen showed {expected}, store holds {stored} after "
                        f"{'q (exit ' + str(code) + ')' if quit_after_mend else 'the next Space'}")
        if session.stty_now() != session.stty_before:
            result.fail("terminal modes changed", where)
        result.cases += 1


def command_fault_run(tally, result, label, work, env, args=("inc",), user=None, expected_status=74,
                      message_words=("cannot",)):
    before = store_bytes(work.store)
    done = run_command(tally, list(args), env, timeout=10, user=user)
    where = f"{label}: tally {' '.join(args)}"
    message = done.stderr.decode(errors="replace")
    if done.returncode is None:
        result.fail("hang", where)
    elif done.returncode < 0:
        result.fail("crash on a storage fault", f"{where}: killed by {signal.Signals(-done.returncode).name}; "
                    f"stderr {message!r}; temp files left: {leftovers(work.store_dir)}")
    elif done.returncode != expected_status:
        result.fail("wrong exit status", f"{where}: exit {done.returncode}, expected {expected_status}: {message!r}")
    if done.returncode is not None and done.returncode >= 0 and not any(w in message for w in message_words):
        result.fail("no clear message", f"{where}: {message!r}")
    if store_bytes(work.store) != before:
        result.fail("store changed by a failed command", where)
    if leftovers(work.store_dir):
        result.fail("temp file left behind", f"{where}: {leftovers(work.store_dir)}")
    result.cases += 1


def read_only_runs(tally, result, tmpfs_ok):
    for mode in ("command", "app-space", "app-quit", "app-quit-during"):
        with Workspace() as work:
            env = work.env()
            # The running app holds its history database open for writing, and Linux does not
            # remount a filesystem read-only while a file on it is open for writing (EBUSY):
            # the app's cases make the data directory read-only by its mode instead.
            if tmpfs_ok and mode == "command":
                mount = Mount(work.data)
                os.makedirs(work.store_dir, exist_ok=True)

                def break_it():
                    mount.read_only(True)

                def mend_it():
                    mount.read_only(False)
                user = None
            else:
                mount = None
                os.makedirs(work.store_dir, exist_ok=True)

                def break_it():
                    os.chmod(work.store_dir, 0o555)

                def mend_it():
                    os.chmod(work.store_dir, 0o700)
                user = NOBODY
            try:
                label = f"read-only data directory ({'read-only tmpfs' if mount else 'mode 0555, as nobody'})"
                if mode == "command":
                    write_store(work.store, {"count": 5})
                    if user is not None:
                        for path in (work.data, work.store_dir, work.store):
                            os.chown(path, user, user)
                    break_it()
                    command_fault_run(tally, result, label, work, env, user=user)
                    command_fault_run(tally, result, label, work, env, args=("get",), user=user, expected_status=0,
                                      message_words=("",))
                    mend_it()
                else:
                    app_fault_run(tally, result, label, work, env, break_it, mend_it, QUIT[mode], user)
            finally:
                if mount:
                    mount.unmount()


def disk_full_runs(tally, result):
    for mode in ("command", "app-space", "app-quit", "app-quit-during"):
        with Workspace() as work:
            env = work.env()
            # Room for the store and the history database (its write-ahead log and index take
            # 60 KiB of a 64 KiB disk, which would stay full once the filler is gone).
            mount = Mount(work.data, size="256k")
            try:
                os.makedirs(work.store_dir, exist_ok=True)
                filler = os.path.join(work.data, "filler")

                def break_it():
                    fd = os.open(filler, os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
                    try:
                        while True:
                            os.write(fd, b"\0" * 512)
                    except OSError:
                        pass
                    finally:
                        os.close(fd)

                def mend_it():
                    os.unlink(filler)
                label = "disk full (64 KiB tmpfs, filled)"
                if mode == "command":
                    write_store(work.store, {"count": 5})
                    break_it()
                    command_fault_run(tally, result, label, work, env)
                    mend_it()
                else:
                    app_fault_run(tally, result, label, work, env, break_it, mend_it, QUIT[mode])
            finally:
                mount.unmount()


def file_size_limit_runs(tally, result):
    """RLIMIT_FSIZE below the store's size: write(2) then raises SIGXFSZ (default: die)."""
    with Workspace() as work:
        env = work.env()
        write_store(work.store, {"count": 5})
        before = store_bytes(work.store)
        done = subprocess.run(["prlimit", "--fsize=100", "--", tally, "inc"], env=env, capture_output=True, timeout=10)
        where = "file-size limit (prlimit --fsize=100): tally inc"
        if done.returncode < 0 or done.returncode >= 128:
            number = -done.returncode if done.returncode < 0 else done.returncode - 128
            result.fail("crash on a storage fault",
                        f"{where}: killed by {signal.Signals(number).name}, no message; temp files left: "
                        f"{leftovers(work.store_dir)}")
        elif done.returncode != 74:
            result.fail("wrong exit status", f"{where}: exit {done.returncode}")
        if store_bytes(work.store) != before:
            result.fail("store changed by a failed command", where)
        result.cases += 1
    with Workspace() as work:
        env = work.env()
        write_store(work.store, {"count": 5, "hasOnboardingBeenShown": True})
        where = "file-size limit (prlimit --fsize=100): the app, Space"
        with Session(["prlimit", "--fsize=100", "--", tally, "-skipOnboarding"], env) as session:
            if session.wait_for_count(5):
                session.send(b" ")
                session.drain(0.2, 2)
                status = session.wait(1)
                if status is not None:
                    result.fail("app died on a storage fault",
                                f"{where}: {describe_status(status)}; terminal restored: "
                                f"{session.stty_now() == session.stty_before}; screen kept {session.count()}")
                else:
                    session.send(b"q")
                    session.wait(3)
            else:
                result.fail("app did not start", where)
        result.cases += 1


def path_runs(tally, result):
    with Workspace() as work:
        blocker = os.path.join(work.home, "not-a-directory")
        with open(blocker, "w") as file:
            file.write("x")
        cases = [
            ("data directory path through a regular file", work.env(extra={"XDG_DATA_HOME": blocker + "/data"}),
             ("cannot create",)),
            ("XDG_DATA_HOME is a regular file", work.env(extra={"XDG_DATA_HOME": blocker}), ("cannot create",)),
            ("HOME and XDG_DATA_HOME unset", work.env(drop=("HOME", "XDG_DATA_HOME")), ("HOME",)),
            ("HOME unset, XDG_DATA_HOME relative", work.env(extra={"XDG_DATA_HOME": "data"}, drop=("HOME",)),
             ("HOME",)),
        ]
        for label, env, words in cases:
            for args in (["inc"], ["get"], ["list"]):
                command_fault_run(tally, result, label, work, env, args=args, message_words=words)
            with Session([tally, "-skipOnboarding"], env) as session:
                status = session.wait(5)
                message = session.stderr()
                if status is None or os.waitstatus_to_exitcode(status) != 74 or not any(w in message for w in words):
                    result.fail("app: unclear failure on a bad data directory",
                                f"{label}: {describe_status(status)}, {message!r}")
                if session.output:
                    result.fail("app drew on the terminal before failing", label)
                if session.stty_now() != session.stty_before:
                    result.fail("terminal modes changed", label)
                result.cases += 1
        # HOME unset does not stop the in-memory app.
        env = work.env(drop=("HOME", "XDG_DATA_HOME"))
        with Session([tally, "-useInMemoryUserDefaults", "-skipOnboarding"], env) as session:
            if not session.wait_for_count(0):
                result.fail("in-memory app needs HOME", f"{session.stderr()!r}")
            session.send(b"q")
            session.wait(3)
            result.cases += 1
        if os.path.exists(os.path.join(os.getcwd(), "data")):
            result.fail("relative XDG_DATA_HOME used", f"created {os.path.join(os.getcwd(), 'data')}")


def deleted_directory_run(tally, result):
    """The data directory deleted under the app, then made again: whatever the app then
    shows must end up saved in the new directory, and it must still hear other processes."""
    with Workspace() as work:
        env = work.env()
        write_store(work.store, {"count": 5, "hasOnboardingBeenShown": True})
        where = "data directory deleted under the app, then made again"
        with Session([tally, "-skipOnboarding"], env) as session:
            if not session.wait_for_count(5):
                result.fail("app did not start", where)
                return
            shutil.rmtree(work.store_dir)
            session.send(b" ")
            session.drain(0.2, 2)
            if session.poll() is not None:
                result.fail("app died on a storage fault", f"{where}: {session.describe_status()}")
                return
            os.makedirs(work.store_dir, exist_ok=True)
            session.send(b" ")
            session.drain(0.3, 2)
            shown = session.count()
            if StoreReading(work.store).count != shown:
                result.fail("saving not retried", f"{where}: screen {shown}, store {StoreReading(work.store).values}")
            # A command on the new directory: the app must hear it, as it does on a healthy store.
            run_command(tally, ["inc"], env)
            stored = StoreReading(work.store).count
            if not session.wait_for_count(stored, 3):
                result.fail("app no longer hears other processes",
                            f"{where}: after `tally inc` the store holds {stored}, the screen still {session.count()} "
                            f"(the app watches and locks the deleted directory)")
            session.send(b"q")
            session.wait(3)
            result.cases += 1


def lock_timeout_run(tally, result):
    """Another process holds the store's lock: `tally inc` waits $TALLY_LOCK_TIMEOUT seconds,
    then exits 75 with a message, and changes nothing."""
    with Workspace() as work:
        write_store(work.store, {"count": 5})
        env = work.env(extra={"TALLY_LOCK_TIMEOUT": "1"})
        holder = subprocess.Popen(["flock", work.store_dir, "sleep", "8"])
        try:
            time.sleep(0.3)
            started = time.monotonic()
            done = run_command(tally, ["inc"], env, timeout=15)
            waited = time.monotonic() - started
        finally:
            holder.kill()
            holder.wait()
        where = "store locked by another process, TALLY_LOCK_TIMEOUT=1: tally inc"
        if done.returncode != 75:
            result.fail("wrong exit status", f"{where}: exit {done.returncode}, expected 75")
        if waited > 3:
            result.fail("TALLY_LOCK_TIMEOUT ignored", f"{where}: waited {waited:.1f} s, not about 1 s; "
                        f"{done.stderr.decode(errors='replace').strip()!r}")
        if StoreReading(work.store).count != 5:
            result.fail("store changed by a failed command", where)
        result.cases += 1


def run(tally, seed, size=None, **_):
    result = Result("storage", seed)
    result.checks = ("exit 74 + message for commands, store bytes unchanged, no temp file; app keeps the "
                     "value, says not saved, saves once mended (next Space or q)")
    with Workspace() as probe:
        test_mount = Mount(os.path.join(probe.root, "probe"))
        tmpfs_ok = test_mount.available
        test_mount.unmount()
    result.note("tmpfs mounts " + ("work: read-only and full disks are real" if tmpfs_ok else
                                   f"are refused ({test_mount.error}): read-only via nobody + 0555, disk full skipped"))
    read_only_runs(tally, result, tmpfs_ok)
    if tmpfs_ok:
        disk_full_runs(tally, result)
    file_size_limit_runs(tally, result)
    path_runs(tally, result)
    deleted_directory_run(tally, result)
    lock_timeout_run(tally, result)
    result.size = (f"{result.cases} cases: read-only dir x5, disk full x4, file-size limit x2, bad data paths x16, "
                   f"HOME unset in memory x1, directory deleted x1, lock held x1")
    return result.finish()
