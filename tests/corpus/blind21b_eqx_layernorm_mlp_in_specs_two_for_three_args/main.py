import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


class Model(eqx.Module):
  ln: eqx.nn.LayerNorm
  mlp: eqx.nn.MLP

  def __init__(self, key):
    self.ln = eqx.nn.LayerNorm(12)
    self.mlp = eqx.nn.MLP(12, 1, 24, 2, key=key)

  def __call__(self, x):
    return self.mlp(self.ln(x))


def build(mesh, static):
  def grads_fn(params, x, y):
    def loss(p):
      return jnp.mean((jax.vmap(eqx.combine(p, static))(x) - y) ** 2)

    return jax.lax.pmean(jax.grad(loss)(params), "data")

  return jax.jit(jax.shard_map(grads_fn, mesh=mesh, in_specs=(P(), P("data")), out_specs=P()))


def main():
  mesh = Mesh(np.array(jax.devices()), ("data",))
  params, static = eqx.partition(Model(jr.key(0)), eqx.is_array)
  step = build(mesh, static)
  step.trace(params, jnp.ones((16, 12)), jnp.ones((16, 1))).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
