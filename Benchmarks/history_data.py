#!/usr/bin/env python3
"""Realistic history for the benchmarks and campaigns: one counter, "Count", with a goal of
10 a day and changes of +1 spread over each day, for a number of years back from now.

    history_data.py backup YEARS PER_DAY FILE      a tally-backup JSON file for `tally import`
    history_data.py folder YEARS PER_DAY DIR NAME  NAME's monthly history files in a sync folder
    history_data.py board YEARS PER_DAY COUNTERS FILE  a backup of COUNTERS counters, c01 and on, each
                                                 with that history, in the group "board"
    history_data.py loop YEARS 1 HABITS FILE       a Loop Habit Tracker backup (schema 25) of HABITS
                                                 daily habits, each done every day (issue 47)

Times are whole seconds in UTC; the first change of each day is at 07:00, the rest spread
evenly until 23:00 (today's only until now), so that every day counts toward the goal in any
time zone within a few hours of UTC.
"""

import json
import os
import sys
import time


def changes(years, per_day):
    """(seconds since 1970, old, new) for every change, oldest first, ending now (nothing in
    the future: a change made now comes after every one of them, as it does in life)."""
    days = int(years * 365)
    now = int(time.time())
    today = now // 86_400
    step = (16 * 3600) // max(per_day, 1)
    value = 0
    for day in range(today - days + 1, today + 1):
        for index in range(per_day):
            moment = day * 86_400 + 7 * 3600 + index * step
            if moment > now:
                return
            yield moment, value, value + 1
            value += 1


def iso(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def backup(years, per_day, path):
    history = [{"event": "changed", "name": "Count", "new": new, "old": old, "source": "app", "time": iso(moment)}
               for moment, old, new in changes(years, per_day)]
    document = {"counters": [{"goal": {"amount": 10, "period": "day"}, "history": history, "name": "Count",
                              "step": 1, "value": history[-1]["new"] if history else 0}],
                "format": "tally-backup", "version": 1}
    with open(path, "w") as file:
        json.dump(document, file, separators=(",", ":"))


def board(years, per_day, counters, path):
    entries = [{"counters": [], "format": "tally-backup", "version": 1}]
    for index in range(1, counters + 1):
        name = "c%02d" % index
        history = [{"event": "changed", "name": name, "new": new, "old": old, "source": "app", "time": iso(moment)}
                   for moment, old, new in changes(years, per_day)]
        entries[0]["counters"].append({"group": "board", "history": history, "name": name, "step": 1,
                                       "value": history[-1]["new"] if history else 0})
    with open(path, "w") as file:
        json.dump(entries[0], file, separators=(",", ":"))


def folder(years, per_day, directory, name, counter="count"):
    files = {}
    for moment, old, new in changes(years, per_day):
        month = time.strftime("%Y-%m", time.gmtime(moment))
        line = ('{"counter":"%s","event":"changed","name":"Count","new":%d,"old":%d,"source":"app","time":"%s"}\n'
                % (counter, new, old, iso(moment)))
        files.setdefault(month, []).append(line)
    os.makedirs(directory, exist_ok=True)
    for month, lines in files.items():
        with open(os.path.join(directory, f"{name}.history.{month}.jsonl"), "w") as file:
            file.writelines(lines)


def loop(years, habits, path):
    """A Loop backup as Loop 2.1+ writes it (its schema written here from the description in
    docs/import.md): a row per habit and day, 00:00 UTC of the local date in milliseconds."""
    import sqlite3
    if os.path.exists(path):
        os.remove(path)
    db = sqlite3.connect(path)
    db.executescript("""
        PRAGMA user_version = 25;
        CREATE TABLE Habits (id INTEGER PRIMARY KEY AUTOINCREMENT, archived INTEGER, color INTEGER, description TEXT,
          freq_den INTEGER, freq_num INTEGER, highlight INTEGER, name TEXT, position INTEGER, reminder_hour INTEGER,
          reminder_min INTEGER, reminder_days INTEGER NOT NULL DEFAULT 127, type INTEGER NOT NULL DEFAULT 0,
          target_type INTEGER NOT NULL DEFAULT 0, target_value REAL NOT NULL DEFAULT 0, unit TEXT DEFAULT '',
          question TEXT, uuid TEXT);
        CREATE TABLE Repetitions (id INTEGER PRIMARY KEY AUTOINCREMENT, habit INTEGER NOT NULL REFERENCES Habits(id),
          timestamp INTEGER NOT NULL, value INTEGER NOT NULL, notes TEXT);
        CREATE UNIQUE INDEX idx_repetitions_habit_timestamp ON Repetitions (habit, timestamp);
    """)
    today = int(time.time()) // 86_400
    days = int(years * 365)
    for habit in range(habits):
        db.execute("INSERT INTO Habits (id, archived, color, description, freq_den, freq_num, highlight, name, position) "
                   "VALUES (?, 0, 0, '', 1, 1, 0, ?, ?)", (habit, "h%02d" % (habit + 1), habit))
        db.executemany("INSERT INTO Repetitions (habit, timestamp, value) VALUES (?, ?, 2)",
                       ((habit, day * 86_400_000) for day in range(today - days + 1, today + 1)))
    db.commit()
    db.close()


if __name__ == "__main__":
    kind, years, per_day = sys.argv[1], float(sys.argv[2]), int(sys.argv[3])
    if kind == "backup":
        backup(years, per_day, sys.argv[4])
    elif kind == "loop":
        loop(years, int(sys.argv[4]), sys.argv[5])
    elif kind == "board":
        board(years, per_day, int(sys.argv[4]), sys.argv[5])
    else:
        folder(years, per_day, sys.argv[4], sys.argv[5], *sys.argv[6:])
