import equinox as eqx
import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

SEQ = 'seq'


class Attention(eqx.Module):
  wq: eqx.nn.Linear
  wk: eqx.nn.Linear
  wv: eqx.nn.Linear

  def __init__(self, d, key):
    kq, kk, kv = jax.random.split(key, 3)
    self.wq = eqx.nn.Linear(d, d, use_bias=False, key=kq)
    self.wk = eqx.nn.Linear(d, d, use_bias=False, key=kk)
    self.wv = eqx.nn.Linear(d, d, use_bias=False, key=kv)

  @eqx.filter_checkpoint
  def __call__(self, x):
    q = jax.vmap(self.wq)(x)
    k = jax.lax.all_gather(jax.vmap(self.wk)(x), SEQ, axis=0, tiled=True)
    v = jax.lax.all_gather(jax.vmap(self.wv)(x), SEQ, axis=0, tiled=True)
    w = jax.nn.softmax(q @ k.T / q.shape[-1] ** 0.5, axis=-1)
    return w @ v


def loss(model, x):
  return jax.lax.psum(jnp.sum(model(x) ** 2), SEQ)


def main():
  mesh = Mesh(np.array(jax.devices()), (SEQ,))
  model = Attention(16, jax.random.key(0))
  grad_fn = jax.shard_map(eqx.filter_grad(loss), mesh=mesh,
                          in_specs=(P(), P(SEQ)), out_specs=P())
  jax.jit(grad_fn).trace(model, jnp.ones((64, 16))).lower(lowering_platforms=('cuda',))


if __name__ == '__main__':
  main()
