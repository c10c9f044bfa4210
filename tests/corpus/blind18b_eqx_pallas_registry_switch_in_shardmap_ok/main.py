import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from comm import KERNELS


class AlternatingMixer(eqx.Module):
  lin: eqx.nn.Linear

  def __init__(self, key):
    self.lin = eqx.nn.Linear(128, 128, key=key)

  def __call__(self, x, step):
    branches = [KERNELS['right'], KERNELS['left']]
    mixed = jax.lax.switch(step % 2, branches, x)
    return jax.vmap(self.lin)(mixed)


model = AlternatingMixer(jax.random.PRNGKey(0))
params, static = eqx.partition(model, eqx.is_array)
mesh = Mesh(np.array(jax.devices()), ('seq',))


@eqx.filter_jit
def run(params, x, step):
  f = jax.shard_map(lambda p, x, s: eqx.combine(p, static)(x, s), mesh=mesh,
                    in_specs=(P(), P('seq'), P()), out_specs=P('seq'), check_vma=False)
  return f(params, x, step)


jax.jit(run).trace(params, jnp.ones((32, 128)), jnp.int32(3)).lower(lowering_platforms=('tpu',))
