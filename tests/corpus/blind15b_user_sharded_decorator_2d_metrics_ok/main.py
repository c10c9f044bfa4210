import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P


def sharded(mesh, *, in_specs, out_specs):
  def deco(fn):
    @functools.wraps(fn)
    def wrapper(*args):
      return jax.shard_map(fn, mesh=mesh, in_specs=in_specs, out_specs=out_specs)(*args)
    return wrapper
  return deco


def log_local_shapes(fn):
  @functools.wraps(fn)
  def wrapper(*args):
    print(fn.__name__, [a.shape for a in jax.tree.leaves(args)])
    return fn(*args)
  return wrapper


mesh = Mesh(np.array(jax.devices()).reshape(2, 2), ('data', 'model'))
SPECS = dict(in_specs=(P(None, 'model'), P('data'), P('data')), out_specs=(P(), P()))


@jax.jit
@sharded(mesh, **SPECS)
@log_local_shapes
def eval_step(w, x, labels):
  local_logits = x @ w
  v_local = local_logits.shape[1]
  m = jax.lax.pmax(local_logits.max(-1), 'model')
  se = jax.lax.psum(jnp.exp(local_logits - m[:, None]).sum(-1), 'model')
  lse = jnp.log(se) + m
  offset = jax.lax.axis_index('model') * v_local
  local_ids = labels - offset
  hit = (local_ids >= 0) & (local_ids < v_local)
  picked = jnp.take_along_axis(local_logits, jnp.clip(local_ids, 0, v_local - 1)[:, None], 1)[:, 0]
  label_logit = jax.lax.psum(jnp.where(hit, picked, 0.0), 'model')
  nll = lse - label_logit
  n = jax.lax.psum(jnp.float32(labels.shape[0]), 'data')
  loss = jax.lax.psum(nll.sum(), 'data') / n
  return loss, n


if __name__ == '__main__':
  w = jnp.zeros((64, 256))
  x = jnp.ones((16, 64))
  labels = jnp.zeros((16,), jnp.int32)
  eval_step.trace(w, x, labels).lower(lowering_platforms=('tpu',))
