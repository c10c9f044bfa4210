"""Context-parallel (ring) attention: the sequence is sharded over `seq`, kv blocks rotate
around the ring with ppermute while each device keeps an online-softmax accumulator."""
from functools import partial

import jax
import jax.numpy as jnp
from jax.sharding import NamedSharding, PartitionSpec as P

from ring import ring_attention

mesh = jax.make_mesh((4,), ("seq",))
spec = P(None, "seq", None, None)


@jax.jit
def attention_layer(x, wq, wk, wv):
  q, k, v = (jnp.einsum("bsd,dhk->bshk", x, w) for w in (wq, wk, wv))
  attn = jax.shard_map(partial(ring_attention, axis_name="seq"), mesh=mesh,
                       in_specs=(spec, spec, spec), out_specs=spec)
  return attn(q, k, v)


def main():
  b, s, d, h, hd = 2, 1024, 256, 4, 64
  x = jax.ShapeDtypeStruct((b, s, d), jnp.bfloat16, sharding=NamedSharding(mesh, P(None, "seq", None)))
  w = jax.ShapeDtypeStruct((d, h, hd), jnp.bfloat16, sharding=NamedSharding(mesh, P()))
  attention_layer.trace(x, w, w, w).lower(lowering_platforms=("tpu",))


if __name__ == "__main__":
  main()
