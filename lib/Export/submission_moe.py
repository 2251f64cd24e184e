

# --------------------------------------------------------------------------
# The moe-mxfp4 entry point (fp4-mlir lib/Export/submission_moe.py, copied
# verbatim by fp4-export).
# --------------------------------------------------------------------------

# Where each tensor the kernels read sits in the task's data tuple; the
# pre-shuffled copies (5 to 8) are not read: the kernels take the raw
# layouts. The config (11) gives the padding.
_INPUTS = {"hidden_states": 0, "gate_up_weight": 1, "down_weight": 2,
           "gate_up_weight_scale": 3, "down_weight_scale": 4,
           "topk_weights": 9, "topk_ids": 10}
_DTYPES = {"hidden_states": torch.bfloat16, "topk_weights": torch.float32,
           "topk_ids": torch.int32}


def _entry(m, experts, d_hidden, d_expert, topk):
    key = (m, experts, d_hidden, d_expert, topk)
    entry = KERNELS.get(key)
    if entry is None:
        have = ", ".join("x".join(map(str, k)) for k in sorted(KERNELS))
        config = "x".join(map(str, key))
        raise NotImplementedError(
            f"no fp4-mlir layer for M={m}, E={experts}, d_hidden={d_hidden}, "
            f"d_expert={d_expert}, top-k={topk} in this file (it has "
            f"{have}); export one with: fp4-export gpumode --problem "
            f"moe-mxfp4 --config {config}")
    return entry


def custom_kernel(data):
    """out [M, d_hidden] (bf16): the MoE layer (routing, stage 1 with
    SwiGLU, stage 2 with the weighted combine), fp4-mlir's kernels."""
    hidden_states, gate_up_weight, config = data[0], data[1], data[11]
    if (config["d_hidden"] != config["d_hidden_pad"] or
            config["d_expert"] != config["d_expert_pad"]):
        raise NotImplementedError(
            "fp4-mlir's layers take d_hidden and d_expert as multiples of "
            f"256 (got {config['d_hidden']} and {config['d_expert']}): "
            "padded dimensions are not compiled")
    m, d_hidden = hidden_states.shape
    entry = _entry(m, gate_up_weight.shape[0], d_hidden,
                   gate_up_weight.shape[1] // 2, data[10].shape[1])
    device = hidden_states.device
    addresses = {}
    for role, nbytes in entry["bytes"].items():
        tensor = data[_INPUTS[role]]
        _expect(tensor, role, nbytes, device, _DTYPES.get(role),
                "hidden_states")
        addresses[role] = tensor.data_ptr()
    role, shape, dtype = entry["output"]
    out = torch.empty(shape, dtype={"bf16": torch.bfloat16,
                                    "f32": torch.float32}[dtype],
                      device=device)
    addresses[role] = out.data_ptr()
    # The layer's intermediates (the routing's arrays, h, x's codes where
    # its quantize is a kernel of its own): one tensor, each at its offset.
    # Every kernel writes what a later one reads; the output is zeroed by
    # the fill kernel before stage 2 adds into it.
    scratch = entry.get("scratch", {})
    if scratch:
        workspace = torch.empty((entry["scratch_bytes"],),
                                dtype=torch.uint8, device=device)
        for name, (offset, _) in scratch.items():
            addresses[name] = workspace.data_ptr() + offset
    _run(entry, device, addresses)
    return out
