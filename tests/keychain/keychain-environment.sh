#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Runs one test program in a keychain environment of its own, never the machine's keyring or bus:
#
#   keychain-environment.sh KIND PROGRAM [ARGS...]
#
#   unlocked   a private session bus with GNOME Keyring's secret service, unlocked by this script
#   nobus      no session bus at all: DBUS_SESSION_BUS_ADDRESS unset, an XDG_RUNTIME_DIR without a
#              bus socket, no DISPLAY to autolaunch one with (a jump host, a container, cron)
#   noservice  a private session bus with no secret service on it, none running and none that the
#              bus could start
#   locked     a private bus whose login keyring exists but is locked, and an unlock prompter that
#              never answers (the bus starts one that holds no name): an operation that needs the
#              keyring unlocked waits for ever
#   refused    as locked, but with no prompter at all: the unlock fails at once
#
# HOME and XDG_* point into a temporary directory, removed afterwards, so the keyring this makes
# is private. The program reads KIND from OM_KEYCHAIN_ENVIRONMENT. Exit status: the program's, or
# 77 (CTest: skipped) when a tool is missing (scripts/bootstrap installs them: dbus-daemon,
# dbus-bin, gnome-keyring, libsecret-tools).
set -u

if [ "${1:-}" = --inside ]; then
  # On the private bus (dbus-run-session started this script again): the keyring, then the program.
  shift; kind=$1; shift
  keyring_pid=
  secrets_owned() {
    dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q 'boolean true'
  }
  # $1 = want "true" or "false": waits (at most 30 s) until the secret service is there, or gone.
  await_secrets() {
    local i
    for i in $(seq 300); do
      if secrets_owned; then [ "$1" = true ] && return 0; else [ "$1" = false ] && return 0; fi
      sleep 0.1
    done
    echo "keychain-environment: the secret service did not $([ "$1" = true ] && echo start || echo stop) within 30 s" >&2
    cat "$OM_KC_DIR/keyring.log" >&2
    return 1
  }
  start_keyring() { # $1 = unlock | locked
    if [ "$1" = unlock ]; then
      printf %s "om-test-keyring" | gnome-keyring-daemon --foreground --unlock --components=secrets >>"$OM_KC_DIR/keyring.log" 2>&1 &
    else
      gnome-keyring-daemon --foreground --components=secrets </dev/null >>"$OM_KC_DIR/keyring.log" 2>&1 &
    fi
    keyring_pid=$!
    await_secrets true
  }
  stop_keyring() {
    [ -n "$keyring_pid" ] || return 0
    kill "$keyring_pid" 2>/dev/null; wait "$keyring_pid" 2>/dev/null; keyring_pid=
  }
  trap stop_keyring EXIT
  case $kind in
    unlocked) start_keyring unlock || exit 1 ;;
    locked|refused)
      # The login keyring is made (and its password set) unlocked, then the daemon starts again
      # locked, as after a login that did not unlock it.
      start_keyring unlock || exit 1
      stop_keyring; await_secrets false || exit 1
      [ -f "$XDG_DATA_HOME/keyrings/login.keyring" ] || { echo "keychain-environment: no login keyring was made" >&2; exit 1; }
      start_keyring locked || exit 1 ;;
  esac
  "$@"
  exit $?
fi

kind=${1:-}; shift || true
case $kind in
  unlocked|nobus|noservice|locked|refused) ;;
  *) sed -n '3,22p' "$0" >&2; exit 2 ;;
esac
[ $# -gt 0 ] || { echo "keychain-environment: no program to run" >&2; exit 2; }
for tool in dbus-run-session dbus-send dbus-monitor gnome-keyring-daemon secret-tool; do
  command -v "$tool" >/dev/null || { echo "keychain-environment: $tool is missing (scripts/bootstrap installs it): skipped"; exit 77; }
done

# Short: the bus socket's path must fit a unix socket's 108 bytes.
dir=$(mktemp -d /tmp/om-kc.XXXXXX) || exit 1
trap 'rm -rf "$dir"' EXIT
mkdir -m 700 "$dir/home" "$dir/data" "$dir/config" "$dir/cache" "$dir/run" "$dir/services"
export HOME=$dir/home XDG_DATA_HOME=$dir/data XDG_CONFIG_HOME=$dir/config XDG_CACHE_HOME=$dir/cache \
       XDG_RUNTIME_DIR=$dir/run OM_KC_DIR=$dir OM_KEYCHAIN_ENVIRONMENT=$kind
unset DBUS_SESSION_BUS_ADDRESS DISPLAY WAYLAND_DISPLAY GNOME_KEYRING_CONTROL
# Under AddressSanitizer: full stacks for LeakSanitizer, so that what GLib's D-Bus and libsecret
# keep at exit is matched by the library names in tests/sanitizers/lsan.supp (GLib has no frame
# pointers: the fast unwinder stops inside it).
if [ -n "${ASAN_OPTIONS:-}" ]; then export ASAN_OPTIONS="$ASAN_OPTIONS:fast_unwind_on_malloc=0"; fi

if [ "$kind" = nobus ]; then
  "$@"
  exit $?
fi

# The bus knows only the services named here: not the machine's (/usr/share/dbus-1/services would
# let it start the machine's gnome-keyring, or a prompter that needs a display).
services=
if [ "$kind" = locked ]; then
  # A "prompter" that connects to the bus and never takes the prompter's name: the unlock waits for
  # it for ever (the bus allows it an hour), and it ends with the bus.
  cat >"$dir/services/org.gnome.keyring.SystemPrompter.service" <<EOS
[D-BUS Service]
Name=org.gnome.keyring.SystemPrompter
Exec=/bin/sh -c "exec dbus-monitor --session type=signal,interface=om.test.NeverSent >/dev/null 2>&1"
EOS
  services="<servicedir>$dir/services</servicedir>"
fi
cat >"$dir/bus.conf" <<EOC
<!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
 "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
<busconfig>
  <type>session</type>
  <listen>unix:dir=$dir/run</listen>
  <auth>EXTERNAL</auth>
  $services
  <policy context="default">
    <allow send_destination="*" eavesdrop="true"/>
    <allow eavesdrop="true"/>
    <allow own="*"/>
  </policy>
  <limit name="service_start_timeout">3600000</limit>
</busconfig>
EOC
# dbus-daemon's "Failed to set fd limit" (not root's to raise here) is noise.
dbus-run-session --config-file="$dir/bus.conf" -- bash "$0" --inside "$kind" "$@" 2> >(grep -v 'Failed to set fd limit' >&2)
status=$?
exit $status
