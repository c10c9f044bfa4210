import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P, NamedSharding, AxisType

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto,) * 2)


class Block(nnx.Module):
  def __init__(self, d, rngs):
    init = nnx.initializers.lecun_normal()
    self.up = nnx.Linear(d, 4 * d, kernel_init=nnx.with_partitioning(init, (None, 'model')),
                         rngs=rngs)
    self.down = nnx.Linear(4 * d, d, kernel_init=nnx.with_partitioning(init, ('model', None)),
                           rngs=rngs)

  def __call__(self, x):
    return self.down(nnx.gelu(self.up(x)))


@nnx.jit
def train_step(model, optimizer, x):
  with jax.set_mesh(mesh):
    x = jax.lax.with_sharding_constraint(x, P('data', None))
    loss, grads = nnx.value_and_grad(lambda m: jnp.mean(m(x) ** 2))(model)
    optimizer.update(model, grads)
  return loss


with jax.set_mesh(mesh):
  model = Block(64, nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
x = jax.device_put(jnp.ones((16, 64)), NamedSharding(mesh, P('data', None)))
print(train_step.trace(model, optimizer, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
