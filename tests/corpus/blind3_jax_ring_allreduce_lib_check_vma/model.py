import jax
import jax.numpy as jnp


def init_params(key, d_in=16, d_hidden=8):
    k1, k2 = jax.random.split(key)
    return {
        "w1": jax.random.normal(k1, (d_in, d_hidden)) * 0.1,
        "b1": jnp.zeros((d_hidden,)),
        "w2": jax.random.normal(k2, (d_hidden, 1)) * 0.1,
        "b2": jnp.zeros((4,)),
    }


def loss_fn(params, batch):
    x, y = batch
    h = jnp.tanh(x @ params["w1"] + params["b1"])
    pred = (h @ params["w2"])[:, 0] + params["b2"].mean()
    return jnp.mean((pred - y) ** 2)
