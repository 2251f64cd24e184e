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
    return _generated(lib.fp4GenerateGemm, spec, name)


def _generated(generate, spec, name):
    """The module text `generate` (a C API builder) prints for `spec`, its
    function named `name` (None: the builder's default)."""
    strings = Strings()
    spec.name = strings.ref(name)
    pieces = []

    @_capi.StringCallback
    def collect(piece, _):
        pieces.append(piece.bytes())

    check_status(generate(spec, collect, None))
    return b"".join(pieces).decode("utf-8")


def moe_default_block_m(tokens, experts, topk):
    """moe_align's row block for a layer that names none: 16 where an expert
    with rows expects fewer than 32 of them, else 32."""
    return int(lib.fp4MoeDefaultBlockM(tokens, experts, topk))


def moe_layer_module(tokens, experts, topk, d_hidden, d_expert,
                     block_m=None, name=None):
    """The text of `fp4-gen moe`'s function: the GPU MODE moe-mxfp4 layer of
    the task's inputs (experts and top-k counting the shared expert;
    block_m: moe_default_block_m's when None)."""
    if block_m is not None and block_m < 1:
        raise ValueError("block_m must be a multiple of 16 in [16, 256], "
                         "got %d" % block_m)
    spec = _capi.MoeLayerSpec(tokens, experts, topk, d_hidden, d_expert,
                              block_m or 0)
    return _generated(lib.fp4GenerateMoeLayer, spec, name)


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
    """What compile() produced (or compiled_from_text() found)."""
    module_text: str = field(repr=False)
    diagnostics: str
    kernels: List[Kernel]
    launches: List[Launch]
    arguments: Dict[str, List[Argument]]
    # The pipeline options it was compiled with, by the pipeline's names
    # ("a-quantizer": "hardware", ...); empty when compiled elsewhere.
    options: Dict[str, str]

    def report(self):
        how = " ".join(f"{k}={v}" for k, v in self.options.items())
        lines = [f"compiled{' with ' + how if how else ''}: "
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


def _split_options(text):
    """{"name": "value"} from option text "a=b c={d e}" (as the library
    prints it: values with spaces in braces or quotes)."""
    options, i = {}, 0
    while i < len(text):
        if text[i].isspace():
            i += 1
            continue
        start, depth = i, 0
        while i < len(text) and (depth or not text[i].isspace()):
            c = text[i]
            if c in "\"'":
                end = text.find(c, i + 1)
                i = len(text) if end < 0 else end + 1
                continue
            depth += {"{": 1, "}": -1}.get(c, 0)
            i += 1
        name, _, value = text[start:i].partition("=")
        if len(value) >= 2 and value[0] + value[-1] in ("{}", '""', "''"):
            value = value[1:-1]
        options[name] = value
    return options


def _option_text(value):
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


class CompileOptions:
    """The options of fp4-lower-to-hsaco in the library's own object
    (fp4-c/Compile.h): set by the pipeline's option names, checked by the
    pipeline's parser, with fp4-opt's messages."""

    def __init__(self, options=None, gemm_configs=None, **kwargs):
        self._handle = lib.fp4CompileOptionsCreate()
        try:
            if options:
                self.parse(options)
            for key, value in kwargs.items():
                if value is not None:
                    self.set(key.replace("_", "-"), value)
            for gemm, config in (gemm_configs or {}).items():
                self.set_gemm_config(gemm, config)
        except BaseException:
            self.close()
            raise

    def close(self):
        if self._handle is not None:
            lib.fp4CompileOptionsDestroy(self._handle)
            self._handle = None

    def __del__(self):
        self.close()

    def _check(self, status):
        try:
            check_status(status)
        except Fp4Error as e:
            raise CompileError(str(e)) from None

    def parse(self, text):
        """Sets the options of `text` ("mfma=16 a-quantizer=exact")."""
        strings = Strings()
        self._check(lib.fp4CompileOptionsParse(self._handle,
                                               strings.ref(text)))

    def set(self, name, value):
        """Sets option `name` ("a-quantizer") to `value` ("exact", 16,
        False)."""
        strings = Strings()
        self._check(lib.fp4CompileOptionsSet(
            self._handle, strings.ref(name), strings.ref(_option_text(value))))

    def set_gemm_config(self, gemm, config):
        """Gives GEMM `gemm` (an index, or a location: "name" of a
        loc("name"), "line:col", "file:line:col") the configuration
        `config` ("#mxfp4.config<mfma = 16, ...>")."""
        strings = Strings()
        self._check(lib.fp4CompileOptionsSetGemmConfig(
            self._handle, strings.ref(str(gemm)), strings.ref(config)))

    def text(self):
        """Every option with its value: "a-quantizer=hardware chip=..."."""
        pieces = []

        @_capi.StringCallback
        def collect(piece, _):
            pieces.append(piece.bytes())

        lib.fp4CompileOptionsPrint(self._handle, collect, None)
        return b"".join(pieces).decode("utf-8")

    def as_dict(self):
        return _split_options(self.text())


def pipeline_options(**options):
    """The options fp4-lower-to-hsaco would run with, by name, after the given
    keyword arguments (the pipeline's option names, '-' written '_');
    raises CompileError for an unknown option or a bad value."""
    return CompileOptions(**options).as_dict()


def _compiled(result, ok):
    """Compiled from an Fp4CompileResult handle, which is destroyed."""
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
        strings = Strings()
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
                        _split_options(
                            lib.fp4CompileResultGetOptions(result).str()))
    finally:
        lib.fp4CompileResultDestroy(result)


def compile(module_text, options=None, gemm_configs=None, **kwargs):
    """Runs fp4-lower-to-hsaco on `module_text`; raises CompileError with the
    diagnostics when parsing or compiling fails.

    The pipeline's options are keyword arguments named as the pipeline names
    them, '-' written '_': chip="gfx950", mfma=16, a_quantizer="exact",
    tuned_configs=False, opt_level=1, dump_dir="out",
    embed_device_ir=False, and any option the pipeline gains (None leaves an
    option at its default). `options` may also be option text ("mfma=16
    a-quantizer=exact") or a CompileOptions. The library parses and checks
    them with the parser fp4-opt uses: an unknown option or a bad value
    raises CompileError with fp4-opt's message. `gemm_configs` maps GEMMs
    (an index in module order, or a location: "name", "line:col") to
    "#mxfp4.config<...>" text set on them before the pipeline runs.
    """
    owned = not isinstance(options, CompileOptions)
    opts = CompileOptions(options, gemm_configs, **kwargs) if owned \
        else options
    if not owned and (gemm_configs or kwargs):
        raise TypeError("compile() takes either a CompileOptions or "
                        "keyword options, not both")
    try:
        strings = Strings()
        result = Handle()
        ok = lib.fp4CompileToHsaco(strings.ref(module_text), opts._handle,
                                   ctypes.byref(result))
        return _compiled(result, ok)
    finally:
        if owned:
            opts.close()


def compiled_from_text(compiled_text):
    """The Compiled view (kernels, launches, arguments) of a module compiled
    elsewhere: by fp4-opt, or by a pass pipeline of one's own."""
    strings = Strings()
    result = Handle()
    ok = lib.fp4CompileResultCreateFromText(strings.ref(compiled_text),
                                            ctypes.byref(result))
    return _compiled(result, ok)
