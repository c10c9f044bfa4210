import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

TP_AXIS = 'mp'


class RowParallel(nnx.Module):
  def __init__(self, din, dout, rngs):
    self.lin = nnx.Linear(din, dout, use_bias=False, rngs=rngs)

  def __call__(self, x):
    return lax.psum(self.lin(x), TP_AXIS)


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('dp', 'tp'))
model = RowParallel(16, 8, nnx.Rngs(0))


@nnx.jit
def forward(model, x):
  f = nnx.shard_map(lambda m, x: m(x), mesh=mesh, in_specs=(P(), P('dp')),
                    out_specs=P('dp'))
  return f(model, x)


graphdef, state = nnx.split(model)
jax.jit(lambda s, x: forward(nnx.merge(graphdef, s), x)).trace(state, jnp.ones((8, 16))).lower(
    lowering_platforms=('cuda',))
