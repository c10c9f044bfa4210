import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax.sharding import AxisType, PartitionSpec as P

ENSEMBLE = 8


@eqx.filter_vmap
def make_ensemble(key):
  return eqx.nn.MLP(4, 1, 16, 2, key=key)


@eqx.filter_vmap(in_axes=(eqx.if_array(0), None))
def evaluate_ensemble(model, x):
  return jax.vmap(model)(x)


def main():
  mesh = jax.make_mesh((4,), ("ens",), axis_types=(AxisType.Explicit,))
  ensemble = make_ensemble(jr.split(jr.key(0), ENSEMBLE))
  params, static = eqx.partition(ensemble, eqx.is_array)

  def predict(params, x):
    members = eqx.combine(params, static)
    preds = evaluate_ensemble(members, x)          # (local_members, batch, 1)
    return jax.lax.pmean(jnp.mean(preds, axis=0), "ens"), preds

  f = jax.shard_map(predict, mesh=mesh, in_specs=(P("ens"), P()), out_specs=(P(), P("ens")))
  x = jnp.ones((32, 4))
  with jax.set_mesh(mesh):
    params = jax.device_put(params, P("ens"))
    jax.jit(f).trace(params, x).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
