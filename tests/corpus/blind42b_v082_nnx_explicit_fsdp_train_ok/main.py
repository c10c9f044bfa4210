import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit, AxisType.Explicit))
kinit = nnx.initializers.xavier_uniform()


class Block(nnx.Module):
  def __init__(self, d, rngs):
    self.ln = nnx.LayerNorm(d, rngs=rngs)
    self.up = nnx.Linear(d, 4 * d, kernel_init=nnx.with_partitioning(kinit, ('data', 'model')), rngs=rngs)
    self.down = nnx.Linear(4 * d, d, kernel_init=nnx.with_partitioning(kinit, ('model', 'data')), rngs=rngs)

  def __call__(self, x):
    h = nnx.gelu(self.up(self.ln(x)))
    return x + self.down(h, out_sharding=P('data', None))


with jax.set_mesh(mesh):
  model = Block(32, nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)

  @nnx.jit
  def train_step(model, optimizer, x, y):
    def loss_fn(model):
      return optax.l2_loss(model(x), y).mean()
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss

  x = jax.device_put(jnp.ones((16, 32)), P('data', None))
  y = jax.device_put(jnp.zeros((16, 32)), P('data', None))
  print(train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',)).as_text()[:40])
