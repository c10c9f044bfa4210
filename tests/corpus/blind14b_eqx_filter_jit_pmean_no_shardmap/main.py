import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

DATA = 'data'


class Regressor(eqx.Module):
  mlp: eqx.nn.MLP

  def __init__(self, key):
    self.mlp = eqx.nn.MLP(8, 1, 32, 2, key=key)

  def __call__(self, x):
    return self.mlp(x)[0]


def loss(model, x, y):
  pred = jax.vmap(model)(x)
  local = jnp.mean((pred - y) ** 2)
  return jax.lax.pmean(local, DATA)


def main():
  mesh = Mesh(np.array(jax.devices()), (DATA,))
  shard = NamedSharding(mesh, P(DATA))
  model = Regressor(jr.key(1))
  params, static = eqx.partition(model, eqx.is_array)

  def train_loss(params, x, y):
    x, y = eqx.filter_shard((x, y), shard)
    return loss(eqx.combine(params, static), x, y)

  grad_fn = jax.jit(jax.value_and_grad(train_loss))
  x = jnp.zeros((32, 8))
  y = jnp.zeros((32,))
  grad_fn.trace(params, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
