import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from layers import MLPBlock

NUM_LAYERS = 4
D, DFF = 64, 256


@nnx.split_rngs(splits=NUM_LAYERS)
@nnx.vmap(in_axes=(0,), out_axes=0)
def create_stack(rngs):
  return MLPBlock(D, DFF, rngs=rngs)


stack = create_stack(nnx.Rngs(0))
mesh = Mesh(jax.devices(), ('model',))

spec = nnx.StateSharding({
    lambda path, v: path[-2:] == ('up', 'kernel'): P(None, None, 'model'),
    lambda path, v: path[-2:] == ('down', 'kernel'): P(None, 'model', None),
})


@nnx.scan(in_axes=(0, nnx.Carry), out_axes=nnx.Carry)
@nnx.remat
def run_layers(block, x):
  return block(x)


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(spec, P()), out_specs=P())
def forward(stack, x):
  return run_layers(stack, x)


x = jnp.ones((8, D))
print(forward.trace(stack, x).lower(lowering_platforms=('cuda',)).lowered.as_text()[:40])
