import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

import p2p

mesh = Mesh(np.array(jax.devices()), axis_names=("pp",))


class StageBlock(eqx.Module):
    linear: eqx.nn.Linear
    norm: eqx.nn.LayerNorm

    def __init__(self, d, key):
        self.linear = eqx.nn.Linear(d, d, key=key)
        self.norm = eqx.nn.LayerNorm(d)

    def __call__(self, x):
        return jax.nn.gelu(self.linear(self.norm(x)))


block = StageBlock(16, jax.random.PRNGKey(0))
params, static = eqx.partition(block, eqx.is_array)


def pipeline_tick(params, h):
    blk = eqx.combine(params, static)
    h = jax.vmap(blk)(h)
    return p2p.to_next_stage(h, "pp", 4)


tick = shard_map(pipeline_tick, mesh, in_specs=(P(), P("pp")), out_specs=P("pp"), check_rep=False)

h = jnp.ones((16, 16))
print(jax.jit(tick).trace(params, h).lower(lowering_platforms=("cuda",)).as_text()[:20])
