import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import optax
from jax.sharding import NamedSharding, PartitionSpec as P

from t5x_lite import partitioning
from t5x_lite.layers import Encoder

model = Encoder(vocab_size=32, emb_dim=16, mlp_dim=64, num_layers=2)
mesh = partitioning.get_mesh()


def init(rng):
  return model.init(rng, jnp.zeros((8,), jnp.int32))


def train_step(variables, tokens, labels):
  def loss_fn(params):
    logits = model.apply({'params': params}, tokens)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  loss, grads = jax.value_and_grad(loss_fn)(variables['params'])
  params = jax.tree.map(lambda p, g: p - 0.1 * g, variables['params'], grads)
  return {'params': params}, loss


with jax.set_mesh(mesh), nn.logical_axis_rules(partitioning.LOGICAL_AXIS_RULES):
  abstract = jax.eval_shape(init, jax.random.key(0))
  shardings = partitioning.get_shardings(abstract, mesh)
  variables = jax.jit(init, out_shardings=shardings)(jax.random.key(0))
  variables = nn.meta.unbox(variables)
  shardings = nn.meta.unbox(shardings)
  batch = NamedSharding(mesh, P('data'))
  step = jax.jit(train_step, in_shardings=(shardings, batch, batch),
                 out_shardings=(shardings, NamedSharding(mesh, P())))
  tokens = jax.device_put(jnp.zeros((8,), jnp.int32), batch)
  step.trace(variables, tokens, tokens).lower(lowering_platforms=('cuda',))
