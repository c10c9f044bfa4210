import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

DP = "dp"


class Block(nnx.Module):
  def __init__(self, d, rngs):
    self.norm = nnx.LayerNorm(d, rngs=rngs)
    self.fc = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    return x + self.fc(nnx.gelu(self.norm(x)))


class Net(nnx.Module):
  def __init__(self, rngs):
    self.blocks = nnx.List([Block(64, rngs) for _ in range(3)])
    self.head = nnx.Linear(64, 10, rngs=rngs)

  def __call__(self, x):
    for blk in self.blocks:
      x = nnx.remat(lambda b, h: b(h))(blk, x)
    return self.head(x)


mesh = jax.make_mesh((4,), (DP,), axis_types=(AxisType.Auto,))


def loss_fn(model, x, labels):
  logits = model(x)
  return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()


@nnx.shard_map(mesh=mesh, in_specs=(P(), P(DP), P(DP)), out_specs=(P(), P()))
def dp_grads(model, x, labels):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, labels)
  return jax.lax.pmean(loss, DP), jax.lax.pmean(grads, DP)


@nnx.jit
def train_step(model, optimizer, x, labels):
  loss, grads = dp_grads(model, x, labels)
  optimizer.update(model, grads)
  return loss


def main():
  model = Net(nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adam(1e-3), wrt=nnx.Param)
  x = jnp.ones((32, 64))
  labels = jnp.zeros((32,), jnp.int32)
  train_step.trace(model, optimizer, x, labels).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
