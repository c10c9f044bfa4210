import jax
import jax.numpy as jnp
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P
from flax import nnx

from model import ExplicitMultiDotReluDot

explicit_mesh = jax.make_mesh((2, 2), ('data', 'model'),
                              axis_types=(AxisType.Explicit, AxisType.Explicit))


def loss(model, x):
  return jnp.mean(model(x) ** 2)


rngs = nnx.Rngs(0)
with jax.set_mesh(explicit_mesh):
  model = ExplicitMultiDotReluDot(256, 2, rngs=nnx.Rngs(0))
  x = jax.device_put(rngs.normal((8, 256)),
                     NamedSharding(explicit_mesh, P('data', None)))
  grad_fn = jax.jit(jax.grad(loss))
  print(grad_fn.trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
