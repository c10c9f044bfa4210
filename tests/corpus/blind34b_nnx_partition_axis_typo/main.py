import jax
import jax.numpy as jnp
from jax.sharding import AxisType
from flax import nnx

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)


class Block(nnx.Module):
  def __init__(self, d, rngs):
    self.proj = nnx.Linear(d, 4 * d,
                           kernel_init=nnx.with_partitioning(nnx.initializers.xavier_uniform(),
                                                             ('embed', 'mlp')),
                           rngs=rngs)

  def __call__(self, x):
    return nnx.relu(self.proj(x))


with jax.set_mesh(mesh):
  model = Block(32, nnx.Rngs(0))
  graphdef, state = nnx.split(model)
  fwd = jax.jit(lambda s, x: nnx.merge(graphdef, s)(x))
  print(fwd.trace(state, jnp.ones((8, 32))).lower(lowering_platforms=('cuda',)).as_text()[:40])
