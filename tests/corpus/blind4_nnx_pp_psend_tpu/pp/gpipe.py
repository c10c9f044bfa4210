"""GPipe forward schedule: stage i hands its activation to stage i+1 with psend/precv."""
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import PartitionSpec as P


def _forward_pipeline(graphdef, stage_state, microbatches, *, axis: str, num_stages: int):
  # Each device holds one stage: drop the leading (stage) axis of its shard.
  stage_state = jax.tree.map(lambda a: a[0], stage_state)
  stage = nnx.merge(graphdef, stage_state)
  idx = jax.lax.axis_index(axis)
  num_micro = microbatches.shape[0]
  fwd = [(i, i + 1) for i in range(num_stages - 1)]

  carry = jnp.zeros_like(microbatches[0])
  outputs = []
  for tick in range(num_micro + num_stages - 1):
    feed = microbatches[min(tick, num_micro - 1)]
    x = jnp.where(idx == 0, feed, carry)
    y = stage(x)
    token = jax.lax.psend(y, axis, fwd)
    carry = jax.lax.precv(token, jax.ShapeDtypeStruct(y.shape, y.dtype), axis, fwd)
    if tick >= num_stages - 1:
      outputs.append(y)
  return jnp.stack(outputs)[None]


def build_pipeline(mesh, graphdef, *, axis='stage'):
  num_stages = mesh.shape[axis]

  def run(stage_state, microbatches):
    body = jax.shard_map(
        lambda s, m: _forward_pipeline(graphdef, s, m, axis=axis, num_stages=num_stages),
        mesh=mesh, in_specs=(P(axis), P()), out_specs=P(axis), check_vma=False)
    # only the last stage's outputs are meaningful
    return body(stage_state, microbatches)[-1]

  return jax.jit(run)
