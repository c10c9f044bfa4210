import equinox as eqx
import jax
import jax.numpy as jnp
import optax
from jax.sharding import AxisType, NamedSharding, PartitionSpec as P

import ensemble as ens


def main():
  mesh = jax.make_mesh((2, 2), ("members", "data"), axis_types=(AxisType.Auto, AxisType.Auto))
  member_sharding = NamedSharding(mesh, P("members"))
  batch_sharding = NamedSharding(mesh, P("data"))

  model = ens.make_ensemble(jax.random.split(jax.random.key(0), ens.N_MEMBERS))
  model = eqx.filter_shard(model, member_sharding)
  tx = optax.adam(1e-3)
  opt_state = tx.init(eqx.filter(model, eqx.is_array))

  @eqx.filter_jit
  def train_step(model, opt_state, x, y):
    x, y = eqx.filter_shard((x, y), batch_sharding)

    def total(m):
      return jnp.sum(ens.member_losses(m, x, y))

    losses, grads = eqx.filter_value_and_grad(total)(model)
    updates, opt_state = tx.update(grads, opt_state)
    model = eqx.apply_updates(model, updates)
    model = eqx.filter_shard(model, member_sharding)
    return model, opt_state, losses

  params, static = eqx.partition(model, eqx.is_array)
  step = jax.jit(lambda p, o, x, y: eqx.filter(train_step(eqx.combine(p, static), o, x, y), eqx.is_array))
  x = jnp.zeros((128, 8))
  y = jnp.zeros((128, 1))
  step.trace(params, opt_state, x, y).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
