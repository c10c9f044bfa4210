import jax
import jax.numpy as jnp
import numpy as np
import optax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from model.moe import EP_AXIS, Block, ExpertParam

N = len(jax.devices())
WARMUP = 100
mesh = Mesh(np.array(jax.devices()), (EP_AXIS,))
block = Block(32, N, rngs=nnx.Rngs(0))
graphdef, experts, rest = nnx.split(block, ExpertParam, ...)
tx = optax.adam(3e-4)
opt_state = tx.init((experts, rest))


def local_loss(experts, rest, x, step):
  blk = nnx.merge(graphdef, experts, rest)
  y = blk(x, step >= WARMUP)   # dense warm-up, then switch on the experts
  return jnp.mean(y ** 2)


def local_grads(experts, rest, x, step):
  loss, (ge, gr) = jax.value_and_grad(local_loss, argnums=(0, 1))(experts, rest, x, step)
  return jax.lax.pmean(loss, EP_AXIS), ge, gr


local_grads = jax.shard_map(local_grads, mesh=mesh,
                            in_specs=(P(EP_AXIS), P(), P(EP_AXIS), P()),
                            out_specs=(P(), P(EP_AXIS), P()))


@jax.jit
def train_step(experts, rest, opt_state, x, step):
  loss, ge, gr = local_grads(experts, rest, x, step)
  updates, opt_state = tx.update((ge, gr), opt_state)
  experts, rest = optax.apply_updates((experts, rest), updates)
  return loss, experts, rest, opt_state


x = jnp.ones((N * 8, 32))
train_step.trace(experts, rest, opt_state, x, jnp.int32(0)).lower(lowering_platforms=('cuda',))
print('moe step lowered')
