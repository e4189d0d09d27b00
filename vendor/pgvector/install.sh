#!/bin/sh
# Builds the pgvector extension from the source tarball beside this script and installs it into
# Debian's PostgreSQL (needs root, like apt-get). Idempotent: does nothing when `vector` is installed.
# Usage: sh vendor/pgvector/install.sh        (from the project root; .ci/run calls it)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
version=0.8.6
initdb=$(ls /usr/lib/postgresql/*/bin/initdb 2>/dev/null | sort -V | tail -1 || true)
if [ -z "$initdb" ]; then echo "install-pgvector: PostgreSQL is not installed (apt-get install postgresql)" >&2; exit 1; fi
major=$(basename "$(dirname "$(dirname "$initdb")")")
if [ -f "/usr/share/postgresql/$major/extension/vector.control" ]; then
  echo "install-pgvector: vector already installed for PostgreSQL $major"; exit 0
fi
pgconfig="/usr/lib/postgresql/$major/bin/pg_config"
if [ ! -x "$pgconfig" ] || ! dpkg -s "postgresql-server-dev-$major" >/dev/null 2>&1 || ! command -v make >/dev/null || ! command -v gcc >/dev/null; then
  # A fresh machine may have no package lists yet: update them once when the install cannot find them.
  DEBIAN_FRONTEND=noninteractive apt-get install -y -q "postgresql-server-dev-$major" make gcc >/dev/null 2>&1 ||
    { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q "postgresql-server-dev-$major" make gcc >/dev/null; }
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar xzf "$here/pgvector-$version.tar.gz" -C "$work"
# OPTFLAGS="": no -march=native, so the build runs on any x86-64 or arm64 machine.
make -C "$work/pgvector-$version" PG_CONFIG="$pgconfig" OPTFLAGS="" -j2 >/dev/null
make -C "$work/pgvector-$version" PG_CONFIG="$pgconfig" install >/dev/null
echo "install-pgvector: vector $version installed for PostgreSQL $major"
