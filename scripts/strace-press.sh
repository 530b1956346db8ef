#!/usr/bin/env bash
# strace of one Space press in a running tally (docs/one-press-strace.md):
#   scripts/strace-press.sh BINARY OUT   (needs strace and tmux)
set -eu
bin=$1; out=$2
d=$(mktemp -d); export XDG_DATA_HOME=$d HOME=$d
$bin inc >/dev/null   # a store exists
sock=$d/tmux.sock
tmux -S $sock new -d -s t -x 80 -y 24 "env XDG_DATA_HOME=$d HOME=$d strace -f -tt -e trace=openat,read,write,pwrite64,rename,renameat,fsync,fdatasync,flock,inotify_add_watch,poll,ppoll -o $out.raw $bin -skipOnboarding"
sleep 1.5
tmux -S $sock send-keys -t t Space
sleep 1
tmux -S $sock send-keys -t t q
sleep 0.5
tmux -S $sock kill-server 2>/dev/null || true
# the press: from the read of the Space on fd 0 to the read of the q
awk '/read\(0, " "/{p=1} p{print} p&&/read\(0, "q"/{exit}' $out.raw > $out
rm -rf $d
