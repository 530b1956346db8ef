// The memory and start-up floor for a Swift ncurses program (issue 9): it imports nothing but
// Tally's CNcurses shim, draws the same plain line Tally draws ("Count: 0") and waits for q.
//
// Built three ways by Benchmarks/run.sh, to show what each layer of Foundation costs:
//   swiftc -O -I Sources/CNcurses floor.swift                                  (the floor)
//   ... -D FLOOR_FOUNDATION_ESSENTIALS   also links FoundationEssentials (as Tally does)
//   ... -D FLOOR_FOUNDATION              also links full Foundation
import CNcurses

#if FLOOR_FOUNDATION_ESSENTIALS
  import FoundationEssentials
#elseif FLOOR_FOUNDATION
  import Foundation
#endif

#if FLOOR_FOUNDATION_ESSENTIALS || FLOOR_FOUNDATION
  // Use the framework so that it is really loaded, not just named.
  let text = String(decoding: Data("Count: 0".utf8), as: UTF8.self)
#else
  let text = "Count: 0"
#endif

_ = tally_set_locale_from_environment()
guard let screen = tally_newterm(nil) else { fatalError("unknown terminal type") }
set_term(screen)
raw()
noecho()
curs_set(0)
mvaddstr(tally_lines() / 2, (tally_cols() - Int32(text.utf8.count)) / 2, text)
refresh()
while getch() != Int32(UInt8(ascii: "q")) {}
curs_set(1)
endwin()
delscreen(screen)
