"""Generating and compiling mxfp4 modules (fp4-c/Generate.h, Compile.h),
and reading the code objects they produce (fp4-c/Runtime.h)."""

import ctypes
from dataclasses import dataclass, field
from typing import Dict, List, Tuple

from . import _capi
from ._capi import Fp4Error, Handle, StringRef, Strings, check_status, lib


class CompileError(Fp4Error):
    """Compilation failed; `diagnostics` holds every message, with locations."""

    def __init__(self, diagnostics):
        super().__init__(diagnostics.strip() or "compilation failed")
        self.diagnostics = diagnostics


def gemm_module(m, n, k, b_layout="preshuffled", out="bf16",
                scale_mode="even", a_quantized=False, name=None):
    """The text of `fp4-gen gemm`'s function: C[m,n] = quantize(A) x B^T."""
    spec = lib.fp4GemmSpecGetDefault(m, n, k)
    spec.bLayout = _capi.choice(_capi.B_LAYOUTS, b_layout, "b_layout")
    spec.out = _capi.choice(_capi.OUT_TYPES, out, "out")
    spec.scaleMode = _capi.choice(_capi.SCALE_MODES, scale_mode, "scale_mode")
    spec.aQuantized = bool(a_quantized)
    strings = Strings()
    spec.name = strings.ref(name)
    pieces = []

    @_capi.StringCallback
    def collect(piece, _):
        pieces.append(piece.bytes())

    check_status(lib.fp4GenerateGemm(spec, collect, None))
    return b"".join(pieces).decode("utf-8")


@dataclass
class KernelArg:
    """One entry of a kernel's `.args` metadata."""
    name: str
    value_kind: str
    address_space: str
    offset: int
    size: int
    hidden: bool


@dataclass
class KernelMetadata:
    """What the code object says about one kernel."""
    name: str
    symbol: str
    kernarg_size: int
    kernarg_align: int
    lds_bytes: int
    scratch_bytes: int
    wavefront_size: int
    max_workgroup_size: int
    sgprs: int
    vgprs: int
    agprs: int
    sgpr_spills: int
    vgpr_spills: int
    args: List[KernelArg]

    def report(self):
        explicit = [a for a in self.args if not a.hidden]
        lines = [
            f"kernel {self.name}",
            f"  registers: {self.vgprs} VGPRs, {self.agprs} AGPRs, "
            f"{self.sgprs} SGPRs (spills: {self.vgpr_spills} VGPR, "
            f"{self.sgpr_spills} SGPR)",
            f"  memory: {self.lds_bytes} B LDS, {self.scratch_bytes} B scratch",
            f"  launch: wave{self.wavefront_size}, at most "
            f"{self.max_workgroup_size} work-items per group",
            f"  kernarg segment: {self.kernarg_size} B (align "
            f"{self.kernarg_align}), {len(explicit)} explicit and "
            f"{len(self.args) - len(explicit)} hidden arguments",
        ]
        for a in self.args:
            lines.append(f"    [{a.offset:3}:{a.offset + a.size:3}) "
                         f"{a.value_kind}{' ' + a.name if a.name else ''}")
        return "\n".join(lines)


def _kernels_of(handle):
    kernels = []
    for i in range(lib.fp4CodeObjectGetNumKernels(handle)):
        k = lib.fp4CodeObjectGetKernel(handle, i)
        args = []
        for j in range(k.numArgs):
            a = lib.fp4CodeObjectGetKernelArg(handle, i, j)
            args.append(KernelArg(a.name.str(), a.valueKind.str(),
                                  a.addressSpace.str(), a.offset, a.size,
                                  bool(a.isHidden)))
        kernels.append(KernelMetadata(
            k.name.str(), k.symbol.str(), k.kernargSegmentSize,
            k.kernargSegmentAlign, k.ldsBytes, k.scratchBytes, k.wavefrontSize,
            k.maxFlatWorkgroupSize, k.sgprCount, k.vgprCount, k.agprCount,
            k.sgprSpillCount, k.vgprSpillCount, args))
    return kernels


@dataclass
class CodeObject:
    """A validated HSA code object: its target and kernels."""
    processor: str
    target_id: str
    version: int
    kernels: List[KernelMetadata]


def read_code_object(hsaco, chip=None):
    """Decodes an HSACO (bytes); with `chip`, also checks it runs there."""
    data = bytes(hsaco)
    buf = ctypes.create_string_buffer(data, len(data))
    handle = Handle()
    check_status(lib.fp4CodeObjectRead(buf, len(data), ctypes.byref(handle)))
    try:
        if chip is not None:
            strings = Strings()
            check_status(lib.fp4CodeObjectRequireTarget(handle,
                                                        strings.ref(chip)))
        return CodeObject(lib.fp4CodeObjectGetProcessor(handle).str(),
                          lib.fp4CodeObjectGetTargetId(handle).str(),
                          lib.fp4CodeObjectGetVersion(handle),
                          _kernels_of(handle))
    finally:
        lib.fp4CodeObjectDestroy(handle)


@dataclass
class Kernel:
    """One kernel of a compiled module: its binary's HSACO and device IR, and
    its metadata."""
    name: str
    binary: str
    hsaco: bytes = field(repr=False)
    ir: str = field(repr=False)
    metadata: KernelMetadata = field(repr=False)

    def report(self):
        return (self.metadata.report() +
                f"\n  binary: @{self.binary}, HSACO {len(self.hsaco)} B, "
                f"device IR {len(self.ir)} B")


@dataclass
class Launch:
    """One gpu.launch_func of a host function."""
    function: str
    binary: str
    kernel: str
    grid: Tuple[int, int, int]
    block: Tuple[int, int, int]
    # For each kernel operand, the host function argument it is (or views).
    operand_args: List[int]


@dataclass
class Argument:
    """A host function argument: its role ("a", "b", ...) and byte size."""
    role: str
    bytes: int


@dataclass
class Compiled:
    """What compile() produced."""
    module_text: str = field(repr=False)
    diagnostics: str
    kernels: List[Kernel]
    launches: List[Launch]
    arguments: Dict[str, List[Argument]]
    options: dict

    def report(self):
        lines = [f"compiled for {self.options['chip']} "
                 f"(mfma={self.options['mfma']}, "
                 f"opt_level={self.options['opt_level']}): "
                 f"{len(self.kernels)} kernel(s)"]
        for launch in self.launches:
            roles = [self.arguments[launch.function][i].role if i >= 0 else "?"
                     for i in launch.operand_args]
            lines.append(
                f"@{launch.function} launches {launch.kernel}: grid "
                f"{'x'.join(map(str, launch.grid))}, block "
                f"{'x'.join(map(str, launch.block))}, operands "
                f"({', '.join(roles)})")
        lines += [k.report() for k in self.kernels]
        return "\n".join(lines)


def compile(module_text, chip="gfx950", mfma=0, opt_level=3, dump_dir=None):
    """Runs fp4-lower-to-hsaco on `module_text`; raises CompileError with the
    diagnostics when parsing or compiling fails."""
    strings = Strings()
    options = lib.fp4CompileOptionsGetDefault()
    options.chip = strings.ref(chip)
    options.mfma = int(mfma)
    if not 0 <= int(opt_level) <= 3:
        raise ValueError(f"opt_level must be 0 to 3, not {opt_level}")
    options.optLevel = int(opt_level)
    options.dumpDir = strings.ref(dump_dir)
    result = Handle()
    ok = lib.fp4CompileToHsaco(strings.ref(module_text), options,
                               ctypes.byref(result))
    try:
        diagnostics = lib.fp4CompileResultGetDiagnostics(result).str()
        if not ok.value:
            raise CompileError(diagnostics)
        binaries = {}
        for i in range(lib.fp4CompileResultGetNumBinaries(result)):
            b = lib.fp4CompileResultGetBinary(result, i)
            binaries[b.name.str()] = (ctypes.string_at(b.hsacoData,
                                                       b.hsacoSize),
                                      b.deviceIR.str())
        kernels = []
        for name, (hsaco, ir) in binaries.items():
            for meta in read_code_object(hsaco).kernels:
                kernels.append(Kernel(meta.name, name, hsaco, ir, meta))
        launches, arguments = [], {}
        for i in range(lib.fp4CompileResultGetNumLaunches(result)):
            info = lib.fp4CompileResultGetLaunch(result, i)
            fn = info.function.str()
            launches.append(Launch(
                fn, info.binary.str(), info.kernel.str(), tuple(info.grid),
                tuple(info.block),
                [lib.fp4CompileResultGetLaunchOperandArgument(result, i, j)
                 for j in range(info.numOperands)]))
            if fn not in arguments:
                ref = strings.ref(fn)
                count = lib.fp4CompileResultGetNumArguments(result, ref)
                arguments[fn] = []
                for j in range(count):
                    a = lib.fp4CompileResultGetArgument(result, ref, j)
                    arguments[fn].append(Argument(a.role.str(), a.bytes))
        return Compiled(lib.fp4CompileResultGetModule(result).str(),
                        diagnostics, kernels, launches, arguments,
                        {"chip": chip, "mfma": mfma, "opt_level": opt_level})
    finally:
        lib.fp4CompileResultDestroy(result)
