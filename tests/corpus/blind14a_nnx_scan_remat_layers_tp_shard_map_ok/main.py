import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

L, D, F = 4, 32, 128
MODEL = 'model'


class Block(nnx.Module):

  def __init__(self, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.norm = nnx.LayerNorm(D, rngs=rngs)
    self.up = nnx.Linear(D, F, use_bias=False, rngs=rngs,
                         kernel_init=nnx.with_partitioning(init, (None, MODEL)))
    self.down = nnx.Linear(F, D, use_bias=False, rngs=rngs,
                           kernel_init=nnx.with_partitioning(init, (MODEL, None)))

  def __call__(self, x):
    h = self.down(nnx.gelu(self.up(self.norm(x))))
    return x + jax.lax.psum(h, MODEL)


class Stack(nnx.Module):

  def __init__(self, rngs: nnx.Rngs):
    @nnx.split_rngs(splits=L)
    @nnx.vmap(in_axes=(0,), out_axes=0, transform_metadata={nnx.PARTITION_NAME: None})
    def create(rngs):
      return Block(rngs)
    self.blocks = create(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry,
              transform_metadata={nnx.PARTITION_NAME: None})
    @nnx.remat
    def body(block, x):
      return block(x)
    return body(self.blocks, x)


mesh = Mesh(np.array(jax.devices()), (MODEL,))
with jax.set_mesh(mesh):
  model = Stack(nnx.Rngs(0))
specs = nnx.StateSharding(nnx.get_partition_spec(nnx.state(model)))


@nnx.jit
def forward(model, x):
  return nnx.shard_map(lambda m, x: m(x), mesh=mesh,
                       in_specs=(specs, P()), out_specs=P())(model, x)


x = jnp.ones((8, D))
forward.trace(model, x).lower(lowering_platforms=('cuda',))
