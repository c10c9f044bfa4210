"""GPipe-style forward/backward over a 'stage' mesh axis (JAX shard_map pipelining example,
with the stage weights stacked by nnx.vmap)."""
from functools import partial

import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, NamedSharding, PartitionSpec as P

from stages import N_STAGES, create_stages, shift_to_next_stage

N_MICRO = 4
mesh = Mesh(np.array(jax.devices()[:N_STAGES]), ('stage',))


def pipeline(graphdef, stacked_params, microbatches):
  local = jax.tree.map(lambda p: p[0], stacked_params)
  stage = nnx.merge(graphdef, local)
  idx = jax.lax.axis_index('stage')

  def tick(t, carry):
    state, outputs = carry
    inp = microbatches[jnp.minimum(t, N_MICRO - 1)]
    state = jnp.where((idx == 0) & (t < N_MICRO), inp, state)
    state = stage(state)
    out_t = jnp.clip(t - (N_STAGES - 1), 0, N_MICRO - 1)
    done = (idx == N_STAGES - 1) & (t >= N_STAGES - 1)
    outputs = outputs.at[out_t].set(jnp.where(done, state, outputs[out_t]))
    return shift_to_next_stage(state, 'stage'), outputs

  # the carry differs per stage, so mark the zero-initialised buffers as varying over 'stage'
  state = jnp.zeros(microbatches.shape[1:], microbatches.dtype)
  outputs = jnp.zeros_like(microbatches)
  state, outputs = jax.lax.pcast((state, outputs), ('stage',), to='varying')
  _, outputs = jax.lax.fori_loop(0, N_MICRO + N_STAGES - 1, tick, (state, outputs))
  outputs = jnp.where(idx == N_STAGES - 1, outputs, 0.0)
  return jax.lax.psum(outputs, 'stage')


@nnx.jit
def train_step(stages, optimizer, microbatches, targets):
  graphdef, params = nnx.split(stages)

  def loss_fn(params):
    run = jax.shard_map(partial(pipeline, graphdef), mesh=mesh,
                        in_specs=(P('stage'), P()), out_specs=P())
    preds = run(params, microbatches)
    return jnp.mean((preds - targets) ** 2)

  loss, grads = jax.value_and_grad(loss_fn)(params)
  optimizer.update(stages, grads)
  return loss


def main():
  stages = create_stages(nnx.Rngs(0))
  optimizer = nnx.Optimizer(stages, optax.sgd(1e-2), wrt=nnx.Param)
  mb = jax.ShapeDtypeStruct((N_MICRO, 8, 128), jnp.float32, sharding=NamedSharding(mesh, P()))
  train_step.trace(stages, optimizer, mb, mb).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
