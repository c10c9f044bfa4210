import equinox as eqx
import jax
import jax.numpy as jnp
from jax.experimental import pallas as pl
from jax.experimental.pallas import tpu as pltpu
from jax.sharding import AxisType, PartitionSpec as P


def gelu_kernel(x_ref, o_ref):
    x = x_ref[...]
    o_ref[...] = 0.5 * x * (1.0 + jnp.tanh(0.79788456 * (x + 0.044715 * x * x * x)))


def fused_gelu(x):
    return pl.pallas_call(gelu_kernel, out_shape=jax.ShapeDtypeStruct(x.shape, x.dtype))(x)


class FFN(eqx.Module):
    up: eqx.nn.Linear
    down: eqx.nn.Linear

    def __init__(self, d, key):
        k1, k2 = jax.random.split(key)
        self.up = eqx.nn.Linear(d, 4 * d, key=k1)
        self.down = eqx.nn.Linear(4 * d, d, key=k2)

    def __call__(self, x):
        h = jax.vmap(self.up)(x)
        return jax.vmap(self.down)(fused_gelu(h))


mesh = jax.make_mesh((2, 2), ("data", "model"), axis_types=(AxisType.Auto,) * 2)


if __name__ == "__main__":
    model = FFN(128, jax.random.key(0))
    params, static = eqx.partition(model, eqx.is_array)
    x = jnp.ones((16, 128))
    body = lambda p, x: eqx.combine(p, static)(x)
    f = jax.jit(jax.shard_map(body, mesh=mesh, in_specs=(P(), P("data")), out_specs=P("data"),
                              check_vma=False, axis_names={"data"}))
    print(f.trace(params, x).lower(lowering_platforms=("tpu",)).as_text()[:20])
