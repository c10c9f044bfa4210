import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('batch', 'seq'))
act = NamedSharding(mesh, P('batch', 'seq', None))


def attention(q, k, v):
  s = jnp.einsum('btd,bsd->bts', q, k) / jnp.sqrt(q.shape[-1])
  return jnp.einsum('bts,bsd->btd', jax.nn.softmax(s, axis=-1), v)


def block(params, x):
  q, k, v = (x @ params[n] for n in ('wq', 'wk', 'wv'))
  q = jax.lax.with_sharding_constraint(q, act)
  o = attention(q, k, v)
  o = jax.lax.with_sharding_constraint(o, act)
  return x + o @ params['wo']


params = {n: jnp.ones((64, 64)) * 0.01 for n in ('wq', 'wk', 'wv', 'wo')}
x = jnp.ones((4, 10, 64))
jax.jit(block).trace(params, x).lower(lowering_platforms=('cuda',))
