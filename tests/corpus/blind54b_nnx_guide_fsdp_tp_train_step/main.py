import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ('data', 'model'),
                     axis_types=(AxisType.Auto, AxisType.Auto))


class DotReluDot(nnx.Module):
  def __init__(self, depth: int, rngs: nnx.Rngs):
    init_fn = nnx.initializers.lecun_normal()
    self.dot1 = nnx.Linear(
        depth, depth,
        kernel_init=nnx.with_partitioning(init_fn, (None, 'model')),
        use_bias=False,
        rngs=rngs,
    )
    self.w2 = nnx.Param(
        init_fn(rngs.params(), (depth, depth)),
        sharding_names=('model', None),
    )

  def __call__(self, x: jax.Array):
    y = self.dot1(x)
    y = jax.nn.relu(y)
    z = jnp.dot(y, self.w2[...])
    return z


@nnx.jit
def create_sharded_model():
  model = DotReluDot(1024, rngs=nnx.Rngs(0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, sharded_state)
  return model


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    y_pred = model(x)
    return jnp.mean((y_pred - y) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


with jax.set_mesh(mesh):
  sharded_model = create_sharded_model()
  optimizer = nnx.Optimizer(sharded_model, optax.adam(1e-3), wrt=nnx.Param)

  data_sharding = NamedSharding(mesh, P('data', None))
  input_ = jax.device_put(jnp.ones((8, 1024)), data_sharding)
  label = jax.device_put(jnp.ones((8, 1024)), data_sharding)

  lowered = train_step.trace(sharded_model, optimizer, input_, label).lower(
      lowering_platforms=('tpu',))
