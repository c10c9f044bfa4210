import jax
import jax.numpy as jnp
import numpy as np
import equinox as eqx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import gpipe_forward, shard_map

NUM_STAGES = 4
D = 32


class Block(eqx.Module):
  mlp: eqx.nn.MLP

  def __init__(self, key):
    self.mlp = eqx.nn.MLP(D, D, 64, 1, key=key)

  def __call__(self, x):
    return x + jax.vmap(self.mlp)(x)


keys = jax.random.split(jax.random.PRNGKey(0), NUM_STAGES)
stacked = eqx.filter_vmap(Block)(keys)
params, static = eqx.partition(stacked, eqx.is_array)

mesh = Mesh(np.array(jax.devices()[:NUM_STAGES]), ("stage",))


def stage_fn(p, x):
  p = jax.tree.map(lambda a: a[0], p)  # this stage's slice of the stacked params
  return eqx.combine(p, static)(x)


def per_stage(p, mb):
  return gpipe_forward(stage_fn, p, mb, axis_name="stage", num_stages=NUM_STAGES)


param_specs = jax.tree.map(lambda _: P("stage"), params)
pipelined = shard_map(per_stage, mesh=mesh, in_specs=(param_specs, P()), out_specs=P("stage"))

microbatches = jnp.ones((8, 2, D))
lowered = jax.jit(pipelined).trace(params, microbatches).lower(lowering_platforms=("cuda",))
print(jax.__version__, "ok")
