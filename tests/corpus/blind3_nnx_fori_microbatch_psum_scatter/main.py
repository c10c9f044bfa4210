import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from accumulate import accumulate_grads, reduce_scatter_flat


class MLP(nnx.Module):
  def __init__(self, rngs):
    self.l1 = nnx.Linear(8, 16, rngs=rngs)
    self.l2 = nnx.Linear(16, 4, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


def loss_fn(model, batch):
  return jnp.mean((model(batch['x']) - batch['y']) ** 2)


mesh = Mesh(jax.devices(), ('fsdp',))
model = MLP(nnx.Rngs(0))


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(None, 'fsdp')), out_specs=P('fsdp'))
def grad_shards(model, microbatches):
  grads = accumulate_grads(loss_fn, model, microbatches)
  return reduce_scatter_flat(grads, 'fsdp')


microbatches = {'x': jnp.ones((3, 8, 8)), 'y': jnp.zeros((3, 8, 4))}
grad_shards.trace(model, microbatches).lower(lowering_platforms=('cuda',))
