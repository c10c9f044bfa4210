import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from utils.parallel import sharded, timed

MESH = Mesh(np.array(jax.devices()), ('data',))


def logits_fn(w, x):
  return jnp.tanh(x @ w)


@jax.jit
@timed
@sharded(MESH, in_specs=(P(), P('data'), P('data')), out_specs=(P(), P(), P()))
def train_step(w, x, labels):
  def loss_fn(w):
    logits = logits_fn(w, x)
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1)), logits

  (loss, logits), g = jax.value_and_grad(loss_fn, has_aux=True)(w)
  g = jax.lax.pmean(g, 'data')
  acc = jnp.mean(jnp.argmax(logits, -1) == labels)
  return w - 0.1 * g, loss, acc


if __name__ == '__main__':
  w = jnp.zeros((32, 10))
  x = jnp.ones((64, 32))
  labels = jnp.zeros((64,), jnp.int32)
  train_step.trace(w, x, labels).lower(lowering_platforms=('cuda',))
