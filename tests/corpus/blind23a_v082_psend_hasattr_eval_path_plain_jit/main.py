from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P

from pipeline import shift_right

mesh = jax.make_mesh((4,), ('stages',))


def stage_fn(w, x):
  h = jnp.tanh(x @ w[0])
  return shift_right(h)


train_step = jax.jit(jax.shard_map(stage_fn, mesh=mesh, in_specs=(P('stages'), P('stages')),
                                   out_specs=P('stages'), check_vma=False))
# evaluation path: the shard_map was forgotten, only jit
eval_step = jax.jit(stage_fn)

w = jnp.ones((4, 16, 16))
x = jnp.ones((8, 16))
print(train_step.trace(w, x).lower(lowering_platforms=('cuda',)).as_text()[:60])
print(eval_step.trace(w, x).lower(lowering_platforms=('cuda',)).as_text()[:60])
