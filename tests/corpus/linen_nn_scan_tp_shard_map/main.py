"""A stack of tensor-parallel Linen layers scanned with nn.scan, each psum-ing over 'model';
init and apply under jax.shard_map."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ('model',))


class TPLayer(nn.Module):
  """Column-parallel up projection, row-parallel down projection, psum over 'model'."""
  hidden: int

  @nn.compact
  def __call__(self, x, _):
    h = nn.gelu(nn.Dense(self.hidden // 4)(x))
    y = jax.lax.psum(nn.Dense(x.shape[-1], use_bias=False)(h), 'model')
    return x + y, None


class Stack(nn.Module):
  layers: int = 4

  @nn.compact
  def __call__(self, x):
    x, _ = nn.scan(TPLayer, variable_axes={'params': 0}, split_rngs={'params': True},
                   length=self.layers)(hidden=256)(x, None)
    return x


model = Stack()
x = jnp.ones((8, 64))


init = jax.shard_map(model.init, mesh=mesh, in_specs=(P(), P()), out_specs=P(), check_vma=False)
variables = jax.eval_shape(init, jax.random.key(0), x)
apply = jax.jit(jax.shard_map(model.apply, mesh=mesh, in_specs=(P(), P()), out_specs=P()))
apply.trace(variables, x).lower(lowering_platforms=("cuda",))
