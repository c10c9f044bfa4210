import jax
import jax.numpy as jnp
import jax.random as jr
import equinox as eqx
from jax.sharding import Mesh, PartitionSpec as P

import config
from blocks import make_block
from pipeline.gpipe import make_pipeline

num_stages = len(jax.devices())
mesh = Mesh(jax.devices(), (config.STAGE_AXIS,))

keys = jr.split(jr.PRNGKey(0), config.NUM_LAYERS)
blocks = eqx.filter_vmap(make_block)(keys)
params, static = eqx.partition(blocks, eqx.is_array)

# each stage owns a contiguous slice of the stacked layer dimension
stage_specs = jax.tree.map(lambda _: P(config.STAGE_AXIS), params)

forward = jax.jit(
    jax.shard_map(
        make_pipeline(static, num_stages),
        mesh=mesh,
        in_specs=(stage_specs, P()),
        out_specs=P(),
    )
)

microbatches = jax.ShapeDtypeStruct(
    (config.NUM_MICROBATCHES, config.MICROBATCH, config.DIM), jnp.float32
)
forward.trace(params, microbatches).lower(lowering_platforms=("tpu",))
