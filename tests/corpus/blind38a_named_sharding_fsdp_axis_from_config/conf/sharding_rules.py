from jax.sharding import PartitionSpec as P

# written for the 3-axis (data, fsdp, tensor) production mesh
PARAM_RULES = {
    "attn": P("fsdp", "tensor"),
    "norm": P(),
}
BATCH_SPEC = P("data")
