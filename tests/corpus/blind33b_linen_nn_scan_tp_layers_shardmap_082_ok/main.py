from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from nets.blocks import Stack

mesh = jax.make_mesh((2, 2), ("data", "model"))
model = Stack(num_layers=3, d_model=32, d_ff_local=64)


@partial(jax.shard_map, mesh=mesh, in_specs=P("data"), out_specs=P(), check_vma=False)
def init(x):
    return model.init(jax.random.PRNGKey(0), x)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("data")), out_specs=P("data"), check_vma=False)
def forward(params, x):
    return model.apply(params, x)


x = jnp.ones((8, 32))
params = jax.eval_shape(init, x)
print(forward.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:30])
