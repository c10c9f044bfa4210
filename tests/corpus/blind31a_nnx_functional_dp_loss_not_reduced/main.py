import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P


class Classifier(nnx.Module):
  def __init__(self, rngs):
    self.l1 = nnx.Linear(32, 64, rngs=rngs)
    self.l2 = nnx.Linear(64, 10, rngs=rngs)

  def __call__(self, x):
    return self.l2(jax.nn.relu(self.l1(x)))


mesh = jax.make_mesh((4,), ("data",), axis_types=(AxisType.Auto,))
graphdef, state = nnx.split(Classifier(nnx.Rngs(0)))


def local_step(state, x, labels):
  def loss_fn(state):
    logits = nnx.merge(graphdef, state)(x)
    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=1))

  loss, grads = jax.value_and_grad(loss_fn)(state)
  grads = jax.lax.pmean(grads, "data")
  state = jax.tree.map(lambda p, g: p - 0.1 * g, state, grads)
  return state, loss


step = jax.jit(jax.shard_map(local_step, mesh=mesh, in_specs=(P(), P("data"), P("data")), out_specs=(P(), P())))
x = jnp.ones((16, 32))
labels = jnp.zeros((16,), jnp.int32)
print(step.trace(state, x, labels).lower(lowering_platforms=("cuda",)).as_text()[:20])
