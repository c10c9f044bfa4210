import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class Regressor(eqx.Module):
  norm: eqx.nn.LayerNorm
  mlp: eqx.nn.MLP

  def __init__(self, key):
    self.norm = eqx.nn.LayerNorm(5)
    self.mlp = eqx.nn.MLP(5, 1, 16, 1, key=key)

  def __call__(self, x):
    return self.mlp(self.norm(x))


def eval_loss(model, x, y, sharding):
  x, y = eqx.filter_shard((x, y), sharding)
  pred = jax.vmap(model)(x)
  return jnp.mean((pred - y) ** 2)


def main():
  mesh = Mesh(np.array(jax.devices()), ("batch",))
  sharding = NamedSharding(mesh, P("batch"))
  model = Regressor(jr.key(3))
  params, static = eqx.partition(model, eqx.is_array)
  evaluate = jax.jit(lambda p, x, y: eval_loss(eqx.combine(p, static), x, y, sharding))
  # 70 examples with batch size 16: the last batch holds 6
  last_x = jnp.ones((6, 5))
  last_y = jnp.ones((6, 1))
  evaluate.trace(params, last_x, last_y).lower(lowering_platforms=("cuda",))


if __name__ == "__main__":
  main()
