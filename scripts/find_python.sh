#!/usr/bin/env sh
# Print the path of a Python 3.12 or newer, or explain and fail.
# Tries the usual names first, then pyenv's installs (whose shims fail when
# that version is not the active one).
for candidate in python3.14 python3.13 python3.12 python3 python \
    $(ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -r) \
    /usr/local/bin/python3.1[2-9] /usr/bin/python3.1[2-9]; do
  path=$(command -v "$candidate" 2>/dev/null) || continue
  if "$path" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1; then
    "$path" -c 'import sys; print(sys.executable)'
    exit 0
  fi
done
echo "Rookery needs Python 3.12 or newer, and none was found (tried python3.14, python3.13, python3.12, python3 and pyenv's versions)." >&2
echo "Install one, e.g. 'apt-get install python3.12' or 'pyenv install 3.12', then run make again." >&2
exit 1
