import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType

from model import Net

# renamed the tensor-parallel axis to match the new launcher config
MESH_AXES = ("data", "tensor")
mesh = jax.make_mesh((2, 2), MESH_AXES, axis_types=(AxisType.Auto,) * 2)


@nnx.jit
def train_step(model, optimizer, x, labels):
  def loss_fn(model):
    logits = model(x)
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


if __name__ == "__main__":
  with jax.set_mesh(mesh):
    model = Net(64, depth=2, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
    x = jnp.ones((8, 16, 64))
    labels = jnp.zeros((8,), jnp.int32)
    train_step.trace(model, optimizer, x, labels).lower(lowering_platforms=("cuda",))
