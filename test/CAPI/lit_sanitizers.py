"""What the lit tests of test/CAPI and test/python need in a build made with
FP4_ENABLE_SANITIZERS (scripts/sanitize.sh): Python is not instrumented, so
it must preload the sanitizer runtimes that libFP4CAPI.so links against; an
out-of-tree project built against the package needs the same flags."""

import os
import re
import subprocess


def _cache(obj_root):
    values = {}
    try:
        with open(os.path.join(obj_root, "CMakeCache.txt")) as f:
            for line in f:
                m = re.match(r"^([A-Za-z0-9_]+):[A-Z]+=(.*)$", line.strip())
                if m:
                    values[m.group(1)] = m.group(2)
    except OSError:
        pass
    return values


def _runtime(compiler, names):
    for name in names:
        try:
            path = subprocess.run([compiler, f"-print-file-name={name}"],
                                  capture_output=True, text=True).stdout.strip()
        except OSError:
            return None
        if os.path.isabs(path) and os.path.exists(path):
            return path
    return None


def _is_clang(compiler):
    try:
        version = subprocess.run([compiler, "--version"], capture_output=True,
                                 text=True).stdout
    except OSError:
        return False
    return "clang" in version.lower()


def configure(config, lit_config):
    """Returns (python command prefix, extra cmake arguments for projects
    built against this build); both empty in a normal build."""
    python = lit_config.params.get("fp4_python", "/usr/bin/python3")
    cache = _cache(config.fp4_obj_root)
    if cache.get("FP4_ENABLE_SANITIZERS", "OFF").upper() not in ("ON", "1",
                                                                "TRUE"):
        return python, ""
    cc = cache.get("CMAKE_C_COMPILER", "cc")
    cxx = cache.get("CMAKE_CXX_COMPILER", "c++")
    # g++ links libasan/libubsan into shared objects; clang expects the
    # executable to carry its runtime (asan includes the ubsan handlers).
    # Ask clang for its own runtime only: `clang -print-file-name=libasan.so`
    # finds g++'s, which lacks clang's UBSan handlers.
    if _is_clang(cxx):
        preload = [p for p in [_runtime(cxx, ["libclang_rt.asan-x86_64.so",
                                               "libclang_rt.asan.so"])] if p]
    else:
        preload = [p for p in (_runtime(cxx, ["libasan.so"]),
                               _runtime(cxx, ["libubsan.so"])) if p]
    # The interpreter's own allocations are not ours to report; user
    # poisoning off as in scripts/sanitize.sh (LLVM's allocator, half
    # instrumented).
    prefix = ("env LD_PRELOAD=" + ":".join(preload) +
              " ASAN_OPTIONS=detect_leaks=0:verify_asan_link_order=0:"
              "allow_user_poisoning=0 ")
    flags = "-fsanitize=address,undefined"
    cmake = (f"-DCMAKE_C_COMPILER={cc} -DCMAKE_CXX_COMPILER={cxx} "
             f"-DCMAKE_C_FLAGS={flags} -DCMAKE_CXX_FLAGS={flags} "
             f"-DCMAKE_EXE_LINKER_FLAGS={flags}")
    return prefix + python, cmake
