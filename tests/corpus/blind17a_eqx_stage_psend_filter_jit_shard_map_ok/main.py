import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class Stage(eqx.Module):
  lin: eqx.nn.Linear
  n_stages: int = eqx.field(static=True)

  def __call__(self, x):
    return jax.nn.gelu(jax.vmap(self.lin)(x))

  def send(self, h):
    perm = [(i, i + 1) for i in range(self.n_stages - 1)]
    tok = lax.psend(h, "stages", perm)
    return lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), "stages", perm)


def build(key):
  return Stage(eqx.nn.Linear(32, 32, key=key), 4)


stages = eqx.filter_vmap(build)(jax.random.split(jax.random.key(0), 4))
mesh = Mesh(np.array(jax.devices()), ("stages",))


@eqx.filter_jit
def run(stages, x):
  def body(stages, x):
    me = jax.tree.map(lambda a: a[0], stages)
    h = x
    for _ in range(3):
      h = me.send(me(h))
    return me(h)[None]

  return jax.shard_map(body, mesh=mesh, in_specs=(P("stages"), P()), out_specs=P("stages"),
                       check_vma=False)(stages, x)


jax.jit(run).trace(stages, jnp.ones((8, 32))).lower(lowering_platforms=("cuda",))
