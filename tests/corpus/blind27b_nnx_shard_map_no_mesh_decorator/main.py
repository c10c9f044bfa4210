from functools import partial

import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'))

model = nnx.Sequential(nnx.Linear(4, 8, rngs=nnx.Rngs(0)), nnx.relu, nnx.Linear(8, 4, rngs=nnx.Rngs(1)))
graphdef, state = nnx.split(model)


@jax.jit
@partial(jax.shard_map, in_specs=(P(), P('data')), out_specs=P('data'))
def forward(state, x):
  return nnx.merge(graphdef, state)(x)


x = jnp.ones((8, 4))
print(forward.trace(state, x).lower(lowering_platforms=('cuda',)).as_text()[:20])
