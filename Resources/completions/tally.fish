function __tally_should_offer_completions_for_flags_or_options -a expected_commands
    set -l non_repeating_flags_or_options $argv[2..]
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __tally_parse_tokens
    test "$commands" = "$expected_commands"; and return $non_repeating_flags_or_options_absent
end

function __tally_should_offer_completions_for_positional -a expected_commands positional_index_comparison expected_positional_index
    set -l non_repeating_flags_or_options
    set -l non_repeating_flags_or_options_absent 0
    set -l positional_index 0
    set -l commands
    __tally_parse_tokens
    test "$commands" = "$expected_commands" -a \( "$positional_index" "$positional_index_comparison" "$expected_positional_index" \)
end

function __tally_parse_tokens -S
    set -l unparsed_tokens (__tally_tokens -pc)
    switch $unparsed_tokens[1]
    case 'tally'
        __tally_parse_subcommand 0 'version' 'help'
        switch $unparsed_tokens[1]
        case 'inc'
            __tally_parse_subcommand 1 'by=' 'at=' 'note=' 'q/quiet' 'version' 'help'
        case 'dec'
            __tally_parse_subcommand 1 'by=' 'at=' 'note=' 'q/quiet' 'version' 'help'
        case 'set'
            __tally_parse_subcommand -r 1 'note=' 'q/quiet' 'version' 'help'
        case 'reset'
            __tally_parse_subcommand 1 'note=' 'q/quiet' 'version' 'help'
        case 'get'
            __tally_parse_subcommand -r 1 'group=' 'format=' 'json' 'q/quiet' 'version' 'help'
        case 'list'
            __tally_parse_subcommand 0 'group=' 'json' 'q/quiet' 'version' 'help'
        case 'new'
            __tally_parse_subcommand 1 'group=' 'min=' 'max=' 'version' 'help'
        case 'rm'
            __tally_parse_subcommand 1 'version' 'help'
        case 'rename'
            __tally_parse_subcommand 2 'version' 'help'
        case 'log'
            __tally_parse_subcommand 1 'since=' 'until=' 'on=' 'n/max-count=' 'json' 'by=' 'version' 'help'
        case 'stats'
            __tally_parse_subcommand 1 'json' 'by=' 'group=' 'version' 'help'
        case 'config'
            __tally_parse_subcommand 0 'version' 'help'
            switch $unparsed_tokens[1]
            case 'list'
                __tally_parse_subcommand 0 'json' 'version' 'help'
            case 'get'
                __tally_parse_subcommand 1 'version' 'help'
            case 'set'
                __tally_parse_subcommand -r 2 'version' 'help'
            case 'reset'
                __tally_parse_subcommand 1 'version' 'help'
            end
        case 'goal'
            __tally_parse_subcommand 2 'clear' 'version' 'help'
        case 'group'
            __tally_parse_subcommand 2 'none' 'version' 'help'
        case 'link'
            __tally_parse_subcommand 2 'every=' 'clear' 'version' 'help'
        case 'bounds'
            __tally_parse_subcommand 1 'min=' 'max=' 'clear' 'version' 'help'
        case 'alert'
            __tally_parse_subcommand -r 1 'group=' 'every=' 'clear' 'version' 'help'
        case 'table'
            __tally_parse_subcommand 0 'group=' 'by=' 'since=' 'until=' 'on=' 'format=' 'json' 'version' 'help'
        case 'watch'
            __tally_parse_subcommand -r 1 'group=' 'format=' 'json' 'version' 'help'
        case 'export'
            __tally_parse_subcommand 0 'format=' 'o/output=' 'version' 'help'
        case 'import'
            __tally_parse_subcommand -r 1 'from=' 'dry-run' 'merge' 'replace' 'version' 'help'
        case 'sync'
            __tally_parse_subcommand 0 'version' 'help'
            switch $unparsed_tokens[1]
            case 'enable'
                __tally_parse_subcommand 1 'name=' 'replace-machine' 'version' 'help'
            case 'status'
                __tally_parse_subcommand 0 'json' 'version' 'help'
            case 'disable'
                __tally_parse_subcommand 0 'version' 'help'
            end
        case 'help'
            __tally_parse_subcommand -r 1 'version'
        end
    end
end

function __tally_tokens
    if test (string split -m 1 -f 1 -- . "$FISH_VERSION") -gt 3
        commandline --tokens-raw $argv
    else
        commandline -o $argv
    end
end

function __tally_parse_subcommand -S -a positional_count
    argparse -s r -- $argv
    set -l option_specs $argv[2..]
    set -l is_repeating_positional $_flag_r
    set -el _flag_r
    set -a commands $unparsed_tokens[1]
    set positional_index 0
    while true
        set -e unparsed_tokens[1]
        argparse -sn "$commands" $option_specs -- $unparsed_tokens 2> /dev/null
        set unparsed_tokens $argv
        set positional_index (math $positional_index + 1)
        for non_repeating_flag_or_option in $non_repeating_flags_or_options
            if set -ql "_flag_$(string replace -a - _ -- $non_repeating_flag_or_option)"
                set non_repeating_flags_or_options_absent 1
                break
            end
        end
        test (count $unparsed_tokens) -eq 0 -o \( -z "$is_repeating_positional" -a "$positional_index" -gt "$positional_count" \) && break
    end
end

function __tally_complete_directories
    set -l token (commandline -t)
    string match -- '*/' $token
    set -l subdirs $token*/
    printf %s\n $subdirs
end

function __tally_custom_completion
    set -x SAP_SHELL fish
    set -x SAP_SHELL_VERSION $FISH_VERSION
    set -l tokens (__tally_tokens -p)
    if test -z "$(__tally_tokens -t)"
        set -l index (count (__tally_tokens -pc))
        set tokens $tokens[..$index] \'\' $tokens[(math $index + 1)..]
    end
    command $tokens[1] $argv $tokens
end

complete -c 'tally' -f
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally" useInMemoryUserDefaults' -o 'useInMemoryUserDefaults' -d 'Keep everything in memory: nothing is read from or written to disk.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally" skipOnboarding' -o 'skipOnboarding' -d 'Do not show onboarding (records it as shown in the store in use).'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally" count' -o 'count' -d 'Start with this value for the defaults key: the first counter\'s value.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally" hasOnboardingBeenShown' -o 'hasOnboardingBeenShown' -d 'Start with this value for the defaults key: whether onboarding was shown.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally" counters' -o 'counters' -d 'Start with this value for the defaults key: the counters: an array of dicts with id, name and step.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally" currentCounter' -o 'currentCounter' -d 'Start with this value for the defaults key: the id of the counter on screen.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally" historyView' -o 'historyView' -d 'Start with this value for the defaults key: the history screen\'s view that H opens: year, day, days or changes.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'inc' -d 'Add the counter\'s step (or N) and print the new value.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'dec' -d 'Subtract the counter\'s step (or N) and print the new value.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'set' -d 'Set a counter to VALUE and print it.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'reset' -d 'Set a counter to 0 and print it.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'get' -d 'Print a counter\'s value, or a line about it (--format).'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'list' -d 'Print every counter as a name<TAB>value line.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'new' -d 'Make a counter that starts at 0.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'rm' -d 'Delete a counter and its value (not the last one).'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'rename' -d 'Rename a counter; its value stays.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'log' -d 'Print a counter\'s history: time, event, name, old value, new value, source, and the note if there is one.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'stats' -d 'Print a counter\'s net change today, this week (since Monday) and all time, and its goal\'s progress and streaks.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'config' -d 'Show and change the settings.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'goal' -d 'Set a counter\'s goal (8/day, 3/week, 20/month, or a total such as 300) or limit (at most 3/day), clear it, or print it.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'group' -d 'Put a counter in a group (made if new), take it out with --none, or print its group.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'link' -d 'Link a counter to another: every N counted on it adds one to the other; clear the link, or print it.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'bounds' -d 'Set the least and the most a counter may hold (a change past them is refused), clear them, or print them.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'alert' -d 'Ring when a counter (or a group\'s total) reaches N, or each multiple of N; clear the alert, or print it.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'table' -d 'Print counters\' net changes per interval: a row an interval (empty ones too), a column a counter.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'watch' -d 'Print a line about counters now, and again whenever it changes, until stopped.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'export' -d 'Write every counter (name, value, step, goal) and its history, as JSON (lossless) or CSV.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'import' -d 'Read counters and their history from a file `tally export` wrote, or from Loop Habit Tracker, Tickmate, HabitBull, harsh, dijo or BetterCounter; all of it, or nothing if it has a problem.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'sync' -d 'Count on several machines through a folder that Syncthing, Dropbox, git or a USB stick carries.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally" -eq 1' -fa 'help' -d 'Show subcommand help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally inc" -eq 1' -fka '(__tally_custom_completion ---completion inc -- positional@0 (count (__tally_tokens -pc)) (__tally_tokens -tC))'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally inc" by' -l 'by' -d 'Add N instead of the counter\'s step.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally inc" at' -l 'at' -d 'When it happened: today, yesterday, YYYY-MM-DD, "YYYY-MM-DD HH:MM" (local time) or an ISO 8601 time such as 2026-11-20T18:30:00Z.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally inc" note' -l 'note' -d 'A note kept with the change in the history: one line, up to 200 characters.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally inc" q quiet' -s 'q' -l 'quiet' -d 'Print nothing; only the exit status tells.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally inc" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally inc" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally dec" -eq 1' -fka '(__tally_custom_completion ---completion dec -- positional@0 (count (__tally_tokens -pc)) (__tally_tokens -tC))'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally dec" by' -l 'by' -d 'Subtract N instead of the counter\'s step.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally dec" at' -l 'at' -d 'When it happened: today, yesterday, YYYY-MM-DD, "YYYY-MM-DD HH:MM" (local time) or an ISO 8601 time such as 2026-11-20T18:30:00Z.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally dec" note' -l 'note' -d 'A note kept with the change in the history: one line, up to 200 characters.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally dec" q quiet' -s 'q' -l 'quiet' -d 'Print nothing; only the exit status tells.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally dec" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally dec" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally set" note' -l 'note' -d 'A note kept with the change in the history: one line, up to 200 characters.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally set" q quiet' -s 'q' -l 'quiet' -d 'Print nothing; only the exit status tells.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally set" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally set" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally reset" -eq 1' -fka '(__tally_custom_completion ---completion reset -- positional@0 (count (__tally_tokens -pc)) (__tally_tokens -tC))'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally reset" note' -l 'note' -d 'A note kept with the change in the history: one line, up to 200 characters.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally reset" q quiet' -s 'q' -l 'quiet' -d 'Print nothing; only the exit status tells.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally reset" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally reset" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally get" -ge 1' -fka '(__tally_custom_completion ---completion get -- positional@0 (count (__tally_tokens -pc)) (__tally_tokens -tC))'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally get" group' -l 'group' -d 'Only the counters in this group (ignoring case).' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally get" format' -l 'format' -d 'Print a line per counter: {name}, {value}, {step}, {goal}, {progress}, {streak}, {group}, {last} in braces, {{ and }} for braces.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally get" json' -l 'json' -d 'Print JSON: {"name", "value", "step", "current"} per counter.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally get" q quiet' -s 'q' -l 'quiet' -d 'Print nothing; only the exit status tells.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally get" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally get" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally list" group' -l 'group' -d 'Only the counters in this group (ignoring case).' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally list" json' -l 'json' -d 'Print JSON: {"name", "value", "step", "current"} per counter.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally list" q quiet' -s 'q' -l 'quiet' -d 'Print nothing; only the exit status tells.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally list" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally list" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally new" group' -l 'group' -d 'The group to put it in, made if new: a name as a counter\'s.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally new" min' -l 'min' -d 'The least the counter may hold; a change below it is refused.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally new" max' -l 'max' -d 'The most the counter may hold; a change above it is refused.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally new" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally new" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally rm" -eq 1' -fka '(__tally_custom_completion ---completion rm -- positional@0 (count (__tally_tokens -pc)) (__tally_tokens -tC))'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally rm" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally rm" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally rename" -eq 1' -fka '(__tally_custom_completion ---completion rename -- positional@0 (count (__tally_tokens -pc)) (__tally_tokens -tC))'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally rename" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally rename" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally log" -eq 1' -fka '(__tally_custom_completion ---completion log -- positional@0 (count (__tally_tokens -pc)) (__tally_tokens -tC))'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally log" since' -l 'since' -d 'From WHEN on (a day: from its start). It takes today, yesterday, YYYY-MM-DD, "YYYY-MM-DD HH:MM" (local time) or an ISO 8601 time such as 2026-11-20T18:30:00Z.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally log" until' -l 'until' -d 'Before WHEN (a day: before its start), as --since takes it.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally log" on' -l 'on' -d 'That whole day, as --since takes it (not with --since or --until).' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally log" max-count n' -s 'n' -l 'max-count' -d 'Only the last N changes.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally log" json' -l 'json' -d 'Print JSON, one object a line: {"time", "event", "counter" (its id), "name", "old", "new", "source"}, "machine" for another machine\'s change, and "note" for a change with a note.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally log" by' -l 'by' -d 'Print the net change per interval (1m to 30m, hour, day, week, month) instead, oldest first (buckets with a change; --since, --until, --on and -n choose whole buckets; hours cover today unless --since or --on is given).' -rfka '1m 5m 15m 30m hour day week month'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally log" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally log" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally stats" -eq 1' -fka '(__tally_custom_completion ---completion stats -- positional@0 (count (__tally_tokens -pc)) (__tally_tokens -tC))'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally stats" json' -l 'json' -d 'Print JSON: {"name", "today", "thisWeek", "allTime"}, and with a goal "goal", "progress", "goalReached" and, for a goal per period, "currentStreak" and "bestStreak".'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally stats" by' -l 'by' -d 'Print the net change per interval (1m to 30m, hour, day, week, month) instead, oldest first, one bucket a line (hours: today\'s).' -rfka '1m 5m 15m 30m hour day week month'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally stats" group' -l 'group' -d 'Sum the counters of a group instead (ignoring case): their values, changes and goals\' progress.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally stats" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally stats" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally config" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally config" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally config" -eq 1' -fa 'list' -d 'Print every setting: its value, where it comes from, its default, what it does.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally config" -eq 1' -fa 'get' -d 'Print a setting\'s value as this run sees it.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally config" -eq 1' -fa 'set' -d 'Change a setting; a value it does not allow changes nothing.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally config" -eq 1' -fa 'reset' -d 'Give a setting its default value back.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally config list" json' -l 'json' -d 'Print JSON: {"name", "value", "default", "source", "thisMachineOnly", "description"} per setting.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally config list" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally config list" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally config get" -eq 1' -fka 'theme alertStyle bigDigits confirmReset confirmDelete lockTimeout dayStartsAtHour keys.increment keys.decrement keys.reset keys.setValue keys.addAmount keys.setStep keys.setGoal keys.note keys.undo keys.redo keys.nextCounter keys.previousCounter keys.nextGroup keys.previousGroup keys.newCounter keys.rename keys.delete keys.help keys.history keys.board keys.settings keys.quit keys.board.subtract keys.board.undo keys.board.open keys.board.up keys.board.down keys.board.pageUp keys.board.pageDown keys.board.nextGroup keys.board.previousGroup keys.board.help keys.board.settings keys.board.close keys.history.nextView keys.history.previousView keys.history.back keys.history.forward keys.history.now keys.history.help keys.history.close keys.settings.up keys.settings.down keys.settings.edit keys.settings.undo keys.settings.help keys.settings.close'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally config get" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally config get" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally config set" -eq 1' -fka 'theme alertStyle bigDigits confirmReset confirmDelete lockTimeout dayStartsAtHour keys.increment keys.decrement keys.reset keys.setValue keys.addAmount keys.setStep keys.setGoal keys.note keys.undo keys.redo keys.nextCounter keys.previousCounter keys.nextGroup keys.previousGroup keys.newCounter keys.rename keys.delete keys.help keys.history keys.board keys.settings keys.quit keys.board.subtract keys.board.undo keys.board.open keys.board.up keys.board.down keys.board.pageUp keys.board.pageDown keys.board.nextGroup keys.board.previousGroup keys.board.help keys.board.settings keys.board.close keys.history.nextView keys.history.previousView keys.history.back keys.history.forward keys.history.now keys.history.help keys.history.close keys.settings.up keys.settings.down keys.settings.edit keys.settings.undo keys.settings.help keys.settings.close'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally config set" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally config set" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally config reset" -eq 1' -fka 'theme alertStyle bigDigits confirmReset confirmDelete lockTimeout dayStartsAtHour keys.increment keys.decrement keys.reset keys.setValue keys.addAmount keys.setStep keys.setGoal keys.note keys.undo keys.redo keys.nextCounter keys.previousCounter keys.nextGroup keys.previousGroup keys.newCounter keys.rename keys.delete keys.help keys.history keys.board keys.settings keys.quit keys.board.subtract keys.board.undo keys.board.open keys.board.up keys.board.down keys.board.pageUp keys.board.pageDown keys.board.nextGroup keys.board.previousGroup keys.board.help keys.board.settings keys.board.close keys.history.nextView keys.history.previousView keys.history.back keys.history.forward keys.history.now keys.history.help keys.history.close keys.settings.up keys.settings.down keys.settings.edit keys.settings.undo keys.settings.help keys.settings.close'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally config reset" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally config reset" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally goal" -eq 1' -fka '(__tally_custom_completion ---completion goal -- positional@0 (count (__tally_tokens -pc)) (__tally_tokens -tC))'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally goal" clear' -l 'clear' -d 'Remove the goal.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally goal" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally goal" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally group" -eq 1' -fka '(__tally_custom_completion ---completion group -- positional@0 (count (__tally_tokens -pc)) (__tally_tokens -tC))'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally group" none' -l 'none' -d 'Take the counter out of its group.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally group" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally group" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally link" -eq 1' -fka '(__tally_custom_completion ---completion link -- positional@0 (count (__tally_tokens -pc)) (__tally_tokens -tC))'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally link" -eq 2' -fka '(__tally_custom_completion ---completion link -- positional@1 (count (__tally_tokens -pc)) (__tally_tokens -tC))'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally link" every' -l 'every' -d 'One on TO for every N counted on FROM (2 or more).' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally link" clear' -l 'clear' -d 'Remove the link.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally link" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally link" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally bounds" -eq 1' -fka '(__tally_custom_completion ---completion bounds -- positional@0 (count (__tally_tokens -pc)) (__tally_tokens -tC))'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally bounds" min' -l 'min' -d 'The least the counter may hold; a change below it is refused.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally bounds" max' -l 'max' -d 'The most the counter may hold; a change above it is refused.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally bounds" clear' -l 'clear' -d 'Remove both bounds.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally bounds" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally bounds" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally alert" -ge 1' -fka '(__tally_custom_completion ---completion alert -- positional@0 (count (__tally_tokens -pc)) (__tally_tokens -tC))'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally alert" group' -l 'group' -d 'An alert on the total of the counters in this group.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally alert" every' -l 'every' -d 'Ring at each multiple of N (1 or more).' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally alert" clear' -l 'clear' -d 'Remove the alert.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally alert" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally alert" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally table" group' -l 'group' -d 'Only the counters in this group (ignoring case).' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally table" by' -l 'by' -d 'The interval (1h is hour).' -rfka '1m 5m 15m 30m hour day week month'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally table" since' -l 'since' -d 'From WHEN on (a day: from its start). It takes today, yesterday, YYYY-MM-DD, "YYYY-MM-DD HH:MM" (local time) or an ISO 8601 time such as 2026-11-20T18:30:00Z.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally table" until' -l 'until' -d 'Before WHEN (a day: before its start), as --since takes it.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally table" on' -l 'on' -d 'That whole day, as --since takes it (not with --since or --until).' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally table" format' -l 'format' -d 'text (aligned columns), csv or json.' -rfka 'text csv json'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally table" json' -l 'json' -d 'The same as --format json.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally table" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally table" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally watch" -ge 1' -fka '(__tally_custom_completion ---completion watch -- positional@0 (count (__tally_tokens -pc)) (__tally_tokens -tC))'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally watch" group' -l 'group' -d 'Only the counters in this group (ignoring case).' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally watch" format' -l 'format' -d 'Print a line per counter: {name}, {value}, {step}, {goal}, {progress}, {streak}, {group}, {last} in braces, {{ and }} for braces.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally watch" json' -l 'json' -d 'Print each line as waybar\'s JSON: {"text", "tooltip", "class", "percentage"}.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally watch" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally watch" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally export" format' -l 'format' -d 'json (lossless, the default) or csv (for spreadsheets).' -rfka 'json csv'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally export" o output' -s 'o' -l 'output' -d 'Write to FILE (replaced atomically) instead of standard output.' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally export" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally export" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally import" from' -l 'from' -d 'The app the file comes from; without it, told by the file\'s content.' -rfka 'loop tickmate habitbull harsh dijo bettercounter'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally import" dry-run' -l 'dry-run' -d 'Print what another app\'s file would become (changes, totals, days, goals, what is left out); change nothing.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally import" merge' -l 'merge' -d 'Match counters by name and join histories (the default for a Tally backup, whose value, step and goal win; another app\'s history is added to them).'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally import" replace' -l 'replace' -d 'Replace every counter and the history, after keeping the old store and history aside.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally import" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally import" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally sync" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally sync" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally sync" -eq 1' -fa 'enable' -d 'Join the sync folder DIR; the counters here keep their values.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally sync" -eq 1' -fa 'status' -d 'Print the folder, this machine, the other machines seen and when, and any problem.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally sync" -eq 1' -fa 'disable' -d 'Leave the sync folder; the counters keep their values here.'
complete -c 'tally' -n '__tally_should_offer_completions_for_positional "tally sync enable" -eq 1' -fa '(__tally_complete_directories)'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally sync enable" name' -l 'name' -d 'This machine\'s name in the folder (default: the host name).' -rfka ''
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally sync enable" replace-machine' -l 'replace-machine' -d 'Take over the file of an earlier machine with this name, as after a reinstall that lost the data directory: its counts and settings are kept, and this machine writes its file from now on. Without it, such a file is reported as another machine using the name.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally sync enable" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally sync enable" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally sync status" json' -l 'json' -d 'Print JSON: {"folder", "machine", "instance", "reachable", "machines", "problems"}.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally sync status" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally sync status" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally sync disable" version' -l 'version' -d 'Show the version.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally sync disable" help' -l 'help' -d 'Show help information.'
complete -c 'tally' -n '__tally_should_offer_completions_for_flags_or_options "tally help" version' -l 'version' -d 'Show the version.'
