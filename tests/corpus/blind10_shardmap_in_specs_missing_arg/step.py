import jax
import jax.numpy as jnp


def loss_fn(params, batch, key):
  x, y = batch
  h = jax.nn.relu(x @ params['w1'])
  keep = jax.random.bernoulli(key, 0.9, h.shape)
  h = jnp.where(keep, h / 0.9, 0.0)
  return jnp.mean((h @ params['w2'] - y) ** 2)


def train_step(params, batch, key):
  key = jax.random.fold_in(key, jax.lax.axis_index('data'))
  loss, grads = jax.value_and_grad(loss_fn)(params, batch, key)
  grads = jax.lax.pmean(grads, 'data')
  params = jax.tree.map(lambda p, g: p - 0.01 * g, params, grads)
  return params, jax.lax.pmean(loss, 'data')
