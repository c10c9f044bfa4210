import argparse

import equinox as eqx
import jax
import jax.numpy as jnp
import optax

from dp.parallel import make_mesh, data_parallel
from dp.step import make_step


def get_args():
  p = argparse.ArgumentParser()
  p.add_argument("--batch_size", type=int, default=32)
  p.add_argument("--width", type=int, default=64)
  p.add_argument("--axis", default="dp")
  return p.parse_args([])


def main():
  args = get_args()
  mesh = make_mesh(args.axis)
  model = eqx.nn.MLP(28 * 28, 10, args.width, depth=2, key=jax.random.PRNGKey(0))
  params, static = eqx.partition(model, eqx.is_inexact_array)
  optim = optax.multi_transform(
      {"sgd": optax.sgd(1e-2, momentum=0.9), "frozen": optax.set_to_zero()},
      lambda p: jax.tree.map(lambda _: "sgd", p),
  )
  opt_state = optim.init(params)
  step = jax.jit(data_parallel(make_step(static, optim, args.axis), mesh, args.axis))
  x = jnp.zeros((args.batch_size, 28 * 28))
  y = jnp.zeros((args.batch_size,), jnp.int32)
  lowered = step.trace(params, opt_state, x, y).lower(lowering_platforms=("cuda",))
  print("ok", len(lowered.as_text()))


if __name__ == "__main__":
  main()
