import argparse

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

from model import FSDP, Net


def get_args():
  ap = argparse.ArgumentParser()
  ap.add_argument("--d_model", type=int, default=256)
  ap.add_argument("--depth", type=int, default=3)
  ap.add_argument("--batch", type=int, default=32)
  ap.add_argument("--lr", type=float, default=3e-4)
  return ap.parse_args()


@nnx.jit
def train_step(model, optimizer, x, y):
  def loss_fn(model):
    return optax.softmax_cross_entropy_with_integer_labels(model(x), y).mean()

  loss, grads = nnx.value_and_grad(loss_fn)(model)
  optimizer.update(model, grads)
  return loss


def main():
  args = get_args()
  mesh = jax.make_mesh((4,), (FSDP,), axis_types=(AxisType.Auto,))
  with jax.set_mesh(mesh):
    model = Net(args.d_model, args.depth, 10, nnx.Rngs(0))
    optimizer = nnx.Optimizer(model, optax.adamw(args.lr), wrt=nnx.Param)
    x = jax.device_put(jnp.zeros((args.batch, args.d_model)), NamedSharding(mesh, P(FSDP)))
    y = jax.device_put(jnp.zeros((args.batch,), jnp.int32), NamedSharding(mesh, P(FSDP)))
    lowered = train_step.trace(model, optimizer, x, y).lower(lowering_platforms=("cuda",))
  print(len(lowered.as_text()))


if __name__ == "__main__":
  main()
