import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

PP = 4
HOP = [(i, i + 1) for i in range(PP - 1)]
mesh = Mesh(np.array(jax.devices()), ('pp',))


class Stage(eqx.Module):
  lin: eqx.nn.Linear

  def __init__(self, d, key):
    self.lin = eqx.nn.Linear(d, d, key=key)

  def __call__(self, x):
    return jax.nn.gelu(jax.vmap(self.lin)(x))


def pipeline_local(params, static, mbs):
  stage = eqx.combine(params, static)

  def body(i, outs):
    h = stage(mbs[i] + outs[i])
    tok = lax.psend(h, 'pp', HOP)
    got = lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), 'pp', HOP)
    return outs.at[i].set(got)

  return lax.fori_loop(0, mbs.shape[0], body, jnp.zeros_like(mbs))


@eqx.filter_jit
def forward(stage, mbs):
  params, static = eqx.partition(stage, eqx.is_array)
  fn = jax.shard_map(lambda p, m: pipeline_local(p, static, m), mesh=mesh,
                     in_specs=(P(), P(None, 'pp')), out_specs=P(None, 'pp'),
                     check_vma=False)
  return fn(params, mbs)


stage = Stage(16, jax.random.key(0))
params, static = eqx.partition(stage, eqx.is_array)
mbs = jnp.ones((5, 8, 16))
jax.jit(lambda p, m: forward(eqx.combine(p, static), m)).trace(params, mbs).lower(
    lowering_platforms=('cuda',))
