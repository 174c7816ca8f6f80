"""Type-check the package and fail on any mypy error that is not in the baseline.

The code base predates its type checking, so the errors it had then are listed in
`mypy-baseline.txt` (one `path: message  [code]` per line, line numbers left out so that edits
elsewhere in a file do not disturb it). New code must add none; fixing one makes the baseline
shrink, and `--update` writes the smaller list. It never adds an entry: an error that is not
listed has to be fixed, not recorded.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BASELINE = ROOT / "mypy-baseline.txt"
_ERROR = re.compile(r"^(?P<path>[^:]+):\d+(?::\d+)?: error: (?P<rest>.*)$")


def current_errors() -> Counter[str]:
    """The errors mypy reports now, as baseline keys with their counts."""
    run = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    if run.returncode not in (0, 1):  # 2: mypy itself failed (bad configuration, crash)
        sys.exit(f"mypy failed:\n{run.stdout}{run.stderr}")
    keys = Counter[str]()
    for line in run.stdout.splitlines():
        match = _ERROR.match(line)
        if match:
            keys[f"{match['path']}: {match['rest']}"] += 1
    return keys


def read_baseline() -> Counter[str]:
    if not BASELINE.exists():
        return Counter()
    return Counter(line for line in BASELINE.read_text(encoding="utf-8").splitlines() if line.strip())


def main(update: bool) -> int:
    now, allowed = current_errors(), read_baseline()
    new = now - allowed
    fixed = allowed - now
    if new:
        print(f"{sum(new.values())} mypy error(s) not in {BASELINE.name}:")
        for key, count in sorted(new.items()):
            print(f"  {key}" + (f"  (x{count})" if count > 1 else ""))
        return 1
    if update and fixed:
        kept = sorted((now & allowed).elements())
        BASELINE.write_text("".join(f"{key}\n" for key in kept), encoding="utf-8")
        print(f"{BASELINE.name}: {sum(fixed.values())} fixed error(s) removed, {len(kept)} left")
    elif fixed:
        print(f"mypy: {sum(fixed.values())} baseline error(s) are fixed; "
              f"run `python scripts/mypy_baseline.py --update` to shrink {BASELINE.name}")
    print(f"mypy: no new errors ({sum(now.values())} known, listed in {BASELINE.name})")
    return 0


if __name__ == "__main__":
    sys.exit(main("--update" in sys.argv[1:]))
