from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

from model import Decoder
from model.decoder import TP

DP = "data"
mesh = Mesh(np.array(jax.devices()).reshape(2, 2), (DP, TP))
decoder = Decoder()


@jax.jit
@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(DP)), out_specs=P())
def train_loss(key, x):
  # Each model shard draws its own slice of the row/column parallel weights.
  key = jax.random.fold_in(key, lax.axis_index(TP))
  params = decoder.init(key, x)
  loss = jnp.mean((decoder.apply(params, x) - x) ** 2)
  return lax.pmean(loss, (DP, TP))


if __name__ == "__main__":
  train_loss.trace(jax.random.key(0), jnp.ones((8, 16, 64))).lower(lowering_platforms=("tpu",))
