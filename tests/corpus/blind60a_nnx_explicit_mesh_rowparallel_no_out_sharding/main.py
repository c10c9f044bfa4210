"""Gemma-style gated FFN on an Explicit-axes mesh (JAX explicit sharding + Flax NNX
eager sharding): column-parallel gate/up, row-parallel down projection."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit,) * 2)
D, F = 256, 1024


class GatedFFN(nnx.Module):

  def __init__(self, d, f, *, rngs: nnx.Rngs):
    init = nnx.initializers.lecun_normal()
    self.gating = nnx.Param(init(rngs.params(), (2, d, f)),
                            sharding=(None, None, 'model'))
    self.linear = nnx.Param(init(rngs.params(), (f, d)), sharding=('model', None))

  def __call__(self, x):
    gate = jnp.einsum('btd,gdf->gbtf', x, self.gating[...])
    h = jax.nn.gelu(gate[0]) * gate[1]
    return jnp.einsum('btf,fd->btd', h, self.linear[...])


class Block(nnx.Module):

  def __init__(self, *, rngs):
    self.norm = nnx.RMSNorm(D, rngs=rngs)
    self.ffn = GatedFFN(D, F, rngs=rngs)

  def __call__(self, x):
    return x + self.ffn(self.norm(x))


@nnx.jit
def forward(block, x):
  return block(x)


def main():
  with jax.set_mesh(mesh):
    block = Block(rngs=nnx.Rngs(0))
    x = jax.ShapeDtypeStruct((8, 64, D), jnp.float32,
                             sharding=NamedSharding(mesh, P('data', None, None)))
    forward.trace(block, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
