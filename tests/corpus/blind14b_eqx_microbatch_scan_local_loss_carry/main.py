import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P

AXIS = 'dp'
MICRO = 4


def loss_fn(params, static, x, y):
  model = eqx.combine(params, static)
  return jnp.mean((jax.vmap(model)(x) - y) ** 2)


def make_accumulate(static):
  def accumulate(params, xs, ys):
    xs = xs.reshape(MICRO, -1, xs.shape[-1])
    ys = ys.reshape(MICRO, -1, ys.shape[-1])

    def body(carry, batch):
      g_acc, l_acc = carry
      l, g = eqx.filter_value_and_grad(loss_fn)(params, static, *batch)
      return (jax.tree.map(jnp.add, g_acc, g), l_acc + l), None

    zeros = jax.tree.map(jnp.zeros_like, params)
    (g, l), _ = lax.scan(body, (zeros, jnp.zeros(())), (xs, ys))
    return jax.tree.map(lambda a: a / MICRO, g), lax.pmean(l / MICRO, AXIS)

  return accumulate


def main():
  mesh = Mesh(np.array(jax.devices()), (AXIS,))
  model = eqx.nn.MLP(6, 2, 32, 2, key=jax.random.key(0))
  params, static = eqx.partition(model, eqx.is_inexact_array)
  step = jax.shard_map(make_accumulate(static), mesh=mesh,
                       in_specs=(P(), P(AXIS), P(AXIS)), out_specs=(P(), P()))
  x = jnp.ones((64, 6))
  y = jnp.ones((64, 2))
  jax.jit(step).trace(params, x, y).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
