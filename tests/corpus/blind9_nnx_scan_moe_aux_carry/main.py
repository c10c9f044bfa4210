import jax
import jax.numpy as jnp
import optax
from flax import nnx
from jax.sharding import AxisType, PartitionSpec as P

from blocks import MoEBlock

N_LAYERS = 3
mesh = jax.make_mesh((4,), ('data',), axis_types=(AxisType.Auto,))


class MoEStack(nnx.Module):
  def __init__(self, d, n_experts, *, rngs):
    @nnx.split_rngs(splits=N_LAYERS)
    @nnx.vmap(in_axes=(0,), out_axes=0)
    def create_block(rngs):
      return MoEBlock(d, n_experts, rngs=rngs)

    self.blocks = create_block(rngs)

  def __call__(self, x):
    @nnx.scan(in_axes=(nnx.Carry, 0), out_axes=nnx.Carry)
    def forward(carry, block):
      x, aux = carry
      x, layer_aux = block(x)
      return x, aux + layer_aux

    return forward((x, jnp.zeros((), jnp.float32)), self.blocks)


def loss_fn(model, x, y):
  out, aux = model(x)
  return jnp.mean((out - y) ** 2) + 0.01 * aux


@nnx.jit
def train_step(model, optimizer, x, y):
  @nnx.shard_map(mesh=mesh, in_specs=(P(), P('data'), P('data')), out_specs=(P(), P()))
  def dp_grads(model, x, y):
    loss, grads = nnx.value_and_grad(loss_fn)(model, x, y)
    return jax.lax.pmean(loss, 'data'), jax.lax.pmean(grads, 'data')

  loss, grads = dp_grads(model, x, y)
  optimizer.update(model, grads)
  return loss


if __name__ == '__main__':
  model = MoEStack(16, 4, rngs=nnx.Rngs(0))
  optimizer = nnx.Optimizer(model, optax.adamw(1e-3), wrt=nnx.Param)
  x = jnp.ones((8, 6, 16))
  train_step.trace(model, optimizer, x, x).lower(lowering_platforms=('cuda',))
