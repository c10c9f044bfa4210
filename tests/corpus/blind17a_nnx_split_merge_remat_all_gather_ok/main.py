import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class FSDPDense(nnx.Module):
  def __init__(self, din, dout, rngs):
    self.w = nnx.Param(jax.random.normal(rngs.params(), (din, dout)) * 0.02)
    self.b = nnx.Param(jnp.zeros((dout,)))

  @nnx.remat
  def __call__(self, x):
    w_full = lax.all_gather(self.w[...], "fsdp", axis=0, tiled=True)
    return x @ w_full + self.b[...]


layer = FSDPDense(128, 256, nnx.Rngs(0))
graphdef, state = nnx.split(layer)

mesh = Mesh(np.array(jax.devices()), ("fsdp",))
state_specs = jax.tree.map(lambda a: P("fsdp") if a.ndim == 2 else P(), state)


def shard_fn(state, x):
  m = nnx.merge(graphdef, state)
  return m(x)


fwd = jax.jit(jax.shard_map(shard_fn, mesh=mesh, in_specs=(state_specs, P("fsdp")),
                            out_specs=P("fsdp")))
x = jnp.ones((32, 128))
fwd.trace(state, x).lower(lowering_platforms=("cuda",))
