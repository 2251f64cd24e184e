"""Checks that a shared library keeps no private copy of the data that the
shared libraries it loads export (lib/CAPI/ExportMap.cmake says why).

  shared_statics.py LIBRARY [--nm NM]

A private copy is a data symbol that LIBRARY defines with local binding (its
.symtab) while a library it loads (ldd) exports the same name from its
dynamic symbol table: MLIR's TypeIDResolver<T>::resolveTypeID()::id, guard
variables, template statics, typeinfo. Such a copy gives the process two
TypeIDs for one interface or trait. Prints each copy, demangled, and exits 1
when there is any; otherwise prints how many exported data symbols the
library shares and exits 0.
"""

import argparse
import re
import subprocess
import sys

# nm's letters for data: b/B bss, d/D data, g/G small data, r/R read-only,
# s/S other sections, v/V weak objects, u unique globals. Lower case is local.
LOCAL_DATA = set("bdgrs")
GLOBAL_DATA = set("BDGRSVu")


def nm(args, path):
    out = subprocess.run([*args, path], check=True, capture_output=True,
                         text=True).stdout
    for line in out.splitlines():
        parts = line.split()
        if len(parts) == 3:
            yield parts[1], parts[2].split("@")[0]


def loaded_libraries(path):
    """The libraries the dynamic loader would map for `path` (ldd)."""
    out = subprocess.run(["ldd", path], check=True, capture_output=True,
                         text=True).stdout
    libs = []
    for line in out.splitlines():
        m = re.match(r"\s*(\S+) => (/\S+) \(0x", line)
        if m:
            libs.append((m.group(1), m.group(2)))
        elif "not found" in line:
            sys.exit(f"shared_statics.py: {line.strip()}")
    return libs


def main():
    p = argparse.ArgumentParser()
    p.add_argument("library")
    p.add_argument("--nm", default="nm")
    args = p.parse_args()

    local = {name for kind, name in nm([args.nm, "--defined-only"],
                                       args.library) if kind in LOCAL_DATA}
    exported = {name for kind, name in nm([args.nm, "-D", "--defined-only"],
                                          args.library)
                if kind in GLOBAL_DATA}
    copies = {}
    shared = 0
    for soname, path in loaded_libraries(args.library):
        theirs = {name for kind, name in nm([args.nm, "-D", "--defined-only"],
                                            path) if kind in GLOBAL_DATA}
        shared += len(theirs & exported)
        for name in theirs & local:
            copies.setdefault(name, soname)
    if copies:
        names = sorted(copies)
        demangled = subprocess.run(["c++filt"], input="\n".join(names),
                                   capture_output=True, text=True,
                                   check=True).stdout.splitlines()
        print(f"{args.library}: {len(names)} private copies of data that a "
              f"loaded library exports:")
        for name, pretty in zip(names, demangled):
            print(f"  {pretty}  (exported by {copies[name]})")
        return 1
    print(f"no private copies; {shared} exported data symbols shared with "
          f"the libraries it loads")
    return 0


if __name__ == "__main__":
    sys.exit(main())
