# RUN: %fp4_python -m pytest -q -p no:cacheprovider %s
"""fp4-export gpumode --problem moe-mxfp4 / fm.export_gpumode_moe: the
GPU MODE moe-mxfp4 submission.py.

As for the GEMM submission (test_export.py, whose test doubles this
reuses), there is no AMD GPU and no torch here. The submission runs:
  - against FakeHIP: its four launches are compared with the ones fp4-run's
    runtime makes for the same layer, buffer by buffer;
  - on the emulator: its launch table is replayed, tensor for tensor, with
    the code objects it carries (each the compiled one less its device IR,
    which the emulator needs and gets from the compile), on the task's
    inputs, and its output is checked against the reference library's
    layer with the task's tolerance.
"""

import base64
import ctypes
import os
import subprocess
import types

import numpy as np
import pytest

import fp4mlir as fm
from test_export import (BUILD, FakeHipLaunch, hip, hip_calls,  # noqa: F401
                         load_submission, make_torch, strip_device_ir)

# (tokens, experts, d_hidden, d_expert, top-k): 5 tokens (a tail in a row
# block), 6 routed experts of which 2 per token and the shared one.
CONFIG = (5, 7, 256, 256, 3)


def layer_text(config):
    tokens, experts, hidden, d, topk = config
    return subprocess.run(
        [os.path.join(BUILD, "bin", "fp4-gen"), "moe", "--tokens",
         str(tokens), "--experts", str(experts), "--topk", str(topk),
         "--d-hidden", str(hidden), "--d-expert", str(d)],
        check=True, capture_output=True, text=True).stdout


def test_moe_layer_module_is_fp4_gen_moes():
    """The C API's layer (fm.moe_layer_module) is fp4-gen moe's, text for
    text, block_m by default or given, and refuses what fp4-gen refuses."""
    tokens, experts, hidden, d, topk = CONFIG
    text = fm.moe_layer_module(tokens, experts, topk, hidden, d)
    assert text == layer_text(CONFIG)
    assert fm.moe_default_block_m(tokens, experts, topk) == 16
    assert fm.moe_default_block_m(256, 33, 9) == 32
    assert "block_m = 16 :" in text
    given = fm.moe_layer_module(tokens, experts, topk, hidden, d, block_m=32,
                                name="layer")
    assert "func.func @layer(" in given and "block_m = 32 :" in given
    with pytest.raises(fm.Fp4Error, match=r"top-k \(9\) cannot exceed"):
        fm.moe_layer_module(tokens, experts, 9, hidden, d)
    with pytest.raises(fm.Fp4Error, match="multiples of 32"):
        fm.moe_layer_module(tokens, experts, topk, 250, d)
    with pytest.raises(ValueError, match="got 0"):
        fm.moe_layer_module(tokens, experts, topk, hidden, d, block_m=0)


def contest_data(torch, config, tensor=None):
    """The task's data tuple for `config`, shaped as its generator makes it
    (tensors from `tensor(shape, dtype)`, torch.Tensor by default)."""
    m, e, h, d, k = config
    dev = torch.device("cuda", 0)
    make = tensor or (lambda shape, dtype: torch.Tensor(shape, dtype, dev))
    fp4, e8m0 = torch.float4_e2m1fn_x2, torch.float8_e8m0fnu
    gate_up = ((e, 2 * d, h // 2), fp4)
    down = ((e, h, d // 2), fp4)
    return (make((m, h), torch.bfloat16), make(*gate_up), make(*down),
            make((e, 2 * d, h // 32), e8m0), make((e, h, d // 32), e8m0),
            make(*gate_up), make(*down), make((e * 2 * d, h // 32), e8m0),
            make((e * h, d // 32), e8m0), make((m, k), torch.float32),
            make((m, k), torch.int32),
            {"d_hidden": h, "d_expert": d, "d_hidden_pad": h,
             "d_expert_pad": d, "bs": m})


def task_inputs(config, seed=5):
    """The task generator's tensors for `config`, by input name."""
    m, e, h, d, k = config
    inputs = fm.moe_generate(m, e - 1, h, d, k - 1, shared_experts=1,
                             seed=seed)
    return {name: np.ascontiguousarray(getattr(inputs, name))
            for name in ROLES}


ROLES = {"hidden_states": 0, "gate_up_weight": 1, "down_weight": 2,
         "gate_up_weight_scale": 3, "down_weight_scale": 4,
         "topk_weights": 9, "topk_ids": 10}


def test_launches_match_what_fp4_run_launches(hip):
    torch = make_torch(hip)
    sub = load_submission(fm.export_gpumode_moe([CONFIG],
                                                 problem_configs=False), torch)
    entry = sub.KERNELS[CONFIG]
    assert len(entry["launches"]) == 4
    hip.fakehip_reset()
    data = contest_data(torch, CONFIG)
    out = sub.custom_kernel(data)
    assert out.shape == (CONFIG[0], CONFIG[2])
    assert out.dtype is torch.bfloat16
    # One workspace for the intermediates, then the four launches.
    assert hip.fakehip_launch_count() == 4
    ours = [FakeHipLaunch.from_buffer_copy(hip.fakehip_launch(i).contents)
            for i in range(4)]
    calls = hip_calls(hip)
    assert calls.count("hipModuleLaunchKernel") == 4
    assert calls.count("hipModuleLoadData") == len(
        {launch["hsaco"] for launch in entry["launches"]})
    # Each pointer is its buffer's address: an input tensor, the output,
    # or the workspace at its scratch buffer's offset.
    for launch, got in zip(entry["launches"], ours):
        assert tuple(got.grid) == launch["grid"]
        assert tuple(got.block) == launch["block"]
        assert got.queue is None and got.extraWellFormed == 1
        for offset, name in launch["pointers"]:
            word = offset // 8
            if name in ROLES:
                assert int.from_bytes(bytes(got.kernargs[offset:offset + 8]),
                                      "little") == data[ROLES[name]].data_ptr()
                assert got.pointeeOffset[word] == 0
            elif name == "output":
                assert int.from_bytes(bytes(got.kernargs[offset:offset + 8]),
                                      "little") == out.data_ptr()
            else:
                at, size = entry["scratch"][name]
                assert got.pointeeSize[word] == entry["scratch_bytes"]
                assert got.pointeeOffset[word] == at and at % 256 == 0
    # fp4-run's runtime on the same double, for the same layer: the same
    # kernels, grids and kernarg bytes, each pointer into a buffer of the
    # same size (a scratch buffer: its own allocation there, a slice of the
    # workspace here) at the same place in each launch.
    compiled = fm.compile(layer_text(CONFIG))
    hip.fakehip_reset()
    fm.run(compiled, device="hip", entry="moe_layer", outputs=["r0"],
           inputs=task_inputs(CONFIG))
    theirs = [FakeHipLaunch.from_buffer_copy(hip.fakehip_launch(i).contents)
              for i in range(hip.fakehip_launch_count())]
    assert len(theirs) == 4
    for launch, a, b in zip(entry["launches"], ours, theirs):
        assert a.functionName == b.functionName
        assert tuple(a.grid) == tuple(b.grid)
        assert tuple(a.block) == tuple(b.block)
        assert a.sharedMemBytes == b.sharedMemBytes == launch["lds"]
        assert a.kernargSize == b.kernargSize == \
            len(bytes.fromhex(launch["kernarg"]))
        pointers = dict(launch["pointers"])
        for word in range(a.kernargSize // 8):
            name = pointers.get(8 * word)
            if name is None:
                assert bytes(a.kernargs[8 * word:8 * word + 8]) == \
                    bytes(b.kernargs[8 * word:8 * word + 8])
            elif name in entry["scratch"] or name == "output":
                # The JIT's memref.alloc over-allocates by the alignment
                # (64) to align the buffer.
                size = (entry["scratch"][name][1] if name != "output"
                        else np.prod(entry["output"][1]) * 2)
                left = b.pointeeSize[word] - b.pointeeOffset[word]
                assert size <= left <= size + 64
            else:
                assert a.pointeeSize[word] == b.pointeeSize[word] > 0
    # And the roles are the compile's own: the arguments each launch reads
    # (fp4.arg roles), the rest host allocations.
    args = compiled.arguments["moe_layer"]
    for launch, spec in zip(entry["launches"], compiled.launches):
        assert [name for _, name in launch["pointers"]] == [
            args[i].role if i >= 0 else name
            for i, (_, name) in zip(spec.operand_args, launch["pointers"])]
        assert all((i >= 0) == (name in ROLES) for i, (_, name) in
                   zip(spec.operand_args, launch["pointers"]))


def emulator_torch(dev):
    """A stand-in torch whose tensors live in the emulator's memory; a new
    tensor holds 0xFF bytes, as uninitialized memory may."""
    torch = make_torch(None)

    class Tensor:
        def __init__(self, shape, dtype, device, data=None):
            self.shape, self.dtype, self.device = tuple(shape), dtype, device
            nbytes = int(np.prod(self.shape)) * dtype.size
            self._ptr = dev.alloc(max(nbytes, 1))
            dev.write(self._ptr, data if data is not None
                      else np.full(nbytes, 0xFF, np.uint8))

        def numel(self):
            return int(np.prod(self.shape))

        def element_size(self):
            return self.dtype.size

        def data_ptr(self):
            return self._ptr

        def is_contiguous(self):
            return True

    torch.Tensor = Tensor
    torch.empty = lambda shape, dtype, device: Tensor(shape, dtype, device)
    return torch


# Both forms the exporter writes: x quantized in stage 1 (CONFIG: the
# routing, stage 1, the output's fill, stage 2), and x quantized by a
# kernel of its own (128 tokens of d_expert 2048, the fusion model's
# choice there and for seven of the task's nine configurations: the
# routing, x's quantize with the output's fill, stage 1, stage 2).
@pytest.mark.parametrize("config, stage1", [(CONFIG, 1),
                                            ((128, 33, 512, 2048, 9), 2)])
def test_the_submission_computes_the_layer_on_the_emulator(tmp_path, config,
                                                            stage1):
    """The submission's own custom_kernel, its HIP calls replaced by the
    emulator's: the table's launches, pointers and workspace offsets are
    what computes the layer."""
    m, e, h, d, k = config
    compiled = fm.compile(layer_text(config))
    inputs = task_inputs(config)
    with fm.Device("emu") as dev:
        torch = emulator_torch(dev)
        sub = load_submission(
            fm.export_gpumode_moe([config], problem_configs=False), torch)
        stripped = [strip_device_ir(kernel.hsaco, tmp_path)
                    for kernel in compiled.kernels]
        loaded = {}

        def function(device, launch):
            # The exported code object is a compiled one less its device
            # IR; the emulator runs the compiled one, IR included.
            image = base64.b64decode(sub.HSACO[launch["hsaco"]])
            assert image in stripped
            index = stripped.index(image)
            if index not in loaded:
                loaded[index] = dev.load(compiled.kernels[index])
            return loaded[index]

        mfmas = []

        def launch_on_emulator(module, launch, addresses):
            pointers = dict(launch["pointers"])
            kernarg = bytes.fromhex(launch["kernarg"])
            args = [addresses[pointers[offset]] if offset in pointers
                    else kernarg[offset:offset + size]
                    for offset, size, kind in launch["args"]
                    if not kind.startswith("hidden_")]
            timing = module.launch(launch["kernel"], args, launch["grid"],
                                   launch["block"], launch["lds"])
            mfmas.append(timing.mfma_ops)

        sub._function = function
        sub._launch = launch_on_emulator

        def tensor(shape, dtype):
            return torch.Tensor(shape, dtype, torch.device("cuda", 0))
        data = list(contest_data(torch, config, tensor))
        for name, array in inputs.items():
            data[ROLES[name]] = torch.Tensor(
                data[ROLES[name]].shape, data[ROLES[name]].dtype,
                torch.device("cuda", 0), array)
        out = sub.custom_kernel(tuple(data))
        got = dev.read(out.data_ptr(), ((m, h), np.uint16))
    # Four launches: the stages (stage 2 last) ran their MFMAs, the others
    # none. Stage 2 (one GEMM of K = d_expert and N = d_hidden) runs half
    # of stage 1's (gate and up: N = d_expert and K = d_hidden each) when
    # both skip the same blocks.
    assert len(mfmas) == 4
    assert mfmas[stage1] > 0 and mfmas[3] * 2 == mfmas[stage1]
    assert [n for i, n in enumerate(mfmas) if i not in (stage1, 3)] == [0, 0]
    ref = fm.moe_reference(*(inputs[n] for n in (
        "hidden_states", "gate_up_weight", "down_weight",
        "gate_up_weight_scale", "down_weight_scale", "topk_weights",
        "topk_ids")), ties="away")
    outcome = fm.check(fm.from_bf16(got), fm.from_bf16(ref), atol=5e-2,
                       rtol=5e-2)
    assert outcome.mismatches == 0, outcome
    assert np.abs(fm.from_bf16(ref)).max() > 0


def test_what_it_cannot_take_is_an_error(hip):
    torch = make_torch(hip)
    sub = load_submission(fm.export_gpumode_moe([CONFIG],
                                                 problem_configs=False), torch)
    hip.fakehip_reset()
    other = (6,) + CONFIG[1:]
    with pytest.raises(NotImplementedError,
                       match=r"no fp4-mlir layer for M=6, E=7, d_hidden=256, "
                             r"d_expert=256, top-k=3 in this file \(it has "
                             r"5x7x256x256x3\); export one with: fp4-export "
                             r"gpumode --problem moe-mxfp4 --config "
                             r"6x7x256x256x3"):
        sub.custom_kernel(contest_data(torch, other))
    data = contest_data(torch, CONFIG)
    data[11]["d_hidden"] = 200
    with pytest.raises(NotImplementedError, match="padded dimensions"):
        sub.custom_kernel(data)
    data = list(contest_data(torch, CONFIG))
    data[10] = torch.Tensor((5, 3), torch.float32, data[0].device)
    with pytest.raises(TypeError, match="topk_ids must be torch.int32"):
        sub.custom_kernel(tuple(data))
    data[10] = torch.Tensor((5, 3), torch.int32, torch.device("cuda", 1))
    with pytest.raises(ValueError, match="topk_ids is on cuda:1, "
                                         "hidden_states on cuda:0"):
        sub.custom_kernel(tuple(data))
    data[10] = torch.Tensor((5, 3), torch.int32, data[0].device)
    data[3] = torch.Tensor((7, 512, 4), torch.float8_e8m0fnu, data[0].device)
    with pytest.raises(ValueError, match="gate_up_weight_scale holds 14336 "
                                         "bytes; the kernel reads 28672"):
        sub.custom_kernel(tuple(data))
    assert hip.fakehip_launch_count() == 0

    with pytest.raises(fm.Fp4Error, match=r"configuration 5x7x250x256x3: "
                                          r"d_hidden and d_expert must be "
                                          r"multiples of 32"):
        fm.export_gpumode_moe([(5, 7, 250, 256, 3)], problem_configs=False)
    with pytest.raises(fm.Fp4Error, match="no configuration to export"):
        fm.export_gpumode_moe([], problem_configs=False)
    with pytest.raises(ValueError, match="expected 5 numbers"):
        fm.export_gpumode_moe([(5, 7, 256)], problem_configs=False)
