import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import NamedSharding, PartitionSpec as P

# cell 1: mesh and data
mesh = jax.make_mesh((4,), ('batch',), axis_types=(jax.sharding.AxisType.Auto,))
x = jnp.ones((32, 16))
y = jnp.zeros((32, 4))
x = jax.device_put(x, NamedSharding(mesh, P('batch')))
y = jax.device_put(y, NamedSharding(mesh, P('batch')))
jax.debug.visualize_array_sharding(x)


# cell 2: model
class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs):
    self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    return self.l2(jax.nn.relu(self.l1(x)))


model = MLP(16, 32, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)


# cell 3: train step
def loss_fn(model, x, y):
  pred = model(x)
  loss = jnp.mean((pred - y) ** 2)
  return jax.lax.pmean(loss, 'batch')   # "average over the batch devices"


@nnx.jit
def train_step(model, optimizer, x, y):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  optimizer.update(model, grads)
  return loss


lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=('cuda',))
print(type(lowered).__name__)
