# RUN: %fp4_python -m pytest -q -p no:cacheprovider %s
"""fp4-export gpumode / fm.export_gpumode: the GPU MODE submission.py.

There is no AMD GPU and no torch here, so the submission runs against two
test doubles: FakeHIP (unittests/Runtime/FakeHIP.h, a recording stand-in
for libamdhip64 that runs no kernel) and the minimal `torch` below (tensors
with data_ptr()/shape/dtype whose memory FakeHIP allocates). The launch the
submission makes is compared with the one fp4-run's runtime (lib/Run, here
through fm.run) makes for the same shape, on the same double; the kernels
themselves are checked on the emulator against the reference.
"""

import ast
import base64
import contextlib
import ctypes
import os
import re
import subprocess
import sys
import types

import pytest

import fp4mlir as fm

BUILD = os.path.normpath(os.path.join(os.path.dirname(fm.__file__), "..", ".."))
FAKEHIP = os.path.join(BUILD, "unittests", "lib", "libFakeHIP.so")
SHAPE = (16, 64, 256)


class FakeHipLaunch(ctypes.Structure):
    _fields_ = [("grid", ctypes.c_uint * 3), ("block", ctypes.c_uint * 3),
                ("sharedMemBytes", ctypes.c_uint),
                ("functionName", ctypes.c_char * 128),
                ("kernargs", ctypes.c_ubyte * 4096),
                ("kernargSize", ctypes.c_size_t),
                ("extraWellFormed", ctypes.c_int),
                ("queue", ctypes.c_void_p),
                ("pointeeSize", ctypes.c_size_t * 512),
                ("pointeeOffset", ctypes.c_size_t * 512)]


@pytest.fixture(scope="module")
def hip():
    if not os.path.isfile(FAKEHIP):
        pytest.skip("libFakeHIP.so is built with the unit tests "
                    "(FP4_ENABLE_UNITTESTS=ON)")
    os.environ["FP4_HIP_LIBRARY"] = FAKEHIP
    lib = ctypes.CDLL(FAKEHIP)
    lib.fakehip_last_launch.restype = ctypes.POINTER(FakeHipLaunch)
    lib.fakehip_launch.restype = ctypes.POINTER(FakeHipLaunch)
    lib.fakehip_launch.argtypes = [ctypes.c_int]
    lib.fakehip_last_launch_image.restype = ctypes.POINTER(ctypes.c_ubyte)
    lib.fakehip_last_launch_image.argtypes = [ctypes.POINTER(ctypes.c_size_t)]
    lib.fakehip_calls.restype = ctypes.c_char_p
    lib.hipMalloc.argtypes = [ctypes.POINTER(ctypes.c_void_p), ctypes.c_size_t]
    lib.fakehip_reset()
    yield lib
    lib.fakehip_reset()
    del os.environ["FP4_HIP_LIBRARY"]


def make_torch(hip):
    """The part of torch a submission touches; memory comes from FakeHIP."""
    torch = types.ModuleType("torch")

    class dtype:
        def __init__(self, name, size):
            self.name, self.size = name, size

        def __repr__(self):
            return "torch." + self.name

    class device:
        def __init__(self, kind, index=0):
            self.type, self.index = kind, index

        def __eq__(self, other):
            return (self.type, self.index) == (other.type, other.index)

        def __repr__(self):
            return f"{self.type}:{self.index}"

    class Tensor:
        def __init__(self, shape, dtype, device, contiguous=True):
            self.shape, self.dtype, self.device = tuple(shape), dtype, device
            self._contiguous = contiguous
            ptr = ctypes.c_void_p()
            assert hip.hipMalloc(ctypes.byref(ptr), self.nbytes()) == 0
            self._ptr = ptr.value

        def numel(self):
            n = 1
            for d in self.shape:
                n *= d
            return n

        def element_size(self):
            return self.dtype.size

        def nbytes(self):
            return self.numel() * self.element_size()

        def data_ptr(self):
            return self._ptr

        def is_contiguous(self):
            return self._contiguous

    torch.bfloat16 = dtype("bfloat16", 2)
    torch.float32 = dtype("float32", 4)
    torch.int32 = dtype("int32", 4)
    torch.uint8 = dtype("uint8", 1)
    torch.float4_e2m1fn_x2 = dtype("float4_e2m1fn_x2", 1)
    torch.float8_e8m0fnu = dtype("float8_e8m0fnu", 1)
    torch.Tensor = Tensor
    torch.device = device
    torch.empty = lambda shape, dtype, device: Tensor(shape, dtype, device)
    cuda = types.SimpleNamespace(entered=[])

    @contextlib.contextmanager
    def on(dev):
        cuda.entered.append(dev)
        yield

    cuda.device = on
    cuda.current_device = lambda: cuda.entered[-1].index
    torch.cuda = cuda
    return torch


def load_submission(text, torch):
    """Executes submission.py as the contest does (`import submission`)."""
    module = types.ModuleType("submission")
    saved = sys.modules.get("torch")
    sys.modules["torch"] = torch
    try:
        exec(compile(text, "submission.py", "exec"), module.__dict__)
    finally:
        if saved is None:
            del sys.modules["torch"]
        else:
            sys.modules["torch"] = saved
    return module


def contest_data(torch, m, n, k, a_dtype=None):
    """(A, B, B_q, B_shuffle, B_scale_sh) shaped as the problem makes them."""
    dev = torch.device("cuda", 0)
    sn = -(-(k // 32) // 8) * 8
    sm = -(-n // 256) * 256
    return (torch.Tensor((m, k), a_dtype or torch.bfloat16, dev),
            torch.Tensor((n, k), torch.bfloat16, dev),
            torch.Tensor((n, k // 2), torch.float4_e2m1fn_x2, dev),
            torch.Tensor((n, k // 2), torch.float4_e2m1fn_x2, dev),
            torch.Tensor((sm, sn), torch.float8_e8m0fnu, dev))


def hip_calls(hip):
    """The HIP calls since the reset, less the stand-in torch's hipMalloc."""
    return [c for c in hip.fakehip_calls().decode().split()
            if c != "hipMalloc"]


def last_launch(hip):
    launch = hip.fakehip_last_launch().contents
    size = ctypes.c_size_t()
    image = hip.fakehip_last_launch_image(ctypes.byref(size))
    return launch, ctypes.string_at(image, size.value)


def strip_device_ir(hsaco, tmp_path):
    """What the export does to a code object, done by llvm-objcopy."""
    if b".fp4.device_ir" not in hsaco:
        return hsaco
    src, dst = tmp_path / "in.hsaco", tmp_path / "out.hsaco"
    src.write_bytes(hsaco)
    subprocess.run(["/usr/lib/llvm-22/bin/llvm-objcopy",
                    "--remove-section=.fp4.device_ir", str(src), str(dst)],
                   check=True)
    return dst.read_bytes()


def test_launch_matches_what_fp4_run_launches(hip, tmp_path):
    m, n, k = SHAPE
    torch = make_torch(hip)
    sub = load_submission(fm.export_gpumode([SHAPE], problem_shapes=False),
                          torch)
    entry = sub.KERNELS[SHAPE]
    (launch_spec,) = entry["launches"]

    hip.fakehip_reset()
    data = contest_data(torch, m, n, k)
    out = sub.custom_kernel(data)
    assert hip.fakehip_launch_count() == 1
    assert hip_calls(hip) == [
        "hipModuleLoadData", "hipModuleGetFunction", "hipModuleLaunchKernel"]
    ours, our_image = last_launch(hip)
    ours = FakeHipLaunch.from_buffer_copy(ours)
    # Loaded once: a second call only launches.
    sub.custom_kernel(contest_data(torch, m, n, k))
    assert hip_calls(hip)[3:] == ["hipModuleLaunchKernel"]
    # The output: a fresh bf16 [M, N] tensor, the one the kernel writes.
    assert isinstance(out, torch.Tensor)
    assert out.shape == (m, n) and out.dtype is torch.bfloat16
    # The tensors' own addresses, at the offsets the code object gives.
    words = {o: int.from_bytes(bytes(ours.kernargs[o:o + 8]), "little")
             for o, _ in launch_spec["pointers"]}
    A, _, _, B_shuffle, B_scale_sh = data
    assert [words[o] for o, _ in launch_spec["pointers"]] == [
        A.data_ptr(), B_shuffle.data_ptr(), B_scale_sh.data_ptr(),
        out.data_ptr()]
    assert ours.queue is None and ours.extraWellFormed == 1
    assert our_image == base64.b64decode(sub.HSACO[launch_spec["hsaco"]])

    # fp4-run's runtime on the same double, for the same shape.
    compiled = fm.compile(fm.gemm_module(m, n, k))
    hip.fakehip_reset()
    fm.run(compiled, device="hip", check=False)
    theirs, their_image = last_launch(hip)
    assert ours.functionName == theirs.functionName == \
        f"gemm_{m}x{n}x{k}_kernel".encode()
    assert tuple(ours.grid) == tuple(theirs.grid) == launch_spec["grid"]
    assert tuple(ours.block) == tuple(theirs.block) == launch_spec["block"]
    assert ours.sharedMemBytes == theirs.sharedMemBytes == launch_spec["lds"]
    assert ours.kernargSize == theirs.kernargSize == \
        compiled.kernels[0].metadata.kernarg_size
    # Byte for byte, with each pointer standing for the buffer it points
    # into: (its size, the offset in it).
    size = ours.kernargSize
    pointers = {o for o, _ in launch_spec["pointers"]}
    for word in range(size // 8):
        if 8 * word in pointers:
            assert ours.pointeeSize[word] == theirs.pointeeSize[word] > 0
            assert ours.pointeeOffset[word] == theirs.pointeeOffset[word] == 0
        else:
            assert bytes(ours.kernargs[8 * word:8 * word + 8]) == \
                bytes(theirs.kernargs[8 * word:8 * word + 8])
    assert {theirs.pointeeSize[o // 8] for o in pointers} == \
        {a.bytes for a in compiled.arguments[f"gemm_{m}x{n}x{k}"]}
    # The same code object, less the device IR only the emulator reads.
    assert their_image == compiled.kernels[0].hsaco
    assert our_image == strip_device_ir(their_image, tmp_path)
    assert b".fp4" not in our_image  # no fp4 section at all



def test_exported_kernels_pass_the_reference_check_on_the_emulator(tmp_path):
    for m, n, k in [SHAPE, (40, 96, 320)]:
        text = fm.export_gpumode([(m, n, k)], problem_shapes=False)
        ns = {}
        exec(text[text.index("HSACO = ("):text.index("# ----")], ns)
        compiled = fm.compile(fm.gemm_module(m, n, k))
        # The exported code object is the compiled one (without its IR)...
        exported = base64.b64decode(ns["HSACO"][0])
        assert exported == strip_device_ir(compiled.kernels[0].hsaco,
                                           tmp_path)
        assert fm.read_code_object(base64.b64decode(ns["HSACO"][0]),
                                   chip="gfx950").kernels[0].name == \
            compiled.kernels[0].name
        # ...and that module computes C within the tolerance.
        for data in ("blocked", "edge"):
            result = fm.run(compiled, device="emu", data=data)
            assert result.checked and result.passed, result.log


def test_default_export_is_a_valid_small_self_contained_file(hip):
    text = fm.export_gpumode()
    assert len(text.encode()) <= fm.GPUMODE_SIZE_LIMIT == 1000000
    # GPU MODE refuses any file whose text holds the word (case-insensitive)
    # it uses for GPU work queues.
    assert "stream" not in text.lower()
    tree = ast.parse(text)
    imported = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imported |= {a.name.split(".")[0] for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            imported.add((node.module or "").split(".")[0])
    assert imported <= {"torch", "ctypes", "base64", "os", "struct"}
    assert f"fp4-mlir {fm.__version__}" in text
    assert re.search(r"^PIPELINE = \"fp4-lower-to-hsaco\{chip=gfx950 mfma=0 "
                     r"a-quantizer=(exact|hardware) opt-level=3\}\"$", text,
                     re.M)

    sub = load_submission(text, make_torch(hip))
    assert sorted(sub.KERNELS) == sorted(fm.GPUMODE_SHAPES)
    for shape, entry in sub.KERNELS.items():
        for launch in entry["launches"]:
            image = base64.b64decode(sub.HSACO[launch["hsaco"]])
            meta = fm.read_code_object(image, chip="gfx950")
            kernel = {k.name: k for k in meta.kernels}[launch["kernel"]]
            assert launch["args"] == tuple(
                (a.offset, a.size, a.value_kind) for a in kernel.args)
            assert len(bytes.fromhex(launch["kernarg"])) == \
                kernel.kernarg_size
            assert b".fp4" not in image


def test_shapes_and_inputs_it_cannot_take_are_errors(hip):
    torch = make_torch(hip)
    sub = load_submission(fm.export_gpumode([SHAPE], problem_shapes=False),
                          torch)
    hip.fakehip_reset()
    with pytest.raises(NotImplementedError,
                       match=r"no fp4-mlir kernel for M=32, N=64, K=256 .*"
                             r"fp4-export gpumode --shape 32x64x256"):
        sub.custom_kernel(contest_data(torch, 32, 64, 256))
    with pytest.raises(TypeError, match="A must be torch.bfloat16"):
        sub.custom_kernel(contest_data(torch, *SHAPE,
                                       a_dtype=torch.float32))
    data = list(contest_data(torch, *SHAPE))
    data[4] = torch.Tensor((64, 8), torch.float8_e8m0fnu, data[0].device)
    with pytest.raises(ValueError, match="B_scale_sh holds 512 bytes; the "
                                         "kernel reads 2048"):
        sub.custom_kernel(tuple(data))
    data[4] = torch.Tensor((256, 8), torch.float8_e8m0fnu,
                           torch.device("cuda", 1))
    with pytest.raises(ValueError, match="B_scale_sh is on cuda:1, A on "
                                         "cuda:0"):
        sub.custom_kernel(tuple(data))
    data[4] = torch.Tensor((256, 8), torch.float8_e8m0fnu, data[0].device,
                           contiguous=False)
    with pytest.raises(ValueError, match="B_scale_sh must be contiguous"):
        sub.custom_kernel(tuple(data))
    assert hip.fakehip_launch_count() == 0

    with pytest.raises(fm.Fp4Error, match="shape 16x100x256: .*multiple of 16"):
        fm.export_gpumode([(16, 100, 256)], problem_shapes=False)
    with pytest.raises(fm.Fp4Error, match="over the limit of 5000"):
        fm.export_gpumode([SHAPE], problem_shapes=False, size_limit=5000)


def test_a_hip_error_names_the_call(hip):
    torch = make_torch(hip)
    sub = load_submission(fm.export_gpumode([SHAPE], problem_shapes=False),
                          torch)
    hip.fakehip_reset()
    hip.fakehip_fail_next(b"hipModuleLaunchKernel", 719)
    with pytest.raises(RuntimeError,
                       match=r"hipModuleLaunchKernel\('gemm_16x64x256_kernel'"
                             r"\) failed: unspecified launch failure "
                             r"\(hipError_t 719\)"):
        sub.custom_kernel(contest_data(torch, *SHAPE))
