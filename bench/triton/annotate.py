"""Add code-object facts to the artifact .json files and print README tables.

  python3 annotate.py [DIR] [--readelf PATH]

Runs where the artifacts are (no Triton, no GPU): reads each <name>.hsaco's
AMDGPU metadata note with llvm-readelf --notes and each <name>.ll's
llvm.amdgcn.* call sites, and writes them into <name>.json under
"code_object" and "amdgcn_intrinsics". Idempotent.
"""

import argparse
import collections
import glob
import json
import os
import re
import subprocess

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_DIR = os.path.join(HERE, "..", "..", "unittests", "Emulator", "Inputs",
                           "triton")
SCALARS = [".vgpr_count", ".agpr_count", ".sgpr_count", ".vgpr_spill_count",
           ".sgpr_spill_count", ".group_segment_fixed_size",
           ".private_segment_fixed_size", ".kernarg_segment_size",
           ".kernarg_segment_align", ".max_flat_workgroup_size",
           ".wavefront_size", ".uses_dynamic_stack", ".name", ".symbol"]


def read_notes(readelf, hsaco):
    """The first kernel's scalar fields and .args of the metadata note."""
    text = subprocess.run([readelf, "--notes", hsaco], check=True,
                          capture_output=True, text=True).stdout
    fields, args, cur = {}, [], None
    in_args = False
    for line in text.splitlines():
        m = re.match(r"^\s*(-\s+)?(\.[\w]+):\s*(.*)$", line)
        if not m:
            continue
        dash, key, val = m.group(1), m.group(2), m.group(3).strip()
        indent = len(line) - len(line.lstrip())
        if key == ".args":
            in_args = True
            continue
        if in_args and indent >= 6:
            if dash:
                cur = {}
                args.append(cur)
            cur[key[1:]] = int(val) if val.isdigit() else val
            continue
        in_args = False
        if key in SCALARS and key[1:] not in fields:
            v = val
            if v.isdigit():
                v = int(v)
            elif v in ("true", "false"):
                v = v == "true"
            fields[key[1:]] = v
    fields["kernarg_layout"] = args
    return fields


def intrinsics(ll_text, amdgcn=True):
    """Call sites per intrinsic: llvm.amdgcn.* or, with amdgcn=False, the
    other llvm.* ones."""
    calls = collections.Counter(
        m.group(1) for m in re.finditer(r"call [^@\n]*@(llvm\.[\w.]+)\(",
                                        ll_text)
        if m.group(1).startswith("llvm.amdgcn.") == amdgcn)
    return dict(sorted(calls.items()))


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("dir", nargs="?", default=DEFAULT_DIR)
    ap.add_argument("--readelf", default="/usr/lib/llvm-22/bin/llvm-readelf")
    a = ap.parse_args()
    total = collections.Counter()
    per_kernel = {}
    rows = []
    for js in sorted(glob.glob(os.path.join(a.dir, "*.json"))):
        name = os.path.basename(js)[:-5]
        with open(js) as f:
            info = json.load(f)
        co = read_notes(a.readelf, os.path.join(a.dir, name + ".hsaco"))
        co["lds_note"] = (
            "Triton's LDS is dynamic: the IR declares @global_smem as an "
            "external [0 x i8] in addrspace(3), so group_segment_fixed_size "
            "is 0 and a launch must supply shared_memory_bytes "
            f"({info.get('shared_memory_bytes')}) as dynamic LDS")
        info["code_object"] = co
        with open(os.path.join(a.dir, name + ".ll")) as f:
            ll = f.read()
        intr = intrinsics(ll)
        info["amdgcn_intrinsics"] = intr
        info["other_llvm_intrinsics"] = intrinsics(ll, amdgcn=False)
        info["fences"] = len(re.findall(r"^\s*fence ", ll, re.MULTILINE))
        with open(js, "w") as f:
            json.dump(info, f, indent=1)
            f.write("\n")
        total.update(intr)
        per_kernel[name] = intr
        rows.append((name, info["num_warps"], info.get("shared_memory_bytes"),
                     co.get("vgpr_count"), co.get("agpr_count"),
                     co.get("sgpr_count"), co.get("vgpr_spill_count"),
                     co.get("sgpr_spill_count"),
                     co.get("group_segment_fixed_size"),
                     co.get("private_segment_fixed_size"),
                     co.get("kernarg_segment_size")))

    print("| artifact | warps | LDS (dynamic) | .vgpr_count | .agpr_count | "
          ".sgpr_count | vgpr spill | sgpr spill | .group_segment_fixed_size | "
          ".private_segment_fixed_size | kernarg bytes |")
    print("|" + "---|" * 11)
    for r in rows:
        print("| " + " | ".join(str(x) for x in r) + " |")
    print()
    names = list(per_kernel)
    print("| intrinsic | all | " + " | ".join(
        f"[{i}]" for i in range(len(names))) + " |")
    print("|" + "---|" * (len(names) + 2))
    for intr in sorted(total):
        print(f"| `{intr}` | {total[intr]} | " + " | ".join(
            str(per_kernel[n].get(intr, "")) for n in names) + " |")
    other = collections.Counter()
    for js in sorted(glob.glob(os.path.join(a.dir, "*.json"))):
        with open(js) as f:
            other.update(json.load(f)["other_llvm_intrinsics"])
    print("\nother llvm.* intrinsics (all files):",
          ", ".join(f"`{k}` {v}" for k, v in sorted(other.items())))
    print()
    for i, n in enumerate(names):
        print(f"[{i}] {n}")


if __name__ == "__main__":
    main()
