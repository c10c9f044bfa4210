import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class CNN(nn.Module):
  @nn.compact
  def __call__(self, x):
    x = nn.relu(nn.Conv(8, (3, 3))(x))
    x = x.mean(axis=(1, 2))
    return nn.Dense(10)(x)


model = CNN()
tx = optax.adam(1e-3)
mesh = Mesh(np.array(jax.devices()), ('data',))


def train_step(params, opt_state, images, labels):
  def loss_fn(p):
    return optax.softmax_cross_entropy_with_integer_labels(model.apply(p, images), labels).mean()
  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = lax.pmean(grads, 'data')
  updates, opt_state = tx.update(grads, opt_state)
  return optax.apply_updates(params, updates), opt_state, lax.pmean(loss, 'data')


def eval_step(params, images, labels):
  logits = model.apply(params, images)
  acc = jnp.mean(jnp.argmax(logits, -1) == labels)
  return lax.pmean(acc, 'data')


STEPS = {
    'train': jax.jit(jax.shard_map(train_step, mesh=mesh,
                                   in_specs=(P(), P(), P('data'), P('data')),
                                   out_specs=(P(), P(), P()))),
    'eval': jax.jit(eval_step),
}

images = jnp.ones((16, 28, 28, 1))
labels = jnp.zeros((16,), jnp.int32)
params = jax.eval_shape(model.init, jax.random.key(0), images[:1])
mode = 'eval'
STEPS[mode].trace(params, images, labels).lower(lowering_platforms=('cuda',))
