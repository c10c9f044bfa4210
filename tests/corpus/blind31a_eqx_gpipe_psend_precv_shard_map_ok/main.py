import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P

from pp.comm import STAGE_AXIS
from pp.schedule import make_stage_loop

NUM_STAGES, NUM_MICRO, MB, D = 4, 8, 4, 64


class Stage(eqx.Module):
  lin1: eqx.nn.Linear
  lin2: eqx.nn.Linear

  def __init__(self, key):
    k1, k2 = jax.random.split(key)
    self.lin1 = eqx.nn.Linear(D, 4 * D, key=k1)
    self.lin2 = eqx.nn.Linear(4 * D, D, key=k2)

  def __call__(self, x):
    return x + jax.vmap(lambda t: self.lin2(jax.nn.gelu(self.lin1(t))))(x)


stages = eqx.filter_vmap(Stage)(jax.random.split(jax.random.key(0), NUM_STAGES))
params, static = eqx.partition(stages, eqx.is_array)


def stage_apply(p, x):
  return eqx.combine(jax.tree.map(lambda a: a[0], p), static)(x)


mesh = jax.make_mesh((NUM_STAGES,), (STAGE_AXIS,), axis_types=(AxisType.Explicit,))
run = make_stage_loop(stage_apply, NUM_STAGES, NUM_MICRO)
pipeline = jax.shard_map(run, mesh=mesh,
                         in_specs=(jax.tree.map(lambda _: P(STAGE_AXIS), params), P()),
                         out_specs=P(STAGE_AXIS), check_vma=False)

params = jax.device_put(params, jax.tree.map(lambda _: jax.NamedSharding(mesh, P(STAGE_AXIS)), params))
microbatches = jax.device_put(jnp.ones((NUM_MICRO, MB, D)), jax.NamedSharding(mesh, P()))
with jax.set_mesh(mesh):
  lowered = jax.jit(pipeline).trace(params, microbatches).lower(lowering_platforms=("cuda",))
print(lowered.as_text().count("send") > 0)
