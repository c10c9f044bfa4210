import jax
import jax.numpy as jnp
import optax
from flax import linen as nn

from model import Decoder


def main():
  model = Decoder()
  tx = optax.adafactor(1e-3)
  x = jnp.zeros((4, 32, 128), jnp.float32)  # embeddings come out of the f32 embedder
  mask = nn.make_causal_mask(jnp.zeros((4, 32)))
  params = jax.eval_shape(model.init, jax.random.key(0), x, mask)
  opt_state = jax.eval_shape(tx.init, params)

  def train_step(params, opt_state, x, mask):
    loss_fn = lambda p: jnp.mean(model.apply(p, x, mask).astype(jnp.float32) ** 2)
    loss, grads = jax.value_and_grad(loss_fn)(params)
    updates, opt_state = tx.update(grads, opt_state, params)
    return optax.apply_updates(params, updates), opt_state, loss

  jax.jit(train_step).trace(params, opt_state, x, mask).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
