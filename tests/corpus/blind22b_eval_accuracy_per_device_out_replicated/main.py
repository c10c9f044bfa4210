from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P
import numpy as np

mesh = Mesh(np.asarray(jax.devices()), axis_names=("batch",))


def predict(params, images):
  x = images.reshape(images.shape[0], -1)
  for w, b in params[:-1]:
    x = jnp.tanh(x @ w + b)
  w, b = params[-1]
  return x @ w + b


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P("batch"), P("batch")),
         out_specs=(P(), P()))
def eval_step(params, images, labels):
  logits = predict(params, images)
  loss = -jnp.mean(jnp.sum(jax.nn.log_softmax(logits) * jax.nn.one_hot(labels, 10), -1))
  accuracy = jnp.mean(jnp.argmax(logits, -1) == labels)
  # loss is averaged across devices for logging; accuracy is "the same everywhere anyway"
  return lax.pmean(loss, "batch"), accuracy


eval_step = jax.jit(eval_step)

if __name__ == "__main__":
  sizes = [784, 512, 512, 10]
  keys = jax.random.split(jax.random.key(0), len(sizes) - 1)
  params = [(jax.random.normal(k, (m, n)) * 0.01, jnp.zeros(n))
            for k, m, n in zip(keys, sizes[:-1], sizes[1:])]
  images = jnp.zeros((128, 28, 28, 1))
  labels = jnp.zeros((128,), jnp.int32)
  eval_step.trace(params, images, labels).lower(lowering_platforms=("cuda",))
