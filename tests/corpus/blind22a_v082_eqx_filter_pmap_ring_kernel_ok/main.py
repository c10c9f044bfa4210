import equinox as eqx
import jax
import jax.numpy as jnp

from ring_allreduce import ring_all_reduce

N = 4


class Linear(eqx.Module):
  weight: jax.Array

  def __call__(self, x):
    return x @ self.weight


def loss(model, x):
  return jnp.mean(model(x) ** 2)


@eqx.filter_pmap(axis_name='dp')
def grad_and_sync(model, x):
  g = eqx.filter_grad(loss)(model, x)
  return jax.tree.map(lambda a: ring_all_reduce(a, axis_name='dp', num_devices=N) / N, g)


model = Linear(jnp.ones((N, 128, 128), jnp.float32))
xs = jnp.ones((N, 8, 128), jnp.float32)
jax.jit(lambda m, xs: grad_and_sync(m, xs)).trace(model, xs).lower(lowering_platforms=('tpu',))
