"""Exporting kernels for use outside fp4-mlir (fp4-c/Export.h).

    import fp4mlir as fm
    text = fm.export_gpumode(shapes=[(128, 4096, 1024)])
    open("submission.py", "w").write(text)

is `fp4-export gpumode -o submission.py --shape 128x4096x1024`: the same
library function writes both (docs/guide.md, "Exporting a submission").
fm.export_gpumode_moe(configs=[(8, 17, 4096, 1024, 5)]) is `fp4-export
gpumode --problem moe-mxfp4 --config 8x17x4096x1024x5`.
"""

from ctypes import POINTER, c_bool, c_int64, c_ssize_t, c_uint64

from . import _capi
from ._capi import Handle, StringRef, check_status, lib

_capi._sig("fp4GetVersion", StringRef)
_capi._sig("fp4ExportGpuMode", Handle, POINTER(c_int64), c_ssize_t, c_bool,
           c_uint64, _capi.StringCallback, _capi.c_void_p)
_capi._sig("fp4ExportGpuModeMoe", Handle, POINTER(c_int64), c_ssize_t,
           c_bool, c_uint64, _capi.StringCallback, _capi.c_void_p)

#: The problem's shapes, (M, N, K): its six benchmarks, then its four tests.
GPUMODE_SHAPES = ((4, 2880, 512), (16, 2112, 7168), (32, 4096, 512),
                  (32, 2880, 512), (64, 7168, 2048), (256, 3072, 1536),
                  (8, 2112, 7168), (16, 3072, 1536), (64, 3072, 1536),
                  (256, 2880, 512))

#: The moe-mxfp4 problem's configurations, (tokens, experts, d_hidden,
#: d_expert, top-k) with the shared expert counted: its six benchmarks,
#: then its three tests.
GPUMODE_MOE_CONFIGS = ((4, 257, 7168, 256, 9), (64, 257, 7168, 256, 9),
                       (256, 257, 7168, 256, 9), (64, 33, 7168, 2048, 9),
                       (256, 33, 7168, 2048, 9), (1024, 33, 7168, 2048, 9),
                       (8, 17, 4096, 1024, 5), (32, 33, 7168, 2048, 9),
                       (128, 65, 4096, 1536, 7))

#: The largest submission GPU MODE accepts, in bytes (gpu-mode/kernelbot,
#: src/kernelbot/api/api_utils.py).
GPUMODE_SIZE_LIMIT = 1000000


def version():
    """fp4-mlir's version, as `fp4-opt --version` prints it."""
    return lib.fp4GetVersion().str()


def _export(function, items, width, problem_items, size_limit):
    flat = []
    for item in items:
        values = [int(v) for v in item]
        if len(values) != width:
            raise ValueError(f"expected {width} numbers, not {item!r}")
        flat += values
    array = (c_int64 * max(len(flat), 1))(*flat)
    pieces = []

    @_capi.StringCallback
    def collect(piece, _):
        pieces.append(piece.bytes())

    check_status(function(array, len(flat) // width, bool(problem_items),
                          int(size_limit), collect, None))
    return b"".join(pieces).decode("utf-8")


def export_gpumode(shapes=(), problem_shapes=True,
                   size_limit=GPUMODE_SIZE_LIMIT):
    """The text of a GPU MODE amd-mxfp4-mm submission.py: GPUMODE_SHAPES
    (unless `problem_shapes` is false) and `shapes`, (M, N, K) tuples,
    compiled by the default pipeline. Raises Fp4Error with the reason when a
    shape does not compile or the file would exceed `size_limit` bytes."""
    return _export(lib.fp4ExportGpuMode, shapes, 3, problem_shapes,
                   size_limit)


def export_gpumode_moe(configs=(), problem_configs=True,
                       size_limit=GPUMODE_SIZE_LIMIT):
    """The text of a GPU MODE moe-mxfp4 submission.py: GPUMODE_MOE_CONFIGS
    (unless `problem_configs` is false) and `configs`, (tokens, experts,
    d_hidden, d_expert, top-k) tuples, each the layer `fp4-gen moe` prints,
    compiled by the default pipeline. Raises Fp4Error as export_gpumode."""
    return _export(lib.fp4ExportGpuModeMoe, configs, 5, problem_configs,
                   size_limit)
