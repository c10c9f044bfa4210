from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))


def init(key, d=64, f=256):
  k1, k2 = jax.random.split(key)
  return {'wi': jax.random.normal(k1, (d, f)) * 0.02, 'wo': jax.random.normal(k2, (f, d)) * 0.02}


# Manual over 'model' only; the 'data' axis is left to the compiler (batch sharded by jit).
@partial(jax.shard_map, mesh=mesh, axis_names={'model'},
         in_specs=({'wi': P(None, 'model'), 'wo': P('model', None)}, P()),
         out_specs=P())
def tp_mlp(params, x):
  h = jax.nn.gelu(x @ params['wi'])
  return lax.psum(h @ params['wo'], 'model')


@partial(jax.shard_map, mesh=mesh, axis_names={'model'},
         in_specs=(P(), P()), out_specs=P())
def tp_loss(pred, y):
  # mean over the global batch
  return lax.pmean(jnp.mean((pred - y) ** 2), 'data')


def loss_fn(params, x, y):
  return tp_loss(tp_mlp(params, x), y)


@jax.jit
def train_step(params, x, y):
  loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
  params = jax.tree.map(lambda p, g: p - 1e-2 * g, params, grads)
  return params, loss


if __name__ == '__main__':
  params = init(jax.random.key(0))
  params = jax.device_put(params, {'wi': NamedSharding(mesh, P(None, 'model')),
                                   'wo': NamedSharding(mesh, P('model', None))})
  x = jax.device_put(jnp.ones((16, 64)), NamedSharding(mesh, P('data')))
  train_step.trace(params, x, x).lower(lowering_platforms=('cuda',))
