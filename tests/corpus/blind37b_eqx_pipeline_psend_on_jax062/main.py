import functools

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.experimental.shard_map import shard_map
from jax.sharding import PartitionSpec as P

N_STAGES = 4
mesh = jax.make_mesh((N_STAGES,), ("stage",))
fwd_perm = [(i, i + 1) for i in range(N_STAGES - 1)]


def make_stage(key):
  return eqx.nn.Linear(16, 16, key=key)


stages = eqx.filter_vmap(make_stage)(jr.split(jr.PRNGKey(0), N_STAGES))
params, static = eqx.partition(stages, eqx.is_array)


@functools.partial(shard_map, mesh=mesh, in_specs=(P("stage"), P()), out_specs=P("stage"),
                   check_rep=False)
def run_stages(p, x):
  layer = eqx.combine(jax.tree.map(lambda a: a[0], p), static)
  idx = jax.lax.axis_index("stage")
  h = jnp.where(idx == 0, x, jnp.zeros_like(x))
  for _ in range(N_STAGES):
    h = jax.vmap(layer)(h)
    tok = jax.lax.psend(h, "stage", fwd_perm)
    h = jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "stage", fwd_perm)
  return h[None]


@eqx.filter_jit
def forward(p, x):
  return run_stages(p, x)[-1]


x = jnp.ones((8, 16))
lowered = jax.jit(forward).trace(params, x).lower(lowering_platforms=("cuda",))
print(lowered.as_text()[:40])
