"""Forward-only pipeline over 4 stages: each device holds one Linen block's params (stacked with
vmap'd init), activations go stage to stage with lax.psend / lax.precv inside jax.shard_map."""
from functools import partial

import jax
import jax.numpy as jnp
from flax import linen as nn
from jax.sharding import NamedSharding, PartitionSpec as P

STAGES = 4
mesh = jax.make_mesh((STAGES,), ('stage',))


class StageBlock(nn.Module):
    @nn.compact
    def __call__(self, x):
        return x + nn.Dense(x.shape[-1])(nn.LayerNorm()(x))


block = StageBlock()
keys = jax.random.split(jax.random.key(0), STAGES)
stacked = jax.vmap(lambda k: block.init(k, jnp.ones((1, 32)))['params'])(keys)
FWD = [(i, i + 1) for i in range(STAGES - 1)]


def stage_fn(params, x):
    params = jax.tree_util.tree_map(lambda p: p[0], params)
    idx = jax.lax.axis_index('stage')
    for s in range(STAGES):
        if s > 0:
            tok = jax.lax.psend(x, 'stage', FWD)
            recv = jax.lax.precv(tok, jax.ShapeDtypeStruct(x.shape, x.dtype), 'stage', FWD)
            x = jnp.where(idx == s, recv, x)
        y = block.apply({'params': params}, x)
        x = jnp.where(idx == s, y, x)
    return x[None]


pipeline = jax.jit(jax.shard_map(stage_fn, mesh=mesh, in_specs=(P('stage'), P()),
                                 out_specs=P('stage'), check_vma=False))
stacked = jax.device_put(stacked, NamedSharding(mesh, P('stage')))
x = jax.device_put(jnp.ones((8, 32)), NamedSharding(mesh, P()))
print(pipeline.trace(stacked, x).lower(lowering_platforms=('cuda',)) is not None)
