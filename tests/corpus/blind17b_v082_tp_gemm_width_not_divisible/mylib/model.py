import jax
import jax.numpy as jnp


def init(key, sizes):
  params = []
  for n_in, n_out in zip(sizes[:-1], sizes[1:]):
    key, k1, k2 = jax.random.split(key, 3)
    params.append((jax.random.normal(k1, (n_in, n_out)) / jnp.sqrt(n_in),
                   jax.random.normal(k2, (n_out,))))
  return params


def predict_tp(params, inputs, gemm):
  for W, b in params:
    outputs = gemm(inputs, W, b)
    inputs = jax.nn.relu(outputs)
  return outputs
