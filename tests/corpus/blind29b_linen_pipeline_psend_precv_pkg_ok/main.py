import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import pipeline

NUM_STAGES = 4


class Stage(nn.Module):
    @nn.compact
    def __call__(self, x):
        return nn.gelu(nn.Dense(64)(x))


stage = Stage()
x = jnp.ones((8, 64))
params = jax.eval_shape(stage.init, jax.random.PRNGKey(0), x)
stacked = jax.tree.map(lambda s: jax.ShapeDtypeStruct((NUM_STAGES,) + s.shape, s.dtype), params)


def per_stage(stacked_params, x):
    p = jax.tree.map(lambda a: a[0], stacked_params)
    return pipeline.run_stages(lambda h: stage.apply(p, h), x, NUM_STAGES)


mesh = Mesh(np.array(jax.devices()), ("stage",))
fwd = jax.shard_map(per_stage, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P("stage"),
                    check_vma=False)
lowered = jax.jit(fwd).trace(stacked, x).lower(lowering_platforms=("cuda",))
print("lowered")
