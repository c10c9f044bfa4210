from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from model import DeepMLP

AXES = ('data', 'model')
DP, TP = AXES

mesh = jax.make_mesh((2, 2), AXES, axis_types=(AxisType.Auto,) * 2)


def path_ends_with(*suffix):
  return lambda path, value: path[-len(suffix):] == suffix


param_specs = nnx.StateSharding({
    path_ends_with('up', 'kernel'): P(None, None, TP),
    path_ends_with('up', 'bias'): P(None, TP),
    path_ends_with('down', 'kernel'): P(None, TP, None),
    ...: P(),
})


@partial(nnx.shard_map, mesh=mesh, in_specs=(param_specs, P(DP)), out_specs=P(DP))
def forward(model, x):
  return model(x)


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    logits = forward(model, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


model = DeepMLP(64, 256, num_layers=4, rngs=nnx.Rngs(params=0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
x = jnp.ones((8, 16))
y = jnp.zeros((8,), jnp.int32)
lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))
