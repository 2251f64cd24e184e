"""The four-surface test (issue 20): one program, one option text, the same
result from fp4-opt, C++ (Pipelines.h), the C API and Python.

    surfaces.py --tools DIR --cxx EXE --c EXE --python "CMD" \\
        [--options TEXT]... [--expect-failure] [--shard I/N] [-j N] FILE...

For each FILE and each option text (the text between the quotes of
`fp4-opt --fp4-lower-to-hsaco="..."`; default: one empty text, the
pipeline's defaults) every surface compiles the file:

  fp4-opt   DIR/fp4-opt FILE --mlir-print-op-on-diagnostic=false
                        --fp4-lower-to-hsaco=TEXT
  c++       the --cxx driver (fp4-surface-cxx: its own MLIRContext and
            PassManager, parseLowerToHsacoOptions, buildLowerToHsacoPipeline)
  c         the --c driver (fp4-surface-c: fp4CompileOptionsParse,
            fp4CompileToHsaco, fp4CompileResultGetModule)
  python    CMD surface_python.py (fm.CompileOptions, fm.compile,
            Compiled.module_text)

Without --expect-failure every surface must succeed and print the same
module text, byte for byte; the gpu.binary ops hold the HSACO and the
device IR in that text, so the same text is the same binaries. With
--expect-failure every surface must fail and print the same diagnostics.
A mismatch prints the program, the options, the surfaces that differ and a
unified diff of the first difference; the exit status is then 1.

What is normalized, and only that (normalize_*):
- fp4-opt writes one more newline after the printed module (MlirOptMain
  does); the other three write the module as Operation::print prints it
  (the C API's fp4CompileResultGetModule holds that text).
- Diagnostics name the file: fp4-opt and the C++ driver read FILE and name
  their source buffer by its path; fp4CompileToHsaco takes text, whose
  buffer is named "module". The path is written "module".
- A refused option: fp4-opt reports it as a diagnostic at an unknown
  location ("<unknown>:0: error: ..."); the C++ API returns an llvm::Error,
  the C API an Fp4Status, Python raises CompileError, with no location, and
  their drivers print "error: " and the message. The "<unknown>:0: " prefix
  is dropped.
- --mlir-print-op-on-diagnostic=false is given to fp4-opt (and the C++
  driver sets the same on its context) because the C API turns it off
  (lib/CAPI/ModuleText.cpp: a failing op would be printed whole, HSACO
  included) and Python uses the C API; fp4-opt's default prints the op.

Python 3 and its standard library only.
"""

import argparse
import concurrent.futures
import difflib
import os
import shlex
import subprocess
import sys
import time

SURFACES = ("fp4-opt", "c++", "c", "python")
HERE = os.path.dirname(os.path.abspath(__file__))


def commands(args, path, options):
    """The command line of each surface for `path` and option text
    `options`."""
    return {
        "fp4-opt": [os.path.join(args.tools, "fp4-opt"), path,
                    "--mlir-print-op-on-diagnostic=false",
                    "--fp4-lower-to-hsaco=" + options],
        "c++": [args.cxx, path, options],
        "c": [args.c, path, options],
        "python": shlex.split(args.python) +
                  [os.path.join(HERE, "surface_python.py"), path, options],
    }


def normalize_module(surface, text):
    if surface == "fp4-opt" and text.endswith("\n"):
        return text[:-1]
    return text


def normalize_diagnostics(path, text):
    text = text.replace(path, "module")
    lines = [line[len("<unknown>:0: "):]
             if line.startswith("<unknown>:0: ") else line
             for line in text.splitlines(keepends=True)]
    return "".join(lines)


def run(command):
    start = time.monotonic()
    p = subprocess.run(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    return (p.returncode, p.stdout.decode("utf-8", "replace"),
            p.stderr.decode("utf-8", "replace"), time.monotonic() - start)


def clip(line, column, width=160):
    """`line` cut to `width` characters around `column` (the module text has
    lines of megabytes: the HSACO of a gpu.binary)."""
    if len(line) <= width:
        return line
    start = max(0, min(column - width // 2, len(line) - width))
    return (("..." if start else "") + line[start:start + width] +
            ("..." if start + width < len(line) else ""))


def first_difference(name_a, a, name_b, b):
    """The first hunk of the unified diff of a and b, long lines clipped
    around the first column where the two texts differ."""
    lines_a, lines_b = a.splitlines(), b.splitlines()
    column = 0
    for la, lb in zip(lines_a, lines_b):
        if la != lb:
            column = next((i for i, (x, y) in enumerate(zip(la, lb))
                           if x != y), min(len(la), len(lb)))
            break
    out = []
    for line in difflib.unified_diff(lines_a, lines_b, name_a, name_b,
                                     lineterm=""):
        if line.startswith("@@") and any(o.startswith("@@") for o in out):
            break
        out.append(line if line.startswith(("---", "+++", "@@"))
                   else line[0] + clip(line[1:], column))
    if not out and a != b:
        out.append("(the texts differ only in their line ends)")
    return "\n".join(out)


def check(args, path, options):
    """Runs the four surfaces; returns (failure messages, seconds per
    surface)."""
    cmds = commands(args, path, options)
    results = {s: run(cmds[s]) for s in SURFACES}
    where = f"{os.path.relpath(path)} with options '{options}'"
    problems = []
    outcome = {s: r[0] for s, r in results.items()}
    if args.expect_failure:
        bad = [s for s in SURFACES if outcome[s] != 1]
        if bad:
            problems.append(f"{where}: expected every surface to fail with "
                            f"status 1; exit statuses {outcome}")
        texts = {s: normalize_diagnostics(path, results[s][2])
                 for s in SURFACES}
        if outcome["fp4-opt"] != 0 and not texts["fp4-opt"].strip():
            problems.append(f"{where}: fp4-opt failed with no diagnostic")
        what = "diagnostics"
    else:
        bad = [s for s in SURFACES if outcome[s] != 0]
        for s in bad:
            problems.append(f"{where}: {s} failed (status {outcome[s]}):\n" +
                            results[s][2])
        texts = {s: normalize_module(s, results[s][1]) for s in SURFACES}
        if outcome["fp4-opt"] == 0 and not texts["fp4-opt"].strip():
            problems.append(f"{where}: fp4-opt printed no module")
        what = "module text"
    reference = texts["fp4-opt"]
    differing = [s for s in SURFACES[1:] if texts[s] != reference]
    if differing and not bad:
        first = differing[0]
        problems.append(
            f"{where}: the {what} of {', '.join(differing)} "
            f"{'differs' if len(differing) == 1 else 'differ'} from "
            f"fp4-opt's; first difference (fp4-opt vs {first}):\n" +
            first_difference("fp4-opt", reference, first, texts[first]))
    return problems, {s: r[3] for s, r in results.items()}


def main(argv):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--tools", required=True,
                        help="the folder of fp4-opt")
    parser.add_argument("--cxx", required=True, help="fp4-surface-cxx")
    parser.add_argument("--c", required=True, help="fp4-surface-c")
    parser.add_argument("--python", required=True,
                        help="the command that runs Python with fp4mlir "
                             "importable (split as a shell would)")
    parser.add_argument("--options", action="append",
                        help="option text; repeat for several (default: '')")
    parser.add_argument("--expect-failure", action="store_true",
                        help="every surface must fail, with the same "
                             "diagnostics")
    parser.add_argument("-j", "--jobs", type=int, default=1,
                        help="programs compiled at once (lit runs several "
                             "tests at once already)")
    parser.add_argument("--shard", default="1/1", metavar="I/N",
                        help="only the I-th of every N files, in sorted "
                             "order (several lit tests share the programs)")
    parser.add_argument("files", nargs="+")
    args = parser.parse_args(argv)
    option_sets = args.options or [""]
    index, count = (int(x) for x in args.shard.split("/"))
    if not 1 <= index <= count:
        parser.error(f"--shard {args.shard}: I must be in 1..N")
    files = sorted(os.path.abspath(f) for f in args.files)[index - 1::count]
    if not files:
        parser.error("no program to compile")
    cases = [(f, o) for f in files for o in option_sets]
    start = time.monotonic()
    failures, seconds = [], {s: 0.0 for s in SURFACES}
    with concurrent.futures.ThreadPoolExecutor(args.jobs) as pool:
        for problems, times in pool.map(lambda c: check(args, *c), cases):
            failures += problems
            for s in SURFACES:
                seconds[s] += times[s]
    for f in failures:
        print("MISMATCH: " + f + "\n")
    print(f"{len(files)} program(s) x {len(option_sets)} option "
          f"text(s) x {len(SURFACES)} surfaces: {len(failures)} "
          f"mismatch(es), {time.monotonic() - start:.1f} s (" +
          ", ".join(f"{s} {seconds[s]:.1f} s" for s in SURFACES) + ")")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
