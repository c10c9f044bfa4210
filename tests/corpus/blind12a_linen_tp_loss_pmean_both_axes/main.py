import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from tp import ParallelMLP, build_loss
from tp.mesh_axes import DP, TP

PARAM_SPECS = {
    "up": {"dense": {"kernel": P(None, TP), "bias": P(TP)}},
    "down": {"dense": {"kernel": P(TP, None)}},
}


def init_sharded(model, mesh, key, sample):
  # Each model shard initialises its own slice of the weights.
  init = jax.shard_map(lambda x: model.init(key, x)["params"], mesh=mesh,
                       in_specs=P(), out_specs=PARAM_SPECS)
  return jax.jit(init)(sample)


if __name__ == "__main__":
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (DP, TP))
  model = ParallelMLP(hidden_per_shard=32, out=16)
  params = init_sharded(model, mesh, jax.random.key(0), jnp.ones((1, 16)))
  loss = build_loss(model, mesh, PARAM_SPECS)
  x = jnp.ones((8, 16))
  y = jnp.ones((8, 16))
  loss.trace(params, x, y).lower(lowering_platforms=("cuda",))
