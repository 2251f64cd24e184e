"""Checks that fp4-opt's --help and the docs name every pass and pipeline of
the project and every option of its pipelines.

  help-coverage.py FP4_HELP_HIDDEN MLIR_HELP_HIDDEN FP4_HELP REPO

The project's passes and pipelines are what fp4-opt registers beyond
mlir-opt (the "Passes:" and "Pass Pipelines:" lists of --help-hidden), the
options of a pipeline are listed under it there. Each pass must be in
FP4_HELP (`--name`) and documented in docs/generated/*.md (`-name`); each
pipeline in FP4_HELP and README.md; each option of a pipeline in FP4_HELP
(`name=`), README.md (`name=`) and the option table of docs/design.md
(`| `name` |`). Prints what it checked, or what is missing and exits 1.
"""

import glob
import os
import re
import sys


def registered(path):
    """{"passes": {name: []}, "pipelines": {name: [option, ...]}}."""
    found = {"passes": {}, "pipelines": {}}
    section, current = None, None
    with open(path) as f:
        for line in f:
            if re.match(r"^    Passes:", line):
                section = "passes"
            elif re.match(r"^    Pass Pipelines:", line):
                section = "pipelines"
            elif section and re.match(r"^\S|^  \S", line):
                section = None  # the next option group
            elif section:
                m = re.match(r"^      --([\w.-]+)", line)
                if m:
                    current = m.group(1)
                    found[section][current] = []
                    continue
                m = re.match(r"^        --([\w.-]+)", line)
                if m and current:
                    found[section][current].append(m.group(1))
    return found


def main():
    fp4_hidden, mlir_hidden, fp4_help, repo = sys.argv[1:5]
    ours, theirs = registered(fp4_hidden), registered(mlir_hidden)
    with open(fp4_help) as f:
        help_text = f.read()
    read = lambda p: open(os.path.join(repo, p)).read()
    readme, design = read("README.md"), read("docs/design.md")
    generated = "".join(open(p).read() for p in sorted(glob.glob(
        os.path.join(repo, "docs", "generated", "*.md"))))
    missing = []
    passes = sorted(set(ours["passes"]) - set(theirs["passes"]))
    pipelines = sorted(set(ours["pipelines"]) - set(theirs["pipelines"]))
    if not passes or not pipelines:
        missing.append("no pass or pipeline of the project found in the "
                       "--help-hidden listing")
    for name in passes:
        if not re.search(rf"--{re.escape(name)}\b", help_text):
            missing.append(f"pass {name}: not in fp4-opt --help")
        if f"### `-{name}`" not in generated:
            missing.append(f"pass {name}: not documented in docs/generated")
    options = 0
    for name in pipelines:
        if not re.search(rf"--{re.escape(name)}\b", help_text):
            missing.append(f"pipeline {name}: not in fp4-opt --help")
        if name not in readme:
            missing.append(f"pipeline {name}: not in README.md")
        for option in ours["pipelines"][name]:
            options += 1
            if not re.search(rf"[\s\"]{re.escape(option)}=", help_text):
                missing.append(f"option {option} of {name}: not in fp4-opt "
                               f"--help")
            if f"{option}=" not in readme:
                missing.append(f"option {option} of {name}: not in README.md")
            if f"| `{option}` |" not in design:
                missing.append(f"option {option} of {name}: not in the "
                               f"option table of docs/design.md")
    if missing:
        print("\n".join(missing))
        return 1
    print(f"{len(passes)} passes, {len(pipelines)} pipelines and {options} "
          f"pipeline options: all in fp4-opt --help and the docs")
    return 0


if __name__ == "__main__":
    sys.exit(main())
