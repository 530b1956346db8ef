"""A stand-in for a job-control shell, for the SIGTSTP cases of the signals campaign.

A process stopped by SIGTSTP must have a parent in its session but in another process
group, or the kernel discards the signal (an orphaned process group). So the campaign starts
this script as the terminal's session leader; it runs tally in a process group of its own
in the foreground, as `bash` runs a job, and then:

- when tally stops, it takes the terminal back (as a shell does before its prompt), writes
  `stopped <stty -g>` to the file named by $JOBSHELL_REPORT, and waits for SIGUSR1;
- on SIGUSR1 (the campaign's `fg`) it gives the terminal back to tally and sends SIGCONT;
- when tally ends, it exits with tally's status (128+n for a signal), as a shell does.

Usage: python3 jobshell.py TALLY [ARG...]   (tally's pid is written to $JOBSHELL_REPORT first)
"""

import os
import signal
import subprocess
import sys


def main():
    report = os.environ.pop("JOBSHELL_REPORT")
    signal.signal(signal.SIGTTOU, signal.SIG_IGN)
    continue_requested = []
    signal.signal(signal.SIGUSR1, lambda *_: continue_requested.append(True))
    read_end, write_end = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(write_end)
        os.setpgid(0, 0)
        os.read(read_end, 1)  # until the parent has made this group the foreground one
        for number in (signal.SIGTTOU, signal.SIGUSR1, signal.SIGINT, signal.SIGQUIT, signal.SIGTSTP):
            signal.signal(number, signal.SIG_DFL)
        os.execv(sys.argv[1], sys.argv[1:])
    os.close(read_end)
    try:
        os.setpgid(pid, pid)
    except PermissionError:
        pass
    os.tcsetpgrp(0, pid)
    with open(report, "a") as file:
        file.write(f"pid {pid}\n")
    os.write(write_end, b"x")
    os.close(write_end)
    while True:
        _, status = os.waitpid(pid, os.WUNTRACED)
        if os.WIFSTOPPED(status):
            os.tcsetpgrp(0, os.getpgrp())
            modes = subprocess.run(["stty", "-g"], stdin=0, capture_output=True, text=True).stdout.strip()
            with open(report, "a") as file:
                file.write(f"stopped {modes}\n")
            while not continue_requested:
                signal.pause()
            continue_requested.clear()
            os.tcsetpgrp(0, pid)
            os.killpg(pid, signal.SIGCONT)
            with open(report, "a") as file:
                file.write("continued\n")
            continue
        if os.WIFSIGNALED(status):
            sys.exit(128 + os.WTERMSIG(status))
        sys.exit(os.WEXITSTATUS(status))


if __name__ == "__main__":
    main()
