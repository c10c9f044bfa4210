import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

N_MEMBERS = 4


class MLP(nnx.Module):
  def __init__(self, din, dhidden, dout, *, rngs):
    self.l1 = nnx.Linear(din, dhidden, rngs=rngs)
    self.l2 = nnx.Linear(dhidden, dout, rngs=rngs)

  def __call__(self, x):
    logits = self.l2(nnx.relu(self.l1(x)))
    # ensemble-mean baseline: every member sees the average of all members
    return logits - jax.lax.pmean(logits, axis_name="member")


@nnx.split_rngs(splits=N_MEMBERS)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_ensemble(rngs):
  return MLP(16, 32, 10, rngs=rngs)


@nnx.vmap(in_axes=(0, None), out_axes=0, axis_name="member")
def ensemble_forward(model, x):
  return model(x)


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    logits = ensemble_forward(model, x)
    labels = jnp.broadcast_to(y, logits.shape[:-1])
    return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


if __name__ == "__main__":
  mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
  with jax.set_mesh(mesh):
    model = create_ensemble(nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.sgd(0.1), wrt=nnx.Param)
    x = jax.device_put(jnp.ones((32, 16)), NamedSharding(mesh, P("data")))
    y = jax.device_put(jnp.zeros((32,), jnp.int32), NamedSharding(mesh, P("data")))
    train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
