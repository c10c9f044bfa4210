import equinox as eqx
import jax
import jax.numpy as jnp


class RowParallelLinear(eqx.Module):
    """Batched Linear whose input features are split over the tensor-parallel axis."""

    weight: jax.Array
    bias: jax.Array
    out_sharding: object = eqx.field(static=True, default=None)

    def __init__(self, in_features, out_features, *, key, out_sharding=None):
        lim = 1 / in_features ** 0.5
        self.weight = jax.random.uniform(key, (out_features, in_features), minval=-lim, maxval=lim)
        self.bias = jnp.zeros((out_features,))
        self.out_sharding = out_sharding

    def __call__(self, x):
        return jnp.einsum("bi,oi->bo", x, self.weight, out_sharding=self.out_sharding) + self.bias


class FeedForward(eqx.Module):
    up: eqx.nn.Linear
    down: RowParallelLinear

    def __init__(self, d, f, *, key, out_sharding=None):
        k1, k2 = jax.random.split(key)
        self.up = eqx.nn.Linear(d, f, key=k1)
        self.down = RowParallelLinear(f, d, key=k2, out_sharding=out_sharding)

    def __call__(self, x):
        h = jax.nn.gelu(jax.vmap(self.up)(x))
        return self.down(h)
