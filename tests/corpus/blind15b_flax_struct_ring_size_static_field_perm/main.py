import functools

import jax
import jax.numpy as jnp
import numpy as np
from flax import struct
from jax.sharding import Mesh, PartitionSpec as P


@struct.dataclass
class RingCarry:
  k: jax.Array
  v: jax.Array
  acc: jax.Array
  axis: str = struct.field(pytree_node=False, default='sp')
  ring_size: int = struct.field(pytree_node=False, default=8)

  def rotate(self):
    perm = [(i, (i + 1) % self.ring_size) for i in range(self.ring_size)]
    shift = functools.partial(jax.lax.ppermute, axis_name=self.axis, perm=perm)
    return self.replace(k=shift(self.k), v=shift(self.v))


def ring_attention(q, k, v):
  carry = RingCarry(k=k, v=v, acc=jnp.zeros_like(q))

  def body(carry, _):
    s = q @ carry.k.T / np.sqrt(q.shape[-1])
    out = jax.nn.softmax(s, axis=-1) @ carry.v
    carry = carry.replace(acc=carry.acc + out)
    return carry.rotate(), None

  carry, _ = jax.lax.scan(body, carry, None, length=jax.lax.axis_size('sp'))
  return carry.acc


def main():
  mesh = Mesh(np.array(jax.devices()), ('sp',))
  attn = jax.jit(jax.shard_map(ring_attention, mesh=mesh,
                               in_specs=(P('sp'), P('sp'), P('sp')), out_specs=P('sp')))
  q = k = v = jnp.ones((256, 128))
  attn.trace(q, k, v).lower(lowering_platforms=('tpu',))


if __name__ == '__main__':
  main()
