import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))

KERNEL_AXES = ('data', 'model')


class ShardedDense(nnx.Module):
  def __init__(self, din, dout, *, rngs: nnx.Rngs):
    key = rngs.params()
    self.kernel = nnx.Param(jax.random.normal(key, (din, dout)) / jnp.sqrt(din),
                            sharding_names=KERNEL_AXES)
    self.bias = nnx.Param(jnp.zeros((dout,)), sharding_names=KERNEL_AXES)

  def __call__(self, x):
    return x @ self.kernel[...] + self.bias[...]


class Net(nnx.Module):
  def __init__(self, rngs: nnx.Rngs):
    self.a = ShardedDense(128, 512, rngs=rngs)
    self.b = ShardedDense(512, 128, rngs=rngs)

  def __call__(self, x):
    return self.b(nnx.relu(self.a(x)))


with jax.set_mesh(mesh):
  net = Net(nnx.Rngs(0))
  optimizer = nnx.Optimizer(net, optax.adam(1e-3), wrt=nnx.Param)

  @nnx.jit
  def step(net, optimizer, x):
    grads = nnx.grad(lambda m: jnp.mean(m(x) ** 2))(net)
    optimizer.update(net, grads)

  step.trace(net, optimizer, jnp.ones((8, 128))).lower(lowering_platforms=('tpu',))
