from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

AXES = ('data', 'model')


class TPMLP(nnx.Module):
  def __init__(self, d, d_ff_local, rngs):
    self.wi = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (d, d_ff_local)))
    self.wo = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (d_ff_local, d)))

  def __call__(self, x):
    h = jax.nn.gelu(x @ self.wi[...])
    return lax.psum(h @ self.wo[...], 'model')


def global_mean(x):
  # average over every device of the 2-D mesh
  return lax.psum(x, AXES) / (lax.axis_size('data') * lax.axis_size('model'))


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), AXES)
model = TPMLP(32, 64, nnx.Rngs(0))
graphdef, params = nnx.split(model)
specs = jax.tree.map(lambda _: P(), params)
specs['wi'] = P(None, 'model')
specs['wo'] = P('model', None)


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(specs, P('data'), P('data')),
         out_specs=(P(), specs))
def loss_and_grads(params, x, y):
  def loss_fn(params):
    pred = nnx.merge(graphdef, params)(x)
    return global_mean(jnp.mean((pred - y) ** 2))
  return jax.value_and_grad(loss_fn)(params)


params_global = jax.tree.map(lambda a: a, params)
wi = jax.ShapeDtypeStruct((32, 128), jnp.float32)
wo = jax.ShapeDtypeStruct((128, 32), jnp.float32)
params_global['wi'].value = wi
params_global['wo'].value = wo
x = jnp.ones((8, 32))
loss_and_grads.trace(params_global, x, x).lower(lowering_platforms=('cuda',))
