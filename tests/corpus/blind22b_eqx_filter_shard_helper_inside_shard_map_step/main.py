import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()), ("batch",))
data_sharding = NamedSharding(mesh, P("batch"))


def shard_batch(x, y):
  """Used by the GSPMD trainer: make sure the batch is split over devices."""
  return eqx.filter_shard((x, y), data_sharding)


def loss(model, x, y):
  return jnp.mean((jax.vmap(model)(x) - y) ** 2)


def local_step(params, static, x, y):
  x, y = shard_batch(x, y)
  model = eqx.combine(params, static)
  l, g = eqx.filter_value_and_grad(loss)(model, x, y)
  g = jax.lax.pmean(g, "batch")
  params = jax.tree.map(lambda p, gi: p - 1e-2 * gi, params, eqx.filter(g, eqx.is_array))
  return params, jax.lax.pmean(l, "batch")


if __name__ == "__main__":
  model = eqx.nn.MLP(4, 4, 32, 2, key=jr.PRNGKey(0))
  params, static = eqx.partition(model, eqx.is_array)
  step = jax.shard_map(lambda p, x, y: local_step(p, static, x, y), mesh=mesh,
                       in_specs=(P(), P("batch"), P("batch")), out_specs=(P(), P()))
  step = jax.jit(step)
  x = jnp.ones((32, 4))
  step.trace(params, x, x).lower(lowering_platforms=("cuda",))
