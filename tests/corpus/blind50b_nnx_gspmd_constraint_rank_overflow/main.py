import jax
import jax.numpy as jnp
import optax
from jax.sharding import PartitionSpec as P, AxisType
from flax import nnx

from layers import MultiDotReluDot

mesh = jax.make_mesh((2, 2), ('data', 'model'),
                     axis_types=(AxisType.Auto,) * 2)


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


if __name__ == "__main__":
  rngs = nnx.Rngs(0)
  with jax.set_mesh(mesh):
    x = jax.device_put(rngs.normal((16, 32)), P('data', None))
    y = jax.device_put(rngs.normal((16, 32)), P('data', None))
    model = MultiDotReluDot(32, 3, rngs=nnx.Rngs(1))
    optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
    traced = train_step.trace(model, optimizer, x, y)
    print(traced.lower(lowering_platforms=('cuda',)).as_text()[:40])
