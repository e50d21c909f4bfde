#!/usr/bin/env bash
# The setup action's install step (action.yml): downloads agentry-<version>-linux-x64 and SHA256SUMS from the release,
# verifies the executable against SHA256SUMS, and puts it on PATH (GITHUB_PATH). A copy already in the cache
# directory (restored by actions/cache) is verified again rather than trusted. Env: INPUT_VERSION, INPUT_BASE_URL,
# AGENTRY_DIR (the cached directory), GITHUB_PATH, RUNNER_TEMP, RUNNER_OS, RUNNER_ARCH.
set -euo pipefail
version="${INPUT_VERSION#v}"
case "${RUNNER_OS:-Linux}-${RUNNER_ARCH:-X64}" in
  Linux-X64) platform=linux-x64 ;;
  *) echo "::error::agentry setup: no executable is published for ${RUNNER_OS}-${RUNNER_ARCH} yet (linux-x64 only)" >&2; exit 1 ;;
esac
name="agentry-${version}-${platform}"
base="${INPUT_BASE_URL%/}/v${version}"
dir="${AGENTRY_DIR:?}"
mkdir -p "$dir"
curl -fsSL --retry 3 -o "$dir/SHA256SUMS" "$base/SHA256SUMS"
if ! grep -q "  ${name}\$" "$dir/SHA256SUMS"; then
  echo "::error::agentry setup: SHA256SUMS of v${version} does not list ${name}" >&2
  exit 1
fi
if [ ! -f "$dir/$name" ]; then
  curl -fsSL --retry 3 -o "${RUNNER_TEMP:?}/$name" "$base/$name"
  mv "${RUNNER_TEMP}/$name" "$dir/$name"
fi
if ! (cd "$dir" && grep "  ${name}\$" SHA256SUMS | sha256sum -c --quiet -); then
  rm -f "$dir/$name"
  echo "::error::agentry setup: ${name} does not match SHA256SUMS; removed" >&2
  exit 1
fi
chmod +x "$dir/$name"
ln -sf "$name" "$dir/agentry"
echo "$dir" >> "${GITHUB_PATH:?}"
