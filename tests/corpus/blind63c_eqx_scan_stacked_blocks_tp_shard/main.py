import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from blocks import run_stack, stack_shardings, stacked_blocks

D, DEPTH = 128, 6


def main():
  mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ("data", "model"))
  stack = stacked_blocks(DEPTH, D, jax.random.key(3))
  shardings = stack_shardings(stack, mesh)
  batch = NamedSharding(mesh, P("data"))
  opt = optax.adamw(1e-3, weight_decay=1e-4)
  opt_state = opt.init(eqx.filter(stack, eqx.is_array))

  @eqx.filter_jit
  def train_step(stack, opt_state, x):
    stack = eqx.filter_shard(stack, shardings)
    x = eqx.filter_shard(x, batch)

    def loss(s):
      return jnp.mean(run_stack(s, x) ** 2)

    l, g = eqx.filter_value_and_grad(loss)(stack)
    updates, opt_state = opt.update(g, opt_state, eqx.filter(stack, eqx.is_array))
    stack = eqx.filter_shard(eqx.apply_updates(stack, updates), shardings)
    return stack, opt_state, l

  params, static = eqx.partition(stack, eqx.is_array)

  def lowered_step(params, opt_state, x):
    new_stack, new_opt, l = train_step(eqx.combine(params, static), opt_state, x)
    return eqx.filter(new_stack, eqx.is_array), new_opt, l

  x = jax.ShapeDtypeStruct((16, D), jnp.float32)
  jax.jit(lowered_step).trace(params, opt_state, x).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
