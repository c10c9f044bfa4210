from jax.sharding import PartitionSpec as P

# FSDP over "fsdp", Megatron TP over "tp".
PARAM_SPECS = {
    "embed": P("tp", "fsdp"),
    "block": {
        "attn_norm": P(None),
        "wqkv": P("fsdp", "tp"),
        "wo": P("tp", "fsdp"),
        "mlp_norm": P(None),
        "w_up": P("fsdp", "tp"),
        "w_down": P("tp", "fsdp"),
    },
    "final_norm": P(None),
}

BATCH_SPEC = P(("fsdp",), None)
