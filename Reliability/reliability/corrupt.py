"""Corrupt stores: generated bad store files, each met by a command or the interactive app.

Every case writes one bad `defaults.plist` (or puts something else in its place) and runs
one of `get`, `get --json`, `inc`, `list`, `set 5`, or (every 10th case) the interactive
app, pressing Space and q. Checked for each:

- no crash and no hang: the process ends by itself within 5 s, not by a signal;
- the documented exit status: 74 when the file cannot be read at all (a directory, no read
  permission, a symlink loop, a socket); 74 too from a command whose store was damaged and
  moved aside (the interactive app says so on screen and goes on from the defaults); otherwise
  0, or 65 where the command refuses a value (`inc` at Int.max);
- the original bytes kept: either `defaults.plist` still holds them, or a
  `defaults.plist.corrupt-*` holds exactly them; a store that Python's plistlib reads is
  checked key by key: a change may only replace a well-typed `count` (so a value of the
  wrong type that is overwritten counts as lost);
- a clear message: "could not be read" naming the moved-to file for a damaged file, "cannot
  read" for an unreadable one (on stderr, or on screen for the app), under 600 characters;
  a store whose `count` has the wrong type must be mentioned too (it shows as 0);
- afterwards a store tally wrote is readable by plistlib, and `tally get` exits 0 (except
  where the file still cannot be read at all).
"""

import os
import plistlib
import random
import shutil
import stat

from .harness import Result, Session, StoreReading, Workspace, describe_status, run_command

NOBODY = 65534
HEADER = b'<?xml version="1.0" encoding="UTF-8"?>\n<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" ' \
         b'"http://www.apple.com/DTDs/PropertyList-1.0.dtd">\n<plist version="1.0">\n'
FOOTER = b"\n</plist>\n"
MESSAGE_LIMIT = 600


def valid_store(rng):
    """A well-formed store with several counters, as tally writes it."""
    values = {
        "count": rng.randint(0, 10**6),
        "counters": [{"id": "count", "name": "Count", "step": 1},
                     {"id": "count-2", "name": "Reps", "step": 2}],
        "count-2": rng.randint(-500, 500),
        "currentCounter": "count",
        "showOnboarding": False,
    }
    return values, plistlib.dumps(values, fmt=plistlib.FMT_XML)


def doc(body):
    return HEADER + body + FOOTER


def count_doc(element):
    return doc(b"<dict>\n\t<key>count</key>\n\t" + element + b"\n</dict>")


# Generators: each returns (kind, bytes or a special marker)

def gen_random_bytes(rng):
    length = rng.choice([1, 2, 7, 64, 500, 4096, 70000])
    return "random bytes", bytes(rng.getrandbits(8) for _ in range(length))


def gen_truncation(rng):
    _, data = valid_store(rng)
    return "truncation", data[:rng.randrange(1, len(data))]


def gen_mutation(rng):
    _, data = valid_store(rng)
    data = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        position = rng.randrange(len(data))
        choice = rng.random()
        if choice < 0.4:
            data[position] = rng.getrandbits(8)
        elif choice < 0.7:
            del data[position]
        else:
            data.insert(position, rng.choice(b"<>/&;\"'\x00 \t\n"))
    return "byte mutation", bytes(data)


WRONG_VALUES = [
    b"<string>twelve</string>", b"<string>12</string>", b"<real>12.5</real>", b"<real>-0.0</real>",
    b"<true/>", b"<false/>", b"<date>2026-01-01T00:00:00Z</date>", b"<data>AAEC</data>",
    b"<array><integer>1</integer></array>", b"<dict><key>a</key><integer>1</integer></dict>",
    b"<string></string>", b"<array/>", b"<dict/>",
]


def gen_wrong_type(rng):
    key = rng.choice([b"count", b"count", b"count", b"counters", b"currentCounter", b"showOnboarding", b"count-2"])
    element = rng.choice(WRONG_VALUES)
    values, _ = valid_store(rng)
    body = b"<dict>\n"
    for name, value in values.items():
        if name.encode() == key:
            body += b"\t<key>" + key + b"</key>\n\t" + element + b"\n"
        else:
            fragment = plistlib.dumps({name: value}, fmt=plistlib.FMT_XML)
            inner = fragment.split(b"<dict>", 1)[1].rsplit(b"</dict>", 1)[0]
            body += inner
    body += b"</dict>"
    return f"wrong value type ({key.decode()})", doc(body)


def gen_huge_number(rng):
    options = [
        b"<integer>" + str(2**63).encode() + b"</integer>",
        b"<integer>" + str(2**64).encode() + b"</integer>",
        b"<integer>-" + str(2**63 + 1).encode() + b"</integer>",
        b"<integer>" + b"9" * rng.choice([25, 400, 100000]) + b"</integer>",
        b"<integer>" + str(2**63 - 1).encode() + b"</integer>",
        b"<integer>" + str(-2**63).encode() + b"</integer>",
        b"<integer>0x7fffffffffffffff</integer>", b"<integer>1e3</integer>", b"<integer>+5</integer>",
        b"<integer> 5 </integer>", b"<integer></integer>", b"<integer>--1</integer>",
        b"<real>1e999</real>", b"<real>-1e999</real>", b"<real>nan</real>", b"<real>inf</real>",
        b"<real>" + b"1" * 5000 + b"</real>", b"<real>4.9e-325</real>",
    ]
    return "huge or odd number", count_doc(rng.choice(options))


def gen_deep_nesting(rng):
    depth = rng.choice([255, 256, 257, 1000, 10000, 100000, 400000])
    tag = rng.choice([b"array", b"dict"])
    if tag == b"array":
        inner = b"<array>" * depth + b"</array>" * depth
    else:
        inner = b"<dict><key>k</key>" * depth + b"<integer>1</integer>" + b"</dict>" * depth
    if rng.random() < 0.3:
        inner = inner[: len(inner) // 2]  # unclosed
    return f"deep nesting ({depth})", count_doc(inner)


INVALID_UTF8 = [b"\xff", b"\xfe", b"\xc0\x80", b"\xe0\x80\x80", b"\xed\xa0\x80", b"\xf4\x90\x80\x80",
                b"\xc3", b"\xe2\x82", b"\x80", b"\xf8\x88\x80\x80\x80"]


def gen_invalid_utf8(rng):
    values, data = valid_store(rng)
    choice = rng.random()
    if choice < 0.15:
        return "invalid UTF-8 (UTF-16 file)", data.decode().encode("utf-16")
    data = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        if rng.random() < 0.6:
            # inside a key or a string
            anchors = [i for i in range(len(data) - 1) if data[i:i + 5] in (b"<key>", b"<stri")]
            position = rng.choice(anchors) + 5 if anchors else rng.randrange(len(data))
        else:
            position = rng.randrange(len(data))
        data[position:position] = rng.choice(INVALID_UTF8)
    return "invalid UTF-8", bytes(data)


def gen_empty(rng):
    return "empty or blank file", rng.choice([b"", b"", b" ", b"\n", b"\n\n\t  \n", b"\x00"])


XML_ODDITIES = [
    doc(b"<array><integer>1</integer></array>"),
    doc(b"<string>count</string>"),
    doc(b"<dict><key>count</key></dict>"),
    doc(b"<dict><integer>1</integer></dict>"),
    doc(b"<dict><key>count</key><integer>5</integer><key>count</key><integer>7</integer></dict>"),
    doc(b"<dict><key>count</key><integer>5</integer>"),
    doc(b"<dict><key>count</key><integer>5</integer></dict><dict/>"),
    HEADER + b"<dict><key>count</key><integer>5</integer></dict>",
    b"<dict><key>count</key><integer>5</integer></dict>",
    b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY l2 "&lol;&lol;&lol;&lol;&lol;">'
    b'<!ENTITY l3 "&l2;&l2;&l2;&l2;&l2;&l2;">]><plist version="1.0"><dict><key>count</key>'
    b'<string>&l3;</string></dict></plist>',
    b'<?xml version="1.0"?><!DOCTYPE p [<!ENTITY x SYSTEM "file:///etc/passwd">]><plist version="1.0">'
    b'<dict><key>count</key><string>&x;</string></dict></plist>',
    count_doc(b"<integer><![CDATA[5]]></integer>"),
    count_doc(b"<!-- c --><integer>5</integer><!-- -- -->"),
    count_doc(b"<integer>5</integer><?pi x?>"),
    count_doc(b"<integer>&#x35;</integer>"),
    count_doc(b"<string>&#x0;</string>"),
    count_doc(b"<string>&#xD800;</string>"),
    count_doc(b"<string>&#99999999;</string>"),
    count_doc(b"<string>&bogus;</string>"),
    count_doc(b"<string>&amp</string>"),
    count_doc(b"<INTEGER>5</INTEGER>"),
    count_doc(b"<integer attr='1'>5</integer>"),
    count_doc(b"<integer>5</integr>"),
    doc(b"<dict><key>" + b"k" * 200000 + b"</key><integer>1</integer></dict>"),
    doc(b"<dict>" + b"".join(b"<key>k%d</key><integer>%d</integer>" % (i, i) for i in range(20000)) + b"</dict>"),
    b"bplist00\xd1\x01\x02Ucount\x10\x05\x08\x0b\x11\x00\x00\x00\x00\x00\x00\x01\x01",
    b'{"count": 5}',
    b"count = 5;",
    b'<?xml version="1.0" encoding="ISO-8859-1"?><plist version="1.0"><dict><key>c\xe9</key>'
    b"<integer>5</integer></dict></plist>",
    b"\xef\xbb\xbf" + doc(b"<dict><key>count</key><integer>5</integer></dict>"),
    doc(b"<dict><key>count</key><integer>5</integer></dict>") + b"\x00" * 100,
    doc(b"<dict><key>count</key><integer>5</integer></dict>") + b"trailing junk",
]


def gen_xml_oddity(rng):
    return "XML oddity", rng.choice(XML_ODDITIES)


def gen_special(rng):
    return "special file", rng.choice(["fifo", "symlink /dev/zero", "symlink /dev/null", "symlink loop",
                                        "dangling symlink", "symlink to directory", "socket"])


def gen_directory(rng):
    return "a directory in its place", rng.choice(["empty directory", "directory with files"])


def gen_unreadable(rng):
    return "no read permission", rng.choice(["mode 000", "mode 200", "owned by root 600"])


def gen_oversized(rng):
    return "larger than 64 MiB", "oversized"


PLAN = [
    (gen_random_bytes, 150), (gen_truncation, 150), (gen_mutation, 100), (gen_wrong_type, 120),
    (gen_huge_number, 80), (gen_deep_nesting, 60), (gen_invalid_utf8, 100), (gen_empty, 20),
    (gen_directory, 20), (gen_unreadable, 40), (gen_xml_oddity, 120), (gen_special, 38),
    (gen_oversized, 2),
]

UNREADABLE_KINDS = ("a directory in its place", "no read permission")
COMMANDS = [["get"], ["get", "--json"], ["inc"], ["list"], ["set", "5"]]


def place(work, kind, content):
    """Puts the bad store in place; returns (original bytes or None, user to run as)."""
    os.makedirs(work.store_dir, mode=0o700, exist_ok=True)
    user = None
    if isinstance(content, bytes):
        with open(work.store, "wb") as file:
            file.write(content)
        return content, None
    if content == "oversized":
        with open(work.store, "wb") as file:
            file.truncate(65 << 20)
        return None, None
    if content in ("empty directory", "directory with files"):
        os.mkdir(work.store)
        if content == "directory with files":
            with open(os.path.join(work.store, "x"), "w") as file:
                file.write("x")
        return None, None
    if content.startswith("mode") or content.startswith("owned"):
        data = plistlib.dumps({"count": 41}, fmt=plistlib.FMT_XML)
        with open(work.store, "wb") as file:
            file.write(data)
        user = NOBODY
        for path in (work.data, work.store_dir):
            os.chown(path, NOBODY, NOBODY)
        if content == "mode 000":
            os.chown(work.store, NOBODY, NOBODY)
            os.chmod(work.store, 0)
        elif content == "mode 200":
            os.chown(work.store, NOBODY, NOBODY)
            os.chmod(work.store, stat.S_IWUSR)
        else:
            os.chmod(work.store, 0o600)  # root's
        return data, user
    if content == "fifo":
        os.mkfifo(work.store)
    elif content == "socket":
        import socket
        sock = socket.socket(socket.AF_UNIX)
        sock.bind(work.store)
        sock.close()
    elif content == "symlink loop":
        os.symlink(work.store, work.store)
    elif content == "dangling symlink":
        os.symlink(os.path.join(work.root, "nowhere"), work.store)
    elif content == "symlink to directory":
        os.symlink(work.root, work.store)
    else:
        os.symlink(content.split()[-1], work.store)
    return None, None


def corrupt_copies(work):
    return [path for path in work.corrupt_files()]


def run(tally, seed, size=None, **_):
    rng = random.Random(seed)
    result = Result("corrupt", seed)
    plan = []
    for generator, count in PLAN:
        plan += [generator] * count
    if size:
        plan = rng.sample(plan, min(size, len(plan)))
    rng.shuffle(plan)
    result.checks = ("no crash or hang; exit 0 (moved aside) / 74 (unreadable); original bytes kept; "
                     "clear message; store usable afterwards")
    kinds = {}
    for number, generator in enumerate(plan):
        kind, content = generator(rng)
        kinds[kind.split(" (")[0]] = kinds.get(kind.split(" (")[0], 0) + 1
        interactive = number % 10 == 9 and not (isinstance(content, str) and content in ("fifo",))
        command = None if interactive else COMMANDS[number % len(COMMANDS)]
        with Workspace() as work:
            original, user = place(work, kind, content)
            before = StoreReading(work.store) if isinstance(content, bytes) else None
            label = f"case {number} ({kind}{'' if isinstance(content, bytes) else ': ' + content}), " \
                    f"{'the app' if interactive else 'tally ' + ' '.join(command)}"
            sample = content[:80] if isinstance(content, bytes) else content
            where = f"{label}; store starts {sample!r}"
            message = ""
            if interactive:
                status, message, shown = run_app(tally, work, user, result, where)
            else:
                done = run_command(tally, command, work.env(), timeout=5, user=user)
                status = done.returncode
                message = done.stderr.decode("utf-8", "replace")
            result.cases += 1
            check_case(result, work, tally, kind, content, original, before, command, status, message, where, user)
    result.size = f"{result.cases} bad stores: " + ", ".join(f"{k} {v}" for k, v in sorted(kinds.items()))
    return result.finish()


def run_app(tally, work, user, result, where):
    """The app on the bad store: Space, then q. Returns (status, message, value shown)."""
    with Session([tally, "-skipOnboarding"], work.env(), preexec_user=user) as session:
        shown = None
        if session.wait_for_count(None, 5):
            session.drain(0.1, 1)
            notice = session.text()
            shown = session.count()
            try:
                session.send(b" ")
                session.wait_for_count(shown + 1, 3)
                session.send(b"q")
            except Exception:  # noqa: BLE001 - judged by the status below
                pass
        else:
            notice = session.text()
        status = session.wait(5)
        if status is None:
            session.kill()
            return None, notice, shown
        if session.stty_now() != session.stty_before:
            result.fail("terminal not restored", where)
        code = os.waitstatus_to_exitcode(status)
        return code, session.stderr() + "\n" + notice, shown


def check_case(result, work, tally, kind, content, original, before, command, status, message, where, user):
    # Anything but a regular file (or nothing) where the store should be is refused, untouched.
    unreadable = kind in UNREADABLE_KINDS or content in (
        "symlink loop", "symlink to directory", "socket", "fifo", "symlink /dev/null", "symlink /dev/zero")
    if status is None:
        result.fail("hang", where)
        return
    if status < 0 or status >= 128:
        result.fail("crash", f"{where}: killed by signal {abs(status) if status < 0 else status - 128}")
        return
    if unreadable:
        if status != 74:
            result.fail("wrong exit status for an unreadable store", f"{where}: exit {status}, expected 74")
        if "cannot read" not in message:
            result.fail("no clear message", f"{where}: {message.strip()[:200]!r}")
    copies = corrupt_copies(work)
    # A command that met a damaged store moved it aside and says so with 74 (issue 13: never a
    # value of 0 with status 0); the interactive app says so on screen and goes on.
    moved = any(".corrupt-" in c for c in copies) and command is not None
    if not unreadable and moved and status != 74:
        result.fail("wrong exit status for a store moved aside", f"{where}: exit {status}, expected 74")
    elif not unreadable and not moved and status not in (0, 65):
        result.fail("wrong exit status", f"{where}: exit {status}: {message.strip()[:300]!r}")
    flat = " ".join(message.split())
    if copies:
        if not any(os.path.basename(c) in flat.replace("\n", "") or c in flat for c in copies) and \
                "could not be read" not in flat:
            result.fail("no clear message", f"{where}: moved aside without saying so: {flat[:200]!r}")
        if "could not be read" in flat and len(message.strip()) > MESSAGE_LIMIT and command is not None:
            result.fail("message too long to be clear", f"{where}: {len(message.strip())} characters on stderr")
    if original is not None:
        kept = [c for c in copies if _read(c) == original]
        current = _read(work.store)
        if current != original and not kept:
            if before is not None and before.readable and before.values is not None and current is not None:
                after = StoreReading(work.store)
                lost = lost_keys(before.values, after.values or {})
                if lost:
                    result.fail("original value lost",
                                f"{where}: {lost} overwritten, bytes not kept aside; exit {status}")
            elif before is not None and not before.readable and current is not None \
                    and "invalid character number" not in (before.error or ""):
                # (Character references to control characters are Tally's own way of writing
                # strings that hold them, which XML 1.0 cannot carry; plistlib refuses them.)
                result.fail("malformed file accepted and rewritten",
                            f"{where}: plistlib rejects the original ({before.error}); tally read it as a "
                            f"store, did not move it aside, and rewrote it; exit {status}")
            else:
                result.fail("original bytes not kept", f"{where}: copies {copies}")
    if not copies and before is not None and before.readable and isinstance(before.values, dict):
        value = before.values.get("count")
        if value is not None and not isinstance(value, int) or isinstance(value, bool):
            if "count" not in flat.lower() or ("not" not in flat.lower() and "could" not in flat.lower()):
                result.fail("wrong-typed count shown as 0 without a message",
                            f"{where}: exit {status}, stderr/screen {flat[:160]!r}")
    if not unreadable:
        after = StoreReading(work.store)
        if _read(work.store) not in (None, original) and not after.readable:
            result.fail("store unreadable afterwards", f"{where}: {after.error}")
        again = run_command(tally, ["get"], work.env(), timeout=5, user=user)
        if again.returncode != 0:
            result.fail("tally get fails afterwards", f"{where}: exit {again.returncode}: {again.stderr[:200]!r}")


def lost_keys(before, after):
    """Keys whose value changed, other than a well-typed count changed by the command."""
    lost = []
    for key, value in before.items():
        if key == "count" and isinstance(value, int) and not isinstance(value, bool):
            continue
        if key == "showOnboarding":
            continue
        if after.get(key, "<missing>") != value:
            lost.append(f"{key}={value!r:.40}")
    return lost


def _read(path):
    """The bytes of a regular file; None for anything else (a FIFO would block the reader)."""
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        with open(path, "rb") as file:
            return file.read()
    except (OSError, IsADirectoryError):
        return None
