import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


class TPDense(nnx.Module):
  def __init__(self, din, dout, axes, out_spec, *, rngs):
    self.w = nnx.Param(nnx.initializers.lecun_normal()(rngs.params(), (din, dout)),
                       sharding_names=axes)
    self.out_spec = out_spec

  def __call__(self, x):
    return jnp.einsum('bd,df->bf', x, self.w[...], out_sharding=self.out_spec)


class Model(nnx.Module):
  def __init__(self, rngs):
    self.up = TPDense(256, 1024, (None, 'model'), P('data', 'model'), rngs=rngs)
    self.down = TPDense(1024, 256, ('model', None), P('data', None), rngs=rngs)

  def __call__(self, x):
    return self.down(jax.nn.relu(self.up(x)))


def make_step():
  @nnx.jit
  def step(model, opt, x, y):
    def loss_fn(model):
      return jnp.mean((model(x) - y) ** 2)
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    opt.update(model, grads)
    return loss
  return step


mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Explicit,) * 2)
with jax.set_mesh(mesh):
  model = Model(nnx.Rngs(0))
  opt = nnx.Optimizer(model, optax.adamw(1e-4), wrt=nnx.Param)
  x = jax.device_put(jnp.ones((32, 256)), P('data', None))
  y = jax.device_put(jnp.ones((32, 256)), P('data', None))
  step = make_step()
  step.trace(model, opt, x, y).lower(lowering_platforms=('tpu',))
