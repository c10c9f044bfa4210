"""A Linen block (@nn.compact) with a row-parallel Dense that psums over 'model'; model.apply
runs under jax.shard_map, variables as an argument."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ('model',))


class RowParallelDense(nn.Module):
  """Each device holds a slice of the input features; partial products are summed."""
  features: int

  @nn.compact
  def __call__(self, x):
    y = nn.Dense(self.features, use_bias=False)(x)
    return jax.lax.psum(y, 'model')


class Block(nn.Module):
  hidden: int

  @nn.compact
  def __call__(self, x):
    h = nn.relu(nn.Dense(self.hidden)(x))
    return x + RowParallelDense(x.shape[-1])(h)


model = Block(hidden=64)
x = jnp.ones((16, 32))
variables = {'params': {
    'Dense_0': {'kernel': jax.ShapeDtypeStruct((32, 64), jnp.float32),
                'bias': jax.ShapeDtypeStruct((64,), jnp.float32)},
    'RowParallelDense_0': {'Dense_0': {'kernel': jax.ShapeDtypeStruct((64, 32), jnp.float32)}}}}


def forward(variables, x):
  return model.apply(variables, x)


sharded = jax.jit(jax.shard_map(forward, mesh=mesh, in_specs=(P(), P()), out_specs=P()))
sharded.trace(variables, x).lower(lowering_platforms=("cuda",))
