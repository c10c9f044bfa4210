from functools import partial

import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from tp import TPMlp, param_specs

D, H, TP = 1024, 4096, 4
mesh = jax.make_mesh((TP,), ('model',), axis_types=(jax.sharding.AxisType.Explicit,))

full_model = TPMlp(D, H)
local_model = TPMlp(D, H // TP, axis_name='model')
pspecs = param_specs(P, 'model')


@jax.jit
def loss_and_grads(params, x, y):
  @partial(jax.shard_map, mesh=mesh, in_specs=(pspecs, P()), out_specs=P())
  def fwd(p, x):
    return local_model.apply({'params': p}, x)

  def loss_fn(params):
    return jnp.mean((fwd(params, x) - y) ** 2)

  return jax.value_and_grad(loss_fn)(params)


def main():
  params = jax.eval_shape(full_model.init, jax.random.key(0), jnp.ones((1, D)))['params']
  params = jax.tree.map(
      lambda a, s: jax.ShapeDtypeStruct(a.shape, a.dtype, sharding=NamedSharding(mesh, s)),
      params, pspecs)
  x = jax.ShapeDtypeStruct((32, D), jnp.float32, sharding=NamedSharding(mesh, P()))
  lowered = loss_and_grads.trace(params, x, x).lower(lowering_platforms=('cuda',))
  print(lowered.as_text()[:300])


if __name__ == '__main__':
  main()
