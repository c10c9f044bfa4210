import jax
import jax.numpy as jnp

from metrics import compute_metrics


def predict(w, x):
  return jnp.tanh(x @ w['w1']) @ w['w2']


p_predict = jax.pmap(predict, axis_name='batch', in_axes=(None, 0))


@jax.jit
def eval_step(w, x, y):
  logits = p_predict(w, x)                 # [n_dev, b, classes]
  logits = logits.reshape(-1, logits.shape[-1])
  return compute_metrics(logits, y.reshape(-1))


def main():
  n = jax.local_device_count()
  w = {'w1': jnp.ones((20, 32)), 'w2': jnp.ones((32, 7))}
  x = jnp.ones((n, 8, 20))
  y = jnp.zeros((n, 8), jnp.int32)
  eval_step.trace(w, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
