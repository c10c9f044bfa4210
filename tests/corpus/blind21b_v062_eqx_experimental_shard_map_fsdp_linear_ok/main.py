import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


def init(key, sizes):
  keys = jr.split(key, len(sizes) - 1)
  return [eqx.nn.Linear(i, o, key=k) for i, o, k in zip(sizes[:-1], sizes[1:], keys)]


def gather(layer):
  return jax.tree.map(lambda a: jax.lax.all_gather(a, "batch", axis=0, tiled=True), layer)


def forward(layers, x):
  for layer in layers[:-1]:
    x = jax.nn.relu(jax.vmap(gather(layer))(x))
  return jax.vmap(gather(layers[-1]))(x)


def main():
  mesh = Mesh(np.array(jax.devices()), ("batch",))
  layers = init(jr.key(0), [16, 32, 32, 8])

  def step(layers, x, y):
    def loss(layers):
      return jnp.mean((forward(layers, x) - y) ** 2)

    grads = eqx.filter_grad(loss)(layers)
    # gather's transpose already reduce-scatters; average across the batch shards
    grads = jax.tree.map(lambda g: g / 4, grads)
    return jax.tree.map(lambda p, g: p - 0.1 * g, layers, grads)

  f = shard_map(step, mesh, in_specs=(P("batch"), P("batch"), P("batch")), out_specs=P("batch"))
  x = jnp.ones((16, 16))
  y = jnp.ones((16, 8))
  jax.jit(f).trace(layers, x, y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
