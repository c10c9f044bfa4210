import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from sampler import VocabParallelSampler

VOCAB, D = 32000, 1024


class Engine:
  def __init__(self, mesh):
    self.mesh = mesh
    self.sampler = VocabParallelSampler("model", "data", temperature=0.9)
    self._sample = jax.jit(jax.shard_map(
        self.sampler, mesh=mesh,
        in_specs=(P(), P("data", None), P(None, "model")),
        out_specs=P("data")))

  def lower(self, batch):
    h = jax.ShapeDtypeStruct((batch, D), jnp.bfloat16,
                             sharding=NamedSharding(self.mesh, P("data", None)))
    w = jax.ShapeDtypeStruct((D, VOCAB), jnp.bfloat16,
                             sharding=NamedSharding(self.mesh, P(None, "model")))
    return self._sample.trace(jax.random.key(0), h, w).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
  Engine(mesh).lower(16)
