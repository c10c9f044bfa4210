import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P


class Encoder(eqx.Module):
  proj: eqx.nn.Linear
  head: eqx.nn.Linear
  replicated: NamedSharding = eqx.field(static=True)

  def __init__(self, replicated, key):
    k1, k2 = jax.random.split(key)
    self.proj = eqx.nn.Linear(32, 64, key=k1)
    self.head = eqx.nn.Linear(64, 4, key=k2)
    self.replicated = replicated

  def __call__(self, x):
    h = jax.vmap(self.proj)(x)
    h = eqx.filter_shard(h, self.replicated)
    return jax.vmap(self.head)(jax.nn.tanh(h))


mesh = Mesh(np.array(jax.devices()), ('dp',))
model = Encoder(NamedSharding(mesh, P()), jax.random.key(1))


def per_device(model, x, y):
  loss, grads = eqx.filter_value_and_grad(
      lambda m: jnp.mean((m(x) - y) ** 2))(model)
  grads = jax.tree.map(lambda g: jax.lax.psum(g, 'dp') / 4, grads)
  return loss[None], grads


params, static = eqx.partition(model, eqx.is_array)


def step(params, x, y):
  def body(params, x, y):
    return per_device(eqx.combine(params, static), x, y)
  losses, grads = jax.shard_map(body, mesh=mesh,
                                in_specs=(P(), P('dp'), P('dp')),
                                out_specs=(P('dp'), P()),
                                check_vma=False)(params, x, y)
  return losses.mean(), grads


x = jnp.ones((16, 32))
y = jnp.ones((16, 4))
jax.jit(step).trace(params, x, y).lower(lowering_platforms=('cuda',))
