#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# fake-ssh.sh: an "ssh" for GNU parallel's --ssh that runs the remote command on this machine,
# so that scripts/amfol-parallel.sh --sshlogin is tested without a second host or sshd.
#   fake-ssh.sh [ssh options] HOST COMMAND...
# Each HOST gets its own login folder, $AMFOL_FAKE_REMOTE/HOST (what parallel's --transferfile
# sends lands there, --cleanup removes it there), and sees $AMFOL_FAKE_REMOTE_PATH first in PATH
# (the "remote" tshark). Every login is logged to $AMFOL_FAKE_REMOTE/logins.
set -euo pipefail
while [ $# -gt 0 ] && [ "${1#-}" != "$1" ]; do
  case $1 in -[bcDEeFIiJLlmOopQRSWw]) shift 2 ;; *) shift ;; esac
done
host=$1; shift
[ "${1:-}" = -- ] && shift
home=$AMFOL_FAKE_REMOTE/$host
mkdir -p "$home"
printf '%s\t%s\n' "$host" "$*" >> "$AMFOL_FAKE_REMOTE/logins"
cd "$home"
# sshd sets SHELL to the login shell; GNU parallel's remote wrapper runs the job with $SHELL and,
# without it, the job never starts (CI runs with SHELL unset).
export SHELL=$(getent passwd "$(id -u)" | cut -d: -f7)
[ -x "${SHELL:-}" ] || SHELL=/bin/sh
# ssh hands the remote shell one command line: the words joined by spaces.
PATH=$AMFOL_FAKE_REMOTE_PATH:$PATH exec bash -c "$*"
