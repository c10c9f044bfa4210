from functools import partial

import jax
import jax.numpy as jnp
import flax.linen as nn
from jax.sharding import PartitionSpec as P

_STAGE_AXIS = "stage"
NUM_STAGES = 4
NUM_MICROBATCHES = 8


class Stage(nn.Module):
  features: int = 32

  @nn.compact
  def __call__(self, x):
    return nn.relu(nn.Dense(self.features)(x))


def _pipelined_send(x, perm):
  with jax.named_scope("pipelined_send"):
    return jax.lax.psend(x, _STAGE_AXIS, perm=perm)


def _pipelined_recv(token, like, perm):
  with jax.named_scope("pipelined_recv"):
    return jax.lax.precv(token, jax.ShapeDtypeStruct(like.shape, like.dtype), _STAGE_AXIS, perm=perm)


stage = Stage()
mesh = jax.make_mesh((NUM_STAGES,), (_STAGE_AXIS,), axis_types=(jax.sharding.AxisType.Explicit,))


@partial(jax.shard_map, mesh=mesh, in_specs=(P(_STAGE_AXIS), P()), out_specs=P(_STAGE_AXIS),
         check_vma=False)
def _apply(stage_params, microbatches):
  params = jax.tree.map(lambda a: a[0], stage_params)
  stage_index = jax.lax.axis_index(_STAGE_AXIS)
  perm = [(i, i + 1) for i in range(NUM_STAGES - 1)]
  state = jnp.zeros_like(microbatches[0])
  outputs = jnp.zeros_like(microbatches)

  def body(carry, i):
    state, outputs = carry
    inp = jnp.where(stage_index == 0, microbatches[i % NUM_MICROBATCHES], state)
    out = stage.apply({"params": params}, inp)
    outputs = jax.lax.dynamic_update_index_in_dim(
        outputs, out, (i - NUM_STAGES + 1) % NUM_MICROBATCHES, 0)
    token = _pipelined_send(out, perm)
    state = _pipelined_recv(token, out, perm)
    return (state, outputs), None

  (_, outputs), _ = jax.lax.scan(body, (state, outputs),
                                 jnp.arange(NUM_MICROBATCHES + NUM_STAGES - 1))
  return outputs[None]


x = jnp.ones((NUM_MICROBATCHES, 4, 32))
per_stage = jax.vmap(lambda k: stage.init(k, x[0])["params"])(jax.random.split(jax.random.key(0), NUM_STAGES))
per_stage = jax.device_put(per_stage, jax.NamedSharding(mesh, P(_STAGE_AXIS)))
lowered = jax.jit(_apply).trace(per_stage, x).lower(lowering_platforms=("cuda",))
print("ok", "send" in lowered.as_text())
