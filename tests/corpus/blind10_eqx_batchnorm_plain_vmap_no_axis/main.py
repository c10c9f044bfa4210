import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from blocks import SmallCNN


@eqx.filter_jit
def train_loss(model, state, images, labels):
  forward = eqx.filter_vmap(model, in_axes=(0, None), out_axes=(0, None))
  logits, state = forward(images, state)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean(), state


def main():
  model, state = eqx.nn.make_with_state(SmallCNN)(jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  f = jax.jit(lambda p, s, x, y: train_loss(eqx.combine(p, static), s, x, y))
  images = jnp.ones((8, 1, 12, 12))
  labels = jnp.zeros((8,), jnp.int32)
  f.trace(params, state, images, labels).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
