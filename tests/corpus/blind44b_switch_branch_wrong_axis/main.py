from functools import partial

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))
REDUCE_MEAN, REDUCE_MAX, REDUCE_HIER = 0, 1, 2


def _mean(g):
  return lax.pmean(g, ("data", "model"))


def _max(g):
  return lax.pmax(g, ("data", "model"))


def _hierarchical(g):
  g = lax.psum(g, "tensor")  # intra-node first
  return lax.pmean(g, "data") / lax.axis_size("tensor")


@partial(jax.shard_map, mesh=mesh, in_specs=(P(), P(("data", "model"))), out_specs=P())
def reduce_grads(mode, g):
  return lax.switch(mode, [_mean, _max, _hierarchical], g)


g = jax.device_put(jnp.ones((16, 8)), NamedSharding(mesh, P(("data", "model"))))
mode = jax.device_put(jnp.int32(REDUCE_MEAN), NamedSharding(mesh, P()))
print(jax.jit(reduce_grads).trace(mode, g).lower(lowering_platforms=("cuda",)).as_text()[:40])
