import dataclasses

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from net.layers import FSDPBlock


@dataclasses.dataclass
class TrainConfig:
  num_layers: int = 4
  d_model: int = 64
  mesh_axes: tuple = ('replica', 'shard')
  mesh_shape: tuple = (2, 2)


cfg = TrainConfig()
mesh = Mesh(np.array(jax.devices()).reshape(cfg.mesh_shape), cfg.mesh_axes)
replica, shard = cfg.mesh_axes


@nnx.split_rngs(splits=cfg.num_layers)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_blocks(rngs):
  return FSDPBlock(cfg.d_model, rngs)


def forward(blocks, x):
  @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
  def body(block, x):
    return block(x)
  return body(blocks, x)


def loss_fn(blocks, x):
  return jnp.mean(forward(blocks, x) ** 2)


@nnx.jit
def train_step(blocks, optimizer, x):
  def local(blocks, x):
    loss, grads = nnx.value_and_grad(loss_fn)(blocks, x)
    return jax.lax.pmean(loss, (replica, shard)), jax.lax.pmean(grads, replica)

  loss, grads = nnx.shard_map(local, mesh=mesh,
                              in_specs=(P(None, shard), P((replica, shard))),
                              out_specs=(P(), P(None, shard)))(blocks, x)
  optimizer.update(blocks, grads)
  return loss


blocks = create_blocks(nnx.Rngs(0))
optimizer = nnx.Optimizer(blocks, optax.adam(1e-3), wrt=nnx.Param)
x = jnp.ones((16, cfg.d_model))
train_step.trace(blocks, optimizer, x).lower(lowering_platforms=('cuda',))
print('lowered')
