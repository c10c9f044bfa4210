import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

FSDP = 'fsdp'


class FSDPDense(nn.Module):
  features: int
  shards: int

  @nn.compact
  def __call__(self, x):
    local = self.param('kernel', nn.initializers.lecun_normal(),
                       (x.shape[-1] // self.shards, self.features))
    kernel = jax.lax.all_gather(local, FSDP, axis=0, tiled=True)
    return x @ kernel


class Block(nn.Module):
  d: int
  shards: int

  @nn.compact
  def __call__(self, x):
    return x + nn.relu(FSDPDense(self.d, self.shards)(nn.LayerNorm()(x)))


class Decoder(nn.Module):
  d: int
  depth: int
  shards: int

  @nn.compact
  def __call__(self, x):
    RematBlock = nn.remat(Block, prevent_cse=False)
    for i in range(self.depth):
      x = RematBlock(self.d, self.shards, name=f'layer_{i}')(x)
    return x


mesh = Mesh(np.array(jax.devices()), (FSDP,))
model = Decoder(d=32, depth=2, shards=4)


def loss_fn(params, x):
  return jnp.mean(model.apply(params, x) ** 2)


grad_fn = jax.jit(jax.grad(loss_fn), in_shardings=(None, NamedSharding(mesh, P(FSDP))))
x = jnp.ones((16, 32))
params = {'params': {
    f'layer_{i}': {'FSDPDense_0': {'kernel': jnp.zeros((8, 32))},
                   'LayerNorm_0': {'scale': jnp.ones((32,)), 'bias': jnp.zeros((32,))}}
    for i in range(2)}}
grad_fn.trace(params, x).lower(lowering_platforms=('cuda',))
print('lowered')
