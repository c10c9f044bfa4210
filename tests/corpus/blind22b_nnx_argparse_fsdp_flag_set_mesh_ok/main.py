import argparse

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P


def get_args():
  parser = argparse.ArgumentParser()
  parser.add_argument("--fsdp", action=argparse.BooleanOptionalAction, default=True)
  parser.add_argument("--dp", type=int, default=2)
  parser.add_argument("--tp", type=int, default=2)
  parser.add_argument("--d_model", type=int, default=128)
  parser.add_argument("--lr", type=float, default=1e-3)
  return parser.parse_args()


class MLP(nnx.Module):
  def __init__(self, d, *, fsdp, rngs):
    row = "data" if fsdp else None
    init = nnx.initializers.lecun_normal()
    self.up = nnx.Linear(d, 4 * d, rngs=rngs,
                         kernel_init=nnx.with_partitioning(init, (row, "model")))
    self.down = nnx.Linear(4 * d, d, rngs=rngs,
                           kernel_init=nnx.with_partitioning(init, ("model", row)))

  def __call__(self, x):
    return self.down(nnx.relu(self.up(x)))


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    return jnp.mean((model(x) - y) ** 2)
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


def main(args):
  mesh = jax.make_mesh((args.dp, args.tp), ("data", "model"),
                       axis_types=(AxisType.Auto, AxisType.Auto))
  with jax.set_mesh(mesh):
    model = MLP(args.d_model, fsdp=args.fsdp, rngs=nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(args.lr), wrt=nnx.Param)
    x = jax.device_put(jnp.ones((16, args.d_model)), NamedSharding(mesh, P("data")))
    train_step.trace(model, optimizer, x, x).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main(get_args())
