import functools

import flax.linen as nn
import jax
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from . import partitioning


def shardings_for(model, mesh, sample):
  abstract = jax.eval_shape(functools.partial(model.init, jax.random.key(0)), sample)
  specs = nn.get_partition_spec(abstract)
  return nn.logical_to_mesh_sharding(specs, mesh, partitioning.LOGICAL_AXIS_RULES)


def make_step(model, mesh, param_shardings):
  data = NamedSharding(mesh, P("data"))

  def loss_fn(params, x, y):
    with nn.logical_axis_rules(partitioning.LOGICAL_AXIS_RULES):
      logits = model.apply(params, x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

  @functools.partial(jax.jit, in_shardings=(param_shardings, data, data),
                     out_shardings=(param_shardings, None))
  def step(params, x, y):
    loss, grads = jax.value_and_grad(loss_fn)(params, x, y)
    params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
    return params, loss

  return step
