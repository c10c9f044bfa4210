import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P

TEST_SIZE = 1042
BATCH = 64


class MLP(nnx.Module):
  def __init__(self, *, rngs):
    self.fc1 = nnx.Linear(784, 128, rngs=rngs)
    self.fc2 = nnx.Linear(128, 10, rngs=rngs)

  def __call__(self, x):
    return self.fc2(nnx.relu(self.fc1(x)))


mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))


def eval_fn(model, x, y):
  acc = (model(x).argmax(-1) == y).mean()
  return jax.lax.pmean(acc, "data")


eval_step = nnx.jit(nnx.shard_map(eval_fn, mesh=mesh, in_specs=(P(), P("data"), P("data")),
                                  out_specs=P()))


if __name__ == "__main__":
  model = MLP(rngs=nnx.Rngs(0))
  images = jnp.ones((TEST_SIZE, 784))
  labels = jnp.zeros((TEST_SIZE,), jnp.int32)
  for start in range(0, TEST_SIZE, BATCH):
    x, y = images[start:start + BATCH], labels[start:start + BATCH]
    eval_step.trace(model, x, y).lower(lowering_platforms=("cuda",))
