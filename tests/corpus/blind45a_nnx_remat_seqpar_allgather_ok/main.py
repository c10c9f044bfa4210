import numpy as np
import jax
import jax.numpy as jnp
from flax import nnx
from jax.sharding import Mesh, PartitionSpec as P

from parallel import gather_kv, SEQ_AXIS


class Attention(nnx.Module):
  def __init__(self, d, rngs: nnx.Rngs):
    self.q = nnx.Linear(d, d, rngs=rngs)
    self.k = nnx.Linear(d, d, rngs=rngs)
    self.v = nnx.Linear(d, d, rngs=rngs)
    self.o = nnx.Linear(d, d, rngs=rngs)

  def __call__(self, x):
    q, k, v = self.q(x), self.k(x), self.v(x)
    k, v = gather_kv(k, v)
    w = jax.nn.softmax(jnp.einsum('bqd,bkd->bqk', q, k) / np.sqrt(q.shape[-1]))
    return x + self.o(jnp.einsum('bqk,bkd->bqd', w, v))


class Model(nnx.Module):
  def __init__(self, d, rngs: nnx.Rngs):
    self.attn1 = Attention(d, rngs)
    self.attn2 = Attention(d, rngs)

  def __call__(self, x):
    block = nnx.remat(lambda m, h: m(h))
    x = block(self.attn1, x)
    return block(self.attn2, x)


mesh = Mesh(np.array(jax.devices()), (SEQ_AXIS,))
model = Model(32, nnx.Rngs(0))


@nnx.shard_map(mesh=mesh, in_specs=(P(None), P(None, SEQ_AXIS)), out_specs=(P(), P(None)))
def loss_and_grad(model, x):
  def loss_fn(model):
    local = jnp.sum(model(x) ** 2)
    return jax.lax.psum(local, SEQ_AXIS) / x.size
  loss, grads = nnx.value_and_grad(loss_fn)(model)
  grads = jax.lax.psum(grads, SEQ_AXIS)
  return loss, grads


@nnx.jit
def step(model, x):
  return loss_and_grad(model, x)


x = jnp.ones((2, 64, 32))
print(jax.jit(lambda m, x: step(m, x)).trace(model, x).lower(lowering_platforms=('cuda',)).as_text()[:40])
