import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from pipeline.stage import StageBlock

NUM_STAGES = 4
mesh = Mesh(np.array(jax.devices()), ('stage',))


@nnx.vmap(in_axes=0, out_axes=0)
def make_stages(rngs):
  return StageBlock(32, NUM_STAGES, rngs=rngs)


@nnx.shard_map(mesh=mesh, in_specs=(P('stage'), P()), out_specs=P('stage'))
def pipeline(stages, mb):
  stage = jax.tree.map(lambda a: a[0], stages)
  return stage(mb)[None]


@nnx.jit
def train_step(stages, optimizer, microbatches, targets):
  def loss_fn(stages):
    out = pipeline(stages, microbatches)[-1]
    return jnp.mean((out - targets) ** 2)
  loss, grads = nnx.value_and_grad(loss_fn)(stages)
  optimizer.update(stages, grads)
  return loss


stages = make_stages(nnx.Rngs(0).fork(split=NUM_STAGES))
opt = nnx.Optimizer(stages, optax.adamw(1e-4), wrt=nnx.Param)
mb = jnp.ones((6, 8, 32))
lowered = train_step.trace(stages, opt, mb, jnp.zeros_like(mb)).lower(
    lowering_platforms=('cuda',))
print(lowered.as_text()[:30])
