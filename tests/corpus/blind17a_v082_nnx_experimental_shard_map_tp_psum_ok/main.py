import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


class TPMLP(nnx.Module):
  def __init__(self, d, hidden, rngs):
    self.col = nnx.Param(jax.random.normal(rngs.params(), (d, hidden)) * 0.02)
    self.row = nnx.Param(jax.random.normal(rngs.params(), (hidden, d)) * 0.02)

  def __call__(self, x):
    h = jax.nn.gelu(x @ self.col.value)
    return jax.lax.psum(h @ self.row.value, "tp")


mesh = Mesh(np.array(jax.devices()), ("tp",))
gdef, state = nnx.split(TPMLP(32, 128, nnx.Rngs(0)))
specs = nnx.State({"col": nnx.Param(P(None, "tp")), "row": nnx.Param(P("tp", None))})
specs = jax.tree.map(lambda _, s: s, state, specs)


def local(state, x):
  return nnx.merge(gdef, state)(x)


fwd = jax.jit(shard_map(local, mesh, in_specs=(specs, P()), out_specs=P(), check_rep=False))
fwd.trace(state, jnp.ones((8, 32))).lower(lowering_platforms=("cuda",))
