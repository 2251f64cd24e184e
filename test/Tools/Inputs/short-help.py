"""Fails unless the --help text on stdin fits on one screen (at most
MAX lines, argv[1]) and shows none of LLVM's backend options."""
import re
import sys

text = sys.stdin.read()
limit = int(sys.argv[1])
lines = text.count("\n")
backend = re.findall(r"^\s+--(?:amdgpu|aarch64|arm|x86|riscv|nvptx)-[\w-]+",
                     text, re.M)
if lines > limit or backend or not text.startswith("OVERVIEW:"):
    sys.exit(f"--help: {lines} lines (at most {limit}), backend options: "
             f"{backend[:3]}")
