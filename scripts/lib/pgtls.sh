# SPDX-License-Identifier: GPL-3.0-or-later
# shellcheck shell=bash
# A second throwaway PostgreSQL server, with TLS, for the TLS tests (tests/db/tst_tls.cpp). Sourced
# after pgcluster.sh and pg_cluster_start; pg_cluster_stop stops and removes it with the cluster.
#
# Usage (sourced):  pg_tls_start   -> exports OM_TLS_DIR OM_TLS_PORT OM_TLS_ROLE OM_TLS_DATABASE
#
# Why a server of its own rather than ssl=on on the suite's cluster (each point measured): with
# ssl=on there, every TCP connection that names no sslmode (libpq's default is prefer) is encrypted,
# and tst_connectionparams, which asserts that the suite's server has no TLS, fails in initTestCase,
# as does tst_connectproblem's "sslmode=require to a server without TLS". Exporting PGSSLMODE=disable
# to undo the encryption also changes what ConnectionInfo::describe() prints for every connection
# (it shows the environment's sslmode), and tst_commandline, which compares that text, fails. The
# proxies' tests do not care (tst_gateway and tst_gatewayfaults pass with TLS through the
# FreezingProxy; CommitDropProxy talks to the Unix socket, where there is no TLS). A server of its
# own leaves every other test as it was, for one more initdb and start (2-3 s on a busy machine).
#
# What it makes, in $OM_PG_DIR/tls/certs (OM_TLS_DIR), new for every run:
#   ca.crt              the run's CA: signs the server's and the client's certificates
#   server.crt/.key     CN and SAN localhost, SAN IP 127.0.0.1 (key 0600, owned by the server's user)
#   client.crt/.key     CN = OM_TLS_ROLE, signed by ca.crt (key 0600, owned by whoever runs the tests)
#   wrong-ca.crt        an unrelated CA: a client that trusts it must refuse the server
#   wrong-client.crt/.key  CN = OM_TLS_ROLE, signed by the wrong CA: the server must refuse it
# The server: ssl=on with those files, ssl_ca_file=ca.crt (client certificates are checked against
# it). pg_hba.conf, before initdb's trust lines: OM_TLS_ROLE logs in to OM_TLS_DATABASE only over
# TLS with a client certificate the server verified and whose CN is the role (clientcert=verify-full),
# and in no other way. Other roles (postgres) keep initdb's trust lines, TLS or not.

OM_TLS_ROLE_NAME=om_tls_client
OM_TLS_DATABASE_NAME=om_tls

# _pg_tls_certs DIR ROLE: the files listed above, in DIR.
_pg_tls_certs() {
  local dir=$1 role=$2
  # Our own configuration, not the system's openssl.cnf: the extensions each certificate needs are
  # spelled out here (a CA must say CA:TRUE, a server certificate names its host in its SAN).
  cat >"$dir/openssl.cnf" <<'EOF'
[req]
distinguished_name = dn
[dn]
[ca]
basicConstraints = critical, CA:TRUE
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
[server]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:localhost, IP:127.0.0.1
[client]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = clientAuth
EOF
  # Two days: a whole run fits, and a certificate left behind by a killed run is useless soon after.
  local ca
  for ca in ca wrong-ca; do
    openssl req -config "$dir/openssl.cnf" -x509 -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
        -days 2 -extensions ca \
        -subj "/CN=Outbox Monitor test $ca" -keyout "$dir/$ca.key" -out "$dir/$ca.crt" 2>/dev/null || return 1
  done
  _pg_tls_issue "$dir" ca server /CN=localhost || return 1
  _pg_tls_issue "$dir" ca client "/CN=$role" || return 1
  _pg_tls_issue "$dir" wrong-ca wrong-client "/CN=$role" client || return 1
}

# _pg_tls_issue DIR CA NAME SUBJECT [EXTENSIONS]: NAME.key and NAME.crt signed by CA.
_pg_tls_issue() {
  local dir=$1 ca=$2 name=$3 subject=$4 ext=${5:-$3}
  openssl req -config "$dir/openssl.cnf" -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
      -subj "$subject" -keyout "$dir/$name.key" -out "$dir/$name.csr" 2>/dev/null || return 1
  openssl x509 -req -in "$dir/$name.csr" -CA "$dir/$ca.crt" -CAkey "$dir/$ca.key" -CAcreateserial \
      -days 2 -extfile "$dir/openssl.cnf" -extensions "$ext" -out "$dir/$name.crt" 2>/dev/null || return 1
  rm -f "$dir/$name.csr"
}

pg_tls_start() {
  [ -n "${OM_PG_DIR:-}" ] || { echo "pgtls: pg_tls_start needs a running cluster (pg_cluster_start)" >&2; return 1; }
  local dir=$OM_PG_DIR/tls port
  local certs=$dir/certs role=$OM_TLS_ROLE_NAME db=$OM_TLS_DATABASE_NAME
  mkdir -p "$certs"
  chmod 700 "$dir"
  _pg_tls_certs "$certs" "$role" || { echo "pgtls: openssl could not make the certificates" >&2; return 1; }
  # The CA keys have signed what they had to: nothing else may be issued with them.
  rm -f "$certs/ca.key" "$certs/wrong-ca.key" "$certs"/*.srl
  # Private keys 0600 (the server and libpq refuse a key others can read); certificates readable.
  chmod 644 "$certs"/*.crt
  chmod 600 "$certs"/*.key
  if [ "$(id -u)" = 0 ]; then
    # The server runs as postgres (pgcluster.sh): it must own its key and reach the directory.
    # The client's files stay with the user running the tests, as a user's ~/.postgresql would.
    chown postgres:postgres "$dir" "$certs" "$certs/server.key" "$certs/server.crt" "$certs/ca.crt"
  fi
  _pg_as_owner "$PG_BIN/initdb" -D "$dir/data" -U postgres -A trust -E UTF8 --locale=C.UTF-8 \
      --no-sync >"$dir/initdb.log" 2>&1 || { cat "$dir/initdb.log" >&2; return 1; }
  cat >>"$dir/data/postgresql.conf" <<EOF

# scripts/lib/pgtls.sh: TLS with the run's own CA
ssl = on
ssl_cert_file = '$certs/server.crt'
ssl_key_file = '$certs/server.key'
ssl_ca_file = '$certs/ca.crt'
EOF
  # First match wins in pg_hba.conf: these lines come before initdb's trust lines, which would
  # otherwise let the role in without a certificate (or without TLS).
  local hba=$dir/data/pg_hba.conf
  { cat <<EOF
# scripts/lib/pgtls.sh: $role reaches $db only over TLS, with a client certificate signed by the
# run's CA whose CN is the role; refused every other way (Unix socket, no TLS, other databases).
EOF
    printf '%-10s %-8s %-15s %-13s %s\n' \
      local     all   "$role" ""           reject \
      hostssl   "$db" "$role" 127.0.0.1/32 "trust clientcert=verify-full" \
      hostnossl all   "$role" all          reject \
      host      all   "$role" all          reject
    echo
    cat "$hba"; } >"$hba.new" && mv "$hba.new" "$hba"
  if [ "$(id -u)" = 0 ]; then chown postgres:postgres "$hba"; fi
  chmod 600 "$hba"
  port=$(_pg_free_port) || { echo "pgtls: no free port" >&2; return 1; }
  _pg_server_start "$dir" "$port" 60 || return 1
  "$PG_BIN/psql" -X -q -h "$dir" -p "$port" -U postgres -d postgres -v ON_ERROR_STOP=1 \
      -c "CREATE ROLE $role LOGIN" -c "CREATE DATABASE $db OWNER $role" >/dev/null || return 1
  export OM_TLS_DIR=$certs OM_TLS_PORT=$port OM_TLS_ROLE=$role OM_TLS_DATABASE=$db
  # Fail here, with the server's words, rather than in every TLS test: the role gets in with its
  # certificate, and the server says the session is encrypted.
  local conn="host=localhost hostaddr=127.0.0.1 port=$port dbname=$db user=$role sslmode=verify-full"
  conn+=" sslrootcert=$certs/ca.crt sslcert=$certs/client.crt sslkey=$certs/client.key"
  local ssl
  ssl=$("$PG_BIN/psql" -X -At "$conn" -c "SELECT ssl FROM pg_stat_ssl WHERE pid = pg_backend_pid()") || {
    echo "pgtls: the TLS server at port $port does not let $role in with its certificate" >&2
    tail -5 "$dir/server.log" >&2; return 1; }
  [ "$ssl" = t ] || { echo "pgtls: the server says the TLS session is not encrypted ($ssl)" >&2; return 1; }
}
