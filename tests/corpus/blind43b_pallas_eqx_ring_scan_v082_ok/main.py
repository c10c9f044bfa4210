import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import Mesh, PartitionSpec as P

from model import RingMixer
from ring import AXIS

n = jax.device_count()
mesh = Mesh(jax.devices(), (AXIS,))

model = RingMixer(128, jax.random.PRNGKey(0))
xs = jnp.ones((3, 8 * n, 128), jnp.float32)   # (microbatches, rows, features)


@eqx.filter_jit
def apply(model, xs):
  return jax.shard_map(
      lambda m, x: m(x),
      mesh=mesh,
      in_specs=(P(), P(None, AXIS)),
      out_specs=P(None, AXIS),
      check_vma=False,
  )(model, xs)


# Lower for TPU from this host: close over the static part of the module.
params, static = eqx.partition(model, eqx.is_array)
lowered = jax.jit(lambda p, x: apply(eqx.combine(p, static), x)).trace(params, xs).lower(
    lowering_platforms=('tpu',))
print(lowered.as_text()[:40])
