import functools

import jax
import jax.numpy as jnp
from jax import lax
from jax.sharding import PartitionSpec as P
import flax.linen as nn

RING = ("model", "data")  # written in the reverse of the mesh's axis order


class KVRotate(nn.Module):
    dim: int

    @nn.compact
    def __call__(self, kv):
        kv = nn.Dense(self.dim, use_bias=False)(kv)
        n = lax.axis_size(RING)
        perm = [(i, (i + 1) % n) for i in range(n)]
        return lax.ppermute(kv, axis_name=RING, perm=perm)


if __name__ == "__main__":
    mesh = jax.make_mesh((2, 2), ("data", "model"))
    block = KVRotate(dim=16)
    kv = jnp.ones((8, 16))

    with jax.set_mesh(mesh):
        kv = jax.device_put(kv, P(RING, None))
        init = jax.shard_map(lambda k, x: block.init(k, x)["params"],
                             in_specs=(P(), P(RING, None)), out_specs=P())
        params = jax.jit(init)(jax.random.key(0), kv)

        @jax.jit
        @functools.partial(jax.shard_map, in_specs=(P(), P(RING, None)),
                           out_specs=P(RING, None))
        def rotate(params, kv):
            return block.apply({"params": params}, kv)

        print(rotate.trace(params, kv).lower(lowering_platforms=("cuda",)).as_text()[:40])
