import argparse

import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax import lax
from jax.sharding import PartitionSpec as P

from layers import Net, tp_specs
from mesh_utils import MESH_AXES, create_mesh


def parse_args():
  ap = argparse.ArgumentParser()
  ap.add_argument("--dp", type=int, default=2)
  ap.add_argument("--tp", type=int, default=2)
  ap.add_argument("--model_axis", default="model")
  ap.add_argument("--lr", type=float, default=1e-3)
  return ap.parse_args()


def main():
  args = parse_args()
  mesh = create_mesh(args.dp, args.tp)
  dp_axis = MESH_AXES[0]
  model = Net(64, 256, 2, args.model_axis, jax.random.key(0))
  specs = tp_specs(model, MESH_AXES[1])
  optim = optax.adam(args.lr)

  def per_device(model, x, y):
    loss, grads = eqx.filter_value_and_grad(lambda m: jnp.mean((m(x) - y) ** 2))(model)
    grads = lax.pmean(grads, dp_axis)
    updates, _ = optim.update(grads, optim.init(eqx.filter(model, eqx.is_array)))
    return eqx.apply_updates(model, updates), lax.pmean(loss, dp_axis)

  step = jax.shard_map(per_device, mesh=mesh, in_specs=(specs, P(dp_axis), P(dp_axis)),
                       out_specs=(specs, P()))
  step = eqx.filter_jit(step)
  x = jnp.ones((16, 64))
  jax.jit(lambda x, y: step(model, x, y)[1]).trace(x, jnp.ones((16, 1))).lower(
      lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
