import equinox as eqx
import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P

from hybrid.mesh import DATA


def build_step(static, mesh, lr=1e-2):
  def per_replica(params, x, y):
    def loss_fn(p):
      model = eqx.combine(p, static)
      return jnp.mean((model(x) - y) ** 2)

    loss, grads = jax.value_and_grad(loss_fn)(params)
    params = jax.tree.map(lambda p, g: p - lr * g, params, grads)
    return params, lax.pmean(loss, DATA)

  return jax.jit(jax.shard_map(per_replica, mesh=mesh, in_specs=(P(), P(DATA), P(DATA)),
                               out_specs=(P(), P()), axis_names={DATA}))
