import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

import ensemble as ens_lib


def main():
  mesh = Mesh(np.array(jax.devices()), ("ensemble",))
  members = ens_lib.make_ensemble(jr.split(jr.key(0), 8))
  params, static = eqx.partition(members, eqx.is_array)

  def predict(params, x):
    preds = ens_lib.evaluate_ensemble(eqx.combine(params, static), x)
    return ens_lib.ensemble_mean(preds)

  f = jax.jit(jax.shard_map(predict, mesh=mesh, in_specs=(P("ensemble"), P()), out_specs=P()))
  f.trace(params, jnp.ones((32, 4))).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
