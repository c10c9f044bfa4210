import equinox as eqx
import jax
import jax.numpy as jnp
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh
import numpy as np

from mylib.parallel import PARALLEL

mesh = Mesh(np.array(jax.devices()), (PARALLEL['axis'],))
model = eqx.nn.MLP(4, 2, 32, 2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)


def local_grads(params, x, y):
  def loss(p):
    m = eqx.combine(p, static)
    return jnp.mean((jax.vmap(m)(x) - y) ** 2)
  l, g = jax.value_and_grad(loss)(params)
  return jax.lax.pmean(l, PARALLEL['axis']), jax.lax.pmean(g, PARALLEL['axis'])


grads_fn = shard_map(local_grads, mesh=mesh, in_specs=PARALLEL['in_specs'],
                     out_specs=PARALLEL['out_specs'])
grads_fn = jax.jit(grads_fn)
x = jnp.ones((32, 4))
y = jnp.zeros((32, 2))
grads_fn.trace(params, x, y).lower(lowering_platforms=('cuda',))
