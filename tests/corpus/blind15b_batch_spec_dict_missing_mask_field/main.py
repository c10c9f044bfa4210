import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh

from trainlib.data import make_batch
from trainlib.parallel import data_parallel

VOCAB, D = 512, 64


def train_step(params, batch):
  def loss_fn(params):
    h = params['embed'][batch['inputs']]
    logits = h @ params['embed'].T
    logp = jax.nn.log_softmax(logits)
    nll = -jnp.take_along_axis(logp, batch['targets'][..., None], -1)[..., 0]
    mask = batch.get('mask', jnp.ones_like(nll))
    return jnp.sum(nll * mask) / jnp.maximum(jnp.sum(mask), 1.0)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  grads = jax.lax.pmean(grads, 'data')
  params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
  return params, jax.lax.pmean(loss, 'data')


def main():
  mesh = Mesh(np.array(jax.devices()), ('data',))
  step = data_parallel(train_step, mesh)
  params = {'embed': jnp.zeros((VOCAB, D))}
  batch = make_batch(16, 32)
  step.trace(params, batch).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
