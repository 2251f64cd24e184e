"""Lists every absolute path of a particular machine (/work/..., /tmp/...,
/home/..., /opt/...) and every reference to files outside the repository
(../shared/...) in README.md, docs/ and bench/; fails if there is one.
Commands there must run from a clean clone, with repository-relative paths
or an environment variable. argv[1]: the repository root."""
import os
import re
import sys

ROOT = sys.argv[1]
MACHINE = re.compile(r"(?<![\w.~$/-])/(?:work|tmp|home|root|mnt|opt|Users|"
                     r"scratch|data|var/tmp)(?=/|\b)")
OUTSIDE = re.compile(r"\.\./shared\b|\bshared/(?:docs|calibration)\b")

found = []
paths = [os.path.join(ROOT, "README.md")]
for top in ("docs", "bench"):
    for folder, _, files in os.walk(os.path.join(ROOT, top)):
        paths += [os.path.join(folder, f) for f in files]
for path in sorted(paths):
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
    except (UnicodeDecodeError, OSError):
        continue  # plots and other binary files
    for number, line in enumerate(lines, 1):
        if MACHINE.search(line) or OUTSIDE.search(line):
            found.append(f"{os.path.relpath(path, ROOT)}:{number}: "
                         f"{line.strip()[:100]}")
if found:
    sys.exit("machine paths or files outside the repository:\n" +
             "\n".join(found))
print(f"checked {len(paths)} files")
