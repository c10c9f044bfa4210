import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from attention import Block

SEQ = 'sp'
mesh = jax.make_mesh((4,), (SEQ,), axis_types=(AxisType.Auto,))


def loss_fn(model, x, y):
  return jnp.mean((model(x) - y) ** 2)


def sp_grads(model, x, y):
  loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
  return lax_mean(loss), jax.tree.map(lax_mean, grads)


def lax_mean(t):
  return jax.lax.pmean(t, SEQ)


@nnx.jit
def train_step(model, optimizer, x, y):
  grads_fn = nnx.shard_map(sp_grads, mesh=mesh,
                           in_specs=(P(), P(None, SEQ), P(None, SEQ)),
                           out_specs=(P(), P()))
  loss, grads = grads_fn(model, x, y)
  optimizer.update(model, grads)
  return loss


if __name__ == '__main__':
  model = Block(32, 4, seq_axis=SEQ, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3, weight_decay=0.1), wrt=nnx.Param)
  x = jnp.ones((2, 64, 32))
  train_step.trace(model, optimizer, x, x).lower(lowering_platforms=('cuda',))
