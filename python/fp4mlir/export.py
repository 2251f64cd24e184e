"""Exporting kernels for use outside fp4-mlir (fp4-c/Export.h).

    import fp4mlir as fm
    text = fm.export_gpumode(shapes=[(128, 4096, 1024)])
    open("submission.py", "w").write(text)

is `fp4-export gpumode -o submission.py --shape 128x4096x1024`: the same
library function writes both (docs/guide.md, "Exporting a submission").
"""

from ctypes import POINTER, c_bool, c_int64, c_ssize_t, c_uint64

from . import _capi
from ._capi import Handle, StringRef, check_status, lib

_capi._sig("fp4GetVersion", StringRef)
_capi._sig("fp4ExportGpuMode", Handle, POINTER(c_int64), c_ssize_t, c_bool,
           c_uint64, _capi.StringCallback, _capi.c_void_p)

#: The problem's shapes, (M, N, K): its six benchmarks, then its four tests.
GPUMODE_SHAPES = ((4, 2880, 512), (16, 2112, 7168), (32, 4096, 512),
                  (32, 2880, 512), (64, 7168, 2048), (256, 3072, 1536),
                  (8, 2112, 7168), (16, 3072, 1536), (64, 3072, 1536),
                  (256, 2880, 512))

#: The largest submission GPU MODE accepts, in bytes (gpu-mode/kernelbot,
#: src/kernelbot/api/api_utils.py).
GPUMODE_SIZE_LIMIT = 1000000


def version():
    """fp4-mlir's version, as `fp4-opt --version` prints it."""
    return lib.fp4GetVersion().str()


def export_gpumode(shapes=(), problem_shapes=True,
                   size_limit=GPUMODE_SIZE_LIMIT):
    """The text of a GPU MODE amd-mxfp4-mm submission.py: GPUMODE_SHAPES
    (unless `problem_shapes` is false) and `shapes`, (M, N, K) tuples,
    compiled by the default pipeline. Raises Fp4Error with the reason when a
    shape does not compile or the file would exceed `size_limit` bytes."""
    flat = []
    for shape in shapes:
        m, n, k = (int(v) for v in shape)
        flat += [m, n, k]
    array = (c_int64 * max(len(flat), 1))(*flat)
    pieces = []

    @_capi.StringCallback
    def collect(piece, _):
        pieces.append(piece.bytes())

    check_status(lib.fp4ExportGpuMode(array, len(flat) // 3,
                                      bool(problem_shapes), int(size_limit),
                                      collect, None))
    return b"".join(pieces).decode("utf-8")
