import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from layers import ShardedMlp

TP = 2
D_MODEL, D_FF = 256, 1024

mesh = jax.make_mesh((2, TP), ('data', 'model'), axis_types=(jax.sharding.AxisType.Auto,) * 2)
local_mlp = ShardedMlp(d_model=D_MODEL, d_ff_per_shard=D_FF // TP)
param_specs = {'params': {'wi': {'Dense_0': {'kernel': P(None, 'model')}},
                          'wo': {'Dense_0': {'kernel': P('model', None)}}}}
tx = optax.sgd(1e-2)


def local_step(variables, x, y):
  def loss_fn(v):
    err = local_mlp.apply(v, x) - y
    return jax.lax.pmean(jnp.mean(err ** 2), 'data')
  loss, grads = jax.value_and_grad(loss_fn)(variables)
  updates, _ = tx.update(grads, tx.init(variables))
  return optax.apply_updates(variables, updates), loss


train_step = jax.jit(jax.shard_map(local_step, mesh=mesh,
                                   in_specs=(param_specs, P('data', None), P('data', None)),
                                   out_specs=(param_specs, P())))

if __name__ == '__main__':
  variables = {'params': {
      'wi': {'Dense_0': {'kernel': jax.ShapeDtypeStruct((D_MODEL, D_FF), jnp.float32)}},
      'wo': {'Dense_0': {'kernel': jax.ShapeDtypeStruct((D_FF, D_MODEL), jnp.float32)}}}}
  x = jax.ShapeDtypeStruct((16, D_MODEL), jnp.float32, sharding=NamedSharding(mesh, P('data', None)))
  train_step.trace(variables, x, x).lower(lowering_platforms=('tpu',))
