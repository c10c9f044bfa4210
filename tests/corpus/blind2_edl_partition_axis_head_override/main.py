import functools

import jax
import jax.numpy as jnp

from easylm import LlamaConfig, attention_output

config = LlamaConfig(sharding_axis_dims=(1, 1, -1, 1))
pa = config.partition_axis

with config.mesh:
    fn = jax.shard_map(
        functools.partial(attention_output, config),
        mesh=config.mesh,
        in_specs=(pa.resolve_spec("batch", "head", None, None),
                  pa.resolve_spec("batch", None, "head", None),
                  pa.resolve_spec("head", None)),
        out_specs=pa.resolve_spec("batch", None, None),
    )
    weights = jax.ShapeDtypeStruct((2, config.num_attention_heads, 64, 64), jnp.bfloat16)
    values = jax.ShapeDtypeStruct((2, 64, config.num_attention_heads, config.head_dim), jnp.bfloat16)
    o_proj = jax.ShapeDtypeStruct((config.hidden_size, config.hidden_size), jnp.bfloat16)
    jax.jit(fn).trace(weights, values, o_proj).lower(lowering_platforms=("cuda",))
