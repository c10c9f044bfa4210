"""A Megatron MLP from a small class hierarchy (the collective is the subclass's
`communicate`) with a column-parallel output head that gathers its output; the kernels are
split by path with nnx.StateSharding under nnx.shard_map, the result declared replicated."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers import ColumnParallelLinear, RowParallelLinear

mesh = Mesh(jax.devices(), ('tp',))


class ParallelMLP(nnx.Module):
  def __init__(self, d_model, d_ff, *, rngs):
    self.up = ColumnParallelLinear(d_model, d_ff, rngs=rngs)
    self.down = RowParallelLinear(d_ff, d_model, rngs=rngs)
    self.head = ColumnParallelLinear(d_model, 512, gather_output=True, rngs=rngs)

  def __call__(self, x):
    return self.head(self.down(nnx.gelu(self.up(x))))


def under(name):
  return lambda path, value: name in path


mlp_sharding = nnx.StateSharding({under('up'): P(None, 'tp'), under('down'): P('tp', None),
                                  under('head'): P(None, 'tp')})


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(mlp_sharding, P()), out_specs=P())
def forward(mlp, x):
  return mlp(x)


mlp = ParallelMLP(64, 256, rngs=nnx.Rngs(0))
forward.trace(mlp, jnp.ones((8, 64))).lower(lowering_platforms=("cuda",))
