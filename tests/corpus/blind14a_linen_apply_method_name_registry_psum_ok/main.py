import functools

import flax.linen as nn
import jax
import jax.numpy as jnp
import numpy as np
import optax
from jax import lax
from jax.sharding import Mesh, PartitionSpec as P


class TwoTower(nn.Module):
  dim: int = 64

  def setup(self):
    self.q_proj = nn.Dense(self.dim)
    self.d_proj = nn.Dense(self.dim)
    self.norm = nn.LayerNorm()

  def encode_query(self, x):
    return self.norm(self.q_proj(x))

  def encode_doc(self, x):
    return self.norm(self.d_proj(x))

  def __call__(self, q, d):
    return self.encode_query(q), self.encode_doc(d)


TASKS = {'query': 'encode_query', 'doc': 'encode_doc'}


def contrastive_loss(params, model, q, d, axis='data'):
  qe = model.apply({'params': params}, q, method=TASKS['query'])
  de = model.apply({'params': params}, d, method=TASKS['doc'])
  all_de = lax.all_gather(de, axis, tiled=True)  # [global_batch, dim]
  logits = qe @ all_de.T
  offset = lax.axis_index(axis) * q.shape[0]
  labels = offset + jnp.arange(q.shape[0])
  loss = optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean()
  return lax.pmean(loss, axis)


def grads_and_loss(params, q, d, *, model):
  loss, g = jax.value_and_grad(contrastive_loss)(params, model, q, d)
  return loss, lax.pmean(g, 'data')


model = TwoTower()
params = model.init(jax.random.key(0), jnp.ones((1, 32)), jnp.ones((1, 32)))['params']
mesh = Mesh(np.array(jax.devices()), ('data',))
step = jax.jit(jax.shard_map(functools.partial(grads_and_loss, model=model), mesh=mesh,
                             in_specs=(P(), P('data'), P('data')),
                             out_specs=(P(), P())))
q = jnp.ones((16, 32))
d = jnp.ones((16, 32))
step.trace(params, q, d).lower(lowering_platforms=('cuda',))
