import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax.sharding import Mesh, PartitionSpec as P

SP = 'sp'


@jax.custom_vjp
def gather_seq(x):
  return jax.lax.all_gather(x, SP, axis=0, tiled=True)


def _gather_fwd(x):
  return gather_seq(x), None


def _gather_bwd(_, g):
  return (jax.lax.psum_scatter(g, SP, scatter_dimension=0, tiled=True),)


gather_seq.defvjp(_gather_fwd, _gather_bwd)


@functools.partial(jax.checkpoint, policy=jax.checkpoint_policies.nothing_saveable)
def block(x_local, w):
  full = gather_seq(x_local)
  scores = x_local @ full.T / np.sqrt(x_local.shape[-1])
  ctx = jax.nn.softmax(scores, axis=-1) @ full
  return x_local + jnp.tanh(ctx @ w)


def local_loss(ws, x_local):
  def body(h, w):
    return block(h, w), None

  h, _ = jax.lax.scan(body, x_local, ws)
  return jax.lax.psum(jnp.sum(h ** 2), SP)


def main():
  mesh = Mesh(np.array(jax.devices()), (SP,))
  loss = jax.shard_map(local_loss, mesh=mesh, in_specs=(P(), P(SP)), out_specs=P())
  grad_fn = jax.jit(jax.grad(loss))
  ws = jnp.ones((3, 128, 128)) * 0.01
  x = jnp.ones((64, 128))
  grad_fn.trace(ws, x).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
