import dataclasses

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


@dataclasses.dataclass(frozen=True)
class MeshConfig:
  shape: tuple = (2, 2)
  axes: tuple = ("data", "model")


class DotReluDot(nnx.Module):
  def __init__(self, depth: int, rngs: nnx.Rngs):
    init_fn = nnx.initializers.lecun_normal()
    self.dot1 = nnx.Linear(
        depth, depth,
        kernel_init=nnx.with_partitioning(init_fn, (None, "model")),
        use_bias=False, rngs=rngs)
    self.w2 = nnx.Param(
        init_fn(rngs.params(), (depth, depth)),
        sharding=("model", None))

  def __call__(self, x):
    y = self.dot1(x)
    y = jax.nn.relu(y)
    y = jax.lax.with_sharding_constraint(y, P("data", "model"))
    return jnp.dot(y, self.w2[...])


cfg = MeshConfig()
mesh = jax.make_mesh(cfg.shape, cfg.axes, axis_types=(AxisType.Auto,) * len(cfg.axes))


@nnx.jit
def create_sharded_model():
  model = DotReluDot(64, rngs=nnx.Rngs(0))
  state = nnx.state(model)
  pspecs = nnx.get_partition_spec(state)
  sharded_state = jax.lax.with_sharding_constraint(state, pspecs)
  nnx.update(model, sharded_state)
  return model


with jax.set_mesh(mesh):
  model = create_sharded_model()
  optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)

  @nnx.jit
  def train_step(model, optimizer, x, y):
    def loss_fn(model):
      return jnp.mean((model(x) - y) ** 2)
    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, grads)
    return loss

  x = jax.device_put(jnp.ones((8, 64)), NamedSharding(mesh, P("data", None)))
  y = jax.device_put(jnp.ones((8, 64)), NamedSharding(mesh, P("data", None)))
  lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
print("lowered", lowered.as_text().count("mhlo.sharding") >= 0)
