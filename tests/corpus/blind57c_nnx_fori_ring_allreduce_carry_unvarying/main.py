import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

RING = "ring"
N = 4


class MLP(nnx.Module):
  def __init__(self, rngs):
    self.l1 = nnx.Linear(32, 64, rngs=rngs)
    self.l2 = nnx.Linear(64, 1, rngs=rngs)

  def __call__(self, x):
    return self.l2(nnx.relu(self.l1(x)))


def ring_allreduce(x):
  """Sum `x` over the ring by passing blocks to the right N-1 times."""
  perm = [(j, (j + 1) % N) for j in range(N)]

  def step(i, carry):
    acc, blk = carry
    blk = jax.lax.ppermute(blk, RING, perm)
    return acc + blk, blk

  total, _ = nnx.fori_loop(0, N - 1, step, (x, x))
  return total


def ring_mean_grads(grads):
  return jax.tree.map(lambda g: ring_allreduce(g) / N, grads)


mesh = jax.make_mesh((N,), (RING,), axis_types=(AxisType.Auto,))


@nnx.jit
def grads_step(model, x, y):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(RING), P(RING)), out_specs=P())
  def local(model, x, y):
    def loss_fn(model):
      return jnp.mean((model(x) - y) ** 2)

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    loss = jax.lax.pmean(loss, RING)
    return loss, ring_mean_grads(grads)

  return local(model, x, y)


def main():
  model = MLP(nnx.Rngs(0))
  x, y = jnp.ones((32, 32)), jnp.ones((32, 1))
  grads_step.trace(model, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
