import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'), axis_types=(AxisType.Auto, AxisType.Auto))


class DotReluDot(nnx.Module):

  def __init__(self, depth, rngs):
    init_fn = nnx.initializers.lecun_normal()
    self.dot1 = nnx.Linear(depth, depth, use_bias=False,
                           kernel_init=nnx.with_partitioning(init_fn, (None, 'model')),
                           rngs=rngs)
    self.w2 = nnx.Param(init_fn(rngs.params(), (depth, depth)), sharding=('model', None))

  def __call__(self, x):
    y = jax.nn.relu(self.dot1(x))
    y = jax.lax.with_sharding_constraint(y, P('data', 'model'))
    return y @ self.w2[...]


@nnx.jit
def create_sharded_model():
  model = DotReluDot(256, rngs=nnx.Rngs(0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, state)
  return model


@nnx.jit
def train_step(model, optimizer, x):
  loss, grads = nnx.value_and_grad(lambda m: jnp.mean(m(x) ** 2))(model)
  optimizer.update(model, grads)
  return loss


with jax.set_mesh(mesh):
  model = create_sharded_model()
  optimizer = nnx.Optimizer(model, optax.sgd(1e-2), wrt=nnx.Param)
  x = jax.device_put(jnp.ones((16, 256)), P('data', None))
  lowered = train_step.trace(model, optimizer, x).lower(lowering_platforms=('cuda',))
print('lowered')
