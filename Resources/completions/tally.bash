#!/bin/bash

__tally_cursor_index_in_current_word() {
    local remaining="${COMP_LINE}"

    local word
    for word in "${COMP_WORDS[@]::COMP_CWORD}"; do
        remaining="${remaining##*([[:space:]])"${word}"*([[:space:]])}"
    done

    local -ir index="$((COMP_POINT - ${#COMP_LINE} + ${#remaining}))"
    if [[ "${index}" -le 0 ]]; then
        printf 0
    else
        printf %s "${index}"
    fi
}

# positional arguments:
#
# - 1: the current (sub)command's count of positional arguments
#
# required variables:
#
# - repeating_flags: the repeating flags that the current (sub)command can accept
# - non_repeating_flags: the non-repeating flags that the current (sub)command can accept
# - repeating_options: the repeating options that the current (sub)command can accept
# - non_repeating_options: the non-repeating options that the current (sub)command can accept
# - positional_number: value ignored
# - unparsed_words: unparsed words from the current command line
#
# modified variables:
#
# - non_repeating_flags: remove flags for this (sub)command that are already on the command line
# - non_repeating_options: remove options for this (sub)command that are already on the command line
# - positional_number: set to the current positional number
# - unparsed_words: remove all flags, options, and option values for this (sub)command
__tally_offer_flags_options() {
    local -ir positional_count="${1}"
    positional_number=0

    local was_flag_option_terminator_seen=false
    local is_parsing_option_value=false

    local -ar unparsed_word_indices=("${!unparsed_words[@]}")
    local -i word_index
    for word_index in "${unparsed_word_indices[@]}"; do
        if "${is_parsing_option_value}"; then
            # This word is an option value:
            # Reset marker for next word iff not currently the last word
            [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]] && is_parsing_option_value=false
            unset "unparsed_words[${word_index}]"
            # Do not process this word as a flag or an option
            continue
        fi

        local word="${unparsed_words["${word_index}"]}"
        if ! "${was_flag_option_terminator_seen}"; then
            case "${word}" in
            --)
                unset "unparsed_words[${word_index}]"
                # by itself -- is a flag/option terminator, but if it is the last word, it is the start of a completion
                if [[ "${word_index}" -ne "${unparsed_word_indices[${#unparsed_word_indices[@]} - 1]}" ]]; then
                    was_flag_option_terminator_seen=true
                fi
                continue
                ;;
            -*)
                # ${word} is a flag or an option
                # If ${word} is an option, mark that the next word to be parsed is an option value
                local option
                for option in "${repeating_options[@]}" "${non_repeating_options[@]}"; do
                    [[ "${word}" = "${option}" ]] && is_parsing_option_value=true && break
                done

                # Remove ${word} from ${non_repeating_flags} or ${non_repeating_options} so it isn't offered again
                local not_found=true
                local -i index
                for index in "${!non_repeating_flags[@]}"; do
                    if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                        unset "non_repeating_flags[${index}]"
                        non_repeating_flags=("${non_repeating_flags[@]}")
                        not_found=false
                        break
                    fi
                done
                if "${not_found}"; then
                    for index in "${!non_repeating_flags[@]}"; do
                        if [[ "${non_repeating_flags[${index}]}" = "${word}" ]]; then
                            unset "non_repeating_flags[${index}]"
                            non_repeating_flags=("${non_repeating_flags[@]}")
                            break
                        fi
                    done
                fi
                unset "unparsed_words[${word_index}]"
                continue
                ;;
            esac
        fi

        # ${word} is neither a flag, nor an option, nor an option value
        if [[ "${positional_number}" -lt "${positional_count}" || "${positional_count}" -lt 0 ]]; then
            # ${word} is a positional
            ((positional_number++))
            unset "unparsed_words[${word_index}]"
        else
            if [[ -z "${word}" ]]; then
                # Could be completing a flag, option, or subcommand
                positional_number=-1
            else
                # ${word} is a subcommand or invalid, so stop processing this (sub)command
                positional_number=-2
            fi
            break
        fi
    done

    unparsed_words=("${unparsed_words[@]}")

    if\
        ! "${was_flag_option_terminator_seen}"\
        && ! "${is_parsing_option_value}"\
        && [[ ("${cur}" = -* && "${positional_number}" -ge 0) || "${positional_number}" -eq -1 ]]
    then
        COMPREPLY+=($(compgen -W "${repeating_flags[*]} ${non_repeating_flags[*]} ${repeating_options[*]} ${non_repeating_options[*]}" -- "${cur}"))
    fi
}

__tally_add_completions() {
    local completion
    while IFS='' read -r completion; do
        COMPREPLY+=("${completion}")
    done < <(IFS=$'\n' compgen "${@}" -- "${cur}")
}

__tally_custom_complete() {
    if [[ -n "${cur}" || -z ${COMP_WORDS[${COMP_CWORD}]} || "${COMP_LINE:${COMP_POINT}:1}" != ' ' ]]; then
        local -ar words=("${COMP_WORDS[@]}")
    else
        local -ar words=("${COMP_WORDS[@]::${COMP_CWORD}}" '' "${COMP_WORDS[@]:${COMP_CWORD}}")
    fi

    "${COMP_WORDS[0]}" "${@}" "${words[@]}"
}

_tally() {
    local state
    state="$(shopt -p;shopt -po)"
    trap "${state//$'\n'/;}" RETURN
    shopt -s extglob
    set +o history +o posix

    local -xr SAP_SHELL=bash
    local -x SAP_SHELL_VERSION
    SAP_SHELL_VERSION="$(IFS='.';printf %s "${BASH_VERSINFO[*]}")"
    local -r SAP_SHELL_VERSION

    local -r cur="${2}"
    local -r prev="${3}"

    local -i positional_number
    local -a unparsed_words=("${COMP_WORDS[@]:1:${COMP_CWORD}}")

    local -a repeating_flags=()
    local -a non_repeating_flags=(-useInMemoryUserDefaults -skipOnboarding --version --help)
    local -a repeating_options=()
    local -a non_repeating_options=(-count -hasOnboardingBeenShown -counters -currentCounter -historyView)
    __tally_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '-count')
        return
        ;;
    '-hasOnboardingBeenShown')
        return
        ;;
    '-counters')
        return
        ;;
    '-currentCounter')
        return
        ;;
    '-historyView')
        return
        ;;
    esac

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    inc|dec|set|reset|get|list|new|rm|rename|log|stats|config|goal|group|link|bounds|alert|table|watch|export|import|sync|help)
        # Offer subcommand argument completions
        "_tally_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'inc dec set reset get list new rm rename log stats config goal group link bounds alert table watch export import sync help' -- "${cur}"))
        ;;
    esac
}

_tally_inc() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version --help)
    repeating_options=()
    non_repeating_options=(--by --at --note)
    __tally_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--by')
        return
        ;;
    '--at')
        return
        ;;
    '--note')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __tally_add_completions -W "$(__tally_custom_complete ---completion inc -- positional@0 "${COMP_CWORD}" "$(__tally_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_tally_dec() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version --help)
    repeating_options=()
    non_repeating_options=(--by --at --note)
    __tally_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--by')
        return
        ;;
    '--at')
        return
        ;;
    '--note')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __tally_add_completions -W "$(__tally_custom_complete ---completion dec -- positional@0 "${COMP_CWORD}" "$(__tally_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_tally_set() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version --help)
    repeating_options=()
    non_repeating_options=(--note)
    __tally_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--note')
        return
        ;;
    esac
}

_tally_reset() {
    repeating_flags=()
    non_repeating_flags=(-q --quiet --version --help)
    repeating_options=()
    non_repeating_options=(--note)
    __tally_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--note')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __tally_add_completions -W "$(__tally_custom_complete ---completion reset -- positional@0 "${COMP_CWORD}" "$(__tally_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_tally_get() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet --version --help)
    repeating_options=()
    non_repeating_options=(--group --format)
    __tally_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--group')
        return
        ;;
    '--format')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __tally_add_completions -W "$(__tally_custom_complete ---completion get -- positional@0 "${COMP_CWORD}" "$(__tally_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_tally_list() {
    repeating_flags=()
    non_repeating_flags=(--json -q --quiet --version --help)
    repeating_options=()
    non_repeating_options=(--group)
    __tally_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--group')
        return
        ;;
    esac
}

_tally_new() {
    repeating_flags=()
    non_repeating_flags=(--version --help)
    repeating_options=()
    non_repeating_options=(--group --min --max)
    __tally_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--group')
        return
        ;;
    '--min')
        return
        ;;
    '--max')
        return
        ;;
    esac
}

_tally_rm() {
    repeating_flags=()
    non_repeating_flags=(--version --help)
    repeating_options=()
    non_repeating_options=()
    __tally_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __tally_add_completions -W "$(__tally_custom_complete ---completion rm -- positional@0 "${COMP_CWORD}" "$(__tally_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_tally_rename() {
    repeating_flags=()
    non_repeating_flags=(--version --help)
    repeating_options=()
    non_repeating_options=()
    __tally_offer_flags_options 2

    # Offer positional completions
    case "${positional_number}" in
    1)
        __tally_add_completions -W "$(__tally_custom_complete ---completion rename -- positional@0 "${COMP_CWORD}" "$(__tally_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_tally_log() {
    repeating_flags=()
    non_repeating_flags=(--json --version --help)
    repeating_options=()
    non_repeating_options=(--since --until --on -n --max-count --by)
    __tally_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--on')
        return
        ;;
    '-n'|'--max-count')
        return
        ;;
    '--by')
        __tally_add_completions -W '1m'$'\n''5m'$'\n''15m'$'\n''30m'$'\n''hour'$'\n''day'$'\n''week'$'\n''month'
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __tally_add_completions -W "$(__tally_custom_complete ---completion log -- positional@0 "${COMP_CWORD}" "$(__tally_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_tally_stats() {
    repeating_flags=()
    non_repeating_flags=(--json --version --help)
    repeating_options=()
    non_repeating_options=(--by --group)
    __tally_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--by')
        __tally_add_completions -W '1m'$'\n''5m'$'\n''15m'$'\n''30m'$'\n''hour'$'\n''day'$'\n''week'$'\n''month'
        return
        ;;
    '--group')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __tally_add_completions -W "$(__tally_custom_complete ---completion stats -- positional@0 "${COMP_CWORD}" "$(__tally_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_tally_config() {
    repeating_flags=()
    non_repeating_flags=(--version --help)
    repeating_options=()
    non_repeating_options=()
    __tally_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    list|get|set|reset)
        # Offer subcommand argument completions
        "_tally_config_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'list get set reset' -- "${cur}"))
        ;;
    esac
}

_tally_config_list() {
    repeating_flags=()
    non_repeating_flags=(--json --version --help)
    repeating_options=()
    non_repeating_options=()
    __tally_offer_flags_options 0
}

_tally_config_get() {
    repeating_flags=()
    non_repeating_flags=(--version --help)
    repeating_options=()
    non_repeating_options=()
    __tally_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __tally_add_completions -W 'theme'$'\n''alertStyle'$'\n''bigDigits'$'\n''confirmReset'$'\n''confirmDelete'$'\n''lockTimeout'$'\n''dayStartsAtHour'$'\n''keys.increment'$'\n''keys.decrement'$'\n''keys.reset'$'\n''keys.setValue'$'\n''keys.addAmount'$'\n''keys.setStep'$'\n''keys.setGoal'$'\n''keys.note'$'\n''keys.undo'$'\n''keys.redo'$'\n''keys.nextCounter'$'\n''keys.previousCounter'$'\n''keys.nextGroup'$'\n''keys.previousGroup'$'\n''keys.newCounter'$'\n''keys.rename'$'\n''keys.delete'$'\n''keys.help'$'\n''keys.history'$'\n''keys.board'$'\n''keys.settings'$'\n''keys.quit'$'\n''keys.board.subtract'$'\n''keys.board.undo'$'\n''keys.board.open'$'\n''keys.board.up'$'\n''keys.board.down'$'\n''keys.board.pageUp'$'\n''keys.board.pageDown'$'\n''keys.board.nextGroup'$'\n''keys.board.previousGroup'$'\n''keys.board.help'$'\n''keys.board.settings'$'\n''keys.board.close'$'\n''keys.history.nextView'$'\n''keys.history.previousView'$'\n''keys.history.back'$'\n''keys.history.forward'$'\n''keys.history.now'$'\n''keys.history.help'$'\n''keys.history.close'$'\n''keys.settings.up'$'\n''keys.settings.down'$'\n''keys.settings.edit'$'\n''keys.settings.undo'$'\n''keys.settings.help'$'\n''keys.settings.close'
        return
        ;;
    esac
}

_tally_config_set() {
    repeating_flags=()
    non_repeating_flags=(--version --help)
    repeating_options=()
    non_repeating_options=()
    __tally_offer_flags_options -1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __tally_add_completions -W 'theme'$'\n''alertStyle'$'\n''bigDigits'$'\n''confirmReset'$'\n''confirmDelete'$'\n''lockTimeout'$'\n''dayStartsAtHour'$'\n''keys.increment'$'\n''keys.decrement'$'\n''keys.reset'$'\n''keys.setValue'$'\n''keys.addAmount'$'\n''keys.setStep'$'\n''keys.setGoal'$'\n''keys.note'$'\n''keys.undo'$'\n''keys.redo'$'\n''keys.nextCounter'$'\n''keys.previousCounter'$'\n''keys.nextGroup'$'\n''keys.previousGroup'$'\n''keys.newCounter'$'\n''keys.rename'$'\n''keys.delete'$'\n''keys.help'$'\n''keys.history'$'\n''keys.board'$'\n''keys.settings'$'\n''keys.quit'$'\n''keys.board.subtract'$'\n''keys.board.undo'$'\n''keys.board.open'$'\n''keys.board.up'$'\n''keys.board.down'$'\n''keys.board.pageUp'$'\n''keys.board.pageDown'$'\n''keys.board.nextGroup'$'\n''keys.board.previousGroup'$'\n''keys.board.help'$'\n''keys.board.settings'$'\n''keys.board.close'$'\n''keys.history.nextView'$'\n''keys.history.previousView'$'\n''keys.history.back'$'\n''keys.history.forward'$'\n''keys.history.now'$'\n''keys.history.help'$'\n''keys.history.close'$'\n''keys.settings.up'$'\n''keys.settings.down'$'\n''keys.settings.edit'$'\n''keys.settings.undo'$'\n''keys.settings.help'$'\n''keys.settings.close'
        return
        ;;
    esac
}

_tally_config_reset() {
    repeating_flags=()
    non_repeating_flags=(--version --help)
    repeating_options=()
    non_repeating_options=()
    __tally_offer_flags_options 1

    # Offer positional completions
    case "${positional_number}" in
    1)
        __tally_add_completions -W 'theme'$'\n''alertStyle'$'\n''bigDigits'$'\n''confirmReset'$'\n''confirmDelete'$'\n''lockTimeout'$'\n''dayStartsAtHour'$'\n''keys.increment'$'\n''keys.decrement'$'\n''keys.reset'$'\n''keys.setValue'$'\n''keys.addAmount'$'\n''keys.setStep'$'\n''keys.setGoal'$'\n''keys.note'$'\n''keys.undo'$'\n''keys.redo'$'\n''keys.nextCounter'$'\n''keys.previousCounter'$'\n''keys.nextGroup'$'\n''keys.previousGroup'$'\n''keys.newCounter'$'\n''keys.rename'$'\n''keys.delete'$'\n''keys.help'$'\n''keys.history'$'\n''keys.board'$'\n''keys.settings'$'\n''keys.quit'$'\n''keys.board.subtract'$'\n''keys.board.undo'$'\n''keys.board.open'$'\n''keys.board.up'$'\n''keys.board.down'$'\n''keys.board.pageUp'$'\n''keys.board.pageDown'$'\n''keys.board.nextGroup'$'\n''keys.board.previousGroup'$'\n''keys.board.help'$'\n''keys.board.settings'$'\n''keys.board.close'$'\n''keys.history.nextView'$'\n''keys.history.previousView'$'\n''keys.history.back'$'\n''keys.history.forward'$'\n''keys.history.now'$'\n''keys.history.help'$'\n''keys.history.close'$'\n''keys.settings.up'$'\n''keys.settings.down'$'\n''keys.settings.edit'$'\n''keys.settings.undo'$'\n''keys.settings.help'$'\n''keys.settings.close'
        return
        ;;
    esac
}

_tally_goal() {
    repeating_flags=()
    non_repeating_flags=(--clear --version --help)
    repeating_options=()
    non_repeating_options=()
    __tally_offer_flags_options 2

    # Offer positional completions
    case "${positional_number}" in
    1)
        __tally_add_completions -W "$(__tally_custom_complete ---completion goal -- positional@0 "${COMP_CWORD}" "$(__tally_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_tally_group() {
    repeating_flags=()
    non_repeating_flags=(--none --version --help)
    repeating_options=()
    non_repeating_options=()
    __tally_offer_flags_options 2

    # Offer positional completions
    case "${positional_number}" in
    1)
        __tally_add_completions -W "$(__tally_custom_complete ---completion group -- positional@0 "${COMP_CWORD}" "$(__tally_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_tally_link() {
    repeating_flags=()
    non_repeating_flags=(--clear --version --help)
    repeating_options=()
    non_repeating_options=(--every)
    __tally_offer_flags_options 2

    # Offer option value completions
    case "${prev}" in
    '--every')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __tally_add_completions -W "$(__tally_custom_complete ---completion link -- positional@0 "${COMP_CWORD}" "$(__tally_cursor_index_in_current_word)")"
        return
        ;;
    2)
        __tally_add_completions -W "$(__tally_custom_complete ---completion link -- positional@1 "${COMP_CWORD}" "$(__tally_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_tally_bounds() {
    repeating_flags=()
    non_repeating_flags=(--clear --version --help)
    repeating_options=()
    non_repeating_options=(--min --max)
    __tally_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--min')
        return
        ;;
    '--max')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __tally_add_completions -W "$(__tally_custom_complete ---completion bounds -- positional@0 "${COMP_CWORD}" "$(__tally_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_tally_alert() {
    repeating_flags=()
    non_repeating_flags=(--clear --version --help)
    repeating_options=()
    non_repeating_options=(--group --every)
    __tally_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--group')
        return
        ;;
    '--every')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __tally_add_completions -W "$(__tally_custom_complete ---completion alert -- positional@0 "${COMP_CWORD}" "$(__tally_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_tally_table() {
    repeating_flags=()
    non_repeating_flags=(--json --version --help)
    repeating_options=()
    non_repeating_options=(--group --by --since --until --on --format)
    __tally_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--group')
        return
        ;;
    '--by')
        __tally_add_completions -W '1m'$'\n''5m'$'\n''15m'$'\n''30m'$'\n''hour'$'\n''day'$'\n''week'$'\n''month'
        return
        ;;
    '--since')
        return
        ;;
    '--until')
        return
        ;;
    '--on')
        return
        ;;
    '--format')
        __tally_add_completions -W 'text'$'\n''csv'$'\n''json'
        return
        ;;
    esac
}

_tally_watch() {
    repeating_flags=()
    non_repeating_flags=(--json --version --help)
    repeating_options=()
    non_repeating_options=(--group --format)
    __tally_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--group')
        return
        ;;
    '--format')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    *)
        __tally_add_completions -W "$(__tally_custom_complete ---completion watch -- positional@0 "${COMP_CWORD}" "$(__tally_cursor_index_in_current_word)")"
        return
        ;;
    esac
}

_tally_export() {
    repeating_flags=()
    non_repeating_flags=(--version --help)
    repeating_options=()
    non_repeating_options=(--format -o --output)
    __tally_offer_flags_options 0

    # Offer option value completions
    case "${prev}" in
    '--format')
        __tally_add_completions -W 'json'$'\n''csv'
        return
        ;;
    '-o'|'--output')
        return
        ;;
    esac
}

_tally_import() {
    repeating_flags=()
    non_repeating_flags=(--dry-run --merge --replace --version --help)
    repeating_options=()
    non_repeating_options=(--from)
    __tally_offer_flags_options -1

    # Offer option value completions
    case "${prev}" in
    '--from')
        __tally_add_completions -W 'loop'$'\n''tickmate'$'\n''habitbull'$'\n''harsh'$'\n''dijo'$'\n''bettercounter'
        return
        ;;
    esac
}

_tally_sync() {
    repeating_flags=()
    non_repeating_flags=(--version --help)
    repeating_options=()
    non_repeating_options=()
    __tally_offer_flags_options 0

    # Offer subcommand / subcommand argument completions
    local -r subcommand="${unparsed_words[0]}"
    unset 'unparsed_words[0]'
    unparsed_words=("${unparsed_words[@]}")
    case "${subcommand}" in
    enable|status|disable)
        # Offer subcommand argument completions
        "_tally_sync_${subcommand}"
        ;;
    *)
        # Offer subcommand completions
        COMPREPLY+=($(compgen -W 'enable status disable' -- "${cur}"))
        ;;
    esac
}

_tally_sync_enable() {
    repeating_flags=()
    non_repeating_flags=(--replace-machine --version --help)
    repeating_options=()
    non_repeating_options=(--name)
    __tally_offer_flags_options 1

    # Offer option value completions
    case "${prev}" in
    '--name')
        return
        ;;
    esac

    # Offer positional completions
    case "${positional_number}" in
    1)
        __tally_add_completions -d
        return
        ;;
    esac
}

_tally_sync_status() {
    repeating_flags=()
    non_repeating_flags=(--json --version --help)
    repeating_options=()
    non_repeating_options=()
    __tally_offer_flags_options 0
}

_tally_sync_disable() {
    repeating_flags=()
    non_repeating_flags=(--version --help)
    repeating_options=()
    non_repeating_options=()
    __tally_offer_flags_options 0
}

_tally_help() {
    repeating_flags=()
    non_repeating_flags=(--version)
    repeating_options=()
    non_repeating_options=()
    __tally_offer_flags_options -1
}

complete -o filenames -F _tally tally
