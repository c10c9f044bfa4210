import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P, NamedSharding, AxisType
from flax import nnx

from explicit_model import ExplicitMultiDotReluDot

mesh = jax.make_mesh((2, 2), ('data', 'model'),
                     axis_types=(AxisType.Explicit,) * 2)


@jax.jit
def loss_fn(model, x, y):
  return jnp.mean((model(x) - y) ** 2)


if __name__ == "__main__":
  rngs = nnx.Rngs(0)
  with jax.set_mesh(mesh):
    model = ExplicitMultiDotReluDot(128, 2, rngs=nnx.Rngs(0))
    data_sharding = NamedSharding(mesh, P('data', None))
    x = jax.device_put(rngs.normal((8, 128)), data_sharding)
    y = jax.device_put(rngs.normal((8, 128)), data_sharding)
    grad_fn = jax.jit(jax.grad(loss_fn))
    print(grad_fn.trace(model, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
