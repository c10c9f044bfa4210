import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from layers import DP, TP, SeqParallelMLP

mesh = jax.make_mesh((2, 2), (DP, TP), axis_types=(AxisType.Auto, AxisType.Auto))
model = SeqParallelMLP(128, 512, mesh, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)


@nnx.jit
def train_step(model, optimizer, x):
  def loss_fn(model):
    y = model(x)
    return jnp.mean((y.astype(jnp.float32) - x) ** 2)

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


x = jax.ShapeDtypeStruct((4, 64, 128), jnp.float32, sharding=NamedSharding(mesh, P(DP, TP)))
train_step.trace(model, optimizer, x).lower(lowering_platforms=("tpu",))
