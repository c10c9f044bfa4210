from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class DotReluDot(nnx.Module):
  def __init__(self, depth, rngs):
    init_fn = nnx.initializers.lecun_normal()
    self.dot1 = nnx.Linear(depth, depth, use_bias=False,
                           kernel_init=nnx.with_partitioning(init_fn, (None, 'model')), rngs=rngs)
    self.w2 = nnx.Param(init_fn(rngs.params(), (depth, depth)), sharding=('model', None))

  def __call__(self, x):
    y = jax.nn.relu(self.dot1(x))
    return jnp.dot(y, self.w2[...])


mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))
with jax.set_mesh(mesh):
  model = DotReluDot(64, nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x, y):
  # manual over 'data' only; 'model' stays with the compiler (GSPMD)
  @partial(nnx.shard_map, mesh=mesh, in_specs=(P(), P('data'), P('data')),
           out_specs=(P(), P()), axis_names={'data'})
  def grads_fn(model, x, y):
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
    # average over every device
    loss = jax.lax.pmean(loss, ('data', 'model'))
    grads = jax.lax.pmean(grads, 'data')
    return loss, grads

  loss, grads = grads_fn(model, x, y)
  optimizer.update(model, grads)
  return loss


with jax.set_mesh(mesh):
  xs = jax.device_put(jnp.ones((8, 64)), NamedSharding(mesh, P('data')))
  train_step.trace(model, optimizer, xs, xs).lower(lowering_platforms=('cuda',))
