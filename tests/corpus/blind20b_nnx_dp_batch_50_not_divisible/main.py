import argparse

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import PartitionSpec as P


def build(args):
  mesh = jax.make_mesh((4,), ("data",), axis_types=(jax.sharding.AxisType.Auto,))
  model = MLP(args.features, 128, 10, rngs=nnx.Rngs(args.seed))
  optimizer = nnx.Optimizer(model, optax.adam(args.lr), wrt=nnx.Param)

  @nnx.jit
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P(), P("data"), P("data")), out_specs=P())
  def train_step(model, optimizer, x, y):
    def loss_fn(model):
      return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

    loss, grads = nnx.value_and_grad(loss_fn)(model)
    optimizer.update(model, jax.lax.pmean(grads, "data"))
    return jax.lax.pmean(loss, "data")

  return model, optimizer, train_step


from model import MLP  # noqa: E402

if __name__ == "__main__":
  ap = argparse.ArgumentParser()
  ap.add_argument("--batch_size", type=int, default=50)
  ap.add_argument("--features", type=int, default=20)
  ap.add_argument("--lr", type=float, default=1e-3)
  ap.add_argument("--seed", type=int, default=0)
  args = ap.parse_args()
  model, optimizer, train_step = build(args)
  x = jnp.zeros((args.batch_size, args.features))
  y = jnp.zeros((args.batch_size,), jnp.int32)
  train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
