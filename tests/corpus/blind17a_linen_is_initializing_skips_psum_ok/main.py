from functools import partial

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh
from jax.sharding import PartitionSpec as P


class RowParallel(nn.Module):
  features: int
  tp_size: int = 1  # shards of the hidden dim this instance holds locally

  def setup(self):
    self.up = nn.Dense(4 * self.features // self.tp_size)
    self.down = nn.Dense(self.features, use_bias=False)

  def __call__(self, x):
    y = self.down(nn.relu(self.up(x)))
    if self.is_initializing():
      return y
    return lax.psum(y, "tp")


model = RowParallel(features=16)
x = jnp.ones((4, 16))
variables = jax.jit(model.init)(jax.random.key(1), x)


def spec_for(path, leaf):
  names = [getattr(k, "key", None) for k in path]
  if "up" in names:
    return P(None, "tp") if leaf.ndim == 2 else P("tp")
  return P("tp", None)


specs = jax.tree_util.tree_map_with_path(spec_for, variables)
mesh = Mesh(np.array(jax.devices()), ("tp",))
local_model = RowParallel(features=16, tp_size=mesh.shape["tp"])
forward = jax.jit(jax.shard_map(partial(local_model.apply), mesh=mesh, in_specs=(specs, P()),
                                out_specs=P()))
forward.trace(variables, x).lower(lowering_platforms=("cuda",))
