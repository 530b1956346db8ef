"""Real file-sync engines for the sync campaign: two Syncthing instances that cannot reach
beyond this machine, and git (a bare repository and two clones).

Syncthing runs in a network namespace that holds only loopback: `unshare --net --fork` keeps
a `sleep infinity` in it, `ip link set lo up` brings loopback up, and every instance starts
with `nsenter -t PID -n`, so even a setting that slipped through could reach nothing. Each
instance has its own home (keys and `config.xml` made by `syncthing generate`); the campaign
then writes each `config.xml` from scratch before the instance first starts: no discovery,
relays, NAT traversal, STUN, usage or crash reports, or upgrades; it listens on
127.0.0.1 only, knows the other instance at its loopback address, and shares one folder
with it (`fsWatcherDelayS` 1). The GUI listens on 127.0.0.1 inside the namespace, with an
API key, and is asked through `nsenter` too (`curl`), so it is out of reach of anything
else on the machine.
"""

import glob
import json
import os
import re
import secrets
import signal
import subprocess
import time
import xml.etree.ElementTree as ElementTree

FOLDER_ID = "tally-sync"
# What the issue requires of every config.xml before its instance first starts.
REQUIRED_OPTIONS = {
    "globalAnnounceEnabled": "false",
    "localAnnounceEnabled": "false",
    "relaysEnabled": "false",
    "natEnabled": "false",
    "crashReportingEnabled": "false",
    "urAccepted": "-1",
    "autoUpgradeIntervalH": "0",
    "stunKeepaliveStartS": "0",
}
FORBIDDEN_OPTIONS = ("globalAnnounceServer", "stunServer")


class EngineError(Exception):
    """The engine itself failed (not Tally): the campaign cannot go on."""


def run(argv, timeout=60, **kwargs):
    """Runs `argv` to completion; raises EngineError with its output if it fails."""
    done = subprocess.run(argv, capture_output=True, text=True, timeout=timeout, **kwargs)
    if done.returncode != 0:
        raise EngineError(f"`{' '.join(argv)}` exited {done.returncode}: {(done.stderr or done.stdout).strip()}")
    return done.stdout


class LoopbackNamespace:
    """A network namespace with loopback only, held open by `sleep infinity`."""

    def __init__(self):
        self.holder = subprocess.Popen(["unshare", "--net", "--fork", "--kill-child", "sleep", "infinity"],
                                       stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
                                       stderr=subprocess.PIPE)
        # unshare(1) enters the new namespace itself before it forks the sleep: once its
        # namespace differs from ours, nsenter can use its pid.
        deadline = time.monotonic() + 5
        while os.readlink(f"/proc/{self.holder.pid}/ns/net") == os.readlink("/proc/self/ns/net"):
            if self.holder.poll() is not None or time.monotonic() > deadline:
                raise EngineError(f"unshare --net failed: {self.holder.stderr.read().decode().strip()}")
            time.sleep(0.01)
        self.pid = self.holder.pid
        try:
            run(self.prefix() + ["ip", "link", "set", "lo", "up"])
            self.interfaces = self.check_only_loopback()
        except BaseException:
            self.close()
            raise

    def prefix(self):
        """The command prefix that runs a program inside the namespace."""
        return ["nsenter", "-t", str(self.pid), "-n"]

    def check_only_loopback(self):
        """The namespace's interfaces; EngineError unless they are exactly `lo`, up."""
        links = run(self.prefix() + ["ip", "-o", "link", "show"]).splitlines()
        names = [line.split(":")[1].strip().split("@")[0] for line in links if line.strip()]
        if names != ["lo"]:
            raise EngineError(f"the namespace has interfaces other than lo: {names}")
        if "UP" not in links[0].split(">")[0]:
            raise EngineError(f"loopback is not up in the namespace: {links[0]}")
        routes = run(self.prefix() + ["ip", "-o", "route", "show"]).strip()
        if routes:
            raise EngineError(f"the namespace has routes beyond loopback: {routes}")
        for address in ("192.0.2.1", "2001:db8::1"):
            reach = subprocess.run(self.prefix() + ["ip", "route", "get", address], capture_output=True, text=True)
            if reach.returncode == 0:
                raise EngineError(f"the namespace has a route to {address}: {reach.stdout.strip()}")
        return names

    def close(self):
        if self.holder.poll() is None:
            self.holder.kill()
        self.holder.wait()


class Syncthing:
    """One Syncthing instance: its home, its folder, its ports and, once started, its process."""

    def __init__(self, name, root, listen_port, gui_port):
        self.name = name
        self.home = os.path.join(root, f"syncthing-{name}")
        self.folder = os.path.join(root, f"folder-{name}")
        self.listen_port = listen_port
        self.gui_port = gui_port
        self.api_key = secrets.token_hex(16)
        self.log_path = os.path.join(self.home, "syncthing.log")
        self.process = None
        self.stopped = False
        self.namespace = None
        os.makedirs(self.folder)
        # The folder marker Syncthing looks for before it syncs a folder.
        os.makedirs(os.path.join(self.folder, ".stfolder"))
        run(["syncthing", "generate", f"--home={self.home}", "--no-default-folder"])
        self.device_id = run(["syncthing", "serve", f"--home={self.home}", "--device-id"]).strip()
        if not re.fullmatch(r"[A-Z0-9]{7}(-[A-Z0-9]{7}){7}", self.device_id):
            raise EngineError(f"not a device ID: {self.device_id!r}")

    @property
    def config_path(self):
        return os.path.join(self.home, "config.xml")

    def write_config(self, other):
        """Writes config.xml from scratch: this device, `other` at its loopback address, the
        shared folder, the GUI on loopback with an API key, and every outward feature off."""
        root = ElementTree.Element("configuration", version="36")
        folder = ElementTree.SubElement(root, "folder", id=FOLDER_ID, label="tally", path=self.folder,
                                        type="sendreceive", rescanIntervalS="3600", fsWatcherEnabled="true",
                                        fsWatcherDelayS="1")
        for device in (self, other):
            ElementTree.SubElement(folder, "device", id=device.device_id)
        for device, address in ((self, "dynamic"), (other, f"tcp://127.0.0.1:{other.listen_port}")):
            element = ElementTree.SubElement(root, "device", id=device.device_id, name=device.name)
            ElementTree.SubElement(element, "address").text = address
            ElementTree.SubElement(element, "autoAcceptFolders").text = "true"
        gui = ElementTree.SubElement(root, "gui", enabled="true", tls="false")
        ElementTree.SubElement(gui, "address").text = f"127.0.0.1:{self.gui_port}"
        ElementTree.SubElement(gui, "apikey").text = self.api_key
        options = ElementTree.SubElement(root, "options")
        ElementTree.SubElement(options, "listenAddress").text = f"tcp://127.0.0.1:{self.listen_port}"
        for key, value in REQUIRED_OPTIONS.items():
            ElementTree.SubElement(options, key).text = value
        ElementTree.SubElement(options, "startBrowser").text = "false"
        ElementTree.indent(root)
        ElementTree.ElementTree(root).write(self.config_path, encoding="unicode")
        self.check_config(other)

    def check_config(self, other):
        """Reads config.xml back; EngineError unless it holds exactly the issue's settings."""
        root = ElementTree.parse(self.config_path).getroot()
        options = root.find("options")
        problems = []
        for key, value in REQUIRED_OPTIONS.items():
            found = [element.text for element in options.findall(key)]
            if found != [value]:
                problems.append(f"{key} is {found}, not {value}")
        for key in FORBIDDEN_OPTIONS:
            if list(root.iter(key)):
                problems.append(f"{key} is present")
        listen = [element.text for element in options.findall("listenAddress")]
        if listen != [f"tcp://127.0.0.1:{self.listen_port}"]:
            problems.append(f"listenAddress is {listen}")
        addresses = {device.get("id"): [a.text for a in device.findall("address")] for device in root.findall("device")}
        if addresses.get(other.device_id) != [f"tcp://127.0.0.1:{other.listen_port}"]:
            problems.append(f"the other device's address is {addresses.get(other.device_id)}")
        folders = root.findall("folder")
        if len(folders) != 1 or folders[0].get("fsWatcherDelayS") != "1":
            problems.append("not exactly one shared folder with fsWatcherDelayS 1")
        elif {d.get("id") for d in folders[0].findall("device")} != {self.device_id, other.device_id}:
            problems.append("the folder is not shared with the other device")
        gui = root.find("gui/address").text
        if not gui.startswith("127.0.0.1:"):
            problems.append(f"the GUI listens on {gui}")
        if problems:
            raise EngineError(f"{self.config_path}: " + "; ".join(problems))

    def start(self, namespace):
        """Starts the instance inside `namespace` (no restart monitor: one process to stop)."""
        self.namespace = namespace
        log = open(self.log_path, "ab")
        self.process = subprocess.Popen(
            namespace.prefix() + ["env", "STNOUPGRADE=1", "STNORESTART=1", "syncthing", "serve",
                                  f"--home={self.home}", "--no-browser", "--no-restart", "--no-default-folder"],
            stdin=subprocess.DEVNULL, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        log.close()

    def api(self, path, timeout=5):
        """GET /rest/PATH from inside the namespace; the decoded JSON, or None if not answered."""
        done = subprocess.run(
            self.namespace.prefix() + ["curl", "-sf", "--max-time", str(timeout), "-H", f"X-API-Key: {self.api_key}",
                                       f"http://127.0.0.1:{self.gui_port}/rest/{path}"],
            capture_output=True, text=True, timeout=timeout + 5)
        if done.returncode != 0:
            return None
        return json.loads(done.stdout)

    def wait_until(self, predicate, what, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise EngineError(f"syncthing {self.name} exited {self.process.returncode}: {self.log_tail()}")
            if predicate():
                return
            time.sleep(0.2)
        raise EngineError(f"syncthing {self.name}: {what} not within {timeout} s: {self.log_tail()}")

    def connected_to(self, other):
        connections = self.api("system/connections") or {}
        return bool(connections.get("connections", {}).get(other.device_id, {}).get("connected"))

    def folder_idle(self):
        status = self.api(f"db/status?folder={FOLDER_ID}") or {}
        return status.get("state") == "idle"

    def completion(self, other):
        """How much of the folder `other` has, as this instance sees it (100: in sync)."""
        answer = self.api(f"db/completion?folder={FOLDER_ID}&device={other.device_id}") or {}
        return answer.get("completion")

    def effective_options(self):
        return (self.api("config") or {}).get("options", {})

    def processes(self):
        """Syncthing's monitor and every process under it: the monitor stays even with
        --no-restart, and runs Syncthing proper in a process group of its own."""
        found, pending = [], [self.process.pid]
        while pending:
            pid = pending.pop()
            found.append(pid)
            # Go forks from any of its threads: each thread lists the children it made.
            for children in glob.glob(f"/proc/{pid}/task/*/children"):
                try:
                    with open(children) as file:
                        pending.extend(int(child) for child in file.read().split())
                except OSError:
                    pass
        return found

    def signal(self, number):
        for pid in self.processes():
            try:
                os.kill(pid, number)
            except ProcessLookupError:
                pass

    def pause(self):
        """A partition: the whole instance stops (SIGSTOP); its connection and watches stay."""
        self.signal(signal.SIGSTOP)
        self.stopped = True

    def resume(self):
        self.signal(signal.SIGCONT)
        self.stopped = False

    def stop(self):
        """Ends the instance (SIGTERM, then SIGKILL after 10 s), stopped or not."""
        if self.process is None:
            return
        if self.stopped:
            self.resume()
        remaining = self.processes() if self.process.poll() is None else []
        self.signal(signal.SIGTERM)
        try:
            self.process.wait(10)
        except subprocess.TimeoutExpired:
            pass
        for pid in remaining:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        self.process.wait()

    def log_tail(self, lines=15):
        try:
            with open(self.log_path, errors="replace") as file:
                return " | ".join(file.read().splitlines()[-lines:])
        except OSError:
            return "(no log)"


class SyncthingPair:
    """Two instances, A and B, sharing one folder inside a loopback-only namespace."""

    def __init__(self, root):
        self.namespace = None
        self.a = Syncthing("A", root, 22001, 8385)
        self.b = Syncthing("B", root, 22002, 8386)
        self.a.write_config(self.b)
        self.b.write_config(self.a)

    def start(self, timeout=90):
        """Starts both in the namespace and waits until they are connected and idle."""
        self.namespace = LoopbackNamespace()
        for instance in (self.a, self.b):
            instance.start(self.namespace)
        for instance in (self.a, self.b):
            instance.wait_until(lambda i=instance: i.api("system/ping") is not None, "the REST API", timeout)
        self.a.wait_until(lambda: self.a.connected_to(self.b) and self.b.connected_to(self.a),
                          "a connection between A and B", timeout)
        for instance in (self.a, self.b):
            instance.wait_until(instance.folder_idle, "the folder idle", timeout)

    def check_effective_options(self):
        """The settings as the running instances hold them: problems, empty if none."""
        problems = []
        names = {"globalAnnounceEnabled": False, "localAnnounceEnabled": False, "relaysEnabled": False,
                 "natEnabled": False, "crashReportingEnabled": False, "urAccepted": -1,
                 "autoUpgradeIntervalH": 0, "stunKeepaliveStartS": 0}
        for instance in (self.a, self.b):
            options = instance.effective_options()
            for key, value in names.items():
                if options.get(key) != value:
                    problems.append(f"{instance.name}: {key} is {options.get(key)!r} while running")
            listen = options.get("listenAddresses")
            if listen != [f"tcp://127.0.0.1:{instance.listen_port}"]:
                problems.append(f"{instance.name}: listens on {listen}")
        return problems

    def in_sync(self):
        return self.a.completion(self.b) == 100 and self.b.completion(self.a) == 100

    def close(self):
        for instance in (self.a, self.b):
            instance.stop()
        if self.namespace is not None:
            self.namespace.close()
