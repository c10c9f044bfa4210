import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

from sp import SP, gather_seq


def attn_loss(w, x_local):
  x = gather_seq(x_local, SP)          # full sequence
  scores = jax.nn.softmax(x @ w @ x.T, axis=-1)
  out = scores @ x
  return jax.lax.psum(jnp.sum(out ** 2), SP) / jax.lax.axis_size(SP)


def train_grad(w, x_local):
  return jax.grad(attn_loss)(w, x_local)


if __name__ == '__main__':
  mesh = Mesh(np.array(jax.devices()), (SP,))
  f = jax.jit(jax.shard_map(train_grad, mesh=mesh, in_specs=(P(), P(SP)), out_specs=P()))
  f.trace(jnp.eye(16), jnp.ones((32, 16))).lower(lowering_platforms=('cuda',))
