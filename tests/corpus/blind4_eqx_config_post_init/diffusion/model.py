import equinox as eqx
import jax
import jax.numpy as jnp


class Denoiser(eqx.Module):
    time_embed: eqx.nn.Linear
    mlp: eqx.nn.MLP

    def __init__(self, data_dim, width, *, key):
        k1, k2 = jax.random.split(key)
        self.time_embed = eqx.nn.Linear(1, width, key=k1)
        self.mlp = eqx.nn.MLP(data_dim + width, data_dim, width, depth=3, activation=jax.nn.swish, key=k2)

    def __call__(self, t, y):
        emb = jnp.sin(self.time_embed(jnp.atleast_1d(t)))
        return self.mlp(jnp.concatenate([y, emb]))


def weight(t):
    return 1 - jnp.exp(-t)


def single_loss(model, int_beta, y0, t, key):
    mean = y0 * jnp.exp(-0.5 * int_beta(t))
    var = jnp.maximum(1 - jnp.exp(-int_beta(t)), 1e-5)
    noise = jax.random.normal(key, y0.shape)
    y = mean + jnp.sqrt(var) * noise
    pred = model(t, y)
    return weight(t) * jnp.mean((pred + noise / jnp.sqrt(var)) ** 2)


def batch_loss(model, int_beta, data, t1, key):
    tkey, lkey = jax.random.split(key)
    n = data.shape[0]
    t = jax.random.uniform(tkey, (n,), minval=0, maxval=t1 / n)
    t = t + (t1 / n) * jnp.arange(n)
    keys = jax.random.split(lkey, n)
    return jnp.mean(jax.vmap(single_loss, in_axes=(None, None, 0, 0, 0))(model, int_beta, data, t, keys))
