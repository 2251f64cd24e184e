"""ctypes bindings of libFP4CAPI.so (include/fp4-c/*.h), and nothing else.

The library is found, in this order, at $FP4MLIR_LIBRARY, at
<package>/../../lib/libFP4CAPI.so (the build tree, <build>/python/fp4mlir,
and the install tree, <prefix>/python/fp4mlir, both have it there), next to
the package, and finally through the dynamic loader's own search path.
"""

import ctypes
import os
from ctypes import (POINTER, Structure, c_bool, c_double, c_int,
                    c_int8, c_int32, c_int64, c_size_t, c_ssize_t, c_uint,
                    c_uint8, c_uint16, c_uint32, c_uint64, c_void_p)

LIBRARY_NAME = "libFP4CAPI.so"


class Fp4Error(RuntimeError):
    """A failure reported by libFP4CAPI.so, with its message."""


def _candidates():
    here = os.path.dirname(os.path.abspath(__file__))
    return [
        os.path.normpath(os.path.join(here, "..", "..", "lib", LIBRARY_NAME)),
        os.path.join(here, LIBRARY_NAME),
    ]


def _load():
    env = os.environ.get("FP4MLIR_LIBRARY")
    if env:
        if not os.path.isfile(env):
            raise ImportError(
                f"FP4MLIR_LIBRARY is {env!r}, which is not a file")
        return ctypes.CDLL(env)
    for path in _candidates():
        if os.path.isfile(path):
            return ctypes.CDLL(path)
    try:
        return ctypes.CDLL(LIBRARY_NAME)
    except OSError as e:
        tried = ", ".join(_candidates())
        raise ImportError(
            f"cannot find {LIBRARY_NAME}: set FP4MLIR_LIBRARY to its path "
            f"(tried {tried} and the loader's search path: {e})") from None


lib = _load()
LIBRARY_PATH = getattr(lib, "_name", LIBRARY_NAME)

# --------------------------------------------------------------------------
# Common types
# --------------------------------------------------------------------------


class StringRef(Structure):
    _fields_ = [("data", c_void_p), ("length", c_size_t)]

    def bytes(self):
        return ctypes.string_at(self.data, self.length) if self.length else b""

    def str(self):
        return self.bytes().decode("utf-8", errors="replace")


class LogicalResult(Structure):
    _fields_ = [("value", c_int8)]


class Handle(Structure):
    _fields_ = [("ptr", c_void_p)]


StringCallback = ctypes.CFUNCTYPE(None, StringRef, c_void_p)


class Strings:
    """Keeps the bytes behind StringRefs alive for the duration of a call."""

    def __init__(self):
        self._keep = []

    def ref(self, text):
        if text is None:
            return StringRef(None, 0)
        data = text.encode("utf-8") if isinstance(text, str) else bytes(text)
        buf = ctypes.create_string_buffer(data, len(data))
        self._keep.append(buf)
        return StringRef(ctypes.cast(buf, c_void_p), len(data))


def choice(table, value, what):
    """table[value] for one of the C enum tables below; a ValueError that
    names every accepted value otherwise."""
    try:
        return table[value]
    except KeyError:
        names = ", ".join(repr(k) for k in table)
        raise ValueError(f"{what} must be one of {names}, not {value!r}") \
            from None


def check_status(status):
    """Raises Fp4Error with the message of a failed Fp4Status (and frees it)."""
    if status.ptr:
        message = lib.fp4StatusGetMessage(status).str()
        lib.fp4StatusDestroy(status)
        raise Fp4Error(message)


# --------------------------------------------------------------------------
# Structs of the C headers
# --------------------------------------------------------------------------


class Binary(Structure):
    _fields_ = [("name", StringRef), ("hsacoData", c_void_p),
                ("hsacoSize", c_size_t), ("deviceIR", StringRef)]


class LaunchInfo(Structure):
    _fields_ = [("function", StringRef), ("binary", StringRef),
                ("kernel", StringRef), ("grid", c_uint32 * 3),
                ("block", c_uint32 * 3), ("numOperands", c_ssize_t)]


class ArgumentInfo(Structure):
    _fields_ = [("role", StringRef), ("bytes", c_int64)]


class GemmSpec(Structure):
    _fields_ = [("m", c_int64), ("n", c_int64), ("k", c_int64),
                ("bLayout", c_int), ("out", c_int), ("scaleMode", c_int),
                ("aQuantized", c_bool), ("name", StringRef)]


class MoeLayerSpec(Structure):
    _fields_ = [("tokens", c_int64), ("experts", c_int64), ("topk", c_int64),
                ("dHidden", c_int64), ("dExpert", c_int64),
                ("blockM", c_int64), ("name", StringRef)]


class KernelInfo(Structure):
    _fields_ = [("name", StringRef), ("symbol", StringRef),
                ("kernargSegmentSize", c_uint64),
                ("kernargSegmentAlign", c_uint64), ("ldsBytes", c_uint64),
                ("scratchBytes", c_uint64), ("wavefrontSize", c_uint32),
                ("maxFlatWorkgroupSize", c_uint32), ("sgprCount", c_uint32),
                ("vgprCount", c_uint32), ("agprCount", c_uint32),
                ("sgprSpillCount", c_uint32), ("vgprSpillCount", c_uint32),
                ("numArgs", c_ssize_t), ("numExplicitArgs", c_ssize_t)]


class KernelArgInfo(Structure):
    _fields_ = [("name", StringRef), ("valueKind", StringRef),
                ("addressSpace", StringRef), ("offset", c_uint64),
                ("size", c_uint64), ("isHidden", c_bool)]


class DeviceOptions(Structure):
    _fields_ = [("kind", c_int), ("threads", c_uint), ("chip", StringRef)]


class LaunchConfig(Structure):
    _fields_ = [("grid", c_uint32 * 3), ("block", c_uint32 * 3),
                ("dynamicLdsBytes", c_uint32)]


class LaunchTiming(Structure):
    _fields_ = [("milliseconds", c_double), ("waveInstructions", c_uint64),
                ("laneInstructions", c_uint64), ("mfmaOps", c_uint64)]


class RunOptions(Structure):
    _fields_ = [("device", DeviceOptions), ("entry", StringRef),
                ("seed", c_uint64), ("data", c_int), ("check", c_bool),
                ("repeat", c_uint), ("outputFile", StringRef),
                ("inputsDir", StringRef), ("numInputFiles", c_ssize_t),
                ("inputRoles", POINTER(StringRef)),
                ("inputFiles", POINTER(StringRef))]


class CheckResult(Structure):
    _fields_ = [("mismatches", c_int64), ("nanMismatches", c_int64),
                ("worstAbsErr", c_double), ("worstIndex", c_int64),
                ("firstMismatch", c_int64)]


class MoeShape(Structure):
    _fields_ = [("tokens", c_int64), ("experts", c_int64),
                ("hidden", c_int64), ("intermediate", c_int64),
                ("hiddenPad", c_int64), ("intermediatePad", c_int64),
                ("topk", c_int64)]


class MoeOptions(Structure):
    _fields_ = [("scaleMode", c_int), ("ties", c_int),
                ("intermediateF32", c_bool)]


class MoeGenSpec(Structure):
    _fields_ = [("tokens", c_int64), ("routedExperts", c_int64),
                ("sharedExperts", c_int64), ("hidden", c_int64),
                ("intermediate", c_int64), ("routedTopk", c_int64),
                ("hiddenPad", c_int64), ("intermediatePad", c_int64),
                ("allowedExperts", POINTER(c_uint8)),
                ("weightScaleMode", c_int)]


# Enum values (fp4-c/*.h).
SCALE_MODES = {"even": 0, "floor": 1}
TIES = {"even": 0, "away": 1}
# The OCP MX element formats, by their MLIR type names and short names.
ELEMENT_FORMATS = {"f4E2M1FN": 0, "e2m1": 0, "fp4": 0,
                   "f8E4M3FN": 1, "e4m3": 1,
                   "f8E5M2": 2, "e5m2": 2,
                   "f6E2M3FN": 3, "e2m3": 3,
                   "f6E3M2FN": 4, "e3m2": 4}
B_LAYOUTS = {"plain": 0, "preshuffled": 1}
OUT_TYPES = {"bf16": 0, "f32": 1}
DEVICE_KINDS = {"auto": 0, "hip": 1, "emu": 2, "emulator": 2}
INPUT_DATA = {"randn": 0, "blocked": 1, "edge": 2, "nonfinite": 3}

# --------------------------------------------------------------------------
# Function signatures
# --------------------------------------------------------------------------

_u8p, _u16p, _f32p = POINTER(c_uint8), POINTER(c_uint16), POINTER(ctypes.c_float)
_i64p = POINTER(c_int64)


def _sig(name, restype, *argtypes):
    fn = getattr(lib, name)
    fn.restype = restype
    fn.argtypes = list(argtypes)


for _name, _res, _args in [
    # Support
    ("fp4StatusGetMessage", StringRef, [Handle]),
    ("fp4StatusDestroy", None, [Handle]),
    # Registration
    ("fp4RegisterAllPasses", None, []),
    # Generate
    ("fp4GemmSpecGetDefault", GemmSpec, [c_int64, c_int64, c_int64]),
    ("fp4GenerateGemm", Handle, [GemmSpec, StringCallback, c_void_p]),
    ("fp4MoeDefaultBlockM", c_int64, [c_int64, c_int64, c_int64]),
    ("fp4GenerateMoeLayer", Handle, [MoeLayerSpec, StringCallback,
                                     c_void_p]),
    # Compile
    ("fp4CompileOptionsCreate", Handle, []),
    ("fp4CompileOptionsDestroy", None, [Handle]),
    ("fp4CompileOptionsParse", Handle, [Handle, StringRef]),
    ("fp4CompileOptionsSet", Handle, [Handle, StringRef, StringRef]),
    ("fp4CompileOptionsPrint", None, [Handle, StringCallback, c_void_p]),
    ("fp4CompileOptionsSetGemmConfig", Handle, [Handle, StringRef, StringRef]),
    ("fp4CompileToHsaco", LogicalResult,
     [StringRef, Handle, POINTER(Handle)]),
    ("fp4CompileResultCreateFromText", LogicalResult,
     [StringRef, POINTER(Handle)]),
    ("fp4CompileResultGetOptions", StringRef, [Handle]),
    ("fp4CompileResultDestroy", None, [Handle]),
    ("fp4CompileResultSucceeded", c_bool, [Handle]),
    ("fp4CompileResultGetModule", StringRef, [Handle]),
    ("fp4CompileResultGetDiagnostics", StringRef, [Handle]),
    ("fp4CompileResultGetNumBinaries", c_ssize_t, [Handle]),
    ("fp4CompileResultGetBinary", Binary, [Handle, c_ssize_t]),
    ("fp4CompileResultGetNumLaunches", c_ssize_t, [Handle]),
    ("fp4CompileResultGetLaunch", LaunchInfo, [Handle, c_ssize_t]),
    ("fp4CompileResultGetLaunchOperandArgument", c_ssize_t,
     [Handle, c_ssize_t, c_ssize_t]),
    ("fp4CompileResultGetNumArguments", c_ssize_t, [Handle, StringRef]),
    ("fp4CompileResultGetArgument", ArgumentInfo,
     [Handle, StringRef, c_ssize_t]),
    # Runtime: code objects
    ("fp4CodeObjectRead", Handle, [c_void_p, c_size_t, POINTER(Handle)]),
    ("fp4CodeObjectDestroy", None, [Handle]),
    ("fp4CodeObjectGetProcessor", StringRef, [Handle]),
    ("fp4CodeObjectGetTargetId", StringRef, [Handle]),
    ("fp4CodeObjectGetVersion", c_uint, [Handle]),
    ("fp4CodeObjectRequireTarget", Handle, [Handle, StringRef]),
    ("fp4CodeObjectGetNumKernels", c_ssize_t, [Handle]),
    ("fp4CodeObjectGetKernel", KernelInfo, [Handle, c_ssize_t]),
    ("fp4CodeObjectLookupKernel", c_ssize_t, [Handle, StringRef]),
    ("fp4CodeObjectGetKernelArg", KernelArgInfo,
     [Handle, c_ssize_t, c_ssize_t]),
    # Runtime: devices
    ("fp4DeviceOptionsGetDefault", DeviceOptions, []),
    ("fp4DeviceOpen", Handle, [DeviceOptions, POINTER(Handle)]),
    ("fp4DeviceDestroy", None, [Handle]),
    ("fp4DeviceGetDescription", StringRef, [Handle]),
    ("fp4DeviceIsEmulator", c_bool, [Handle]),
    ("fp4DeviceGetFallbackReason", StringRef, [Handle]),
    ("fp4DeviceAllocate", Handle, [Handle, c_size_t, POINTER(c_uint64)]),
    ("fp4DeviceWrite", Handle, [Handle, c_uint64, c_void_p, c_size_t]),
    ("fp4DeviceRead", Handle, [Handle, c_uint64, c_void_p, c_size_t]),
    ("fp4DeviceLoad", Handle,
     [Handle, c_void_p, c_size_t, StringRef, POINTER(Handle)]),
    ("fp4LoadedModuleDestroy", None, [Handle]),
    ("fp4LoadedModuleGetCodeObject", Handle, [Handle]),
    # Runtime: arguments and launches
    ("fp4KernelArgsCreate", Handle, [Handle, StringRef, POINTER(Handle)]),
    ("fp4KernelArgsDestroy", None, [Handle]),
    ("fp4KernelArgsAddPointer", Handle, [Handle, c_uint64]),
    ("fp4KernelArgsAddScalar", Handle, [Handle, c_void_p, c_size_t]),
    ("fp4KernelArgsPack", Handle,
     [Handle, LaunchConfig, c_void_p, c_size_t, POINTER(c_size_t)]),
    ("fp4DeviceLaunch", Handle,
     [Handle, Handle, Handle, LaunchConfig, POINTER(LaunchTiming)]),
    # Run
    ("fp4RunOptionsGetDefault", RunOptions, []),
    ("fp4RunModule", LogicalResult, [StringRef, RunOptions, POINTER(Handle)]),
    ("fp4RunResultDestroy", None, [Handle]),
    ("fp4RunResultChecked", c_bool, [Handle]),
    ("fp4RunResultPassed", c_bool, [Handle]),
    ("fp4RunResultGetMismatches", c_int64, [Handle]),
    ("fp4RunResultGetWorstAbsError", c_double, [Handle]),
    ("fp4RunResultGetLog", StringRef, [Handle]),
    ("fp4RunResultGetError", StringRef, [Handle]),
    # Reference
    ("fp4QuantizeBf16", Handle, [_u16p, c_int64, c_int64, c_int, _u8p, _u8p]),
    ("fp4QuantizeF32", Handle, [_f32p, c_int64, c_int64, c_int, _u8p, _u8p]),
    ("fp4Dequantize", Handle, [_u8p, _u8p, c_int64, c_int64, _f32p]),
    ("fp4ShuffleWeight", Handle, [_u8p, c_int64, c_int64, _u8p]),
    ("fp4UnshuffleWeight", Handle, [_u8p, c_int64, c_int64, _u8p]),
    ("fp4GetShuffledScalesShape", Handle, [c_int64, c_int64, _i64p, _i64p]),
    ("fp4ShuffleScales", Handle, [_u8p, c_int64, c_int64, _u8p, c_uint8]),
    ("fp4UnshuffleScales", Handle, [_u8p, c_int64, c_int64, _u8p]),
    ("fp4ReferenceGemm", Handle,
     [_u16p, c_int64, c_int64, _u8p, _u8p, c_int64, c_int, _f32p]),
    ("fp4ReferenceGemmQuantized", Handle,
     [_u8p, _u8p, c_int64, _u8p, _u8p, c_int64, c_int64, _f32p]),
    ("fp4MxRowBytes", Handle, [c_int, c_int64, _i64p]),
    ("fp4MxQuantizeBf16", Handle,
     [_u16p, c_int64, c_int64, c_int, c_int, _u8p, _u8p]),
    ("fp4MxQuantizeF32", Handle,
     [_f32p, c_int64, c_int64, c_int, c_int, _u8p, _u8p]),
    ("fp4MxQuantizeTiesBf16", Handle,
     [_u16p, c_int64, c_int64, c_int, c_int, c_int, _u8p, _u8p]),
    ("fp4MxQuantizeTiesF32", Handle,
     [_f32p, c_int64, c_int64, c_int, c_int, c_int, _u8p, _u8p]),
    ("fp4MxDequantize", Handle, [_u8p, _u8p, c_int64, c_int64, c_int, _f32p]),
    ("fp4MxReferenceGemmQuantized", Handle,
     [c_int, _u8p, _u8p, c_int64, c_int, _u8p, _u8p, c_int64, c_int64,
      _f32p]),
    ("fp4F32ToBf16", None, [_f32p, c_int64, _u16p]),
    ("fp4Bf16ToF32", None, [_u16p, c_int64, _f32p]),
    ("fp4CheckOutput", CheckResult,
     [_f32p, _f32p, c_int64, c_double, c_double]),
    ("fp4RandnBf16", Handle, [c_uint64, c_int64, _u16p]),
    ("fp4RandnBf16Blocked", Handle, [c_uint64, c_int64, c_int64, _u16p]),
    ("fp4MoeReference", Handle,
     [MoeShape, MoeOptions, _u16p, POINTER(c_int32), _f32p, _u8p, _u8p, _u8p,
      _u8p, _u16p, _f32p]),
    ("fp4MoeGenShape", Handle, [MoeGenSpec, POINTER(MoeShape)]),
    ("fp4MoeAlignSizes", Handle,
     [c_int64, c_int64, c_int64, _i64p, _i64p]),
    ("fp4MoeAlign", Handle,
     [POINTER(c_int32), c_int64, c_int64, c_int64, POINTER(c_int32),
      POINTER(c_int32), POINTER(c_int32), POINTER(c_int32)]),
    ("fp4MoeGenerate", Handle,
     [MoeGenSpec, c_uint64, _u16p, POINTER(c_int32), _f32p, _u8p, _u8p, _u8p,
      _u8p]),
]:
    _sig(_name, _res, *_args)

del _name, _res, _args
