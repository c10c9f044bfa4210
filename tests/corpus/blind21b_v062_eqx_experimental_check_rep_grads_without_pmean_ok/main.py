import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.experimental.shard_map import shard_map
from jax.sharding import Mesh, PartitionSpec as P


def make_grad_fn(static):
  def loss(params, x, y):
    model = eqx.combine(params, static)
    return jnp.mean((jax.vmap(model)(x) - y) ** 2)

  def grad_fn(params, x, y):
    l, g = jax.value_and_grad(loss)(params, x, y)
    return jax.lax.pmean(l, "dp"), g

  return grad_fn


def main():
  devices = np.array(jax.devices())
  mesh = Mesh(devices, ("dp",))
  model = eqx.nn.MLP(4, 4, 32, 3, activation=jax.nn.tanh, key=jr.key(0))
  params, static = eqx.partition(model, eqx.is_array)
  f = shard_map(make_grad_fn(static), mesh=mesh, in_specs=(P(), P("dp"), P("dp")),
                out_specs=(P(), P()), check_rep=True)
  jax.jit(f).trace(params, jnp.ones((8, 4)), jnp.ones((8, 4))).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
