import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

ACCUM_STEPS = 4


class Block(nnx.Module):
  def __init__(self, d, rngs):
    init = nnx.initializers.lecun_normal()
    self.norm = nnx.LayerNorm(d, dtype=jnp.bfloat16, rngs=rngs)
    self.fc1 = nnx.Linear(d, 4 * d, dtype=jnp.bfloat16,
                          kernel_init=nnx.with_partitioning(init, ("fsdp", "tp")), rngs=rngs)
    self.fc2 = nnx.Linear(4 * d, d, dtype=jnp.bfloat16,
                          kernel_init=nnx.with_partitioning(init, ("tp", "fsdp")), rngs=rngs)

  def __call__(self, x):
    return x + self.fc2(nnx.gelu(self.fc1(self.norm(x))))


@nnx.jit
def create_sharded(rngs):
  model = Block(512, rngs=rngs)
  optimizer = nnx.Optimizer(model, optax.MultiSteps(optax.adamw(3e-4), ACCUM_STEPS), wrt=nnx.Param)
  state = nnx.state(optimizer)
  nnx.update(optimizer, jax.lax.with_sharding_constraint(state, nnx.get_partition_spec(state)))
  return model, optimizer


@nnx.jit
def train_step(model, optimizer, x):
  def loss_fn(model):
    return jnp.mean((model(x).astype(jnp.float32) - x) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


mesh = jax.make_mesh((2, 2), ("fsdp", "tp"), axis_types=(AxisType.Auto, AxisType.Auto))
with jax.set_mesh(mesh):
  model, optimizer = create_sharded(nnx.Rngs(0))
  x = jax.ShapeDtypeStruct((16, 512), jnp.float32, sharding=NamedSharding(mesh, P("fsdp", None)))
  train_step.trace(model, optimizer, x).lower(lowering_platforms=("cuda",))
