#!/usr/bin/env bash
# Usage: lighttpd.sh DIR HTTP_PORT HTTPS_PORT USER PASSWORD
# Smart HTTP: git http-backend (CGI) behind lighttpd, serving DIR/srv/<name> at
# http://127.0.0.1:HTTP_PORT/git/<name> and https://127.0.0.1:HTTPS_PORT/git/<name>, basic
# auth for USER:PASSWORD on everything (http-backend allows pushes for authenticated users).
# Uses DIR/cert.pem and DIR/key.pem (certificate.sh makes them when missing).
# Prints the server's pid (also in DIR/lighttpd.pid); logs in DIR/lighttpd*.log.
set -euo pipefail
source "$(dirname "$0")/common.sh"
dir=$1 http_port=$2 https_port=$3 user=$4 password=$5
mkdir -p "$dir/srv" "$dir/www"
[ -f "$dir/cert.pem" ] || "$(dirname "$0")/certificate.sh" "$dir"
printf '%s:%s\n' "$user" "$(openssl passwd -apr1 "$password")" >"$dir/htpasswd"
backend=$(git --exec-path)/git-http-backend
cat >"$dir/lighttpd.conf" <<CONF
server.modules = ("mod_alias", "mod_setenv", "mod_auth", "mod_authn_file", "mod_cgi", "mod_openssl")
server.document-root = "$dir/www"
server.bind = "127.0.0.1"
server.port = $http_port
server.errorlog = "$dir/lighttpd-error.log"
\$SERVER["socket"] == "127.0.0.1:$https_port" {
  ssl.engine = "enable"
  ssl.pemfile = "$dir/cert.pem"
  ssl.privkey = "$dir/key.pem"
}
alias.url = ( "/git/" => "$backend/" )
\$HTTP["url"] =~ "^/git/" {
  cgi.assign = ( "" => "" )
  setenv.add-environment = ( "GIT_PROJECT_ROOT" => "$dir/srv", "GIT_HTTP_EXPORT_ALL" => "1" )
  auth.backend = "htpasswd"
  auth.backend.htpasswd.userfile = "$dir/htpasswd"
  auth.require = ( "" => ( "method" => "basic", "realm" => "git", "require" => "valid-user" ) )
}
CONF
lighttpd -tt -f "$dir/lighttpd.conf" >"$dir/lighttpd-check.log" 2>&1 || {
  cat "$dir/lighttpd-check.log" >&2
  exit 1
}
start_detached lighttpd "$dir" lighttpd -D -f "$dir/lighttpd.conf"
wait_for_port lighttpd "$dir" "$http_port"
wait_for_port lighttpd "$dir" "$https_port"
cat "$dir/lighttpd.pid"
