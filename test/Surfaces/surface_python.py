"""The Python surface of the four-surface test (surfaces.py): what a Python
host does with the fp4mlir package.

    python3 surface_python.py FILE [OPTION-TEXT]

OPTION-TEXT is what fp4-opt takes between the quotes of
--fp4-lower-to-hsaco="..." ("mfma=16 a-quantizer=exact"), given to
fm.CompileOptions as text; the file's text goes to fm.compile. Writes the
compiled module text (Compiled.module_text) on stdout as it is and exits 0,
or the diagnostics on stderr and exits 1: CompileError.diagnostics for a
program that fails, "error: <message>" for option text the library refuses
(a C host prints fp4CompileOptionsParse's status message the same way).
"""

import sys

import fp4mlir as fm


def main(argv):
    if len(argv) not in (2, 3):
        sys.stderr.write("usage: surface_python.py FILE [OPTION-TEXT]\n")
        return 2
    try:
        options = fm.CompileOptions(argv[2] if len(argv) == 3 else "")
    except fm.CompileError as e:
        sys.stderr.write(f"error: {e}\n")
        return 1
    with open(argv[1], encoding="utf-8") as f:
        text = f.read()
    try:
        compiled = fm.compile(text, options)
    except fm.CompileError as e:
        sys.stderr.write(e.diagnostics)
        return 1
    finally:
        options.close()
    sys.stdout.write(compiled.module_text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
