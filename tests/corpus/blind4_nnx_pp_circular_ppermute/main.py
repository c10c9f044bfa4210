from functools import partial

import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline import PipelineConfig, create_stack, pipelined_forward

cfg = PipelineConfig()
mesh = Mesh(jax.devices(), (cfg.stage_axis,))

stack = create_stack(cfg, dim=16, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(stack, optax.sgd(1e-2), wrt=nnx.Param)

forward = nnx.shard_map(partial(pipelined_forward, cfg=cfg), mesh=mesh,
                        in_specs=(P(cfg.stage_axis), P()), out_specs=P())


@nnx.jit
def train_step(stack, optimizer, microbatches, targets):
  def loss_fn(stack):
    return jnp.mean((forward(stack, microbatches) - targets) ** 2)
  loss, grads = nnx.value_and_grad(loss_fn)(stack)
  optimizer.update(stack, grads)
  return loss


x = jnp.ones((cfg.num_microbatches, 2, 16))
train_step.trace(stack, optimizer, x, x).lower(lowering_platforms=('cuda',))
