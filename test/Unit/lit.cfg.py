# -*- Python -*-
# Runs every GoogleTest binary under build/unittests/bin as lit tests.
import os

import lit.formats

config.name = "FP4-MLIR-Unit"
config.suffixes = []
config.test_source_root = os.path.join(config.fp4_obj_root, "unittests", "bin")
config.test_exec_root = config.test_source_root
config.test_format = lit.formats.GoogleTest(".", "Tests")
