import jax
import jax.numpy as jnp
import numpy as np
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

N_LAYERS = 3
TP = 4


class TPBlock(nnx.Module):

  def __init__(self, d, dff, rngs: nnx.Rngs):
    self.up = nnx.Linear(d, dff // TP, use_bias=False, rngs=rngs)
    self.down = nnx.Linear(dff // TP, d, use_bias=False, rngs=rngs)

  def __call__(self, x):
    return x + jax.lax.psum(self.down(nnx.gelu(self.up(x))), 'model')


@nnx.split_rngs(splits=N_LAYERS)
@nnx.vmap(in_axes=(0,), out_axes=0)
def make_stack(rngs):
  return TPBlock(32, 128, rngs)


def run_stack(stack, x):
  @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
  def body(layer, h):
    return layer(h)
  return body(stack, x)


def main():
  mesh = Mesh(np.array(jax.devices()), ('model',))
  stack = make_stack(nnx.Rngs(0))

  @nnx.jit
  def forward(stack, x):
    return nnx.shard_map(run_stack, mesh=mesh, in_specs=(P(), P()), out_specs=P())(stack, x)

  forward.trace(stack, jnp.ones((4, 32))).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
