import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


@jax.custom_vjp
def sync_grads(p):
  return p


def _fwd(p):
  return p, None


def _bwd(_, g):
  return (jax.tree.map(lambda t: lax.pmean(t, 'dp'), g),)


sync_grads.defvjp(_fwd, _bwd)

mesh = Mesh(np.array(jax.devices()), ('dp',))
model = eqx.nn.MLP(6, 2, 16, 2, key=jax.random.key(0))
params, static = eqx.partition(model, eqx.is_array)


def loss_fn(params, x, y):
  m = eqx.combine(sync_grads(params), static)
  return jnp.mean((jax.vmap(m)(x) - y) ** 2)


def step(params, x, y):
  loss, grads = eqx.filter_value_and_grad(loss_fn)(params, x, y)
  params = jax.tree.map(lambda p, g: p - 0.1 * g, params, grads)
  return params, lax.pmean(loss, 'dp')


f = jax.jit(jax.shard_map(step, mesh=mesh, in_specs=(P(), P('dp'), P('dp')),
                          out_specs=(P(), P())))
f.trace(params, jnp.ones((32, 6)), jnp.ones((32, 2))).lower(lowering_platforms=('cuda',))
