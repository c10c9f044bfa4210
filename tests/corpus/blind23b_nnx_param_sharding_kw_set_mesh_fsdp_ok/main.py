import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class ShardedLinear(nnx.Module):
  def __init__(self, din, dout, *, rngs, sharding):
    init = nnx.initializers.lecun_normal()
    self.w = nnx.Param(init(rngs.params(), (din, dout)), sharding=sharding)
    self.b = nnx.Param(jnp.zeros((dout,)), sharding=(sharding[1],))

  def __call__(self, x):
    return x @ self.w + self.b


class Model(nnx.Module):
  def __init__(self, *, rngs):
    self.fc1 = ShardedLinear(128, 512, rngs=rngs, sharding=("data", "model"))
    self.fc2 = ShardedLinear(512, 128, rngs=rngs, sharding=("model", "data"))

  def __call__(self, x):
    return self.fc2(nnx.relu(self.fc1(x)))


@nnx.jit
def train_step(model, optimizer, x):
  def loss_fn(model):
    return jnp.mean((model(x) - x) ** 2)
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)
with jax.set_mesh(mesh):
  model = Model(rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(3e-4), wrt=nnx.Param)
  x = jax.device_put(jnp.ones((32, 128)), NamedSharding(mesh, P("data", None)))
  lowered = train_step.trace(model, optimizer, x).lower(lowering_platforms=("cuda",))
