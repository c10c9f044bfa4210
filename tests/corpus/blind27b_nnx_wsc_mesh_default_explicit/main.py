import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'))


class DotReluDot(nnx.Module):
  def __init__(self, depth, rngs):
    self.dot1 = nnx.Linear(depth, depth, rngs=rngs)
    self.w2 = nnx.Param(jnp.ones((depth, depth)))

  def __call__(self, x):
    y = self.dot1(x)
    y = jax.nn.relu(y)
    y = jax.lax.with_sharding_constraint(y, NamedSharding(mesh, P('data', 'model')))
    return jnp.dot(y, self.w2[...])


model = DotReluDot(16, nnx.Rngs(0))


@nnx.jit
def fwd(model, x):
  return model(x)


x = jnp.ones((8, 16))
print(fwd.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:20])
