import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()[:2]), ('pp',))


class Handoff(nnx.Module):
  def __init__(self, d, rngs):
    self.l0 = nnx.Linear(d, d, rngs=rngs)
    self.l1 = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    h = self.l0(x)
    tok = jax.lax.psend(h, 'pp', [(0, 1)])
    h = jax.lax.precv(tok, jax.ShapeDtypeStruct(h.shape, h.dtype), 'pp', [(0, 1)])
    return self.l1(h)


model = Handoff(8, nnx.Rngs(0))


@nnx.jit
def forward(model, x):
  f = nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P()), out_specs=P(),
                    check_rep=False)
  return f(model, x)


forward.trace(model, jnp.ones((4, 8))).lower(lowering_platforms=('cuda',))
print('ok')
