from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from model import Stack

TP = 4
D, DFF, L = 128, 512, 6
mesh = jax.make_mesh((TP,), ('model',))
model = Stack(d=D, dff_local=DFF // TP, num_layers=L)

param_specs = {'params': {'layers': {'up': {'kernel': P(None, None, 'model')},
                                     'down': {'kernel': P(None, 'model', None)}}}}
param_shardings = jax.tree.map(lambda s: NamedSharding(mesh, s), param_specs)

# initialise directly into the sharded layout, as in the Flax "Scale up" guide
init_sharded = jax.jit(model.init, out_shardings=param_shardings)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(param_specs, P()), out_specs=P())
def forward(variables, x):
  return model.apply(variables, x)


x = jnp.ones((16, D))
print(init_sharded.trace(jax.random.key(0), x).lower(lowering_platforms=('cuda',)).as_text()[:40])
variables = jax.eval_shape(init_sharded, jax.random.key(0), x)
print(forward.trace(variables, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
