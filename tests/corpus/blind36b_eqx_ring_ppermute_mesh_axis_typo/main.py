from functools import partial

import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr
from jax import lax
from jax.sharding import NamedSharding, PartitionSpec as P

mesh = jax.make_mesh((2, 2), ("data", "model"))
TP = mesh.shape["tp"]


class RingRowParallel(eqx.Module):
    weight: jax.Array  # [in, out], rows split over 'model'

    def __init__(self, din, dout, key):
        self.weight = jr.normal(key, (din, dout)) / jnp.sqrt(din)

    def __call__(self, x):
        def body(x_blk, w_blk):
            # reduce-scatter by ring: pass the partial sums around 'model'
            partial_out = x_blk @ w_blk
            chunks = jnp.split(partial_out, TP, axis=-1)
            idx = lax.axis_index("model")
            acc = jnp.zeros_like(chunks[0])
            perm = [(i, (i + 1) % TP) for i in range(TP)]
            for step in range(TP):
                acc = acc + lax.dynamic_index_in_dim(jnp.stack(chunks), (idx - step - 1) % TP, keepdims=False)
                acc = lax.ppermute(acc, "model", perm) if step < TP - 1 else acc
            return acc

        f = jax.shard_map(
            body,
            mesh=mesh,
            in_specs=(P("data", "model"), P("model", None)),
            out_specs=P("data", "model"),
        )
        return f(x, self.weight)


layer = RingRowParallel(64, 32, jr.key(0))
params, static = eqx.partition(layer, eqx.is_array)
params = jax.device_put(params, NamedSharding(mesh, P("model", None)))


@jax.jit
def apply(params, x):
    return eqx.combine(params, static)(x)


x = jax.device_put(jnp.ones((8, 64)), NamedSharding(mesh, P("data", "model")))
print(apply.trace(params, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
