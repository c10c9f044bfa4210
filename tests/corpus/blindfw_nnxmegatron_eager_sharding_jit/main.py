"""A Megatron MLP from a small class hierarchy (the collective is the subclass's
`communicate`); the kernels are placed with jax.device_put by path and the forward pass is
left to nnx.jit (no shard_map)."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from layers import ColumnParallelLinear, RowParallelLinear

mesh = Mesh(jax.devices(), ('tp',))


class ParallelMLP(nnx.Module):
  def __init__(self, d_model, d_ff, *, rngs):
    self.up = ColumnParallelLinear(d_model, d_ff, rngs=rngs)
    self.down = RowParallelLinear(d_ff, d_model, rngs=rngs)

  def __call__(self, x):
    return self.down(nnx.gelu(self.up(x)))


@nnx.jit
def forward(mlp, x):
  return mlp(x)


mlp = ParallelMLP(64, 256, rngs=nnx.Rngs(0))
state = nnx.state(mlp)
specs = jax.tree_util.tree_map_with_path(
    lambda path, _: P(None, 'tp') if 'up' in str(path) else P('tp', None), state)
nnx.update(mlp, jax.device_put(state, jax.tree.map(lambda s: NamedSharding(mesh, s), specs)))
forward.trace(mlp, jnp.ones((8, 64))).lower(lowering_platforms=("cuda",))
