import jax
import jax.numpy as jnp
from jax import lax
from flax import nnx
from jax.sharding import PartitionSpec as P

NUM_LAYERS = 4
D = 64


class Block(nnx.Module):
  def __init__(self, d, *, rngs: nnx.Rngs):
    self.linear = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    h = self.linear(x)                       # [b, d / tp]
    h = lax.all_gather(h, 'model', axis=1, tiled=True)
    return x + nnx.relu(h)


@nnx.split_rngs(splits=NUM_LAYERS)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_stack(rngs):
  return Block(D, rngs=rngs)


stack = create_stack(nnx.Rngs(0))
mesh = jax.sharding.Mesh(jax.devices(), ('model',))

spec = nnx.StateSharding({
    lambda path, v: path[-1] == 'kernel': P(None, None, 'model'),
    lambda path, v: path[-1] == 'bias': P(None, 'model'),
})


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(spec, P()), out_specs=P())
def forward(stack, x):
  @nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
  @nnx.remat
  def body(block, x):
    return block(x)
  return body(stack, x)


x = jnp.ones((8, D))
print(forward.trace(stack, x).lower(lowering_platforms=('cuda',)).lowered.as_text()[:40])
