from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from parallel import sync_grads

mesh = jax.make_mesh((2, 2), ('dp', 'tp'), axis_types=(AxisType.Auto, AxisType.Auto))


def loss_fn(w, x):
  return jnp.mean(jnp.tanh(x @ w) ** 2)


# manual over 'dp' only; 'tp' stays automatic so XLA can shard w over it
@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P('dp')), out_specs=P(),
         axis_names={'dp'}, check_vma=False)
def grad_step(w, x):
  g = jax.grad(loss_fn)(w, x)
  return sync_grads(g)


w = jax.device_put(jnp.ones((16, 32), jnp.float32), NamedSharding(mesh, P(None, 'tp')))
x = jax.device_put(jnp.ones((8, 16), jnp.float32), NamedSharding(mesh, P('dp')))
print(grad_step.trace(w, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
