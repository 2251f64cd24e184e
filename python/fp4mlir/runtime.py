"""Running compiled modules: one call (fp4-c/Run.h) or by hand on a device
(fp4-c/Runtime.h)."""

import ctypes
import os
import tempfile
from dataclasses import dataclass, field
from typing import Optional

import numpy as np

from . import _capi
from ._capi import Fp4Error, Handle, Strings, check_status, lib
from .compiler import Compiled, Kernel, _kernels_of, compile as _compile


class RunError(Fp4Error):
    """The module could not be run (not a failed check: see RunResult)."""

    def __init__(self, message, log=""):
        super().__init__(message)
        self.log = log


@dataclass
class Launch:
    """One gpu.launch_func of a run: kernel, grid, block, and its time (HIP
    event time on a GPU; host time and counters on the emulator)."""
    kernel: str
    grid: tuple
    block: tuple
    timing: "LaunchTiming"


@dataclass
class RunResult:
    checked: bool
    passed: bool
    mismatches: int
    worst_abs_err: float
    log: str = field(repr=False)
    # C as numpy: bf16 results as uint16 bits, f32 as float32.
    output: Optional[np.ndarray] = field(repr=False, default=None)
    # Functions without fp4.gemm: the requested outputs by name ("N": argument
    # N after the run, "rN": result N); bf16 as uint16 bits.
    outputs: dict = field(repr=False, default_factory=dict)
    # The launches of the last call of the entry function.
    launches: list = field(repr=False, default_factory=list)


def _declare_run_with_outputs():
    f = lib.fp4RunModuleWithOutputs
    if getattr(f, "_fp4_declared", False):
        return f
    f.restype = _capi.LogicalResult
    f.argtypes = [_capi.StringRef, _capi.RunOptions, ctypes.c_bool,
                  ctypes.c_ssize_t, ctypes.POINTER(_capi.StringRef),
                  ctypes.POINTER(_capi.StringRef), ctypes.POINTER(Handle)]
    for name, restype, argtypes in (
            ("fp4RunResultGetNumLaunches", ctypes.c_ssize_t, [Handle]),
            ("fp4RunResultGetLaunchKernel", _capi.StringRef,
             [Handle, ctypes.c_ssize_t]),
            ("fp4RunResultGetLaunchConfig", _capi.LaunchConfig,
             [Handle, ctypes.c_ssize_t]),
            ("fp4RunResultGetLaunchTiming", _capi.LaunchTiming,
             [Handle, ctypes.c_ssize_t])):
        g = getattr(lib, name)
        g.restype, g.argtypes = restype, argtypes
    f._fp4_declared = True
    return f


def _launches(result):
    out = []
    for i in range(lib.fp4RunResultGetNumLaunches(result)):
        config = lib.fp4RunResultGetLaunchConfig(result, i)
        t = lib.fp4RunResultGetLaunchTiming(result, i)
        out.append(Launch(lib.fp4RunResultGetLaunchKernel(result, i).str(),
                          tuple(config.grid), tuple(config.block),
                          LaunchTiming(t.milliseconds, t.waveInstructions,
                                       t.laneInstructions, t.mfmaOps)))
    return out


def _device_options(kind, threads, chip, strings):
    options = lib.fp4DeviceOptionsGetDefault()
    options.kind = _capi.choice(_capi.DEVICE_KINDS, kind, "device")
    options.threads = int(threads)
    options.chip = strings.ref(chip)
    return options


def run(module, device="auto", seed=1, check=None, data="randn", inputs=None,
        entry=None, repeat=1, threads=0, chip="gfx950", outputs=None,
        jit=False):
    """Runs an entry function of a compiled module like fp4-run and returns a
    RunResult.

    `module` is a Compiled, compiled module text, or mxfp4 module text (which
    is compiled first, with the default options).

    A GEMM function (fp4.gemm): `inputs` maps roles ("a", "a_scales", "b",
    "b_scales") to numpy arrays in the function's ABI (bf16 as uint16 bits,
    quantized data and scales as uint8); the other inputs are generated from
    `seed` and `data` ("randn", "blocked", "edge", "nonfinite"; fp4-run
    --data). RunResult.output holds C. With `check` (the default unless
    `outputs` is given), C is compared with the reference library; a failed
    check is RunResult.passed == False. `jit` runs it through the JIT and the
    runtime wrappers instead of the host interpreter.

    Any other function runs through the JIT: `inputs` maps each argument
    (its number, or its fp4.arg role) to a numpy array, and `outputs` names
    what to return in RunResult.outputs: argument numbers (their contents
    after the run) and "r0", "r1", ... (returned memrefs). An argument that
    is only an output may be left out of `inputs` (it starts as 0xFF bytes).

    RunResult.launches lists every kernel launch with its time. Raises
    RunError when the module cannot be run.
    """
    if check is None:
        check = outputs is None
    if isinstance(module, Compiled):
        text = module.module_text
    elif isinstance(module, str):
        text = module if "gpu.binary" in module else \
            _compile(module, chip=chip).module_text
    else:
        raise TypeError("run takes a Compiled or module text")
    strings = Strings()
    options = lib.fp4RunOptionsGetDefault()
    options.device = _device_options(device, threads, chip, strings)
    options.entry = strings.ref(entry)
    options.seed = int(seed)
    options.data = _capi.choice(_capi.INPUT_DATA, data, "data")
    options.check = bool(check)
    options.repeat = int(repeat)
    with tempfile.TemporaryDirectory(prefix="fp4mlir-") as tmp:
        output = os.path.join(tmp, "c.npy")
        if outputs is None:
            options.outputFile = strings.ref(output)
        inputs = {str(k): v for k, v in (inputs or {}).items()}
        names = [str(o) for o in (outputs or [])]
        out_names = (_capi.StringRef * max(len(names), 1))()
        out_files = (_capi.StringRef * max(len(names), 1))()
        for i, name in enumerate(names):
            out_names[i] = strings.ref(name)
            out_files[i] = strings.ref(os.path.join(tmp, f"output-{i}.npy"))
        roles = (_capi.StringRef * max(len(inputs), 1))()
        files = (_capi.StringRef * max(len(inputs), 1))()
        for i, (role, array) in enumerate(inputs.items()):
            path = os.path.join(tmp, f"input-{i}.npy")
            np.save(path, np.ascontiguousarray(array))
            roles[i] = strings.ref(role)
            files[i] = strings.ref(path)
        options.numInputFiles = len(inputs)
        options.inputRoles = roles
        options.inputFiles = files
        result = Handle()
        ok = _declare_run_with_outputs()(
            strings.ref(text), options, bool(jit), len(names), out_names,
            out_files, ctypes.byref(result))
        try:
            log = lib.fp4RunResultGetLog(result).str()
            if not ok.value:
                raise RunError(lib.fp4RunResultGetError(result).str(), log)
            out = np.load(output) if os.path.exists(output) else None
            written = {name: np.load(os.path.join(tmp, f"output-{i}.npy"))
                       for i, name in enumerate(names)}
            return RunResult(bool(lib.fp4RunResultChecked(result)),
                             bool(lib.fp4RunResultPassed(result)),
                             lib.fp4RunResultGetMismatches(result),
                             lib.fp4RunResultGetWorstAbsError(result), log, out,
                             written, _launches(result))
        finally:
            lib.fp4RunResultDestroy(result)


@dataclass
class LaunchTiming:
    milliseconds: float
    wave_instructions: int
    lane_instructions: int
    mfma_ops: int


class LoadedModule:
    """A code object loaded on a Device; closed with its device at the latest."""

    def __init__(self, device, handle):
        self._device = device
        self._handle = handle
        self.kernels = _kernels_of(lib.fp4LoadedModuleGetCodeObject(handle))

    def _live(self):
        if self._handle is None:
            raise Fp4Error("the module was closed")
        return self._handle

    def kernel(self, name):
        for k in self.kernels:
            if k.name == name:
                return k
        names = ", ".join(k.name for k in self.kernels)
        raise KeyError(f"no kernel {name!r} (there are: {names})")

    def launch(self, kernel, args, grid, block, dynamic_lds=0):
        """Launches `kernel` with explicit arguments `args`: ints are device
        addresses (pointer arguments), numpy scalars and bytes are by-value
        arguments. Returns a LaunchTiming."""
        handle = self._live()
        strings = Strings()
        packed = Handle()
        check_status(lib.fp4KernelArgsCreate(
            lib.fp4LoadedModuleGetCodeObject(handle), strings.ref(kernel),
            ctypes.byref(packed)))
        try:
            for a in args:
                if isinstance(a, int) and not isinstance(a, bool):
                    check_status(lib.fp4KernelArgsAddPointer(packed, a))
                    continue
                if isinstance(a, np.generic):
                    raw = a.tobytes()
                elif isinstance(a, (bytes, bytearray)):
                    raw = bytes(a)
                else:
                    raise TypeError(
                        f"kernel arguments are ints (device addresses), numpy "
                        f"scalars or bytes, not {type(a).__name__}")
                buf = ctypes.create_string_buffer(raw, len(raw))
                check_status(lib.fp4KernelArgsAddScalar(packed, buf, len(raw)))
            config = _capi.LaunchConfig()
            config.grid[:] = _dim3(grid, "grid")
            config.block[:] = _dim3(block, "block")
            config.dynamicLdsBytes = int(dynamic_lds)
            timing = _capi.LaunchTiming()
            check_status(lib.fp4DeviceLaunch(self._device._live(), handle,
                                             packed, config,
                                             ctypes.byref(timing)))
            return LaunchTiming(timing.milliseconds, timing.waveInstructions,
                                timing.laneInstructions, timing.mfmaOps)
        finally:
            lib.fp4KernelArgsDestroy(packed)

    def close(self):
        if self._handle is not None:
            lib.fp4LoadedModuleDestroy(self._handle)
            self._handle = None


def _dim3(value, what):
    dims = [int(value)] if np.isscalar(value) else [int(v) for v in value]
    if not 1 <= len(dims) <= 3 or any(d < 0 or d >= 2**32 for d in dims):
        raise ValueError(f"{what} must be 1 to 3 sizes below 2^32, not "
                         f"{value!r}")
    return dims + [1] * (3 - len(dims))


class Device:
    """A device: an AMD GPU through HIP, or the CPU emulator ("emu").

    Memory lives as long as the device; close() (or leaving a `with` block)
    releases the loaded modules and then the device."""

    def __init__(self, kind="auto", threads=0, chip="gfx950"):
        strings = Strings()
        self._handle = Handle()
        self._modules = []
        check_status(lib.fp4DeviceOpen(
            _device_options(kind, threads, chip, strings),
            ctypes.byref(self._handle)))
        self.description = lib.fp4DeviceGetDescription(self._handle).str()
        self.is_emulator = bool(lib.fp4DeviceIsEmulator(self._handle))
        self.fallback_reason = \
            lib.fp4DeviceGetFallbackReason(self._handle).str()

    def _live(self):
        if self._handle is None:
            raise Fp4Error("the device was closed")
        return self._handle

    def alloc(self, nbytes):
        address = ctypes.c_uint64()
        check_status(lib.fp4DeviceAllocate(self._live(), int(nbytes),
                                           ctypes.byref(address)))
        return address.value

    def write(self, address, data):
        raw = np.ascontiguousarray(data).tobytes() \
            if isinstance(data, np.ndarray) else bytes(data)
        buf = ctypes.create_string_buffer(raw, len(raw))
        check_status(lib.fp4DeviceWrite(self._live(), address, buf, len(raw)))

    def upload(self, data):
        """Allocates room for `data` (an array or bytes), copies it there and
        returns the address."""
        raw = np.ascontiguousarray(data).tobytes() \
            if isinstance(data, np.ndarray) else bytes(data)
        address = self.alloc(len(raw))
        self.write(address, raw)
        return address

    def read(self, address, nbytes_or_like):
        """Reads `nbytes` bytes, or an array shaped and typed like the given
        one (or a (shape, dtype) pair)."""
        if isinstance(nbytes_or_like, np.ndarray):
            out = np.empty_like(nbytes_or_like, order="C")
        elif isinstance(nbytes_or_like, tuple):
            out = np.empty(nbytes_or_like[0], nbytes_or_like[1])
        else:
            out = np.empty(int(nbytes_or_like), np.uint8)
        check_status(lib.fp4DeviceRead(self._live(), address,
                                       out.ctypes.data_as(ctypes.c_void_p),
                                       out.nbytes))
        return out if not isinstance(nbytes_or_like, int) else out.tobytes()

    def load(self, hsaco, ir=""):
        """Loads a Kernel (from compile()) or an HSACO plus its device IR."""
        if isinstance(hsaco, Kernel):
            hsaco, ir = hsaco.hsaco, hsaco.ir
        data = bytes(hsaco)
        buf = ctypes.create_string_buffer(data, len(data))
        strings = Strings()
        handle = Handle()
        check_status(lib.fp4DeviceLoad(self._live(), buf, len(data),
                                       strings.ref(ir), ctypes.byref(handle)))
        module = LoadedModule(self, handle)
        self._modules.append(module)
        return module

    def close(self):
        if self._handle is not None:
            for m in self._modules:
                m.close()
            lib.fp4DeviceDestroy(self._handle)
            self._handle = None

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def __del__(self):
        try:
            self.close()
        except Exception:
            pass
