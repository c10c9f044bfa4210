"""Data-parallel SGD step written with shard_map (JAX shard_map tutorial, "neural networks"
section): grads are averaged over the batch axis, the loss is returned for logging."""
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

devices = np.array(jax.devices())
mesh = Mesh(devices, axis_names=("batch",))


def init_layer(key, n_in, n_out):
  k1, k2 = jax.random.split(key)
  return jax.random.normal(k1, (n_in, n_out)) / np.sqrt(n_in), jax.random.normal(k2, (n_out,)) * 1e-2


def predict(params, inputs):
  for W, b in params[:-1]:
    inputs = jnp.maximum(jnp.dot(inputs, W) + b, 0)
  W, b = params[-1]
  return jnp.dot(inputs, W) + b


def loss(params, batch):
  inputs, targets = batch
  logits = predict(params, inputs)
  return optax.softmax_cross_entropy_with_integer_labels(logits, targets).mean()


opt = optax.sgd(0.1, momentum=0.9)


def train_step(params, opt_state, batch):
  value, grads = jax.value_and_grad(loss)(params, batch)
  value, grads = jax.lax.pmean((value, grads), "batch")
  updates, opt_state = opt.update(grads, opt_state, params)
  return optax.apply_updates(params, updates), opt_state, value


train_step = jax.jit(shard_map(train_step, mesh=mesh, in_specs=(P(), P(), P("batch")),
                               out_specs=(P(), P(), P())), donate_argnums=(0, 1))


def main():
  keys = jax.random.split(jax.random.key(0), 3)
  sizes = [784, 512, 512, 10]
  params = [init_layer(k, a, b) for k, a, b in zip(keys, sizes[:-1], sizes[1:])]
  opt_state = opt.init(params)
  batch = (jnp.ones((128, 784)), jnp.zeros((128,), jnp.int32))
  train_step.trace(params, opt_state, batch).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
