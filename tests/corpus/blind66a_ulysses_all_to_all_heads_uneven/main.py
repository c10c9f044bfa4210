import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

import config
from attention import init_attention, sequence_parallel_attention

mesh = jax.make_mesh((4,), (config.SP_AXIS,))
params = jax.eval_shape(init_attention, jax.random.key(0))
params = jax.tree.map(
    lambda p: jax.ShapeDtypeStruct(p.shape, p.dtype, sharding=NamedSharding(mesh, P())),
    params)
x = jax.ShapeDtypeStruct((2, 2048, config.D_MODEL), jnp.bfloat16,
                         sharding=NamedSharding(mesh, P(None, config.SP_AXIS)))

attn = jax.jit(
    jax.shard_map(
        sequence_parallel_attention,
        mesh=mesh,
        in_specs=(P(), P(None, config.SP_AXIS)),
        out_specs=P(None, config.SP_AXIS),
    ))
attn.trace(params, x).lower(lowering_platforms=("tpu",))
