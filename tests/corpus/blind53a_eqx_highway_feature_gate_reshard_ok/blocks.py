import equinox as eqx
import jax
import jax.numpy as jnp
import jax.random as jr


class Highway(eqx.Module):
    w_h: jax.Array
    w_t: jax.Array
    b_t: jax.Array

    def __init__(self, dim, *, key):
        k1, k2 = jr.split(key)
        self.w_h = jr.normal(k1, (dim, dim)) / jnp.sqrt(dim)
        self.w_t = jr.normal(k2, (dim,))
        self.b_t = jnp.full((dim,), -1.0)

    def __call__(self, x):
        h = jax.nn.relu(x @ self.w_h)
        h = jax.sharding.reshard(h, jax.typeof(x).sharding.spec)
        t = jax.nn.sigmoid(x * self.w_t + self.b_t)  # per-feature gate
        return jnp.where(t > 0.5, h, x)


class HighwayStack(eqx.Module):
    layers: list

    def __init__(self, dim, depth, *, key):
        self.layers = [Highway(dim, key=k) for k in jr.split(key, depth)]

    def __call__(self, x):
        for layer in self.layers:
            x = layer(x)
        return x
