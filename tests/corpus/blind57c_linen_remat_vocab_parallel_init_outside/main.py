from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P

from model import TP, TinyLM

VOCAB, DIM, N_TP = 32000, 256, 4


def main():
  mesh = Mesh(np.array(jax.devices()), (TP,))
  model = TinyLM(vocab_local=VOCAB // N_TP, dim=DIM, depth=2)
  ids = jnp.zeros((8, 128), jnp.int32)
  params = model.init(jax.random.PRNGKey(0), ids)

  @jax.jit
  @partial(shard_map, mesh=mesh, in_specs=(P(), P()), out_specs=P(), check_rep=False)
  def forward(params, ids):
    return model.apply(params, ids)

  forward.trace(params, ids).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
