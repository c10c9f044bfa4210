import equinox as eqx
import jax
import jax.numpy as jnp
from jax.sharding import PartitionSpec as P


class FFN(eqx.Module):
    w1: jax.Array
    w2: jax.Array

    def __init__(self, key, d=64, f=256):
        k1, k2 = jax.random.split(key)
        self.w1 = jax.random.normal(k1, (d, f)) / d ** 0.5
        self.w2 = jax.random.normal(k2, (f, d)) / f ** 0.5

    def __call__(self, x):
        return x + jax.nn.gelu(x @ self.w1) @ self.w2


def make_stack(key, n_layers):
    keys = jax.random.split(key, n_layers)
    return eqx.filter_vmap(FFN)(keys)


def forward(stack, x):
    dynamic, static = eqx.partition(stack, eqx.is_array)

    def body(h, layer_arrays):
        layer = eqx.combine(layer_arrays, static)
        return layer(h), None

    h, _ = jax.lax.scan(body, x, dynamic)
    return h


mesh = jax.make_mesh((2, 2), ("data", "model"))
with jax.set_mesh(mesh):
    stack = make_stack(jax.random.key(0), 4)
    stack = eqx.tree_at(lambda s: (s.w1, s.w2), stack,
                        (jax.device_put(stack.w1, P(None, None, "model")),
                         jax.device_put(stack.w2, P(None, "model", None))))
    x = jax.device_put(jnp.ones((8, 64)), P("data", None))
    print(jax.jit(forward).trace(stack, x).lower(lowering_platforms=("cuda",)).as_text()[:20])
