import jax
import jax.numpy as jnp
import jax.lax as lax
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from model import Head

mesh = Mesh(jax.devices(), ('seq',))
model = Head(16, rngs=nnx.Rngs(0))


def chunk_loss(model, x):
  is_first = lax.axis_index('seq') == 0
  local = nnx.cond(is_first, lambda m, x: m.first_chunk(x), lambda m, x: m.chunk(x), model, x)
  return lax.psum(local, 'seq') / x.size


@nnx.jit
@nnx.shard_map(mesh=mesh, in_specs=(P(), P(None, 'seq')), out_specs=(P(), P()))
def loss_and_grads(model, x):
  loss, grads = nnx.value_and_grad(chunk_loss)(model, x)
  return loss, grads


x = jnp.ones((2, 32, 16))
print(loss_and_grads.trace(model, x).lower(lowering_platforms=('cuda',)).lowered.as_text()[:40])
