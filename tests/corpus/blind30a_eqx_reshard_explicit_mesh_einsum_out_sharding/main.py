import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import AxisType, PartitionSpec as P, reshard

mesh = jax.make_mesh((2, 2), ("X", "Y"), axis_types=(AxisType.Explicit, AxisType.Explicit))


class TwoLayer(eqx.Module):
    w1: jax.Array
    w2: jax.Array

    def __init__(self, key):
        k1, k2 = jax.random.split(key)
        self.w1 = jax.random.normal(k1, (32, 64)) * 0.05
        self.w2 = jax.random.normal(k2, (64, 8)) * 0.05

    def __call__(self, x):
        x = reshard(x, P("X", None))
        w1 = reshard(self.w1, P(None, "Y"))
        h = jnp.einsum("bd,dh->bh", x, w1, out_sharding=P("X", "Y"))
        print("hidden:", jax.typeof(h))
        h = jax.nn.relu(h)
        return jnp.einsum("bh,ho->bo", h, self.w2, out_sharding=P("X", None))


if __name__ == "__main__":
    jax.set_mesh(mesh)
    model = TwoLayer(jax.random.key(0))
    params, static = eqx.partition(model, eqx.is_array)
    fwd = jax.jit(lambda p, x: eqx.combine(p, static)(x))
    print(fwd.trace(params, jnp.ones((8, 32))).lower(lowering_platforms=("cuda",)).as_text()[:20])
