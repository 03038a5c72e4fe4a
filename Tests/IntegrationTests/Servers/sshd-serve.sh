#!/bin/sh
# Usage: sshd-serve.sh DIR PORT
#
# Serves ssh on 127.0.0.1:PORT for the current user only, public keys only, from DIR:
#   DIR/host_ed25519      the server's host key (made here unless present)
#   DIR/authorized_keys   the client keys it accepts (written by the caller)
#   DIR/sshd_config       written here
#   DIR/sshd.log          sshd's log
# sshd runs in the foreground in place of this script (exec), so stopping this process
# stops the server. Nothing outside DIR is used, except /run/sshd (privilege separation)
# when run as root.
set -eu
dir=$1
port=$2
[ -f "$dir/host_ed25519" ] || ssh-keygen -q -t ed25519 -N '' -C notes-test-host -f "$dir/host_ed25519"
if [ "$(id -u)" = 0 ]; then mkdir -p /run/sshd && chmod 0755 /run/sshd; fi
cat >"$dir/sshd_config" <<CONF
ListenAddress 127.0.0.1
Port $port
HostKey $dir/host_ed25519
PidFile none
AuthorizedKeysFile $dir/authorized_keys
PubkeyAuthentication yes
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
PermitRootLogin prohibit-password
StrictModes no
AllowUsers $(id -un)
UseDNS no
PrintMotd no
LogLevel VERBOSE
CONF
exec /usr/sbin/sshd -D -E "$dir/sshd.log" -f "$dir/sshd_config"
