#!/usr/bin/env bash
# The setup action's install step (action.yml): downloads agentry-<version>-<platform> (the runner's) and SHA256SUMS from the release,
# verifies the executable against SHA256SUMS, and puts it on PATH (GITHUB_PATH). A copy already in the cache
# directory (restored by actions/cache) is verified again rather than trusted. Env: INPUT_VERSION, INPUT_BASE_URL,
# AGENTRY_DIR (the cached directory), GITHUB_PATH, RUNNER_TEMP, RUNNER_OS, RUNNER_ARCH.
set -euo pipefail
version="${INPUT_VERSION#v}"
# the targets .github/workflows/release.yml builds, by the runner's OS and architecture
ext=
case "${RUNNER_OS:-Linux}-${RUNNER_ARCH:-X64}" in
  Linux-X64) platform=linux-x64 ;;
  Linux-ARM64) platform=linux-arm64 ;;
  macOS-ARM64) platform=macos-arm64 ;;
  Windows-X64) platform=windows-x64 ext=.exe ;;
  *) echo "::error::agentry setup: no executable is published for ${RUNNER_OS}-${RUNNER_ARCH} (linux-x64, linux-arm64, macos-arm64, windows-x64)" >&2; exit 1 ;;
esac
# sha256sum where it is (Linux, Git Bash on Windows), else macOS's shasum
sha256check() { if command -v sha256sum > /dev/null; then sha256sum -c --quiet -; else shasum -a 256 -c --quiet -; fi; }
name="agentry-${version}-${platform}${ext}"
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
if ! (cd "$dir" && grep "  ${name}\$" SHA256SUMS | sha256check); then
  rm -f "$dir/$name"
  echo "::error::agentry setup: ${name} does not match SHA256SUMS; removed" >&2
  exit 1
fi
chmod +x "$dir/$name"
if [ -n "$ext" ]; then cp "$dir/$name" "$dir/agentry$ext"; else ln -sf "$name" "$dir/agentry"; fi
echo "$dir" >> "${GITHUB_PATH:?}"
