#!/usr/bin/env bash
# The release archive's checks: DIR holds vbench-VERSION.tar.gz and .zip (copies of what the build made in target/);
# both must list what a user needs, and the .tar.gz, unpacked in DIR, runs the README's first command with nothing of
# the source tree in reach (its own cache directory, the launcher's JDK discovery; on JDK 21 too when
# VBENCH_TEST_JDK21 names one). .ci/run starts it beside the tests; alone: .ci/release.sh DIR
set -euo pipefail
release_dir=$(cd "$1" && pwd)
tarball=$(ls "$release_dir"/vbench-*.tar.gz)
version=$(basename "$tarball" .tar.gz)
version=${version#vbench-}
for archive in "$release_dir/vbench-$version.tar.gz" "$release_dir/vbench-$version.zip"; do
    listing=$(case $archive in *.zip) unzip -Z1 "$archive" ;; *) tar tzf "$archive" ;; esac | sort | tr '\n' ' ')
    for f in bin/vbench lib/vbench.jar lib/vbench-api.jar completions/vbench.bash man/man1/vbench.1 man/man1/vbench-run.1 \
            LICENSE README.md CHANGELOG.md docs/running.md examples/single-file/Fib.java examples/history/nightly.sh; do
        case " $listing " in *" vbench-$version/$f "*) ;; *) echo "ci: $(basename "$archive") lacks vbench-$version/$f" >&2; exit 1 ;; esac
    done
done
tar xzf "$tarball" -C "$release_dir"
cd "$release_dir/vbench-$version"
unset VBENCH_JAVA_OPTS VBENCH_STARTUP_CACHE_DIR
export HOME="$release_dir/home" XDG_CACHE_HOME="$release_dir/cache"
# every relative link of the README and of docs/ resolves inside the archive
for page in README.md docs/*.md; do
    for link in $(grep -o '](\([^)#]*\)' "$page" | sed 's/^](//' | grep -v -e '^https\?:' -e '^mailto:' -e '^$'); do
        [ -e "$(dirname "$page")/$link" ] || { echo "ci: $page links to $link, which the archive lacks" >&2; exit 1; }
    done
done
if command -v man > /dev/null; then
    MANPATH="$PWD/man" man -w vbench-run > /dev/null || { echo "ci: MANPATH=man man vbench-run finds no page" >&2; exit 1; }
fi
bin/vbench --version | tee "$release_dir/version.txt"
grep -q "^vbench $version (commit " "$release_dir/version.txt" || { echo "ci: bin/vbench --version does not name $version" >&2; exit 1; }
bin/vbench run -w io -e virtual --tasks 10000 --no-progress | tee "$release_dir/run.txt"
grep -q '^10000  virtual ' "$release_dir/run.txt" || { echo "ci: the release's first command printed no table" >&2; exit 1; }
[ -n "$(ls -A "$XDG_CACHE_HOME/vbench/startup-cache/")" ] || { echo "ci: no start-up cache in the user's cache directory" >&2; exit 1; }
if [ -d "$release_dir/vbench-$version/target" ]; then echo "ci: the release wrote into its install directory" >&2; exit 1; fi
if [ -n "${VBENCH_TEST_JDK21:-}" ]; then
    VBENCH_JAVA_HOME=$VBENCH_TEST_JDK21 bin/vbench run -w io -e virtual --tasks 10000 --trials 2 --warmup 0 \
        --no-progress > "$release_dir/run21.txt"
    grep -q '^10000  virtual ' "$release_dir/run21.txt" || { echo "ci: the release does not run on JDK 21" >&2; exit 1; }
fi
echo "ci: release archive ok (vbench-$version.tar.gz and .zip)"
