import jax
import jax.numpy as jnp

import model
from shardings import batch_sharded, replicated

layer_sizes = [64, 256, 256, 16]
batch_size, seq_len = 32, 128


def gradient_descent_step(params, batch):
  grads = jax.grad(model.loss)(params, batch)
  return [(W - 0.005 * dW, b - 0.005 * db) for (W, b), (dW, db) in zip(params, grads)]


params = model.init(jax.random.key(0), layer_sizes)
inputs = jax.ShapeDtypeStruct((batch_size, seq_len, layer_sizes[0]), jnp.float32)
targets = jax.ShapeDtypeStruct((batch_size, seq_len, layer_sizes[-1]), jnp.float32)

step = jax.jit(gradient_descent_step,
               in_shardings=(replicated, (batch_sharded, batch_sharded)),
               out_shardings=replicated)
step.trace(params, (inputs, targets)).lower(lowering_platforms=("tpu",))
