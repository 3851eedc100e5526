#!/usr/bin/env bash
# A private PostgreSQL cluster for the tests, on loopback, gone when stopped.
#
#   scripts/e2e/postgres.sh start DIR PORT   initdb DIR (once), start the server on 127.0.0.1:PORT, print its URL
#   scripts/e2e/postgres.sh stop DIR         stop it
#   scripts/e2e/postgres.sh restart DIR      stop it as a crash would (immediate mode) and start it again
#
# As root the cluster belongs to the `postgres` user (PostgreSQL refuses to run as root); otherwise to the
# caller. Authentication is `trust` on loopback only: the cluster is for one test run.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
# shellcheck source=prerequisites.sh
. "$here/prerequisites.sh"

bin=$(postgres_bin)
if [ -z "$bin" ]; then
    echo "postgres.sh: PostgreSQL's server is not installed: sudo apt-get install $LOCKOUT_POSTGRES_PACKAGE" >&2
    exit 69
fi

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
    start)
        dir=${2:?usage: postgres.sh start DIR PORT}
        port=${3:?usage: postgres.sh start DIR PORT}
        mkdir -p "$dir"
        if [ "$(id -u)" -eq 0 ]; then
            chown postgres "$dir"
            chmod o+x "$(dirname "$dir")"  # a mktemp -d parent is 0700: let the postgres user through
        fi
        if [ ! -f "$dir/PG_VERSION" ]; then
            as_owner "$bin/initdb" -D "$dir" -A trust -U postgres -E UTF8 >"$dir.initdb.log" 2>&1 || {
                cat "$dir.initdb.log" >&2
                exit 1
            }
        fi
        as_owner "$bin/pg_ctl" -D "$dir" -w -t 60 -l "$dir/server.log" \
            -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null || {
            cat "$dir/server.log" >&2
            exit 1
        }
        echo "postgres://postgres@127.0.0.1:$port/postgres"
        ;;
    stop)
        dir=${2:?usage: postgres.sh stop DIR}
        as_owner "$bin/pg_ctl" -D "$dir" -m fast -w stop >/dev/null 2>&1 || true
        ;;
    restart)
        dir=${2:?usage: postgres.sh restart DIR}
        as_owner "$bin/pg_ctl" -D "$dir" -m immediate -w -t 60 restart >/dev/null
        ;;
    *)
        echo "usage: $0 start DIR PORT | stop DIR" >&2
        exit 64
        ;;
esac
