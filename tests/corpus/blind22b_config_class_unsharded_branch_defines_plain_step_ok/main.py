"""ml_collections-style config; the sharded step is only defined when asked for."""
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class ConfigDict(dict):
  __getattr__ = dict.__getitem__

  def __setattr__(self, k, v):
    self[k] = v


def get_config():
  config = ConfigDict()
  config.use_shard_map = False
  config.mesh = ConfigDict(shape=(4,), axes=("replica",))
  config.model = ConfigDict(width=64, depth=2)
  config.batch_size = 12   # fine for one device; only the sharded path needs % 4
  return config


config = get_config()

if config.use_shard_map:
  mesh = Mesh(np.array(jax.devices()).reshape(config.mesh.shape), config.mesh.axes)

  def step(ws, x):
    def loss(ws):
      h = x
      for w in ws:
        h = jnp.tanh(h @ w)
      return jnp.mean(h ** 2)
    l, g = jax.value_and_grad(loss)(ws)
    return jax.lax.pmean(l, "replica"), jax.lax.pmean(g, "replica")

  step = jax.shard_map(step, mesh=mesh, in_specs=(P(), P("replica")), out_specs=P())
else:
  def step(ws, x):
    def loss(ws):
      h = x
      for w in ws:
        h = jnp.tanh(h @ w)
      return jnp.mean(h ** 2)
    return jax.value_and_grad(loss)(ws)

step = jax.jit(step)

if __name__ == "__main__":
  ws = [jnp.eye(config.model.width) for _ in range(config.model.depth)]
  x = jnp.ones((config.batch_size, config.model.width))
  step.trace(ws, x).lower(lowering_platforms=("cuda",))
