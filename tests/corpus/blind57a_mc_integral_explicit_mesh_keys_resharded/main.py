import math

import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

DIM = 6
SAMPLES_PER_SHARD = 1 << 18
N_SHARDS = 4

mesh = jax.make_mesh((N_SHARDS,), ("mc",), axis_types=(AxisType.Explicit,))


def integrand(x):
  # exp(-|x|^2) over the unit cube, exact value (sqrt(pi)/2 * erf(1))^DIM
  return jnp.exp(-jnp.sum(x * x, axis=-1))


def shard_estimate(keys):
  # keys arrives as a (1,) block: this device's key
  x = jax.random.uniform(keys[0], (SAMPLES_PER_SHARD, DIM))
  fx = integrand(x)
  return jnp.stack([fx.sum(), (fx * fx).sum()])[None]


@jax.jit
def integrate(key):
  keys = jax.random.split(key, N_SHARDS)
  keys = jax.sharding.reshard(keys, P("mc"))         # one key per shard of the mesh
  moments = jax.shard_map(shard_estimate, in_specs=P("mc"), out_specs=P("mc"))(keys)
  s1, s2 = jnp.sum(moments, axis=0)                   # (N_SHARDS, 2) -> replicated totals
  n = SAMPLES_PER_SHARD * N_SHARDS
  mean = s1 / n
  return mean, jnp.sqrt((s2 / n - mean ** 2) / n)


def exact():
  return (math.sqrt(math.pi) / 2 * math.erf(1.0)) ** DIM


if __name__ == "__main__":
  with jax.set_mesh(mesh):
    integrate.trace(jax.random.key(7)).lower(lowering_platforms=("cuda",))
