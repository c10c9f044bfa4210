"""An FSDP Linen MLP whose layers are wrapped in nn.remat and gather their kernels over
'fsdp'; the gradient is taken under jax.jit."""
import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import Mesh, PartitionSpec as P

mesh = Mesh(jax.devices(), ('fsdp',))


class FSDPDense(nn.Module):
  """The kernel is stored sharded over 'fsdp' and gathered for the matmul."""
  features: int

  @nn.compact
  def __call__(self, x):
    shard = self.param('kernel', nn.initializers.lecun_normal(), (x.shape[-1] // 4, self.features))
    kernel = jax.lax.all_gather(shard, 'fsdp', axis=0, tiled=True)
    return x @ kernel


class MLP(nn.Module):
  @nn.compact
  def __call__(self, x):
    Dense = nn.remat(FSDPDense)
    return Dense(64, name='down')(nn.relu(Dense(64, name='up')(x)))


model = MLP()
x = jnp.ones((16, 64))
params = {'params': {'up': {'kernel': jax.ShapeDtypeStruct((16, 64), jnp.float32)},
                     'down': {'kernel': jax.ShapeDtypeStruct((16, 64), jnp.float32)}}}


def loss(params, x):
  return jnp.mean(model.apply(params, x) ** 2)


jax.jit(jax.grad(loss)).trace(params, x).lower(lowering_platforms=("cuda",))
