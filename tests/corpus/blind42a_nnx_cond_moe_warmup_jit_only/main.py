import jax
import jax.numpy as jnp
import optax
from flax import nnx

from model.moe import Block

# single-host smoke test of the MoE block before moving to the expert-parallel mesh
block = Block(32, 4, rngs=nnx.Rngs(0))
optimizer = nnx.Optimizer(block, optax.adam(3e-4), wrt=nnx.Param)


@nnx.jit
def train_step(block, optimizer, x, step):
  def loss_fn(block):
    return jnp.mean(block(x, step >= 100) ** 2)
  loss, grads = nnx.value_and_grad(loss_fn)(block)
  optimizer.update(block, grads)
  return loss


x = jnp.ones((32, 32))
train_step.trace(block, optimizer, x, jnp.int32(0)).lower(lowering_platforms=('cuda',))
print('moe step lowered')
