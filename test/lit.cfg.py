# -*- Python -*-
import os

import lit.formats
from lit.llvm import llvm_config

config.name = "FP4-MLIR"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Unit", "Inputs", "CMakeLists.txt", "lit.cfg.py", "run-shapes.sh"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.fp4_obj_root, "test")

llvm_config.use_default_substitutions()
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
llvm_config.with_environment("PATH", config.fp4_tools_dir, append_path=True)

tool_dirs = [config.fp4_tools_dir, config.llvm_tools_dir]
tools = ["fp4-opt", "fp4-gen", "fp4-run", "llvm-objdump", "llvm-readelf"]
llvm_config.add_tool_substitutions(tools, tool_dirs)
# MLIR's own .td files, for mlir-tblgen (test/Tools/generated-docs.test).
config.substitutions.append(
    ("%mlir_include",
     os.path.normpath(os.path.join(config.llvm_tools_dir, "..", "include"))))

# Long execution tests (all problem shapes, several seeds) run only when asked:
#   lit -D fp4_full=1 build/test
if lit_config.params.get("fp4_full", "0") == "1":
    config.available_features.add("fp4-full")
